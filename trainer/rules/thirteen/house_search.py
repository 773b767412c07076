"""The search behind the house way: all 72,072 splits of 13 cards judged at once.

Each of the 1,287 five-card and 286 three-card subsets of the 13 positions gets its key,
its key cut to a front's depth and its worth in each tier from ``tier_tables`` (a lookup
by the subset's ranks, never an evaluation); every split is then a back beside one of
the 56 middles the other eight cards allow, the last three cards its front. Values are
exact integers, so no rounding can pick a different hand.

Ties are broken as the plain search breaks them: by the order of the rules
(HI-HOUSE-WAY), then by the split that comes last in the order of ``split_index``, the
order itertools gives the positions of the cards as dealt.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np

from trainer.rules.cards import Card, Suit
from trainer.rules.house import HouseWay
from trainer.rules.thirteen.tier_tables import five_card_table, rank_weight, three_card_table

_POSITIONS = 13
_SUIT_NUMBER = {suit: number for number, suit in enumerate(Suit)}


@dataclass(frozen=True)
class SplitIndex:
    """Subsets of the 13 positions and the splits they make.

    ``middles[b, i]`` is the five-card subset of the i-th middle beside the back ``fives[b]``
    and ``fronts[b, i]`` the three-card subset left for the front.
    """

    fives: np.ndarray
    threes: np.ndarray
    middles: np.ndarray
    fronts: np.ndarray


@cache
def split_index() -> SplitIndex:
    fives = np.array(list(itertools.combinations(range(_POSITIONS), 5)), dtype=np.intp)
    threes = np.array(list(itertools.combinations(range(_POSITIONS), 3)), dtype=np.intp)
    five_at = _index_by_mask(fives)
    three_at = _index_by_mask(threes)
    back_masks = _masks(fives)
    # The eight positions beside each back, ascending; five of them make each middle.
    rest = np.array([[p for p in range(_POSITIONS) if not mask >> p & 1]
                     for mask in back_masks.tolist()], dtype=np.intp)
    picks = np.array(list(itertools.combinations(range(8), 5)), dtype=np.intp)
    middle_masks = _masks(rest[:, picks])
    front_masks = (1 << _POSITIONS) - 1 ^ back_masks[:, None] ^ middle_masks
    return SplitIndex(fives, threes, five_at[middle_masks], three_at[front_masks])


def _masks(subsets: np.ndarray) -> np.ndarray:
    masks: np.ndarray = np.sum(np.left_shift(1, subsets), axis=-1)
    return masks


def _index_by_mask(subsets: np.ndarray) -> np.ndarray:
    """For each 13-bit mask, the row of ``subsets`` with those positions."""
    at = np.full(1 << _POSITIONS, -1, dtype=np.intp)
    at[_masks(subsets)] = np.arange(len(subsets))
    return at


@dataclass(frozen=True)
class SubsetValues:
    """What the tables say of each subset of one hand's 13 cards."""

    key5: np.ndarray
    front_key5: np.ndarray
    back_worth: np.ndarray
    middle_worth: np.ndarray
    key3: np.ndarray
    front_worth: np.ndarray


def subset_values(cards: tuple[Card, ...]) -> SubsetValues:
    index = split_index()
    five, three = five_card_table(), three_card_table()
    weights = np.array([rank_weight(int(card.rank)) for card in cards], dtype=np.int64)
    suits = np.array([_SUIT_NUMBER[card.suit] for card in cards], dtype=np.int8)
    in_suit = suits[index.fives]
    one_suit = in_suit.min(axis=1) == in_suit.max(axis=1)
    at5 = np.searchsorted(five.codes, weights[index.fives].sum(axis=1))
    at5 += one_suit * five.multisets
    at3 = np.searchsorted(three.codes, weights[index.threes].sum(axis=1))
    return SubsetValues(five.key[at5], five.front_key[at5], five.back_worth[at5],
                        five.middle_worth[at5], three.key[at3], three.worth[at3])


#: The positions of the cards a split sets in the front, the middle and the back.
Positions = tuple[np.ndarray, np.ndarray, np.ndarray]


def best_splits(cards: tuple[Card, ...], strict: bool,
                ways: tuple[HouseWay, ...]) -> dict[HouseWay, Positions]:
    """For each way, the positions of the (front, middle, back) it sets."""
    index = split_index()
    values = subset_values(cards)
    middles, fronts = index.middles, index.fronts
    middle_keys = values.key5[middles]
    back_keys = values.key5[:, None]
    front_keys = values.key3[fronts]
    if strict:
        valid = (middle_keys < back_keys) & (front_keys < values.front_key5[middles])
    else:
        valid = (middle_keys <= back_keys) & (front_keys <= values.front_key5[middles])
    candidates = np.flatnonzero(valid)
    backs = candidates // middles.shape[1]
    middle_at, front_at = middles.ravel()[candidates], fronts.ravel()[candidates]
    chosen: dict[HouseWay, Positions] = {}
    for way in ways:
        if way is HouseWay.STRONGEST_BACK:
            orders = (values.key5[backs], values.key5[middle_at], values.key3[front_at])
        else:
            worth = (values.back_worth[backs] + values.middle_worth[middle_at]
                     + values.front_worth[front_at])
            orders = (worth, values.key5[backs], values.key5[middle_at])
        best = _last_of_the_best(orders)
        chosen[way] = (index.threes[front_at[best]], index.fives[middle_at[best]],
                       index.fives[backs[best]])
    return chosen


def _last_of_the_best(orders: tuple[np.ndarray, ...]) -> int:
    """The last candidate with the greatest first order, then second, then third."""
    among = np.arange(len(orders[0]))
    for order in orders:
        values = order[among]
        among = among[values == values.max()]
    return int(among[-1])
