"""Round four of attacks on who is who at a school, as a trainee who wants a classmate's pass
would make them: the password of one desktop's server login (any desktop's, shared ones
included), full control of one desktop (its SQLite file, its code, psql), and a seat at a
shared desktop after a classmate used it. Aimed at what schema 12 added (a login per
desktop, members of the desktops' group), at what schema 13 added (a sitting's rows only
with a secret of that sitting) and at a trainee's bundle at a school with a server. Each
test names the attack; a hole not yet closed is marked ``xfail(strict=True)`` with the fix
it needs."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest

from tests.progress.test_exams import sit
from tests.school import test_identity
from tests.school.school import PASSWORD, PIN, Desktop, server_rows
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import BundleSource
from trainer.progress.exams.sittings import exam_results, exams, start_sitting, submit_sitting
from trainer.progress.people.accounts import sign_in, signed_in_by_server
from trainer.progress.school.identity import sign_in_at_school
from trainer.progress.school.registrations import ServerRegistrations
from trainer.progress.store import Role, Store

#: Ana and Eve (the attacker) signed in on their desktops, an exam asking for the PIN.
classroom = test_identity.classroom


def _copied(school_setup, desktop: Desktop, name: str) -> Store:
    """A copy of a desktop's file, opened by Eve's own process (what it kept in memory,
    sitting secrets included, not in it)."""
    copied = school_setup.folder / name / "progress.sqlite3"
    copied.parent.mkdir()
    with sqlite3.connect(copied) as target:
        desktop.store.db.conn.backup(target)
    return school_setup.stack.enter_context(Store(copied, backup=False))


def _teacher(school_setup):
    store = school_setup.desk.store
    return sign_in(store, store.people(Role.INSTRUCTOR)[0].id, PASSWORD)


# A trainee's bundle ------------------------------------------------------------------------

def test_a_bundle_finishing_a_sitting_open_on_the_desk_waits_for_a_confirmation(
        school_setup, classroom, tmp_path):
    """Attack: Ana starts the exam at a shared desktop (her PIN typed, registered) and the
    desktop syncs her open sitting — with its secret — before it is switched off: the desk
    holds the sitting, open, counted as every sitting that came through the server. Eve
    copies the desktop's file, answers every question of Ana's sitting right, submits,
    exports Ana's bundle from the copy and hands it in as Ana's. The sitting is not new on
    the desk, so the import asked the server nothing and noted nothing unconfirmed: the
    answers, the submission and the pass came in counted at once. A sitting a trainee's
    bundle hands in must wait for an instructor's confirmation, new here or not."""
    made, ana, ana_desktop, _eve, _eve_desktop = classroom
    actor = sign_in_at_school(ana_desktop.store, ana_desktop.url, ana.id, PIN)
    started = start_sitting(ana_desktop.store, actor, made.id,
                            register=ana_desktop.registrar())
    ana_desktop.sync()
    desk = school_setup.desk
    desk.sync()
    assert desk.store.db.execute("SELECT submitted_at FROM exam_sittings WHERE id = ?",
                                 [started.id]).fetchone() == (None,)
    store = _copied(school_setup, ana_desktop, "copied")
    faked = signed_in_by_server(store, ana.id)
    sitting, at = sit(store, faked, exams(store)[0], lambda index: True)
    assert sitting.id == started.id
    submit_sitting(store, faked, sitting.id, at)
    path = export_bundle(store, faked, tmp_path / "ana.zip", ana.id).path
    teacher = _teacher(school_setup)
    summary = import_bundle(desk.store, teacher, path, source=BundleSource.of_trainee(
        ana.id, ServerRegistrations(desk.url, desk.login, PASSWORD)))
    assert summary.unconfirmed == 1
    assert exam_results(desk.store, teacher, person_id=ana.id) == []
    [waiting] = exam_results(desk.store, teacher, person_id=ana.id, unconfirmed=True)
    assert waiting.sitting_id == started.id
    desk.sync()
    assert server_rows(school_setup.server, "results", {ana.id}) == set()
