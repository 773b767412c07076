"""Fouls (Art. 7, HI-EQUAL-TIERS) and naturals (Art. 9 I, HI-SIX-PAIRS) as questions."""

from collections import Counter

import pytest

from questions.model import Question, UnreadableAnswer
from questions.thirteen.dealing.setting import arrangement_from
from questions.thirteen.hands.foul import FRONT_MIDDLE, MIDDLE_BACK, Foul
from questions.thirteen.hands.natural import NONE, NaturalHand
from questions.thirteen.situations import PlaceHand, SetHand, SetHands
from trainer.rules.cards import parse_cards
from trainer.rules.house import HouseRules, ThirteenRules
from trainer.rules.thirteen import evaluate
from trainer.rules.thirteen.hands import Category

FOUL, NATURAL = Foul(), NaturalHand()
SEEDS = range(1000)


def posed(skill, situation, level=2, rules=None):
    return Question(skill.id, 0, level, situation, skill.prompt(situation, level),
                    skill.form(situation), rules or HouseRules())


def set_hand(front, middle, back, rules=None):
    return posed(FOUL, SetHands(4, 1, 2, {"2": SetHand(front, middle, back)}), rules=rules)


# Fouls ---------------------------------------------------------------------------------


def test_a_trio_in_front_of_a_pair_is_a_foul():
    question = set_hand("AS AH AD", "2S 3H 5D 7C 9S", "KS KH 4D 6C 8S")
    verdict = FOUL.grade(question, [FRONT_MIDDLE])
    assert verdict.correct and "Article 7" in verdict.explanation
    assert FOUL.grade(question, "front-middle middle-back").score == 0.5
    assert not FOUL.grade(question, "none").correct


def test_the_wheel_in_the_middle_above_a_king_high_straight_is_a_foul():
    question = set_hand("2S 3H 7D", "AS 2H 3D 4C 5S", "KS QH JD 10C 9S")
    verdict = FOUL.grade(question, "middle-back")
    assert verdict.correct and "second-highest straight" in verdict.explanation


def test_equal_tiers_are_no_foul_unless_the_house_says_so():
    # Front 9-9-K equals the middle 9-9-K-4-2 over the front's three cards.
    clean = set_hand("9S 9H KD", "9D 9C KH 4S 2S", "AS AH AD 3C 3D")
    verdict = FOUL.grade(clean, "")
    assert verdict.correct and "HI-EQUAL-TIERS" in verdict.explanation
    assert FOUL.grade(clean, "none").correct and FOUL.grade(clean, []).correct
    strict = set_hand("9S 9H KD", "9D 9C KH 4S 2S", "AS AH AD 3C 3D",
                      HouseRules(thirteen=ThirteenRules(equal_tiers_are_foul=True)))
    assert FOUL.grade(strict, {FRONT_MIDDLE}).correct


def test_the_odd_cards_count_over_the_front_s_three_cards():
    above = set_hand("9S 9H KD", "9D 9C QH 8S 2S", "AS AH AD 3C 3D")
    assert FOUL.grade(above, FRONT_MIDDLE).correct
    below = set_hand("9S 9H 5D", "9D 9C QH 8S 2S", "AS AH AD 3C 3D")
    assert FOUL.grade(below, "none").correct


def test_both_comparisons_broken():
    question = set_hand("QS QH QD", "JS JH 3D 5C 7S", "AS KH 9D 6C 2S")
    assert FOUL.grade(question, {FRONT_MIDDLE, MIDDLE_BACK}).correct


@pytest.mark.parametrize("answer", ["x", "front", "front-back", 3])
def test_unreadable_fouls(answer):
    with pytest.raises(UnreadableAnswer,
                       match=r"choose among Front \(1st\) and middle \(2nd\) tiers") as caught:
        FOUL.grade(set_hand("2S 3H 7D", "AS 2H 3D 4C 5S", "KS QH JD 10C 9S"), answer)
    assert "Front (1st) and middle (2nd) tiers out of order;" in str(caught.value)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_fouls_and_clean_hands_are_mixed(level):
    answers = Counter()
    equal = 0
    for seed in SEEDS:
        question = FOUL.generate(seed, level, HouseRules())
        answers[tuple(sorted(FOUL.solve(question).answer))] += 1
        situation = question.situation
        hands = arrangement_from(situation.arrangements[str(situation.place)]).hands()
        equal += any(hands[a] == hands[b] for a, b in (("front", "middle"), ("middle", "back")))
    assert set(answers) == {(), (FRONT_MIDDLE,), (MIDDLE_BACK,), (FRONT_MIDDLE, MIDDLE_BACK)}
    assert 0.2 * len(SEEDS) < answers[()] <= 0.33 * len(SEEDS)  # "no foul" does not dominate
    assert all(n > 0.08 * len(SEEDS) for n in answers.values())
    if level == 3:
        assert equal > 0.1 * len(SEEDS)


# Naturals ------------------------------------------------------------------------------


def thirteen(cards, rules=None):
    return posed(NATURAL, PlaceHand(4, 1, 3, {"3": cards}), rules=rules)


@pytest.mark.parametrize(("cards", "answer"), [
    ("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS", "dragon"),
    ("AS AH AD AC 5S 5H 7D 7C 9S 9H JD JC KS", "six-pairs-and-a-half"),
    ("2S 7S KS 3H 5H 8H 10H QH 3D 6D 9D JD AD", "three-flushes"),
    ("QS KH AD 2C 3S 4H 5D 6C 6S 7H 8D 9C 10D", "three-straights"),
    ("AS AH AD 2C 2S 5H 5D 7C 7S 9H 9D JC JS", NONE),
])
def test_the_regulation_s_naturals(cards, answer):
    verdict = NATURAL.grade(thirteen(cards), answer)
    assert verdict.correct and "Article 9, item I" in verdict.explanation
    other = "dragon" if answer != "dragon" else NONE
    assert not NATURAL.grade(thirteen(cards), other).correct


def test_a_trio_among_six_pairs_under_hi_six_pairs():
    cards = "AS AH AD 2C 2S 5H 5D 7C 7S 9H 9D JC JS"
    assert "HI-SIX-PAIRS" in NATURAL.grade(thirteen(cards), NONE).explanation
    allowing = HouseRules(thirteen=ThirteenRules(six_pairs_allow_three_of_a_kind=True))
    assert NATURAL.grade(thirteen(cards, allowing), "six-pairs-and-a-half").correct


def test_a_dragon_is_named_first_and_names_are_read_as_shown():
    cards = "AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"
    assert not NATURAL.grade(thirteen(cards), "three-straights").correct
    assert NATURAL.grade(thirteen(cards), "Dragon").correct
    six = "AS AH AD AC 5S 5H 7D 7C 9S 9H JD JC KS"
    assert NATURAL.grade(thirteen(six), "six pairs and a half").correct
    assert NATURAL.grade(thirteen("2S 3S 4S 5S 6S 7S 8S 9S 10S KS 2H 3H 9H"),
                         "no natural").correct is False


@pytest.mark.parametrize("answer", ["", None, "flush", "6"])
def test_unreadable_naturals(answer):
    with pytest.raises(UnreadableAnswer, match="one of the options.*dragon") as caught:
        NATURAL.grade(thirteen("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"), answer)
    assert "dragon" in str(caught.value)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_natural_is_dealt_and_none_stays_under_30_percent(level):
    answers = Counter()
    special = Counter()
    for seed in SEEDS:
        question = NATURAL.generate(seed, level, HouseRules())
        answer = NATURAL.solve(question).answer
        answers[answer] += 1
        cards = parse_cards(question.situation.hands[str(question.situation.place)])
        ranks = Counter(c.rank for c in cards)
        suits = sorted(Counter(c.suit for c in cards).values())
        special["quads"] += answer == "six-pairs-and-a-half" and 4 in ranks.values()
        special["trio"] += answer == NONE and sorted(ranks.values()) == [2] * 5 + [3]
        special["two suits"] += answer == "three-flushes" and len(suits) == 2
        special["ace low or high front"] += answer == "three-straights" and (
            {"A", "2", "3"} <= {c.rank.label for c in cards}
            or {"Q", "K", "A"} <= {c.rank.label for c in cards})
    assert set(answers) == {NONE, "dragon", "six-pairs-and-a-half", "three-flushes",
                            "three-straights"}
    assert answers[NONE] <= 0.3 * len(SEEDS)
    assert all(n >= 0.15 * len(SEEDS) for n in answers.values())
    if level == 3:
        assert all(n > 20 for n in special.values()), special


def test_the_same_tier_twice_is_not_a_foul_by_default():
    hand = evaluate(parse_cards("AS KH QD JC 9S"))
    assert hand.category is Category.HIGH_CARD
    question = set_hand("2S 3H 5D", "AS KH QD JC 9S", "AH KD QC JS 9H")
    assert FOUL.grade(question, "none").correct


def test_level_3_sets_fronts_against_middles_of_the_same_pair():
    same_pair = 0
    for seed in range(500):
        question = FOUL.generate(seed, 3, HouseRules())
        tiers = question.situation.arrangements[str(question.situation.place)]
        front, middle = (evaluate(parse_cards(cards)) for cards in (tiers.front, tiers.middle))
        same_pair += (front.category is middle.category is Category.PAIR
                      and front.tiebreak[0] == middle.tiebreak[0])
    assert same_pair > 40
