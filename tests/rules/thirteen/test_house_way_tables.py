"""The house way by tables (tier_tables, house_search) rules every hand as before.

The solver before the tables is kept in reference.py (``old_house_ways``): the new one must
set the very same cards in each tier, for both house ways and both foul rules, ties broken
the same way (the last split among the best). 2,000 seeded hands in the normal run;
``HOUSE_WAY_HANDS=100000`` checks more.
"""

import itertools
import os
import random

import numpy as np
import pytest

from tests.rules.thirteen.reference import old_house_ways
from trainer.rules.cards import Card, Rank, Suit, full_deck, parse_cards
from trainer.rules.house import HouseWay, ThirteenRules
from trainer.rules.thirteen.hands import front_depth_key, key3, key5
from trainer.rules.thirteen.house_search import split_index, subset_values
from trainer.rules.thirteen.house_way import house_ways
from trainer.rules.thirteen.shares import tables
from trainer.rules.thirteen.tier_tables import five_card_table, three_card_table

DECK = full_deck()
HANDS = int(os.environ.get("HOUSE_WAY_HANDS", "2000"))
STRICT = ThirteenRules(equal_tiers_are_foul=True)


def _tie_rich(rng: random.Random) -> list[Card]:
    """13 cards from only four or five ranks (and so from few suits per rank): many
    splits score alike, and only the order of the splits tells them apart."""
    ranks = rng.sample(list(Rank), rng.choice((4, 5)))
    return rng.sample([Card(rank, suit) for rank in ranks for suit in Suit], 13)


def test_the_tables_set_2000_random_hands_as_the_solver_before_them():
    rng = random.Random(39)
    for number in range(HANDS):
        cards = rng.sample(DECK, 13)
        assert house_ways(cards) == old_house_ways(cards), (number, cards)


def test_the_tables_honour_strict_tiers_as_the_solver_before_them():
    rng = random.Random(40)
    for number in range(max(HANDS // 20, 100)):
        cards = rng.sample(DECK, 13)
        assert house_ways(cards, STRICT) == old_house_ways(cards, STRICT), (number, cards)


@pytest.mark.parametrize("rules", [ThirteenRules(), STRICT], ids=["equal-allowed", "strict"])
def test_ties_between_equal_splits_are_broken_as_before(rules):
    rng = random.Random(41)
    for number in range(max(HANDS // 20, 100)):
        cards = _tie_rich(rng)
        before = old_house_ways(cards, rules)
        assert house_ways(cards, rules) == before, (number, cards)


@pytest.mark.parametrize("rules", [ThirteenRules(), STRICT], ids=["equal-allowed", "strict"])
def test_two_equal_flushes_are_set_as_before(rules):
    # The strongest back is either A-K-Q-J-9 flush and the strongest middle the other, an
    # equal hand: allowed, the later split (hearts behind) is set; strict, a foul.
    cards = parse_cards("AS KS QS JS 9S AH KH QH JH 9H 2C 3D 5C")
    chosen = house_ways(cards, rules)
    assert chosen == old_house_ways(cards, rules)
    equal = {str(c) for c in chosen[HouseWay.STRONGEST_BACK].middle} == {
        "AS", "KS", "QS", "JS", "9S"}
    assert equal is (rules is not STRICT)


def _ranks_by_code(size):
    """Every multiset of ``size`` ranks with at most four of a rank, by its code (3 bits a
    rank), written out again rather than taken from tier_tables."""
    by_code = {}
    for ranks in itertools.combinations_with_replacement(range(14, 1, -1), size):
        if max(ranks.count(rank) for rank in ranks) <= 4:
            by_code[sum(1 << 3 * (rank - 2) for rank in ranks)] = ranks
    return by_code


def test_every_five_card_slot_holds_what_evaluating_the_hand_gives():
    table = five_card_table()
    five, three = tables()
    ranks_by_code = _ranks_by_code(5)
    assert sorted(ranks_by_code) == table.codes.tolist() and table.multisets == 6175
    for slot, code in enumerate(table.codes.tolist()):
        ranks = ranks_by_code[code]
        one_suit = len(set(ranks)) == 5
        for at, flush in ((slot, False), (slot + table.multisets, one_suit)):
            key = key5(ranks, flush)
            assert table.key[at] == key
            assert table.front_key[at] == front_depth_key(key)
            assert table.back_worth[at] == _points(key, "back") * five.wins[key] * three.total
            assert table.middle_worth[at] == _points(key, "middle") * five.wins[key] * three.total


def test_every_three_card_slot_holds_what_evaluating_the_front_gives():
    table = three_card_table()
    five, three = tables()
    ranks_by_code = _ranks_by_code(3)
    assert sorted(ranks_by_code) == table.codes.tolist() and len(table.codes) == 455
    for slot, code in enumerate(table.codes.tolist()):
        key = key3(ranks_by_code[code])
        assert table.key[slot] == key
        assert table.worth[slot] == _points(key, "front") * three.wins[key] * five.total


def _points(key, tier):
    """Art. 9 II, written out again: what a winning combination scores in each tier."""
    category = key >> 20
    if tier == "front":
        return 3 if category == 4 else 1
    bonus = {10: 10, 9: 10, 8: 8, 7: 2} if tier == "middle" else {10: 5, 9: 5, 8: 4, 7: 1}
    return bonus.get(category, 1)


def test_each_subset_of_a_hand_is_looked_up_as_its_cards_evaluate():
    rng = random.Random(42)
    index = split_index()
    one_suit = [card for card in DECK if card.suit is Suit.SPADES]  # every five a flush
    for cards in [one_suit, *(rng.sample(DECK, 13) for _ in range(20))]:
        values = subset_values(tuple(cards))
        for subset, key in zip(index.fives.tolist(), values.key5.tolist(), strict=True):
            hand = [cards[p] for p in subset]
            ranks = tuple(sorted((int(c.rank) for c in hand), reverse=True))
            assert key == key5(ranks, len({c.suit for c in hand}) == 1)
        for subset, key in zip(index.threes.tolist(), values.key3.tolist(), strict=True):
            assert key == key3(tuple(sorted((int(cards[p].rank) for p in subset), reverse=True)))


def test_the_split_index_holds_every_split_once_in_the_order_of_the_plain_search():
    index = split_index()
    splits = []
    for back in itertools.combinations(range(13), 5):
        rest = [p for p in range(13) if p not in back]
        for middle in itertools.combinations(rest, 5):
            splits.append((tuple(p for p in rest if p not in middle), middle, back))
    assert [(tuple(index.threes[front]), tuple(index.fives[middle]), tuple(index.fives[i // 56]))
            for i, (middle, front) in enumerate(zip(index.middles.ravel().tolist(),
                                                    index.fronts.ravel().tolist(), strict=True))
            ] == splits
    assert len(set(splits)) == 72_072
    assert (index.members5.sum(axis=1) == 5).all() and (index.members3.sum(axis=1) == 3).all()
    assert [np.flatnonzero(row).tolist() for row in index.members5] == index.fives.tolist()


@pytest.mark.parametrize("strict", [False, True], ids=["equal-allowed", "strict"])
def test_no_split_is_worth_more_than_its_backs_ceiling(strict):
    # The search leaves out the backs whose ceiling misses the bar: sound only if no split
    # that does not foul is worth more than the ceiling of the hand behind it.
    rng = random.Random(43)
    index = split_index()
    for cards in [*(rng.sample(DECK, 13) for _ in range(30)), *(_tie_rich(rng) for _ in range(30))]:
        values = subset_values(tuple(cards))
        middles, fronts = index.middles, index.fronts
        middle_keys, front_keys = values.key5[middles], values.key3[fronts]
        below = np.less if strict else np.less_equal
        good = (below(middle_keys, values.key5[:, None])
                & below(front_keys, values.front_key5[middles]))
        worth = (values.back_worth[:, None] + values.middle_worth[middles]
                 + values.front_worth[fronts])
        best_by_back = np.where(good, worth, 0).max(axis=1)
        assert (best_by_back <= values.ceiling).all()
        assert (values.ceiling >= values.back_worth).all()
