"""Classes, ID numbers and exam terms on a real school server: written by instructors'
desks only, the latest winning; desktops read classes and terms but no ID number; the server
registers a sitting only as the exam's terms allow, whichever desktop asks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import psycopg
import pytest

from tests.progress.test_exams import PARTS
from tests.school.school import PASSWORD
from trainer.progress.exams.sittings import create_exam, start_sitting
from trainer.progress.exams.terms import close_exam, set_terms, terms_of
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.classes import classes, create_class, rename_class
from trainer.progress.people.id_numbers import id_numbers, set_id_number
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.store import Role, StoreError
from trainer.progress.storage.values import stamp


@pytest.fixture
def course(school_setup):
    """The desk with an exam, two trainees and a class holding Ana; a desktop synced."""
    desk = school_setup.desk
    teacher = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    exam = create_exam(desk.store, teacher, "Week 4 check", PARTS, seed=2024,
                       time_limit_s=600, pass_percent=Decimal(60), same_questions=True)
    ana, bruno = add_person(desk.store, "Ana Lei"), add_person(desk.store, "Bruno Chan")
    march = create_class(desk.store, teacher, "March", (ana.id,))
    set_id_number(desk.store, teacher, ana.id, "A-1")
    desk.sync()
    desktop = school_setup.desktop()
    school_setup.trainee(desktop, "Ana Lei")
    school_setup.trainee(desktop, "Bruno Chan")  # both sign in on this desktop
    return teacher, exam, ana, bruno, march, desktop


def test_records_reach_desktops_but_id_numbers_stay_with_instructors(school_setup, course):
    teacher, exam, ana, bruno, march, desktop = course
    assert [(c.name, c.members) for c in classes(desktop.store)] == [("March", (ana.id,))]
    assert id_numbers(desktop.store) == {}
    second = school_setup.open("second-desk")
    desk2 = type(school_setup.desk)(second, school_setup.desk.url, school_setup.desk.login)
    desk2.sync()
    assert id_numbers(second) == {ana.id: "A-1"}
    with psycopg.connect(school_setup.server.desktop_url) as connection:
        with pytest.raises(psycopg.errors.InsufficientPrivilege,
                           match="permission denied for table shared_id_numbers"):
            connection.execute("SELECT * FROM shared_id_numbers")
    with psycopg.connect(school_setup.server.desktop_url) as connection:
        with pytest.raises(psycopg.errors.InsufficientPrivilege,
                           match="permission denied for table shared_classes"):
            connection.execute("UPDATE shared_classes SET members = '[]'")
    with psycopg.connect(school_setup.server.desktop_url) as connection:
        # a trainee who wants a retake may not write the exam's terms either
        with pytest.raises(psycopg.errors.InsufficientPrivilege,
                           match="permission denied for table shared_exam_terms"):
            connection.execute(
                "INSERT INTO shared_exam_terms (exam_id, assignees, sittings_allowed, set_by, "
                "set_at, change) VALUES (%s, '[]', 10, %s, '2030-01-01T00:00:00.000Z', 0)",
                [exam.id, ana.id])



def test_a_record_taken_alone_is_counted_as_pulled(school_setup, course):
    teacher, _exam, _ana, bruno, _march, desktop = course
    desktop.sync()
    create_class(school_setup.desk.store, teacher, "April", (bruno.id,))
    school_setup.desk.sync()
    assert desktop.sync().pulled == 1  # the class, and nothing else
    assert "April" in {c.name for c in classes(desktop.store)}

@pytest.mark.parametrize(("evening_ms", "day_ms", "kept"), [
    (0, 1, "March (day)"),  # written later
    (1, 0, "March (evening)"),
    (0, 0, "March (evening)"),  # a tie: broken by the content, alike everywhere
])
def test_the_latest_record_wins_on_every_desk(school_setup, course, monkeypatch, evening_ms,
                                              day_ms, kept):
    """Two desks of the same instructor rename a class; the later write wins everywhere,
    and a tie (the same instructor, the same millisecond) is broken alike everywhere."""
    soon = datetime.now(UTC) + timedelta(hours=1)
    evening_at, day_at = (stamp(soon + timedelta(milliseconds=ms)) for ms in (evening_ms, day_ms))
    teacher, exam, ana, bruno, march, desktop = course
    second = school_setup.open("second-desk")
    desk2 = type(school_setup.desk)(second, school_setup.desk.url, school_setup.desk.login)
    desk2.sync()
    other_teacher = sign_in(second, teacher.person.id, PASSWORD)
    monkeypatch.setattr("trainer.progress.people.classes.now", lambda: evening_at)
    rename_class(second, other_teacher, march.id, "March (evening)")
    monkeypatch.setattr("trainer.progress.people.classes.now", lambda: day_at)
    rename_class(school_setup.desk.store, teacher, march.id, "March (day)")
    desk2.sync()
    school_setup.desk.sync()
    desk2.sync()
    desktop.sync()
    for store in (second, school_setup.desk.store, desktop.store):
        assert [c.name for c in classes(store)] == [kept]


def test_the_server_registers_only_as_the_terms_allow(school_setup, course):
    teacher, exam, ana, bruno, march, desktop = course
    desk = school_setup.desk
    set_terms(desk.store, teacher, exam.id, (march.id,), 2)
    desk.sync()
    desktop.sync()
    assert terms_of(connection(desktop.store), exam.id).sittings_allowed == 2
    ids = ["0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1" + str(n) for n in range(4)]
    with pytest.raises(SchoolError, match="not set for you"):  # Bruno is not in March
        desktop.register(bruno.id, exam.id, ids[0])
    desktop.register(ana.id, exam.id, ids[1])
    desktop.register(ana.id, exam.id, ids[1])  # again: harmless
    desktop.register(ana.id, exam.id, ids[2])  # the retake
    with pytest.raises(SchoolError, match="as many times as it allows"):
        desktop.register(ana.id, exam.id, ids[3])


def test_closing_early_reaches_the_server_and_every_desktop(school_setup, course):
    teacher, exam, ana, bruno, march, desktop = course
    desk = school_setup.desk
    close_exam(desk.store, teacher, exam.id, datetime.now(UTC) - timedelta(seconds=1))
    desk.sync()
    with pytest.raises(SchoolError, match="not open now by the school server's clock"):
        desktop.register(ana.id, exam.id,
                         "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b")
    desktop.sync()
    with pytest.raises(StoreError, match="This exam closed on"):
        start_sitting(desktop.store, sign_in(desktop.store, ana.id), exam.id,
                      register=desktop.registrar())


def test_a_record_a_desk_has_not_sent_survives_a_pull(school_setup, course):
    teacher, exam, ana, bruno, march, desktop = course
    desk = school_setup.desk
    second = school_setup.open("second-desk")
    desk2 = type(school_setup.desk)(second, desk.url, desk.login)
    desk2.sync()
    rename_class(desk.store, teacher, march.id, "Old name")
    desk.sync()
    rename_class(second, sign_in(second, teacher.person.id, PASSWORD), march.id, "Newest")
    desk2.sync()  # pulls "Old name" first, keeps its newer own, then publishes it
    desk.sync()
    assert [c.name for c in classes(desk.store)] == ["Newest"]
    assert [c.name for c in classes(second)] == ["Newest"]
