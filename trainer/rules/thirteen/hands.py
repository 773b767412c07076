"""Tier hands of the 13-card game and their Macau order (Portaria 51/89/M, Art. 6, 9 II).

Not an ordinary poker order:
- A-K-Q-J-10 is the highest straight and **A-2-3-4-5 the second**, then K-high … 6-high.
- The royal flush is its own category; below it **A-2-3-4-5 is the highest straight flush**.
- Four of a kind ignores its odd card, a full house and three of a kind compare the trio only.
- The 3-card front knows only three of a kind, a pair and high card.

Each hand gets an integer key: the category in the top bits, then up to five tie-break
ranks, four bits each. Equal keys are equal hands in the Macau order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from i18n import N_, Message
from trainer.rules.cards import Card


class Category(IntEnum):
    """Combinations, stronger is larger (Art. 9 II lists them high to low)."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIRS = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    ROYAL_FLUSH = 10

    @property
    def label(self) -> Message:
        return Message.of(_CATEGORY_NAMES[self])


_CATEGORY_NAMES = {
    Category.ROYAL_FLUSH: N_("royal flush"),
    Category.STRAIGHT_FLUSH: N_("straight flush"),
    Category.FOUR_OF_A_KIND: N_("four of a kind"),
    Category.FULL_HOUSE: N_("full house"),
    Category.FLUSH: N_("flush"),
    Category.STRAIGHT: N_("straight"),
    Category.THREE_OF_A_KIND: N_("three of a kind"),
    Category.TWO_PAIRS: N_("two pairs"),
    Category.PAIR: N_("pair"),
    Category.HIGH_CARD: N_("high card"),
}

ACE, KING = 14, 13
#: The value of A-K-Q-J-10 among straights, above A-2-3-4-5 (which takes the ace's 14).
BROADWAY = 15
WHEEL = frozenset({14, 2, 3, 4, 5})
#: How many tie-break ranks of a 5-card hand matter against a 3-card front.
_FRONT_DEPTH = {Category.THREE_OF_A_KIND: 1, Category.PAIR: 2, Category.HIGH_CARD: 3}
#: Where a key's category starts: below it, five tie-break ranks of four bits each.
CATEGORY_SHIFT = 20


def encode(category: Category, tiebreak: tuple[int, ...]) -> int:
    key = int(category)
    for position in range(5):
        key = key << 4 | (tiebreak[position] if position < len(tiebreak) else 0)
    return key


def category_of(key: int) -> Category:
    return Category(key >> CATEGORY_SHIFT)


def tiebreak_of(key: int) -> tuple[int, ...]:
    digits = tuple((key >> shift) & 0xF for shift in (16, 12, 8, 4, 0))
    return tuple(d for d in digits if d)


def front_depth_key(key: int) -> int:
    """``key`` cut to the ranks a 3-card front has, for comparing across tier sizes.

    HI-EQUAL-TIERS: a front is compared with a middle by category, then the ranks that
    define the category, then kickers over the shorter list.
    """
    depth = _FRONT_DEPTH.get(category_of(key))
    if depth is None:
        return key
    keep = CATEGORY_SHIFT - 4 * depth
    return key >> keep << keep


def straight_value(ranks: frozenset[int]) -> int | None:
    """The rank of a 5-card sequence in the Macau order, or None if not a sequence."""
    if len(ranks) != 5:
        return None
    if ranks == WHEEL:
        return ACE  # the second-highest straight, the highest straight flush
    if max(ranks) - min(ranks) == 4:
        return BROADWAY if max(ranks) == ACE else max(ranks)
    return None


@cache
def key5(ranks: tuple[int, ...], flush: bool) -> int:
    """The key of five cards given their ranks (high to low) and whether they share a suit."""
    straight = straight_value(frozenset(ranks))
    if flush and straight == BROADWAY:
        return encode(Category.ROYAL_FLUSH, ())
    if flush and straight:
        return encode(Category.STRAIGHT_FLUSH, (straight,))
    groups = _groups(ranks)
    shape = tuple(count for count, _rank in groups)
    tops = tuple(rank for _count, rank in groups)
    if shape == (4, 1):
        return encode(Category.FOUR_OF_A_KIND, tops[:1])
    if shape == (3, 2):
        return encode(Category.FULL_HOUSE, tops[:1])
    if flush:
        return encode(Category.FLUSH, ranks)
    if straight:
        return encode(Category.STRAIGHT, (straight,))
    if shape == (3, 1, 1):
        return encode(Category.THREE_OF_A_KIND, tops[:1])
    if shape == (2, 2, 1):
        return encode(Category.TWO_PAIRS, tops)
    if shape == (2, 1, 1, 1):
        return encode(Category.PAIR, tops)
    return encode(Category.HIGH_CARD, ranks)


@cache
def key3(ranks: tuple[int, ...]) -> int:
    """The key of a 3-card front: no straights and no flushes there (Art. 9 II 7, 9, 10)."""
    groups = _groups(ranks)
    tops = tuple(rank for _count, rank in groups)
    if groups[0][0] == 3:
        return encode(Category.THREE_OF_A_KIND, tops[:1])
    if groups[0][0] == 2:
        return encode(Category.PAIR, tops)
    return encode(Category.HIGH_CARD, ranks)


def _groups(ranks: tuple[int, ...]) -> list[tuple[int, int]]:
    """(count, rank) pairs, largest group first, then higher rank first."""
    return sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)


def key_of(cards: Iterable[Card]) -> int:
    cards = tuple(cards)
    ranks = tuple(sorted((int(c.rank) for c in cards), reverse=True))
    if len(cards) == 5:
        return key5(ranks, len({c.suit for c in cards}) == 1)
    if len(cards) == 3:
        return key3(ranks)
    raise ValueError(f"a tier holds 3 or 5 cards, not {len(cards)}")


@dataclass(frozen=True, eq=False)
class TierHand:
    """The 3 or 5 cards of one tier, ordered the Macau way.

    Hands of the same size compare fully. A 3-card and a 5-card hand compare for the foul
    rule: category, then defining ranks, then kickers over the shorter list.
    """

    cards: tuple[Card, ...]
    key: int

    @property
    def category(self) -> Category:
        return category_of(self.key)

    @property
    def tiebreak(self) -> tuple[int, ...]:
        return tiebreak_of(self.key)

    def _keys(self, other: TierHand) -> tuple[int, int]:
        if len(self.cards) == len(other.cards):
            return self.key, other.key
        return front_depth_key(self.key), front_depth_key(other.key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TierHand):
            return NotImplemented
        mine, theirs = self._keys(other)
        return mine == theirs

    def __hash__(self) -> int:
        return hash(self.category)

    def __lt__(self, other: TierHand) -> bool:
        mine, theirs = self._keys(other)
        return mine < theirs

    def __le__(self, other: TierHand) -> bool:
        mine, theirs = self._keys(other)
        return mine <= theirs

    def __gt__(self, other: TierHand) -> bool:
        return other < self

    def __ge__(self, other: TierHand) -> bool:
        return other <= self

    def __str__(self) -> str:
        return " ".join(str(card) for card in self.cards)


def evaluate(cards: Iterable[Card]) -> TierHand:
    """The tier hand of 3 or 5 cards."""
    cards = tuple(cards)
    if len(set(cards)) != len(cards):
        raise ValueError("a tier cannot hold the same card twice")
    return TierHand(cards, key_of(cards))
