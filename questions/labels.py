"""Words every game's questions share: places, seats, amounts of money."""

from __future__ import annotations

from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules.house import HouseRules
from trainer.rules.table import BANKER_PLACE


def place_label(place: int, banker: int = BANKER_PLACE) -> Message:
    """"Place 3", or "Place 1 (banker)" for the banker's place."""
    if place == banker:
        return Message.of(N_("Place {place} (banker)"), place=place)
    return Message.of(N_("Place {place}"), place=place)


def money_label(amount: Decimal) -> Message:
    """An amount, formatted in the language current when it is shown."""
    return Message.of(N_("{amount}"), amount=Money(amount))


def rate_label(rate: Decimal) -> Message:
    """A rate as a share in words: "5 per cent" (a literal % stays out of message ids)."""
    return Message.of(N_("{rate} per cent"), rate=f"{(rate * 100).normalize():f}")


def commission_terms(rate: Decimal) -> Message:
    """The house's commission on every amount won, when it is a setting."""
    return Message.of(N_("The house takes a commission of {rate} on every amount won."),
                      rate=rate_label(rate))


def mahjong_terms(rules: HouseRules) -> Message:
    """The house's Mah-Jong amounts (and commission, if any), which every payment
    depends on."""
    house = rules.mahjong
    amounts = Message.of(N_("The house's amounts: kai vu {kai_vu}, 1 fán {one_fan}, double "
                            "fán {double_fan}."), kai_vu=Money(house.kai_vu_amount),
                         one_fan=Money(house.one_fan_amount),
                         double_fan=Money(house.double_fan_amount))
    if not house.commission_rate:
        return amounts
    return Message.of(N_("{amounts} {commission}"), amounts=amounts,
                      commission=commission_terms(house.commission_rate))
