"""A chip form's situation: its typed skill's and the way the money goes, stored as one flat
object as before."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

import questions
from questions.chip_situation import InChipsSituation, in_chips_situation
from questions.model import Question
from questions.situation import Situation


@dataclasses.dataclass(frozen=True)
class Bet(Situation):
    stake: Decimal
    dice: tuple[int, ...]


def test_a_typed_skills_situation_is_read_as_its_type_beside_the_way():
    kind = in_chips_situation(Bet)
    stored = {"stake": "600", "dice": [3, 4], "in_chips": "collect"}
    situation = kind.from_json(stored)
    assert situation == kind(Bet(Decimal(600), (3, 4)), "collect")
    assert isinstance(situation, InChipsSituation) and situation.typed.dice == (3, 4)
    assert situation.to_json() == stored
    assert in_chips_situation(Bet) is kind  # one class per type: situations compare alike


def test_a_stored_situation_without_a_way_or_with_another_is_refused():
    kind = in_chips_situation(Bet)
    with pytest.raises(ValueError, match=r"BetInChips: missing keys \['in_chips'\]"):
        kind.from_json({"stake": "600", "dice": [3, 4]})
    with pytest.raises(ValueError, match=r"'give' is not one of \('pay', 'collect'"):
        kind.from_json({"stake": "600", "dice": [3, 4], "in_chips": "give"})
    with pytest.raises(ValueError, match=r"Bet: unknown keys \['place'\]"):
        kind.from_json({"stake": "600", "dice": [3, 4], "place": 2, "in_chips": "pay"})
    with pytest.raises(ValueError, match="expected an object, not list"):
        kind.from_json([1, 2])  # type: ignore[arg-type]  # what a damaged store could hold


@dataclasses.dataclass(frozen=True)
class Odd(Situation):
    in_chips: str


def test_a_typed_situation_that_has_a_way_of_its_own_is_not_written():
    situation = in_chips_situation(Odd)(Odd("pay"), "collect")
    with pytest.raises(ValueError, match="a typed situation has no 'in_chips' key"):
        situation.to_json()


@pytest.mark.parametrize("skill_id", [skill for skill in questions.skills()
                                      if skill.endswith("_in_chips")])
def test_every_chip_forms_question_reads_back_as_its_own_situation(skill_id):
    skill = questions.skill(skill_id)
    for level in (1, 3):
        question = questions.generate(skill_id, 4, level)
        assert type(question.situation) is skill.situation_type
        assert type(question.situation.typed) is (skill.typed.situation_type or dict)
        again = Question.from_json(question.to_json())
        assert again.situation == question.situation
        assert again.to_json() == question.to_json()
