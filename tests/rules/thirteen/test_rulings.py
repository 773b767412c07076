"""Rulings in words (Art. 7, 9, 10) and the small core functions the questions compose:
``play_tier``/``tier_reason``, ``admitted_naturals``, ``straights_split``."""

from collections import Counter

import pytest

from trainer.rules.cards import parse_cards
from trainer.rules.house import ThirteenRules
from trainer.rules.table import Outcome
from trainer.rules.thirteen import Arrangement, Natural, Tier, evaluate
from trainer.rules.thirteen.naturals import admitted_naturals, straights_split
from trainer.rules.thirteen.rulings import (
    describe,
    foul_reasons,
    front_combinations,
    natural_reasons,
    why_higher,
)
from trainer.rules.thirteen.showdown import play_tier, tier_reason


def hand(text):
    return evaluate(parse_cards(text))


def arrangement(front, middle, back):
    return Arrangement(parse_cards(front), parse_cards(middle), parse_cards(back))


@pytest.mark.parametrize(("cards", "words"), [
    ("AS KS QS JS 10S", "royal flush A-K-Q-J-10"),
    ("AH 2H 3H 4H 5H", "straight flush A-2-3-4-5"),
    ("KD QD JD 10D 9D", "straight flush K-Q-J-10-9"),
    ("AS AH AD AC 5S", "four of a kind of A"),
    ("8S 8H 8D 5C 5S", "full house, trio of 8"),
    ("10S 9S 8S 7S 5S", "flush 10-9-8-7-5"),
    ("6S 7H 8D 9C 10S", "straight 10-9-8-7-6"),
    ("AS 2H 3D 4C 5S", "straight A-2-3-4-5"),
    ("KS KH KD 6C 5S", "three of a kind of K"),
    ("10S 10H 6D 6C 5S", "two pairs of 10 and 6, odd card 5"),
    ("10S 10H 9D 7C 6S", "pair of 10 with 9-7-6"),
    ("AS 10H 7D 6C 5S", "high card A-10-7-6-5"),
    ("QS KH AD", "high card A-K-Q"),
])
def test_each_example_of_article_9_in_words(cards, words):
    assert str(describe(hand(cards))) == words


def test_a_2_3_4_5_is_the_second_straight_and_the_first_straight_flush():
    wheel, broadway, king = hand("AS 2H 3D 4C 5S"), hand("AH KD QC JS 10H"), hand(
        "KS QH JD 10C 9S")
    assert broadway > wheel > king
    assert "second-highest straight" in str(why_higher(wheel, king))
    assert "highest straight and A-2-3-4-5 the second" in str(why_higher(broadway, wheel))
    flush_wheel, flush_king = hand("AH 2H 3H 4H 5H"), hand("KS QS JS 10S 9S")
    assert "highest straight flush" in str(why_higher(flush_wheel, flush_king))
    royal = hand("AD KD QD JD 10D")
    reason = why_higher(royal, flush_wheel)
    assert "royal flush ranks above straight flush" in str(reason)
    assert "Article 9, item II" in str(reason)


def test_what_decides_within_a_combination():
    assert "odd card does not count" in str(why_higher(hand("KS KH KD KC 2S"),
                                                       hand("QS QH QD QC AS")))
    assert "whatever the other cards" in str(why_higher(hand("8S 8H 8D 5C 5S"),
                                                        hand("7S 7H 7D AC AS")))
    assert "second pair decides: 6 against 5" in str(why_higher(hand("10S 10H 6D 6C 2S"),
                                                                 hand("10D 10C 5D 5C AS")))
    assert "odd card decides: 5 against 4" in str(why_higher(hand("10S 10H 6D 6C 5S"),
                                                             hand("10D 10C 6S 6H 4S")))
    assert "odd cards decide, high to low: 7 against 6" in str(
        why_higher(hand("10S 10H 9D 7C 6S"), hand("10D 10C 9S 6H 5D")))
    assert "next one down decides: 5 against 4" in str(
        why_higher(hand("KS 10S 8S 7S 5S"), hand("KH 10H 8H 7H 4H")))
    with pytest.raises(ValueError, match="2S 3H 5D does not rank above AS KH 9D"):
        why_higher(hand("2S 3H 5D"), hand("AS KH 9D"))


def test_art_9_ii_the_first_rank_that_differs_decides_and_is_named():
    assert "the straight with the higher top card wins" in str(
        why_higher(hand("AS KS QS JH 10S"), hand("KH QH JD 10D 9C")))
    assert "the higher pair wins: K against Q" in str(
        why_higher(hand("KS KH 3D 4C 6S"), hand("QS QH AD 4D 6C")))
    assert "the highest card decides: A against K" in str(
        why_higher(hand("AS 9H 7D 5C 3S"), hand("KS QH JD 9C 8S")))


def test_art_10_an_equal_hand_does_not_rank_above_the_other():
    with pytest.raises(ValueError, match="does not rank above"):
        why_higher(hand("AS KH QD JC 9S"), hand("AH KD QC JS 9H"))


def test_art_9_i_six_pairs_are_listed_from_the_highest():
    cards = parse_cards("AS AH AD AC 5S 5H 7D 7C 9S 9H JD JC KS")
    assert "Six pairs (A, A, J, 9, 7, 5) and one odd card" in str(natural_reasons(cards)[0])


def test_a_tier_goes_to_the_banker_in_exact_equality():
    result = play_tier(Tier.MIDDLE, hand("AS KH QD JC 9S"), hand("AH KD QC JS 9H"))
    assert result.winner is Outcome.BANKER and result.points == 1
    assert "Article 10" in str(tier_reason(result))
    won = play_tier(Tier.MIDDLE, hand("8S 8H 8D 5C 5S"), hand("7S 7H 7D AC AS"))
    assert won.winner is Outcome.PLAYER and won.points == 2  # full house in the middle


def test_foul_reasons_follow_the_core():
    fouled = arrangement("AS AH AD", "2S 3H 5D 7C 9S", "KS KH 4D 6C 8S")
    text = [str(r) for r in foul_reasons(fouled)]
    assert any("ranks above" in line and "Article 7" in line for line in text)
    assert "A foul" in text[-1]
    # HI-EQUAL-TIERS: a front equal to the middle over its three cards is no foul...
    equal = arrangement("9S 9H KD", "9D 9C KH 4S 2S", "AS AH AD 3C 3D")
    text = [str(r) for r in foul_reasons(equal)]
    assert any("equal tiers are not a foul" in line for line in text)
    assert any("over the front's three cards" in line for line in text)
    assert "no foul" in text[-1]
    # ...unless the house says so.
    strict = ThirteenRules(equal_tiers_are_foul=True)
    assert any("counts equal tiers as a foul" in str(r) for r in foul_reasons(equal, strict))


@pytest.mark.parametrize(("cards", "first", "words"), [
    ("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", Natural.DRAGON, "a dragon"),
    ("AS AH AD AC 5S 5H 7D 7C 9S 9H JD JC KS", Natural.SIX_PAIRS_AND_A_HALF,
     "count as two pairs"),
    ("2S 7S KS 3S 5S 8S 10S QS 4H 6H 9H JH 2H", Natural.THREE_FLUSHES, "8 + 5"),
    ("QS KH AD 2C 3S 4H 5D 6C 6S 7H 8D 9C 10D", Natural.THREE_STRAIGHTS,
     "Q-K-A, 2-3-4-5-6 and 6-7-8-9-10"),
])
def test_natural_reasons(cards, first, words):
    cards = parse_cards(cards)
    assert admitted_naturals(cards)[0] is first
    text = " ".join(str(r) for r in natural_reasons(cards))
    assert words in text and "Article 9, item I" in text


def test_a_dragon_is_three_straights_too_and_the_regulation_names_it_first():
    cards = parse_cards("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS")
    assert admitted_naturals(cards) == (Natural.DRAGON, Natural.THREE_STRAIGHTS)
    assert "lists dragon first" in str(natural_reasons(cards)[-1])


def test_why_no_natural():
    trio = parse_cards("AS AH AD 2C 2S 5H 5D 7C 7S 9H 9D JC JS")
    text = [str(r) for r in natural_reasons(trio)]
    assert len(text) == 4 and "HI-SIX-PAIRS" in text[1]
    allowing = ThirteenRules(six_pairs_allow_three_of_a_kind=True)
    assert "HI-SIX-PAIRS" in str(natural_reasons(trio, allowing)[-1])


@pytest.mark.parametrize(("ranks", "split"), [
    ("A 2 3 4 5 6 7 8 10 J Q K A", ((1, 2, 3), (4, 5, 6, 7, 8), (10, 11, 12, 13, 14))),
    ("2 3 4 5 6 7 8 9 10 J Q K A", ((1, 2, 3), (4, 5, 6, 7, 8), (9, 10, 11, 12, 13))),
])
def test_straights_split(ranks, split):
    values = {"A": 14, "J": 11, "Q": 12, "K": 13}
    counts = Counter(values.get(r) or int(r) for r in ranks.split())
    assert straights_split(counts) == split
    counts[2] += 1
    counts[3] -= 1
    assert straights_split(counts) is None


def test_the_front_knows_no_straights_or_flushes():
    assert hand("QS KS AS").category.name == "HIGH_CARD"
    assert "only three of a kind, a pair and high card" in str(front_combinations())
    assert "Article 9, item II" in str(front_combinations())
