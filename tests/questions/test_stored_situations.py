"""Questions stored by the version before situations were typed read back as stored, and the
rules core still gives the answer it gave then (answers in bundles, exams and the desk's
replay are read from these JSON objects)."""

from __future__ import annotations

import dataclasses
import gzip
import json
from decimal import Decimal
from typing import Literal

import pytest

from questions.model import Question, jsonable, read_situation
from questions.situation import Situation, absent
from tests.questions.stored_questions import FILE


def _stored() -> list[dict[str, object]]:
    with gzip.open(FILE, "rt", encoding="utf-8") as rows:
        return [json.loads(row) for row in rows]


STORED = _stored()


@pytest.mark.parametrize("row", STORED, ids=lambda row: "{skill}/{seed}/{difficulty}".format(
    **row["question"]))
def test_a_stored_question_reads_back_as_stored_and_grades_as_then(row):
    question = Question.from_json(row["question"])
    assert question.to_json() == row["question"]
    assert jsonable(question.reference_answer()) == row["answer"]


def test_the_sample_holds_every_skill():
    import questions
    assert {row["question"]["skill"] for row in STORED} == set(questions.skills())


def test_a_situation_that_is_not_an_object_is_refused():
    with pytest.raises(ValueError, match="a situation is an object, not list"):
        read_situation("thirteen.rank_hands", [1, 2])


@dataclasses.dataclass(frozen=True)
class Dice(Situation):
    dice: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class Stake(Situation):
    stake: Decimal
    asked: int | None = absent()


def test_a_typed_situation_refuses_keys_it_does_not_have():
    assert Dice.from_json({"dice": [3, 4]}) == Dice((3, 4))
    assert Dice((3, 4)).to_json() == {"dice": [3, 4]}
    with pytest.raises(ValueError, match=r"Dice: unknown keys \['stack'\]"):
        Dice.from_json({"dice": [3, 4], "stack": 2})
    with pytest.raises(ValueError, match=r"Dice: missing keys \['dice'\]"):
        Dice.from_json({})


def test_a_field_some_situations_lack_is_left_out_when_none_and_read_back_as_none():
    assert Stake.from_json({"stake": "600"}) == Stake(Decimal(600))
    assert Stake(Decimal(600)).to_json() == {"stake": "600"}
    assert Stake(Decimal(600), 2).to_json() == {"stake": "600", "asked": 2}
    with pytest.raises(ValueError, match="'two' is not a int"):
        Stake.from_json({"stake": "600", "asked": "two"})


@dataclasses.dataclass(frozen=True)
class Offered(Situation):
    choices: tuple[int | Literal["foul-both"], ...]


def test_a_union_is_read_as_the_first_of_its_types_that_reads_the_value():
    assert Offered.from_json({"choices": [3, "foul-both"]}) == Offered((3, "foul-both"))
    with pytest.raises(ValueError, match=r"'foul-none' is not one of \('foul-both',\)"):
        Offered.from_json({"choices": [3, "foul-none"]})
