"""A wrong answer for any question, made from the reference answer by its answer form.

Used to show that grading can fail: every mutation changes the substance of the answer
(another place, a swapped pair, a cent more, a chip more, one option more or less, a card
sent to the wrong place, two cards swapped between tiers so that the hand fouls).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from questions import AnswerKind, Question
from trainer.rules.cards import Card, parse_cards
from trainer.rules.thirteen import Arrangement, Tier, is_foul


def mutate(question: Question, answer: Any) -> Any:
    kind = question.form.kind
    values = [option.value for option in question.form.options]
    if kind is AnswerKind.CHOICE:
        return next(value for value in values if value != answer)
    if kind is AnswerKind.ORDERING:
        order = list(answer)
        order[0], order[1] = order[1], order[0]
        return order
    if kind is AnswerKind.AMOUNT:
        return Decimal(answer) + Decimal("0.01")
    if kind is AnswerKind.CHIPS:  # one smallest chip more: the wrong amount
        smallest = str(question.rules.chips.tray[0])
        chips = {str(chip): count for chip, count in answer["chips"].items()}
        return {**answer, "chips": {**chips, smallest: chips.get(smallest, 0) + 1}}
    if kind is AnswerKind.WALK:  # the first place settled a smallest chip more
        smallest = str(question.rules.chips.tray[0])
        first, *rest = answer["steps"]
        if first["way"] == "nothing":
            return {"steps": [{**first, "way": "pay", "chips": {smallest: 1}}, *rest]}
        chips = {str(chip): count for chip, count in first["chips"].items()}
        chips[smallest] = chips.get(smallest, 0) + 1
        return {"steps": [{**first, "chips": chips}, *rest]}
    if kind is AnswerKind.CHOICES:
        return set(answer) ^ {values[0]}
    if kind is AnswerKind.MOVES:
        return _wrong_moves(question, answer)
    if kind is AnswerKind.ARRANGEMENT:
        if answer.get("natural"):  # the same tiers, the natural not declared
            return {**answer, "natural": False}
        return {**_fouled(answer), "natural": False}
    if kind is AnswerKind.RULING:  # one reason more or less, or (none offered) another ruling
        if question.form.reasons:
            return {**answer, "reasons": set(answer["reasons"])
                    ^ {question.form.reasons[0].value}}
        return {**answer, "ruling": next(v for v in values if v != answer["ruling"])}
    raise AssertionError(f"no mutation for {kind}")


def _wrong_moves(question: Question, answer: dict[str, Any]) -> dict[str, Any]:
    """Rectify → send the first card elsewhere; continue ↔ cancel otherwise."""
    if answer["action"] == "rectify":
        (card, place), *rest = answer["moves"]
        places = question.situation.places
        return {"action": "rectify", "moves": [[card, place % places + 1], *rest]}
    return {"action": "cancel" if answer["action"] == "continue" else "continue", "moves": []}


def _cards(tier: Any) -> list[Card]:
    return list(parse_cards(tier) if isinstance(tier, str) else map(Card.parse, tier))


def _fouled(answer: dict[str, Any]) -> dict[str, list[str]]:
    """The 13 cards with the back and front tiers' strongest parts swapped until it fouls."""
    cards = sorted(_cards(answer["front"]) + _cards(answer["middle"]) + _cards(answer["back"]),
                   reverse=True)
    # The three highest ranks in front and the five lowest at the back foul unless the
    # back makes a hand; try the orders that put the most strength in front.
    for front, middle, back in ((cards[:3], cards[3:8], cards[8:]),
                                (cards[:3], cards[8:], cards[3:8]),
                                (cards[3:6], cards[6:11], cards[:3] + cards[11:]),
                                (cards[5:8], cards[:5], cards[8:])):
        arrangement = Arrangement(tuple(front), tuple(middle), tuple(back))
        if is_foul(arrangement):
            return {tier.value: [str(c) for c in arrangement.tier(tier)] for tier in Tier}
    raise AssertionError(f"could not foul {answer}")
