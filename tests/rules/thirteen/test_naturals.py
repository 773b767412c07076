"""Naturals (Portaria 51/89/M, Art. 9 I), with a brute-force check of the searches."""

import itertools
import random

import pytest

from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.house import ThirteenRules
from trainer.rules.thirteen import Natural, find_natural
from trainer.rules.thirteen.hands import straight_value
from trainer.rules.thirteen.naturals import NATURAL_POINTS

DECK = full_deck()


@pytest.mark.parametrize(
    ("cards", "natural"),
    [
        ("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", Natural.DRAGON),
        ("AS AH 2D 2C 5S 5H 7D 7C 9S 9H JD JC KS", Natural.SIX_PAIRS_AND_A_HALF),
        # four of a kind counts as two pairs
        ("AS AH AD AC 5S 5H 7D 7C 9S 9H JD JC KS", Natural.SIX_PAIRS_AND_A_HALF),
        # three flushes: 3 + 5 + 5 in three suits, in 8 + 5 and in 10 + 3
        ("2S 7S KS 3H 5H 8H 10H QH 3D 6D 9D JD AD", Natural.THREE_FLUSHES),
        ("2S 7S KS 3S 5S 8S 10S QS 4H 6H 9H JH 2H", Natural.THREE_FLUSHES),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S KS 2H 3H 9H", Natural.THREE_FLUSHES),
        # three straights, with A-2-3 in front and 10-J-Q-K-A behind
        ("AS 2H 3D 4C 5S 6H 7D 8C 10S JH QD KC AC", Natural.THREE_STRAIGHTS),
        ("QS KH AD 2C 3S 4H 5D 6C 6S 7H 8D 9C 10D", Natural.THREE_STRAIGHTS),
        # Q-K-A in front, A-2-3-4-5 in the middle and behind: the back may equal the middle
        ("AS 2H 3S 4H 5S AH 2S 3H 4S 5H QD KC AC", Natural.THREE_STRAIGHTS),
    ],
)
def test_the_four_naturals(cards, natural):
    assert find_natural(parse_cards(cards)) is natural


def test_no_natural():
    assert find_natural(parse_cards("AS AH 2D 4C 5S 6H 7D 8C 10S JH QD KC 3S")) in (
        None, Natural.THREE_STRAIGHTS)
    assert find_natural(parse_cards("AS AH AD 4C 4S 6H 7D 8C 10S JH QD KC 3S")) is None


def test_three_of_a_kind_is_not_six_pairs_and_a_half_unless_the_house_says_so():
    cards = parse_cards("AS AH AD 2C 2S 5H 5D 7C 7S 9H 9D JC JS")
    assert find_natural(cards) is None
    allowing = ThirteenRules(six_pairs_allow_three_of_a_kind=True)
    assert find_natural(cards, allowing) is Natural.SIX_PAIRS_AND_A_HALF


def test_a_natural_needs_13_different_cards():
    with pytest.raises(ValueError, match="a natural is judged on 13 different cards"):
        find_natural(parse_cards("AS 2H 3D"))
    with pytest.raises(ValueError, match="a natural is judged on 13 different cards"):
        find_natural(DECK[:12] + DECK[:1])  # 13 cards, one of them twice


def test_art_9_i_a_natural_scores_three_points():
    assert NATURAL_POINTS == 3


def _is_sequence(cards):
    ranks = {int(c.rank) for c in cards}
    if len(cards) == 5:
        return straight_value(frozenset(ranks)) is not None
    if len(ranks) != 3:
        return False
    low = ranks if 14 not in ranks else (ranks - {14}) | ({1} if 2 in ranks else {14})
    return max(low) - min(low) == 2


def _brute_force(cards):
    flushes = straights = False
    for back in itertools.combinations(cards, 5):
        rest = [c for c in cards if c not in back]
        for middle in itertools.combinations(rest, 5):
            front = [c for c in rest if c not in middle]
            tiers = (front, middle, back)
            flushes |= all(len({c.suit for c in t}) == 1 for t in tiers)
            straights |= all(_is_sequence(t) for t in tiers)
    return flushes, straights


def _near_naturals(rng):
    """Hands built to be three flushes or three straights, and the same with one card off."""
    for spoil in (False, True) * 3:
        a, b, c, d = rng.sample("SHDC", 4)
        picked = []
        for suit, count in ((a, 3), (b, 5), (c, 5)):
            picked += rng.sample([x for x in DECK if x.suit == suit], count)
        if spoil:
            picked[0] = rng.choice([x for x in DECK if x.suit == d])
        yield picked
    for spoil in (False, True) * 3:
        low = rng.randint(1, 10)
        ranks = [r if r > 1 else 14 for r in range(low, low + 5)] * 2 + [2, 3, 4]
        if spoil:
            ranks[-1] = 9
        picked = []
        for r in ranks:
            picked.append(rng.choice([x for x in DECK if int(x.rank) == r and x not in picked]))
        yield picked


def test_searches_agree_with_trying_every_arrangement():
    rng = random.Random(9)
    hands = [rng.sample(DECK, 13) for _ in range(3)] + [
        h for h in _near_naturals(rng) if len(set(h)) == 13]
    found_any = set()
    for cards in hands:
        flushes, straights = _brute_force(cards)
        found_any |= {("flushes", flushes), ("straights", straights)}
        found = find_natural(cards)
        if found in (None, Natural.THREE_FLUSHES, Natural.THREE_STRAIGHTS):
            assert (found is Natural.THREE_FLUSHES) == flushes
            if not flushes:
                assert (found is Natural.THREE_STRAIGHTS) == straights
    assert found_any == {("flushes", True), ("flushes", False), ("straights", True),
                         ("straights", False)}
