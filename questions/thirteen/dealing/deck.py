"""Dealing 13-card situations on purpose: named tier hands taken from one 52-card deck.

A :class:`Shape` names a tier hand by its combination and its ranks, groups first (the
pair before its odd cards, the trio before the pair), the way the Macau order reads them.
A :class:`Deck` hands out real cards for a shape, so every hand in one question comes
from one deck and no card is seen twice. Generators pick the shapes they want to teach;
the rules core still judges the cards they get.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import TypeVar

from trainer.rules.cards import Card, Suit, full_deck
from trainer.rules.thirteen.hands import Category, category_of, key3, key5, straight_value

ACE = 14
RANKS = tuple(range(2, 15))
SUITS = tuple(Suit)
#: Cards of each rank a shape takes, by hand size and combination.
_COUNTS = {
    5: {Category.PAIR: (2, 1, 1, 1), Category.TWO_PAIRS: (2, 2, 1),
        Category.THREE_OF_A_KIND: (3, 1, 1), Category.FULL_HOUSE: (3, 2),
        Category.FOUR_OF_A_KIND: (4, 1)},
    3: {Category.PAIR: (2, 1), Category.THREE_OF_A_KIND: (3,), Category.HIGH_CARD: (1, 1, 1)},
}
SUITED = frozenset({Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH})
#: Every combination of a 5-card tier, and the three a 3-card front knows.
FIVE_CATEGORIES = tuple(Category)
FRONT_CATEGORIES = (Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND)

T = TypeVar("T")


class Shortage(Exception):
    """The deck lacks a card a shape needs; the generator tries other shapes."""


def sequence(low: int) -> tuple[int, ...]:
    """The five ranks of a straight from ``low`` (1 = A-2-3-4-5), as the regulation writes
    it: A-2-3-4-5 from the ace, the others from the top card down."""
    if low == 1:
        return (ACE, 2, 3, 4, 5)
    return tuple(range(low + 4, low - 1, -1))


@dataclass(frozen=True)
class Shape:
    category: Category
    ranks: tuple[int, ...]
    size: int = 5
    #: All one suit although the combination does not need it (a front that looks like
    #: a flush), or not.
    suited: bool = False

    @property
    def counts(self) -> tuple[int, ...]:
        return _COUNTS[self.size].get(self.category, (1,) * self.size)

    @cached_property
    def all_ranks(self) -> tuple[int, ...]:
        return tuple(r for r, n in zip(self.ranks, self.counts, strict=True) for _ in range(n))

    @cached_property
    def key(self) -> int:
        """The core's key for these ranks, to tell shapes apart before dealing them."""
        ranks = tuple(sorted(self.all_ranks, reverse=True))
        if self.size == 3:
            return key3(ranks)
        return key5(ranks, self.category in SUITED)

    @property
    def repeatable(self) -> bool:
        """Whether one deck can deal this hand twice, in other suits (an exact tie)."""
        return max(self.counts) <= 2

    def is_valid(self) -> bool:
        return (len(self.all_ranks) == self.size and all(self.all_ranks.count(r) <= 4
                                                         for r in self.ranks)
                and category_of(self.key) is self.category)


_CARDS = {(int(card.rank), card.suit): card for card in full_deck()}


class Deck:
    """The cards not yet dealt in this question; choices come only from ``rng``."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self._suits = {rank: list(SUITS) for rank in RANKS}  # suits left, in SUITS order

    def has(self, card: Card) -> bool:
        return card.suit in self._suits[int(card.rank)]

    def left(self, rank: int) -> int:
        """How many cards of ``rank`` the deck still holds."""
        return len(self._suits[rank])

    def deal(self, shape: Shape) -> tuple[Card, ...]:
        """Cards for ``shape``, taken out of the deck; raises :class:`Shortage`."""
        if not shape.is_valid():
            raise ValueError(f"not a {shape.category.name}: {shape.ranks}")
        if shape.category in SUITED or shape.suited:
            cards = self._one_suit(shape.ranks)
        else:
            cards = self._mixed(shape)
        return self.take(cards)

    def deal_all(self, shapes: tuple[Shape, ...]) -> tuple[tuple[Card, ...], ...]:
        """Cards for every shape, or none at all (raises :class:`Shortage`)."""
        kept = {rank: list(suits) for rank, suits in self._suits.items()}
        try:
            return tuple(self.deal(shape) for shape in shapes)
        except Shortage:
            self._suits = kept
            raise

    def take_rank(self, rank: int, count: int = 1,
                  suits: tuple[Suit, ...] = SUITS) -> tuple[Card, ...]:
        """``count`` cards of ``rank`` in suits picked at random among ``suits``."""
        left = [s for s in self._suits[rank] if s in suits]
        if len(left) < count:
            raise Shortage
        chosen = sorted(self.rng.sample(left, count), key=SUITS.index)
        return self.take(tuple(_CARDS[rank, s] for s in chosen))

    def take(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        """Exactly these cards (a copy of a hand in other suits, say); raises Shortage."""
        if any(not self.has(card) for card in cards) or len(set(cards)) != len(cards):
            raise Shortage
        for card in cards:
            self._suits[int(card.rank)].remove(card.suit)
        return cards

    def _one_suit(self, ranks: tuple[int, ...]) -> tuple[Card, ...]:
        suits = [s for s in SUITS if all(s in self._suits[r] for r in ranks)]
        if not suits:
            raise Shortage
        suit = self.rng.choice(suits)
        return tuple(_CARDS[r, suit] for r in ranks)

    def _mixed(self, shape: Shape) -> tuple[Card, ...]:
        cards: list[Card] = []
        for rank, count in zip(shape.ranks, shape.counts, strict=True):
            suits = self._suits[rank]
            if len(suits) < count:
                raise Shortage
            chosen = sorted(self.rng.sample(suits, count), key=SUITS.index)
            cards += [_CARDS[rank, s] for s in chosen]
        if shape.size == 5 and len({c.suit for c in cards}) == 1:
            # Five different ranks in one suit would be a flush: move the last card.
            rank, suit = int(cards[-1].rank), cards[-1].suit
            others = [s for s in self._suits[rank] if s != suit]
            if not others:
                raise Shortage
            cards[-1] = _CARDS[rank, self.rng.choice(others)]
        return tuple(cards)


def with_retries(rng: random.Random, build: Callable[[random.Random], T], tries: int = 60,
                 *, inner: bool = False) -> T:
    """``build(rng)`` until it does not run short of cards (bounded; the rng moves on).

    An ``inner`` attempt that keeps failing raises :class:`Shortage` for the outer one to
    start again; the outermost raises RuntimeError, a generator that needs fixing.
    """
    for _ in range(tries):
        try:
            return build(rng)
        except Shortage:
            continue
    if inner:
        raise Shortage
    raise RuntimeError("could not deal the situation; the generator needs fixing")


def distinct(rng: random.Random, count: int, pool: tuple[int, ...] | list[int] = RANKS,
             exclude: tuple[int, ...] = ()) -> tuple[int, ...]:
    """``count`` different ranks from ``pool``, high to low."""
    choices = [r for r in pool if r not in exclude]
    if len(choices) < count:
        raise Shortage
    return tuple(sorted(rng.sample(choices, count), reverse=True))


def unsequenced(rng: random.Random, count: int = 5, exclude: tuple[int, ...] = (),
                top: int | None = None,
                pool: tuple[int, ...] | list[int] = RANKS) -> tuple[int, ...]:
    """Different ranks from ``pool``, high to low, that are not a straight (for high cards
    and flushes); ``top`` fixes the highest."""
    for _ in range(30):
        if top is None:
            ranks = distinct(rng, count, pool, exclude)
        else:
            ranks = (top, *distinct(rng, count - 1, [r for r in pool if r < top], exclude))
        if count != 5 or straight_value(frozenset(ranks)) is None:
            return ranks
    raise Shortage


def random_shape(rng: random.Random, category: Category, size: int = 5,
                 deck: Deck | None = None, planned: Counter[int] | None = None) -> Shape:
    """Any hand of ``category``, ranks at random.

    With a ``deck``, only ranks (and suits) it still holds, less the ``planned`` ranks of
    shapes chosen but not yet dealt, so that the shape can be dealt.
    """
    planned = planned or Counter()
    # what each rank has left, counted once: nothing here takes a card
    held = {rank: (4 if deck is None else deck.left(rank)) - planned[rank] for rank in RANKS}

    def left(rank: int) -> int:
        return held[rank]

    def pool(count: int) -> list[int]:
        return [r for r in RANKS if left(r) >= count]

    def in_suit(suit: Suit) -> list[int]:
        return [r for r in RANKS if left(r) >= 1 and (deck is None or deck.has(_CARDS[r, suit]))]

    if category is Category.HIGH_CARD:
        return Shape(category, unsequenced(rng, size, pool=pool(1)), size)
    if category is Category.FLUSH:
        suits = [s for s in SUITS if len(in_suit(s)) >= 6]
        if not suits:
            raise Shortage
        return Shape(category, unsequenced(rng, pool=in_suit(rng.choice(suits))))
    if category in (Category.PAIR, Category.THREE_OF_A_KIND):
        width = 2 if category is Category.PAIR else 3
        group = distinct(rng, 1, pool(width))
        return Shape(category, group + distinct(rng, size - width, pool(1), group), size)
    if category is Category.TWO_PAIRS:
        pairs = distinct(rng, 2, pool(2))
        return Shape(category, pairs + distinct(rng, 1, pool(1), pairs))
    if category in (Category.FULL_HOUSE, Category.FOUR_OF_A_KIND):
        full = category is Category.FULL_HOUSE
        group = distinct(rng, 1, pool(3 if full else 4))
        return Shape(category, group + distinct(rng, 1, pool(2 if full else 1), group))
    lows = {Category.STRAIGHT: range(1, 11), Category.STRAIGHT_FLUSH: range(1, 10),
            Category.ROYAL_FLUSH: range(10, 11)}[category]
    if category is Category.STRAIGHT:
        fits = [low for low in lows if all(left(r) >= 1 for r in sequence(low))]
    else:
        suited = [frozenset(in_suit(s)) for s in SUITS]  # each suit's ranks, read once
        fits = [low for low in lows if any(suit.issuperset(sequence(low)) for suit in suited)]
    if not fits:
        raise Shortage
    return Shape(category, sequence(rng.choice(fits)))
