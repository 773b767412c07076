"""mahjong_baccarat.settlement, level 3: a bank the casino and players joined (Art. 5 (5),
HI-MB-COBANK, HI-MB-COMMISSION)."""

from decimal import Decimal

import pytest

from tests.questions.mahjong_baccarat.build import generate, question

SKILL = "mahjong_baccarat.settlement"
D = Decimal
# The banker holds 5 2 (7 points); places 2 and 4 beat him, 3 and 6 lose.
HANDS = {"1": "5 2", "2": "K 9", "3": "A 2", "4": "9 8", "5": "3 3", "6": "6 6",
         "7": "4 4", "8": "8 5", "9": "7 7", "10": "K A"}


def table(asked, bets, capital="100", casino="300", dice=(1, 2, 3, 6)):  # total 12: place 2
    return question(SKILL, {"places": 10, "banker": 1, "dice": list(dice), "capital": capital,
                            "casino": casino, "hands": HANDS,
                            "cobankers": [{"place": 5, "stake": "200"},
                                          {"place": 7, "stake": "100"}],
                            "bets": [{"place": p, "stake": s} for p, s in bets.items()],
                            "asked": asked}, 3)


LOSING = {2: "500", 3: "100", 4: "200", 6: "50"}  # the bank's net: -550
WINNING = {3: "600", 6: "100"}  # the bank's net: +700


@pytest.mark.parametrize(("bets", "asked", "right"), [
    # -550: the pool takes -400 (the banker a quarter, -100); place 5, first to join, the
    # other -150 of his 200; place 7 nothing.
    (LOSING, 1, D("-100")),
    (LOSING, 5, D("-150")),
    (LOSING, 7, D("0")),
    (LOSING, 2, D("475.00")),  # a betting place is settled as ever
    # +700: the pool takes 400 (the banker 100, less 5.00); place 5 200 less 10.00, place 7
    # the last 100 less 5.00.
    (WINNING, 1, D("95.00")),
    (WINNING, 5, D("190.00")),
    (WINNING, 7, D("95.00")),
])
def test_worked_examples(bets, asked, right):
    q = table(asked, bets)
    assert q.reference_answer() == right
    verdict = q.grade(str(right))
    assert verdict.correct
    assert "HI-MB-COBANK" in verdict.explanation and "Article 5(5)" in verdict.explanation
    assert not q.grade(right + 1).correct


def test_the_prompt_tells_the_bank_and_the_order_of_the_stakes():
    prompt = str(table(5, LOSING).prompt)
    assert ("the casino joins the bank with MOP$300.00; players who joined the bank, in the "
            "order they placed their stakes: place 5 with MOP$200.00, place 7 with "
            "MOP$100.00") in prompt
    assert "What is the result of the player at place 5, who joined the bank" in prompt


def test_level_3_asks_co_bankers_and_the_banker_with_and_without_the_pool_used_up():
    asked, used_up = set(), set()
    for seed in range(120):
        q = generate(SKILL, seed, 3)
        situation = q.situation
        if situation.cobankers is None:
            continue
        joined = {c.place for c in situation.cobankers}
        assert not joined & {b.place for b in situation.bets}
        kind = ("banker" if situation.asked == 1 else
                "co-banker" if situation.asked in joined else "place")
        asked.add(kind)
        if kind == "co-banker":
            used_up.add(q.reference_answer() != 0)
    assert asked == {"banker", "co-banker", "place"}
    assert used_up == {True, False}
