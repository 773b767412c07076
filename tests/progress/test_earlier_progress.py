"""A desktop that ran the app from a clone keeps its progress when the installed app keeps it
elsewhere (Windows: the roaming profile then, the local one now): found, offered, copied."""

from __future__ import annotations

import pytest

from trainer.progress import Store
from trainer.progress.people.accounts import find_person
from trainer.progress.storage.backups import BackupError, adopt_earlier
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.paths import earlier_progress


def _windows(tmp_path):
    return {"APPDATA": str(tmp_path / "Roaming"), "LOCALAPPDATA": str(tmp_path / "Local")}


def _earlier_with_ana(tmp_path):
    earlier = tmp_path / "Roaming" / "croupier-trainer" / "progress.sqlite3"
    earlier.parent.mkdir(parents=True)
    with Store(earlier) as store:
        add_person(store, "Ana Lei")
    return earlier


def test_the_earlier_file_is_found_only_while_the_installed_app_has_none(tmp_path):
    new = tmp_path / "Local" / "croupier-trainer" / "progress.sqlite3"
    assert earlier_progress(new, _windows(tmp_path), "win32") is None  # none kept anywhere
    earlier = _earlier_with_ana(tmp_path)
    assert earlier_progress(new, _windows(tmp_path), "win32") == earlier
    assert earlier_progress(new, _windows(tmp_path), "linux") is None  # same folder there
    new.parent.mkdir(parents=True)
    new.write_bytes(b"")
    assert earlier_progress(new, _windows(tmp_path), "win32") is None


def test_adopting_copies_every_row_and_keeps_the_earlier_file(tmp_path):
    earlier = _earlier_with_ana(tmp_path)
    before = earlier.read_bytes()
    new = tmp_path / "Local" / "croupier-trainer" / "progress.sqlite3"
    adopt_earlier(new, earlier)
    with Store(new) as store:
        assert find_person(store, "Ana Lei").name == "Ana Lei"
    assert earlier.read_bytes() == before
    assert not new.with_name(new.name + ".restoring").exists()


def test_a_damaged_earlier_file_changes_nothing_and_says_so(tmp_path):
    earlier = tmp_path / "old.sqlite3"
    earlier.write_bytes(b"not a database at all" * 300)
    new = tmp_path / "Local" / "progress.sqlite3"
    with pytest.raises(BackupError, match="The earlier progress file .* is damaged"):
        adopt_earlier(new, earlier)
    assert not new.exists()
