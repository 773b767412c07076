"""Rolling backups, damage found at start, and restoring without losing the damaged file."""

import errno
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from tests.progress.conftest import question
from trainer.progress import Store, StoreError
from trainer.progress.storage import backups as rolling
from trainer.progress.storage.backups import (
    BACKUPS_KEPT,
    BackupError,
    answer_count,
    backups,
    problems,
    restore_backup,
    set_aside,
    take_backup,
    take_backup_if_due,
    why,
)
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt, stored_attempts


def fill(path, answers=3, name="Ana"):
    with Store(path) as store:
        person = add_person(store, name)
        for n in range(answers):
            record_attempt(store, person.id, None, question(seed=n), 1, True, 1.0, 1000)
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
            record_attempt(store, store.people()[0].id, None, question(seed=100 + n), 1, True,
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
        connection(store).execute("PRAGMA wal_checkpoint(TRUNCATE)")
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
        assert len(stored_attempts(store, ana.id)) == 300
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
    from trainer.progress.storage import backups as module

    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        add_person(store, "Ana Sousa")
        record_attempt(store, store.people()[0].id, None, {"version": 1, "skill": "x.y",
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


def test_a_long_problem_is_quoted_cut_to_two_hundred_characters(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite3"
    fill(path, answers=1)
    monkeypatch.setattr(rolling, "whole_check", lambda db: ["x" * 300])
    with Store(path, backup=False) as store, pytest.raises(
            BackupError, match=r"has a problem \(x{200}\), so no backup was taken") as caught:
        take_backup(store)
    assert "x" * 201 not in str(caught.value)


def test_the_backup_folder_is_made_with_any_folder_missing_above_it(tmp_path):
    path = tmp_path / "p.sqlite3"
    fill(path, answers=1)
    elsewhere = tmp_path / "gone" / "deeper" / "p.sqlite3"
    with Store(path, backup=False) as store:
        store.path = elsewhere  # the folder of the backups follows the path
        taken = take_backup(store)
    assert taken.path.parent == tmp_path / "gone" / "deeper" / "p.sqlite3.backups"
    assert backups(elsewhere) == [taken]


def test_a_backup_is_due_exactly_a_day_after_the_last(tmp_path):
    path = tmp_path / "p.sqlite3"
    fill(path, answers=1)
    with Store(path, backup=False) as store:
        first = take_backup(store, datetime(2025, 1, 1, tzinfo=UTC))
        assert take_backup_if_due(store, first.taken_at + timedelta(days=1)) is not None


def test_file_failures_are_said_in_words_never_in_the_systems_english():
    assert str(why(OSError(errno.ENOSPC, "No space left on device"))) == "the disk is full"
    assert str(why(OSError(errno.EIO, "Input/output error"))) == f"system error {errno.EIO}"
    assert str(why(OSError("no number at all"))) == "system error 0"
    assert str(why(sqlite3.OperationalError("database or disk is full"))) == "the disk is full"
    busy = "the database is busy in another program"
    assert str(why(sqlite3.OperationalError("database is locked"))) == busy
    assert str(why(sqlite3.OperationalError("database table is busy"))) == busy
    assert str(why(sqlite3.DatabaseError("malformed"))) == ("the database could not be read "
                                                            "or written")


def test_a_second_damaged_file_in_the_same_second_is_kept_under_the_next_number(tmp_path,
                                                                               monkeypatch):
    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)

    monkeypatch.setattr(rolling, "datetime", Frozen)
    path = tmp_path / "p.sqlite3"
    kept = []
    for content in (b"first", b"second", b"third"):
        path.write_bytes(content)
        kept.append(set_aside(path))
    assert [k.name for k in kept] == ["p.sqlite3.damaged-20250102-030405",
                                      "p.sqlite3.damaged-20250102-030405-2",
                                      "p.sqlite3.damaged-20250102-030405-3"]
    assert [k.read_bytes() for k in kept] == [b"first", b"second", b"third"]


def test_a_backup_that_cannot_be_opened_for_copying_changes_nothing(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite3"
    fill(path, answers=1)
    with Store(path, backup=False) as store:
        backup = take_backup(store)
    before = path.read_bytes()
    real_connect = sqlite3.connect
    opened = []

    def connect(name, *args, **kwargs):
        opened.append(name)
        if len(opened) > 1:  # the check reads the backup; then it cannot be opened to copy
            raise sqlite3.OperationalError("unable to open database file")
        return real_connect(name, *args, **kwargs)

    monkeypatch.setattr(rolling.sqlite3, "connect", connect)
    with pytest.raises(BackupError, match=r"could not be restored \(the database could not be "
                                          r"read or written\); nothing was changed"):
        restore_backup(path, backup)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.restoring"))


@pytest.fixture
def literal_names(monkeypatch):
    """SQLite as some builds have it (Windows' own, for one): a ``file:`` name is read as a
    URI only when the connection asks for it, else as a plain file name."""
    real_connect = sqlite3.connect

    def connect(name, *args, uri=False, **kwargs):
        if str(name).startswith("file:") and not uri:
            name = f"./{name}"  # the literal name SQLite would open
        return real_connect(name, *args, uri=uri, **kwargs)

    monkeypatch.setattr(rolling.sqlite3, "connect", connect)


def test_backups_are_read_through_read_only_uris_on_every_sqlite_build(tmp_path, monkeypatch,
                                                                       literal_names):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "p.sqlite3"
    fill(path, answers=2)
    with Store(path, backup=False) as store:
        backup = take_backup(store)
    assert problems(path) == []
    assert answer_count(backup) == 2
    assert restore_backup(path, backup).exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("file:")) == []


def test_files_another_program_removed_meanwhile_are_no_error(tmp_path, monkeypatch):
    path = tmp_path / "p.sqlite3"
    fill(path, answers=1)
    real_backups = rolling.backups

    def listed_then_removed(db_path):
        found = real_backups(db_path)
        for old in found[BACKUPS_KEPT:]:
            old.path.unlink()  # another desktop pruned them between the listing and us
        return found

    with Store(path, backup=False) as store:
        start = datetime(2025, 1, 1, tzinfo=UTC)
        for day in range(BACKUPS_KEPT):
            take_backup(store, start + timedelta(days=day))
        monkeypatch.setattr(rolling, "backups", listed_then_removed)
        take_backup(store, start + timedelta(days=BACKUPS_KEPT))
        monkeypatch.undo()
        assert len(backups(path)) == BACKUPS_KEPT

        class Racing(type(tmp_path)):
            def glob(self, pattern):
                yield from super().glob(pattern)
                if pattern == "*.partial":
                    yield self / "already-cleared.partial"  # cleared by another program

        folder = rolling.backup_dir(path)
        (folder / "cut-short.partial").write_bytes(b"half")
        monkeypatch.setattr(rolling, "backup_dir", lambda db_path: Racing(folder))
        assert take_backup_if_due(store, start + timedelta(days=BACKUPS_KEPT, hours=1)) is None
    assert not list(folder.glob("*.partial"))
