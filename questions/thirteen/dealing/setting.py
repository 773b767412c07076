"""Setting 13 cards in three tiers on purpose: fronts above or below a middle, middles above
or below a back, and whole arrangements that ascend (Art. 7) for the showdown questions.

Relations are checked with the core's own keys (``front_depth_key`` for a 3-card front
against a 5-card middle, HI-EQUAL-TIERS); the questions still ask the core for verdicts.
"""

from __future__ import annotations

import random
from collections import Counter

from questions.thirteen.dealing.contests import shapes_for, tie_shape
from questions.thirteen.dealing.deck import (
    ACE,
    FIVE_CATEGORIES,
    FRONT_CATEGORIES,
    Deck,
    Shape,
    Shortage,
    random_shape,
)
from questions.thirteen.situations import SetHand
from trainer.rules.cards import format_cards, parse_cards
from trainer.rules.thirteen.arrangement import Arrangement
from trainer.rules.thirteen.hands import Category, front_depth_key

ABOVE, BELOW, EQUAL = "above", "below", "equal"


def middle_and_back(rng: random.Random, difficulty: int, foul: bool, equal: bool = False,
                    low: tuple[Category, ...] = ()) -> tuple[Shape, Shape]:
    """Two 5-card hands, the middle above the back when ``foul``, equal when ``equal``;
    ``low``: the combinations the middle must keep to (ones a front can reach)."""
    if equal:
        shape = tie_shape(rng, difficulty, 5)
        return shape, shape
    if low:
        return _low_middle(rng, difficulty, foul, low)
    first, second = shapes_for(rng, difficulty, 5, 2)
    if first.key == second.key:
        raise Shortage
    high, low_shape = (first, second) if first.key > second.key else (second, first)
    return (high, low_shape) if foul else (low_shape, high)


def _low_middle(rng: random.Random, difficulty: int, foul: bool,
                low: tuple[Category, ...]) -> tuple[Shape, Shape]:
    """A middle of one of the ``low`` combinations and a back below it (``foul``) or not:
    of the same combination half the time from level 2, of another at level 1."""
    middle = random_shape(rng, rng.choice(low))
    if difficulty >= 2 and rng.random() < 0.5:
        category = middle.category
    else:
        others = (FIVE_CATEGORIES[:middle.category - 1] if foul  # the combinations below
                  else FIVE_CATEGORIES[middle.category:])  # or above the middle's
        if not others:
            raise Shortage
        category = rng.choice(others)
    back = random_shape(rng, category)
    if (middle.key <= back.key) if foul else (middle.key > back.key):
        raise Shortage
    return middle, back


def front_against(rng: random.Random, difficulty: int, middle: Shape, relation: str,
                  deck: Deck | None = None, planned: Counter[int] | None = None) -> Shape:
    """A front ``relation`` (above, below or equal to) ``middle`` over the front's depth.

    Level 1 changes the combination; level 2 keeps it where a front can hold it; level 3
    lets the odd cards decide, or makes the two equal over the front's three cards.
    """
    if difficulty == 3 and middle.category in (Category.PAIR, Category.HIGH_CARD):
        return _front_by_odd_cards(rng, middle, relation)
    if relation == EQUAL:
        raise Shortage
    target = front_depth_key(middle.key)
    same = difficulty >= 2 and middle.category in FRONT_CATEGORIES
    for _ in range(30):
        category = middle.category if same else rng.choice(FRONT_CATEGORIES)
        if not same and category is middle.category:
            continue
        front = random_shape(rng, category, 3, deck, planned)
        key = front_depth_key(front.key)
        if (key > target) if relation == ABOVE else (key < target):
            return front
    raise Shortage


def _front_by_odd_cards(rng: random.Random, middle: Shape, relation: str) -> Shape:
    """The middle's pair or top cards again in front, the next odd card deciding."""
    depth = 2 if middle.category is Category.PAIR else 3
    ranks = middle.ranks[:depth]
    if relation == EQUAL:
        return Shape(middle.category, ranks, 3)
    decider = ranks[-1]
    floor = ranks[-2] if middle.category is Category.HIGH_CARD else ACE + 1
    if relation == ABOVE:
        pool = [r for r in range(decider + 1, floor) if r not in ranks]
    else:
        pool = [r for r in range(2, decider) if r not in ranks]
    if not pool:
        raise Shortage
    return Shape(middle.category, (*ranks[:-1], rng.choice(pool)), 3)


#: Combinations for the middle and back of a whole hand, by level, and their weights.
_TIER_CATEGORIES = {
    1: {Category.PAIR: 3, Category.TWO_PAIRS: 3, Category.THREE_OF_A_KIND: 2,
        Category.STRAIGHT: 2, Category.FLUSH: 2, Category.FULL_HOUSE: 1},
    2: {Category.PAIR: 2, Category.TWO_PAIRS: 2, Category.THREE_OF_A_KIND: 1,
        Category.STRAIGHT: 1, Category.FLUSH: 1, Category.FULL_HOUSE: 3,
        Category.FOUR_OF_A_KIND: 2, Category.STRAIGHT_FLUSH: 2, Category.ROYAL_FLUSH: 1},
}


def ascending(rng: random.Random, level: int, deck: Deck | None = None,
              fixed: dict[int, Shape] | None = None) -> tuple[Shape, Shape, Shape]:
    """Front, middle and back that ascend; level 2 brings the big combinations.

    With a ``deck``, ranks it has run short of are left out; ``fixed`` holds tiers
    (0 front, 1 middle, 2 back) that must be these shapes (to tie with another hand).
    """
    fixed = fixed or {}
    weights = _TIER_CATEGORIES[level]
    planned: Counter[int] = Counter(r for shape in fixed.values() for r in shape.all_ranks)
    fives = [fixed[tier] for tier in (1, 2) if tier in fixed]
    for category in rng.choices(list(weights), list(weights.values()), k=2 - len(fives)):
        fives.append(random_shape(rng, category, 5, deck, planned))
        planned.update(fives[-1].all_ranks)
    middle, back = sorted(fives, key=lambda s: s.key)
    if fixed.get(1, middle) is not middle or fixed.get(2, back) is not back:
        raise Shortage  # the fixed tier would not stay where it must
    if 0 in fixed:
        front = fixed[0]
        if front_depth_key(front.key) > front_depth_key(middle.key):
            raise Shortage
        return front, middle, back
    front = front_against(rng, level, middle, BELOW, deck, planned)
    if level >= 2 and rng.random() < 0.25:
        trio = random_shape(rng, Category.THREE_OF_A_KIND, 3, deck, planned)
        if front_depth_key(trio.key) < front_depth_key(middle.key):
            front = trio
    return front, middle, back


def deal_arrangement(deck: Deck, shapes: tuple[Shape, ...]) -> Arrangement:
    """The three tiers' cards, all taken or none (raises Shortage)."""
    return Arrangement(*deck.deal_all(shapes))


def set_hand(arrangement: Arrangement) -> SetHand:
    """``arrangement`` as a situation holds it: each tier's cards as text."""
    return SetHand(format_cards(list(arrangement.front)), format_cards(list(arrangement.middle)),
                   format_cards(list(arrangement.back)))


def arrangement_from(hand: SetHand) -> Arrangement:
    return Arrangement(parse_cards(hand.front), parse_cards(hand.middle),
                       parse_cards(hand.back))
