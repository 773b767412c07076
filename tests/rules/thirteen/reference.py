"""A deliberately plain house way: try all 72,072 splits one by one; and the numpy solver
the house way used before its per-hand tables (``old_house_ways``).

Used to check the fast solver in the tests and as the baselines in the benchmark.
"""

import itertools
from functools import cache

import numpy as np

from trainer.rules.house import HouseWay, ThirteenRules
from trainer.rules.thirteen import Arrangement, Category, Tier, is_foul, tier_points
from trainer.rules.thirteen.arrangement import FRONT_CATEGORIES, category_points
from trainer.rules.thirteen.hands import front_depth_key, key3, key5
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


# The house way's solver before the per-hand tables (tier_tables, house_search): kept as a
# test-only reference, so that the fast one is checked to set every hand exactly as it did,
# ties broken the same way (the last split, in its order, among the best).
def _mask(positions):
    return sum(1 << p for p in positions)


@cache
def _old_splits():
    fives = list(itertools.combinations(range(13), 5))
    threes = list(itertools.combinations(range(13), 3))
    five_index = {_mask(c): i for i, c in enumerate(fives)}
    three_index = {_mask(c): i for i, c in enumerate(threes)}
    back, middle, front = [], [], []
    for b, combo in enumerate(fives):
        rest = [p for p in range(13) if p not in combo]
        back_mask = _mask(combo)
        for mid in itertools.combinations(rest, 5):
            mid_mask = _mask(mid)
            back.append(b)
            middle.append(five_index[mid_mask])
            front.append(three_index[(1 << 13) - 1 ^ back_mask ^ mid_mask])
    return (np.array(fives, dtype=np.int8), np.array(threes, dtype=np.int8),
            np.array(back, dtype=np.int32), np.array(middle, dtype=np.int32),
            np.array(front, dtype=np.int32))


@cache
def _old_points_by_category(tier):
    table = np.zeros(len(Category) + 1, dtype=np.int64)
    for category in Category:
        if tier is not Tier.FRONT or category in FRONT_CATEGORIES:
            table[category] = category_points(category, tier)
    return table


def _old_subset_keys(cards, subsets):
    ranks = [int(c.rank) for c in cards]
    suits = [c.suit for c in cards]
    keys = []
    for subset in subsets.tolist():
        subset_ranks = tuple(sorted((ranks[p] for p in subset), reverse=True))
        if len(subset) == 5:
            keys.append(key5(subset_ranks, len({suits[p] for p in subset}) == 1))
        else:
            keys.append(key3(subset_ranks))
    return keys


def old_house_ways(cards13, rules=None, ways=tuple(HouseWay)):
    """The arrangement each of ``ways`` sets, as the solver before the tables found it."""
    rules = rules or ThirteenRules()
    cards = tuple(cards13)
    fives, threes, back, middle, front = _old_splits()
    keys5 = _old_subset_keys(cards, fives)
    keys3 = _old_subset_keys(cards, threes)
    k5 = np.array(keys5, dtype=np.int64)
    k3 = np.array(keys3, dtype=np.int64)
    k5_front = np.array([front_depth_key(k) for k in keys5], dtype=np.int64)
    if rules.equal_tiers_are_foul:
        valid = (k5[middle] < k5[back]) & (k3[front] < k5_front[middle])
    else:
        valid = (k5[middle] <= k5[back]) & (k3[front] <= k5_front[middle])
    candidates = np.flatnonzero(valid)
    chosen = {}
    for way in ways:
        if way is HouseWay.STRONGEST_BACK:
            order = (k3[front[candidates]], k5[middle[candidates]], k5[back[candidates]])
        else:
            value = _old_expected_points(k5, k3, back, middle, front, candidates)
            order = (k5[middle[candidates]], k5[back[candidates]], value)
        best = candidates[np.lexsort(order)[-1]]
        chosen[way] = Arrangement(_old_sorted(cards, threes[front[best]]),
                                  _old_sorted(cards, fives[middle[best]]),
                                  _old_sorted(cards, fives[back[best]]))
    return chosen


def _old_expected_points(k5, k3, back, middle, front, candidates):
    five, three = tables()
    wins5 = np.array([five.wins[k] for k in k5.tolist()], dtype=np.int64)
    wins3 = np.array([three.wins[k] for k in k3.tolist()], dtype=np.int64)
    cats5, cats3 = k5 >> 20, k3 >> 20
    mid_value = _old_points_by_category(Tier.MIDDLE)[cats5] * wins5 * three.total
    back_value = _old_points_by_category(Tier.BACK)[cats5] * wins5 * three.total
    front_value = _old_points_by_category(Tier.FRONT)[cats3] * wins3 * five.total
    b, m, f = back[candidates], middle[candidates], front[candidates]
    return back_value[b] + mid_value[m] + front_value[f]


def _old_sorted(cards, positions):
    return tuple(sorted((cards[p] for p in positions.tolist()), key=lambda c: (-c.rank, c.suit)))
