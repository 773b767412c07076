"""A sitting's rows reach the server only with a secret of that sitting (schema 13), kept in
the desktop's memory, never in its file: given at registration, given again when its
trainee types their PIN where the sitting waits."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest
from psycopg.types.json import Jsonb

from tests.progress.test_exams import sit
from tests.school import test_identity
from tests.school.school import PIN, Desktop, server_rows
from trainer.progress.exams.sittings import exams, submit_sitting
from trainer.progress.people.accounts import signed_in_by_server
from trainer.progress.school.identity import sign_in_at_school, sitting_key, token_of
from trainer.progress.school.outbox import read_outgoing
from trainer.progress.school.server.functions import SECRETS_KEPT
from trainer.progress.school.sitting_secrets import (
    hold_unkept,
    keep,
    kept,
    resumable,
    resume_sittings,
    sittings_of,
)
from trainer.progress.school.status import sittings_waiting_for_a_pin
from trainer.progress.school.sync import SECRET_NOT_TAKEN
from trainer.progress.storage.database import connection as store_db
from trainer.progress.storage.database import reading
from trainer.progress.storage.store import Store

#: Ana and Eve signed in on their desktops, an exam asking for the PIN.
classroom = test_identity.classroom


def _sat(desktop: Desktop, person_id: str):
    """Ana starts the exam with her PIN here, answers every item right and submits."""
    actor = signed_in_by_server(desktop.store, person_id)
    sitting, at = sit(desktop.store, actor, exams(desktop.store)[0], lambda index: True,
                      register=desktop.registrar())
    submit_sitting(desktop.store, actor, sitting.id, at)
    return sitting


def _restarted(school_setup, desktop: Desktop, name: str) -> Desktop:
    """The same desktop's file opened by a new process (what it kept in memory gone)."""
    copied = school_setup.folder / name / "progress.sqlite3"
    copied.parent.mkdir()
    with sqlite3.connect(copied) as target:
        store_db(desktop.store).conn.backup(target)
    return Desktop(school_setup.stack.enter_context(Store(copied, backup=False)), desktop.url)


def _waiting(desktop: Desktop) -> set[str]:
    with reading(desktop.store) as db:
        return sittings_of(read_outgoing(db, trusted=False).tables)


def test_a_sitting_with_its_secret_arrives(school_setup, classroom):
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    sitting = _sat(ana_desktop, ana.id)
    assert set(kept(ana_desktop.store)) == {sitting.id}
    ana_desktop.sync()
    assert _waiting(ana_desktop) == set()
    school_setup.desk.sync()
    assert {row[0] for row in server_rows(school_setup.server, "results", {ana.id})} \
        == {sitting.id}


def test_a_sitting_cut_off_waits_for_its_trainees_pin_then_arrives(school_setup, classroom):
    """The desktop stops after Ana submitted and before it sent: started again, it holds
    the sitting's rows back (its secret went with the process) until Ana types her PIN
    there; the sign-in gives the sitting a new secret, and the next sync sends it."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    sitting = _sat(ana_desktop, ana.id)
    again = _restarted(school_setup, ana_desktop, "restarted")
    assert kept(again.store) == {}
    assert resumable(store_db(again.store), ana.id) == [sitting.id]
    again.sync()
    assert _waiting(again) == {sitting.id}
    assert sittings_waiting_for_a_pin(again.store) == 1  # the status bar says so
    assert server_rows(school_setup.server, "sittings", {ana.id}) == set()
    sign_in_at_school(again.store, again.url, ana.id, PIN)
    assert set(kept(again.store)) == {sitting.id}
    assert sittings_waiting_for_a_pin(again.store) == 0
    again.sync()
    assert _waiting(again) == set() and resumable(store_db(again.store), ana.id) == []
    school_setup.desk.sync()
    assert {row[0] for row in server_rows(school_setup.server, "results", {ana.id})} \
        == {sitting.id}


def test_another_trainees_secret_or_pin_resumes_nothing(school_setup, classroom):
    """Eve, with a copy of the shared desktop's file, signs in there with her own PIN (her
    sign-in resumes her own sittings only) and sends Ana's sitting with a secret of her own
    sitting: refused."""
    _made, ana, ana_desktop, eve, eve_desktop = classroom
    sitting = _sat(ana_desktop, ana.id)
    copy = _restarted(school_setup, ana_desktop, "copied")
    mine = _sat(eve_desktop, eve.id)
    assert set(kept(eve_desktop.store)) == {mine.id}
    copy.sync()  # Eve on Ana's list there
    sign_in_at_school(copy.store, copy.url, eve.id, PIN)
    assert kept(copy.store) == {}
    with reading(copy.store) as db:
        rows = read_outgoing(db, trusted=False).tables
    with psycopg.connect(copy.url, autocommit=True) as connection:
        for token in (token_of(store_db(copy.store), ana.id), token_of(store_db(copy.store),
                eve.id)):
            with pytest.raises(psycopg.DatabaseError, match="only with a secret") as refused:
                connection.execute("SELECT push_batch(%s, %s, %s)", [
                    token, Jsonb(rows), list(kept(eve_desktop.store).values())])
            assert refused.value.sqlstate == SECRET_NOT_TAKEN
    assert _waiting(copy) == {sitting.id}


def test_a_sitting_never_registered_is_not_resumed_nor_registered(school_setup, classroom):
    """``resume_sitting`` gives a secret only for a registration the server has: a key
    never makes a registration through it."""
    made, ana, ana_desktop, _eve, _eve_desktop = classroom
    key = sitting_key(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    with psycopg.connect(ana_desktop.url, autocommit=True) as connection:
        told = connection.execute("SELECT resume_sitting(%s, %s, %s)", [
            token_of(store_db(ana_desktop.store), ana.id), "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4eff",
            key]).fetchone()[0]
    assert told is None
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM exam_registrations").fetchone() == (0,)
    assert made.id


def test_a_resume_needs_a_key_of_its_trainee_still_good(school_setup, classroom):
    _made, ana, ana_desktop, eve, eve_desktop = classroom
    sitting = _sat(ana_desktop, ana.id)
    token = token_of(store_db(ana_desktop.store), ana.id)
    good = sitting_key(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    eves = sitting_key(eve_desktop.store, eve_desktop.url, eve.id, PIN)
    with psycopg.connect(ana_desktop.url, autocommit=True) as connection:
        def resume(key):
            return connection.execute("SELECT resume_sitting(%s, %s, %s)",
                                      [token, sitting.id, key]).fetchone()[0]
        assert resume(None) is None and resume(eves) is None and resume("x" * 43) is None
        assert len(resume(good)) == 64  # the same key resumes again while it is good
        assert resume(good) is not None
        with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
            admin.execute("UPDATE sitting_keys SET made_at = now() - interval '5 minutes 1 "
                          "second'")
        assert resume(good) is None


def test_a_sitting_takes_its_newest_secrets_only(school_setup, classroom):
    """Each desktop where Ana typed her PIN for the sitting has a secret of it; past
    :data:`SECRETS_KEPT` the oldest ends."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    sitting = _sat(ana_desktop, ana.id)
    token = token_of(store_db(ana_desktop.store), ana.id)
    key = sitting_key(ana_desktop.store, ana_desktop.url, ana.id, PIN)  # resumes it here
    first = kept(ana_desktop.store)[sitting.id]
    with reading(ana_desktop.store) as db:
        rows = read_outgoing(db, trusted=False).tables
    with psycopg.connect(ana_desktop.url, autocommit=True) as connection:
        given = [connection.execute("SELECT resume_sitting(%s, %s, %s)",
                                    [token, sitting.id, key]).fetchone()[0]
                 for _ in range(SECRETS_KEPT - 1)]

        def taken(secret: str) -> bool:
            try:
                with connection.transaction():
                    connection.execute("SELECT push_batch(%s, %s, %s)",
                                       [token, Jsonb(rows), [secret]])
                    raise psycopg.Rollback()
            except psycopg.DatabaseError as error:
                assert error.sqlstate == SECRET_NOT_TAKEN
                return False
            return True

        assert taken(first) and all(taken(secret) for secret in given)
        connection.execute("SELECT resume_sitting(%s, %s, %s)", [token, sitting.id, key])
        assert not taken(first) and all(taken(secret) for secret in given)


def test_a_secret_the_server_no_longer_takes_is_forgotten_and_the_rows_wait(school_setup,
                                                                          classroom):
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    sitting = _sat(ana_desktop, ana.id)
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("DELETE FROM sitting_secrets")
    ana_desktop.sync()
    assert kept(ana_desktop.store) == {} and _waiting(ana_desktop) == {sitting.id}
    sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    ana_desktop.sync()
    assert _waiting(ana_desktop) == set()


def test_only_the_rows_of_sittings_without_a_secret_are_held():
    rows = {"sessions": [{"id": "s1"}],
            "sittings": [{"id": "a"}, {"id": "b"}],
            "attempts": [{"id": "p", "sitting_id": None}, {"id": "x", "sitting_id": "a"},
                         {"id": "y", "sitting_id": "b"}],
            "results": [{"sitting_id": "b"}]}
    held: dict = {"attempts": [{"id": "before"}]}
    sent = hold_unkept(rows, {"a": "secret"}, held)
    assert sent == {"sessions": [{"id": "s1"}], "sittings": [{"id": "a"}],
                    "attempts": [{"id": "p", "sitting_id": None},
                                 {"id": "x", "sitting_id": "a"}]}
    assert held == {"attempts": [{"id": "before"}, {"id": "y", "sitting_id": "b"}],
                    "sittings": [{"id": "b"}], "results": [{"sitting_id": "b"}]}
    assert sittings_of(rows) == {"a", "b"}
    assert hold_unkept(rows, {"a": "1", "b": "2"}, held) is rows


def test_secrets_are_kept_per_store_in_memory(tmp_path):
    with Store(tmp_path / "one.sqlite3", backup=False) as one, \
            Store(tmp_path / "two.sqlite3", backup=False) as two:
        keep(one, "a", "secret")
        keep(one, "b", None)
        assert kept(one) == {"a": "secret"} and kept(two) == {}
        assert b"secret" not in (tmp_path / "one.sqlite3").read_bytes()


def test_a_server_gone_during_the_resume_leaves_the_sign_in_standing(school_setup, classroom):
    """Resuming needs the server the sign-in just reached; gone meanwhile, the sitting's
    rows simply wait for the next sign-in (nothing raised, nothing kept)."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    sitting = _sat(ana_desktop, ana.id)
    again = _restarted(school_setup, ana_desktop, "restarted")
    resume_sittings(again.store, "postgresql://nobody@127.0.0.1:1/none",
                    ana.id, token_of(store_db(again.store), ana.id), "key")
    assert kept(again.store) == {} and resumable(store_db(again.store), ana.id) == [sitting.id]
