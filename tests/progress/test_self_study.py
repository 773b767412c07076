"""Self-study: weak and due skills first, new ones next, spaced over days by FSRS."""

from datetime import UTC, datetime, timedelta

import pytest

import i18n
from tests.progress.test_mastery import answer
from trainer.progress.learning.mastery import mastery, set_targets
from trainer.progress.learning.self_study import StudyReason, next_study_item
from trainer.progress.learning.targets import MasteryTargets
from trainer.progress.people.leave import leave_to_see

START = datetime(2025, 1, 6, 9, 0, tzinfo=UTC)
SKILLS = ["thirteen.first_seat", "mahjong.waits", "sap_i_chi.prize"]


def test_a_beginner_starts_with_the_first_new_skill(store, ana):
    item = next_study_item(store, ana, SKILLS, START)
    assert (item.skill, item.difficulty, item.reason) == (SKILLS[0], 1, StudyReason.NEW)
    assert "New skill" in str(item.message)
    i18n.set_language("pt_MO")
    assert str(item.message)  # rendered in whatever language is current


def test_new_skills_come_in_while_nothing_is_due(store, ana):
    answer(store, ana, True, 3000, SKILLS[0], START)
    item = next_study_item(store, ana, SKILLS, START + timedelta(seconds=5))
    assert (item.skill, item.reason) == (SKILLS[1], StudyReason.NEW)


def test_a_skill_answered_well_is_spaced_over_days(store, ana):
    at = START
    for _ in range(4):
        answer(store, ana, True, 3000, SKILLS[0], at)
        at += timedelta(minutes=15)
    item = next_study_item(store, ana, SKILLS[:1], at)
    assert item.reason is StudyReason.AHEAD and item.due - at > timedelta(days=1)
    later = next_study_item(store, ana, SKILLS[:1], item.due + timedelta(minutes=1))
    assert later.reason is StudyReason.DUE and "Due for review" in str(later.message)


def test_weak_skills_come_before_other_due_ones(store, ana):
    for n in range(6):
        answer(store, ana, True, 3000, SKILLS[0], START + timedelta(minutes=n))
        answer(store, ana, n > 3, 3000, SKILLS[1], START + timedelta(minutes=n, seconds=30))
    days_later = START + timedelta(days=30)
    item = next_study_item(store, ana, SKILLS[:2], days_later)
    assert (item.skill, item.reason) == (SKILLS[1], StudyReason.WEAK)
    assert "2 of your last 6" in str(item.message)


def test_slow_skills_are_said_to_be_slow(store, ana):
    for n in range(6):
        answer(store, ana, True, 25_000, SKILLS[0], START + timedelta(minutes=n))
    item = next_study_item(store, ana, SKILLS[:1], START + timedelta(days=60))
    assert item.reason is StudyReason.SLOW and "10 seconds" in str(item.message)


def test_a_wrong_answer_makes_the_skill_due_again_within_minutes(store, ana):
    at = START
    for _ in range(5):
        answer(store, ana, True, 3000, SKILLS[0], at)
        at += timedelta(minutes=20)
    answer(store, ana, False, 3000, SKILLS[0], at)
    item = next_study_item(store, ana, SKILLS[:1], at + timedelta(minutes=11))
    assert item.reason in (StudyReason.DUE, StudyReason.WEAK)
    assert item.due - at <= timedelta(minutes=10)


def test_only_the_skills_offered_are_chosen(store, ana):
    answer(store, ana, False, 3000, "three_card.class", START)
    item = next_study_item(store, ana, SKILLS, START + timedelta(days=3))
    assert item.skill in SKILLS
    with pytest.raises(ValueError, match="self-study needs at least one skill"):
        next_study_item(store, ana, [], START)


def test_eighty_percent_right_is_not_weak_and_eighty_percent_on_time_not_slow(store, ana):
    for n in range(5):
        answer(store, ana, n != 2, 3000, SKILLS[0], START + timedelta(minutes=n))
        answer(store, ana, True, 25_000 if n == 2 else 3000, SKILLS[1],
               START + timedelta(minutes=n, seconds=30))
    for skill in SKILLS[:2]:
        item = next_study_item(store, ana, [skill], START + timedelta(days=90))
        assert item.reason is StudyReason.DUE, skill


def test_the_weak_and_slow_messages_count_the_last_answers(store, ana):
    for n in range(5):
        answer(store, ana, False, 3000, SKILLS[0], START + timedelta(minutes=n))
        answer(store, ana, True, 25_000 if n < 2 else 3000, SKILLS[1],
               START + timedelta(minutes=n, seconds=30))
    weak = next_study_item(store, ana, SKILLS[:1], START + timedelta(days=90))
    assert "0 of your last 5 answers were right" in str(weak.message)
    slow = next_study_item(store, ana, SKILLS[1:2], START + timedelta(days=90))
    assert "only 3 of your last 5 answers were right within 10 seconds" in str(slow.message)
    for n in range(3):
        answer(store, ana, True, 25_000, SKILLS[2], START + timedelta(minutes=n, seconds=45))
    slowest = next_study_item(store, ana, SKILLS[2:], START + timedelta(days=90))
    assert "only 0 of your last 3 answers were right within 10 seconds" in str(slowest.message)


def test_the_last_new_skill_comes_in_too(store, ana):
    for skill in SKILLS[:2]:
        answer(store, ana, True, 3000, skill, START)
    item = next_study_item(store, ana, SKILLS, START + timedelta(seconds=5))
    assert (item.skill, item.difficulty, item.reason) == (SKILLS[2], 1, StudyReason.NEW)


def test_with_nothing_due_a_slow_skill_comes_before_one_due_sooner(store, ana, instructor):
    answer(store, ana, True, 3000, SKILLS[0], START - timedelta(days=7, hours=12))
    answer(store, ana, True, 3000, SKILLS[1], START)
    set_targets(store, instructor, MasteryTargets(target_ms=2000, fast_ms=1000), SKILLS[1])
    at = START + timedelta(minutes=1)
    figures = {f.skill: f for f in mastery(leave_to_see(store, ana, ana.person.id), SKILLS[:2])}
    assert at < figures[SKILLS[0]].due < figures[SKILLS[1]].due  # the good one due sooner
    assert figures[SKILLS[1]].on_time_share == 0  # slow by its own, stricter target
    item = next_study_item(store, ana, SKILLS[:2], at)
    assert (item.skill, item.reason) == (SKILLS[1], StudyReason.AHEAD)
