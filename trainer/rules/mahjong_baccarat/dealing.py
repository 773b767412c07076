"""Mahjong Baccarat dealing: the banker's four dice pick the place served first (Art. 2.1–2.4).

All ten places are dealt two tiles, one stack each (Art. 2.4), counterclockwise from that
place (Art. 2.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from i18n import N_, Message
from trainer.rules import table
from trainer.rules.mahjong_baccarat.tiles_and_points import PLACES
from trainer.rules.regulations import Article, Reason, Regulation

ART_2_2 = Article(Regulation.MAHJONG_BACCARAT, 2, "2")
ART_2_3 = Article(Regulation.MAHJONG_BACCARAT, 2, "3")
ART_2_4 = Article(Regulation.MAHJONG_BACCARAT, 2, "4")


def first_seat(dice_total: int) -> int:
    """The place receiving the first tiles, counted from the banker as 1 (Art. 2.2)."""
    return table.first_seat(dice_total, PLACES)


@dataclass(frozen=True)
class Served:
    place: int
    reasons: tuple[Reason, ...]


def served(dice: Sequence[int], stack: int = 1) -> Served:
    """The place that receives stack ``stack`` (1 = the first) after the banker's four dice.

    The total counts places from the banker as 1, counterclockwise, and nobody may change
    it (Art. 2.2–2.3). The tiles lie in stacks of two (Art. 2.1) and every place receives
    two tiles (Art. 2.4): one stack to each place in turn, counterclockwise (Art. 2.3, not
    2.4, which says only that all ten places are dealt).
    """
    if len(dice) != 4 or not all(1 <= face <= 6 for face in dice):
        raise ValueError("the banker shakes four dice, each showing 1 to 6")
    if not 1 <= stack <= PLACES:
        raise ValueError(f"one stack goes to each of the {PLACES} places")
    total = sum(dice)
    place = table.seat_for_card(total, PLACES, stack)
    reasons = [Reason(Message.of(N_("The dice show {dice}: a total of {total}, which nobody "
                                    "may add to or subtract from."),
                                 dice=" + ".join(str(face) for face in dice), total=total),
                      ART_2_3),
               Reason(table.counting_explanation(total, PLACES), ART_2_2)]
    if stack > 1:
        reasons.append(Reason(Message.of(N_(
            "All ten places are always dealt, two tiles each: one stack of two to each "
            "place.")), ART_2_4))
        reasons.append(Reason(Message.of(N_(
            "The tiles are dealt counterclockwise from place {first}: stack {stack} goes to "
            "place {place}."), first=first_seat(total), stack=stack, place=place), ART_2_3))
    return Served(place, tuple(reasons))
