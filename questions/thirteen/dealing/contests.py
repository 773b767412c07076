"""Tier hands that meet on purpose: what the ranking and tier-winner questions compare.

Level 1 sets hands of different combinations against each other; level 2 hands of one
combination that the ranks or the odd cards decide (with the odd cards set to mislead:
the lower trio gets the higher pair); level 3 the Macau edge cases — A-2-3-4-5 as the
second straight and the first straight flush, the royal flush on its own, and fronts that
look like straights or flushes but know only trios, pairs and high cards (Art. 9 II).
"""

from __future__ import annotations

import random

from questions.thirteen.dealing.deck import (
    ACE,
    FIVE_CATEGORIES,
    FRONT_CATEGORIES,
    RANKS,
    Shape,
    Shortage,
    distinct,
    random_shape,
    sequence,
    unsequenced,
)
from trainer.rules.thirteen.hands import Category

#: Combinations that two hands from one deck can hold exactly equal (no trio twice).
TIE_CATEGORIES = {
    5: (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIRS, Category.STRAIGHT,
        Category.FLUSH),
    3: (Category.HIGH_CARD, Category.PAIR),
}
#: Level 3 ties: the Macau straights and flushes.
EDGE_TIES = ((Category.STRAIGHT, 1), (Category.STRAIGHT_FLUSH, 1),
             (Category.ROYAL_FLUSH, 10), (Category.STRAIGHT, 10))


def shapes_for(rng: random.Random, difficulty: int, size: int, count: int) -> list[Shape]:
    """``count`` hands of ``size`` cards, all of different strength, for ``difficulty``."""
    if difficulty == 1:
        shapes = different_categories(rng, size, count)
    elif difficulty == 2:
        shapes = close_shapes(rng, size, count)
    else:
        shapes = macau_cases(rng, size, count)
    if len({shape.key for shape in shapes}) != len(shapes):
        raise Shortage  # equal strength: try again
    return shapes


def tie_shape(rng: random.Random, difficulty: int, size: int) -> Shape:
    """A hand that the deck can deal twice in different suits, equal in the Macau order."""
    if difficulty == 3 and size == 5 and rng.random() < 0.5:
        category, low = rng.choice(EDGE_TIES)
        return Shape(category, sequence(low))
    return random_shape(rng, rng.choice(TIE_CATEGORIES[size]), size)


def different_categories(rng: random.Random, size: int, count: int) -> list[Shape]:
    if size == 3:
        categories = rng.sample(FRONT_CATEGORIES, min(count, 3))
    else:
        # The royal flush only now and then: it is a level 3 lesson of its own.
        pool = [c for c in FIVE_CATEGORIES if c is not Category.ROYAL_FLUSH or rng.random() < .2]
        categories = rng.sample(pool, count)
    return [random_shape(rng, category, size) for category in categories]


def close_shapes(rng: random.Random, size: int, count: int,
                 categories: tuple[Category, ...] | None = None) -> list[Shape]:
    """Hands of one combination (one of ``categories``), decided by the ranks or the odd
    cards."""
    if categories is None:
        categories = FRONT_CATEGORIES[:2] if size == 3 else tuple(
            c for c in FIVE_CATEGORIES if c is not Category.ROYAL_FLUSH)
    category = rng.choice(categories)
    if category in (Category.HIGH_CARD, Category.FLUSH):
        return _shared_tops(rng, category, size, count)
    if category is Category.PAIR:
        return _pairs(rng, size, count)
    if category is Category.TWO_PAIRS:
        return _two_pairs(rng, count)
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        lows = rng.sample(range(2, 10 if category is Category.STRAIGHT else 9), count)
        return [Shape(category, sequence(low)) for low in lows]
    return _misleading_groups(rng, category, count)


def _shared_tops(rng: random.Random, category: Category, size: int,
                 count: int) -> list[Shape]:
    """High cards or flushes equal at the top, decided further down."""
    base = unsequenced(rng, size, top=rng.randint(10, ACE))
    shapes = [Shape(category, base, size)]
    for _ in range(count - 1):
        shapes.append(Shape(category, _variant(rng, base), size))
    if not all(shape.is_valid() for shape in shapes):
        raise Shortage  # a variant made a straight: try again
    return shapes


def _variant(rng: random.Random, ranks: tuple[int, ...],
             exclude: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Ranks sharing a random number of top cards with ``ranks`` and then different."""
    for _ in range(20):
        keep = rng.randint(0, len(ranks) - 1)
        ceiling = ranks[keep - 1] if keep else ACE + 1
        pool = [r for r in range(2, ceiling) if r not in exclude and r not in ranks[:keep]]
        if len(pool) < len(ranks) - keep:
            continue
        new = ranks[:keep] + tuple(sorted(rng.sample(pool, len(ranks) - keep), reverse=True))
        if new != ranks:
            return new
    raise Shortage


def _pairs(rng: random.Random, size: int, count: int) -> list[Shape]:
    """Two hands with the same pair (the odd cards decide), the others other pairs."""
    pairs = distinct(rng, count - 1)
    first = pairs[0]
    kickers = distinct(rng, size - 2, exclude=(first,))
    shapes = [Shape(Category.PAIR, (first, *kickers), size),
              Shape(Category.PAIR, (first, *_variant(rng, kickers, (first,))), size)]
    for pair in pairs[1:]:
        shapes.append(Shape(Category.PAIR, (pair, *distinct(rng, size - 2, exclude=(pair,))),
                            size))
    return shapes


def _two_pairs(rng: random.Random, count: int) -> list[Shape]:
    """The same high pair twice (the second pair or the odd card decides), then others."""
    high, low = distinct(rng, 2)
    odd = rng.choice([r for r in RANKS if r not in (high, low)])
    if rng.random() < 0.5:
        second = (high, low, rng.choice([r for r in RANKS if r not in (high, low, odd)]))
    else:
        lower = [r for r in RANKS if r not in (high, low) and r < high]
        if not lower:
            raise Shortage
        other = rng.choice(lower)
        second = (high, other, rng.choice([r for r in RANKS if r not in (high, other)]))
    shapes = [Shape(Category.TWO_PAIRS, (high, low, odd)), Shape(Category.TWO_PAIRS, second)]
    for _ in range(count - 2):
        top, bottom = distinct(rng, 2, exclude=(high,))
        shapes.append(Shape(Category.TWO_PAIRS, (top, bottom, rng.choice(
            [r for r in RANKS if r not in (top, bottom)]))))
    return shapes


def _misleading_groups(rng: random.Random, category: Category, count: int) -> list[Shape]:
    """Trios, full houses or fours of a kind where the lower group has the higher odd cards."""
    groups = distinct(rng, count)
    rest = [r for r in RANKS if r not in groups]
    if category is Category.THREE_OF_A_KIND:
        odd = sorted((distinct(rng, 2, rest) for _ in range(count)), reverse=True)
    else:
        odd = [(r,) for r in sorted(rng.sample(rest, count), reverse=True)]
    # groups run high to low, the odd cards low to high: the odd cards never decide.
    return [Shape(category, (group, *cards))
            for group, cards in zip(groups, reversed(odd), strict=True)]


def macau_cases(rng: random.Random, size: int, count: int) -> list[Shape]:
    """The edge cases of the Macau order."""
    if size == 3:
        return _front_lookalikes(rng, count)
    case = rng.choice(("straights", "straight flushes", "mixed"))
    if case == "straights":
        lows = [1, *rng.sample([10, 9, rng.randint(2, 8)], count - 1)]
        return [Shape(Category.STRAIGHT, sequence(low)) for low in lows]
    if case == "straight flushes":
        lows = [1, *rng.sample([10, 9, rng.randint(2, 8)], count - 1)]
        return [Shape(Category.ROYAL_FLUSH if low == 10 else Category.STRAIGHT_FLUSH,
                      sequence(low)) for low in lows]
    wheel = Shape(rng.choice((Category.STRAIGHT, Category.STRAIGHT_FLUSH)), sequence(1))
    return [wheel, *rng.sample([
        Shape(Category.STRAIGHT, sequence(rng.choice((2, 9)))),
        Shape(Category.FLUSH, unsequenced(rng, top=rng.randint(7, 10))),
        Shape(Category.THREE_OF_A_KIND, (ACE, *distinct(rng, 2, exclude=(ACE,)))),
        Shape(Category.FOUR_OF_A_KIND, (rng.randint(2, 6), ACE)),
        Shape(Category.ROYAL_FLUSH, sequence(10)),
    ], count - 1)]


def _front_lookalikes(rng: random.Random, count: int) -> list[Shape]:
    """Fronts that look like straights and flushes (high cards there) against small pairs."""
    low = rng.randint(3, 10)
    pair = rng.randint(2, 5)
    return rng.sample([
        Shape(Category.HIGH_CARD, (low + 2, low + 1, low), 3, suited=True),
        Shape(Category.HIGH_CARD, (ACE, 13, 12), 3),
        Shape(Category.HIGH_CARD, (ACE, 3, 2), 3, suited=rng.random() < 0.5),
        Shape(Category.HIGH_CARD, (ACE, 13, rng.randint(4, 11)), 3, suited=True),
        Shape(Category.PAIR, (pair, rng.choice([r for r in RANKS if r != pair])), 3),
    ], count)
