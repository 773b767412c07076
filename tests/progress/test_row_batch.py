"""Rows that come without a bundle file (a school server's batch): anything but a mapping of
known tables to lists of rows is refused whole, in one sentence; their values are checked as
a bundle's, with the row's number."""

from __future__ import annotations

import pytest

from trainer.progress.bundles.format import BundleError, BundleLimits
from trainer.progress.bundles.rows import RowBatch

PERSON = {"id": "0b7e2a4c-9d1f-4e3a-8c5b-6a7d8e9f0a1b", "name": "Ana Lei", "role": "trainee",
          "language": None, "created_at": "2026-01-05T10:00:00.000Z"}
NOT_READ = "This batch of rows is not one this trainer reads"


@pytest.mark.parametrize("tables", [
    [("people", [PERSON])], "people", None, {"people": "Ana Lei"}, {"people": b"Ana"},
    {"people": [PERSON], "answers": []}, {"people": {"0": PERSON}}, {"people": 3}])
def test_anything_but_known_tables_of_row_lists_is_refused(tables):
    with pytest.raises(BundleError, match=NOT_READ):
        RowBatch(tables, with_instructors=False)


def test_known_tables_of_row_lists_are_read_and_the_missing_ones_are_empty():
    batch = RowBatch({"people": [PERSON], "sessions": ()}, with_instructors=True)
    assert batch.row_count == 1 and batch.tables["attempts"] == []
    assert [row for _line, row in batch.rows("people", check=True)] == [PERSON]


def test_a_batch_may_hold_as_many_rows_as_a_bundle_and_no_more():
    people = [PERSON] * 3
    assert RowBatch({"people": people}, with_instructors=False,
                    limits=BundleLimits(rows=3)).row_count == 3
    with pytest.raises(BundleError, match="holds more rows than a bundle may"):
        RowBatch({"people": people}, with_instructors=False, limits=BundleLimits(rows=2))


def test_a_bad_value_is_told_with_its_rows_number():
    batch = RowBatch({"people": [PERSON, PERSON | {"role": "owner"}]}, with_instructors=False)
    with pytest.raises(BundleError, match="people.jsonl, line 2, field “role”"):
        list(batch.rows("people", check=True))
    assert [line for line, _row in batch.rows("people", check=False)] == [1, 2]
