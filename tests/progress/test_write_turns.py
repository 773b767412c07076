"""Every write waits its turn: a write transaction takes the write lock at its start.

A deferred transaction reads first and upgrades to a write lock later; if another program
committed in between, SQLite refuses the upgrade at once, without the busy wait. Here the
other program commits exactly in that gap (while the store's transaction runs its first
statement), so the test is deterministic: no sleeps, no threads.
"""

from __future__ import annotations

import sqlite3

import pytest

from trainer.progress import Role, Store
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, end_session, start_session, store_setting


def _interloper(path):
    """Another program's connection that never waits: it writes at once or not at all."""
    other = sqlite3.connect(str(path), isolation_level=None, timeout=0)
    other.execute("PRAGMA busy_timeout = 0")
    return other


def _write_in_the_gap(store: Store, other: sqlite3.Connection, outcomes: list[str]):
    """While the store runs its first statement of a transaction, the other program tries
    to write a setting and commit."""
    def traced(statement: str) -> None:
        if outcomes or statement.startswith(("BEGIN", "PRAGMA", "SAVEPOINT", "RELEASE")):
            return
        try:
            other.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('x', 'y')")
            outcomes.append("other wrote")
        except sqlite3.OperationalError as error:
            outcomes.append(f"other waited: {error}")
    connection(store).conn.set_trace_callback(traced)


OPERATIONS = {
    "add_person": lambda store, ana: add_person(store, "Bruno Lei"),
    "set_language": lambda store, ana: store.set_language(ana.id, "pt_MO"),
    "set_setting": lambda store, ana: store_setting(store, "daily_goal", "40"),
    "start_session": lambda store, ana: start_session(store, ana.id, "practice"),
}


@pytest.mark.parametrize("operation", OPERATIONS)
def test_a_write_holds_the_lock_from_its_start_so_it_never_fails_half_way(tmp_path, operation):
    path = tmp_path / "p.sqlite3"
    with Store(path, backup=False) as store:
        ana = add_person(store, "Ana Sousa", Role.TRAINEE)
        other = _interloper(path)
        outcomes: list[str] = []
        _write_in_the_gap(store, other, outcomes)
        OPERATIONS[operation](store, ana)  # no StoreError "busy in another program"
        connection(store).conn.set_trace_callback(None)
        other.close()
    assert len(outcomes) == 1 and outcomes[0].startswith("other waited: database is locked")


def test_ending_a_session_holds_the_lock_from_its_start(tmp_path):
    path = tmp_path / "p.sqlite3"
    with Store(path, backup=False) as store:
        ana = add_person(store, "Ana Sousa", Role.TRAINEE)
        session = start_session(store, ana.id, "practice")
        other = _interloper(path)
        outcomes: list[str] = []
        _write_in_the_gap(store, other, outcomes)
        end_session(store, session)
        connection(store).conn.set_trace_callback(None)
        other.close()
        ended = connection(store).execute("SELECT ended_at FROM sessions WHERE id = ?",
                                 [session]).fetchone()[0]
    assert ended is not None
    assert outcomes and outcomes[0].startswith("other waited: database is locked")
