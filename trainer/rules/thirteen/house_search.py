"""The search behind the house way: all 72,072 splits of 13 cards judged at once.

Each of the 1,287 five-card and 286 three-card subsets of the 13 positions is looked up in
``tier_tables`` by the total of its cards' weights (one product with a matrix of which
positions each subset holds), never evaluated. Every split is a back beside one of the 56
middles the other eight cards allow, the last three cards its front: the tiers ascend when
the middle's key is at most the back's and the front's at most the middle's cut to a
front's depth. Values are exact integers, so no rounding can pick a different hand.

Ties are broken as the solver before the tables broke them: by the order of the house way
(HI-HOUSE-WAY), then by the split that comes last in the order of ``split_index``, the
order itertools gives the positions of the cards as dealt.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np

from trainer.rules.cards import Card
from trainer.rules.house import HouseWay
from trainer.rules.thirteen.tier_tables import card_weight, five_card_table, three_card_table

_POSITIONS = 13
#: Middles beside each back: five of the eight other cards, C(8, 5).
_MIDDLES_PER_BACK = 56


@dataclass(frozen=True)
class SplitIndex:
    """Subsets of the 13 positions and the splits they make.

    ``members5[s, p]`` is 1 when the five-card subset ``s`` holds position ``p`` (and the same
    for ``members3``); split ``i`` sets the five-card subset ``i // 56`` behind, ``middles[i]``
    in the middle and the three-card subset ``fronts[i]`` in front.
    """

    fives: np.ndarray
    threes: np.ndarray
    members5: np.ndarray
    members3: np.ndarray
    middles: np.ndarray
    fronts: np.ndarray


@cache
def split_index() -> SplitIndex:
    fives = np.array(list(itertools.combinations(range(_POSITIONS), 5)), dtype=np.intp)
    threes = np.array(list(itertools.combinations(range(_POSITIONS), 3)), dtype=np.intp)
    back_masks = _masks(fives)
    # The eight positions beside each back, ascending; five of them make each middle.
    rest = np.array([[p for p in range(_POSITIONS) if not mask >> p & 1]
                     for mask in back_masks.tolist()], dtype=np.intp)
    picks = np.array(list(itertools.combinations(range(8), 5)), dtype=np.intp)
    middle_masks = _masks(rest[:, picks])
    front_masks = (1 << _POSITIONS) - 1 ^ back_masks[:, None] ^ middle_masks
    return SplitIndex(fives, threes, _members(fives), _members(threes),
                      _index_by_mask(fives)[middle_masks].ravel(),
                      _index_by_mask(threes)[front_masks].ravel())


def _masks(subsets: np.ndarray) -> np.ndarray:
    masks: np.ndarray = np.sum(np.left_shift(1, subsets), axis=-1)
    return masks


def _members(subsets: np.ndarray) -> np.ndarray:
    members = np.zeros((len(subsets), _POSITIONS), dtype=np.int64)
    np.put_along_axis(members, subsets, 1, axis=1)
    return members


def _index_by_mask(subsets: np.ndarray) -> np.ndarray:
    """For each 13-bit mask, the row of ``subsets`` with those positions."""
    at = np.full(1 << _POSITIONS, -1, dtype=np.intp)
    at[_masks(subsets)] = np.arange(len(subsets))
    return at


@dataclass(frozen=True)
class SubsetValues:
    """What the tables say of each subset of one hand's 13 cards, by subset."""

    key5: np.ndarray
    front_key5: np.ndarray
    back_worth: np.ndarray
    middle_worth: np.ndarray
    key3: np.ndarray
    front_worth: np.ndarray


def subset_values(cards: tuple[Card, ...]) -> SubsetValues:
    index = split_index()
    five, three = five_card_table(), three_card_table()
    weights = np.array([card_weight(card) for card in cards], dtype=np.int64)
    at5 = five.slots(index.members5 @ weights)
    at3 = three.slots(index.members3 @ weights)
    return SubsetValues(five.key.take(at5), five.front_key.take(at5),
                        five.back_worth.take(at5), five.middle_worth.take(at5),
                        three.key.take(at3), three.worth.take(at3))


#: The positions of the cards a split sets in the front, the middle and the back.
Positions = tuple[np.ndarray, np.ndarray, np.ndarray]


def best_splits(cards: tuple[Card, ...], strict: bool,
                ways: tuple[HouseWay, ...]) -> dict[HouseWay, Positions]:
    """For each way, the positions of the (front, middle, back) it sets.

    ``strict``: equal tiers are a foul (HI-EQUAL-TIERS), so the tiers must rise.
    """
    index = split_index()
    values = subset_values(cards)
    by_back = (-1, _MIDDLES_PER_BACK)
    middle_keys = values.key5.take(index.middles).reshape(by_back)
    front_keys = values.key3.take(index.fronts)
    middle_as_front = values.front_key5.take(index.middles)
    ascends = np.less if strict else np.less_equal
    valid = ascends(middle_keys, values.key5[:, None])
    valid &= ascends(front_keys, middle_as_front).reshape(by_back)
    candidates = np.flatnonzero(valid)
    backs = candidates // _MIDDLES_PER_BACK
    middles, fronts = index.middles.take(candidates), index.fronts.take(candidates)
    chosen: dict[HouseWay, Positions] = {}
    for way in ways:
        if way is HouseWay.STRONGEST_BACK:
            orders = (values.key5.take(backs), values.key5.take(middles),
                      values.key3.take(fronts))
        else:
            worth = (values.back_worth.take(backs) + values.middle_worth.take(middles)
                     + values.front_worth.take(fronts))
            orders = (worth, values.key5.take(backs), values.key5.take(middles))
        best = _last_of_the_best(orders)
        chosen[way] = (index.threes[fronts[best]], index.fives[middles[best]],
                       index.fives[backs[best]])
    return chosen


def _last_of_the_best(orders: tuple[np.ndarray, ...]) -> int:
    """The last candidate with the greatest first order, then second, then third."""
    first = orders[0]
    among = np.flatnonzero(first == first.max())
    for order in orders[1:]:
        values = order.take(among)
        among = among[values == values.max()]
    return int(among[-1])
