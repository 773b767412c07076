"""The practice calendar and the weekly medians: counted from the attempts, for the right people."""

import statistics
from datetime import date, datetime, timedelta

import pytest

from tests.progress.conftest import DEMO_END, question
from trainer.progress import Role
from trainer.progress.learning.calendar import answers_per_day, median_ms_per_week
from trainer.progress.people.accounts import NotAllowed, sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.storage.ledger import record_attempt, stored_attempts


def answer_at(store, person_id, moment, ms=3000, correct=True):
    record_attempt(store, person_id, None, question(), 1, correct, float(correct), ms,
                         answered_at=moment)


def test_days_are_counted_in_local_time_and_every_day_is_listed(store, ana):
    me = ana.person.id
    answer_at(store, me, "2025-03-10T23:30:00.000Z")  # Tuesday 07:30 in Macau
    answer_at(store, me, "2025-03-11T01:00:00.000Z")
    answer_at(store, me, "2025-03-12T15:59:59.999Z")  # Wednesday 23:59 in Macau
    answer_at(store, me, "2025-03-12T16:00:00.000Z")  # Thursday 00:00 in Macau
    answer_at(store, me, "2025-03-20T10:00:00.000Z")  # after the range
    first, last = date(2025, 3, 9), date(2025, 3, 15)
    utc = answers_per_day(leave_to_see(store, ana, me), first, last)
    assert list(utc) == [first + timedelta(days=n) for n in range(7)]
    assert utc[date(2025, 3, 10)] == 1 and utc[date(2025, 3, 11)] == 1
    assert utc[date(2025, 3, 12)] == 2 and sum(utc.values()) == 4
    macau = answers_per_day(leave_to_see(store, ana, me), first, last, timedelta(hours=8))
    assert macau[date(2025, 3, 10)] == 0
    assert macau[date(2025, 3, 11)] == 2
    assert macau[date(2025, 3, 12)] == 1 and macau[date(2025, 3, 13)] == 1
    assert answers_per_day(leave_to_see(store, ana, me), last, first) == {}


def test_a_one_day_range_counts_that_local_day_from_its_first_hour_to_its_last(store, ana):
    me = ana.person.id
    answer_at(store, me, "2025-03-10T15:59:59.999Z")  # Monday 23:59 in Macau
    answer_at(store, me, "2025-03-10T16:00:00.000Z")  # Tuesday 00:00 in Macau
    answer_at(store, me, "2025-03-11T15:59:59.999Z")  # Tuesday 23:59 in Macau
    answer_at(store, me, "2025-03-11T16:00:00.000Z")  # Wednesday 00:00 in Macau
    tuesday = date(2025, 3, 11)
    hers = leave_to_see(store, ana, me)
    assert answers_per_day(hers, tuesday, tuesday, timedelta(hours=8)) == {tuesday: 2}
    assert answers_per_day(hers, tuesday, tuesday) == {tuesday: 2}  # both UTC ones


def test_the_calendar_agrees_with_the_report_weeks(store, classroom):
    trainee = store.people(Role.TRAINEE)[0]
    report = build_report(leave_to_see(store, classroom, trainee.id))
    first = report.weeks[0].week
    last = DEMO_END.date()
    days = answers_per_day(leave_to_see(store, classroom, trainee.id), first, last)
    for row in report.weeks:
        week = sum(days[row.week + timedelta(days=n)] for n in range(7)
                   if row.week + timedelta(days=n) <= last)
        assert week == row.figures.attempts


def test_weekly_medians_from_the_attempts(store, classroom):
    trainee = store.people(Role.TRAINEE)[1]
    medians = median_ms_per_week(leave_to_see(store, classroom, trainee.id))
    report = build_report(leave_to_see(store, classroom, trainee.id))
    assert list(medians) == [row.week for row in report.weeks]
    by_week = {}
    for attempt in stored_attempts(store, trainee.id):
        day = datetime.fromisoformat(attempt.answered_at).date()
        by_week.setdefault(day - timedelta(days=day.weekday()), []).append(attempt.response_ms)
    assert medians == {week: statistics.median_low(times) for week, times in by_week.items()}


def test_a_trainee_sees_only_their_own_practice(store, ana, bruno, instructor):
    answer_at(store, bruno.person.id, "2025-03-11T01:00:00.000Z", ms=4000)
    day = date(2025, 3, 11)
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        answers_per_day(leave_to_see(store, ana, bruno.person.id), day, day)
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        median_ms_per_week(leave_to_see(store, ana, bruno.person.id))
    assert answers_per_day(leave_to_see(store, instructor, bruno.person.id), day, day) == {day: 1}
    assert median_ms_per_week(leave_to_see(store, instructor, bruno.person.id)) == {
        date(2025, 3, 10): 4000}
    own = sign_in(store, ana.person.id)
    assert median_ms_per_week(leave_to_see(store, own, ana.person.id)) == {}
