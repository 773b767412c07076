"""Every money skill's chip form: the typed skill's situation with stakes in whole chips, the
rules core's amount paid (or collected) in the house's chips with the change below the
smallest chip, and the fewest chips graded as the house sets it."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
import questions
from questions import AnswerKind, Question, UnreadableAnswer
from questions.chip_situation import COLLECT, PAY
from questions.chips import SUFFIX, InChips
from questions.given import answer_label
from questions.model import jsonable
from questions.regrade import GRADER, grade_as_given
from questions.skill import DIFFICULTIES
from trainer.rules.chips import chip_count, fewest_chips, total
from trainer.rules.house import ChipCurrency, ChipRules, FewestChips, HouseRules

#: The settlement is walked place by place in chips (tests/questions/test_settlement_walk.py).
WALKED = "mahjong_baccarat.settlement_in_chips"
ALL_CHIP_FORMS = [s for s in questions.skills() if s.endswith(SUFFIX)]
CHIP_FORMS = [s for s in ALL_CHIP_FORMS if s != WALKED]
TYPED = [s.removesuffix(SUFFIX) for s in ALL_CHIP_FORMS]
#: Macau's tray, a tray without the 5, a high-limit room's, and one whose chips are not
#: each a multiple of the next smaller (greedy is not always fewest: 60 = 30 + 30).
TRAYS = ("5 10 25 50 100 500 1000 5000 10000", "25 100 500 1000 5000 25000",
         "1000 5000 10000 50000 100000", "10 30 40 100 1000 10000")
SEEDS = range(60)
#: The keys under which a situation keeps money that is on the table in chips (stakes,
#: capitals, amounts collected or paid, a change of capital); Mah-Jong's house amounts
#: (what a grade pays) are the house's and kept in the rules, not in the situation.
STAKE_KEYS = {"stake", "capital", "casino", "amount", "change"}


def rules_with(tray: str = TRAYS[0], fewest: FewestChips = FewestChips.HINT,
               currency: ChipCurrency = ChipCurrency.MOP) -> HouseRules:
    return replace(HouseRules(), chips=ChipRules(tray, currency, fewest))


def stakes(value: Any, key: str | None = None) -> list[Decimal]:
    """Every amount of money on the table in a situation."""
    if isinstance(value, dict):
        return [m for k, v in value.items() for m in stakes(v, k)]
    if isinstance(value, list):
        return [m for v in value for m in stakes(v, key)]
    return [abs(Decimal(value))] if key in STAKE_KEYS and isinstance(value, str) else []


def typed_amount(question: Question) -> Decimal:
    """The typed skill's answer on the same situation: the rules core's amount."""
    typed = questions.skill(question.skill.removesuffix(SUFFIX))
    plain = question.situation.typed
    return typed.solve(Question(typed.id, question.seed, question.difficulty, plain,
                                typed.prompt(plain, question.difficulty), typed.form(plain),
                                question.rules)).answer


def chips_of(answer: dict[str, Any]) -> dict[Decimal, int]:
    return {Decimal(chip): count for chip, count in answer["chips"].items()}


def way_of(reference: dict[str, Any]) -> dict[str, Any]:
    """The way a bet's reference answer settles it (a bet's chip form asks it), else none."""
    return {"way": reference["way"]} if "way" in reference else {}


def more_chips(answer: dict[str, Any], tray: tuple[Decimal, ...]) -> dict[str, Any] | None:
    """The same amount with more chips: the lowest chip above the smallest broken into
    chips of the largest denomination below it that divides it (None if the payment is in
    the smallest chips only)."""
    chips = chips_of(answer)
    broken = next((chip for chip in sorted(chips) if chip > tray[0]), None)
    if broken is None:
        return None
    into = max(chip for chip in tray if chip < broken and broken % chip == 0)
    chips[broken] -= 1
    chips[into] = chips.get(into, 0) + int(broken / into)
    return {**way_of(answer), "chips": {str(c): n for c, n in chips.items()},
            "change": answer.get("change")}


def test_every_money_skill_has_a_chip_form_right_after_it():
    money = sorted({q.skill for skill in questions.skills() if not skill.endswith(SUFFIX)
                    for d in DIFFICULTIES for seed in range(20)
                    if (q := questions.generate(skill, seed, d)).form.kind is AnswerKind.AMOUNT})
    assert money == sorted(TYPED) and len(money) == 8
    ids = questions.skills()
    for chips, typed in zip(ALL_CHIP_FORMS, TYPED, strict=True):
        assert ids.index(chips) == ids.index(typed) + 1
        assert isinstance(questions.skill(chips), InChips)
        if chips != WALKED:
            assert str(questions.skill(chips).title) == \
                f"{questions.skill(typed).title} — paid in chips"


@pytest.mark.parametrize("tray", TRAYS)
@pytest.mark.parametrize("skill", CHIP_FORMS)
def test_stakes_are_whole_chips_and_the_amount_is_the_rules_cores(skill, tray):
    rules = rules_with(tray)
    smallest = rules.chips.tray[0]
    found, ways = 0, set()
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            question = questions.generate(skill, seed, difficulty, rules)
            assert question.form.kind is AnswerKind.CHIPS
            on_table = stakes(question.situation.to_json())
            found += len(on_table)
            assert all(amount % smallest == 0 for amount in on_table), (seed, on_table)
            amount = typed_amount(question)
            ways.add(question.situation.in_chips)
            assert question.situation.in_chips == (COLLECT if amount < 0 else PAY)
            reference = question.reference_answer()
            chips = chips_of(reference)
            assert total(chips) + Decimal(reference.get("change", 0)) == abs(amount)
            assert Decimal(reference.get("change", 0)) < smallest
            assert chip_count(chips) == chip_count(fewest_chips(total(chips), rules.chips.tray))
            assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
    # Mah-Jong pays the house's amounts (10, 20, 40 by default); a winner's capital is in
    # chips, dealt only where a whole number of chips can cut the shares.
    if skill != "mahjong.liability_in_chips" and (skill != "mahjong.payments_in_chips"
                                                  or smallest <= 25):
        assert found
    if skill.startswith(("thirteen", "three_card", "mahjong_baccarat.settlement")):
        assert ways == {PAY, COLLECT}


@pytest.mark.parametrize("skill", CHIP_FORMS)
def test_the_typed_questions_are_not_drawn_in_chips(skill):
    """The typed skill's stakes keep their own units (tens), whatever the tray."""
    rules = rules_with("25 100 500 1000 5000 25000")
    typed = skill.removesuffix(SUFFIX)
    for seed in range(10):
        assert questions.generate(typed, seed, 3, rules).to_json() | {"rules": None} == \
            questions.generate(typed, seed, 3).to_json() | {"rules": None}


@pytest.mark.parametrize("fewest", list(FewestChips))
@pytest.mark.parametrize("skill", CHIP_FORMS)
def test_each_setting_grades_the_fewest_chips_and_more(skill, fewest):
    rules = rules_with(fewest=fewest)
    tray = rules.chips.tray
    more_checked = 0
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            question = questions.generate(skill, seed, difficulty, rules)
            reference = question.reference_answer()
            right = question.grade(jsonable(reference))
            assert (right.correct, right.score, right.notes) == (True, 1.0, ())
            assert right.expected == reference and right.explanation.strip()
            more = more_chips(reference, tray)
            if more is None:
                continue
            more_checked += 1
            verdict = question.grade(more)
            notes = [str(note) for note in verdict.notes]
            if fewest is FewestChips.OFF:
                assert (verdict.correct, verdict.score, notes) == (True, 1.0, [])
            elif fewest is FewestChips.HINT:
                assert (verdict.correct, verdict.score) == (True, 1.0)
                assert len(notes) == 1 and notes[0].startswith("The fewest chips: ")
                assert notes[0].endswith(f"({chip_count(chips_of(reference))} chip"
                                         f"{'' if chip_count(chips_of(reference)) == 1 else 's'}).")
            else:
                assert (verdict.correct, verdict.score) == (False, 0.5)
                assert notes[0] == ("The amount is right, but paid with more chips than "
                                    "needed: half marks.")
                assert notes[1].startswith("The fewest chips: ")
    assert more_checked >= 20


@pytest.mark.parametrize("fewest", list(FewestChips))
@pytest.mark.parametrize("skill", CHIP_FORMS)
def test_a_wrong_amount_is_wrong_in_every_setting(skill, fewest):
    rules = rules_with(fewest=fewest)
    smallest = rules.chips.tray[0]
    for difficulty in DIFFICULTIES:
        for seed in range(20):
            question = questions.generate(skill, seed, difficulty, rules)
            reference = question.reference_answer()
            chips = chips_of(reference)
            change = Decimal(reference.get("change", 0))
            one_more = {**chips, smallest: chips.get(smallest, 0) + 1}
            wrongs = [{**way_of(reference), "chips": {str(c): n for c, n in one_more.items()},
                       "change": str(change)}]
            if change + Decimal("0.01") < smallest:
                wrongs.append({**way_of(reference), "chips": reference["chips"],
                               "change": str(change + Decimal("0.01"))})
            if chips:  # a chip short
                fewer = dict(chips)
                fewer[min(fewer)] -= 1
                wrongs.append({**way_of(reference),
                               "chips": {str(c): n for c, n in fewer.items()},
                               "change": str(change)})
            for wrong in wrongs:
                verdict = question.grade(wrong)
                assert (verdict.correct, verdict.score, verdict.notes) == (False, 0.0, ()), wrong
                assert verdict.summary.startswith("Not quite. The right answer: ")


@pytest.mark.parametrize(("answer", "says"), [
    ("325", "Pay with the chips of the tray"),
    (Decimal(325), "Pay with the chips of the tray"),
    ({"chips": {"7": 1}}, "Pay with the chips of the tray"),
    ({"chips": {"100": -1}}, "Pay with the chips of the tray"),
    ({"chips": {"100": 1}, "amount": "100"}, "Pay with the chips of the tray"),
    ({"chips": {}, "change": "5"}, r"below the smallest chip \(MOP\$5\.00\)"),
    ({"chips": {}, "change": "-1"}, "below the smallest chip"),
    ({"chips": {"100": 1}, "change": "abc"}, "is not an amount"),
    ({"chips": {"100": 1}, "change": "1,50"}, "cents come after"),
])
def test_what_is_not_a_payment_in_chips_is_refused_with_a_message(answer, says):
    for skill in CHIP_FORMS:
        question = questions.generate(skill, 1, 2)
        given, said = answer, says
        if question.form.options:  # a bet: its way said, or that is what is asked first
            if not isinstance(answer, dict):
                said = "Settle the bet: pay it or collect it, and say which"
            else:
                given = {**answer, "way": "pay"}
        with pytest.raises(UnreadableAnswer, match=said):
            question.grade(given)


def test_the_prompt_says_the_way_the_money_goes_and_the_tray():
    for skill in CHIP_FORMS:
        for seed in range(30):
            question = questions.generate(skill, seed, 3, rules_with(fewest=FewestChips.GRADED))
            prompt = str(question.prompt)
            typed = questions.skill(skill.removesuffix(SUFFIX))
            assert prompt.startswith(str(typed.prompt(question.situation.typed, 3)))
            assert "The chips in the tray: MOP$5.00, MOP$10.00, MOP$25.00" in prompt
            assert "in more chips than needed earns half" in prompt
            collected = "this amount is collected, not paid" in prompt
            if question.form.options:  # a bet: which way is the trainee's to say
                assert not collected and "settle the bet — pay it or collect it" in prompt
                assert [o.value for o in question.form.options] == [PAY, COLLECT]
            else:
                assert collected == (question.situation.in_chips == COLLECT)
    quiet = str(questions.generate(CHIP_FORMS[0], 1, 1).prompt)
    assert "earns half" not in quiet


def test_a_loss_is_collected_in_chips():
    question = next(q for seed in range(50)
                    if (q := questions.generate("thirteen.payout_in_chips", seed, 1))
                    .situation.in_chips == COLLECT)
    verdict = question.grade(question.reference_answer())
    amount = -typed_amount(question)
    assert amount > 0
    assert str(verdict.expected_text).startswith(f"{i18n.format_money(amount)} collected "
                                                 "in chips: ")


def test_nothing_to_pay_is_no_chips_and_no_change():
    question = next(q for seed in range(80)
                    if (q := questions.generate("sap_i_chi.payout_in_chips", seed, 1))
                    .reference_answer() == {"chips": {}})
    assert question.grade({"chips": {}}).correct
    assert question.grade({"chips": {"5": 0}, "change": ""}).correct
    assert not question.grade({"chips": {"5": 1}}).correct
    assert str(question.grade({"chips": {}}).expected_text) == \
        "nothing is paid: no chips and no change"


def test_hkd_chips_name_every_amount_in_hong_kong_dollars():
    rules = rules_with(currency=ChipCurrency.HKD)
    question = questions.generate("mahjong_baccarat.payout_in_chips", 4, 2, rules)
    assert "MOP" not in str(question.prompt) and "HK$5.00" in str(question.prompt)
    more = more_chips(question.reference_answer(), rules.chips.tray)
    verdict = question.grade(more)
    assert "HK$" in str(verdict.notes[0]) and "MOP" not in str(verdict.notes[0])
    assert "MOP" not in verdict.explanation and "HK$" in verdict.explanation
    stored = Question.from_json(json.loads(json.dumps(question.to_json())))
    assert str(stored.prompt) == str(question.prompt)
    assert question.grade({**way_of(more), "chips": more["chips"],
                           "change": "HK$0.50"}).correct


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_change_is_typed_in_the_trainees_language(language):
    question = next(q for seed in range(40)
                    if "change" in (q := questions.generate("mahjong_baccarat.payout_in_chips",
                                                            seed, 2)).reference_answer())
    reference = question.reference_answer()
    with i18n.speaking(language):
        typed = {**way_of(reference), "chips": reference["chips"],
                 "change": i18n.format_money(reference["change"])}
        assert question.grade(typed).correct
        words = answer_label(question, typed)
        assert i18n.format_money(reference["change"]) in words
        if language == "en":
            assert words.endswith(f"{i18n.format_money(reference['change'])} change")
        assert (" × " in words) == bool(reference["chips"])


def test_an_answer_recorded_in_another_language_is_regraded_as_it_was_typed():
    question = next(q for seed in range(40)
                    if "change" in (q := questions.generate("thirteen.payout_in_chips",
                                                            seed, 2)).reference_answer())
    reference = question.reference_answer()
    in_portuguese = {**way_of(reference), "chips": reference["chips"],
                     "change": i18n.format_money(reference["change"], "pt_MO")}
    verdict, problem = grade_as_given(question, in_portuguese, True)
    assert problem is None and verdict.correct
    with i18n.speaking("pt_MO"):
        as_stored = jsonable(reference)  # the change as JSON keeps it: "4.00"
        verdict, problem = grade_as_given(question, as_stored, True)
        assert problem is None and verdict.correct
        assert in_portuguese["change"] in answer_label(question, in_portuguese)
    regraded = GRADER.regrade(question.skill, question.seed, question.difficulty,
                              question.rules, in_portuguese, True)
    assert regraded is not None and regraded[1:] == (True, 1.0)
    wrong = GRADER.answer(question.skill, question.seed, question.difficulty, question.rules,
                          right=False)
    assert wrong is not None and not question.grade(wrong).correct


def test_an_answer_that_is_not_a_payment_is_shown_as_stored():
    question = questions.generate("three_card.payout_in_chips", 1, 1)
    assert answer_label(question, {"chips": {"7": 1}}) == '{"chips": {"7": 1}}'
    assert answer_label(question, {"chips": {"100": 2, "5": 1}, "change": "2.50"}) == \
        "2 × MOP$100.00, 1 × MOP$5.00 and MOP$2.50 change (MOP$207.50 in all)"
    assert answer_label(question, {"chips": {}, "change": "2,50"}) == "no chips, 2,50 change"


def test_a_payment_of_several_pieces_is_said_with_its_total_beside_the_chips():
    question = questions.generate("three_card.payout_in_chips", 1, 1)
    assert answer_label(question, {"chips": {"100": 1}, "change": ""}) == "1 × MOP$100.00"
    assert answer_label(question, {"chips": {}, "change": "1.50"}) == \
        "no chips, MOP$1.50 change"
    assert answer_label(question, {"chips": {"100": 2}, "change": ""}) == \
        "2 × MOP$100.00 (MOP$200.00 in all)"
    assert answer_label(question, {"chips": {"100": 1}, "change": "0.50"}) == \
        "1 × MOP$100.00 and MOP$0.50 change (MOP$100.50 in all)"


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(CHIP_FORMS), st.integers(0, 2**40), st.sampled_from(DIFFICULTIES),
       st.sampled_from(TRAYS), st.sampled_from(list(FewestChips)))
def test_any_seed_tray_and_setting(skill, seed, difficulty, tray, fewest):
    rules = rules_with(tray, fewest)
    question = questions.generate(skill, seed, difficulty, rules)
    assert question == questions.generate(skill, seed, difficulty, rules)
    reference = question.reference_answer()
    assert question.grade(reference).correct
    assert total(chips_of(reference)) + Decimal(reference.get("change", 0)) == \
        abs(typed_amount(question))
    assert all(s % rules.chips.tray[0] == 0 for s in stakes(question.situation))
