"""What is shown beside the table drawn: only what the drawing cannot say (issue: real
screens), the prompt kept whole; and a chip form says only how to answer in chips, never the
typed form's minus sign or "type 0"."""

from __future__ import annotations

from typing import Any

import pytest

import questions
from questions.chip_situation import InChipsSituation
from questions.chips import InChips
from questions.model import Question
from questions.registry import skill
from trainer.rules.cards import cards_shown

LEVELS = (1, 2, 3)
SEEDS = range(40)
#: The skills whose table draws all their prompt says but the question.
BRIEFED = ("thirteen.misdeal", "mahjong_baccarat.settlement",
           "mahjong_baccarat.settlement_in_chips")
CHIP_FORMS = [s for s in questions.skills() if isinstance(skill(s), InChips)]


def test_the_skills_briefed_are_the_ones_listed_and_every_chip_form():
    briefed = {s for s in questions.skills()
               if any(questions.generate(s, seed, level).brief is not None
                      for seed in range(5) for level in LEVELS)}
    assert briefed == {*BRIEFED, *CHIP_FORMS}


@pytest.mark.parametrize("chip_form", CHIP_FORMS)
def test_a_chip_form_lists_the_tray_only_in_its_prompt(chip_form):
    for seed in range(10):
        for level in LEVELS:
            question = questions.generate(chip_form, seed, level)
            assert "The chips in the tray: MOP$5.00, MOP$10.00" in str(question.prompt)
            assert "The chips in the tray" not in str(question.brief), (seed, level)
            assert str(question.brief) in str(question.prompt) or \
                chip_form == "mahjong_baccarat.settlement_in_chips"


def test_a_house_rule_on_chips_stays_in_the_brief():
    from dataclasses import replace

    from trainer.rules.house import FewestChips, HouseRules

    rules = HouseRules()
    rules = replace(rules, chips=replace(rules.chips, fewest=FewestChips.GRADED))
    question = questions.generate("thirteen.payout_in_chips", 2, 1, rules)
    half = "The right amount in more chips than needed earns half."
    assert half in str(question.brief) and half in str(question.prompt)


@pytest.mark.parametrize("skill_id", BRIEFED)
def test_a_brief_is_the_end_of_the_prompt_and_much_shorter(skill_id):
    for seed in SEEDS:
        for level in LEVELS:
            question = questions.generate(skill_id, seed, level)
            if question.brief is None:  # a shared bank's shares are not drawn
                assert question.situation.cobankers is not None
                continue
            brief, prompt = str(question.brief), str(question.prompt)
            asked = str(skill(skill_id).brief(question.situation, level))
            assert asked in prompt or skill_id == "thirteen.misdeal", (seed, level)
            assert len(brief) < len(prompt), (seed, level)
            for drawn in scene(skill_id, question.situation, level):
                assert drawn not in brief and drawn in prompt, (seed, level, drawn)
            assert question.shown is question.brief


def scene(skill_id: str, situation: Any, level: int) -> list[str]:
    """What the prompt says that the table draws."""
    if skill_id == "thirteen.misdeal":
        first = situation.log[0]
        return [f"1. {cards_shown(first.card)}→{first.place}"]
    typed = skill("mahjong_baccarat.settlement")
    table = situation.typed if isinstance(situation, InChipsSituation) else situation
    return [str(part) for part in typed.scene(table, level)]


def test_a_brief_ends_with_the_house_figures_the_drawing_does_not_show():
    question = questions.generate("mahjong_baccarat.settlement_in_chips", 3, 2)
    commission = "The house takes a commission of 5 per cent on every amount won."
    assert commission in str(question.brief) and commission in str(question.prompt)


def test_a_question_without_a_brief_shows_its_prompt():
    question = questions.generate("thirteen.first_seat", 1, 1)
    assert question.brief is None and question.shown is question.prompt


@pytest.mark.parametrize("skill_id", BRIEFED)
def test_the_brief_goes_through_json_and_an_old_question_has_none(skill_id):
    question = questions.generate(skill_id, 7, 2)
    again = Question.from_json(question.to_json())
    assert str(again.brief) == str(question.brief) and str(again.prompt) == str(question.prompt)
    old = question.to_json()
    old.pop("brief")
    assert Question.from_json(old).brief is None


@pytest.mark.parametrize("chip_form", CHIP_FORMS)
def test_a_chip_form_never_says_the_typed_forms_way_to_answer(chip_form):
    form = skill(chip_form)
    said = 0
    for seed in SEEDS:
        for level in LEVELS:
            question = questions.generate(chip_form, seed, level)
            typed_way = form.typed.how_to_answer(question.situation.typed, level)
            if typed_way is None:
                continue
            said += 1
            assert str(typed_way) not in str(question.prompt), (seed, level)
            typed = questions.generate(form.typed.id, seed, level)
            if typed.situation == question.situation.typed:
                assert str(typed_way) in str(typed.prompt)
    assert said or chip_form in {"mahjong_baccarat.payout_in_chips",
                                 "mahjong_baccarat.bank_in_chips",
                                 "mahjong_baccarat.settlement_in_chips",
                                 "mahjong.payments_in_chips", "mahjong.liability_in_chips"}


@pytest.mark.parametrize("typed_id", ["thirteen.payout", "three_card.payout", "sap_i_chi.payout"])
def test_the_typed_form_still_says_how_to_type_it(typed_id):
    found = 0
    for seed in SEEDS:
        question = questions.generate(typed_id, seed, 2)
        way = skill(typed_id).how_to_answer(question.situation, 2)
        if way is not None:
            found += 1
            assert str(way) in str(question.prompt)
    assert found
