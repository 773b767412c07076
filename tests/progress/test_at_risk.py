"""Trainees at risk: low accuracy once there are enough answers, or no practice for days."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from trainer.progress import Person, Role
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.reports.at_risk import (
    SETTING,
    Risk,
    RiskThresholds,
    risks,
    set_thresholds,
    thresholds,
)
from trainer.progress.reports.figures import Figures, TraineeRow
from trainer.progress.storage.ledger import store_setting
from trainer.progress.storage.store import StoreError
from trainer.progress.storage.values import stamp

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
LIMITS = RiskThresholds(Decimal("0.6"), 20, 7)


def row(attempts, correct, last_days_ago=None, created_days_ago=30):
    person = Person("0f4e1c1a-8d6b-4c1e-9a0b-2b7d5c3e4f10", "Ana Lei", Role.TRAINEE, None,
                    stamp(NOW - timedelta(days=created_days_ago)))
    last = None if last_days_ago is None else stamp(NOW - timedelta(days=last_days_ago))
    return TraineeRow(person, Figures(attempts, correct, 0), 0, None, last)


@pytest.mark.parametrize(("attempts", "correct", "expected"), [
    (20, 11, (Risk.LOW_ACCURACY,)),  # 55 %
    (20, 12, ()),  # exactly 60 %: not under
    (19, 0, ()),  # too few answers to tell
    (0, 0, ()),
])
def test_low_accuracy_once_there_are_enough_answers(attempts, correct, expected):
    assert risks(row(attempts, correct, last_days_ago=1), LIMITS, NOW) == expected


def test_idle_from_the_last_answer_or_from_being_added():
    assert risks(row(30, 30, last_days_ago=7), LIMITS, NOW) == (Risk.IDLE,)
    assert risks(row(30, 30, last_days_ago=6.9), LIMITS, NOW) == ()
    assert risks(row(0, 0, None, created_days_ago=8), LIMITS, NOW) == (Risk.IDLE,)
    assert risks(row(0, 0, None, created_days_ago=2), LIMITS, NOW) == ()
    assert risks(row(40, 10, last_days_ago=10), LIMITS, NOW) == (Risk.LOW_ACCURACY, Risk.IDLE)


def test_the_thresholds_are_the_desk_s_setting(store, instructor, ana):
    assert thresholds(store) == RiskThresholds()
    chosen = RiskThresholds(Decimal("0.75"), 10, 3)
    set_thresholds(store, instructor, chosen)
    assert thresholds(store) == chosen
    with pytest.raises(NotAllowed, match="Only an instructor"):
        set_thresholds(store, ana, RiskThresholds())
    for wrong in (RiskThresholds(Decimal("1.01"), 10, 3), RiskThresholds(Decimal("0.5"), 0, 3),
                  RiskThresholds(Decimal("0.5"), 10, 366), RiskThresholds(Decimal("-0.1"), 1, 1)):
        with pytest.raises(StoreError, match="At-risk thresholds"):
            set_thresholds(store, instructor, wrong)
    assert thresholds(store) == chosen
    store_setting(store, SETTING, "{damaged")
    assert thresholds(store) == RiskThresholds()
    store_setting(store, SETTING, '{"accuracy": "2", "least_answers": 5, "idle_days": 5}')
    assert thresholds(store) == RiskThresholds()  # out of range: the defaults
