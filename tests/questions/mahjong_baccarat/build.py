"""Questions on a situation written by hand, and wrong answers made from right ones."""

from decimal import Decimal

import questions
from questions import AnswerKind, Question
from questions.registry import skill
from tests.questions.mutations import mutate
from trainer.rules.house import HouseRules


def question(skill_id, situation, difficulty=2, rules=None):
    """The question a skill asks about ``situation`` (prompt and form rebuilt from it),
    written as it is stored (a JSON object, read as the skill's type) or typed."""
    asked = skill(skill_id)
    if isinstance(situation, dict):
        situation = asked.situation_type.from_json(situation)
    return Question(skill_id, 0, difficulty, situation, asked.prompt(situation, difficulty),
                    asked.form(situation), rules or HouseRules())


def wrong(question_, right):
    """An answer that differs from ``right`` in the smallest way the form allows."""
    kind = question_.form.kind
    values = [option.value for option in question_.form.options]
    if kind is AnswerKind.CHOICE:
        return next(value for value in values if value != right)
    if kind is AnswerKind.CHOICES:
        return frozenset(right) ^ {values[0]}
    if kind is AnswerKind.RULING:  # one reason more or less
        return {**right, "reasons": frozenset(right["reasons"])
                ^ {question_.form.reasons[0].value}}
    if kind in (AnswerKind.CHIPS, AnswerKind.WALK):  # one smallest chip more
        return mutate(question_, right)
    return right + Decimal("0.01")


def generate(skill_id, seed, difficulty, rules=None):
    return questions.generate(skill_id, seed, difficulty, rules)
