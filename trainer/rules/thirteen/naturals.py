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
from trainer.rules.cards import Card, Suit
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
    if straights_split(ranks):
        return Natural.THREE_STRAIGHTS
    return None


def admitted_naturals(cards: Iterable[Card],
                      rules: ThirteenRules | None = None) -> tuple[Natural, ...]:
    """Every natural the 13 cards admit, in the regulation's order (Art. 9 I).

    :func:`find_natural` names the first; a dragon, for one, is always three straights too.
    """
    rules = rules or ThirteenRules()
    cards = tuple(cards)
    if len(cards) != 13 or len(set(cards)) != 13:
        raise ValueError("a natural is judged on 13 different cards")
    ranks = Counter(int(card.rank) for card in cards)
    checks = {
        Natural.DRAGON: len(ranks) == 13,
        Natural.SIX_PAIRS_AND_A_HALF: _six_pairs_and_a_half(ranks, rules),
        Natural.THREE_FLUSHES: _three_flushes(Counter(card.suit for card in cards)),
        Natural.THREE_STRAIGHTS: straights_split(ranks) is not None,
    }
    return tuple(natural for natural in Natural if checks[natural])


def _six_pairs_and_a_half(ranks: Counter[int], rules: ThirteenRules) -> bool:
    """Six pairs and one unequal card; four of a kind counts as two pairs."""
    if sum(n // 2 for n in ranks.values()) != 6:
        return False
    # Six pairs among 13 cards leave exactly one card over; by default it must be unequal
    # to every pair, so it cannot be the third card of a trio.
    return rules.six_pairs_allow_three_of_a_kind or 3 not in ranks.values()


def _three_flushes(suits: Counter[Suit]) -> bool:
    """Can the suits fill tiers of 3, 5 and 5 cards, each tier of one suit?"""
    counts = sorted(suits.values())
    allowed = {(13,), (5, 8), (3, 10), (3, 5, 5)}
    return tuple(counts) in allowed


def straights_split(ranks: Counter[int]) -> tuple[tuple[int, ...], ...] | None:
    """A split of the ranks into a 3-card and two 5-card sequences, or None if none exists.

    The sequences are (front, middle, back), each low to high; 1 stands for an ace played
    low (A-2-3, A-2-3-4-5), 14 for an ace played high (Q-K-A, 10-J-Q-K-A).
    """
    if sum(ranks.values()) != 13 or max(ranks.values()) > 3:
        return None  # three sequences hold no rank more than three times
    counts = [0] * 15
    for rank, count in ranks.items():
        counts[rank] = count
    for front in _THREE_SEQUENCES:
        rest = _take(counts, front)
        if rest is None:
            continue
        for middle in _FIVE_SEQUENCES:
            left = _take(rest, middle)
            if left is None:
                continue
            back = _sequence_of(left)
            if back is not None and back >= middle:
                return front, middle, back
    return None


def _take(counts: list[int], sequence: tuple[int, ...]) -> list[int] | None:
    """``counts`` (cards per rank) less one card of each rank of ``sequence``."""
    rest = counts.copy()
    for rank in sequence:
        real = 14 if rank == _LOW_ACE else rank
        if rest[real] == 0:
            return None
        rest[real] -= 1
    return rest


def _sequence_of(counts: list[int]) -> tuple[int, ...] | None:
    """The five cards left as a sequence (low to high), or None if they are not one."""
    ranks = [rank for rank in range(2, 15) if counts[rank]]
    if len(ranks) != 5 or any(counts[rank] != 1 for rank in ranks):
        return None
    if ranks == [2, 3, 4, 5, 14]:
        return _FIVE_SEQUENCES[0]
    return tuple(ranks) if ranks[-1] - ranks[0] == 4 else None
