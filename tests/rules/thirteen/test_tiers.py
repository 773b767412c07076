"""Tiers, points and the foul rule (Portaria 51/89/M, Art. 7, 9 II)."""

import pytest

from trainer.rules.cards import parse_cards
from trainer.rules.house import ThirteenRules
from trainer.rules.thirteen import (
    Arrangement,
    Category,
    Tier,
    evaluate,
    foul_tiers,
    is_foul,
    tier_points,
)


def arrangement(front, middle, back):
    return Arrangement(parse_cards(front), parse_cards(middle), parse_cards(back))


@pytest.mark.parametrize(
    ("cards", "category", "middle", "back"),
    [
        ("AS KS QS JS 10S", Category.ROYAL_FLUSH, 10, 5),
        ("9H 8H 7H 6H 5H", Category.STRAIGHT_FLUSH, 10, 5),
        ("4S 4H 4D 4C 9S", Category.FOUR_OF_A_KIND, 8, 4),
        ("8S 8H 8D 5C 5S", Category.FULL_HOUSE, 2, 1),
        ("KD 9D 7D 4D 2D", Category.FLUSH, 1, 1),
        ("6S 7H 8D 9C 10S", Category.STRAIGHT, 1, 1),
        ("QS QH QD 6C 5S", Category.THREE_OF_A_KIND, 1, 1),
        ("10S 10H 6D 6C 5S", Category.TWO_PAIRS, 1, 1),
        ("JS JH 9D 7C 6S", Category.PAIR, 1, 1),
        ("AS 10H 7D 6C 5S", Category.HIGH_CARD, 1, 1),
    ],
)
def test_points_table_for_the_middle_and_back(cards, category, middle, back):
    hand = evaluate(parse_cards(cards))
    assert hand.category is category
    assert tier_points(hand, Tier.MIDDLE) == middle
    assert tier_points(hand, Tier.BACK) == back


@pytest.mark.parametrize(("cards", "points"), [("7S 7H 7D", 3), ("7S 7H KD", 1),
                                                ("AS 8H 3D", 1)])
def test_points_table_for_the_front(cards, points):
    assert tier_points(evaluate(parse_cards(cards)), Tier.FRONT) == points


def test_a_hand_must_fit_its_tier():
    with pytest.raises(ValueError, match="the back tier holds 5 cards"):
        tier_points(evaluate(parse_cards("7S 7H 7D")), Tier.BACK)


def test_ascending_tiers_are_no_foul():
    good = arrangement("2S 3H 5D", "7S 7H 9D 10C JS", "KS KH KD 4C 6S")
    assert not is_foul(good) and foul_tiers(good) == []


def test_a_front_stronger_than_the_middle_is_a_foul():
    bad = arrangement("AS AH 2D", "KS KH QD JC 9S", "3S 3H 3D 4C 6S")
    assert foul_tiers(bad) == [(Tier.FRONT, Tier.MIDDLE)]


def test_a_middle_stronger_than_the_back_is_a_foul():
    bad = arrangement("2S 3H 5D", "KS KH KD 4C 6S", "7S 7H 9D 10C JS")
    assert foul_tiers(bad) == [(Tier.MIDDLE, Tier.BACK)]


def test_both_breaks_are_listed():
    bad = arrangement("AS AH AD", "KS KH 2D 3C 4S", "5S 7H 9D JC QS")
    assert foul_tiers(bad) == [(Tier.FRONT, Tier.MIDDLE), (Tier.MIDDLE, Tier.BACK)]


def test_equal_tiers_are_no_foul_unless_the_house_says_so():
    # The middle and back hold the same ranks in other suits: equal in the Macau order.
    equal = arrangement("2S 3H 4D", "AS KH QD JC 9S", "AH KD QC JS 9H")
    assert not is_foul(equal)
    assert is_foul(equal, ThirteenRules(equal_tiers_are_foul=True))
    front_equal = arrangement("10S 10H 9D", "10D 10C 9S 7C 6S", "AS AH AD 2C 3S")
    assert not is_foul(front_equal)
    assert foul_tiers(front_equal, ThirteenRules(equal_tiers_are_foul=True)) == [
        (Tier.FRONT, Tier.MIDDLE)]


@pytest.mark.parametrize(
    ("front", "middle", "back", "says"),
    [("2S 3H", "7S 7H 9D 10C JS 4D", "KS KH KD 4C 6S", "tiers hold 3, 5 and 5 cards"),
     ("2S 3H 5D", "7S 7H 9D 10C JS", "KS KH KD 4C 2S", "an arrangement holds 13 different cards")],
)
def test_an_arrangement_is_3_5_5_different_cards(front, middle, back, says):
    with pytest.raises(ValueError, match=says):
        arrangement(front, middle, back)


def test_arrangement_json_round_trip():
    good = arrangement("2S 3H 5D", "7S 7H 9D 10C JS", "KS KH KD 4C 6S")
    assert Arrangement.from_json(good.to_json()) == good
