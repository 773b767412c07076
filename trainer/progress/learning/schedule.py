"""One FSRS review as :meth:`fsrs.Scheduler.review_card` makes it, on a plain mutable card.

A merge folds hundreds of thousands of answers into cards, and the library copies the card,
makes a review log and looks up enum values for every answer: two thirds of the fold's time.
This is the library's arithmetic for a scheduler without fuzzing, step for step and in the
same floating-point expressions, so that the two give the same card to the last bit;
``tests/progress/test_schedule.py`` compares them on random histories, so a library version
that schedules differently is caught before it reaches a school.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from fsrs import Card, Scheduler, State

_LEARNING, _REVIEW, _RELEARNING = State.Learning.value, State.Review.value, State.Relearning.value
_AGAIN, _HARD, _GOOD, _EASY = 1, 2, 3, 4
_STABILITY_MIN = 0.001
_MIN_DIFFICULTY, _MAX_DIFFICULTY = 1.0, 10.0


@dataclass(slots=True)
class Progressing:
    """A card being reviewed: :class:`fsrs.Card`'s fields, without its id."""

    state: int = _LEARNING
    step: int | None = 0
    stability: float | None = None
    difficulty: float | None = None
    due: datetime | None = None
    last_review: datetime | None = None

    @classmethod
    def of(cls, card: Card | None) -> Progressing:
        if card is None:
            return cls()
        return cls(card.state.value, card.step, card.stability, card.difficulty, card.due,
                   card.last_review)

    def card(self, card_id: int) -> Card:
        return Card(card_id, State(self.state), self.step, self.stability, self.difficulty,
                    self.due, self.last_review)


class Reviewer:
    """:meth:`review` is ``scheduler.review_card`` for a scheduler without fuzzing."""

    def __init__(self, scheduler: Scheduler):
        if scheduler.enable_fuzzing:
            raise ValueError("a fuzzed schedule is random: review it with the library")
        self.w = tuple(float(x) for x in scheduler.parameters)
        self.decay = -self.w[20]
        self.factor: float = 0.9 ** (1 / self.decay) - 1  # a positive base: a float
        self.retention = scheduler.desired_retention
        self.learning = tuple(scheduler.learning_steps)
        self.relearning = tuple(scheduler.relearning_steps)
        self.maximum = scheduler.maximum_interval
        self.easy_difficulty: float = self.w[4] - (math.e ** (self.w[5] * (_EASY - 1))) + 1

    def review(self, card: Progressing, rating: int, at: datetime) -> None:
        """Review ``card`` (changed in place) with ``rating`` (1–4) at ``at`` (UTC)."""
        since = (at - card.last_review).days if card.last_review else None
        if card.state == _REVIEW:
            interval = self._review(card, rating, at, since)
        else:
            steps = self.learning if card.state == _LEARNING else self.relearning
            interval = self._step(card, rating, at, since, steps)
        card.due = at + interval
        card.last_review = at

    def _step(self, card: Progressing, rating: int, at: datetime, since: int | None,
              steps: tuple[timedelta, ...]) -> timedelta:
        """A card in (re)learning: its memory, then its next step or its graduation."""
        if card.stability is None or card.difficulty is None:  # learning only
            card.stability = max(self.w[rating - 1], _STABILITY_MIN)
            card.difficulty = self._clamp(self.w[4] - (math.e ** (self.w[5] * (rating - 1))) + 1)
        else:
            self._remember(card, rating, at, since)
        step = card.step if card.step is not None else 0
        if not steps or (step >= len(steps) and rating != _AGAIN) or rating == _EASY or (
                rating == _GOOD and step + 1 == len(steps)):
            return self._graduate(card)
        if rating == _AGAIN:
            card.step = 0
            return steps[0]
        if rating == _HARD:
            if step == 0:
                return steps[0] * 1.5 if len(steps) == 1 else (steps[0] + steps[1]) / 2.0
            return steps[step]
        card.step = step + 1
        return steps[card.step]

    def _review(self, card: Progressing, rating: int, at: datetime,
                since: int | None) -> timedelta:
        self._remember(card, rating, at, since)
        if rating == _AGAIN and self.relearning:
            card.state, card.step = _RELEARNING, 0
            return self.relearning[0]
        assert card.stability is not None  # set by _remember
        return timedelta(days=self._interval(card.stability))

    def _remember(self, card: Progressing, rating: int, at: datetime, since: int | None) -> None:
        """A card's stability and difficulty after a review (once it has them)."""
        assert card.stability is not None and card.difficulty is not None
        if since is not None and since < 1:
            card.stability = self._short_term(card.stability, rating)
        else:
            card.stability = self._long_term(card, rating, at)
        card.difficulty = self._next_difficulty(card.difficulty, rating)

    def _graduate(self, card: Progressing) -> timedelta:
        assert card.stability is not None  # set by _step before
        card.state, card.step = _REVIEW, None
        return timedelta(days=self._interval(card.stability))

    def _interval(self, stability: float) -> int:
        growth: float = self.retention ** (1 / self.decay)  # 0 < retention < 1: a float
        days = round((stability / self.factor) * (growth - 1))
        return min(max(days, 1), self.maximum)

    def _short_term(self, stability: float, rating: int) -> float:
        w = self.w
        increase: float = (math.e ** (w[17] * (rating - 3 + w[18]))) * (stability ** -w[19])
        if rating != _AGAIN:
            increase = max(increase, 1.0)
        return max(stability * increase, _STABILITY_MIN)

    def _long_term(self, card: Progressing, rating: int, at: datetime) -> float:
        w, d, s = self.w, card.difficulty, card.stability
        assert d is not None and s is not None
        if card.last_review is None:  # the library's retrievability of a card never reviewed
            r = 0.0
        else:
            r = (1 + self.factor * max(0, (at - card.last_review).days) / s) ** self.decay
        if rating == _AGAIN:
            forget = (w[11] * (d ** -w[12]) * (((s + 1) ** (w[13])) - 1)
                      * (math.e ** ((1 - r) * w[14])))
            stability: float = min(forget, s / (math.e ** (w[17] * w[18])))
        else:
            hard = w[15] if rating == _HARD else 1
            easy = w[16] if rating == _EASY else 1
            stability = s * (1 + (math.e ** (w[8])) * (11 - d) * (s ** -w[9])
                             * ((math.e ** ((1 - r) * w[10])) - 1) * hard * easy)
        return max(stability, _STABILITY_MIN)

    def _next_difficulty(self, difficulty: float, rating: int) -> float:
        delta = -(self.w[6] * (rating - 3))
        damped = difficulty + (10.0 - difficulty) * delta / 9.0
        return self._clamp(self.w[7] * self.easy_difficulty + (1 - self.w[7]) * damped)

    @staticmethod
    def _clamp(difficulty: float) -> float:
        return min(max(difficulty, _MIN_DIFFICULTY), _MAX_DIFFICULTY)
