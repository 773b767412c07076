"""What a reader needs of each stored column (:mod:`trainer.progress.storage.damage`), edge by edge:
the last value a program of ours could write is read, the next one is named as damaged."""

import math

import pytest

from tests.progress.conftest import damage, question
from trainer.progress.storage.damage import ANSWER, RESULT, WEEK, damaged_answers, damaged_column
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import record_attempt

MOST = 2**63 - 1  # SQLite's largest integer
DAY_MS = 24 * 3_600_000
#: An answer at the upper edge of every column.
HIGHEST = {"id": "a" * 200, "person_id": "p" * 200, "answered_at": "2025-03-01T09:00:00.000Z",
           "game": "g" * 200, "skill": "s" * 200, "difficulty": 1000, "seed": MOST,
           "question_json": "{}", "answer_json": "null", "correct": 1, "score": 1.0,
           "response_ms": DAY_MS, "sitting_id": "t" * 200, "item_index": MOST}
#: The same answer at the lower edge of every column.
LOWEST = HIGHEST | {"id": "a", "person_id": "p", "game": "g", "skill": "s", "difficulty": 0,
                    "seed": 0, "correct": 0, "score": 0, "response_ms": 0, "sitting_id": None,
                    "item_index": 0}
RESULT_ROW = {"sitting_id": "s" * 200, "person_id": "p" * 200,
              "submitted_at": "2025-03-01T09:30:00.000Z", "questions": MOST, "correct": 0,
              "score_percent": "100", "passed": 1, "duration_ms": 0, "title": "t" * 1000,
              "created_at": "2025-03-01T09:00:00.000Z"}


def test_answers_at_the_edges_of_every_column_are_sound():
    assert damaged_column(ANSWER, HIGHEST) == "—"
    assert damaged_column(ANSWER, LOWEST) == "—"


@pytest.mark.parametrize(("column", "value"), [
    ("id", "a" * 201), ("person_id", "p" * 201), ("game", "g" * 201), ("skill", "s" * 201),
    ("sitting_id", "t" * 201), ("difficulty", 1001), ("difficulty", -1), ("seed", MOST + 1),
    ("seed", -1), ("item_index", MOST + 1), ("correct", 2), ("correct", True),
    ("score", 1.0000001), ("score", -0.0001), ("score", math.nan), ("score", "1"),
    ("score", True), ("response_ms", DAY_MS + 1), ("response_ms", -1),
    ("question_json", '{"skill": '), ("question_json", 1), ("answer_json", "no"),
    ("answered_at", "2025-02-30T09:00:00.000Z")])
def test_an_answer_one_past_an_edge_names_that_column(column, value):
    assert damaged_column(ANSWER, HIGHEST | {column: value}) == column


def test_only_the_columns_a_reader_has_are_checked_and_the_first_damaged_is_named():
    assert damaged_column(ANSWER, {"score": 0.5, "correct": 1}) == "—"
    assert damaged_column(ANSWER, {"score": 2.0, "correct": 7}) == "correct"  # ANSWER's order


def test_results_at_the_edges_are_sound_and_one_past_names_the_column():
    assert damaged_column(RESULT, RESULT_ROW) == "—"
    assert damaged_column(RESULT, RESULT_ROW | {"score_percent": "0", "passed": 0}) == "—"
    for column, value in [("sitting_id", "s" * 201), ("person_id", "p" * 201),
                          ("title", "t" * 1001), ("passed", 2), ("questions", MOST + 1),
                          ("duration_ms", -1), ("score_percent", "100.1"),
                          ("score_percent", "-0.1"), ("score_percent", "150"),
                          ("score_percent", "nan"), ("score_percent", "inf"),
                          ("score_percent", "ab"), ("score_percent", 87.5)]:
        assert damaged_column(RESULT, RESULT_ROW | {column: value}) == column, (column, value)


@pytest.mark.parametrize(("week", "sound"), [("2025-03-03", True), ("2025-02-30", False),
                                             ("week 9", False), (20250303, False)])
def test_a_weeks_figures_need_a_day_for_their_week(week, sound):
    row = {"week": week, "attempts": 1, "correct": 0, "total_ms": 0}
    assert (damaged_column(WEEK, row) == "—") is sound


def test_damaged_answers_are_named_by_their_id_and_column(store, ana):
    kept, broken = (record_attempt(store, ana.person.id, None, question(seed=n), 1, True, 1.0,
                                         900) for n in range(2))
    damage(store.path, "UPDATE attempts SET response_ms = -1 WHERE id = ?", [broken])
    assert [str(m) for m in damaged_answers(connection(store), "person_id = ?",
            [ana.person.id])] == [
        f"The answer {broken} in the progress database is damaged (response_ms); it was "
        "skipped."]
    assert kept != broken
