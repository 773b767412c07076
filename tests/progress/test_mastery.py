"""Mastery per person and skill, the FSRS rating of each answer, and the summaries."""

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from fsrs import Rating

from tests.progress.conftest import question
from trainer.progress.learning import summaries
from trainer.progress.learning.mastery import (
    DIFFICULTIES,
    MasteryLevel,
    assess,
    level_of,
    mastery,
    next_difficulty,
    set_targets,
    share,
)
from trainer.progress.learning.summaries import RecentAnswer, SkillState
from trainer.progress.learning.targets import (
    RECENT_KEPT,
    MasteryTargets,
    TargetTable,
    extra_time,
    load_targets,
    rating_for,
)
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.people.leave import leave_to_see, own_leave
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.ledger import record_attempt
from trainer.progress.storage.values import stamp

START = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)
SKILL = "thirteen.first_seat"


def answer(store, actor, correct, ms=3000, skill=SKILL, at=None, difficulty=1):
    return record_attempt(store, actor.person.id, None, question(skill, difficulty=difficulty),
                                1, correct, 1.0 if correct else 0.0, ms,
                                answered_at=stamp(at) if at else None)


@pytest.mark.parametrize(("correct", "ms", "rating"), [
    (False, 500, Rating.Again), (True, 10_001, Rating.Hard), (True, 10_000, Rating.Good),
    (True, 4_001, Rating.Good), (True, 4_000, Rating.Easy), (True, 0, Rating.Easy)])
def test_each_answer_is_one_fsrs_review(correct, ms, rating):
    assert rating_for(correct, ms, MasteryTargets()) is rating


def test_the_default_targets_are_20_answers_95_and_80_percent_10_and_4_seconds():
    assert MasteryTargets() == MasteryTargets(20, Decimal("0.95"), Decimal("0.80"), 10_000,
                                              4_000)


@pytest.mark.parametrize("changes", [
    {"window": 1}, {"window": RECENT_KEPT}, {"mastered_share": Decimal(1)},
    {"practised_share": Decimal("0.95")}, {"fast_ms": 10_000}, {"fast_ms": 1}])
def test_targets_at_the_ends_of_their_ranges_are_accepted(changes):
    assert replace(MasteryTargets(), **changes) != MasteryTargets()


@pytest.mark.parametrize(("changes", "says"), [
    ({"window": 0}, "window must be 1..50, not 0"),
    ({"window": RECENT_KEPT + 1}, "window must be 1..50, not 51"),
    ({"practised_share": Decimal(0)}, "shares must satisfy"),
    ({"practised_share": Decimal("0.96")}, "shares must satisfy"),
    ({"mastered_share": Decimal("1.01")}, "shares must satisfy"),
    ({"fast_ms": 0}, "times must satisfy"),
    ({"fast_ms": 10_001}, "times must satisfy")])
def test_targets_outside_their_ranges_are_refused(changes, says):
    with pytest.raises(ValueError, match=says):
        replace(MasteryTargets(), **changes)


def test_nobodys_targets_have_no_extra_time(store):
    assert extra_time(connection(store), None) == 0
    assert load_targets(connection(store)) == TargetTable()
    assert load_targets(connection(store), None).default.target_ms == 10_000


def test_the_rating_is_stored_with_the_attempt(store, ana):
    answer(store, ana, False)
    answer(store, ana, True, ms=20_000)
    ratings = [r for (r,) in connection(store).execute(
            "SELECT rating FROM attempts ORDER BY rowid")]
    assert ratings == [Rating.Again, Rating.Hard]


def test_figures_per_skill(store, ana):
    for correct, ms in [(True, 1000), (False, 9000), (True, 3000), (True, 2000)]:
        answer(store, ana, correct, ms)
    [figures] = mastery(leave_to_see(store, ana, ana.person.id))
    assert (figures.attempts, figures.correct, figures.streak) == (4, 3, 2)
    assert figures.accuracy == Decimal("0.75")
    assert figures.median_ms == 2000
    assert figures.level is MasteryLevel.LEARNING


def test_mastered_is_95_percent_of_the_last_20_right_within_the_target(store, ana):
    for _ in range(19):
        answer(store, ana, True, 2000)
    assert mastery(own_leave(store, ana))[0].level is MasteryLevel.PRACTISED  # only 19
    answer(store, ana, False)
    assert mastery(own_leave(store, ana))[0].level is MasteryLevel.MASTERED  # 19 of 20
    answer(store, ana, True, 2000)
    answer(store, ana, False)
    assert mastery(own_leave(store, ana))[0].level is MasteryLevel.PRACTISED  # 18 of 20


def test_right_but_slow_is_not_mastered(store, ana):
    for _ in range(20):
        answer(store, ana, True, 15_000)
    [figures] = mastery(leave_to_see(store, ana, ana.person.id))
    assert figures.recent_accuracy == 1 and figures.on_time_share == 0
    assert figures.level is MasteryLevel.PRACTISED


def test_targets_per_skill_are_settings_only_an_instructor_changes(store, ana, instructor):
    for _ in range(20):
        answer(store, ana, True, 15_000)
    slow_ok = MasteryTargets(target_ms=20_000, fast_ms=5_000)
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        set_targets(store, ana, slow_ok, SKILL)
    set_targets(store, instructor, slow_ok, SKILL)
    assert mastery(own_leave(store, ana))[0].level is MasteryLevel.MASTERED
    answer(store, ana, True, 15_000)
    assert connection(store).execute("SELECT rating FROM attempts ORDER BY rowid DESC").fetchone(
            )[0] \
        == Rating.Good  # 15 s is on time now


def test_new_skills_are_listed_when_asked_for(store, ana):
    [figures] = mastery(leave_to_see(store, ana, ana.person.id), ["sap_i_chi.prize"])
    assert figures.level is MasteryLevel.NEW and figures.attempts == 0
    assert figures.accuracy is None and figures.difficulty == 1


def test_difficulty_steps_up_after_good_work_and_down_after_mistakes():
    targets = MasteryTargets()
    assert next_difficulty([], targets) == 1
    good = [RecentAnswer(True, 2000, 1)] * 8
    assert next_difficulty(good, targets) == 2
    assert next_difficulty([RecentAnswer(True, 2000, 3)] * 10, targets) == 3
    shaky = [RecentAnswer(True, 2000, 2)] * 2 + [RecentAnswer(False, 2000, 2)] * 3
    assert next_difficulty(shaky, targets) == 1
    assert next_difficulty([RecentAnswer(False, 2000, 1)] * 5, targets) == 1


def test_summaries_kept_with_each_answer_equal_a_rebuild_from_attempts(store, ana, bruno):
    moment = START
    for n in range(60):
        actor = ana if n % 3 else bruno
        skill = SKILL if n % 2 else "mahjong.waits"
        answer(store, actor, n % 4 != 0, 1000 + 137 * n, skill, moment, 1 + n % 3)
        moment += timedelta(hours=7 * (n % 5))
    kept = sorted(connection(store).execute("SELECT * FROM skill_stats").fetchall())
    weekly = sorted(connection(store).execute("SELECT * FROM weekly_stats").fetchall())
    with writing(store) as db:
        summaries.rebuild(db)
    assert sorted(connection(store).execute("SELECT * FROM skill_stats").fetchall()) == kept
    assert sorted(connection(store).execute("SELECT * FROM weekly_stats").fetchall()) == weekly
    assert len(kept) == 4 and len(weekly) > 4


def test_a_summary_adds_up_its_answers_from_nothing(store, ana):
    first = START + timedelta(minutes=1)
    record_attempt(store, ana.person.id, None, question(SKILL), 1, True, 1.0, 2000,
                         answered_at=stamp(first))
    state = summaries.skill_state(connection(store), ana.person.id, SKILL)
    assert (state.attempts, state.correct, state.score_sum, state.total_ms, state.streak) == (
        1, 1, 1.0, 2000, 1)
    record_attempt(store, ana.person.id, None, question(SKILL), 1, False, 0.5, 3000,
                         answered_at=stamp(first + timedelta(minutes=1)))
    state = summaries.skill_states(connection(store), ana.person.id)[SKILL]
    assert (state.attempts, state.correct, state.score_sum, state.total_ms, state.streak) == (
        2, 1, 1.5, 5000, 0)
    assert (state.first_at, state.last_at) == (stamp(first), stamp(first + timedelta(minutes=1)))
    assert summaries.skill_state(connection(store), ana.person.id, "mahjong.waits") == SkillState()


def test_weeks_start_on_monday_in_sql_and_in_python(store, ana):
    for day in range(14):
        answer(store, ana, True, at=START + timedelta(days=day, hours=20))
    weeks = [w for (w,) in connection(store).execute("SELECT week FROM weekly_stats ORDER BY week")]
    assert weeks == ["2025-01-06", "2025-01-13", "2025-01-20"]
    assert summaries.week_of("2025-01-12T23:59:59.000Z") == "2025-01-06"


# The levels and the next difficulty, from the recent answers alone ---------------------------

T = MasteryTargets()  # 20 answers, 95 % mastered, 80 % practised, right within 10 s


def test_a_difficulty_is_one_two_or_three():
    assert DIFFICULTIES == (1, 2, 3)


@pytest.mark.parametrize(("window", "level"), [
    ([], MasteryLevel.NEW),
    ([(1, 10_000)] * 20, MasteryLevel.MASTERED),  # right within the target, to the millisecond
    ([(0, 900)] + [(1, 2000)] * 19, MasteryLevel.MASTERED),  # 19 of 20: 95 %
    ([(0, 900)] * 2 + [(1, 2000)] * 18, MasteryLevel.PRACTISED),
    ([(1, 2000)] * 19, MasteryLevel.PRACTISED),  # fewer than 20 answers: not yet mastered
    ([(1, 20_000)] * 10, MasteryLevel.PRACTISED),  # right but slow, half the window
    ([(0, 900)] * 2 + [(1, 20_000)] * 8, MasteryLevel.PRACTISED),  # 8 of 10: 80 %
    ([(0, 900)] * 3 + [(1, 20_000)] * 7, MasteryLevel.LEARNING),
    ([(1, 20_000)] * 9, MasteryLevel.LEARNING),  # fewer than half the window
    ([(0, 900)] * 10 + [(1, 2000)] * 10, MasteryLevel.LEARNING),
])
def test_the_level_of_the_recent_answers(window, level):
    assert level_of(window, T) is level


def test_the_recent_shares_count_only_right_answers_within_the_target():
    state = SkillState(attempts=4, correct=2, recent=(
        RecentAnswer(True, 10_000, 1), RecentAnswer(False, 500, 1),
        RecentAnswer(True, 10_001, 1), RecentAnswer(False, 900, 1)))
    figures = assess("thirteen.payout", state, T)
    assert figures.recent_accuracy == Decimal("0.5000") == figures.accuracy
    assert figures.on_time_share == Decimal("0.2500")
    assert share(1, 3) == Decimal("0.3333") and share(1, 0) is None


def good(level, count=1):
    return [RecentAnswer(True, 2000, level)] * count


def wrong(level, count=1):
    return [RecentAnswer(False, 2000, level)] * count


@pytest.mark.parametrize(("recent", "difficulty"), [
    ([], 1),
    (good(1, 8), 2), (wrong(1, 2) + good(1, 8), 2), (good(1, 7), 1),
    (good(1) + wrong(1, 3) + good(1, 7), 1),  # 8 good in 11, 7 in the last 10: stays
    (good(2, 8), 3), (good(3, 10), 3),  # no step beyond the hardest
    (good(1, 10) + good(2), 2),  # only the answers at the level count
    (good(2, 5), 2), (wrong(2, 3), 1), (wrong(3, 3), 2), (wrong(1, 5), 1),
    (wrong(2) + good(2) + wrong(2, 2) + good(2, 2), 2),  # 2 of the last 5 wrong: stays
])
def test_the_next_difficulty_steps_up_after_8_of_10_good_and_down_after_3_of_5_wrong(
        recent, difficulty):
    assert next_difficulty(recent, T) == difficulty
