"""What a school's IT reads in the log after syncs with a real server: each sync, from
which side, with what it moved; the batches refused; never the desktop's password, an
instructor's password or a trainee's PIN."""

from __future__ import annotations

import psycopg

from tests.school import test_identity
from tests.school.school import PASSWORD, PIN, answer, put_in_inbox
from trainer.progress.logbook import start_log, stop_log
from trainer.progress.school.identity import sign_in_at_school
from trainer.progress.school.outbox import read_outgoing
from trainer.progress.storage.database import reading

classroom = test_identity.classroom


def test_each_sync_is_logged_on_its_side_and_no_secret_is(school_setup, classroom):
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    desk = school_setup.desk
    secret = psycopg.conninfo.conninfo_to_dict(ana_desktop.url)["password"]
    try:
        on_desktop = start_log(ana_desktop.store.path)
        actor = sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
        answer(ana_desktop.store, actor.person.id, 3)
        pushed = ana_desktop.sync()
        on_desk = start_log(desk.store.path)
        merged = desk.sync()
    finally:
        stop_log()
    desktop_log = on_desktop.read_text(encoding="utf-8")
    desk_log = on_desk.read_text(encoding="utf-8")
    assert pushed.pushed > 0 and merged.merged > 0
    assert f"sync (a desktop) with {ana_desktop.url.rpartition('@')[2]}: {pushed.line()}" \
        in desktop_log
    assert f"sync (the desk of {desk.login}) with" in desk_log and merged.line() in desk_log
    for written in (desktop_log, desk_log):
        assert secret not in written and PASSWORD not in written
        assert f"PIN {PIN}" not in written and f"'{PIN}'" not in written


def test_a_batch_refused_is_logged_with_its_reason(school_setup, classroom):
    """Eve's batch holding Ana's rows (put in the inbox past the server's own checks) is
    refused whole by the desk: the log names the batch, who pushed it and why."""
    _made, ana, ana_desktop, eve, _eve_desktop = classroom
    actor = sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    answer(ana_desktop.store, actor.person.id, 2)
    with reading(ana_desktop.store) as db:
        batch = read_outgoing(db, trusted=False).tables
    put_in_inbox(school_setup, batch, eve.id)
    try:
        on_desk = start_log(school_setup.desk.store.path)
        done = school_setup.desk.sync()
    finally:
        stop_log()
    assert done.refused == 1
    written = on_desk.read_text(encoding="utf-8")
    assert "INFO trainer.progress.school.sync: batch " in written
    assert "refused: This batch, sent for Eve Chan, holds rows of someone else." in written
