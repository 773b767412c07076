"""The house way: the fast solver against plain enumeration, and its settings."""

import random
from fractions import Fraction

import pytest

from tests.rules.thirteen.reference import expected_points, plain_best_arrangement
from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.house import HouseWay, ThirteenRules
from trainer.rules.thirteen import (
    Arrangement,
    Natural,
    Tier,
    best_arrangement,
    find_natural,
    is_foul,
)
from trainer.rules.thirteen.hands import straight_value
from trainer.rules.thirteen.shares import HANDS3, HANDS5, tables

DECK = full_deck()


def signature(arrangement):
    return (expected_points(arrangement), arrangement.hand(Tier.BACK).key,
            arrangement.hand(Tier.MIDDLE).key, arrangement.hand(Tier.FRONT).key)


@pytest.mark.parametrize("seed", range(4))
def test_the_solver_finds_what_trying_every_split_finds(seed):
    cards = random.Random(seed).sample(DECK, 13)
    assert signature(best_arrangement(cards)) == signature(plain_best_arrangement(cards))


def test_the_solver_honours_strict_tiers_like_the_plain_search():
    cards = parse_cards("AS AH KD KC 7S 7H 5D 5C 9S 9H JD 2C 3S")  # many equal-ish splits
    rules = ThirteenRules(equal_tiers_are_foul=True)
    assert signature(best_arrangement(cards, rules)) == signature(
        plain_best_arrangement(cards, rules))


def test_the_house_way_is_never_a_foul():
    rng = random.Random(77)
    for _ in range(60):
        assert not is_foul(best_arrangement(rng.sample(DECK, 13)))


def test_strongest_back_setting_puts_the_strongest_possible_hand_behind():
    cards = parse_cards("AS KS QS JS 10S 9H 9D 9C 2H 2D 5C 6C 7D")
    setting = ThirteenRules(house_way=HouseWay.STRONGEST_BACK)
    chosen = best_arrangement(cards, setting)
    assert {str(c) for c in chosen.back} == {"AS", "KS", "QS", "JS", "10S"}
    assert not is_foul(chosen)


def test_share_tables_are_exact_and_sum_to_all_hands():
    five, three = tables()
    assert five.total == HANDS5 == 2_598_960 and three.total == HANDS3 == 22_100
    # A tie is the banker's (Art. 10): the royal flush beats 2,598,956 hands and ties the
    # other three royal flushes, so it takes every hand; the weakest hand takes only its own
    # kind (7-5-4-3-2 in four suits or more, never a flush: 1,020 hands).
    assert five.share(five.keys[-1]) == 1
    assert five.share(five.keys[0]) == Fraction(1020, HANDS5)
    # Three aces in front: beaten by no 3-card hand, tied by the other three trios of aces.
    assert three.share(three.keys[-1]) == 1
    assert three.share(three.keys[-2]) == Fraction(HANDS3 - 4, HANDS3)
    shares = [five.share(k) for k in five.keys]
    assert shares == sorted(shares) and 0 < shares[0]


def test_a_tied_tier_counts_as_the_bankers_not_half():
    # Found by searching random hands: counting a tie half, the banker kept a pair of 3s in
    # front; counted as his (Art. 10), high card K-J-9 in front and two pairs behind it score
    # more (HI-HOUSE-WAY).
    cards = parse_cards("KD JH 9H 8S 8H 8C 7D 7C 6C 4C 3H 3C 2S")
    chosen = best_arrangement(cards)
    assert sorted(map(str, chosen.front)) == ["9H", "JH", "KD"]
    assert sorted(map(str, chosen.middle)) == ["3C", "3H", "6C", "7C", "7D"]
    assert sorted(map(str, chosen.back)) == ["2S", "4C", "8C", "8H", "8S"]
    assert signature(chosen) == signature(plain_best_arrangement(cards))


def test_the_banker_sets_a_pair_of_aces_in_front_when_nothing_else_pairs():
    cards = parse_cards("AS AH KD QC 10S 9H 7D 6C 5S 4H 3D 2C 8S")
    chosen = best_arrangement(cards)
    assert not is_foul(chosen)
    assert signature(chosen) == signature(plain_best_arrangement(cards))


def test_thirteen_different_cards_are_needed():
    with pytest.raises(ValueError, match="the house way sets 13 different cards"):
        best_arrangement(DECK[:12])
    with pytest.raises(ValueError, match="the house way sets 13 different cards"):
        best_arrangement(DECK[:12] + DECK[:1])  # 13 cards, one of them twice


# expected_points and natural_setting: the house way's objective for one setting, and how
# a natural is laid out (used by the trainer's house-way question).
def test_expected_points_of_one_setting_matches_the_plain_computation():
    from tests.rules.thirteen.reference import expected_points as plain_points
    from trainer.rules.thirteen.house_way import expected_points

    rng = random.Random(5)
    for _ in range(5):
        cards = rng.sample(DECK, 13)
        best = best_arrangement(cards)
        assert expected_points(best) == Fraction(plain_points(best), HANDS5 * HANDS3)
        # No other setting that is not a foul expects more than the house way's.
        for _ in range(30):
            shuffled = rng.sample(cards, 13)
            other = Arrangement(shuffled[:3], shuffled[3:8], shuffled[8:])
            if is_foul(other):
                assert expected_points(other) == 0
            else:
                assert 0 < expected_points(other) <= expected_points(best)


def test_expected_points_of_a_hand_worked_setting():
    from trainer.rules.thirteen.house_way import expected_points

    five, three = tables()
    setting = Arrangement(parse_cards("KD QC 9H"), parse_cards("AS AH 10S 7D 3D"),
                          parse_cards("6C 5S 4H 3H 2C"))  # high card, pair, a straight
    assert not is_foul(setting)
    # Every tier scores 1 point here (Art. 9 II), times the share of hands it beats.
    want = sum((three if t is Tier.FRONT else five).share(setting.hand(t).key) for t in Tier)
    assert expected_points(setting) == want
    assert expected_points(setting, ThirteenRules(equal_tiers_are_foul=True)) == want
    fouled = Arrangement(setting.back[:3], setting.middle, setting.front + setting.back[3:])
    assert is_foul(fouled) and expected_points(fouled) == 0


@pytest.mark.parametrize("text, natural", [
    ("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", Natural.DRAGON),
    ("AS AH KD KC 7S 7H 5D 5C 9S 9H JD JC 2C", Natural.SIX_PAIRS_AND_A_HALF),
    ("AS KS 2S 3H 5H 7H 9H JH 3D 4D 6D 8D 10D", Natural.THREE_FLUSHES),
    ("2S 3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H", Natural.THREE_FLUSHES),
    ("AS KS QS 10S 9S 7S 6S 4S 3S 2S 5H 8H QH", Natural.THREE_FLUSHES),  # 10 + 3
    ("AS 2S 3H 4H 5H 6D 7D 8D 9C 10C JH QD KS", Natural.DRAGON),
    ("AS 3H 5D 7C 9S JH KD 2C 4S 6H 8D 10C QS", Natural.DRAGON),
    ("QD KD AC 4H 5C 6S 7H 8D 9C 10S JH QS KC", Natural.THREE_STRAIGHTS),
    ("AS 2H 3D 2C 3S 4H 5D 6C 10S JH QD KC AC", Natural.THREE_STRAIGHTS),
    ("AH 2H 3H 4H 5H 7C 8C 9C 10C JC QD KS AD", Natural.THREE_STRAIGHTS),
])
def test_a_natural_is_laid_out_to_show(text, natural):
    from trainer.rules.thirteen.house_way import natural_setting

    cards = parse_cards(text)
    assert find_natural(cards) is natural
    shown = natural_setting(cards)
    assert sorted(shown.cards) == sorted(cards) and not is_foul(shown)
    if natural is Natural.THREE_FLUSHES:
        assert all(len({c.suit for c in shown.tier(t)}) == 1 for t in Tier)
    if natural is Natural.THREE_STRAIGHTS:
        for tier in (Tier.MIDDLE, Tier.BACK):
            assert straight_value(frozenset(int(c.rank) for c in shown.tier(tier)))
        front = sorted(1 if c.rank == 14 and {2, 3} <= {int(x.rank) for x in shown.front}
                       else int(c.rank) for c in shown.front)
        assert front == list(range(front[0], front[0] + 3))
    if natural in (Natural.DRAGON, Natural.SIX_PAIRS_AND_A_HALF):
        assert shown == best_arrangement(cards)


def test_no_natural_no_layout():
    from trainer.rules.thirteen.house_way import natural_setting

    cards = parse_cards("AS AH KD QC 10S 9H 7D 6C 5S 4H 3D 2C JS")
    assert find_natural(cards) is None and natural_setting(cards) is None


def test_both_house_ways_in_one_search_match_each_setting():
    from trainer.rules.thirteen.house_way import house_ways

    rng = random.Random(12)
    for _ in range(10):
        cards = rng.sample(DECK, 13)
        both = house_ways(cards)
        for way in HouseWay:
            assert both[way] == best_arrangement(cards, ThirteenRules(house_way=way))
    assert set(house_ways(cards, ways=[HouseWay.STRONGEST_BACK])) == {HouseWay.STRONGEST_BACK}
