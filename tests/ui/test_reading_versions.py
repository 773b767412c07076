"""Readings are versioned: an old answer says when today's reading grades it otherwise, and
the desk lists what changed from version to version."""

import re

import pytest
from PySide6.QtCore import Qt

import questions
from trainer.progress import Role
from trainer.progress.storage.ledger import record_attempt, stored_attempts
from trainer.rules.house import READINGS
from trainer.rules.readings import CHANGES
from ui.desk.house.reading_changes import ReadingChangesDialog, changes_html

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


def _wrong_answer_recorded_as_right(store, person, monkeypatch, readings):
    question = questions.generate("mahjong_baccarat.payout", 4, 2)
    wrong = question.reference_answer() + 1
    assert not question.grade(wrong).correct
    monkeypatch.setattr("trainer.progress.storage.ledger.READINGS", readings)
    record_attempt(store, person.id, None, question.to_json(), str(wrong), True, 1.0, 6000,
                         answered_at="2099-01-02T10:00:00.000Z")
    monkeypatch.undo()


def _replay_latest(qtbot, desk, name):
    page = desk.trainees
    row = next(r for r in range(page.table.rowCount())
               if page.table.item(r, 0).text() == name)
    page.table.selectRow(row)
    qtbot.mouseClick(page.answers_button, LEFT)
    attempts = desk.attempts
    latest = max(range(attempts.model.rowCount()),
                 key=lambda r: attempts.model.attempts[r].answered_at)
    attempts.table.selectRow(latest)
    attempts.open_selected()
    return attempts.replay.result.text()


@pytest.mark.skipif(READINGS < 2, reason="needs an earlier version")
def test_an_answer_graded_under_an_earlier_reading_says_today_grades_it_otherwise(
        qtbot, desk, store, classroom, monkeypatch):
    ana = next(p for p in classroom if p.role is Role.TRAINEE)
    _wrong_answer_recorded_as_right(store, ana, monkeypatch, READINGS - 1)
    text = _replay_latest(qtbot, desk, ana.name)
    assert text.startswith("✘ Not quite.")
    assert (f"This answer was graded right under an earlier reading of the rules (version "
            f"{READINGS - 1}). Today's reading (version {READINGS}) grades it wrong") in text


def test_an_answer_graded_under_todays_reading_that_grades_otherwise_is_flagged(
        qtbot, desk, store, classroom, monkeypatch):
    ana = next(p for p in classroom if p.role is Role.TRAINEE)
    _wrong_answer_recorded_as_right(store, ana, monkeypatch, READINGS)
    text = _replay_latest(qtbot, desk, ana.name)
    assert "This answer was graded right; the rules core grades it wrong today" in text
    assert "earlier reading" not in text


def test_an_answer_graded_as_today_carries_no_note(qtbot, desk, store, classroom):
    ana = next(p for p in classroom if p.role is Role.TRAINEE)
    question = questions.generate("mahjong_baccarat.payout", 4, 2)
    right = question.reference_answer()
    record_attempt(store, ana.id, None, question.to_json(), str(right), True, 1.0, 6000,
                         answered_at="2099-01-02T10:00:00.000Z")
    assert _replay_latest(qtbot, desk, ana.name) == "✔ Correct."
    assert stored_attempts(store, ana.id)[-1].readings == READINGS


def test_the_desk_lists_every_version_that_changed_a_ruling(qtbot, desk, monkeypatch):
    assert sorted(CHANGES) == list(range(2, READINGS + 1))
    shown: list[str] = []
    monkeypatch.setattr(ReadingChangesDialog, "exec",
                        lambda self: shown.append(self.text.toPlainText()))
    qtbot.mouseClick(desk.house_rules.changes_button, LEFT)
    assert shown and f"Version {READINGS}" in shown[0]
    assert "wân iat sêk" in shown[0]
    assert re.findall(r"<h3>Version (\d+)</h3>", changes_html()) == [
        str(version) for version in range(READINGS, 1, -1)]  # newest first
