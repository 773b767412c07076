"""The house way: the fast solver against plain enumeration, and its settings."""

import random
from fractions import Fraction

import pytest

from tests.rules.thirteen.reference import expected_points, plain_best_arrangement
from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.house import HouseWay, ThirteenRules
from trainer.rules.thirteen import Tier, best_arrangement, is_foul
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
    # The weakest 5-card hand beats nothing and ties its own kind; the royal flush beats all
    # but the other three royal flushes, with which it ties.
    assert five.share(five.keys[-1]) == Fraction(2 * (HANDS5 - 4) + 4, 2 * HANDS5)
    shares = [five.share(k) for k in five.keys]
    assert shares == sorted(shares) and 0 < shares[0] and shares[-1] < 1


def test_the_banker_sets_a_pair_of_aces_in_front_when_nothing_else_pairs():
    cards = parse_cards("AS AH KD QC 10S 9H 7D 6C 5S 4H 3D 2C 8S")
    chosen = best_arrangement(cards)
    assert not is_foul(chosen)
    assert signature(chosen) == signature(plain_best_arrangement(cards))


def test_thirteen_different_cards_are_needed():
    with pytest.raises(ValueError):
        best_arrangement(DECK[:12])
