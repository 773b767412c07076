"""mahjong_baccarat.settlement: the table settled against the banker's capital (Art. 5.3)."""

import itertools
from collections import Counter
from decimal import Decimal

import pytest

from questions import UnreadableAnswer
from questions.mahjong_baccarat.settlement import settle
from tests.questions.mahjong_baccarat.build import generate, question
from trainer.rules.house import BankerCommission, HouseRules, MahjongBaccaratRules
from trainer.rules.mahjong_baccarat import first_seat
from trainer.rules.table import Outcome

SKILL = "mahjong_baccarat.settlement"
D = Decimal
# The banker holds 5 2 (7 points); places 2 and 4 beat him, 3, 5 and 6 lose.
HANDS = {"1": "5 2", "2": "K 9", "3": "A 2", "4": "9 8", "5": "K A", "6": "6 6",
         "7": "8 5", "8": "7 7", "9": "4 4", "10": "3 3"}
BETS = [{"place": 2, "stake": "200"}, {"place": 3, "stake": "50"},
        {"place": 4, "stake": "20"}, {"place": 5, "stake": "30"}, {"place": 6, "stake": "10"}]


def table(asked, capital="100", dice=(1, 2, 4, 6), difficulty=2):  # dice total 13: place 3
    return question(SKILL, {"places": 10, "banker": 1, "dice": list(dice), "capital": capital,
                            "hands": HANDS, "bets": BETS, "asked": asked}, difficulty)


@pytest.mark.parametrize(("asked", "right"), [
    (3, D(-50)),  # settled first: the banker is up 50
    (4, D("19.00")),  # wins 20 less 1.00
    (2, D("161.50")),  # last: only 170 of the capital is left, less 8.50
    (1, D("-100.00")),  # the banker loses his 100 and, losing the round, pays no commission
])
def test_worked_example_the_capital_runs_out_at_the_last_place(asked, right):
    q = table(asked)
    assert q.reference_answer() == right
    assert q.grade(str(right)).correct
    assert not q.grade(right - 1).correct


def test_per_won_bet_the_banker_lost_more_than_his_capital():
    per_bet = HouseRules(mahjong_baccarat=MahjongBaccaratRules(
        banker_commission=BankerCommission.PER_WON_BET))
    q = question(SKILL, table(1).situation, 2, per_bet)
    assert q.reference_answer() == D("-104.50")  # 4.50 on the 90 he collected


def test_the_explanation_walks_the_table():
    verdict = table(2).grade("190")  # as if the capital were endless
    assert not verdict.correct
    text = verdict.explanation
    assert "Article 5(3)" in text and "only MOP$170.00 is left" in text
    assert "HI-SETTLE-ORDER" in text and "from place 3" in text
    assert text.index("Place 3 loses") < text.index("Place 2 wins")


def test_a_capital_that_covers_everything():
    q = table(2, capital="1000", dice=(1, 1, 1, 1), difficulty=1)  # total 4: place 4 first
    assert q.reference_answer() == D("190.00")
    assert "pick place 4" in str(q.prompt)


def test_stories_of_the_capital():
    for difficulty in (1, 2, 3):
        stats, firsts, asked = Counter(), Counter(), Counter()
        tables = (generate(SKILL, seed, difficulty) for seed in itertools.count())
        single = (q for q in tables if q.situation.cobankers is None)  # test_cobanked.py
        for q in itertools.islice(single, 1000):
            result = settle(q.situation)
            places = result.places.values()
            stats["runs out"] += any(p.returned for p in places)
            stats["in part"] += any(0 < p.amount < p.stake for p in places)
            stats["exhausted"] += any(p.returned and p.outcome is Outcome.PLAYER for p in places)
            stats["reached"] += any(p.returned and p.outcome is Outcome.BANKER for p in places)
            firsts[first_seat(sum(q.situation.dice))] += 1
            who = q.situation.asked
            asked["banker" if who == 1 else "hit" if result.places[who].returned else "place"] += 1
        assert stats["runs out"] >= 300 and stats["in part"] >= 300, (difficulty, stats)
        assert stats["exhausted"] >= 150 and stats["reached"] >= 150, (difficulty, stats)
        assert set(firsts) == set(range(1, 11)) and max(firsts.values()) <= 150
        assert asked["hit"] >= 150, (difficulty, asked)
        assert (asked["banker"] > 150) == (difficulty > 1)


@pytest.mark.parametrize(("answer", "says"), [
    ("", "Type an amount"), ("ten", "“ten” is not an amount"),
    ("--5", "“--5” is not an amount"), (None, "Type an amount"),
])
def test_unreadable_answers(answer, says):
    with pytest.raises(UnreadableAnswer, match=says):
        table(2).grade(answer)
