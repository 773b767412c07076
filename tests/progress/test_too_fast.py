"""Answers given faster than their skill's floor: kept, flagged, not counted toward mastery.

A quick trainee is not a forger, so nothing is refused; but an answer no one could have
read and given in the time does not make a skill mastered, and the instructor sees it.
"""

import csv
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import questions
from questions.model import AnswerKind
from tests.progress.conftest import answered
from trainer.progress.learning import summaries
from trainer.progress.learning.mastery import MasteryLevel, mastery
from trainer.progress.learning.targets import (
    FLOOR_MS,
    STEPPED,
    floor_ms,
    floor_sql,
    too_fast,
)
from trainer.progress.people.leave import leave_to_see, own_leave
from trainer.progress.reports import answer_log
from trainer.progress.reports.answer_log import LogFilter
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.period import Period
from trainer.progress.reports.spreadsheets import write_attempts_csv
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.ledger import record_attempt, stored_attempts
from trainer.progress.storage.values import stamp

SKILL = "thirteen.first_seat"
START = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)


def practise(store, actor, count, ms, skill=SKILL, start=START):
    """``count`` right answers of ``skill``, each given in ``ms`` milliseconds."""
    for n in range(count):
        record_attempt(store, actor.person.id, None, *answered(skill, seed=n), ms,
                             answered_at=stamp(start + timedelta(minutes=n)))


@pytest.mark.parametrize(("skill", "floor"), [  # the decided floors, in milliseconds
    (SKILL, 300), ("thirteen.payout", 800), ("thirteen.payout_in_chips", 1_500),
    ("mahjong_baccarat.settlement_in_chips", 4_000)])
def test_an_answer_under_its_skills_floor_is_too_fast_and_at_it_is_not(skill, floor):
    assert floor_ms(skill) == floor
    assert too_fast(skill, floor - 1) and too_fast(skill, 0)
    assert not too_fast(skill, floor) and not too_fast(skill, floor + 1)


def test_every_skill_answered_in_several_steps_has_the_longer_floor():
    several = {AnswerKind.AMOUNT, AnswerKind.ORDERING, AnswerKind.ARRANGEMENT, AnswerKind.MOVES}
    stepped = {skill for skill in questions.skills()
               if questions.generate(skill, 1).form.kind in several}
    assert stepped == STEPPED
    assert all(floor_ms(skill) >= FLOOR_MS for skill in questions.skills())


def sql_floor(skill):
    db = sqlite3.connect(":memory:")
    try:
        return db.execute(f"SELECT {floor_sql('s')} FROM (SELECT ? AS s)", [skill]).fetchone()[0]
    finally:
        db.close()


@settings(deadline=None, max_examples=200)
@given(st.one_of(st.sampled_from(questions.skills()),
                 st.from_regex(r"[a-z][a-z_]{0,8}\.[a-z][a-z_]{0,12}", fullmatch=True)))
def test_the_floor_in_sql_is_the_floor(skill):
    assert sql_floor(skill) == floor_ms(skill)


def test_quick_answers_are_kept_and_flagged_but_do_not_make_a_skill_mastered(store, ana):
    practise(store, ana, 20, FLOOR_MS - 1)
    assert len(stored_attempts(store, ana.person.id)) == 20  # kept
    [figures] = mastery(own_leave(store, ana))
    assert figures.attempts == 20 and figures.correct == 20  # given, and graded
    assert figures.level is MasteryLevel.NEW and figures.streak == 0
    assert figures.recent_accuracy is None and figures.due is None
    page = answer_log.page(leave_to_see(store, ana, ana.person.id), LogFilter(), 0, 50)
    assert all(logged.too_fast for logged in page)


def test_answers_at_the_floor_count_toward_mastery(store, ana):
    practise(store, ana, 20, FLOOR_MS)
    [figures] = mastery(own_leave(store, ana))
    assert figures.level is MasteryLevel.MASTERED and figures.streak == 20
    page = answer_log.page(leave_to_see(store, ana, ana.person.id), LogFilter(), 0, 50)
    assert not any(logged.too_fast for logged in page)


def test_a_quick_answer_between_others_leaves_the_streak_as_it_was(store, ana):
    practise(store, ana, 3, 2000)
    practise(store, ana, 1, 10, start=START + timedelta(hours=1))
    practise(store, ana, 1, 2000, start=START + timedelta(hours=2))
    [figures] = mastery(own_leave(store, ana))
    assert figures.streak == 4 and figures.attempts == 5


def test_summaries_kept_with_quick_answers_equal_a_rebuild(store, ana, bruno):
    for n in range(40):
        actor = ana if n % 3 else bruno
        skill = SKILL if n % 2 else "thirteen.payout_in_chips"
        practise(store, actor, 1, [10, 299, 300, 1499, 1500, 5000][n % 6], skill,
                 START + timedelta(hours=n))
    kept = sorted(connection(store).execute("SELECT * FROM skill_stats").fetchall())
    weekly = sorted(connection(store).execute("SELECT * FROM weekly_stats").fetchall())
    with writing(store) as db:
        summaries.rebuild(db)
    assert sorted(connection(store).execute("SELECT * FROM skill_stats").fetchall()) == kept
    assert sorted(connection(store).execute("SELECT * FROM weekly_stats").fetchall()) == weekly


def test_a_report_of_a_period_judges_mastery_without_quick_answers(store, instructor, ana):
    practise(store, ana, 20, FLOOR_MS - 1)
    practise(store, ana, 20, FLOOR_MS, skill="thirteen.tier_winner")
    period = Period(START.date(), START.date() + timedelta(days=1))
    for chosen in (period, None):
        report = build_report(leave_to_see(store, instructor, ana.person.id), period=chosen)
        levels = {row.skill: row.level for row in report.skills}
        assert levels == {SKILL: MasteryLevel.NEW,
                          "thirteen.tier_winner": MasteryLevel.MASTERED}, chosen


def test_the_answers_csv_says_which_were_too_fast(store, instructor, ana, tmp_path):
    practise(store, ana, 1, FLOOR_MS - 1)
    practise(store, ana, 1, FLOOR_MS, start=START + timedelta(hours=1))
    out = tmp_path / "answers.csv"
    write_attempts_csv(store, instructor, out, "en")
    header, *rows = list(csv.reader(out.read_text("utf-8-sig").splitlines()))
    column = header.index("Too fast")
    assert header[column - 1] == "Response time (s)"
    assert [row[column] for row in rows] == ["Yes", "No"]


def test_the_migration_folds_old_summaries_again(store, ana):
    """Summaries folded before the floors counted quick answers toward mastery."""
    from trainer.progress.storage.schema import m016_too_fast_answers

    practise(store, ana, 20, FLOOR_MS - 1)
    with writing(store) as db:
        db.execute("UPDATE skill_stats SET streak = 20")  # as the fold before the floors made it
        m016_too_fast_answers(db)
    assert connection(store).execute("SELECT streak FROM skill_stats").fetchone()[0] == 0
