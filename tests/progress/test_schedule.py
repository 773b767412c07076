"""The fold's own FSRS review gives the library's card, to the last bit, on any history."""

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler, State
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.progress.learning.schedule import Progressing, Reviewer
from trainer.progress.learning.summaries import SCHEDULER

START = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
#: Gaps between answers: seconds apart in a session, the same day, next day, weeks, years.
GAPS = st.one_of(st.integers(0, 120), st.integers(60, 86_400), st.integers(86_400, 40 * 86_400),
                 st.integers(0, 3 * 365 * 86_400))
HISTORIES = st.lists(st.tuples(st.integers(1, 4), GAPS), min_size=1, max_size=60)


def _same(card: Card, ours: Progressing) -> None:
    assert (State(ours.state), ours.step, ours.stability, ours.difficulty, ours.due,
            ours.last_review) == (card.state, card.step, card.stability, card.difficulty,
                                  card.due, card.last_review)


def _replay(scheduler: Scheduler, history, start: Card | None = None) -> None:
    reviewer = Reviewer(scheduler)
    card = start or Card(card_id=1)
    ours = Progressing.of(start)
    at = START
    for rating, gap in history:
        at += timedelta(seconds=gap)
        card = scheduler.review_card(card, Rating(rating), at)[0]
        reviewer.review(ours, rating, at)
        _same(card, ours)


@settings(max_examples=400, deadline=None)
@given(HISTORIES)
def test_the_stores_scheduler_on_any_history(history):
    _replay(SCHEDULER, history)


@settings(max_examples=100, deadline=None)
@given(HISTORIES, HISTORIES)
def test_a_card_carried_on_from_one_already_stored(before, after):
    card = Card(card_id=1)
    for rating, gap in before:
        card = SCHEDULER.review_card(card, Rating(rating), START + timedelta(seconds=gap))[0]
    stored = Card.from_json(card.to_json())
    _replay(SCHEDULER, [(r, g + 10 * 365 * 86_400) for r, g in after[:1]] + after[1:], stored)


@pytest.mark.parametrize("steps", [((), ()), ((timedelta(minutes=5),), (timedelta(minutes=3),)),
                                   ((timedelta(minutes=1), timedelta(minutes=10),
                                     timedelta(hours=1)),
                                    (timedelta(minutes=10), timedelta(hours=2)))])
def test_every_four_answer_history_with_other_steps(steps):
    """Every sequence of four ratings at four kinds of gap, with no, one or several
    (re)learning steps: the branches the store's scheduler does not take."""
    scheduler = Scheduler(learning_steps=steps[0], relearning_steps=steps[1],
                          enable_fuzzing=False, maximum_interval=200)
    gaps = (30, 3_600, 2 * 86_400, 400 * 86_400)
    for ratings in itertools.product(range(1, 5), repeat=4):
        for gap in gaps:
            _replay(scheduler, [(r, gap) for r in ratings])


def test_a_card_ahead_of_its_steps_graduates_as_the_librarys_does():
    """A card stored at step 5 (under a scheduler with more steps) and answered Hard."""
    for rating in range(1, 5):
        start = Card(card_id=1, state=State.Learning, step=5, stability=2.0, difficulty=5.0,
                     due=START, last_review=START - timedelta(days=3))
        _replay(SCHEDULER, [(rating, 0)], start)
        start.state = State.Relearning
        _replay(SCHEDULER, [(rating, 60)], start)


def test_a_fuzzed_scheduler_is_refused():
    with pytest.raises(ValueError, match="fuzzed schedule is random"):
        Reviewer(Scheduler(enable_fuzzing=True))


def test_a_rating_outside_one_to_four_is_refused():
    from trainer.progress.learning.summaries import SkillState
    with pytest.raises(ValueError, match="5 is not an FSRS rating"):
        SkillState().after("2026-01-05T09:00:00.000Z", True, 1.0, 900, 1, 5,
                           skill="three_card.order")
    with pytest.raises(ValueError, match="0 is not an FSRS rating"):
        SkillState().after("2026-01-05T09:00:00.000Z", True, 1.0, 900, 1, 0,
                           skill="three_card.order")


@pytest.mark.parametrize("state", [State.Learning, State.Review, State.Relearning])
def test_a_card_with_a_memory_but_no_last_review(state):
    """The library reads such a card as not retrievable at all (0): so do we."""
    for rating in range(1, 5):
        _replay(SCHEDULER, [(rating, 0)], Card(card_id=1, state=state, step=0, stability=3.0,
                                               difficulty=6.0, due=START))
