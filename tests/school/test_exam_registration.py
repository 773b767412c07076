"""With a school server, an exam sitting starts only once registered there, at the server's
time; one sitting per trainee and exam, whichever desktop asks (real server)."""

from __future__ import annotations

from decimal import Decimal

import psycopg
import pytest

from tests.progress.test_exams import PARTS
from tests.school.school import PASSWORD, PIN
from trainer.progress.exams.sittings import create_exam, start_sitting
from trainer.progress.people.accounts import sign_in
from trainer.progress.school.exams import clear_registration, register_sitting
from trainer.progress.school.identity import sitting_key, token_of
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Role
from trainer.progress.storage.values import stamp


@pytest.fixture
def exam_at_school(school_setup):
    """An exam made on the desk and synced; Ana's desktop has it and her."""
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    exam = create_exam(desk.store, teacher, "Week 4 check", PARTS, seed=2024,
                       time_limit_s=600, pass_percent=Decimal(60), same_questions=True)
    desk.sync()
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    return exam, ana, desktop


def token(desktop, person):
    return token_of(connection(desktop.store), person.id)


def test_a_sitting_starts_at_the_servers_time_once_registered(school_setup, exam_at_school):
    exam, ana, desktop = exam_at_school
    actor = sign_in(desktop.store, ana.id)
    sitting = start_sitting(desktop.store, actor, exam.id, register=desktop.registrar())
    with psycopg.connect(school_setup.server.admin) as admin:
        [(sitting_id, started)] = admin.execute(
            "SELECT sitting_id, started_at FROM exam_registrations").fetchall()
    assert sitting.id == sitting_id and sitting.started_at == stamp(started)


def test_a_second_desktop_may_not_start_the_same_exam_for_the_same_trainee(
        school_setup, exam_at_school):
    exam, ana, desktop = exam_at_school
    start_sitting(desktop.store, sign_in(desktop.store, ana.id), exam.id,
                  register=desktop.registrar())
    other = school_setup.desktop()
    school_setup.trainee(other, "Ana Lei")
    with pytest.raises(SchoolError, match="started it on another desktop, as many"):
        start_sitting(other.store, sign_in(other.store, ana.id), exam.id,
                      register=other.registrar())
    assert connection(other.store).execute("SELECT count(*) FROM exam_sittings").fetchone()[0] == 0


def test_a_sitting_registered_but_never_started_is_found_again_at_its_first_time(
        school_setup, exam_at_school):
    exam, ana, desktop = exam_at_school
    sitting = "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e5f"
    first = desktop.register(ana.id, exam.id, sitting)
    again = desktop.register(ana.id, exam.id, sitting)  # stopped
    assert again == first
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM exam_registrations").fetchone()[0] == 1


def test_no_sitting_starts_offline(exam_at_school):
    exam, ana, desktop = exam_at_school
    with pytest.raises(SchoolError, match="starts only when the school server can be reached"
                       ) as refused:
        start_sitting(desktop.store, sign_in(desktop.store, ana.id), exam.id,
                      register=lambda e, p, s: register_sitting(
                          "postgresql://nobody@127.0.0.1:1/none", "x", e, s, "x"))
    assert refused.value.offline  # the window says "offline", not "refused"
    assert connection(desktop.store).execute("SELECT count(*) FROM exam_sittings").fetchone(
            )[0] == 0


def test_an_exam_the_server_does_not_have_yet_does_not_start(school_setup):
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    with pytest.raises(SchoolError, match="does not have this exam yet"):
        desktop.register(ana.id,
                         "0d9c6a0e-5b1c-4a3e-9a52-4b6f1f5b9c11",
                         "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e5f")


def test_the_exam_list_says_why_an_exam_does_not_start_offline(qtbot, qapp, exam_at_school,
                                                                monkeypatch):
    from ui import pin_dialog
    from ui.app import build_window

    monkeypatch.setattr(pin_dialog, "ask_pin", lambda parent, name: PIN)

    exam, ana, desktop = exam_at_school
    window = build_window(desktop.store, qapp, "en")
    qtbot.addWidget(window)
    window.school.url = "postgresql://nobody@127.0.0.1:1/none"  # set without syncing
    window.actor = sign_in(desktop.store, ana.id)
    window.start_exam(exam)
    assert window.exam_list.message.text().startswith(
        "An exam starts only when the school server can be reached")
    assert window.quiz.mode is None


def test_nobody_registers_a_sitting_in_another_trainees_name(school_setup, exam_at_school):
    """Attack: with psql and the desktop role's password, register a sitting in Ana's name
    (to sit it for her, or to keep her out). The role may not touch the registrations; the
    server's function registers a sitting only for the trainee whose token it is given."""
    exam, ana, desktop = exam_at_school
    attacker = school_setup.desktop()
    eve = school_setup.trainee(attacker, "Eve Chan")
    forged = "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b"
    key = sitting_key(attacker.store, attacker.url, eve.id, PIN)  # hers: she typed her PIN
    with psycopg.connect(attacker.url) as connection:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            connection.execute("INSERT INTO exam_registrations (sitting_id, exam_id, person_id) "
                               "VALUES (%s, %s, %s)", [forged, exam.id, ana.id])
    with psycopg.connect(attacker.url, autocommit=True) as connection:
        for made_up in ("", "0" * 64, token(attacker, eve)[:-1] + "x"):
            with pytest.raises(psycopg.Error, match="not signed in to the school server"):
                connection.execute("SELECT register_sitting(%s, %s, %s, %s)",
                                   [made_up, exam.id, forged, key])
        connection.execute("SELECT register_sitting(%s, %s, %s, %s)",
                           [token(attacker, eve), exam.id, forged, key])  # her own: hers
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT person_id FROM exam_registrations").fetchall() == [
            (eve.id,)]
    sitting = start_sitting(desktop.store, sign_in(desktop.store, ana.id), exam.id,
                            register=desktop.registrar())
    assert sitting.person_id == ana.id


def test_a_registration_never_started_is_listed_and_cleared_by_an_instructor_only(
        school_setup, exam_at_school):
    exam, ana, desktop = exam_at_school
    stopped = "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b"  # registered, then the desktop stopped
    desktop.register(ana.id, exam.id, stopped)
    with pytest.raises(SchoolError, match="this login may not do that"):
        clear_registration(desktop.url, None, None, stopped)
    desk = school_setup.desk
    [waiting] = desk.sync().registrations
    assert (waiting.sitting_id, waiting.exam_id, waiting.person_id) == (stopped, exam.id, ana.id)
    assert clear_registration(desk.url, desk.login, PASSWORD, stopped)
    assert not clear_registration(desk.url, desk.login, PASSWORD, stopped)  # gone already
    sitting = start_sitting(desktop.store, sign_in(desktop.store, ana.id), exam.id,
                            register=desktop.registrar())
    assert [r.sitting_id for r in desk.sync().registrations] == [sitting.id]


def test_a_registration_whose_sitting_reached_the_server_is_not_listed_nor_cleared(
        school_setup, exam_at_school):
    exam, ana, desktop = exam_at_school
    sitting = start_sitting(desktop.store, sign_in(desktop.store, ana.id), exam.id,
                            register=desktop.registrar())
    desktop.sync()
    desk = school_setup.desk
    assert desk.sync().registrations == ()  # the desk merged the sitting
    assert not clear_registration(desk.url, desk.login, PASSWORD, sitting.id)


def test_the_servers_clock_decides_when_an_exam_is_open(school_setup):
    from datetime import UTC, datetime, timedelta

    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    now = datetime.now(UTC)
    later = create_exam(desk.store, teacher, "Next week", PARTS, seed=1, time_limit_s=600,
                        pass_percent=Decimal(60), opens=now + timedelta(days=7),
                        same_questions=True)
    open_now = create_exam(desk.store, teacher, "This week", PARTS, seed=2, time_limit_s=600,
                           pass_percent=Decimal(60), opens=now - timedelta(days=1),
                           closes=now + timedelta(days=1), same_questions=True)
    desk.sync()
    desktop = school_setup.desktop()
    ana = school_setup.trainee(desktop, "Ana Lei")
    actor = sign_in(desktop.store, ana.id)
    with pytest.raises(SchoolError, match="not open now by the school server's clock"
                       ) as refused:  # whatever this desktop's clock says
        start_sitting(desktop.store, actor, later.id, at=now + timedelta(days=8),
                      register=desktop.registrar())
    assert not refused.value.offline
    sitting = start_sitting(desktop.store, actor, open_now.id, at=now + timedelta(days=30),
                            register=desktop.registrar())
    assert abs(datetime.fromisoformat(sitting.started_at) - now) < timedelta(hours=1)


def test_a_server_of_an_older_trainer_is_refused_until_server_init_brings_it_up(
        school_setup):
    from trainer.progress.school.server.connection import init_server
    from trainer.progress.school.server.schema import SCHEMA_VERSION

    desktop = school_setup.desktop()
    with psycopg.connect(school_setup.server.admin) as admin:
        admin.execute("DELETE FROM school_schema WHERE version = %s", [SCHEMA_VERSION])
    with pytest.raises(SchoolError, match="set up by an older version of the trainer"):
        desktop.sync()
    assert init_server(school_setup.server.admin) == SCHEMA_VERSION  # again: harmless
    desktop.sync()


def test_a_server_failing_after_the_connection_is_offline_too(school_setup, exam_at_school):
    """Any failure of the server once connected (here its registrations table is gone, as
    halfway through a botched upgrade) is told as the server not answering, never as a
    refusal, and starts nothing."""
    exam, ana, desktop = exam_at_school
    desk = school_setup.desk
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("ALTER TABLE exam_registrations RENAME TO exam_registrations_away")
        try:
            with pytest.raises(SchoolError, match="starts only when the school server can be "
                               "reached") as refused:
                desktop.register(ana.id, exam.id,
                                 "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e5f")
            assert refused.value.offline
            with pytest.raises(SchoolError, match="stopped answering; nothing was changed"
                               ) as stopped:
                clear_registration(desk.url, desk.login, PASSWORD,
                                   "5a1e7c2d-3b4f-4c6d-8e9f-0a1b2c3d4e5f")
            assert stopped.value.offline
        finally:
            admin.execute("ALTER TABLE exam_registrations_away RENAME TO exam_registrations")


@pytest.mark.parametrize("typed", [None, "1357"])
def test_the_app_starts_an_exam_at_a_school_only_with_the_pin_typed_for_it(
        qtbot, qapp, school_setup, exam_at_school, monkeypatch, typed):
    """At a school with a server every exam start asks the trainee's PIN, which the server
    checks: cancelled or wrong, nothing starts (the server's word shown), and nothing is
    registered; the right PIN starts the exam."""
    from ui import pin_dialog
    from ui.app import build_window
    from ui.modes.exam.exam import ExamMode

    exam, ana, desktop = exam_at_school
    window = build_window(desktop.store, qapp, "en")
    qtbot.addWidget(window)
    window.school.url = desktop.url
    window.actor = sign_in(desktop.store, ana.id)
    monkeypatch.setattr(pin_dialog, "ask_pin", lambda parent, name: typed)
    window.start_exam(exam)
    assert window.quiz.mode is None
    assert window.exam_list.message.text() == (
        "" if typed is None else "The PIN for Ana Lei is not right. Try again in 1 second.")
    with psycopg.connect(school_setup.server.admin) as admin:
        assert admin.execute("SELECT count(*) FROM exam_registrations").fetchone()[0] == 0
    monkeypatch.setattr(pin_dialog, "ask_pin", lambda parent, name: PIN)
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("UPDATE trainee_pins SET wait_until = NULL")
    window.start_exam(exam)
    assert isinstance(window.quiz.mode, ExamMode)
    from ui.modes.exam import exam_leaving
    monkeypatch.setattr(exam_leaving, "ask", lambda box: exam_leaving.LEAVE)  # on closing
