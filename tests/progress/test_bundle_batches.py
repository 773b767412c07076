"""A bundle is checked a batch at a time: the batch says exactly what row by row would say.

The values of a batch are checked a column at a time, and answers are indexed a batch at a
time; anything off and the batch is gone through row by row, which names the first bad
row. Answers already here, the same values of the same types, are not checked again.
"""

from __future__ import annotations

import collections
import json
import math

import pytest

from tests.progress.test_bundles import DEMO, edit_rows, members, refused, write
from trainer.progress.bundles import archive, index
from trainer.progress.bundles.archive import BundleArchive
from trainer.progress.bundles.format import (
    COLUMNS,
    TABLES,
    BundleError,
    BundleLimits,
    checked_row,
    every,
    valid_rows,
)
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK

UUID = "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b"
#: Values of every kind, at the checks' edges, beside each column's own values.
ODD = [None, True, False, 0, 1, 2, -1, 4, 5, 2**63, 1.0, 0.5, 1.5, -0.0, math.nan, math.inf,
       "", " ", "x", "a b", "a  b", "\x00", "a\nb", "é", "1", "100", "[]", "{}", "{bad",
       "[" * 2000 + "]" * 2000, "x" * 300, [], {}, [1], {"a": 1}, UUID, UUID.upper(),
       UUID + "\n", "2026-01-01T10:00:00.000Z", "2026-02-29T10:00:00.000Z",
       "1999-12-31T23:59:59.999Z", "2999-01-01T00:00:00.000Z", "2026-01-01T24:00:00.000Z",
       "thirteen.first_seat", "Thirteen.first_seat", "three_card", "ab", "0a1b"]


def _rows(bundle):
    with BundleArchive(bundle, BundleLimits()) as archive:
        return {table: [row for _line, row in archive.rows(table, check=True)]
                for table in TABLES}


def _passes(table, row) -> bool:
    try:
        checked_row(table, 1, row)
    except BundleError:
        return False
    return True


@pytest.mark.parametrize("table", TABLES)
def test_a_columns_check_at_once_says_what_each_value_alone_says(bundle, table):
    rows = _rows(bundle)[table]
    for name, check in COLUMNS[table].items():
        pool = [row[name] for row in rows[:3]] + ODD
        assert every(check, [])
        for value in pool:
            alone = check(value)
            assert every(check, [value]) is alone, (table, name, value)
            assert every(check, [*pool[:1], value, *pool[:1]]) is (alone and check(pool[0]))


#: The tables of which the demo bundle has rows (it grants no extra time and sets no PIN).
FILLED = [table for table in TABLES if table not in ("pins", "extra_time")]


@pytest.mark.parametrize("table", FILLED)
def test_rows_checked_at_once_pass_only_if_each_passes_alone(bundle, table):
    rows = _rows(bundle)[table]
    assert rows and valid_rows(table, rows) and valid_rows(table, [])
    first = rows[0]
    for name in COLUMNS[table]:
        for value in [row[name] for row in rows[:3]] + ODD:
            changed = first | {name: value}
            assert valid_rows(table, [*rows[1:4], changed]) is _passes(table, changed), (
                table, name, value)
    renamed = {("x" if k == next(iter(first)) else k): v for k, v in first.items()}
    shapes = [{k: v for k, v in first.items() if k != next(iter(first))}, first | {"x": 1},
              renamed, [first], "row", None, collections.OrderedDict(first)]
    assert len(renamed) == len(first)  # as many keys, one of them not a column
    for shape in shapes:
        assert not valid_rows(table, [*rows[1:4], shape])


def test_a_stored_question_checked_at_once_as_alone(bundle):
    rows = _rows(bundle)["attempts"]
    first = rows[0]
    question = json.loads(first["question_json"])
    for change in ({"seed": question["seed"] + 1}, {"skill": "mahjong.tiles"},
                   {"difficulty": 3 if question["difficulty"] != 3 else 2},
                   {"version": "1"}, {"version": None}):
        changed = first | {"question_json": json.dumps(question | change)}
        assert not valid_rows("attempts", [*rows[1:4], changed]) and not _passes(
            "attempts", changed)
    for changed in (first | {"game": "mahjong"}, first | {"item_index": 0},
                    first | {"correct": 1 - first["correct"]}, first | {"question_json": "[]"}):
        assert not valid_rows("attempts", [*rows[1:4], changed])
        assert not _passes("attempts", changed)


@pytest.fixture
def small_batches(monkeypatch):
    monkeypatch.setattr(index, "READ_BATCH", 50)


@pytest.mark.parametrize("at", [0, 49, 50, 51, 130, -1])
@pytest.mark.parametrize(("field", "value"), [
    ("score", 2.5), ("correct", True), ("id", "1234"), ("answered_at", "yesterday"),
    ("answer_json", "{not json"), ("rating", 9)])
def test_a_bad_answer_anywhere_is_said_by_its_line(bundle, other, tmp_path, small_batches, at,
                                                   field, value):
    lines = []

    def spoil(rows):
        rows[at][field] = value
        lines.append(at % len(rows) + 1)
        return rows
    path = edit_rows(bundle, "attempts", spoil, tmp_path / "bad.zip")
    refused(*other, path, f"attempts.jsonl, line {lines[0]}, field “{field}”")


@pytest.mark.parametrize("bad_first", [True, False])
def test_of_two_faults_in_a_batch_the_first_row_is_said(bundle, other, tmp_path, bad_first):
    def spoil(rows):
        rows[70 if bad_first else 80]["score"] = 7
        rows[80 if bad_first else 70]["session_id"] = UUID
        return rows
    path = edit_rows(bundle, "attempts", spoil, tmp_path / "two.zip")
    refused(*other, path, "line 71, field “score”" if bad_first else f"the session {UUID}")


def test_an_answer_twice_in_one_batch_or_two_is_said(bundle, other, tmp_path, small_batches):
    for copy_at in (10, 60):
        path = edit_rows(bundle, "attempts", lambda rows, at=copy_at: [
            *rows[:at], rows[5], *rows[at:]], tmp_path / f"twice{copy_at}.zip")
        refused(*other, path, "appears twice")


def test_an_answer_here_twice_in_two_batches_is_said(bundle, other, tmp_path, small_batches):
    """The answers' ids are noted in the staging database, those found here too."""
    desk, teacher = other
    import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    path = edit_rows(bundle, "attempts", lambda rows: [*rows[:60], rows[5], *rows[60:]],
                     tmp_path / "twice.zip")
    refused(desk, teacher, path, f"The answer {members_row(path, 61)} appears twice")


def members_row(path, line):
    """The id of the answer on ``line`` of the bundle at ``path``."""
    return json.loads(members(path)["attempts.jsonl"].splitlines()[line - 1])["id"]


@pytest.mark.parametrize("twice_first", [True, False])
def test_of_an_answer_twice_and_a_bad_value_in_other_batches_the_first_is_said(
        bundle, other, tmp_path, small_batches, twice_first):
    def spoil(rows):
        rows = [*rows[:60], dict(rows[5]), *rows[60:]]  # line 61 repeats line 6
        rows[120 if twice_first else 30]["score"] = 7
        return rows
    path = edit_rows(bundle, "attempts", spoil, tmp_path / "two.zip")
    refused(*other, path, "appears twice" if twice_first else "line 31, field “score”")


@pytest.mark.parametrize("twice_first", [True, False])
def test_an_answer_twice_before_an_exam_answer_that_is_off_is_said_first(
        bundle, other, tmp_path, small_batches, twice_first):
    """An exam answer is checked as its batch is indexed at once, before the answers read in
    earlier batches are looked for: one of those before it is still said first."""
    def spoil(rows):
        exam = next(n for n, row in enumerate(rows) if n > 60 and row["sitting_id"])
        rows[exam]["sitting_id"] = UUID
        at = exam if twice_first else exam + 1
        return [*rows[:at], dict(rows[5]), *rows[at:]]
    path = edit_rows(bundle, "attempts", spoil, tmp_path / "exam.zip")
    refused(*other, path, "appears twice" if twice_first else f"the exam sitting {UUID}")


def test_an_answer_here_with_a_value_of_another_type_is_still_checked(bundle, other, tmp_path,
                                                                     small_batches):
    desk, teacher = other
    first = import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    again = import_bundle(desk, teacher, bundle, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert sum(n for _t, n in again.added) == 0
    assert again.already_here == sum(n for _t, n in first.added)

    def as_true(rows):
        rows[60]["correct"] = bool(rows[60]["correct"])
        return rows
    refused(desk, teacher, edit_rows(bundle, "attempts", as_true, tmp_path / "true.zip"),
            "attempts.jsonl, line 61, field “correct”")

    def other_time(rows):
        rows[60]["response_ms"] += 1
        return rows
    refused(desk, teacher, edit_rows(bundle, "attempts", other_time, tmp_path / "ms.zip"),
            "differs from the one on this desktop")


@pytest.mark.parametrize("piece", [16, 4096, 1 << 20], ids=["a line a piece", "a few",
                                                              "all of them"])
@pytest.mark.parametrize("at", [0, 49, 50, 51, 130, -1])
def test_a_line_that_is_no_json_is_said_by_its_line(bundle, other, tmp_path, small_batches,
                                                    monkeypatch, piece, at):
    """The lines of a piece of the file are read at once; the one that cannot be read is
    named by its line wherever it falls, in a piece and in a batch."""
    monkeypatch.setattr(archive, "_PIECE", piece)
    contents = members(bundle)
    lines = contents["attempts.jsonl"].splitlines(keepends=True)
    line = at % len(lines) + 1
    lines[at] = lines[at][:40] + b"\n"  # cut short: no JSON
    contents["attempts.jsonl"] = b"".join(lines)
    refused(*other, write(tmp_path / "cut.zip", contents),
            f"attempts.jsonl, line {line}, field “—”")


@pytest.mark.parametrize("piece", [16, 1 << 20])
def test_a_bad_value_before_a_line_that_is_no_json_is_said_first(bundle, other, tmp_path,
                                                                monkeypatch, piece):
    monkeypatch.setattr(archive, "_PIECE", piece)
    contents = members(bundle)
    lines = contents["attempts.jsonl"].splitlines(keepends=True)
    row = json.loads(lines[60]) | {"rating": 9}
    lines[60] = (json.dumps(row) + "\n").encode()
    lines[62] = b"{\n"
    contents["attempts.jsonl"] = b"".join(lines)
    refused(*other, write(tmp_path / "two.zip", contents),
            "attempts.jsonl, line 61, field “rating”")
