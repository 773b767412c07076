"""Dealing three-card hands of a chosen class, so each question teaches what it means to.

The generators pick the class they want first (so every class and outcome turns up as
often as intended), then deal cards from one deck that make it; the rules core's
:func:`~trainer.rules.three_card.classes.rank` checks every hand dealt. Nothing here decides a
coup or a payout.
"""

from __future__ import annotations

import itertools
import random
from enum import Enum

from trainer.rules.cards import Card, format_cards, full_deck, parse_cards
from trainer.rules.three_card.classes import CLASS_COUNT, THREE_FIGURES_CLASS, card_points, rank

DECK = full_deck()
FIGURES = tuple(card for card in DECK if card.rank.is_figure)
#: The cards that are not figures, by the points they count (0 for the tens).
BY_POINTS = {points: tuple(card for card in DECK
                           if not card.rank.is_figure and card_points(card) == points)
             for points in range(10)}
ATTEMPTS = 40
#: The classes of zero points: with two figures, one, none (items 29–31).
ZERO_CLASSES = (29, 30, 31)


class Tens(Enum):
    """How a dealt hand uses tens, the cards that count 0 without being figures."""

    AVOID = "avoid"  # only where the class needs one (two figures and a ten)
    ANY = "any"  # as they come
    PREFER = "prefer"  # a ten among the non-figures whenever the class allows


def points_and_figures(class_number: int) -> tuple[int, int]:
    """The points and figures a class stands for (class 1: three figures, 0 points)."""
    if class_number == THREE_FIGURES_CLASS:
        return 0, 3
    steps = class_number - 2
    return 9 - steps // 3, 2 - steps % 3


def _values(rng: random.Random, points: int, count: int, tens: Tens) -> list[int]:
    """``count`` card points (0 for a ten) whose sum ends in ``points``."""
    if count == 0:
        return []
    if count == 1:
        return [points]
    pool = range(10) if tens is Tens.ANY else range(1, 10)
    values = [0] if tens is Tens.PREFER else []
    while len(values) < count - 1:
        values.append(rng.choice(pool))
    last = (points - sum(values)) % 10
    if last == 0 and tens is Tens.AVOID:
        # Move one point between the first card and the last, keeping the sum.
        shift = 1 if values[0] < 9 else -1
        values[0] += shift
        last = (-shift) % 10
    values.append(last)
    rng.shuffle(values)
    return values


def deal_class(rng: random.Random, class_number: int, used: set[Card],
               tens: Tens = Tens.ANY) -> tuple[Card, ...]:
    """Three cards not in ``used`` making class ``class_number``; adds them to ``used``."""
    if not 1 <= class_number <= CLASS_COUNT:
        raise ValueError(f"no class {class_number}")
    points, figures = points_and_figures(class_number)
    for _ in range(ATTEMPTS):
        wanted = [FIGURES] * figures + [BY_POINTS[v] for v in
                                        _values(rng, points, 3 - figures, tens)]
        hand: list[Card] = []
        for cards in wanted:
            free = [card for card in cards if card not in used and card not in hand]
            if not free:
                break
            hand.append(rng.choice(free))
        else:
            return _taken(tuple(hand), class_number, used)
    # A deck this crowded is rare; search it in order rather than loop on luck.
    free_cards = [card for card in DECK if card not in used]
    for cards in itertools.combinations(free_cards, 3):
        if rank(cards) == class_number:
            return _taken(cards, class_number, used)
    raise ValueError(f"no class {class_number} hand left in the deck")


def _taken(hand: tuple[Card, ...], class_number: int, used: set[Card]) -> tuple[Card, ...]:
    if rank(hand) != class_number:
        raise AssertionError(f"dealt {format_cards(hand)} for class {class_number}")
    used.update(hand)
    return hand


def text(hand: tuple[Card, ...]) -> str:
    """A hand as the situation stores it: ``"10D JS 5H"``."""
    return format_cards(hand)


def cards(hand_text: str) -> tuple[Card, ...]:
    return parse_cards(hand_text)
