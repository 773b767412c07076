"""three_card.payout: a bettor's net result on a coup (HI-3C-PAY, settings in HouseRules)."""

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import questions
from questions import UnreadableAnswer
from questions.three_card.situations import Bet, Coup
from tests.questions.three_card.helpers import (
    cites_the_ranking,
    question_for,
    reference_class,
)
from trainer.rules.cards import parse_cards
from trainer.rules.house import HouseRules, ThreeCardRules

SKILL = "three_card.payout"
D = Decimal
STRONG, WEAK = "JS QS 9S", "10H 10D 10C"  # class 2 against class 31
TIED_P, TIED_B = "KS QH 3D", "JC KD 3H"  # both class 20


def payout(player, banker, *bets, rules=None):
    """The question on ``bets`` (each written as a stored bet) at this coup."""
    coup = Coup(player, banker, tuple(Bet.from_json(bet) for bet in bets))
    return question_for(SKILL, coup, difficulty=3 if len(bets) > 1 else 2, rules=rules)


@pytest.mark.parametrize(("player", "banker", "bet", "net"), [
    (STRONG, WEAK, {"kind": "player", "stake": "100"}, "95"),  # even money less 5%
    (STRONG, WEAK, {"kind": "banker", "stake": "100"}, "-100"),
    (TIED_P, TIED_B, {"kind": "banker", "stake": "100"}, "0"),  # a tie returns it
    (TIED_P, TIED_B, {"kind": "player", "stake": "170"}, "0"),  # with no commission
    (TIED_P, TIED_B, {"kind": "tie", "stake": "50"}, "1000"),  # 20 to 1
    (STRONG, WEAK, {"kind": "tie", "stake": "50"}, "-50"),
    ("JS QD KH", WEAK, {"kind": "three-figures", "side": "player", "stake": "30"}, "480"),
    ("JS QD 10S", WEAK, {"kind": "three-figures", "side": "player", "stake": "30"}, "-30"),
    (STRONG, "JH QH KD", {"kind": "banker-points", "points": 0, "stake": "20"}, "160"),
    (STRONG, WEAK, {"kind": "banker-points", "points": 1, "stake": "20"}, "-20"),
    (WEAK, STRONG, {"kind": "banker", "stake": "170"}, "161.50"),  # 8.50 commission
])
def test_bets_worked_by_hand(player, banker, bet, net):
    question = payout(player, banker, bet)
    assert question.reference_answer() == D(net)
    assert question.grade(net).correct
    verdict = question.grade(D(net) + 1)
    assert not verdict.correct and verdict.score == 0.0
    pushed = bet["kind"] in ("player", "banker") and player == TIED_P
    # A bet returned on a tie cites HI-3C-TIE; every other settlement the payout table.
    assert ("HI-3C-PAY" in verdict.explanation) is not pushed
    assert ("HI-3C-TIE" in verdict.explanation) is (player == TIED_P)
    assert cites_the_ranking(verdict)


def test_several_bets_add_up_and_the_coup_is_explained_once():
    question = payout(STRONG, WEAK, {"kind": "player", "stake": "1230"},
                      {"kind": "tie", "stake": "100"},
                      {"kind": "banker-points", "points": 0, "stake": "50"})
    # 1230 − 61.50 commission, − 100, + 400
    assert question.reference_answer() == D("1468.50")
    verdict = question.grade("1,468.50")
    assert verdict.correct
    assert verdict.explanation.count("The player's hand") == 1


def test_the_payout_table_comes_from_the_house_rules():
    rules = HouseRules(three_card=ThreeCardRules(commission_rate=D("0.04"), tie_pays=D("8")))
    assert payout(STRONG, WEAK, {"kind": "player", "stake": "100"},
                  rules=rules).reference_answer() == D("96")
    assert payout(TIED_P, TIED_B, {"kind": "tie", "stake": "100"},
                  rules=rules).reference_answer() == D("800")


def test_the_prompt_says_what_to_type():
    prompt = str(payout(STRONG, WEAK, {"kind": "player", "stake": "100"}).prompt)
    assert "net result" in prompt and "0 if his stake is returned" in prompt
    assert "-100" in prompt and "not counting the stake he keeps" in prompt


@pytest.mark.parametrize(("answer", "says"), [
    ("", "Type an amount"), ("abc", "“abc” is not an amount"),
    ("1.2.3", r"the cents come after “\.”, and only once"),
    ("12.345", "at most 2 decimal places"), (None, "Type an amount"),
])
def test_unreadable_amounts_are_not_graded(answer, says):
    with pytest.raises(UnreadableAnswer, match=says):
        payout(STRONG, WEAK, {"kind": "player", "stake": "100"}).grade(answer)


def test_amounts_are_read_in_the_language_of_the_trainee():
    import i18n

    question = payout(WEAK, STRONG, {"kind": "banker", "stake": "170"})
    i18n.set_language("pt_MO")
    assert question.grade("161,50").correct


@settings(max_examples=200)
@given(st.integers(1, 500), st.sampled_from(["player", "banker", "tie"]),
       st.sampled_from([(STRONG, WEAK), (WEAK, STRONG), (TIED_P, TIED_B)]))
def test_player_banker_and_tie_bets_against_an_independent_count(chips, kind, hands):
    stake = D(10 * chips)
    player, banker = hands
    p, b = reference_class(player), reference_class(banker)
    winner = "tie" if p == b else "player" if p < b else "banker"
    if kind == "tie":
        expected = stake * 20 if winner == "tie" else -stake
    elif winner == "tie":
        expected = D(0)
    else:
        expected = stake * D("0.95") if winner == kind else -stake
    question = payout(player, banker, {"kind": kind, "stake": str(stake)})
    assert question.reference_answer() == expected


def results(difficulty, seeds=1000):
    return [questions.generate(SKILL, seed, difficulty) for seed in range(seeds)]


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_answers_are_spread(difficulty):
    answers = Counter(q.reference_answer() for q in results(difficulty))
    assert answers[D(0)] <= 150  # pushes: present at levels 1–2 but never dominant
    assert max(answers.values()) <= 100
    signs = Counter((a > 0) - (a < 0) for a in answers.elements())
    assert signs[1] >= 400 and signs[-1] >= 300


def test_every_bet_and_every_result_turns_up():
    kinds, pushes = Counter(), 0
    for question in results(2):
        bet = question.situation.bets[0]
        answer = question.reference_answer()
        kinds[(bet.kind, (answer > 0) - (answer < 0))] += 1
        pushes += answer == 0
    for kind in ("player", "banker", "tie", "three-figures", "banker-points"):
        assert kinds[(kind, 1)] >= 30 and kinds[(kind, -1)] >= 30
    assert pushes >= 30
    assert {b.kind for q in results(1, 200) for b in q.situation.bets} == \
        {"player", "banker", "tie"}


def test_level_three_puts_the_edge_cases_on_the_table():
    three_figures_won = near_miss = zero_on_figures = several = 0
    for question in results(3):
        s = question.situation
        bets = s.bets
        several += len(bets) >= 2
        for bet in bets:
            hand = s.player if bet.side == "player" else s.banker
            if bet.kind == "three-figures":
                three_figures_won += reference_class(hand) == 1
                near_miss += reference_class(hand) == 29  # a ten and two figures
            if bet.kind == "banker-points" and bet.points == 0:
                zero_on_figures += reference_class(s.banker) == 1
    assert several == 1000
    assert three_figures_won >= 50 and near_miss >= 50 and zero_on_figures >= 10


def test_hands_come_from_one_deck():
    for question in results(3, 300):
        cards = parse_cards(question.situation.player + " " + question.situation.banker)
        assert len(set(cards)) == 6
