"""Naturals, «jogo feito» (Portaria 51/89/M, Art. 9 I).

A natural beats any hand without one, two naturals tie whatever they are, and a natural
scores 3 points. Whether 13 cards admit three flushes or three straights depends on how
they could be set, so those two are searched over the ways to split the cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.cards import Card
from trainer.rules.house import ThirteenRules

NATURAL_POINTS = 3


class Natural(StrEnum):
    """In the regulation's order (they all tie with each other)."""

    DRAGON = "dragon"
    SIX_PAIRS_AND_A_HALF = "six-pairs-and-a-half"
    THREE_FLUSHES = "three-flushes"
    THREE_STRAIGHTS = "three-straights"

    @property
    def label(self) -> Message:
        return Message.of(_NATURAL_NAMES[self])


_NATURAL_NAMES = {
    Natural.DRAGON: N_("dragon"),
    Natural.SIX_PAIRS_AND_A_HALF: N_("six pairs and a half"),
    Natural.THREE_FLUSHES: N_("three flushes"),
    Natural.THREE_STRAIGHTS: N_("three straights"),
}

# Sequences as rank sets; the ace plays high (Q-K-A, 10-J-Q-K-A) or low (A-2-3, A-2-3-4-5).
_LOW_ACE = 1


def _sequences(length: int) -> list[tuple[int, ...]]:
    return [tuple(range(low, low + length)) for low in range(_LOW_ACE, 15 - length + 1)]


_FIVE_SEQUENCES = _sequences(5)
_THREE_SEQUENCES = _sequences(3)


def find_natural(cards: Iterable[Card], rules: ThirteenRules | None = None) -> Natural | None:
    """The highest natural the 13 cards admit, or None."""
    rules = rules or ThirteenRules()
    cards = tuple(cards)
    if len(cards) != 13 or len(set(cards)) != 13:
        raise ValueError("a natural is judged on 13 different cards")
    ranks = Counter(int(card.rank) for card in cards)
    if len(ranks) == 13:
        return Natural.DRAGON
    if _six_pairs_and_a_half(ranks, rules):
        return Natural.SIX_PAIRS_AND_A_HALF
    if _three_flushes(Counter(card.suit for card in cards)):
        return Natural.THREE_FLUSHES
    if _three_straights(ranks):
        return Natural.THREE_STRAIGHTS
    return None


def _six_pairs_and_a_half(ranks: Counter[int], rules: ThirteenRules) -> bool:
    """Six pairs and one unequal card; four of a kind counts as two pairs."""
    if sum(n // 2 for n in ranks.values()) != 6:
        return False
    # Six pairs among 13 cards leave exactly one card over; by default it must be unequal
    # to every pair, so it cannot be the third card of a trio.
    return rules.six_pairs_allow_three_of_a_kind or 3 not in ranks.values()


def _three_flushes(suits: Counter) -> bool:
    """Can the suits fill tiers of 3, 5 and 5 cards, each tier of one suit?"""
    counts = sorted(suits.values())
    allowed = {(13,), (5, 8), (3, 10), (3, 5, 5)}
    return tuple(counts) in allowed


def _three_straights(ranks: Counter[int]) -> bool:
    """Can the ranks be split into a 3-card and two 5-card sequences?"""
    for front in _THREE_SEQUENCES:
        rest = _take(ranks, front)
        if rest is None:
            continue
        for middle in _FIVE_SEQUENCES:
            left = _take(rest, middle)
            if left is not None and any(_take(left, back) == Counter()
                                        for back in _FIVE_SEQUENCES):
                return True
    return False


def _take(ranks: Counter[int], sequence: tuple[int, ...]) -> Counter[int] | None:
    """``ranks`` without one card of each rank of ``sequence`` (ace low or high)."""
    rest = Counter(ranks)
    for rank in sequence:
        real = 14 if rank == _LOW_ACE else rank
        if rest[real] == 0:
            return None
        rest[real] -= 1
        if rest[real] == 0:
            del rest[real]
    return rest
