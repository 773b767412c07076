"""The house way: how the banker-dealer sets his 13 cards (RULES.md HI-HOUSE-WAY).

Default objective: among the arrangements that are not a foul, the one with the most
points expected against a random hand — for each tier, the points its combination
scores there times the share of all same-size hands from a full deck it beats, a tier
that ties counted as the banker's (Art. 10) — ties broken by the stronger back, then the
stronger middle. The alternative setting takes the strongest back, then middle, then front.

The best of the 72,072 ways to split 13 cards into 5 + 5 + 3 is found with numpy
(``house_search``): each of the 1,287 five-card and 286 three-card subsets is looked up
by its cards in tables built once (``tier_tables``), every split is then a lookup, and
the backs that cannot reach the best are left out. Values are exact integers (no rounding
can pick a different hand); the same arrangement as judging every split, ties included.

``expected_points`` gives the same objective for any one arrangement (the trainer grades a
setting by it), and ``natural_setting`` lays out a natural so that it shows (Art. 9 I).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

import numpy as np

from trainer.rules.cards import Card
from trainer.rules.house import HouseWay, ThirteenRules
from trainer.rules.regulations import HouseInterpretation
from trainer.rules.thirteen.arrangement import Arrangement, Tier, is_foul, tier_points
from trainer.rules.thirteen.hands import key_of
from trainer.rules.thirteen.house_search import best_splits
from trainer.rules.thirteen.naturals import Natural, find_natural, straights_split
from trainer.rules.thirteen.shares import tables

HI_HOUSE_WAY = HouseInterpretation("HI-HOUSE-WAY")


def best_arrangement(cards13: Iterable[Card], rules: ThirteenRules | None = None) -> Arrangement:
    """The arrangement the banker-dealer sets by the house way."""
    rules = rules or ThirteenRules()
    return house_ways(cards13, rules, (rules.house_way,))[rules.house_way]


def house_ways(cards13: Iterable[Card], rules: ThirteenRules | None = None,
               ways: Iterable[HouseWay] = tuple(HouseWay)) -> dict[HouseWay, Arrangement]:
    """The arrangement each of ``ways`` sets, judged in one pass over the splits.

    ``rules.house_way`` is not consulted: the trainer uses this to compare the house way with
    the naive strongest back for the price of one search.
    """
    rules = rules or ThirteenRules()
    cards = tuple(cards13)
    if len(cards) != 13 or len(set(cards)) != 13:
        raise ValueError("the house way sets 13 different cards")
    chosen = best_splits(cards, rules.equal_tiers_are_foul, tuple(ways))
    return {way: Arrangement(*(_sorted(cards, positions) for positions in tiers))
            for way, tiers in chosen.items()}


def _sorted(cards: tuple[Card, ...], positions: np.ndarray) -> tuple[Card, ...]:
    return tuple(sorted((cards[p] for p in positions.tolist()), key=lambda c: (-c.rank, c.suit)))


def expected_points(arrangement: Arrangement, rules: ThirteenRules | None = None) -> Fraction:
    """The points ``arrangement`` is expected to score against a random hand, exactly.

    The house way's objective (HI-HOUSE-WAY) for one setting: for each tier, the points its
    combination scores there (Art. 9 II) times the share of all same-size hands from a full
    deck it beats, a tie counted as the banker's (Art. 10). A foul scores nothing (Art. 7): 0.
    """
    rules = rules or ThirteenRules()
    if is_foul(arrangement, rules):
        return Fraction(0)
    five, three = tables()
    total = Fraction(0)
    for tier in Tier:
        hand = arrangement.hand(tier)
        table = three if tier is Tier.FRONT else five
        total += tier_points(hand, tier) * table.share(hand.key)
    return total


def natural_setting(cards13: Iterable[Card],
                    rules: ThirteenRules | None = None) -> Arrangement | None:
    """How the banker lays out a natural so that it shows (Art. 9 I), or None without one.

    Three flushes: one suit in each tier; three straights: a sequence in each tier. A dragon
    or six pairs and a half shows in the 13 cards however they are set, so it keeps the
    house way's setting. The two 5-card tiers ascend, so the layout is never a foul.
    """
    cards = tuple(cards13)
    natural = find_natural(cards, rules)
    if natural is Natural.THREE_FLUSHES:
        front, one, two = _flush_tiers(cards)
    elif natural is Natural.THREE_STRAIGHTS:
        front, one, two = _straight_tiers(cards)
    elif natural is None:
        return None
    else:
        return best_arrangement(cards, rules)
    middle, back = sorted((one, two), key=key_of)
    return Arrangement(_by_rank(front), _by_rank(middle), _by_rank(back))


def _by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank, c.suit)))


def _flush_tiers(cards: tuple[Card, ...]) -> tuple[list[Card], list[Card], list[Card]]:
    """Suits of 3 + 5 + 5, 5 + 8 or 3 + 10 cards, cut into a 3-card and two 5-card tiers."""
    suits = sorted((_by_rank(c for c in cards if c.suit == suit)
                    for suit in sorted({c.suit for c in cards})), key=len)
    if [len(s) for s in suits] == [3, 5, 5]:
        return list(suits[0]), list(suits[1]), list(suits[2])
    if [len(s) for s in suits] == [5, 8]:
        return list(suits[1][5:]), list(suits[0]), list(suits[1][:5])
    return list(suits[0]), list(suits[1][5:]), list(suits[1][:5])  # 3 + 10


def _straight_tiers(cards: tuple[Card, ...]) -> tuple[list[Card], list[Card], list[Card]]:
    """A 3-card and two 5-card sequences (ace high or low) that use all 13 cards."""
    split = straights_split(Counter(int(card.rank) for card in cards))
    if split is None:
        raise ValueError("these cards do not make three straights")
    left = sorted(cards, key=lambda c: (-c.rank, c.suit))
    front, middle, back = (_pick(left, sequence) for sequence in split)
    return front, middle, back


def _pick(left: list[Card], sequence: tuple[int, ...]) -> list[Card]:
    """One card of each rank of ``sequence`` (1 is the ace played low), taken from ``left``."""
    picked = []
    for rank in sequence:
        card = next(c for c in left if int(c.rank) == (14 if rank == 1 else rank))
        left.remove(card)
        picked.append(card)
    return picked
