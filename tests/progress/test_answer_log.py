"""The desk's answer log: filtered by trainee, mode, skill, wrong only and local days,
newest first, a page at a time, each answer with the mode it came from."""

from datetime import date, timedelta

import pytest

from tests.progress.conftest import question
from tests.progress.test_exams import exam, sit  # noqa: F401 - the exam fixture
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.answer_log import EXAM, LogFilter, count, page
from trainer.progress.storage.ledger import end_session, record_attempt, start_session

MACAU = timedelta(hours=8)


def _answer(store, person, mode, skill, at, correct=True):
    session = start_session(store, person.person.id, mode)
    record_attempt(store, person.person.id, session, question(skill), 1, correct,
                         float(correct), 1000, answered_at=at)
    end_session(store, session)


@pytest.fixture
def log(store, ana, bruno):
    _answer(store, ana, "practice", "thirteen.first_seat", "2025-03-10T02:00:00.000Z")
    _answer(store, ana, "drill", "thirteen.payout", "2025-03-10T20:00:00.000Z", correct=False)
    _answer(store, ana, "self-study", "thirteen.first_seat", "2025-03-11T03:00:00.000Z")
    _answer(store, bruno, "practice", "thirteen.first_seat", "2025-03-12T03:00:00.000Z",
            correct=False)
    return store


def test_one_trainee_newest_first_with_the_mode(log, ana, instructor):
    leave = leave_to_see(log, instructor, ana.person.id)
    rows = page(leave, LogFilter(), 0, 10)
    assert [(r.mode, r.attempt.skill) for r in rows] == [
        ("self-study", "thirteen.first_seat"), ("drill", "thirteen.payout"),
        ("practice", "thirteen.first_seat")]
    assert count(leave, LogFilter()) == 3


def test_everyone_for_an_instructor_only(log, ana, instructor):
    assert count(leave_to_see(log, instructor), LogFilter()) == 4
    with pytest.raises(NotAllowed, match="Only an instructor"):
        leave_to_see(log, ana)


@pytest.mark.parametrize(("chosen", "expected"), [
    (LogFilter(mode="practice"), 2), (LogFilter(mode="drill"), 1), (LogFilter(mode=EXAM), 0),
    (LogFilter(skill="thirteen.payout"), 1), (LogFilter(wrong_only=True), 2),
    (LogFilter(first=date(2025, 3, 11)), 2),  # UTC days: the answer at 20:00 is on the 10th
    (LogFilter(first=date(2025, 3, 11), utc_offset=MACAU), 3),
    (LogFilter(last=date(2025, 3, 10), utc_offset=MACAU), 1),  # 20:00 UTC is the 11th there
    (LogFilter(last=date(2025, 3, 10)), 2),
    (LogFilter(first=date(2025, 3, 12), last=date(2025, 3, 12)), 1),
    (LogFilter(mode="practice", wrong_only=True), 1),
])
def test_each_filter(log, instructor, chosen, expected):
    leave = leave_to_see(log, instructor)
    assert count(leave, chosen) == expected
    assert len(page(leave, chosen, 0, 100)) == expected


def test_pages_follow_each_other_without_gaps_or_repeats(log, instructor):
    leave = leave_to_see(log, instructor)
    pages = [page(leave, LogFilter(), n, 3) for n in (0, 3)]
    ids = [r.attempt.id for p in pages for r in p]
    assert len(ids) == 4 == len(set(ids))
    assert [len(p) for p in pages] == [3, 1]


def test_exam_answers_say_exam(store, ana, instructor, exam):  # noqa: F811
    sit(store, ana, exam, lambda index: True)
    leave = leave_to_see(store, instructor, ana.person.id)
    rows = page(leave, LogFilter(mode=EXAM), 0, 100)
    assert rows and {r.mode for r in rows} == {EXAM}
    assert all(r.attempt.sitting_id for r in rows)
