"""What the charts are given to draw (no pyqtgraph here, so building it costs nothing)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from trainer.progress.learning.mastery import MasteryLevel

#: The practice calendar shows this many weeks, this one included.
WEEKS = 12


def calendar_range(today: date, weeks: int = WEEKS) -> tuple[date, date]:
    """From the Monday ``weeks - 1`` weeks before this week's, to ``today``."""
    monday = today - timedelta(days=today.weekday())
    return monday - timedelta(weeks=weeks - 1), today


class Measure(StrEnum):
    """What a weekly chart shows."""

    ACCURACY = "accuracy"  # a share, 0–1
    SECONDS = "seconds"
    ANSWERS = "answers"


@dataclass(frozen=True)
class WeekValue:
    """One week's figure and how to say it (in the language current when it is said)."""

    week: date
    value: float
    describe: Callable[[], str]


@dataclass(frozen=True)
class SkillBar:
    """One skill's row: its accuracy and what the row says beside its title."""

    skill: str
    #: Accuracy over every answer (0–1); ``None`` before the first answer.
    accuracy: float | None
    #: What the row says after the title: the level, or the cohort's mastery.
    note: Callable[[], str]
    describe: Callable[[], str]
    level: MasteryLevel | None = None
