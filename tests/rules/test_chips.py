"""Chips: the house's denominations, the change below the smallest chip, and the fewest chips
that make an amount — against an exhaustive count on small trays and amounts."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules.chips import (
    ChipError,
    chip_count,
    fewest_chips,
    greedy_is_best,
    read_denominations,
    split,
    total,
)

MACAU = read_denominations("5 10 25 50 100 500 1000 5000 10000")


def brute_fewest(amount: int, units: tuple[int, ...]) -> int | None:
    """The fewest coins by trying every count (small amounts only)."""
    best = None
    ranges = [range(amount // u + 1) for u in units]
    for counts in itertools.product(*ranges):
        if sum(c * u for c, u in zip(counts, units, strict=True)) == amount:
            n = sum(counts)
            best = n if best is None else min(best, n)
    return best


def test_the_macau_tray_reads_and_sorts():
    assert read_denominations("10000 5 25 10 50 100 500 1000 5000") == MACAU
    assert MACAU[0] == Decimal(5) and MACAU[-1] == Decimal(10000)


@pytest.mark.parametrize(("text", "problem"), [
    ("", "between 1 and 12"), ("5 5", "each denomination once"), ("5 -10", "whole positive"),
    ("2.5 5", "whole positive"), ("five", "not a list"), ("0 5", "whole positive"),
    (" ".join(str(n) for n in range(1, 14)), "between 1 and 12"),
    ("10 25", "a whole number of the smallest"),
])
def test_a_tray_that_cannot_be_is_refused(text, problem):
    with pytest.raises(ChipError, match=problem):
        read_denominations(text)


def test_twelve_denominations_are_the_most_a_tray_holds():
    assert len(read_denominations(" ".join(str(n * 12) for n in range(1, 13)))) == 12


def test_change_is_what_is_below_the_smallest_chip():
    assert split(Decimal("1237.50"), MACAU) == (Decimal(1235), Decimal("2.50"))
    assert split(Decimal(1235), MACAU) == (Decimal(1235), Decimal(0))
    assert split(Decimal("4.99"), MACAU) == (Decimal(0), Decimal("4.99"))
    assert split(Decimal(5), MACAU) == (Decimal(5), Decimal(0))
    with pytest.raises(ChipError, match="not negative"):
        split(Decimal(-5), MACAU)


def test_a_hand_worked_payment():
    """MOP 1,785 paid from the Macau tray: 1000 + 500 + 100 × 2 + 50 + 25 + 10 — 7 chips."""
    chips = fewest_chips(Decimal(1785), MACAU)
    assert chips == {Decimal(1000): 1, Decimal(500): 1, Decimal(100): 2, Decimal(50): 1,
                     Decimal(25): 1, Decimal(10): 1}
    assert total(chips) == Decimal(1785) and chip_count(chips) == 7


def test_only_whole_numbers_of_the_smallest_chip_are_paid_in_chips():
    with pytest.raises(ChipError, match="not a whole number of 5 chips"):
        fewest_chips(Decimal(7), MACAU)
    assert fewest_chips(Decimal(0), MACAU) == {}


def test_the_usual_trays_are_greedy_and_an_odd_one_is_not():
    assert greedy_is_best(MACAU)
    assert not greedy_is_best(read_denominations("10 40 50"))  # 80 = 40 + 40, not 50+10×3


@given(st.integers(0, 400))
def test_the_macau_tray_pays_the_fewest_chips(units):
    amount = Decimal(units * 5)
    chips = fewest_chips(amount, MACAU)
    assert total(chips) == amount
    if units <= 60:  # brute force stays quick
        assert chip_count(chips) == brute_fewest(units, (1, 2, 5, 10, 20, 100))


@given(st.integers(1, 3), st.lists(st.integers(2, 12), max_size=3, unique=True),
       st.integers(0, 60))
def test_any_tray_pays_the_fewest_chips_it_can(smallest, times, amount):
    """On any tray (each chip a whole number of the smallest; greedy or counted) money is
    conserved and no payment is shorter; an amount that is not a whole number of the
    smallest chip is refused."""
    units = sorted({smallest, *(smallest * t for t in times)})
    tray = tuple(Decimal(u * 5) for u in units)
    if amount % smallest:
        with pytest.raises(ChipError, match="not a whole number"):
            fewest_chips(Decimal(amount * 5), tray)
        return
    possible = brute_fewest(amount, tuple(units))
    chips = fewest_chips(Decimal(amount * 5), tray)
    assert total(chips) == Decimal(amount * 5)
    assert chip_count(chips) == possible


def test_an_odd_tray_is_counted_exactly_even_for_a_large_amount():
    odd = read_denominations("10 40 50")
    assert fewest_chips(Decimal(80), odd) == {Decimal(40): 2}
    large = fewest_chips(Decimal(100_080), odd)
    assert total(large) == Decimal(100_080)
    assert chip_count(large) == 2002  # 2,000 × 50 and 2 × 40
