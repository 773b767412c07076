"""mahjong_baccarat.payout: one place's bet less the 5% commission (Art. 9, HI-MONEY)."""

from collections import Counter
from decimal import Decimal

import pytest

import i18n
from questions import UnreadableAnswer
from tests.questions.mahjong_baccarat.build import generate, question
from trainer.rules.house import HouseRules

SKILL = "mahjong_baccarat.payout"
D = Decimal
PLAYER_WINS = {"1": "5 2", "6": "K 9"}  # 9 points against 7
BANKER_WINS = {"1": "K 9", "6": "5 2"}


def bet(ask, hands, stake="350", difficulty=2, rules=None):
    return question(SKILL, {"places": 10, "banker": 1, "place": 6, "stake": stake,
                            "ask": ask, "hands": hands}, difficulty, rules)


@pytest.mark.parametrize(("ask", "hands", "right"), [
    ("paid", PLAYER_WINS, D("332.50")),  # 350 less 5% (17.50)
    ("place_commission", PLAYER_WINS, D("17.50")),
    ("banker_commission", BANKER_WINS, D("17.50")),
    ("banker_keeps", BANKER_WINS, D("332.50")),
    ("result", PLAYER_WINS, D("332.50")),
    ("result", BANKER_WINS, D("-350")),  # the loser pays his whole stake
])
def test_worked_examples(ask, hands, right):
    q = bet(ask, hands)
    assert q.reference_answer() == right
    assert q.grade(str(right)).correct
    verdict = q.grade(right + 10)
    assert not verdict.correct and "Article 9" in verdict.explanation


def test_the_answer_is_read_in_each_language():
    q = bet("paid", PLAYER_WINS)
    assert q.grade("MOP$332.50").correct and q.grade("+332.5").correct
    i18n.set_language("pt_MO")
    assert q.grade("332,50").correct
    assert "MOP" in q.grade("0").summary


def test_a_house_rounding_commission_to_whole_patacas():
    whole = HouseRules(commission_unit=D(1))
    assert bet("paid", PLAYER_WINS, rules=whole).reference_answer() == D(332)  # 17.50 → 18
    assert bet("banker_commission", BANKER_WINS, rules=whole).reference_answer() == D(18)


def test_the_edges_of_who_wins_show_in_the_explanation():
    q = bet("result", {"1": "5 5", "6": "K K"}, "1230")  # 0 against 0: the banker
    verdict = q.grade("1168.50")
    assert not verdict.correct and verdict.expected == D(-1230)
    assert "Article 8" in verdict.explanation


def test_what_each_difficulty_asks():
    asks = {d: Counter() for d in (1, 2, 3)}
    signs = Counter()
    for seed in range(1000):
        for difficulty in (1, 2, 3):
            q = generate(SKILL, seed, difficulty)
            right, stake = q.reference_answer(), q.situation.stake
            asks[difficulty][q.situation.ask] += 1
            if difficulty == 1:
                assert stake % 100 == 0 and right == right.to_integral_value()
            if difficulty == 2:
                assert stake % 20 == 10 and right % 1 == D("0.5")  # cents
            if q.situation.ask == "result":
                signs[right > 0] += 1
    assert set(asks[1]) == {"paid", "banker_commission"}
    assert set(asks[2]) == {"paid", "place_commission", "banker_commission", "banker_keeps"}
    assert asks[3]["result"] >= 400 and len(asks[3]) == 5
    assert 0.35 <= signs[True] / asks[3]["result"] <= 0.65  # the place wins or loses


@pytest.mark.parametrize(("answer", "says"), [
    ("", "Type an amount"), ("abc", "“abc” is not an amount"),
    ("1.2.3", r"the cents come after “\.”, and only once"),
    ("12.345", "at most 2 decimal places"), (None, "Type an amount"),
])
def test_unreadable_answers(answer, says):
    with pytest.raises(UnreadableAnswer, match=says):
        generate(SKILL, 1, 1).grade(answer)
