"""mahjong_baccarat.bank: the next capital and who banks next (Art. 5)."""

from collections import Counter
from decimal import Decimal

import pytest

from questions import AnswerKind, UnreadableAnswer
from tests.questions.mahjong_baccarat.build import generate, question
from trainer.rules.house import BankerCommission, HouseRules, MahjongBaccaratRules

SKILL = "mahjong_baccarat.bank"
D = Decimal


def capital(change="0", rules=None):
    return question(SKILL, {"kind": "capital", "places": 10, "banker": 1, "capital": "1000",
                            "change": change,
                            "collected": [{"place": 3, "amount": "300"},
                                          {"place": 8, "amount": "200"}],
                            "paid": [{"place": 5, "amount": "100"}]}, 2, rules)


def turn(current, rounds, keeps, declined=(), bettors=(), agree=False):
    return question(SKILL, {"kind": "next_banker", "places": 10, "banker": current,
                            "rounds_held": rounds, "keeps": keeps, "all_others_agree": agree,
                            "declined": list(declined), "bet_last_round": list(bettors)}, 2)


@pytest.mark.parametrize(("change", "right"), [
    ("0", D("1380.00")),  # won 400 net, less 20 commission on it (HI-MB-COMMISSION)
    ("125", D("1505.00")),  # raised
    ("-300", D("1380.00")),  # may not be lowered
])
def test_worked_examples_of_the_next_capital(change, right):
    q = capital(change)
    assert q.reference_answer() == right
    verdict = q.grade("1,400")  # forgot the commission
    assert not verdict.correct and "Article 5(4)" in verdict.explanation
    assert q.grade(str(right)).correct


def test_the_house_may_take_commission_on_every_amount_collected():
    per_bet = HouseRules(mahjong_baccarat=MahjongBaccaratRules(
        banker_commission=BankerCommission.PER_WON_BET))
    q = capital(rules=per_bet)
    assert q.reference_answer() == D("1375.00")  # 25 on the 300 and 200 collected
    assert "of every amount he collects" in q.grade("1375").explanation


def test_the_house_may_count_the_winnings_before_commission():
    gross = HouseRules(mahjong_baccarat=MahjongBaccaratRules(capital_net_of_commission=False))
    assert capital(rules=gross).reference_answer() == D(1400)


@pytest.mark.parametrize(("q", "right", "article"), [
    (turn(4, 1, True), 4, "Article 5(1)"),  # a second round is allowed
    (turn(4, 2, True), 5, "Article 5(1)"),  # two rounds: the bank passes on
    (turn(4, 2, True, agree=True), 4, "Article 5(1)"),
    (turn(10, 1, False), 1, "Article 5(1)"),  # counterclockwise, round to place 1
    (turn(4, 2, False, {5}, {2, 6, 7, 8}), 6, "Article 5(2)"),
    (turn(4, 2, False, {5, 6}, {2, 6, 7}), 7, "Article 5(2)"),
    (turn(4, 2, False, {5}, {2}), 2, "Article 5(2)"),  # round past the banker's own place
    (turn(4, 2, False, {5, 7}, {7}), "nobody", "Article 5(2)"),
])
def test_worked_examples_of_the_next_banker(q, right, article):
    assert q.reference_answer() == right
    wrong = 3 if right != 3 else 2
    verdict = q.grade(wrong)
    assert not verdict.correct and article in verdict.explanation
    assert q.grade(str(right)).correct


def test_answers_are_spread():
    for difficulty in (1, 2, 3):
        kinds, places, changes = Counter(), Counter(), Counter()
        for seed in range(1000):
            q = generate(SKILL, seed, difficulty)
            kinds[q.situation.kind] += 1
            if q.form.kind is AnswerKind.CHOICE:
                places[q.reference_answer()] += 1
            else:
                changes[q.situation.change.compare(0)] += 1
        assert 400 <= kinds["capital"] <= 600
        assert set(range(1, 11)) <= set(places)
        assert places["nobody"] <= 0.3 * kinds["next_banker"]
        assert max(places.values()) <= 0.2 * kinds["next_banker"], places
        assert (D(-1) in changes) == (difficulty > 1) and D(1) in changes
    assert places["nobody"] > 0


def test_declines_at_the_higher_difficulties():
    passed = Counter()
    for seed in range(300):
        q = generate(SKILL, seed, 3)
        if q.situation.kind == "next_banker" and q.situation.declined:
            passed[q.reference_answer() != q.situation.banker % 10 + 1] += 1
    assert passed[True] >= 50


@pytest.mark.parametrize(("q", "answer", "says"), [
    (turn(4, 1, True), "11", "“11” is not one of the options"),
    (turn(4, 1, True), "", "Choose one of the options"),
    (capital(), "lots", "“lots” is not an amount"),
    (capital(), "", "Type an amount"),
])
def test_unreadable_answers(q, answer, says):
    with pytest.raises(UnreadableAnswer, match=says):
        q.grade(answer)
