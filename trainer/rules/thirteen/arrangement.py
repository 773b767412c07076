"""Setting 13 cards in three tiers and the foul rule (Portaria 51/89/M, Art. 7, 9 II).

The 1st tier (front) holds 3 cards, the 2nd (middle) and 3rd (back) 5 each, and they must
ascend: back ≥ middle ≥ front, or the place has a «falta» (foul) and loses its bets.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.cards import Card
from trainer.rules.house import ThirteenRules
from trainer.rules.thirteen.hands import Category, TierHand, evaluate


class Tier(StrEnum):
    FRONT = "front"
    MIDDLE = "middle"
    BACK = "back"

    @property
    def size(self) -> int:
        return 3 if self is Tier.FRONT else 5

    @property
    def label(self) -> Message:
        return Message.of(_TIER_NAMES[self])


_TIER_NAMES = {Tier.FRONT: N_("Front tier (1st)"), Tier.MIDDLE: N_("Middle tier (2nd)"),
               Tier.BACK: N_("Back tier (3rd)")}

#: Points a winning tier scores with its own combination (Art. 9 II).
_MIDDLE_POINTS = {Category.ROYAL_FLUSH: 10, Category.STRAIGHT_FLUSH: 10,
                  Category.FOUR_OF_A_KIND: 8, Category.FULL_HOUSE: 2}
_BACK_POINTS = {Category.ROYAL_FLUSH: 5, Category.STRAIGHT_FLUSH: 5,
                Category.FOUR_OF_A_KIND: 4, Category.FULL_HOUSE: 1}
_FRONT_POINTS = {Category.THREE_OF_A_KIND: 3, Category.PAIR: 1, Category.HIGH_CARD: 1}


#: The only combinations a 3-card front knows.
FRONT_CATEGORIES = frozenset(_FRONT_POINTS)


def category_points(category: Category, tier: Tier) -> int:
    """The points a winning ``category`` scores in ``tier``."""
    if tier is Tier.FRONT:
        if category not in _FRONT_POINTS:
            raise ValueError(f"a 3-card front cannot hold a {category.name}")
        return _FRONT_POINTS[category]
    table = _MIDDLE_POINTS if tier is Tier.MIDDLE else _BACK_POINTS
    return table.get(category, 1)


def tier_points(hand: TierHand, tier: Tier) -> int:
    """The points ``hand`` scores when it wins ``tier``."""
    if len(hand.cards) != tier.size:
        raise ValueError(f"the {tier.value} tier holds {tier.size} cards")
    return category_points(hand.category, tier)


@dataclass(frozen=True)
class Arrangement:
    """13 cards set in three tiers."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    back: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "front", tuple(self.front))
        object.__setattr__(self, "middle", tuple(self.middle))
        object.__setattr__(self, "back", tuple(self.back))
        if (len(self.front), len(self.middle), len(self.back)) != (3, 5, 5):
            raise ValueError("tiers hold 3, 5 and 5 cards")
        if len(set(self.cards)) != 13:
            raise ValueError("an arrangement holds 13 different cards")

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.front + self.middle + self.back

    def tier(self, tier: Tier) -> tuple[Card, ...]:
        return {Tier.FRONT: self.front, Tier.MIDDLE: self.middle, Tier.BACK: self.back}[tier]

    def hand(self, tier: Tier) -> TierHand:
        return evaluate(self.tier(tier))

    def hands(self) -> dict[Tier, TierHand]:
        return {tier: self.hand(tier) for tier in Tier}

    def to_json(self) -> dict[str, list[str]]:
        return {tier.value: [str(c) for c in self.tier(tier)] for tier in Tier}

    @classmethod
    def from_json(cls, data: dict[str, Iterable[str]]) -> Arrangement:
        return cls(*(tuple(Card.parse(c) for c in data[tier.value]) for tier in Tier))


def foul_tiers(arrangement: Arrangement,
               rules: ThirteenRules | None = None) -> list[tuple[Tier, Tier]]:
    """The pairs (lower tier, higher tier) that break the ascending order."""
    rules = rules or ThirteenRules()
    hands = arrangement.hands()
    broken = []
    for lower, upper in ((Tier.FRONT, Tier.MIDDLE), (Tier.MIDDLE, Tier.BACK)):
        low, high = hands[lower], hands[upper]
        if low > high or (rules.equal_tiers_are_foul and low == high):
            broken.append((lower, upper))
    return broken


def is_foul(arrangement: Arrangement, rules: ThirteenRules | None = None) -> bool:
    return bool(foul_tiers(arrangement, rules))
