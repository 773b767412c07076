"""sap_i_chi.payout: paying the board for the number drawn (Portaria 9/76, Art. 3)."""

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
import questions
from questions import UnreadableAnswer
from questions.sap_i_chi.board import bet
from questions.sap_i_chi.situations import Board, BoardBet
from tests.questions.sap_i_chi.helpers import question_for
from trainer.rules.house import HouseRules, SapIChiRules
from trainer.rules.sap_i_chi.bets import Colour, is_neighbouring

SKILL = "sap_i_chi.payout"
D = Decimal
#: Art. 3, n.º 1, a)–f): the prize per 1 staked, by the numbers covered or the colour.
PRIZES = {1: D("10"), 2: D("4.5"), 3: D("2.7"), 4: D("1.75"), 6: D("0.9"), "colour": D("0.9")}
RED = range(1, 7)
BOARD = [
    BoardBet(1, D(100), (5,)),  # a) wins 1000
    BoardBet(2, D(40), (4, 5,)),  # b) wins 180
    BoardBet(3, D(30), (1, 2, 3,)),  # c) loses
    BoardBet(3, D(20), (3, 4, 5, 6,)),  # d) wins 35
    BoardBet(4, D(50), (7, 8, 9, 10, 11, 12,)),  # e) loses
    BoardBet(5, D(70), colour=Colour.RED),  # f) wins 63
]


def board(drawn, bets, asked=None, stake_included=False, difficulty=3, rules=None):
    return question_for(SKILL, Board(drawn, tuple(bets), asked, stake_included), difficulty,
                        rules)


@pytest.mark.parametrize(("asked", "prize"), [(0, "1000"), (1, "180"), (2, "0"), (3, "35"),
                                              (4, "0"), (5, "63")])
def test_each_prize_of_article_3(asked, prize):
    question = board(5, BOARD, asked=asked, difficulty=2)
    assert question.reference_answer() == D(prize)
    assert question.grade(prize).correct
    verdict = question.grade(D(prize) + 1)
    assert not verdict.correct
    assert "Ordinance 9/76 (Sap I Chi), Article 3" in verdict.explanation


def test_the_stake_is_counted_only_when_the_prompt_says_so():
    prize_only = board(5, BOARD, asked=1, difficulty=2)
    with_stake = board(5, BOARD, asked=1, stake_included=True, difficulty=2)
    assert prize_only.reference_answer() == D("180")
    assert with_stake.reference_answer() == D("220")  # 180 + the stake of 40
    assert "not counting the stake" in str(prize_only.prompt)
    assert "counting the stake the winner keeps" in str(with_stake.prompt)
    assert board(5, BOARD, asked=2, stake_included=True).reference_answer() == 0


def test_the_whole_board():
    assert board(5, BOARD).reference_answer() == D("1278")  # 1000 + 180 + 35 + 63
    total = board(5, BOARD, stake_included=True)
    assert total.reference_answer() == D("1508")  # and the stakes 100 + 40 + 20 + 70
    with pytest.raises(UnreadableAnswer, match=r"the cents come after “\.”, and only once"):
        total.grade("1.508,00")  # Portuguese style, read in English
    i18n.set_language("pt_MO")
    assert total.grade("1.508,00").correct


def test_the_explanation_cites_article_3_in_each_language():
    verdict = board(5, BOARD[:1], asked=0, difficulty=1).grade("990")
    assert "Article 3(1), item a" in verdict.explanation and "10 times" in verdict.explanation
    lost = board(5, BOARD[2:3], asked=0, difficulty=1).grade("1")
    assert "Article 3(1)]" in lost.explanation
    i18n.set_language("pt_MO")
    assert "artigo 3.º" in lost.explanation


@pytest.mark.parametrize(("answer", "says"), [
    ("", "Type an amount"), ("ten", "“ten” is not an amount"),
    ("1.2.3", r"the cents come after “\.”, and only once"), (None, "Type an amount"),
    ("5.555", "at most 2 decimal places"),
])
def test_unreadable_amounts_are_not_graded(answer, says):
    with pytest.raises(UnreadableAnswer, match=says):
        board(5, BOARD, asked=0).grade(answer)


def reference(bets, drawn, with_stake):
    """Art. 3 counted without the rules core."""
    total = D(0)
    for data in bets:
        covered = (RED if data.colour == "red" else range(7, 13)) \
            if data.colour is not None else data.numbers
        if drawn in covered:
            stake = data.stake
            total += stake * PRIZES["colour" if data.colour is not None else len(covered)]
            total += stake if with_stake else 0
    return total


@settings(max_examples=200)
@given(st.integers(0, 10_000), st.integers(1, 3))
def test_generated_boards_against_an_independent_count(seed, difficulty):
    question = questions.generate(SKILL, seed, difficulty)
    s = question.situation
    bets = s.bets if s.asked is None else [s.bets[s.asked]]
    assert question.reference_answer() == reference(bets, s.drawn, s.stake_included)


def generated(difficulty, seeds=1000, rules=None):
    return [questions.generate(SKILL, seed, difficulty, rules) for seed in range(seeds)]


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_answers_are_spread(difficulty):
    answers = Counter(q.reference_answer() for q in generated(difficulty))
    assert answers[D(0)] <= 300  # a losing bet pays nothing: about one time in four
    assert max(answers.values()) <= 300
    assert len(answers) >= 60


def test_each_level_asks_what_it_says():
    assert all(len(q.situation.bets) == 1 and not q.situation.stake_included
               for q in generated(1, 200))
    level_two = generated(2, 200)
    assert all(3 <= len(q.situation.bets) <= 5 and q.situation.asked is not None
               for q in level_two)
    assert 60 <= sum(q.situation.stake_included for q in level_two) <= 140
    level_three = generated(3, 200)
    assert all(q.situation.asked is None for q in level_three)
    assert sum(len({b.place for b in q.situation.bets}) < len(q.situation.bets)
               for q in level_three) >= 100  # places with several bets


def test_every_kind_of_bet_wins_and_loses_at_every_level():
    for difficulty in (1, 2, 3):
        seen = Counter()
        for question in generated(difficulty):
            s = question.situation
            for data in s.bets:
                kind = "colour" if data.colour is not None else len(data.numbers)
                seen[(kind, s.drawn in bet(data).chances)] += 1
        for kind in PRIZES:
            assert seen[(kind, True)] >= 20 and seen[(kind, False)] >= 20, (difficulty, kind)


def test_scattered_groups_only_where_the_house_takes_them():
    scattered = sum(not is_neighbouring(b.numbers) for q in generated(3)
                    for b in q.situation.bets if b.numbers is not None)
    assert scattered >= 300
    restricted = HouseRules(sap_i_chi=SapIChiRules(any_group_of_numbers=False))
    for question in generated(3, 300, restricted):
        assert all(is_neighbouring(b.numbers) for b in question.situation.bets
                   if b.numbers is not None)
        assert question.grade(question.reference_answer()).correct
