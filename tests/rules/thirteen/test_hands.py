"""The Macau order of tier hands (Portaria 51/89/M, Art. 6, 9 II), checked hard."""

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.thirteen import Category, evaluate
from trainer.rules.thirteen._share_counts import FIVE, THREE
from trainer.rules.thirteen.shares import compute_counts3, compute_counts5, counts_module

DECK = full_deck()


def hand(text):
    return evaluate(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("AS KS QS JS 10S", Category.ROYAL_FLUSH),
        ("AH 2H 3H 4H 5H", Category.STRAIGHT_FLUSH),
        ("10S 9S 8S 7S 6S", Category.STRAIGHT_FLUSH),  # the regulation's "sequência de dez"
        ("AS AH AD AC 5S", Category.FOUR_OF_A_KIND),
        ("8S 8H 8D 5C 5S", Category.FULL_HOUSE),
        ("10S 9S 8S 7S 5S", Category.FLUSH),
        ("6S 7H 8D 9C 10S", Category.STRAIGHT),
        ("AS 2H 3D 4C 5S", Category.STRAIGHT),
        ("KS KH KD 6C 5S", Category.THREE_OF_A_KIND),
        ("10S 10H 6D 6C 5S", Category.TWO_PAIRS),
        ("10S 10H 9D 7C 6S", Category.PAIR),
        ("AS 10H 7D 6C 5S", Category.HIGH_CARD),
        ("QS KH AD", Category.HIGH_CARD),  # no straights in the front
        ("2H 3H 4H", Category.HIGH_CARD),  # no straight flush in the front
        ("AS 9S 4S", Category.HIGH_CARD),  # no flush in the front
        ("7S 7H 7D", Category.THREE_OF_A_KIND),
        ("7S 7H KD", Category.PAIR),
    ],
)
def test_every_combination_of_article_9(cards, category):
    assert hand(cards).category is category


def test_ace_high_straight_is_highest_and_ace_low_second():
    broadway, wheel = hand("AS KH QD JC 10S"), hand("AH 2D 3C 4S 5H")
    king_high, six_high = hand("KS QH JD 10C 9S"), hand("6S 5H 4D 3C 2S")
    assert broadway > wheel > king_high > six_high


def test_ace_low_straight_flush_is_the_highest_below_the_royal_flush():
    royal, wheel = hand("AS KS QS JS 10S"), hand("AH 2H 3H 4H 5H")
    king_high, six_high = hand("KD QD JD 10D 9D"), hand("6C 5C 4C 3C 2C")
    assert royal > wheel > king_high > six_high
    assert royal.category is Category.ROYAL_FLUSH
    assert wheel.category is Category.STRAIGHT_FLUSH


@pytest.mark.parametrize(
    ("stronger", "weaker", "why"),
    [
        ("AS AH AD AC 2S", "KS KH KD KC AS", "higher four of a kind"),
        ("3S 3H 3D 2C 2S", "2H 2D 2C AH AD", "full houses: the trio decides"),
        ("AS JS 9S 8S 3S", "AH JH 9H 8H 2H", "flushes compare high to low"),
        ("KS QH JD 10C 9S", "QS JH 10D 9C 8S", "straights: top card"),
        ("3S 3H 3D 2C 4S", "2S 2H 2D AC KS", "trios: the trio decides"),
        ("10S 10H 6D 6C 5S", "10D 10C 5D 5C AS", "two pairs: second pair"),
        ("10S 10H 6D 6C 5S", "10D 10C 6H 6S 4S", "two pairs: then the odd card"),
        ("10S 10H 9D 7C 6S", "10D 10C 9H 7H 5S", "pairs: kickers down the line"),
        ("AS 10H 7D 6C 5S", "AH 10D 7C 6S 4S", "high card: down to the last card"),
        ("QS QH 3D", "QD QC 2S", "front pairs: then the odd card"),
        ("AS 9H 2D", "KS QH JD", "front high card"),
    ],
)
def test_tie_breaks_of_article_9(stronger, weaker, why):
    assert hand(stronger) > hand(weaker), why


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("AS AH AD AC 5S", "AS AH AD AC 9D"),  # the odd card of four is not counted
        ("8S 8H 8D 5C 5S", "8S 8H 8D KC KS"),  # the pair of a full house is not counted
        ("KS KH KD 6C 5S", "KS KH KD AC QS"),  # the odd cards of a trio are not counted
        ("AS KH QD JC 10S", "AD KC QH JS 10D"),
        ("AS 10H 7D 6C 5S", "AD 10C 7H 6S 5D"),  # suits never break ties
    ],
)
def test_what_the_regulation_says_is_not_counted(one, other):
    assert hand(one) == hand(other)


def test_a_front_compares_with_a_middle_over_the_shorter_list():
    # HI-EQUAL-TIERS: category, defining ranks, then kickers over the shorter list.
    assert hand("10S 10H 9D") == hand("10D 10C 9S 7C 6S")
    assert hand("10S 10H 9D") < hand("10D 10C JS 7C 6S")
    assert hand("10S 10H JD") > hand("10D 10C 9S 7C 6S")
    assert hand("AS KH QD") == hand("AH KD QC 3S 2S")
    assert hand("7S 7H 7D") > hand("AS AH KD KC 2S")  # trio beats two pairs
    assert hand("7S 7H 7D") < hand("2S 3H 4D 5C 6S")  # a straight beats a trio
    assert hand("AS AH KD") > hand("KS KH AD QC JS")


def test_a_tier_holds_three_or_five_different_cards():
    with pytest.raises(ValueError, match="a tier holds 3 or 5 cards, not 2"):
        evaluate(parse_cards("AS KS"))
    with pytest.raises(ValueError, match="a tier holds 3 or 5 cards, not 4"):
        evaluate(parse_cards("AS KS QS JS"))
    with pytest.raises(ValueError, match="a tier cannot hold the same card twice"):
        evaluate(parse_cards("AS AS QS"))


def test_every_five_card_hand_of_the_deck():
    """All C(52,5) hands: category counts and the shipped count of every key."""
    keys = Counter(evaluate(combo).key for combo in itertools.combinations(DECK, 5))
    assert sum(keys.values()) == 2_598_960
    categories = Counter()
    for key, count in keys.items():
        categories[Category(key >> 20)] += count
    assert categories == {
        Category.ROYAL_FLUSH: 4, Category.STRAIGHT_FLUSH: 36, Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3_744, Category.FLUSH: 5_108, Category.STRAIGHT: 10_200,
        Category.THREE_OF_A_KIND: 54_912, Category.TWO_PAIRS: 123_552,
        Category.PAIR: 1_098_240, Category.HIGH_CARD: 1_302_540,
    }
    assert dict(keys) == dict(FIVE) == compute_counts5()


def test_every_three_card_hand_of_the_deck():
    keys = Counter(evaluate(combo).key for combo in itertools.combinations(DECK, 3))
    categories = Counter()
    for key, count in keys.items():
        categories[Category(key >> 20)] += count
    assert categories == {Category.THREE_OF_A_KIND: 52, Category.PAIR: 3_744,
                          Category.HIGH_CARD: 18_304}
    assert dict(keys) == dict(THREE) == compute_counts3()


def test_the_shipped_table_of_hands_per_key_is_what_the_generator_writes(tmp_path,
                                                                         monkeypatch):
    from trainer.tools import share_counts

    shipped = Path(__file__).resolve().parents[3] / "trainer/rules/thirteen/_share_counts.py"
    assert share_counts.TARGET == shipped
    assert counts_module() == shipped.read_text(encoding="utf-8")
    monkeypatch.setattr(share_counts, "TARGET", tmp_path / "_share_counts.py")
    assert share_counts.main() == 0  # the tool writes exactly that text
    assert (tmp_path / "_share_counts.py").read_text(encoding="utf-8") == counts_module()


# An ordinary poker evaluator, written here independently, for everything but the wheel.

def ordinary_poker_key(cards):
    ranks = sorted((int(c.rank) for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    straight = len(counts) == 5 and ranks[0] - ranks[4] == 4
    shape = [n for _r, n in groups]
    ordered = [r for r, _n in groups]
    if straight and flush:
        return (8, ranks[0])
    if shape == [4, 1]:
        return (7, *ordered)
    if shape == [3, 2]:
        return (6, *ordered)
    if flush:
        return (5, *ranks)
    if straight:
        return (4, ranks[0])
    if shape == [3, 1, 1]:
        return (3, *ordered)
    if shape == [2, 2, 1]:
        return (2, *ordered)
    if shape == [2, 1, 1, 1]:
        return (1, *ordered)
    return (0, *ranks)


def is_wheel(cards):
    return {int(c.rank) for c in cards} == {14, 2, 3, 4, 5}


def sign(x):
    return (x > 0) - (x < 0)


def test_agrees_with_ordinary_poker_except_for_the_macau_straights():
    rng = random.Random(51_89)
    compared = 0
    while compared < 40_000:
        cards = rng.sample(DECK, 10)
        a, b = cards[:5], cards[5:]
        if is_wheel(a) or is_wheel(b):
            continue
        ours = (evaluate(a) > evaluate(b)) - (evaluate(a) < evaluate(b))
        theirs = sign((ordinary_poker_key(a) > ordinary_poker_key(b))
                      - (ordinary_poker_key(a) < ordinary_poker_key(b)))
        assert ours == theirs, (a, b)
        compared += 1


cards5 = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
cards3 = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)


@given(st.one_of(st.tuples(cards5, cards5, cards5), st.tuples(cards3, cards3, cards3)))
def test_the_order_is_total_and_transitive_within_a_size(trio):
    a, b, c = (evaluate(cards) for cards in trio)
    assert sum([a < b, a == b, a > b]) == 1
    assert (a <= b) == (a < b or a == b)
    if a <= b and b <= c:
        assert a <= c
    if a < b and b < c:
        assert a < c
    assert sorted([a, b, c]) == sorted([c, b, a])


@given(cards3, cards5)
def test_a_front_and_a_middle_always_compare(front, middle):
    f, m = evaluate(front), evaluate(middle)
    assert sum([f < m, f == m, f > m]) == 1
