"""Paying with chips, as a croupier does at the table: the house's denominations, the payment
a croupier builds from them, and the fewest chips that make an amount.

The regulations fix what is paid, not the chips it is paid with: the denominations and how
a payment is broken down are the house's settings
(:class:`trainer.rules.house.ChipRules`). An amount below the smallest chip is paid as change
(HI-CHIP-CHANGE), typed beside the chips.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from i18n import N_, Message, Money
from trainer.rules.regulations import HouseInterpretation, Reason

#: The most chips of one denomination in a payment (a croupier cuts stacks of 20).
MOST_OF_ONE = 999
#: The most denominations a tray holds.
MOST_DENOMINATIONS = 12
#: The part of a payment below the smallest chip is paid as change, beside the chips.
HI_CHIP_CHANGE = HouseInterpretation("HI-CHIP-CHANGE")


class ChipError(ValueError):
    """Denominations or a payment that cannot be (said in English: a programming error or a
    setting refused before it is saved)."""


def read_denominations(text: str) -> tuple[Decimal, ...]:
    """The denominations a setting lists (numbers separated by spaces), smallest first:
    positive whole patacas (or dollars), each once, at most :data:`MOST_DENOMINATIONS`."""
    try:
        found = [Decimal(token) for token in text.replace(",", " ").split()]
    except InvalidOperation as error:
        raise ChipError(f"not a list of amounts: {text!r}") from error
    if not found or len(found) > MOST_DENOMINATIONS:
        raise ChipError(f"between 1 and {MOST_DENOMINATIONS} denominations: {text!r}")
    if any(d <= 0 or d != d.to_integral_value() or not d.is_finite() for d in found):
        raise ChipError(f"a chip is worth a whole positive amount: {text!r}")
    if len(set(found)) != len(found):
        raise ChipError(f"each denomination once: {text!r}")
    if any(d % min(found) for d in found):  # so any multiple of the smallest can be paid
        raise ChipError(f"every chip is worth a whole number of the smallest: {text!r}")
    return tuple(sorted(Decimal(int(d)) for d in found))


def total(chips: Mapping[Decimal, int]) -> Decimal:
    """What a handful of chips is worth."""
    return sum((value * count for value, count in chips.items()), Decimal(0))


def split(amount: Decimal, denominations: tuple[Decimal, ...]) -> tuple[Decimal, Decimal]:
    """The part of ``amount`` paid in chips (a multiple of the smallest chip) and the change
    below the smallest chip (HI-CHIP-CHANGE)."""
    if amount < 0:
        raise ChipError(f"a payment is not negative: {amount}")
    smallest = denominations[0]
    in_chips = (amount // smallest) * smallest
    return in_chips, amount - in_chips


def fewest_chips(amount: Decimal, denominations: tuple[Decimal, ...]) -> dict[Decimal, int]:
    """The fewest chips that make ``amount`` (a multiple of the smallest chip), the larger
    chips first among payments of as many chips. Greedy for the usual trays (each chip
    worth a multiple of the next smaller, or any tray where greedy is proven best), else
    counted exactly."""
    smallest = denominations[0]
    if amount < 0 or amount % smallest:
        raise ChipError(f"{amount} is not a whole number of {smallest} chips")
    if greedy_is_best(denominations):
        return _greedy(amount, denominations)
    return _exact(amount, denominations)


def chip_count(chips: Mapping[Decimal, int]) -> int:
    return sum(chips.values())


@dataclass(frozen=True)
class Payment:
    """An amount paid as a croupier pays it: the fewest chips, the change below the
    smallest chip, and why there is change."""

    chips: dict[Decimal, int]
    change: Decimal
    reasons: tuple[Reason, ...]


def payment(amount: Decimal, denominations: tuple[Decimal, ...],
            currency: str = "MOP") -> Payment:
    """``amount`` (not negative) in the fewest chips of the tray, and its change
    (HI-CHIP-CHANGE), the change said in the chips' ``currency``."""
    in_chips, change = split(amount, denominations)
    reasons: tuple[Reason, ...] = ()
    if change:
        reasons = (Reason(Message.of(
            N_("{change} is less than the smallest chip, {smallest}: it is paid as change "
               "beside the chips."),
            change=Money(change, currency), smallest=Money(denominations[0], currency)),
            HI_CHIP_CHANGE),)
    return Payment(fewest_chips(in_chips, denominations), change, reasons)


def _greedy(amount: Decimal, denominations: tuple[Decimal, ...]) -> dict[Decimal, int]:
    chips: dict[Decimal, int] = {}
    left = amount
    for value in reversed(denominations):
        count = int(left // value)
        if count:
            chips[value] = count
            left -= value * count
    return chips


@functools.cache
def greedy_is_best(denominations: tuple[Decimal, ...]) -> bool:
    """Whether taking the largest chip that fits always gives the fewest chips (a canonical
    system): checked against the exact count for every amount below the sum of the two
    largest chips, where a counter-example would have to be (Kozen and Zaks, 1994)."""
    units = [int(d / denominations[0]) for d in denominations]
    if len(units) < 3:
        return True  # 1 and n: greedy is best
    limit = units[-1] + units[-2]
    best = _fewest_table(limit, units)
    for amount in range(1, limit):
        left, count = amount, 0
        for unit in reversed(units):
            count += left // unit
            left %= unit
        if left == 0 and count > best[amount]:
            return False
    return True


def _fewest_table(limit: int, units: list[int]) -> list[float]:
    best: list[float] = [0.0] + [float("inf")] * limit
    for amount in range(1, limit + 1):
        for unit in units:
            if unit <= amount and best[amount - unit] + 1 < best[amount]:
                best[amount] = best[amount - unit] + 1
    return best


def _exact(amount: Decimal, denominations: tuple[Decimal, ...]) -> dict[Decimal, int]:
    """Fewest chips by counting (for trays where greedy is not best): the large chips that
    greedy would surely use are taken first, then the rest is counted exactly."""
    smallest = denominations[0]
    units = [int(d / smallest) for d in denominations]
    wanted = int(amount / smallest)
    reserve = units[-1] * (units[-1] + units[-2] if len(units) > 1 else 1)
    large = max(0, (wanted - reserve) // units[-1])
    rest = wanted - large * units[-1]
    best = _fewest_table(rest, units)
    chips: dict[Decimal, int] = {denominations[-1]: large} if large else {}
    left = rest
    while left:
        unit = max(u for u in units if u <= left and best[left - u] == best[left] - 1)
        value = denominations[units.index(unit)]
        chips[value] = chips.get(value, 0) + 1
        left -= unit
    return chips
