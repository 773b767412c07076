"""A trainee's bundle imported at a school with a server: each exam sitting new on the desk
must be the one the server registered for that trainee — same sitting, exam, trainee, start
(to the millisecond the store stamps) and seed — and then waits for an instructor's
confirmation (a bundle carries no secret of the sitting, which the server asks its rows
for); anything else refuses the whole bundle (real server; trainer/progress/bundles/source.py)."""

from __future__ import annotations

import re
from decimal import Decimal

import psycopg
import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from tests.progress.conftest import dump
from tests.progress.test_exams import PARTS, sit
from tests.school import test_identity
from tests.school.school import PASSWORD, PIN, answer, server_rows
from tests.school.test_desk_sign_ins import desk_window, sync_as_instructor
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import ImportSummary, import_bundle
from trainer.progress.bundles.source import BundleSource
from trainer.progress.command_line import PASSWORD_ENV, SERVER_PASSWORD_ENV, main
from trainer.progress.exams.confirmations import confirm_sitting
from trainer.progress.exams.registrations import ReadRegistrations
from trainer.progress.exams.sittings import create_exam, exam_results, exams, submit_sitting
from trainer.progress.people.accounts import Actor, find_person, sign_in, signed_in_by_server
from trainer.progress.school.identity import sign_in_at_school
from trainer.progress.school.registrations import ServerRegistrations
from trainer.progress.school.status import SERVER_ENV, set_server_url
from trainer.progress.storage.store import Role
from ui.desk.reports import exports

#: An exam asking for the PIN; Ana and Eve signed in on their desktops.
classroom = test_identity.classroom
#: The desk's window, signed in to the server as an instructor.
desk_window = desk_window

NOT_REGISTERED = ("This bundle holds an exam sitting by Ana Lei that was not registered on "
                  "the school server for them when it started. Nothing was imported.")
UNREACHABLE = ("This bundle holds exam sittings, which the school server must check, and it "
               "cannot be reached now. Nothing was imported: import the bundle again when the "
               "server answers.")
NOWHERE = "postgresql://nobody@127.0.0.1:1/none"


@pytest.fixture
def sat_at_school(school_setup, classroom, tmp_path):
    """Ana sits the exam on her desktop for real (signed in with her PIN, registered on the
    server), then exports her bundle there: her id, her sitting's id, the bundle."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    store = ana_desktop.store
    actor = sign_in_at_school(store, ana_desktop.url, ana.id, PIN)
    sitting, at = sit(store, actor, exams(store)[0], lambda index: True,
                      register=ana_desktop.registrar())
    submit_sitting(store, actor, sitting.id, at)
    return ana.id, sitting.id, export_bundle(store, actor, tmp_path / "ana.zip", ana.id).path


def _teacher(school_setup) -> Actor:
    store = school_setup.desk.store
    return sign_in(store, store.people(Role.INSTRUCTOR)[0].id, PASSWORD)


def _import(school_setup, path, person_id: str,
            registrations: ReadRegistrations | None = None,
            teacher: Actor | None = None) -> ImportSummary:
    """Import ``path`` on the desk as ``person_id``'s, the server's registrations read with
    the desk instructor's login (or by ``registrations``)."""
    desk = school_setup.desk
    registrations = registrations or ServerRegistrations(desk.url, desk.login, PASSWORD)
    return import_bundle(desk.store, teacher or _teacher(school_setup), path,
                         source=BundleSource.of_trainee(person_id, registrations))


def _refused(school_setup, path, person_id: str, says: str,
             registrations: ReadRegistrations | None = None) -> None:
    """Refused whole, saying ``says``; the desk's database untouched."""
    teacher = _teacher(school_setup)
    before = dump(school_setup.desk.store.path)
    with pytest.raises(BundleError, match=f"^{re.escape(says)}$"):
        _import(school_setup, path, person_id, registrations, teacher)
    assert dump(school_setup.desk.store.path) == before


def _registration(school_setup, sitting_id: str, change: str, *values: object) -> None:
    """Change the server's registration of the sitting as its owner could (``change``: an
    SQL assignment)."""
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        assert admin.execute(f"UPDATE exam_registrations SET {change} WHERE sitting_id = %s",
                             [*values, sitting_id]).rowcount == 1


def test_a_sitting_registered_for_the_trainee_counts_once_confirmed(school_setup,
                                                                    sat_at_school):
    """Whoever copied the trainee's file could have finished a registered sitting: from a
    bundle, it counts once an instructor confirms it (then goes to the server)."""
    ana, sitting, path = sat_at_school
    summary = _import(school_setup, path, ana)
    assert summary.unconfirmed == 1 and "trainee desktop" in str(summary.message)
    teacher, desk = _teacher(school_setup), school_setup.desk
    assert exam_results(desk.store, teacher, person_id=ana) == []
    [waiting] = exam_results(desk.store, teacher, person_id=ana, unconfirmed=True)
    assert waiting.sitting_id == sitting
    desk.sync()
    assert server_rows(school_setup.server, "results", {ana}) == set()
    confirm_sitting(desk.store, teacher, sitting)
    [counted] = exam_results(desk.store, teacher, person_id=ana)
    assert counted.sitting_id == sitting
    desk.sync()  # confirmed: it goes to the server with the desk's next sync
    assert len(server_rows(school_setup.server, "results", {ana})) == 1


@pytest.mark.parametrize("change", [
    "started_at = date_trunc('milliseconds', started_at)",
    "started_at = date_trunc('milliseconds', started_at) + interval '999 microseconds'",
])
def test_the_start_is_compared_to_the_millisecond_the_store_keeps(school_setup, sat_at_school,
                                                                  change):
    ana, sitting, path = sat_at_school
    _registration(school_setup, sitting, change)
    assert _import(school_setup, path, ana).unconfirmed == 1


@pytest.mark.parametrize("change", [
    "started_at = date_trunc('milliseconds', started_at) + interval '1 millisecond'",
    "started_at = date_trunc('milliseconds', started_at) - interval '1 microsecond'",
    "seed = seed + 1",
    "seed = seed - 1",
    "seed = NULL",
])
def test_a_sitting_that_differs_from_its_registration_refuses_the_bundle(
        school_setup, sat_at_school, change):
    ana, sitting, path = sat_at_school
    _registration(school_setup, sitting, change)
    _refused(school_setup, path, ana, NOT_REGISTERED)


def test_a_sitting_registered_for_another_trainee_refuses_the_bundle(school_setup, classroom,
                                                                      sat_at_school):
    _made, _ana, _ana_desktop, eve, _eve_desktop = classroom
    ana, sitting, path = sat_at_school
    _registration(school_setup, sitting, "person_id = %s", eve.id)
    _refused(school_setup, path, ana, NOT_REGISTERED)


def test_a_sitting_registered_for_another_exam_refuses_the_bundle(school_setup, sat_at_school):
    ana, sitting, path = sat_at_school
    desk = school_setup.desk
    other = create_exam(desk.store, _teacher(school_setup), "Week 5 check", PARTS, seed=7,
                        time_limit_s=600, pass_percent=Decimal(60), same_questions=True)
    desk.sync()
    _registration(school_setup, sitting, "exam_id = %s", other.id)
    _refused(school_setup, path, ana, NOT_REGISTERED)


def test_a_sitting_the_server_never_registered_refuses_the_bundle(school_setup, sat_at_school):
    ana, sitting, path = sat_at_school
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("DELETE FROM exam_registrations WHERE sitting_id = %s", [sitting])
    _refused(school_setup, path, ana, NOT_REGISTERED)


def test_an_unreachable_server_refuses_the_bundle_until_it_answers(school_setup,
                                                                   sat_at_school):
    ana, _sitting, path = sat_at_school
    _refused(school_setup, path, ana, UNREACHABLE, ServerRegistrations(NOWHERE))
    assert _import(school_setup, path, ana).unconfirmed == 1  # the file stays: again, later


def test_only_an_instructors_login_reads_the_registrations(school_setup, sat_at_school):
    ana, _sitting, path = sat_at_school
    _refused(school_setup, path, ana, (
        "This bundle holds exam sittings, which the school server's registrations must "
        "prove, and only an instructor's login there may read them. Sign in to the school "
        "server as an instructor, then import the bundle again. Nothing was imported."),
        ServerRegistrations(school_setup.server.desktop_url))


def test_the_instructors_password_for_the_registrations_is_never_shown():
    """The reader travels with the import to its thread, and may end up in a log or a
    traceback: its password stays out of what it prints."""
    reader = ServerRegistrations("postgresql://school/trainer", "ines", "s3cret-pass")
    assert "s3cret-pass" not in repr(reader) and "ines" in repr(reader)


def test_a_sitting_already_on_the_desk_is_not_asked_about_again(school_setup, classroom,
                                                                sat_at_school):
    """Here it came through the server first: the bundle brings nothing new to check."""
    _made, ana, ana_desktop, _eve, _eve_desktop = classroom
    _ana, _sitting, path = sat_at_school
    ana_desktop.sync()
    school_setup.desk.sync()
    summary = _import(school_setup, path, ana.id, ServerRegistrations(NOWHERE))
    assert summary.count("sittings") == summary.unconfirmed == 0


def test_a_bundle_of_practice_only_imports_without_the_server(school_setup, classroom,
                                                              tmp_path):
    _made, _ana, _ana_desktop, eve, eve_desktop = classroom
    answer(eve_desktop.store, eve.id, 3)
    practice = export_bundle(eve_desktop.store, signed_in_by_server(eve_desktop.store, eve.id),
                             tmp_path / "eve.zip", eve.id)
    assert _import(school_setup, practice.path, eve.id,
                   ServerRegistrations(NOWHERE)).count("attempts") == 3


@pytest.fixture
def desk_at_school(desk_window):
    """:func:`desk_window`, its desk gone for good before the stores close (a later
    window's language change would reach its pages otherwise)."""
    yield desk_window
    desk_window[0].close_desk()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_desk_checks_a_trainees_bundle_with_its_school_server(
        qtbot, school_setup, desk_at_school, sat_at_school, forged, monkeypatch):
    """On the desk signed in to the server: Eve's forged bundle in Ana's name is refused in
    words, Ana's own imported and waiting for confirmation; the instructor was told sittings
    need the server."""
    window, page, _asked = desk_at_school
    sync_as_instructor(qtbot, window, page)
    ana, _sitting, genuine = sat_at_school
    told = []
    monkeypatch.setattr(exports, "ask_source", lambda _parent, _trainees, brought, **asked: (
        told.append(asked) or BundleSource.of_trainee(brought[0])))
    window.desk.open_page(window.desk.exports)
    target = window.desk.exports
    for path in (forged, genuine):
        monkeypatch.setattr(exports, "choose_file", lambda *_args, chosen=path, **_kw: chosen)
        target.import_button.click()
        qtbot.waitUntil(lambda: not target.busy, timeout=60_000)
        if path == forged:
            assert target.message.text() == NOT_REGISTERED
    assert target.message.text().startswith("Imported 0 people and 5 answers"), (
        target.message.text())
    assert told == [{"school_server": True}] * 2
    desk_store, teacher = school_setup.desk.store, window.desk.actor
    assert exam_results(desk_store, teacher, person_id=ana) == []
    assert len(exam_results(desk_store, teacher, person_id=ana, unconfirmed=True)) == 1


@pytest.fixture
def forged(classroom, tmp_path):
    """Eve's bundle in Ana's name: the exam sat on her own desktop, never registered."""
    _made, ana, _ana_desktop, _eve, eve_desktop = classroom
    store = eve_desktop.store
    faked = signed_in_by_server(store, ana.id)
    sitting, at = sit(store, faked, exams(store)[0], lambda index: True)
    submit_sitting(store, faked, sitting.id, at)
    return export_bundle(store, faked, tmp_path / "forged.zip", ana.id).path


def _but_sign_ins(path) -> list[str]:
    return [line for line in dump(path) if not line.startswith('INSERT INTO "sign_in_log"')]


def test_the_command_line_checks_with_the_server_the_desk_is_set_to(school_setup, forged,
                                                                    sat_at_school, monkeypatch,
                                                                    capsys):
    """No ``--server`` given: the desk's setting is the server; ``--server-login`` reads."""
    desk = school_setup.desk
    set_server_url(desk.store, sign_in(desk.store, find_person(desk.store, "Mestre Lei").id,
                                      PASSWORD), desk.url)
    monkeypatch.delenv(SERVER_ENV, raising=False)
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    monkeypatch.setenv(SERVER_PASSWORD_ENV, PASSWORD)
    login = ["--server-login", desk.login]
    before = _but_sign_ins(desk.store.path)
    assert main(["--db", str(desk.store.path), "import-bundle", str(forged), "--from-trainee",
                 "Ana Lei", *login]) == 1
    assert capsys.readouterr().err.strip() == NOT_REGISTERED
    assert _but_sign_ins(desk.store.path) == before  # the command's sign-in aside
    _ana, _sitting, genuine = sat_at_school
    assert main(["--db", str(desk.store.path), "import-bundle", str(genuine), "--from-trainee",
                 "Ana Lei", *login]) == 0
    assert "counts once an instructor confirms it" in capsys.readouterr().out
