"""A trainee's day for the home page: due, new and weak skills, answers today and this week
against the daily goal, the streak of practice days."""

from datetime import UTC, datetime, timedelta

import pytest

from tests.progress.conftest import question
from trainer.progress.day_plan import (
    DEFAULT_DAILY_GOAL,
    MOST_DAILY_GOAL,
    daily_goal,
    day_plan,
    set_daily_goal,
)
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.people.leave import own_leave
from trainer.progress.storage.ledger import record_attempt, store_setting
from trainer.progress.storage.store import StoreError
from trainer.progress.storage.values import stamp

MACAU = timedelta(hours=8)
#: Thursday 13 March 2025, 10:00 in Macau.
NOW = datetime(2025, 3, 13, 2, 0, tzinfo=UTC)
SKILLS = ["thirteen.first_seat", "thirteen.payout", "three_card.order", "sap_i_chi.payout"]


def answer(store, person, skill, moment, correct=True, ms=3000):
    record_attempt(store, person.person.id, None, question(skill), 1, correct, float(correct), ms,
                         answered_at=stamp(moment))


def test_a_new_trainee_has_everything_new_and_nothing_done(store, ana):
    plan = day_plan(own_leave(store, ana), SKILLS, NOW, MACAU)
    assert plan.new == tuple(SKILLS) and plan.due == () and plan.weak == ()
    assert (plan.today, plan.this_week, plan.streak) == (0, 0, 0)
    assert plan.goal == DEFAULT_DAILY_GOAL
    assert plan.to_study == tuple(SKILLS)
    assert [m.skill for m in plan.skills] == SKILLS


def test_today_this_week_and_the_streak_in_local_days(store, ana):
    # Macau days: Mon 10, Tue 11 (two answers, one at 07:30 which is Monday in UTC),
    # Wed 12, Thu 13 (today); and Friday 7 last week, not in this week.
    for moment in (datetime(2025, 3, 7, 3, tzinfo=UTC), datetime(2025, 3, 10, 3, tzinfo=UTC),
                   datetime(2025, 3, 10, 23, 30, tzinfo=UTC),
                   datetime(2025, 3, 11, 4, tzinfo=UTC), datetime(2025, 3, 12, 5, tzinfo=UTC),
                   datetime(2025, 3, 13, 1, tzinfo=UTC)):
        answer(store, ana, "thirteen.first_seat", moment)
    plan = day_plan(own_leave(store, ana), SKILLS, NOW, MACAU)
    assert plan.today == 1 and plan.this_week == 5
    assert plan.streak == 4  # Monday to today; the Friday before stands alone
    utc = day_plan(own_leave(store, ana), SKILLS, NOW)  # the same in UTC days
    assert utc.today == 1 and utc.this_week == 5 and utc.streak == 4


def test_a_streak_still_counts_before_today_s_first_answer(store, ana):
    for day in (10, 11, 12):
        answer(store, ana, "thirteen.first_seat", datetime(2025, 3, day, 3, tzinfo=UTC))
    assert day_plan(own_leave(store, ana), SKILLS, NOW, MACAU).streak == 3
    later = NOW + timedelta(days=1)  # a day missed: the streak is over
    assert day_plan(own_leave(store, ana), SKILLS, later, MACAU).streak == 0


def test_due_weak_and_new(store, ana):
    # Right once, a month ago: due again now.
    answer(store, ana, "thirteen.first_seat", NOW - timedelta(days=30))
    for n in range(6):  # wrong every time, just now: weak, due within minutes
        answer(store, ana, "thirteen.payout", NOW - timedelta(minutes=10 - n), correct=False)
    plan = day_plan(own_leave(store, ana), SKILLS, NOW, MACAU)
    assert [m.skill for m in plan.weak] == ["thirteen.payout"]
    assert "thirteen.first_seat" in [m.skill for m in plan.due]
    assert plan.new == ("three_card.order", "sap_i_chi.payout")
    assert plan.to_study[-2:] == ("three_card.order", "sap_i_chi.payout")
    later = day_plan(own_leave(store, ana), SKILLS, NOW + timedelta(days=2), MACAU)
    assert [m.skill for m in later.due][0] == "thirteen.payout"  # weak ones first


def test_the_daily_goal_is_the_trainee_s_own(store, ana, bruno, instructor):
    set_daily_goal(store, ana, ana.person.id, 25)
    assert daily_goal(store, ana.person.id) == 25
    assert daily_goal(store, bruno.person.id) == DEFAULT_DAILY_GOAL
    with pytest.raises(NotAllowed, match="only their own progress"):
        set_daily_goal(store, ana, bruno.person.id, 10)
    set_daily_goal(store, instructor, bruno.person.id, MOST_DAILY_GOAL)
    assert day_plan(own_leave(store, bruno), SKILLS, NOW).goal == MOST_DAILY_GOAL
    for wrong in (0, MOST_DAILY_GOAL + 1, 2.5, True):
        with pytest.raises(StoreError, match="A daily goal is from 1 to 1000 answers"):
            set_daily_goal(store, ana, ana.person.id, wrong)
    set_daily_goal(store, ana, ana.person.id, 1)
    assert daily_goal(store, ana.person.id) == 1
    store_setting(store, f"daily_goal:{ana.person.id}", "lots")  # damaged: the default
    assert daily_goal(store, ana.person.id) == DEFAULT_DAILY_GOAL


def test_a_round_is_proposed_once_every_skill_it_uses_is_mastered(store, ana):
    from trainer.rounds.games import ROUND_SKILLS
    used = sorted(ROUND_SKILLS["mahjong_baccarat"])
    skills = [*used, "thirteen.payout"]
    for skill in used[:-1]:
        for n in range(25):
            answer(store, ana, skill, NOW - timedelta(minutes=60 - n), ms=1000)
    assert day_plan(own_leave(store, ana), skills, NOW, MACAU).rounds == ()  # one to go
    for n in range(25):
        answer(store, ana, used[-1], NOW - timedelta(minutes=30 - n), ms=1000)
    assert day_plan(own_leave(store, ana), skills, NOW, MACAU).rounds == ("mahjong_baccarat",)
