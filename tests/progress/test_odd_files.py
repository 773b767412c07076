"""Odd database files are damaged ones: never opened as a new empty database, never written."""

from __future__ import annotations

import sqlite3

import pytest

from tests.progress.conftest import damage
from trainer.progress import Role, Store, StoreError
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt


@pytest.fixture
def saved(tmp_path):
    """A real progress database with one trainee, checkpointed (no write-ahead log left)."""
    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        add_person(store, "Ana Sousa", Role.TRAINEE)
        connection(store).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    return path


def test_a_zero_byte_file_is_damaged_not_a_new_database(saved):
    saved.write_bytes(b"")
    with pytest.raises(StoreError, match="is empty: a crash or a full disk cut it short") as caught:
        Store(saved, backup=False)
    assert caught.value.damaged
    assert saved.read_bytes() == b""  # nothing was written into it


def test_a_new_database_still_opens_where_no_file_is(tmp_path):
    path = tmp_path / "new" / "progress.sqlite3"
    with Store(path, backup=False) as store:
        assert store.people() == []


def test_an_unsupported_file_format_is_damaged(saved):
    header = bytearray(saved.read_bytes())
    header[47] = 9  # the schema format number (bytes 44-47) of a future SQLite
    saved.write_bytes(bytes(header))
    with pytest.raises(StoreError, match=r"is damaged \(unsupported file format\)") as caught:
        Store(saved, backup=False)
    assert caught.value.damaged


def test_a_file_that_is_not_a_database_is_damaged(saved):
    saved.write_bytes(b"This is a letter, not a database." * 200)
    with pytest.raises(StoreError, match="is damaged") as caught:
        Store(saved, backup=False)
    assert caught.value.damaged


def test_a_file_failing_the_quick_check_is_damaged_and_said_by_its_first_three_problems(saved):
    """A badly damaged file has hundreds of problems: the message names three, to stay
    readable."""
    with Store(saved, backup=False) as store:
        for name in ("Bruno Chan", "Carla Lei", "Duarte Ho", "Eva Wong"):
            add_person(store, name)
        connection(store).execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw = sqlite3.connect(saved)  # five people without a language, which it now demands
    raw.execute("PRAGMA writable_schema = ON")
    raw.execute("UPDATE sqlite_master SET sql = replace(sql, '\"language\" TEXT', "
                "'\"language\" TEXT NOT NULL') WHERE name = 'people'")
    raw.commit()
    raw.close()
    with pytest.raises(StoreError,
                       match=r"is damaged \(NULL value in people\.language; ") as caught:
        Store(saved, backup=False)
    assert caught.value.damaged
    assert str(caught.value).count("NULL value in people.language") == 3


def test_a_damaged_summary_or_setting_never_stops_an_answer_being_recorded(saved):
    question = {"version": 1, "skill": "three_card.order", "seed": 1, "difficulty": 1}
    with Store(saved, backup=False) as store:
        ana = store.people()[0]
        for _ in range(3):
            record_attempt(store, ana.id, None, question, 1, True, 1.0, 900)
    damage(saved, "UPDATE skill_stats SET recent = '[[1,' WHERE person_id = ?", [ana.id])
    damage(saved, "INSERT OR REPLACE INTO settings (key, value) VALUES ('mastery_targets', "
                 "'{\"default\": ')")
    with Store(saved, backup=False) as store:
        from trainer.progress.learning.summaries import skill_states

        assert skill_states(connection(store), ana.id) == {}  # the damaged summary counts as none
        record_attempt(store, ana.id, None, question, 1, True, 1.0, 900)
        states = skill_states(connection(store), ana.id)
    assert states["three_card.order"].attempts == 4  # made again from every answer
