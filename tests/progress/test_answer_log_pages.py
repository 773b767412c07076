"""The answer log read page after page (after the last answer read) gives the same answers,
in the same order, as one read from an offset, and counts as the log's first SQL did."""

from dataclasses import replace
from datetime import date, timedelta

import pytest

from tests.progress.conftest import question
from trainer.progress import Role
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports import answer_log
from trainer.progress.reports.answer_log import EXAM, LogFilter
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import end_session, record_attempt, start_session

#: The log's mode, as the desk's first answer log wrote it in SQL (the reference).
OLD_MODE = ("CASE WHEN a.sitting_id IS NOT NULL THEN 'exam' "
            "ELSE coalesce(s.mode, 'practice') END")


@pytest.fixture
def school(store, classroom):
    """The demo classroom (practice and an exam), and drills and self-study on top, some
    of them at the same moment (the order then goes by the row)."""
    people = store.people(Role.TRAINEE)
    for n, person in enumerate(people):
        for mode in ("drill", "self-study"):
            session = start_session(store, person.id, mode)
            for k in range(7):
                record_attempt(store, person.id, session, question(seed=n * 10 + k), 1,
                                     k % 3 != 0, float(k % 3 != 0), 900 + k,
                                     answered_at=f"2025-03-1{k % 3}T08:00:00.000Z")
            end_session(store, session)
    return classroom


FILTERS = [
    LogFilter(), LogFilter(wrong_only=True), LogFilter(skill="thirteen.first_seat"),
    LogFilter(skill="thirteen.first_seat", wrong_only=True), LogFilter(mode=EXAM),
    LogFilter(mode="practice"), LogFilter(mode="drill", wrong_only=True),
    LogFilter(mode="self-study"), LogFilter(skill="three_card.order"),
    LogFilter(first=date(2025, 3, 10), last=date(2025, 3, 11), utc_offset=timedelta(hours=8)),
]


def old_count(leave, chosen):
    """The count as the first answer log made it: always with the sessions, the mode by
    the CASE expression."""
    where, args = answer_log._where(leave, replace(chosen, mode=None))
    if chosen.mode is not None:
        where, args = f"{where} AND ({OLD_MODE}) = ?", [*args, chosen.mode]
    return connection(leave.store).execute(
            f"SELECT count(*) FROM attempts a LEFT JOIN sessions s ON "
                                  f"s.id = a.session_id WHERE {where}", args).fetchone()[0]


@pytest.mark.parametrize("chosen", FILTERS)
@pytest.mark.parametrize("everyone", [True, False])
def test_pages_after_the_last_answer_read_equal_the_log_from_an_offset(store, school, chosen,
                                                                       everyone):
    person = None if everyone else store.people(Role.TRAINEE)[1].id
    leave = leave_to_see(store, school, person)
    whole = answer_log.page(leave, chosen, 0, 10_000)
    read, after, pages = [], None, 0
    while True:
        page = answer_log.page_after(leave, chosen, after, 37)
        read += page.answers
        after, pages = page.mark, pages + 1
        if not page.full:
            break
    assert [(a.attempt.id, a.mode) for a in read] == [(a.attempt.id, a.mode) for a in whole]
    assert pages == len(whole) // 37 + 1
    assert answer_log.count(leave, chosen) == len(whole) == old_count(leave, chosen)


def test_the_filters_let_through_what_they_say(store, school):
    leave = leave_to_see(store, school)
    assert answer_log.count(leave, LogFilter(mode=EXAM)) > 0
    for mode in ("practice", "drill", "self-study", EXAM):
        page = answer_log.page(leave, LogFilter(mode=mode), 0, 10_000)
        assert page and {a.mode for a in page} == {mode}
        assert all((a.attempt.sitting_id is not None) == (mode == EXAM) for a in page)
    wrong = answer_log.page(leave, LogFilter(wrong_only=True), 0, 10_000)
    assert wrong and not any(a.attempt.correct for a in wrong)


def test_the_size_of_a_log_is_read_from_the_summaries(store, school):
    everyone = leave_to_see(store, school)
    assert answer_log.scope_size(everyone) == answer_log.count(everyone, LogFilter()) > 600
    one = leave_to_see(store, school, store.people(Role.TRAINEE)[0].id)
    assert answer_log.scope_size(one) == answer_log.count(one, LogFilter()) > 0


def test_an_empty_log_has_one_empty_page(store, instructor):
    page = answer_log.page_after(leave_to_see(store, instructor), LogFilter(), None, 10)
    assert page.answers == [] and page.mark is None and not page.full


@pytest.mark.parametrize("chosen", [LogFilter(skill="thirteen.first_seat"),
                                    LogFilter(wrong_only=True),
                                    LogFilter(skill="thirteen.first_seat", wrong_only=True)])
def test_the_log_s_filters_read_the_answers_by_time_without_sorting_them(store, school,
                                                                         chosen):
    """Everyone's answers to a skill, or the wrong ones, newest first: read down the index
    of the answers by time, never every answer gathered and sorted (no index of their own:
    each would be written for every imported answer inside the write lock)."""
    said: list[str] = []
    connection(store).conn.set_trace_callback(said.append)
    try:
        answer_log.page_after(leave_to_see(store, school), chosen, None, 50)
    finally:
        connection(store).conn.set_trace_callback(None)
    [query] = [sql for sql in said if "ORDER BY a.answered_at DESC" in sql]
    plan = " / ".join(row[3] for row in connection(store).execute(f"EXPLAIN QUERY PLAN {query}"))
    assert "USING INDEX idx_attempts_answered_at" in plan and "TEMP B-TREE" not in plan, plan
