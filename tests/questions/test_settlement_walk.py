"""Mahjong Baccarat's settlement in chips: the table walked place by place in the settlement
order, each place paid (net, or gross with the commission taken back), collected or left
as it is, within the banker's capital — graded step by step by the rules core."""

from __future__ import annotations

import copy
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
import questions
from questions import AnswerKind, Question, UnreadableAnswer
from questions.given import answer_label
from questions.mahjong_baccarat.situations import Table
from questions.model import jsonable
from questions.regrade import GRADER, grade_as_given
from questions.skill import DIFFICULTIES
from questions.walks import COLLECT, NOTHING, PAY, TAKEN
from tests.questions.mutations import mutate
from trainer.rules.chips import chip_count, fewest_chips, total
from trainer.rules.house import (
    ChipCurrency,
    ChipRules,
    CommissionInChips,
    FewestChips,
    HouseRules,
)
from trainer.rules.mahjong_baccarat import first_seat, settlement_order

WALK = "mahjong_baccarat.settlement_in_chips"
TRAYS = ("5 10 25 50 100 500 1000 5000 10000", "25 100 500 1000 5000 25000",
         "10 30 40 100 1000 10000")
#: A table worked by hand: the dice (20) pick place 10; the banker holds 5 8 (3 points).
#: Place 10 (7 9, 6 points) wins 900; place 2 (3 4) wins 300 but only 100 is left of the
#: capital of 1,000; place 3 (5 K) wins and is paid nothing; place 5 (6 4, 0 points) loses
#: 500, so the banker can pay again; place 7 (2 6) wins 400, paid whole; place 9 (2 A, 3
#: points, the banker's 8 the higher tile) loses 250.
BY_HAND = {"places": 10, "banker": 1, "dice": [6, 2, 6, 6], "capital": "1000",
           "hands": {"1": "5 8", "2": "3 4", "3": "5 K", "4": "9 8", "5": "6 4", "6": "A 7",
                     "7": "2 6", "8": "3 K", "9": "2 A", "10": "7 9"},
           "bets": [{"place": 2, "stake": "300"}, {"place": 3, "stake": "200"},
                    {"place": 5, "stake": "500"}, {"place": 7, "stake": "400"},
                    {"place": 9, "stake": "250"}, {"place": 10, "stake": "900"}],
           "in_chips": "walk"}


def rules_with(tray: str = TRAYS[0], fewest: FewestChips = FewestChips.HINT,
               commission: CommissionInChips = CommissionInChips.NET) -> HouseRules:
    return replace(HouseRules(), chips=ChipRules(tray, fewest=fewest, commission=commission))


def by_hand(rules: HouseRules | None = None) -> Question:
    skill = questions.skill(WALK)
    assert skill.situation_type is not None
    table = skill.situation_type.from_json(BY_HAND)
    return Question(WALK, 0, 2, table, skill.prompt(table, 2), skill.form(table),
                    rules or rules_with())


def chips(*pairs: tuple[int, int], change: str = "") -> dict[str, Any]:
    return {"chips": {str(chip): count for chip, count in pairs}, "change": change}


NET_BY_HAND = [
    {"place": 10, "way": PAY, **chips((500, 1), (100, 3), (50, 1), (5, 1))},  # 855
    {"place": 2, "way": PAY, **chips((50, 1), (25, 1), (10, 2))},  # 95
    {"place": 3, "way": NOTHING},
    {"place": 5, "way": COLLECT, **chips((500, 1))},
    {"place": 7, "way": PAY, **chips((100, 3), (50, 1), (25, 1), (5, 1))},  # 380
    {"place": 9, "way": COLLECT, **chips((100, 2), (50, 1))},
]


def test_a_table_worked_by_hand_net():
    question = by_hand()
    assert question.form.kind is AnswerKind.WALK
    assert [option.value for option in question.form.options] == [2, 3, 5, 7, 9, 10]
    verdict = question.grade({"steps": NET_BY_HAND})
    assert (verdict.correct, verdict.score, verdict.notes) == (True, 1.0, ())
    assert str(verdict.expected_text) == (
        "Place 10: pay MOP$855.00: 1 × MOP$500.00, 3 × MOP$100.00, 1 × MOP$50.00, "
        "1 × MOP$5.00; Place 2: pay MOP$95.00: 1 × MOP$50.00, 1 × MOP$25.00, "
        "2 × MOP$10.00; Place 3: nothing changes hands; Place 5: collect MOP$500.00: "
        "1 × MOP$500.00; Place 7: pay MOP$380.00: 3 × MOP$100.00, 1 × MOP$50.00, "
        "1 × MOP$25.00, 1 × MOP$5.00; Place 9: collect MOP$250.00: 2 × MOP$100.00, "
        "1 × MOP$50.00")
    explanation = verdict.explanation
    assert "Settled counterclockwise from place 10, skipping the banker." in explanation
    assert "Place 3 wins but is paid nothing: the banker's capital of MOP$1,000.00 is " \
        "exhausted." in explanation
    assert "paid or collected as change" not in explanation  # no change in this one


def test_the_same_table_paid_gross_takes_each_commission_back():
    question = by_hand(rules_with(commission=CommissionInChips.GROSS))
    steps = copy.deepcopy(NET_BY_HAND)
    steps[0].update(chips((500, 1), (100, 4)), taken=chips((25, 1), (10, 2)))  # 900, 45
    steps[1].update(chips((100, 1)), taken=chips((5, 1)))  # 100, 5
    steps[4].update(chips((100, 4)), taken=chips((10, 2)))  # 400, 20
    assert question.grade({"steps": steps}).correct
    assert "take back MOP$45.00" in str(question.grade({"steps": steps}).expected_text)
    assert "This house pays a win gross" in str(questions.generate(WALK, 1, 1,
                                                                 question.rules).prompt)
    assert "gross" not in str(questions.generate(WALK, 1, 1, rules_with()).prompt)
    netted = {"steps": NET_BY_HAND}  # the net paid and nothing taken back: three wrong
    assert question.grade(netted).score == pytest.approx(3 / 6)
    with pytest.raises(UnreadableAnswer, match="Settle every place that has a bet"):
        by_hand().grade({"steps": steps})  # nothing is taken back where the net is paid


def test_the_order_is_the_settlement_order():
    question = by_hand()
    swapped = copy.deepcopy(NET_BY_HAND)
    swapped[0], swapped[1] = swapped[1], swapped[0]  # place 2 first: a wrong order
    verdict = question.grade({"steps": swapped})
    assert not verdict.correct and verdict.score == pytest.approx(4 / 6)
    # Place 2 paid first would be paid whole: still the wrong place at that point.
    whole = copy.deepcopy(swapped)
    whole[0].update(chips((100, 2), (50, 1), (25, 1), (10, 1)))  # 285
    assert question.grade({"steps": whole}).score == pytest.approx(4 / 6)


@pytest.mark.parametrize(("index", "change"), [
    (0, {"way": COLLECT}),  # a win collected
    (3, {"way": PAY}),  # a loss paid
    (2, {"way": PAY, **chips((100, 2))}),  # the exhausted capital paid anyway
    (1, chips((100, 3))),  # place 2 paid its whole stake beyond the capital
    (5, chips((100, 2), (50, 1), (5, 1))),  # a chip too many
])
def test_each_wrong_step_loses_its_share(index, change):
    steps = copy.deepcopy(NET_BY_HAND)
    steps[index].update(change)
    verdict = by_hand().grade({"steps": steps})
    assert not verdict.correct and verdict.score == pytest.approx(5 / 6)


@pytest.mark.parametrize(("answer", "says"), [
    ("855", "Settle every place that has a bet"),
    ({"steps": NET_BY_HAND[:-1]}, "Settle every place that has a bet"),
    ({"steps": [*NET_BY_HAND[:-1], NET_BY_HAND[0]]}, "Settle every place that has a bet"),
    ({"steps": [*NET_BY_HAND[:-1], {"place": 4, "way": NOTHING}]}, "once each"),
    ({"steps": [*NET_BY_HAND[:-1], {"place": 9, "way": "push"}]}, "once each"),
    ({"steps": [*NET_BY_HAND[:-1], {"place": 9, "way": NOTHING, "chips": {}}]}, "once each"),
    ({"steps": [*NET_BY_HAND[:-1], {"place": "9", "way": NOTHING}]}, "once each"),
    ({"steps": [*NET_BY_HAND[:-1], {"place": 9, "way": COLLECT, **chips((7, 1))}]},
     "Pay with the chips of the tray"),
    ({"steps": [*NET_BY_HAND[:-1], {"place": 9, "way": COLLECT, **chips(change="5")}]},
     r"below the smallest chip \(MOP\$5\.00\)"),
    ({"steps": [*NET_BY_HAND[:-1], {"place": 9, "way": COLLECT, **chips(change="x")}]},
     "is not an amount"),
])
def test_what_is_not_a_settlement_is_refused_with_a_message(answer, says):
    with pytest.raises(UnreadableAnswer, match=says):
        by_hand().grade(answer)


@pytest.mark.parametrize("fewest", list(FewestChips))
def test_more_chips_than_needed_as_the_house_says(fewest):
    steps = copy.deepcopy(NET_BY_HAND)
    steps[3].update(chips((100, 5)))  # 500 in five chips, not one
    verdict = by_hand(rules_with(fewest=fewest)).grade({"steps": steps})
    if fewest is FewestChips.OFF:
        assert (verdict.correct, verdict.score, verdict.notes) == (True, 1.0, ())
        return
    assert str(verdict.notes[-1]) == "Place 5, the fewest chips: 1 × MOP$500.00."
    if fewest is FewestChips.HINT:
        assert (verdict.correct, verdict.score, len(verdict.notes)) == (True, 1.0, 1)
    else:
        assert not verdict.correct and verdict.score == pytest.approx(1 - 0.5 / 6)
        assert "earns half" in str(verdict.notes[0])


def signed(step: dict[str, Any]) -> Decimal:
    """What the place receives (negative: pays), as the typed settlement asks it."""
    if step["way"] == NOTHING:
        return Decimal(0)
    amount = total({Decimal(c): n for c, n in step["chips"].items()}) \
        + Decimal(step.get("change", 0))
    return -amount if step["way"] == COLLECT else amount


@pytest.mark.parametrize("tray", TRAYS)
def test_every_step_agrees_with_the_typed_settlement_of_that_place(tray):
    """Over many tables: each step's amount is what the typed skill says the place receives
    after commission, in the settlement order, in the fewest chips of whole-chip stakes."""
    rules = rules_with(tray)
    typed = questions.skill("mahjong_baccarat.settlement")
    smallest = rules.chips.tray[0]
    ways = set()
    for difficulty in DIFFICULTIES:
        for seed in range(40):
            question = questions.generate(WALK, seed, difficulty, rules)
            situation = question.situation.typed.to_json()  # the table, without the way
            assert "cobankers" not in situation and "asked" not in situation
            assert Decimal(situation["capital"]) % smallest == 0
            assert all(Decimal(bet["stake"]) % smallest == 0 for bet in situation["bets"])
            steps = question.reference_answer()["steps"]
            order = [p for p in settlement_order(first_seat(sum(situation["dice"])))
                     if p in {bet["place"] for bet in situation["bets"]}]
            assert [step["place"] for step in steps] == order
            for step in steps:
                ways.add(step["way"])
                asked = Table.from_json({**situation, "asked": step["place"]})
                plain = Question(typed.id, seed, difficulty, asked,
                                 typed.prompt(asked, difficulty), typed.form(asked), rules)
                assert signed(step) == typed.solve(plain).answer, (seed, step)
                if step["way"] != NOTHING:
                    paid = {Decimal(c): n for c, n in step["chips"].items()}
                    assert chip_count(paid) == chip_count(fewest_chips(total(paid),
                                                                       rules.chips.tray))
            verdict = question.grade(jsonable(question.reference_answer()))
            assert verdict.correct and verdict.score == 1.0
    assert ways == {PAY, COLLECT, NOTHING}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(DIFFICULTIES), st.sampled_from(TRAYS),
       st.sampled_from(list(CommissionInChips)))
def test_the_reference_is_right_and_a_chip_more_is_wrong(seed, difficulty, tray, commission):
    question = questions.generate(WALK, seed, difficulty, rules_with(tray,
                                                                   commission=commission))
    right = jsonable(question.reference_answer())
    assert question.grade(right).correct
    wrong = question.grade(mutate(question, right))
    assert not wrong.correct and wrong.score < 1.0
    # Money is conserved: what the places receive is what the banker loses, less the
    # casino's commission on every win (the typed settlement's account).
    steps = right["steps"]
    if commission is CommissionInChips.GROSS:
        taken = sum((total({Decimal(c): n for c, n in s[TAKEN]["chips"].items()})
                     + Decimal(s[TAKEN].get("change", 0)) for s in steps if TAKEN in s),
                    Decimal(0))
        assert sum(signed(s) for s in steps) - taken == sum(
            signed(s) for s in questions.generate(WALK, seed, difficulty, rules_with(
                tray)).reference_answer()["steps"])


def test_a_change_typed_in_portuguese_is_regraded_as_typed():
    question = by_hand()
    steps = copy.deepcopy(NET_BY_HAND)
    steps[1].update(chips((50, 1), (25, 1), (10, 2)))
    with i18n.speaking("pt_MO"):
        assert question.grade({"steps": steps}).correct
    odd = questions.generate(WALK, 5, 2, rules_with())
    answer = jsonable(odd.reference_answer())
    for step in answer["steps"]:
        if step.get("change"):
            step["change"] = str(step["change"]).replace(".", ",")
    verdict, problem = grade_as_given(odd, answer, True, language="pt_MO")
    assert problem is None and verdict.correct
    stored, correct, score = GRADER.regrade(WALK, 5, 2, rules_with(), answer, True)
    assert (correct, score) == (True, 1.0) and stored["skill"] == WALK


def test_the_settlement_given_in_words():
    words = answer_label(by_hand(), {"steps": NET_BY_HAND})
    assert words.startswith("Place 10: pay 1 × MOP$500.00, 3 × MOP$100.00")
    assert "Place 3: nothing changes hands; Place 5: collect 1 × MOP$500.00" in words
    assert answer_label(by_hand(), {"steps": "x"}) == '{"steps": "x"}'


def test_hkd_chips_name_every_amount_of_the_walk_in_hong_kong_dollars():
    rules = replace(rules_with(), chips=ChipRules(currency=ChipCurrency.HKD))
    question = questions.generate(WALK, 5, 2, rules)
    said = [str(question.prompt), *(str(o.label) for o in question.form.options)]
    verdict = question.grade(jsonable(question.reference_answer()))
    said += [str(verdict.expected_text), verdict.explanation,
             answer_label(question, jsonable(question.reference_answer()))]
    assert all("MOP" not in text for text in said) and all("HK$" in text for text in said)


def test_the_prompt_asks_for_the_walk_and_the_typed_settlement_is_unchanged():
    question = questions.generate(WALK, 3, 1, rules_with())
    prompt = str(question.prompt)
    assert "Settle the table in chips, place by place in the settlement order" in prompt
    assert "The chips in the tray: MOP$5.00" in prompt
    assert "What does place" not in prompt and "the dice pick place" in prompt
    assert str(questions.skill(WALK).title) == \
        "Mahjong Baccarat: settling the table in chips, place by place"
    typed = questions.generate("mahjong_baccarat.settlement", 3, 1)
    assert str(typed.prompt).count("What does place") + str(typed.prompt).count(
        "What is the banker's result") == 1
