"""How a sync reads the shared tables (:mod:`trainer.progress.school.reading`), real server."""

from __future__ import annotations

import psycopg

from tests.school.school import real, server_rows
from trainer.progress.school.identity import token_of
from trainer.progress.school.reading import SharedReader
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import record_attempt, start_session, stored_attempts


def test_answers_added_to_a_session_already_pulled_come_with_it_read_by_its_key(school_setup):
    """A session still open when it was first synced does not change with its later
    answers: the trainee's desktop, pulling those answers, reads the session by its key
    through her token (as unchanged as it is), and takes the answers whole."""
    desk, desktop = school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    store = desktop.store
    session = start_session(store, ana.id, "practice")
    for seed in range(2):
        record_attempt(store, ana.id, session, *real(seed), 900)
    for _ in range(2):  # to the server and back
        desktop.sync()
        desk.sync()
    desktop.sync()
    for seed in range(2, 4):
        record_attempt(store, ana.id, session, *real(seed), 900)
    desktop.sync()
    desk.sync()
    assert len(server_rows(school_setup.server, "attempts", {ana.id})) == 4
    assert desktop.sync().pulled >= 2
    assert len(stored_attempts(store, ana.id)) == 4


def test_a_row_read_by_its_key_through_a_token_comes_alone(school_setup):
    """Reading by key is not reading what changed: of the trainee's two sessions, both new
    on the server, the one asked for comes, and only it."""
    desk, desktop = school_setup.desk, school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    sessions = []
    for seed in range(2):
        sessions.append(start_session(desktop.store, ana.id, "practice"))
        record_attempt(desktop.store, ana.id, sessions[-1], *real(seed), 900)
    desktop.sync()
    desk.sync()
    token = token_of(connection(desktop.store), ana.id)
    with psycopg.connect(school_setup.server.desktop_url, autocommit=True) as server:
        reader = SharedReader(server, 0, [token], [])
        assert [row["id"] for row in reader.by_keys("sessions", sessions[:1])] == sessions[:1]
        assert reader.by_keys("sessions", ["00000000-0000-4000-8000-000000000000"]) == []
