"""Each sitting may have questions of its own, drawn when it starts, so that nobody can work
out an exam's questions beforehand from its seed or pass them on; an exam may still give
everyone the same questions."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

import questions
from tests.progress.test_exams import PARTS, sit
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import BundleSource
from trainer.progress.exams.sittings import (
    answer_exam_item,
    create_exam,
    exam_items,
    result_of,
    review_sitting,
    sitting_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import sign_in
from trainer.progress.storage.database import writing


def _exam(store, instructor, same: bool):
    return create_exam(store, instructor, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=same)


def test_each_sitting_has_questions_of_its_own_unless_the_exam_says_the_same(
        store, instructor, ana, bruno):
    own = _exam(store, instructor, same=False)
    first = start_sitting(store, ana, own.id)
    second = start_sitting(store, bruno, own.id)
    assert first.seed is not None and second.seed is not None and first.seed != second.seed
    assert sitting_items(own, first) != sitting_items(own, second) != exam_items(own)
    assert [i.skill for i in sitting_items(own, first)] != [] and len(
        sitting_items(own, first)) == own.questions
    same = _exam(store, instructor, same=True)
    third = start_sitting(store, ana, same.id)
    assert third.seed is None and sitting_items(same, third) == exam_items(same)


def test_a_sitting_is_answered_with_its_own_questions_only(store, instructor, ana):
    own = _exam(store, instructor, same=False)
    sitting = start_sitting(store, ana, own.id)
    theirs = exam_items(own)[0]  # the questions the exam's seed would give
    question = questions.generate(theirs.skill, theirs.seed, theirs.difficulty)
    with pytest.raises(ValueError, match="is not exam item 0"):
        answer_exam_item(store, ana, sitting.id, 0, question.to_json(), 1, False, 0.0, 1_000)
    mine = sitting_items(own, sitting)[0]
    question = questions.generate(mine.skill, mine.seed, mine.difficulty)
    answer_exam_item(store, ana, sitting.id, 0, question.to_json(), 1, False, 0.0, 1_000)
    assert [r.item for r in review_sitting(store, ana, sitting.id)] == list(
        sitting_items(own, sitting))


def test_a_sittings_seed_never_changes(store, instructor, ana):
    sitting = start_sitting(store, ana, _exam(store, instructor, same=False).id)
    with pytest.raises(sqlite3.IntegrityError, match="a sitting changes only by its submission"):
        with writing(store) as db:
            db.execute("UPDATE exam_sittings SET seed = seed + 1 WHERE id = ?", [sitting.id])


def test_a_sittings_own_questions_travel_and_are_graded_again_by_them(store, instructor, ana,
                                                                       other, tmp_path):
    own = _exam(store, instructor, same=False)
    sitting, at = sit(store, ana, own, right=lambda index: True,
                      at=datetime.now(UTC) - timedelta(minutes=30))
    submit_sitting(store, ana, sitting.id, at)
    everyone = export_bundle(store, instructor, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    import_bundle(desk, teacher, everyone, accept_instructors=("Mestre Lei",),
                  source=BundleSource())
    assert result_of(desk, sitting.id).passed
    ana_there = sign_in(desk, ana.person.id)
    assert [r.item.seed for r in review_sitting(desk, ana_there, sitting.id)] == [
        item.seed for item in sitting_items(own, sitting)]
