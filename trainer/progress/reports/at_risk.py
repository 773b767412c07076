"""Trainees at risk, for the desk: accuracy under a threshold (once they have answered
enough to tell), or no practice for a number of days. The thresholds are this desk's
settings, which an instructor changes on the Trainees page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from enum import StrEnum

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.reports.figures import Figures, TraineeRow
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.progress.storage.store import Store, StoreError

SETTING = "at_risk"


class Risk(StrEnum):
    LOW_ACCURACY = "low-accuracy"
    IDLE = "idle"


@dataclass(frozen=True)
class RiskThresholds:
    #: Accuracy under this share (of every answer) is low…
    accuracy: Decimal = Decimal("0.6")
    #: …once the trainee has given at least this many answers.
    least_answers: int = 20
    #: No answer for this many days (or none at all since they were added) is idle.
    idle_days: int = 7

    def check(self) -> RiskThresholds:
        if not (Decimal(0) <= self.accuracy <= Decimal(1) and 1 <= self.least_answers <= 10_000
                and 1 <= self.idle_days <= 365):
            raise StoreError(Message.of(N_(
                "At-risk thresholds: an accuracy from 0 to 100 %, from 1 to 10,000 answers and "
                "from 1 to 365 days.")))
        return self

    def to_json(self) -> str:
        return json.dumps({"accuracy": str(self.accuracy), "least_answers": self.least_answers,
                           "idle_days": self.idle_days})


def thresholds(store: Store) -> RiskThresholds:
    """This desk's thresholds; the defaults if none are set or they cannot be read."""
    try:
        raw = json.loads(stored_setting(store, SETTING) or "{}")
        return RiskThresholds(Decimal(str(raw.get("accuracy", "0.6"))),
                              int(raw.get("least_answers", 20)),
                              int(raw.get("idle_days", 7))).check()
    except (ValueError, TypeError, AttributeError, InvalidOperation, StoreError):
        return RiskThresholds()


def set_thresholds(store: Store, actor: Actor, chosen: RiskThresholds) -> None:
    require_instructor(store, actor)
    store_setting(store, SETTING, chosen.check().to_json())


def risks(row: TraineeRow, limits: RiskThresholds, now: datetime | None = None
          ) -> tuple[Risk, ...]:
    """What puts the trainee of ``row`` at risk, if anything."""
    now = now or datetime.now(UTC)
    found = []
    if low_accuracy(row.figures, limits):
        found.append(Risk.LOW_ACCURACY)
    since = row.last_answered_at or row.person.created_at
    if since and (now - datetime.fromisoformat(since)).days >= limits.idle_days:
        found.append(Risk.IDLE)
    return tuple(found)


def low_accuracy(figures: Figures, limits: RiskThresholds) -> bool:
    """Accuracy under the threshold, over enough answers to tell: of a trainee's every
    answer (:func:`risks`), or of their answers in one skill (the class grid's struggles)."""
    accuracy = figures.accuracy
    return accuracy is not None and figures.attempts >= limits.least_answers \
        and accuracy < limits.accuracy
