"""Words every game's questions share: places, seats, amounts of money."""

from __future__ import annotations

from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules.table import BANKER_PLACE


def place_label(place: int, banker: int = BANKER_PLACE) -> Message:
    """"Place 3", or "Place 1 (banker)" for the banker's place."""
    if place == banker:
        return Message.of(N_("Place {place} (banker)"), place=place)
    return Message.of(N_("Place {place}"), place=place)


def money_label(amount: Decimal) -> Message:
    """An amount, formatted in the language current when it is shown."""
    return Message.of(N_("{amount}"), amount=Money(amount))
