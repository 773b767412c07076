"""The search behind the house way: the best of the 72,072 splits of 13 cards.

Each of the 1,287 five-card and 286 three-card subsets of the 13 positions is looked up in
``tier_tables`` by the total of its cards' weights (one product with a matrix of which
positions each subset holds), never evaluated. Every split is a back beside one of the 56
middles the other eight cards allow, the last three cards its front: the tiers ascend when
the middle's key is at most the back's and the front's at most the middle's cut to a
front's depth. Values are exact integers, so no rounding can pick a different hand.

Not every back needs judging. A back bounds what any split with it behind can score first
in the house way's order (its ceiling, or for the strongest back its own key); the 32 most
promising backs are judged first, and only the backs whose bound reaches their best are
judged with them, all their splits at once with numpy (usually a tenth of the splits).

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
    for ``members3``); the i-th split beside the back ``b`` sets the five-card subset
    ``middles[b, i]`` in the middle and the three-card subset ``fronts[b, i]`` in front.
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
                      _index_by_mask(fives)[middle_masks], _index_by_mask(threes)[front_masks])


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
    ceiling: np.ndarray
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
                        five.ceiling.take(at5), three.key.take(at3), three.worth.take(at3))


#: The positions of the cards a split sets in the front, the middle and the back.
Positions = tuple[np.ndarray, np.ndarray, np.ndarray]


def best_splits(cards: tuple[Card, ...], strict: bool,
                ways: tuple[HouseWay, ...]) -> dict[HouseWay, Positions]:
    """For each way, the positions of the (front, middle, back) it sets.

    ``strict``: equal tiers are a foul (HI-EQUAL-TIERS), so the tiers must rise.
    """
    index = split_index()
    values = subset_values(cards)
    search = _Search(index, values, strict)
    chosen = {}
    for way in ways:
        front, middle, back = _best_split(search, way)
        chosen[way] = (index.threes[front], index.fives[middle], index.fives[back])
    return chosen


@dataclass(frozen=True)
class _Splits:
    """Splits by their subsets, in the order of ``split_index``."""

    backs: np.ndarray
    middles: np.ndarray
    fronts: np.ndarray

    def at(self, position: int) -> tuple[int, int, int]:
        """The subsets of one split: (front, middle, back)."""
        return (int(self.fronts[position]), int(self.middles[position]),
                int(self.backs[position]))


@dataclass(frozen=True)
class _Search:
    """One hand's splits, judged by the tables."""

    index: SplitIndex
    values: SubsetValues
    strict: bool

    def good_splits(self, backs: np.ndarray) -> _Splits:
        """The splits beside ``backs`` (ascending) whose tiers ascend (not a foul)."""
        values = self.values
        middles, fronts = self.index.middles[backs], self.index.fronts[backs]
        ascends = np.less if self.strict else np.less_equal
        good = ascends(values.key5.take(middles), values.key5.take(backs)[:, None])
        good &= ascends(values.key3.take(fronts), values.front_key5.take(middles))
        at = np.flatnonzero(good)
        return _Splits(backs.take(at // _MIDDLES_PER_BACK), middles.ravel().take(at),
                       fronts.ravel().take(at))

    def orders(self, splits: _Splits, way: HouseWay) -> tuple[np.ndarray, ...]:
        """What ``way`` looks at, first to last (HI-HOUSE-WAY)."""
        values = self.values
        backs, middles = values.key5.take(splits.backs), values.key5.take(splits.middles)
        if way is HouseWay.STRONGEST_BACK:
            return backs, middles, values.key3.take(splits.fronts)
        worth = (values.back_worth.take(splits.backs)
                 + values.middle_worth.take(splits.middles)
                 + values.front_worth.take(splits.fronts))
        return worth, backs, middles

    def bounds(self, way: HouseWay) -> np.ndarray:
        """For each back, the most the first order of a split with it behind can be."""
        return self.values.key5 if way is HouseWay.STRONGEST_BACK else self.values.ceiling


#: How many backs, the most promising by their bounds, are judged first: their best split
#: sets the bar every other back's bound must reach to be judged at all.
_FIRST_BACKS = 32


def _best_split(search: _Search, way: HouseWay) -> tuple[int, int, int]:
    """The subsets of the split ``way`` sets, (front, middle, back), as if every split were
    judged.

    A split the bar would miss cannot be the best nor tie with it, since its first order is
    at most its back's bound; so the backs left out change nothing, ties included.
    """
    bounds = search.bounds(way)
    first = np.sort(np.argpartition(bounds, -_FIRST_BACKS)[-_FIRST_BACKS:])
    tried = search.good_splits(first)
    if len(tried.backs):
        backs = np.flatnonzero(bounds >= search.orders(tried, way)[0].max())
    else:
        backs = np.arange(len(bounds))
    splits = search.good_splits(backs)
    return splits.at(_last_of_the_best(search.orders(splits, way)))


def _last_of_the_best(orders: tuple[np.ndarray, ...]) -> int:
    """The last candidate with the greatest first order, then second, then third."""
    first = orders[0]
    among = np.flatnonzero(first == first.max())
    for order in orders[1:]:
        values = order.take(among)
        among = among[values == values.max()]
    return int(among[-1])
