"""The installed app offers the progress a clone kept elsewhere, and copies it when asked."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QMessageBox

from trainer.progress import Store
from trainer.progress.people.accounts import find_person
from trainer.progress.storage.ledger import add_person
from ui.earlier_progress import offer_earlier_progress


def _windows_with_earlier(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "Roaming"))
    earlier = tmp_path / "Roaming" / "croupier-trainer" / "progress.sqlite3"
    earlier.parent.mkdir(parents=True)
    with Store(earlier) as store:
        add_person(store, "Ana Lei")
    return earlier


def _answer(monkeypatch, button_text, asked):
    def exec_(box):
        asked.append(box.text())
        chosen = next(b for b in box.buttons() if b.text() == button_text)
        monkeypatch.setattr(QMessageBox, "clickedButton", lambda _box: chosen)
        return 0
    monkeypatch.setattr(QMessageBox, "exec", exec_)


def test_carried_over_when_the_trainee_says_so(qapp, tmp_path, monkeypatch):
    earlier = _windows_with_earlier(tmp_path, monkeypatch)
    new = tmp_path / "Local" / "croupier-trainer" / "progress.sqlite3"
    asked: list[str] = []
    _answer(monkeypatch, "Carry it over", asked)
    assert offer_earlier_progress(new)
    assert str(earlier) in asked[0]
    with Store(new) as store:
        assert find_person(store, "Ana Lei").name == "Ana Lei"
    assert earlier.exists()
    assert not offer_earlier_progress(new)  # once there, never asked again
    assert len(asked) == 1


def test_a_fresh_start_leaves_both_places_as_they_were(qapp, tmp_path, monkeypatch):
    earlier = _windows_with_earlier(tmp_path, monkeypatch)
    new = tmp_path / "Local" / "progress.sqlite3"
    asked: list[str] = []
    _answer(monkeypatch, "Start afresh", asked)
    assert not offer_earlier_progress(new)
    assert asked and not new.exists() and earlier.exists()
