"""Ordering hands of one tier and who wins a tier (Portaria 51/89/M, Art. 9 II, 10)."""

from collections import Counter

import pytest

from questions.model import Question, UnreadableAnswer
from questions.thirteen.hands.rank_hands import RankHands
from questions.thirteen.hands.tier_winner import TierWinner
from questions.thirteen.situations import TierHands, TierShown
from trainer.rules.cards import parse_cards
from trainer.rules.house import HouseRules
from trainer.rules.thirteen import evaluate
from trainer.rules.thirteen.arrangement import Tier
from trainer.rules.thirteen.hands import Category

RANK, WINNER = RankHands(), TierWinner()
SEEDS = range(1000)


def posed(skill, situation, level=2):
    """The question ``skill`` asks about ``situation`` (a hand-made one)."""
    return Question(skill.id, 0, level, situation, skill.prompt(situation, level),
                    skill.form(situation), HouseRules())


def ranking(tier, **hands):
    return posed(RANK, TierHands(Tier(tier), hands))


# Ordering ------------------------------------------------------------------------------


def test_a_2_3_4_5_is_the_second_highest_straight():
    # Art. 9 II 6: A-K-Q-J-10 first, then A-2-3-4-5, then K-Q-J-10-9 ... 6-5-4-3-2.
    question = ranking("back", A="KS QH JD 10C 9S", B="AS 2H 3D 4C 5S",
                       C="6H 5D 4S 3H 2C", D="AH KD QC JS 10H")
    verdict = RANK.grade(question, "D B A C")
    assert verdict.correct and verdict.expected == ("D", "B", "A", "C")
    assert "second-highest straight" in verdict.explanation
    assert "Article 9, item II" in verdict.explanation
    poker = RANK.grade(question, "D A C B")  # the wheel last, as in ordinary poker
    assert not poker.correct and poker.score == pytest.approx(4 / 6)


def test_a_2_3_4_5_is_the_highest_straight_flush_below_the_royal_flush():
    question = ranking("middle", A="KS QS JS 10S 9S", B="AH 2H 3H 4H 5H",
                       C="AD KD QD JD 10D", D="9C 9H 9D 9S AC")
    verdict = RANK.grade(question, ["C", "B", "A", "D"])
    assert verdict.correct
    assert "highest straight flush" in verdict.explanation
    assert not RANK.grade(question, "C A B D").correct


def test_full_houses_by_the_trio_and_fours_without_the_odd_card():
    # Art. 9 II 4: 8-8-8-5-5 beats 7-7-7-A-A; Art. 9 II 3: the odd card does not count.
    houses = ranking("back", A="7S 7H 7D AC AS", B="8S 8H 8D 5C 5S", C="2S 2H 2D KC KS")
    assert RANK.grade(houses, "B A C").correct
    assert "whatever the other cards" in RANK.grade(houses, "A B C").explanation
    fours = ranking("middle", A="KS KH KD KC 2S", B="QS QH QD QC AS", C="3S 3H 3D 3C AH")
    assert RANK.grade(fours, "A B C").correct


def test_two_pairs_and_pairs_with_the_regulations_examples():
    # Art. 9 II 8 (10-10-6-6-5) and 9 II 9 (10-10-9-7-6).
    question = ranking("back", A="10S 10H 6D 6C 5S", B="10D 10C 6S 6H 4D",
                       C="JS JH 2D 2C 3S", D="10H 9C 9S 7C 6H")
    # D is not two pairs: 9-9 with 10-7-6.
    assert evaluate(parse_cards("10H 9C 9S 7C 6H")).category is Category.PAIR
    verdict = RANK.grade(question, "C A B D")
    assert verdict.correct
    assert "odd card decides: 5 against 4" in verdict.explanation


def test_the_front_knows_no_straights_and_no_flushes():
    question = ranking("front", A="QS KS AS", B="2H 2D 3C", C="4C 5C 6C", D="AD KH JC")
    verdict = RANK.grade(question, "B A D C")
    assert verdict.correct
    assert "knows only three of a kind, a pair and high card" in verdict.explanation


def test_equal_hands_may_stand_in_either_order():
    question = ranking("middle", A="9S 9H KD 7C 4S", B="9D 9C KH 7D 4H", C="AS 3H 5D 8C JS")
    assert RANK.grade(question, "A B C").correct
    assert RANK.grade(question, "B A C").correct
    assert RANK.grade(question, "C A B").score == pytest.approx(0 / 2)


@pytest.mark.parametrize(("answer", "says"), [
    ("A B", "Put every one of A, B, C in order"), ("A A B C", "Put every one of A, B, C in order"),
    ("A B C E", "“E” is not one of the options"), ("", "Put every one of A, B, C in order"),
    (None, "Put every one of A, B, C in order"), ("1 2 3", "“1” is not one of the options"),
])
def test_unreadable_orderings(answer, says):
    question = ranking("back", A="KS QH JD 10C 9S", B="AS 2H 3D 4C 5S", C="6H 5D 4S 3H 2C")
    with pytest.raises(UnreadableAnswer, match=says) as caught:
        RANK.grade(question, answer)
    assert "A, B, C" in str(caught.value)


def test_orderings_are_varied_and_hinge_on_the_macau_order():
    firsts, wheels, fronts = Counter(), 0, 0
    for seed in SEEDS:
        question = RANK.generate(seed, 3, HouseRules())
        firsts[RANK.solve(question).answer[0]] += 1
        hands = question.situation.tier_hands.values()
        fronts += question.situation.tier == "front"
        wheels += any({"A", "2", "3", "4", "5"} <= {c[:-1] for c in h.split()} for h in hands)
    assert set(firsts) == {"A", "B", "C", "D"}
    assert max(firsts.values()) < 0.4 * len(SEEDS)
    assert 0.2 * len(SEEDS) < fronts < 0.45 * len(SEEDS)
    assert wheels > 0.5 * (len(SEEDS) - fronts)


@pytest.mark.parametrize("level", [1, 2])
def test_level_1_differs_by_combination_and_level_2_within_one(level):
    for seed in range(200):
        question = RANK.generate(seed, level, HouseRules())
        categories = {evaluate(parse_cards(h)).category
                      for h in question.situation.tier_hands.values()}
        hands = len(question.situation.tier_hands)
        assert len(categories) == (hands if level == 1 else 1)


# One tier against the banker's --------------------------------------------------------


def contest(tier, player, banker, place=3):
    return posed(WINNER, TierShown(4, 1, place, Tier(tier), {"1": banker, str(place): player}))


def test_exact_equality_goes_to_the_banker():
    question = contest("middle", "AS KH QD JC 9S", "AH KD QC JS 9H")
    verdict = WINNER.grade(question, "banker")
    assert verdict.correct and "Article 10" in verdict.explanation
    assert not WINNER.grade(question, "player").correct
    assert WINNER.grade(question, "1").correct  # the banker's place number


def test_the_player_wins_with_the_wheel_over_a_king_high_straight():
    question = contest("back", "AS 2H 3D 4C 5S", "KS QH JD 10C 9S", place=4)
    verdict = WINNER.grade(question, "4")
    assert verdict.correct and verdict.expected == "player"
    assert "second-highest straight" in verdict.explanation
    assert "scores 1" in verdict.explanation
    assert "Place 4" in str(verdict.expected_text)


def test_points_of_the_winning_hand_in_its_tier():
    question = contest("middle", "8S 8H 8D 5C 5S", "7S 7H 7D AC AS")
    assert "scores 2" in WINNER.grade(question, "player").explanation  # full house, 2nd tier
    front = contest("front", "2S 2H 2D", "AS AH KD")
    assert "scores 3" in WINNER.grade(front, "player").explanation  # trio in front


@pytest.mark.parametrize("answer", ["", "x", "2", None, "tie"])
def test_unreadable_winners(answer):
    with pytest.raises(UnreadableAnswer, match="Answer “player” or “banker”") as caught:
        WINNER.grade(contest("back", "AS 2H 3D 4C 5S", "KS QH JD 10C 9S"), answer)
    assert "player" in str(caught.value) and "banker" in str(caught.value)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_winners_are_balanced_and_ties_appear(level):
    answers, ties = Counter(), 0
    for seed in SEEDS:
        question = WINNER.generate(seed, level, HouseRules())
        answers[WINNER.solve(question).answer] += 1
        place = str(question.situation.place)
        ties += (evaluate(parse_cards(question.situation.hands[place]))
                 == evaluate(parse_cards(question.situation.hands["1"])))
    assert all(0.4 * len(SEEDS) < n < 0.6 * len(SEEDS) for n in answers.values())
    share = {1: (0, 0), 2: (0.15, 0.25), 3: (0.2, 0.32)}[level]
    assert share[0] * len(SEEDS) <= ties <= share[1] * len(SEEDS)


def test_each_lesson_of_article_9_is_dealt():
    seen = Counter()
    for level in (2, 3):
        for seed in range(500):
            question = RANK.generate(seed, level, HouseRules())
            for cards in question.situation.tier_hands.values():
                hand = evaluate(parse_cards(cards))
                seen[level, hand.category] += 1
                seen[level, "wheel"] += hand.category in (
                    Category.STRAIGHT, Category.STRAIGHT_FLUSH) and hand.tiebreak == (14,)
    for lesson in [(2, Category.FULL_HOUSE), (2, Category.FOUR_OF_A_KIND),
                   (2, Category.TWO_PAIRS), (2, Category.FLUSH), (3, Category.ROYAL_FLUSH),
                   (3, Category.STRAIGHT_FLUSH), (3, "wheel")]:
        assert seen[lesson] > 40, lesson
