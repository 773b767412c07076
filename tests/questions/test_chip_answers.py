"""A payment in chips as the trainee gives it: the tray's chips counted, and the change below
the smallest chip (HI-CHIP-CHANGE) read in the trainee's language."""

from __future__ import annotations

from decimal import Decimal

import pytest

import i18n
from questions.answers import read_chips
from questions.model import UnreadableAnswer
from trainer.rules.house import HouseRules

TRAY = HouseRules().chips.tray


def test_chips_and_change_are_read():
    chips, change = read_chips({"chips": {"100": 3, "25": 1, "5": 0}, "change": "2.50"}, TRAY)
    assert chips == {Decimal(100): 3, Decimal(25): 1} and change == Decimal("2.50")
    assert read_chips({"chips": {}}, TRAY) == ({}, Decimal(0))
    with i18n.speaking("pt_MO"):
        assert read_chips({"chips": {"10": 1}, "change": "4,99"}, TRAY)[1] == Decimal("4.99")


@pytest.mark.parametrize("answer", [
    "325", {"chips": {"7": 1}}, {"chips": {"100": -1}}, {"chips": {"100": 1.0}},
    {"chips": {"100": True}}, {"chips": {"100": 1000}}, {"chips": [100]}, {"coins": {}},
    {"chips": {"abc": 1}},
])
def test_what_is_not_a_payment_from_the_tray_is_refused(answer):
    with pytest.raises(UnreadableAnswer, match="Pay with the chips of the tray"):
        read_chips(answer, TRAY)


def test_change_is_below_the_smallest_chip_on_both_sides():
    assert read_chips({"chips": {}, "change": "4.99"}, TRAY)[1] == Decimal("4.99")
    with pytest.raises(UnreadableAnswer, match=r"below the smallest chip \(MOP\$5\.00\)"):
        read_chips({"chips": {}, "change": "5"}, TRAY)
    with pytest.raises(UnreadableAnswer, match="below the smallest chip"):
        read_chips({"chips": {}, "change": "-1"}, TRAY)


def test_the_default_tray_is_macaus():
    assert TRAY == tuple(Decimal(d) for d in (5, 10, 25, 50, 100, 500, 1000, 5000, 10000))
    with pytest.raises(ValueError, match="whole number of the smallest"):
        _ = HouseRules.from_json({"chips": {"denominations": "10 25"}}).chips.tray
