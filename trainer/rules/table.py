"""Places at the table and the dice that pick who is served first.

Places are counted from the banker, who is place 1, counterclockwise: place 2 is
at the banker's right. Dealing, paying and collecting go the same way.
"""

from __future__ import annotations

from enum import StrEnum

from i18n import N_, Message


class Outcome(StrEnum):
    """Who wins a comparison, in every game."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


BANKER_PLACE = 1


def first_seat(dice_total: int, seats: int) -> int:
    """The place picked by the dice: count ``dice_total`` places from the banker (as 1).

    Nobody may add to or subtract from the total (13-card game Art. 2 c).
    """
    if seats < 1:
        raise ValueError(f"a table has at least one place, not {seats}")
    if dice_total < 1:
        raise ValueError(f"a dice total is at least 1, not {dice_total}")
    return (dice_total - 1) % seats + 1


def dealing_order(dice_total: int, seats: int) -> tuple[int, ...]:
    """One round of dealing: every place once, counterclockwise from the dice-picked place."""
    start = first_seat(dice_total, seats)
    return tuple((start - 1 + step) % seats + 1 for step in range(seats))


def seat_for_card(dice_total: int, seats: int, card_number: int) -> int:
    """The place that receives the ``card_number``-th card (1-based), one card at a time."""
    if card_number < 1:
        raise ValueError(f"cards are numbered from 1, not {card_number}")
    order = dealing_order(dice_total, seats)
    return order[(card_number - 1) % seats]


def counting_explanation(dice_total: int, seats: int) -> Message:
    """How the count runs around the table, in words a croupier would say."""
    place = first_seat(dice_total, seats)
    if dice_total <= seats:
        return Message.of(
            N_("Count {total} places counterclockwise starting with the banker as 1: "
               "the count stops at place {place}."), total=dice_total, place=place)
    return Message.of(
        N_("Count {total} places counterclockwise starting with the banker as 1, going "
           "round the {seats} places as often as needed: the count stops at place {place}."),
        total=dice_total, seats=seats, place=place)
