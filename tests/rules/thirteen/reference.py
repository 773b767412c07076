"""A deliberately plain house way: try all 72,072 splits one by one.

Used to check the fast solver in the tests and as the baseline in the benchmark.
"""

import itertools

from trainer.rules.house import ThirteenRules
from trainer.rules.thirteen import Arrangement, Tier, is_foul, tier_points
from trainer.rules.thirteen.shares import tables


def expected_points(arrangement):
    """Exact expected points over a common denominator (an integer): a tier that ties
    counts as the banker's (Art. 10), so its share is the hands it beats or ties."""
    five, three = tables()
    total = 0
    for tier in Tier:
        hand = arrangement.hand(tier)
        table, other = (three, five) if tier is Tier.FRONT else (five, three)
        total += tier_points(hand, tier) * table.wins[hand.key] * other.total
    return total


def plain_best_arrangement(cards13, rules=None):
    rules = rules or ThirteenRules()
    best, best_order = None, None
    for back in itertools.combinations(cards13, 5):
        rest = [c for c in cards13 if c not in back]
        for middle in itertools.combinations(rest, 5):
            front = tuple(c for c in rest if c not in middle)
            arrangement = Arrangement(front, middle, back)
            if is_foul(arrangement, rules):
                continue
            order = (expected_points(arrangement), arrangement.hand(Tier.BACK).key,
                     arrangement.hand(Tier.MIDDLE).key)
            if best_order is None or order > best_order:
                best, best_order = arrangement, order
    return best
