"""Paying with chips: the usual mistake of the change (HI-CHIP-CHANGE).

The part of a payment below the smallest chip is paid as change, beside the chips
(:func:`trainer.rules.chips.split`). The usual mistake pays it with a chip instead: the
amount rounded up to the next smallest chip, or down to the chips alone (the change left
out). :func:`mistaken_payments` gives both, from the rules core's own split of the amount;
a chip form compares the amount given with them (and with its typed skill's mistakes).
"""

from __future__ import annotations

from decimal import Decimal

from i18n import N_
from trainer.rules.chips import HI_CHIP_CHANGE, split
from trainer.rules.mistakes import MistakeKind, kind

GAME = "chips"

CHANGE_IN_CHIPS = kind(
    GAME, "change_in_chips", N_("The change paid in chips"),
    N_("You rounded the part below the smallest chip to a chip: it is paid as change, "
       "beside the chips"), HI_CHIP_CHANGE)

KINDS = (CHANGE_IN_CHIPS,)


def mistaken_payments(amount: Decimal, denominations: tuple[Decimal, ...]
                      ) -> tuple[tuple[MistakeKind, Decimal], ...]:
    """``amount`` (not negative) as the change paid in chips pays it: rounded down to the
    chips and up to one more smallest chip; none when it has no change."""
    in_chips, change = split(amount, denominations)
    if not change:
        return ()
    return ((CHANGE_IN_CHIPS, in_chips), (CHANGE_IN_CHIPS, in_chips + denominations[0]))
