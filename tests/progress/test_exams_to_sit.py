"""The day's plan lists the exams a trainee still has to sit, first: set for them (by class,
by name or for everyone), not sat, neither closed nor replaced; the soonest closing first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from tests.progress.test_exam_terms import sit_and_submit
from tests.progress.test_exams import PARTS
from trainer.progress.day_plan import day_plan
from trainer.progress.exams.sittings import create_exam, edit_exam, start_sitting
from trainer.progress.exams.terms import close_exam, set_terms
from trainer.progress.exams.to_sit import exams_to_sit
from trainer.progress.people.classes import create_class
from trainer.progress.people.leave import own_leave

NOW = datetime.now(UTC).replace(microsecond=0)


def _exam(store, instructor, title, **dates):
    return create_exam(store, instructor, title, PARTS, seed=7, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True, **dates)


def _titles(store, actor, at=NOW):
    return [found.exam.title for found in exams_to_sit(own_leave(store, actor), at)]


def test_an_exam_set_for_the_trainee_s_class_is_in_the_plan_first(store, instructor, ana,
                                                                   bruno):
    exam = _exam(store, instructor, "Week 4 check", closes=NOW + timedelta(days=3))
    march = create_class(store, instructor, "March", (ana.person.id,))
    set_terms(store, instructor, exam.id, (march.id,), 1)
    plan = day_plan(own_leave(store, ana), ["thirteen.first_seat"], NOW)
    [to_sit] = plan.exams
    assert (to_sit.exam.id, to_sit.closes_at, to_sit.started) == (exam.id, exam.closes_at,
                                                                  False)
    assert day_plan(own_leave(store, bruno), ["thirteen.first_seat"], NOW).exams == ()


def test_an_exam_sat_closed_or_replaced_is_not_to_sit(store, instructor, ana):
    sat = _exam(store, instructor, "Sat")
    sit_and_submit(store, ana, sat)
    closed = _exam(store, instructor, "Closed early")
    close_exam(store, instructor, closed.id, NOW)
    _exam(store, instructor, "Closing", closes=NOW + timedelta(hours=1))
    old = _exam(store, instructor, "Old version")
    edit_exam(store, instructor, old.id, "New version", PARTS, seed=7, time_limit_s=600,
              pass_percent=Decimal(60), same_questions=True)
    assert _titles(store, ana) == ["Closing", "New version"]
    # the closing moment itself is closed; a second before, it is still to sit
    closing = NOW + timedelta(hours=1)
    assert _titles(store, ana, closing) == ["New version"]
    assert _titles(store, ana, closing - timedelta(seconds=1)) == ["Closing", "New version"]


def test_an_exam_started_stays_to_sit_after_it_closes(store, instructor, ana):
    exam = _exam(store, instructor, "Started")
    start_sitting(store, ana, exam.id, NOW - timedelta(minutes=1))
    close_exam(store, instructor, exam.id, NOW)
    [to_sit] = exams_to_sit(own_leave(store, ana), NOW + timedelta(minutes=1))
    assert to_sit.started and to_sit.exam.id == exam.id


def test_the_soonest_closing_comes_first_then_the_soonest_opening(store, instructor, ana):
    _exam(store, instructor, "Always open")
    _exam(store, instructor, "Opens later", opens=NOW + timedelta(days=2))
    _exam(store, instructor, "Closes later", closes=NOW + timedelta(days=5))
    _exam(store, instructor, "Opens soon", opens=NOW + timedelta(days=1))
    _exam(store, instructor, "Closes soon", closes=NOW + timedelta(days=1))
    assert _titles(store, ana) == ["Closes soon", "Closes later", "Always open", "Opens soon",
                                   "Opens later"]
