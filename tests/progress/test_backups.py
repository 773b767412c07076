"""Rolling backups, damage found at start, and restoring without losing the damaged file."""

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from tests.progress.conftest import question
from trainer.progress import Store, StoreError
from trainer.progress import backups as rolling
from trainer.progress.backups import (
    BACKUPS_KEPT,
    BackupError,
    backups,
    problems,
    restore_backup,
    take_backup,
    take_backup_if_due,
)


def fill(path, answers=3, name="Ana"):
    with Store(path) as store:
        person = store.add_person(name)
        for n in range(answers):
            store.record_attempt(person.id, None, question(seed=n), 1, True, 1.0, 1000)
    return person


def test_a_backup_is_taken_on_opening_when_there_is_something_to_keep(tmp_path):
    path = tmp_path / "p.sqlite3"
    with Store(path):
        pass
    assert backups(path) == []  # nothing answered yet, nothing to back up
    fill(path)
    with Store(path):
        pass
    [first] = backups(path)
    assert first.attempts_mark == 3
    with Store(path):
        pass
    assert backups(path) == [first]  # not again the same day
    copy = sqlite3.connect(first.path)
    assert copy.execute("SELECT count(*) FROM attempts").fetchone()[0] == 3
    copy.close()


def test_a_backup_is_due_after_a_day_or_after_many_answers(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite3"
    fill(path)
    with Store(path, backup=False) as store:
        first = take_backup(store, datetime(2025, 1, 1, tzinfo=UTC))
        assert take_backup_if_due(store, first.taken_at + timedelta(hours=23)) is None
        assert take_backup_if_due(store, first.taken_at + timedelta(hours=25)) is not None
        monkeypatch.setattr(rolling, "BACKUP_EVERY_ATTEMPTS", 2)
        latest = backups(path)[0]
        assert take_backup_if_due(store, latest.taken_at + timedelta(minutes=1)) is None
        for n in range(2):
            store.record_attempt(store.people()[0].id, None, question(seed=100 + n), 1, True,
                                 1.0, 900)
        assert take_backup_if_due(store, latest.taken_at + timedelta(minutes=2)) is not None


def test_only_the_latest_backups_are_kept(tmp_path):
    path = tmp_path / "p.sqlite3"
    fill(path)
    with Store(path, backup=False) as store:
        start = datetime(2025, 1, 1, tzinfo=UTC)
        for day in range(BACKUPS_KEPT + 3):
            take_backup(store, start + timedelta(days=day))
    kept = backups(path)
    assert len(kept) == BACKUPS_KEPT
    assert kept[0].taken_at == start + timedelta(days=BACKUPS_KEPT + 2)
    assert kept == sorted(kept, key=lambda b: b.taken_at, reverse=True)


def corrupt(path):
    """Overwrite pages in the middle of the file, as a failing disk would."""
    with Store(path, backup=False) as store:
        store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    for spot in range(4096 * 2, len(data) - 4096, 4096):
        data[spot + 100: spot + 300] = b"\xa5" * 200
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_corrupt_database_is_found_at_start_and_restored_from_the_latest_backup(tmp_path):
    path = tmp_path / "p.sqlite3"
    ana = fill(path, answers=300)
    with Store(path):
        pass
    [backup] = backups(path)
    damaged = corrupt(path)
    assert problems(path)
    with pytest.raises(StoreError, match="The progress database at .* is damaged") as caught:
        Store(path)
    assert caught.value.damaged and "damaged" in str(caught.value)
    kept = restore_backup(path, backups(path)[0])
    assert kept.read_bytes() == damaged  # the damaged file is set aside, never overwritten
    assert problems(path) == []
    with Store(path) as store:
        assert len(store.attempts(ana.id)) == 300
    assert backups(path)[-1] == backup


def test_a_damaged_backup_is_not_restored(tmp_path):
    path = tmp_path / "p.sqlite3"
    fill(path)
    with Store(path):
        pass
    [backup] = backups(path)
    backup.path.write_bytes(b"not a database" * 100)
    before = path.read_bytes()
    with pytest.raises(BackupError,
                       match=r"is damaged too \(file is not a database\)") as caught:
        restore_backup(path, backup)
    assert "damaged too" in str(caught.value)
    assert path.read_bytes() == before


def test_a_sound_database_has_no_problems(tmp_path):
    path = tmp_path / "p.sqlite3"
    fill(path)
    assert problems(path) == []
    assert problems(tmp_path / "missing.sqlite3")


def test_a_restore_on_a_full_disk_changes_nothing_and_leaves_no_partial_file(tmp_path,
                                                                            monkeypatch):
    from trainer.progress import backups as module

    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        store.add_person("Ana Sousa")
        store.record_attempt(store.people()[0].id, None, {"version": 1, "skill": "x.y",
                                                          "seed": 1, "difficulty": 1},
                             1, True, 1.0, 900)
        backup = take_backup(store)
    before = path.read_bytes()
    real_connect = sqlite3.connect

    class FullDisk:
        def __init__(self, connection):
            self._connection = connection

        def __getattr__(self, name):  # everything else as the real connection does
            return getattr(self._connection, name)

        def backup(self, target):
            raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(module.sqlite3, "connect",
                        lambda *a, **k: FullDisk(real_connect(*a, **k)))
    with pytest.raises(BackupError, match=r"could not be restored \(the disk is full\); "
                                          r"nothing was changed"):
        restore_backup(path, backup)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.restoring"))
