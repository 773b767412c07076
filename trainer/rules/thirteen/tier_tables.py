"""Every tier hand's key and worth, looked up by its cards: the house way's tables.

A tier's key depends only on its ranks, and for five cards of different ranks on whether
they share a suit (hands.py). So the house way never evaluates a hand. Each card has a
weight: 3 bits for its rank (room for four cards of it) and, above the 13 ranks, 3 bits
for its suit. The weights of a tier's cards add up to a total whose low bits name the
multiset of its ranks and whose high bits count its suits. The multiset's place among the
sorted codes of every multiset a deck allows (6,175 of five cards, 455 of three) is the
slot of the tables, built once from ``key5`` / ``key3`` and the share tables, so a ruling
is the same as evaluating the hand; five cards of one suit take the slot ``multisets``
further on.

What the tables hold for a hand (HI-HOUSE-WAY, Art. 9 II, Art. 10): its key, its key cut
to a front's depth (HI-EQUAL-TIERS), and the points it is expected to score in each tier
on the one integer scale of ``house_way`` (points × hands it beats or ties × the other
size's number of hands).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

import numpy as np

from trainer.rules.cards import Card, Suit
from trainer.rules.thirteen.arrangement import FRONT_CATEGORIES, Tier, category_points
from trainer.rules.thirteen.hands import (
    CATEGORY_SHIFT,
    Category,
    encode,
    front_depth_key,
    key3,
    key5,
)
from trainer.rules.thirteen.shares import SUITS, tables

_RANKS = range(14, 1, -1)
#: Bits of the ranks' part of a weight; the suits' part is above them.
_RANK_BITS = 3 * len(_RANKS)
_SUIT_NUMBER = {suit: number for number, suit in enumerate(Suit)}


def rank_code(rank: int) -> int:
    """A rank's part of a code: 3 bits per rank, so four cards of one rank never carry."""
    return 1 << 3 * (rank - 2)


def card_weight(card: Card) -> int:
    """The card's rank code, and 3 bits for its suit above every rank's."""
    return rank_code(int(card.rank)) | 1 << _RANK_BITS + 3 * _SUIT_NUMBER[card.suit]


@dataclass(frozen=True)
class FiveCardTable:
    """Keys and worth of every 5-card tier hand, by slot."""

    codes: np.ndarray  # the sorted codes of every multiset of five ranks
    key: np.ndarray  # the hand's key (hands.key5)
    front_key: np.ndarray  # the key cut to a front's depth, to compare with the front
    back_worth: np.ndarray  # expected points in the back, on the integer scale
    middle_worth: np.ndarray  # expected points in the middle
    #: The most a split with this hand behind can be worth: its worth there, the most a
    #: middle no stronger is worth, the most a front no stronger than its front's depth is.
    ceiling: np.ndarray
    one_suit: np.ndarray  # by a total's suit bits: how far on five cards of one suit are

    @property
    def multisets(self) -> int:
        return len(self.codes)

    def slots(self, totals: np.ndarray) -> np.ndarray:
        """The slot of each 5-card hand, given the total of its cards' weights."""
        ranks = np.searchsorted(self.codes, totals & (1 << _RANK_BITS) - 1)
        slots: np.ndarray = ranks + self.one_suit[totals >> _RANK_BITS]
        return slots


@dataclass(frozen=True)
class ThreeCardTable:
    """Keys and worth of every 3-card front, by slot (no flush in a front)."""

    codes: np.ndarray
    key: np.ndarray
    worth: np.ndarray  # expected points in the front

    def slots(self, totals: np.ndarray) -> np.ndarray:
        """The slot of each 3-card front, given the total of its cards' weights."""
        slots: np.ndarray = np.searchsorted(self.codes, totals & (1 << _RANK_BITS) - 1)
        return slots


def _multisets(size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks a deck allows (at most four cards a rank), high
    to low."""
    for ranks in itertools.combinations_with_replacement(_RANKS, size):
        if all(ranks[at] != ranks[at + SUITS] for at in range(size - SUITS)):
            yield ranks


def _code(ranks: tuple[int, ...]) -> int:
    return sum(rank_code(rank) for rank in ranks)


@cache
def five_card_table() -> FiveCardTable:
    five, three = tables()
    codes, ranks = _by_code(5)
    plain = [key5(hand, False) for hand in ranks]
    # Five cards of one suit: a flush (or straight flush) when the ranks differ; a
    # multiset with a repeated rank cannot share a suit and its slot is never looked up.
    flushes = [key5(hand, True) if len(set(hand)) == 5 else key
               for hand, key in zip(ranks, plain, strict=True)]
    keys = np.array(plain + flushes, dtype=np.int64)
    wins = np.array([five.wins[key] for key in keys.tolist()], dtype=np.int64)
    # Suit bits of a total: 3 per suit, so five of one suit reads 5 in that suit's bits.
    one_suit = np.zeros(1 << 3 * SUITS, dtype=np.intp)
    one_suit[[5 << 3 * suit for suit in range(SUITS)]] = len(codes)
    front_key = _front_depth(keys)
    back_worth = _points(keys, Tier.BACK) * wins * three.total
    middle_worth = _points(keys, Tier.MIDDLE) * wins * three.total
    fronts = three_card_table()
    ceiling = (back_worth + _most_at_most(keys, middle_worth, keys)
               + _most_at_most(fronts.key, fronts.worth, front_key))
    return FiveCardTable(codes=codes, key=keys, front_key=front_key, back_worth=back_worth,
                         middle_worth=middle_worth, ceiling=ceiling, one_suit=one_suit)


@cache
def three_card_table() -> ThreeCardTable:
    five, three = tables()
    codes, ranks = _by_code(3)
    keys = np.array([key3(hand) for hand in ranks], dtype=np.int64)
    wins = np.array([three.wins[key] for key in keys.tolist()], dtype=np.int64)
    return ThreeCardTable(codes=codes, key=keys,
                          worth=_points(keys, Tier.FRONT) * wins * five.total)


def _most_at_most(keys: np.ndarray, worth: np.ndarray, limits: np.ndarray) -> np.ndarray:
    """For each limit, the greatest worth of a hand whose key is at most the limit (0 if
    none is): a stronger tier never lets a weaker one below it be worth more."""
    order = np.argsort(keys, kind="stable")
    greatest = np.concatenate(([0], np.maximum.accumulate(worth[order])))
    most: np.ndarray = greatest[np.searchsorted(keys[order], limits, side="right")]
    return most


def _by_code(size: int) -> tuple[np.ndarray, list[tuple[int, ...]]]:
    """Every multiset of ``size`` ranks, ordered by code, and the codes."""
    by_code = sorted((_code(ranks), ranks) for ranks in _multisets(size))
    return (np.array([code for code, _ranks in by_code], dtype=np.int64),
            [ranks for _code_, ranks in by_code])


def _points(keys: np.ndarray, tier: Tier) -> np.ndarray:
    """The points each key's combination scores when it wins ``tier`` (Art. 9 II)."""
    categories = [c for c in Category if tier is not Tier.FRONT or c in FRONT_CATEGORIES]
    by_category = np.zeros(len(Category) + 1, dtype=np.int64)
    by_category[categories] = [category_points(c, tier) for c in categories]
    points: np.ndarray = by_category[keys >> CATEGORY_SHIFT]
    return points


def _front_depth(keys: np.ndarray) -> np.ndarray:
    """``front_depth_key`` of every key: the categories a front knows keep its depth."""
    kept = np.full(len(Category) + 1, -1, dtype=np.int64)
    for category in FRONT_CATEGORIES:
        key = encode(category, ())
        kept[category] = front_depth_key(key | 0xFFFFF)
    cut: np.ndarray = keys & kept[keys >> CATEGORY_SHIFT]
    return cut
