"""three_card.order: who wins the coup (level 1), or hands from strongest to weakest."""

from collections import Counter

import pytest

import questions
from questions import AnswerKind, UnreadableAnswer
from questions.three_card.situations import Hands
from tests.questions.three_card.helpers import (
    cites_the_ranking,
    question_for,
    reference_class,
)
from trainer.rules.regulations import HouseInterpretation, RankingItem

SKILL = "three_card.order"
HI_3C_TIE = HouseInterpretation("HI-3C-TIE")


def coup(player, banker):
    return question_for(SKILL, Hands(player=player, banker=banker), difficulty=1)


def ordering(*hands):
    return question_for(SKILL, Hands(hands={str(n): h for n, h in enumerate(hands, 1)}),
                        difficulty=3)


@pytest.mark.parametrize(("player", "banker", "winner"), [
    ("JS QS KS", "KH QH 9H", "player"),  # three figures beat nine with two figures
    ("10S AH 2D", "KH QH 3C", "banker"),  # item 22 loses to item 20
    ("JS 4H 5D", "KH QH 8C", "player"),  # more points beat more figures
    ("KS QH 3D", "JC KD 3H", "tie"),  # equal class: a tie
    ("QS KH 10D", "JS QD 10C", "tie"),  # item 29 against item 29
    ("10S 10H 10D", "4S 7H 9D", "tie"),  # 無公密 against 無公密
    ("JS QD KH", "KS JH QC", "tie"),  # three figures on both sides (class 1)
    ("JS 4H 5D", "QC 3H 6D", "tie"),  # nine with one figure (class 3, reconstructed)
    ("AC 4D 4S", "2C 3D 4H", "tie"),  # nine without figure (class 4, reconstructed)
])
def test_who_wins_the_coup(player, banker, winner):
    question = coup(player, banker)
    assert question.form.kind is AnswerKind.CHOICE
    assert question.reference_answer() == winner
    assert question.grade(winner).correct
    loser = next(v for v in ("player", "banker", "tie") if v != winner)
    verdict = question.grade(loser)
    assert not verdict.correct and cites_the_ranking(verdict)
    # A tie cites HI-3C-TIE, never the item naming the class; a win cites the list's order
    # (or HI-3C-RANK for a reconstructed class), never the tie.
    decided_by = verdict.reasons[-1].source
    assert (decided_by == HI_3C_TIE) is (winner == "tie")
    assert not isinstance(decided_by, RankingItem)
    assert ("HI-3C-TIE" in verdict.explanation) is (winner == "tie")


def test_hands_in_order_with_partial_credit():
    # Classes 31, 20, 1, 21: the order is hand 3, 2, 4, 1.
    question = ordering("10S 10H 10D", "QS KH 3D", "JS QH KD", "JC 5H 8D")
    assert question.form.kind is AnswerKind.ORDERING
    assert question.reference_answer() == (3, 2, 4, 1)
    assert question.grade("3 2 4 1").correct
    assert question.grade("3 > 2 > 4 > 1").correct
    swapped = question.grade([3, 4, 2, 1])  # figures before points: 5 of 6 pairs right
    assert not swapped.correct and swapped.score == pytest.approx(5 / 6)
    assert question.grade("1 4 2 3").score == 0.0
    assert "the classes are 1, 20, 21, 31" in question.grade("1 2 3 4").explanation


@pytest.mark.parametrize(("answer", "says"), [
    ("1 2 3", "Put every one of 1, 2, 3, 4 in order"),
    ("1 2 3 3", "Put every one of 1, 2, 3, 4 in order"),
    ("1 2 3 5", "“5” is not one of the options"),
    ("", "Put every one of 1, 2, 3, 4 in order"),
    ("a b c d", "“a” is not one of the options"),
])
def test_an_incomplete_ordering_is_not_graded(answer, says):
    question = ordering("10S 10H 10D", "QS KH 3D", "JS QH KD", "JC 5H 8D")
    with pytest.raises(UnreadableAnswer, match=says):
        question.grade(answer)


@pytest.mark.parametrize("answer", ["", "nobody", 3])
def test_an_unknown_winner_is_not_graded(answer):
    with pytest.raises(UnreadableAnswer,
                       match="one of the options.*The player wins; The banker wins; Tie") as caught:
        coup("KS QH 3D", "JC KD 3H").grade(answer)
    assert "The player wins; The banker wins; Tie" in str(caught.value)


def test_level_one_outcomes_are_spread():
    counts = Counter(questions.generate(SKILL, seed, 1).reference_answer()
                     for seed in range(1000))
    assert counts["tie"] <= 300 and counts["tie"] >= 150
    assert counts["player"] >= 300 and counts["banker"] >= 300
    won_on_figures = 0
    for seed in range(300):
        situation = questions.generate(SKILL, seed, 1).situation
        player, banker = (reference_class(situation.player), reference_class(situation.banker))
        won_on_figures += player != banker and (player - 2) // 3 == (banker - 2) // 3 \
            and 1 not in (player, banker)
    assert won_on_figures >= 50


@pytest.mark.parametrize("difficulty", [2, 3])
def test_orderings_have_no_ties_and_every_hand_leads(difficulty):
    first = Counter()
    for seed in range(1000):
        question = questions.generate(SKILL, seed, difficulty)
        hands = question.situation.hands
        assert len(hands) == difficulty + 1
        classes = [reference_class(h) for h in hands.values()]
        assert len(set(classes)) == len(classes)
        cards = " ".join(hands.values()).split()
        assert len(set(cards)) == len(cards)  # one deck
        answer = question.reference_answer()
        ranked = [reference_class(hands[str(n)]) for n in answer]
        assert ranked == sorted(ranked)  # counted without the rules core
        first[answer[0]] += 1
    assert set(first) == set(range(1, difficulty + 2))
    assert min(first.values()) >= 1000 / (difficulty + 1) * 0.7


def test_level_three_sets_the_traps():
    equal_points = three_vs_zero = tens = 0
    for seed in range(1000):
        hands = questions.generate(SKILL, seed, 3).situation.hands.values()
        classes = [reference_class(h) for h in hands]
        points = Counter((c - 2) // 3 for c in classes if c != 1)
        equal_points += max(points.values()) >= 2
        three_vs_zero += 1 in classes and any(c in (29, 30, 31) for c in classes)
        tens += any("10" in h for h in hands)
    assert equal_points >= 300 and three_vs_zero >= 250 and tens >= 900
