"""The chip forms' mistakes: an amount paid in chips equal to a usual mistake of the typed
skill is that kind; the part below the smallest chip rounded to a chip is the change paid
in chips (HI-CHIP-CHANGE); each produced on purpose by the rules core and recognised, paid
net and gross, a bet and a table walked place by place."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest

import i18n
from questions.chip_situation import COLLECT, PAY, PAY_GROSS
from questions.chips import TAKEN, answer_of
from questions.mahjong_baccarat.settlement import mistaken_settlements
from questions.registry import generate, skill, skills
from questions.walks import step_answer
from trainer.rules import chip_mistakes
from trainer.rules.chip_mistakes import CHANGE_IN_CHIPS, mistaken_payments
from trainer.rules.chips import payment
from trainer.rules.house import ChipRules, CommissionInChips, FewestChips, HouseRules
from trainer.rules.mahjong_baccarat import mistakes as mahjong_baccarat
from trainer.rules.mistakes import OTHER
from trainer.rules.thirteen import mistakes as thirteen
from trainer.rules.three_card import mistakes as three_card

CHIP_FORMS = sorted(s for s in skills() if s.endswith("_in_chips")
                    and s != "mahjong_baccarat.settlement_in_chips")
WALK = "mahjong_baccarat.settlement_in_chips"
SEEDS = range(30)
NET, GROSS = CommissionInChips.NET, CommissionInChips.GROSS


def rules_with(commission: CommissionInChips = NET) -> HouseRules:
    return replace(HouseRules(), chips=ChipRules("5 10 25 50 100 500 1000 5000 10000",
                                                 fewest=FewestChips.HINT,
                                                 commission=commission))


def paid_in_chips(question, amount: Decimal) -> dict[str, Any] | None:
    """The signed ``amount`` paid or collected in the fewest chips, as the question's form
    takes it (a gross payment: the right commission taken back, the rest paid); None
    where the form cannot say it (a plain chip form paying the other way)."""
    situation = question.situation
    tray = question.rules.chips.tray
    way = situation.in_chips
    if way == PAY_GROSS:
        commission = Decimal(question.reference_answer()[TAKEN].get("change", 0)) + sum(
            Decimal(chip) * count for chip, count in question.reference_answer()[TAKEN][
                "chips"].items())
        if amount + commission < 0:
            return None
        paid = payment(amount + commission, tray)
        taken = payment(commission, tray)
        answer = {**answer_of(paid.chips, paid.change),
                  TAKEN: answer_of(taken.chips, taken.change)}
    else:
        if not _bet(question) and amount and (amount < 0) != (way == COLLECT):
            return None
        paid = payment(abs(amount), tray)
        answer = answer_of(paid.chips, paid.change)
    if _bet(question):
        answer["way"] = PAY if amount > 0 or (not amount and way != COLLECT) else COLLECT
    return answer


def _bet(question) -> bool:
    return type(skill(question.skill)).__name__ == "BetInChips"


@pytest.mark.parametrize("commission", [NET, GROSS])
@pytest.mark.parametrize("skill_id", CHIP_FORMS)
def test_every_mistake_paid_in_chips_is_recognised(skill_id, commission):
    """Each amount a usual mistake gives, paid in chips: the verdict names its kind (and
    any other paying alike), never right; across seeds and levels, net and gross."""
    rules = rules_with(commission)
    seen: Counter[str] = Counter()
    for difficulty in (1, 2, 3):
        for seed in SEEDS:
            question = generate(skill_id, seed, difficulty, rules)
            for mistake, wrong in skill(skill_id).mistaken_answers(question):
                answer = paid_in_chips(question, wrong)
                if answer is None:
                    continue
                verdict = question.grade(answer)
                if verdict.correct:  # the mistake pays the right amount here
                    assert verdict.mistakes == ()
                    continue
                assert mistake in verdict.mistakes, (seed, difficulty, mistake.id, wrong)
                assert OTHER not in verdict.mistakes
                seen[mistake.id] += 1
    typed = skill(skill_id).typed.mistake_kinds
    if skill_id.startswith("mahjong."):  # Mah-Jong pays in whole chips: never change
        assert set(seen) == set()
    elif skill_id == "thirteen.payout_in_chips":
        assert set(seen) == {k.id for k in (*thirteen.KINDS, CHANGE_IN_CHIPS)}
    elif skill_id == "three_card.payout_in_chips":
        assert set(seen) == {k.id for k in (*three_card.KINDS, CHANGE_IN_CHIPS)}
    elif skill_id == "mahjong_baccarat.payout_in_chips":  # one bet: see test_mistakes
        assert set(seen) == {k.id for k in (mahjong_baccarat.COMMISSION_FORGOTTEN,
                                            mahjong_baccarat.COMMISSION_ON_GROSS,
                                            CHANGE_IN_CHIPS)}
    else:
        assert set(seen) == {k.id for k in (*typed, CHANGE_IN_CHIPS)}


def test_the_change_paid_in_chips_is_the_amount_rounded_to_a_chip():
    """952.50 with chips of 5 and up: 950 or 955 in chips, not 950 and 2.50 change."""
    tray = (Decimal(5), Decimal(25), Decimal(100))
    assert mistaken_payments(Decimal("952.50"), tray) == (
        (CHANGE_IN_CHIPS, Decimal(950)), (CHANGE_IN_CHIPS, Decimal(955)))
    assert mistaken_payments(Decimal(950), tray) == ()


def test_a_payment_with_its_change_rounded_up_is_the_change_paid_in_chips():
    question, right = _with_change("three_card.payout_in_chips")
    tray = question.rules.chips.tray
    up = payment(right - right % tray[0] + tray[0], tray)
    answer = {**answer_of(up.chips, up.change), "way": question.reference_answer()["way"]}
    verdict = question.grade(answer)
    # (rounded up, it may also be the commission forgotten: then both are recorded)
    assert not verdict.correct and CHANGE_IN_CHIPS in verdict.mistakes
    with i18n.speaking("pt_MO"):
        lines = verdict.mistake_lines
    assert any("troco" in line for line in lines)


def test_a_wrong_way_is_no_usual_mistake_and_a_right_amount_in_more_chips_is_other():
    """A bet collected that is paid, at the right amount: "other"; the right amount in more
    chips, where the house grades it half: "other" too (the amount is no mistake)."""
    question, right = _with_change("three_card.payout_in_chips")
    assert question.reference_answer()["way"] == PAY
    answer = {**question.reference_answer(), "way": COLLECT}
    known = {amount for _kind, amount in skill(question.skill).mistaken_answers(question)}
    if -right not in known:
        assert question.grade(answer).mistakes == (OTHER,)
    graded = replace(question.rules, chips=replace(question.rules.chips,
                                                   fewest=FewestChips.GRADED))
    question = generate(question.skill, question.seed, question.difficulty, graded)
    fives = {**question.reference_answer(), "chips": {"5": int(right // 5)}}
    verdict = question.grade(fives)
    assert verdict.score == 0.5 and verdict.mistakes == (OTHER,)


def test_a_right_chip_answer_has_no_mistake():
    question = generate("thirteen.payout_in_chips", 4, 2, rules_with(GROSS))
    assert question.grade(question.reference_answer()).mistakes == ()


def test_every_walk_a_mistake_settles_is_recognised():
    """The table walked as each usual mistake settles it (its order, ways and amounts), and
    walked right with one payment's change rounded: each named, across seeds and levels."""
    seen: Counter[str] = Counter()
    for commission in (NET, GROSS):
        rules = rules_with(commission)
        for difficulty in (1, 2, 3):
            for seed in SEEDS:
                question = generate(WALK, seed, difficulty, rules)
                walker = skill(WALK)
                right = walker.steps(question, _settled(question, None))
                for mistake, result in mistaken_settlements(question.situation.typed, rules):
                    steps = walker.steps(question, result)
                    verdict = question.grade({"steps": [step_answer(s) for s in steps]})
                    if verdict.correct:
                        continue
                    assert mistake in verdict.mistakes and OTHER not in verdict.mistakes
                    seen[mistake.id] += 1
                rounded = _change_rounded(question, right)
                if rounded is not None:
                    verdict = question.grade(rounded)
                    assert CHANGE_IN_CHIPS in verdict.mistakes, (seed, difficulty)
                    seen[CHANGE_IN_CHIPS.id] += 1
    # the banker's commission is no step of the walk: that mistake walks it right
    assert set(seen) == {k.id for k in skill(WALK).mistake_kinds} - {
        mahjong_baccarat.BANKER_COMMISSION_ON_LOSING_ROUND.id}


def test_a_walk_in_the_wrong_order_only_is_other():
    for seed in SEEDS:
        question = generate(WALK, seed, 2, rules_with())
        steps = question.reference_answer()["steps"]
        if len(steps) < 3:
            continue
        swapped = [steps[1], steps[0], *steps[2:]]
        verdict = question.grade({"steps": swapped})
        known = [amounts for _kind, amounts in skill(WALK).mistaken_answers(question)]
        if not verdict.correct and all(len(k) != len(steps) or k[0][0] != steps[1]["place"]
                                       for k in known):
            assert verdict.mistakes == (OTHER,)
            return
    pytest.fail("no table to walk in the wrong order")


def test_the_chip_kind_is_in_the_catalogue():
    from trainer.rules.mistake_kinds import mistake_kind
    assert mistake_kind("chips.change_in_chips") is CHANGE_IN_CHIPS
    assert chip_mistakes.KINDS == (CHANGE_IN_CHIPS,)


def _settled(question, _none):
    from questions.mahjong_baccarat.settlement import settle
    return settle(question.situation.typed, question.rules)


def _change_rounded(question, right) -> dict[str, Any] | None:
    """The right walk with the first payment that has change paid rounded up to a chip."""
    tray = question.rules.chips.tray
    steps = [step_answer(step) for step in right]
    for step, answer in zip(right, steps, strict=True):
        chips, change = step.paid
        if change:
            amount = sum((c * n for c, n in chips.items()), change)
            up = payment(amount - change + tray[0], tray)
            answer.update(answer_of(up.chips, up.change))
            answer.pop("change", None)
            return {"steps": steps}
    return None


def _with_change(skill_id):
    """A question whose right amount (a payment) has change below the smallest chip."""
    for seed in range(400):
        question = generate(skill_id, seed, 2, rules_with())
        answer = question.reference_answer()
        if answer.get("change") and answer.get("way", PAY) == PAY:
            right = Decimal(answer["change"]) + sum(Decimal(c) * n for c, n in
                                                    answer["chips"].items())
            return question, right
    raise AssertionError("no payment with change")
