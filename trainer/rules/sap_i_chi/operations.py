"""Sap I Chi: the croupier's operations of a round, in the order the text gives them.

Portaria 9/76, Art. 2: before the round the croupier fixes a cloth, rolled, in the little
case (n.º 1); the players mark their bets until he rings the bell (n.º 2; the bell is his,
Art. 1 (4)); with the bets made he unrolls the cloth, which decides the round (n.º 3); a
payer drops in the chute the card of the number on the cloth, confirming the result, and the
croupier sends the cloth and the empty tube through the hatches, a new tube coming for the
next round (n.º 4). Each operation comes with its reason, so a round graded step by step
cites the point the step rests on.
"""

from __future__ import annotations

from enum import StrEnum

from i18n import N_, Message
from trainer.rules.regulations import Reason
from trainer.rules.sap_i_chi.bets import number_label
from trainer.rules.sap_i_chi.draw import Point


class Operation(StrEnum):
    """What the croupier does in a round, in the text's order (Art. 2)."""

    CLOTH = "cloth"  # n.º 1: a tube from the box, its cloth fixed rolled in the case
    BELL = "bell"  # n.º 2: the bell ends the markings
    UNROLL = "unroll"  # n.º 3: the cloth unrolled decides the round
    CONFIRM = "confirm"  # n.º 4: the card of the cloth's number confirms the result
    HATCHES = "hatches"  # n.º 4: cloth and tube through the hatches; a new tube next


_POINTS = {
    Operation.CLOTH: Point.DRAW,
    Operation.BELL: Point.BELL,
    Operation.UNROLL: Point.DECIDED,
    Operation.CONFIRM: Point.CARD,
    Operation.HATCHES: Point.HATCHES,
}

_TEXTS = {
    Operation.CLOTH: N_("Before each round the croupier takes a tube from the box through the "
                        "opening behind the curtain and fixes its cloth, still rolled, in the "
                        "little case by its larger rod."),
    Operation.BELL: N_("The croupier rings the bell to end the markings: after it no new "
                       "bets and no changes to the bets made."),
    Operation.UNROLL: N_("The bets made, the croupier opens the little case and unrolls the "
                         "cloth by its lower edge: showing its number and character decides "
                         "the round."),
    Operation.CONFIRM: N_("The round decided, a payer drops in the chute the card of the "
                          "number on the cloth, {number}, confirming the result."),
    Operation.HATCHES: N_("The result confirmed, the croupier rolls the cloth up again and "
                          "sends it through one hatch and the empty tube through the other; a "
                          "new tube from the box begins the next round."),
}


def operation_reason(operation: Operation, number: int | None = None) -> Reason:
    """Why the croupier does ``operation`` now, with the point of Art. 2 it rests on;
    ``number``: the number on the cloth, which the card confirms."""
    operation = Operation(operation)
    if operation is Operation.CONFIRM:
        if number is None:
            raise ValueError("the card confirms the number on the cloth: name it")
        text = Message.of(_TEXTS[operation], number=number_label(number))
    else:
        text = Message.of(_TEXTS[operation])
    return Reason(text, _POINTS[operation].article)
