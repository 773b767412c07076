"""The commission payouts' chip forms under the house's gross procedure: the whole win paid
in chips and the commission taken back in chips, both the rules core's (net = gross −
commission); under ``net`` the chip forms are as before."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import questions
from questions import Question, UnreadableAnswer
from questions.chip_situation import PAY_GROSS
from questions.chips import TAKEN
from questions.given import answer_label
from questions.skill import DIFFICULTIES
from trainer.rules.chips import chip_count, fewest_chips, payment, total
from trainer.rules.house import ChipRules, CommissionInChips, FewestChips, HouseRules

COMMISSION_FORMS = ("three_card.payout_in_chips", "thirteen.payout_in_chips",
                    "mahjong_baccarat.payout_in_chips")
SEEDS = range(40)


def rules_with(commission: CommissionInChips = CommissionInChips.GROSS,
               fewest: FewestChips = FewestChips.HINT,
               tray: str = "5 10 25 50 100 500 1000 5000 10000") -> HouseRules:
    return replace(HouseRules(), chips=ChipRules(tray, fewest=fewest, commission=commission))


def typed_question(question: Question) -> Question:
    typed = questions.skill(question.skill.removesuffix("_in_chips"))
    plain = question.situation.typed
    return Question(typed.id, question.seed, question.difficulty, plain,
                    typed.prompt(plain, question.difficulty), typed.form(plain),
                    question.rules)


def core(question: Question) -> tuple[Decimal, Decimal, Decimal] | None:
    """The typed skill's net answer, gross win and commission (None: nothing to take)."""
    typed = typed_question(question)
    skill = questions.skill(typed.skill)
    found = skill.gross_and_commission(typed)
    if found is None:
        return None
    return Decimal(skill.solve(typed).answer), *found


def in_chips(amount: Decimal, rules: HouseRules) -> dict[str, Any]:
    """``amount`` in the fewest chips, as the tray gives it (the change typed)."""
    paid = payment(amount, rules.chips.tray)
    answer: dict[str, Any] = {"chips": {str(chip): count for chip, count in paid.chips.items()}}
    if paid.change:
        answer["change"] = f"{paid.change:f}"
    return answer


def gross_answer(gross: Decimal, commission: Decimal, rules: HouseRules) -> dict[str, Any]:
    return {**in_chips(gross, rules), "way": "pay", TAKEN: in_chips(commission, rules)}


def paid(amount: Decimal, rules: HouseRules, **more: Any) -> dict[str, Any]:
    """A bet paid ``amount`` in the fewest chips (a bet's chip form asks the way)."""
    return {**in_chips(amount, rules), "way": "pay", **more}


def questions_under(rules: HouseRules, skill: str):
    for seed in SEEDS:
        for difficulty in DIFFICULTIES:
            yield questions.generate(skill, seed, difficulty, rules)


def gross_questions(skill: str, rules: HouseRules | None = None):
    return [q for q in questions_under(rules or rules_with(), skill)
            if q.situation.in_chips == PAY_GROSS]


@pytest.mark.parametrize("skill", COMMISSION_FORMS)
def test_a_win_owing_commission_is_paid_gross_and_the_commission_taken_back(skill):
    found = gross_questions(skill)
    assert len(found) > 10
    for question in found:
        net, gross, commission = core(question)
        assert net == gross - commission and commission > 0 and net > 0
        answer = gross_answer(gross, commission, question.rules)
        verdict = question.grade(answer)
        assert verdict.correct and verdict.score == 1.0 and verdict.notes == ()
        expected = verdict.expected
        assert total({Decimal(c): n for c, n in expected["chips"].items()}) \
            + Decimal(expected.get("change", 0)) == gross
        taken = expected[TAKEN]
        assert total({Decimal(c): n for c, n in taken["chips"].items()}) \
            + Decimal(taken.get("change", 0)) == commission
        assert question.form.kind is questions.AnswerKind.CHIPS
        assert "This house pays a win gross" in str(question.prompt)
        assert "Pay it" in [str(o.label) for o in question.form.options]
        assert "taken back" in answer_label(question, answer)


@pytest.mark.parametrize("skill", COMMISSION_FORMS)
def test_the_prompt_and_the_form_do_not_tell_a_win_from_a_loss(skill):
    """Paid gross or not, won or lost: the bet's chip form says the same besides the deal."""
    for rules in (rules_with(), rules_with(CommissionInChips.NET)):
        asked = set()
        for question in questions_under(rules, skill):
            typed = typed_question(question)
            said = str(question.prompt).replace(str(typed.prompt), "")
            asked.add((said.replace(str(questions.skill(skill).terms(
                question.situation, rules)), ""), question.form))
        assert len(asked) == 1, asked


@pytest.mark.parametrize("skill", COMMISSION_FORMS)
def test_only_a_win_with_a_commission_to_take_is_paid_gross(skill):
    """A loss, a push, a commission asked for itself: the chip form is as under ``net``."""
    for question in questions_under(rules_with(), skill):
        if question.situation.in_chips != PAY_GROSS:
            assert core(question) is None
            assert TAKEN not in question.reference_answer()
            net_rules = question.rules.chips.commission
            assert net_rules is CommissionInChips.GROSS


@pytest.mark.parametrize("skill", COMMISSION_FORMS)
def test_paying_the_net_and_taking_nothing_is_wrong_under_gross_and_right_under_net(skill):
    for question in gross_questions(skill):
        net, gross, commission = core(question)
        wrong = paid(net, question.rules, **{TAKEN: {"chips": {}}})
        assert question.grade(wrong).score == 0.0
        assert question.grade(paid(net, question.rules)).score == 0.0  # nothing taken back
        collected = {**gross_answer(gross, commission, question.rules), "way": "collect"}
        with pytest.raises(UnreadableAnswer, match="Pay with the chips of the tray"):
            question.grade(collected)  # nothing is taken back from a bet collected
        collected.pop(TAKEN)
        assert question.grade(collected).score == 0.0  # the right chips, the wrong way
        # The same deal under the net procedure: the net paid, nothing taken back.
        plain = replace(question, rules=rules_with(CommissionInChips.NET),
                        situation=replace(question.situation, in_chips="pay"))
        assert plain.grade(paid(net, plain.rules)).correct
        with pytest.raises(UnreadableAnswer, match="Pay with the chips of the tray"):
            plain.grade(gross_answer(gross, commission, plain.rules))


@pytest.mark.parametrize("skill", COMMISSION_FORMS)
def test_each_part_wrong_is_wrong(skill):
    for question in gross_questions(skill):
        _net, gross, commission = core(question)
        rules = question.rules
        smallest = rules.chips.tray[0]
        for paid, taken in ((gross + smallest, commission), (gross, commission + smallest),
                            (gross - commission, commission), (gross, Decimal(0)),
                            (commission, gross)):
            if (paid, taken) == (gross, commission):
                continue
            verdict = question.grade(gross_answer(paid, taken, rules))
            assert not verdict.correct and verdict.score == 0.0


@pytest.mark.parametrize("fewest", list(FewestChips))
@pytest.mark.parametrize("skill", COMMISSION_FORMS)
def test_the_fewest_chips_setting_applies_to_each_part(skill, fewest):
    tray = (5, 10, 25, 50, 100, 500, 1000, 5000, 10000)
    for question in gross_questions(skill, rules_with(fewest=fewest))[:12]:
        _net, gross, commission = core(question)
        rules = question.rules
        for part in ("paid", TAKEN):
            answer = gross_answer(gross, commission, rules)
            target = answer if part == "paid" else answer[TAKEN]
            chips = {Decimal(c): n for c, n in target["chips"].items()}
            if not chips:
                continue
            # One chip of the largest kind given broken into the next smaller ones.
            big = max(c for c, n in chips.items() if n)
            smaller = max(Decimal(t) for t in tray if t < big) if big > tray[0] else None
            if smaller is None or big % smaller:
                continue
            chips[big] -= 1
            chips[smaller] = chips.get(smaller, 0) + int(big / smaller)
            target["chips"] = {str(c): n for c, n in chips.items()}
            assert chip_count(chips) > chip_count(fewest_chips(total(chips), rules.chips.tray))
            verdict = question.grade(answer)
            if fewest is FewestChips.OFF:
                assert verdict.correct and verdict.notes == ()
            elif fewest is FewestChips.HINT:
                assert verdict.correct and len(verdict.notes) == 1
                word = "to pay" if part == "paid" else "to take back"
                assert f"The fewest chips {word}" in str(verdict.notes[0])
            else:
                assert verdict.score == 0.5 and not verdict.correct
                assert "half marks" in str(verdict.notes[0])


@pytest.mark.parametrize(("answer", "says"), [
    ("30", "Settle the bet"), (None, "Settle the bet"), ([], "Settle the bet"),
    ({"chips": {"25": 1}, TAKEN: {"chips": {}}}, "Settle the bet"),
    ({"chips": {"25": 1}, "way": "push", TAKEN: {"chips": {}}}, "Settle the bet"),
    ({"chips": {"25": 1}, "way": "pay", TAKEN: "1.50"}, "take the commission back in chips"),
    ({"chips": {"25": 1}, "way": "pay", TAKEN: {"chips": {"7": 1}}},
     "Pay with the chips of the tray"),
    ({"chips": {"25": 1}, "way": "pay", TAKEN: {"chips": {}, "change": "6"}},
     "Change is what is below"),
    ({"chips": {"25": 1}, "way": "pay", TAKEN: {"chips": {}}, "extra": 1},
     "Pay with the chips of the tray"),
])
def test_a_malformed_gross_answer_is_refused_in_words(answer, says):
    question = gross_questions("thirteen.payout_in_chips")[0]
    with pytest.raises(UnreadableAnswer, match=says):
        question.grade(answer)


@settings(max_examples=40, deadline=None)
@given(skill=st.sampled_from(COMMISSION_FORMS), seed=st.integers(0, 10_000),
       difficulty=st.sampled_from(DIFFICULTIES),
       tray=st.sampled_from(("5 10 25 50 100 500 1000 5000 10000",
                             "10 30 40 100 1000 10000")))
def test_any_gross_deal_is_graded_by_the_rules_core(skill, seed, difficulty, tray):
    rules = rules_with(tray=tray)
    question = questions.generate(skill, seed, difficulty, rules)
    found = core(question)
    if question.situation.in_chips != PAY_GROSS:
        assert found is None or found[0] <= 0
        return
    net, gross, commission = found
    assert net == gross - commission
    assert question.grade(gross_answer(gross, commission, rules)).correct
    assert not question.grade(paid(net, rules, **{TAKEN: {"chips": {}}})).correct
