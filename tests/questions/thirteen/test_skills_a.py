"""Every 13-card skill of SKILLS_A at every level: generated, stored, graded by the core.

``THIRTEEN_SEEDS`` sets how many seeds each (skill, level) runs (100 by default: a quick
per-game check; tests/questions/test_every_skill.py runs 1,000 seeds of every skill and
tests/benchmarks/ measures the speed).
"""

import json
import os
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
import questions
from questions.model import AnswerKind, Question
from questions.thirteen.skills_a import SKILLS_A
from tests.questions.mutations import mutate
from trainer.rules.house import HouseRules, ThirteenRules

SEEDS = int(os.environ.get("THIRTEEN_SEEDS", "100"))
CASES = [(skill, level) for skill in SKILLS_A for level in (1, 2, 3)]
IDS = [f"{skill.id}-{level}" for skill, level in CASES]


def mutated(question, answer):
    """A different answer of the same form, never right."""
    kind = question.form.kind
    values = [option.value for option in question.form.options]
    if kind is AnswerKind.ORDERING:
        return tuple(reversed(answer))
    if kind is AnswerKind.CHOICES:
        return frozenset(answer) ^ {values[0]}
    if kind is AnswerKind.AMOUNT:
        return answer + Decimal("10")
    if kind is AnswerKind.CHIPS:
        return mutate(question, answer)
    return next(value for value in values if value != answer)


@pytest.mark.parametrize(("skill", "level"), CASES, ids=IDS)
def test_seeds_generate_round_trip_and_grade(skill, level):
    rules = HouseRules()
    for seed in range(SEEDS):
        question = skill.generate(seed, level, rules)
        text = json.dumps(question.to_json())
        again = Question.from_json(json.loads(text))
        assert again == question
        answer = skill.solve(again).answer
        verdict = skill.grade(again, answer)
        assert verdict.correct and verdict.score == 1.0, (seed, answer)
        assert verdict.reasons and all(str(reason) for reason in verdict.reasons)
        wrong = skill.grade(again, mutated(again, answer))
        assert not wrong.correct and wrong.score < 1.0, (seed, answer)


@pytest.mark.parametrize(("skill", "level"), CASES, ids=IDS)
def test_same_inputs_same_question(skill, level):
    for seed in (0, 7, 123456):
        assert (skill.generate(seed, level, HouseRules()).to_json()
                == skill.generate(seed, level, HouseRules()).to_json())


@pytest.mark.parametrize("skill", SKILLS_A, ids=[s.id for s in SKILLS_A])
def test_registered_and_graded_through_the_registry(skill):
    assert skill.id in questions.skills("thirteen")
    question = questions.generate(skill.id, 3, 2)
    assert question.grade(question.reference_answer()).correct


@pytest.mark.parametrize(("skill", "level"), CASES, ids=IDS)
def test_other_house_rules(skill, level):
    rules = HouseRules(commission_unit=Decimal("1"), thirteen=ThirteenRules(
        equal_tiers_are_foul=True, six_pairs_allow_three_of_a_kind=True,
        both_foul_is_push=True, natural_declared_automatically=False,
        commission_rate=Decimal("0.05")))
    for seed in range(30):
        question = skill.generate(seed, level, rules)
        assert Question.from_json(question.to_json()).rules == rules
        assert skill.grade(question, skill.solve(question).answer).correct


@pytest.mark.parametrize("skill", SKILLS_A, ids=[s.id for s in SKILLS_A])
def test_explanations_in_every_language(skill):
    question = skill.generate(11, 3, HouseRules())
    verdict = skill.grade(question, skill.solve(question).answer)
    try:
        for language in ("en", "pt_MO", "zh_Hant_MO"):
            i18n.set_language(language)
            assert verdict.explanation and str(question.prompt)
            assert all(str(option.label) for option in question.form.options)
    finally:
        i18n.set_language("en")
    assert "Ordinance 51/89/M" in verdict.explanation


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SKILLS_A), st.integers(0, 2**40), st.sampled_from([1, 2, 3]))
def test_any_seed(skill, seed, level):
    question = skill.generate(seed, level, HouseRules())
    assert skill.grade(question, skill.solve(question).answer).correct
