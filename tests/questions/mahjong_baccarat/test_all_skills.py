"""Every Mahjong Baccarat skill at every difficulty: generated, stored, graded, explained.

A quick per-game check (``MB_SEEDS`` seeds, 100 by default): tests/questions/test_every_skill.py
runs 1,000 seeds of every skill and tests/benchmarks/ measures the speed.
"""

import json
import os
from decimal import Decimal

import pytest

import questions
from questions import AnswerKind, Question
from questions.mahjong_baccarat import SKILLS
from tests.questions.mahjong_baccarat.build import wrong
from trainer.rules.house import HouseRules

SEEDS = int(os.environ.get("MB_SEEDS", "100"))
IDS = [item.id for item in SKILLS]


def test_the_skills_are_registered_in_teaching_order():
    assert IDS == ["mahjong_baccarat.first_seat", "mahjong_baccarat.compare",
                   "mahjong_baccarat.payout", "mahjong_baccarat.payout_in_chips",
                   "mahjong_baccarat.settlement", "mahjong_baccarat.settlement_in_chips",
                   "mahjong_baccarat.bank", "mahjong_baccarat.bank_in_chips",
                   "mahjong_baccarat.procedure"]
    assert questions.skills("mahjong_baccarat") == IDS


def json_ready(value):
    if isinstance(value, dict):
        return all(isinstance(k, str) and json_ready(v) for k, v in value.items())
    if isinstance(value, list):
        return all(json_ready(v) for v in value)
    return isinstance(value, str | int | bool)


@pytest.mark.parametrize("difficulty", [1, 2, 3])
@pytest.mark.parametrize("skill_id", IDS)
def test_seeds_generate_round_trip_and_grade(skill_id, difficulty):
    for seed in range(SEEDS):
        question = questions.generate(skill_id, seed, difficulty)
        right = question.reference_answer()
        verdict = question.grade(right)
        assert verdict.correct and verdict.score == 1.0, (seed, right)
        assert json_ready(question.situation.to_json()), seed
        assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
        assert "Ordinance 15/96/M" in verdict.explanation or "HI-" in verdict.explanation
        mistaken = question.grade(wrong(question, right))
        assert not mistaken.correct and mistaken.score < 1.0, (seed, right)
        assert mistaken.expected == right
        if question.form.kind is AnswerKind.AMOUNT:
            assert isinstance(right, Decimal)
            assert question.grade(str(right)).correct  # typed as text


@pytest.mark.parametrize("skill_id", IDS)
def test_same_seed_same_question(skill_id):
    for seed in range(30):
        for difficulty in (1, 2, 3):
            a = questions.generate(skill_id, seed, difficulty)
            assert a.to_json() == questions.generate(skill_id, seed, difficulty).to_json()


@pytest.mark.parametrize("skill_id", IDS)
def test_a_house_that_rounds_commission_to_whole_patacas(skill_id):
    rules = HouseRules(commission_unit=Decimal(1))
    for seed in range(100):
        for difficulty in (1, 2, 3):
            question = questions.generate(skill_id, seed, difficulty, rules)
            right = question.reference_answer()
            assert question.grade(right).correct
            if question.form.kind is AnswerKind.AMOUNT:  # whole chips, whole commissions
                assert right == right.to_integral_value()
