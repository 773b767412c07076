"""What a bundle's rows refer to must be in the bundle, and a sitting must end after it
starts (tests a mutation run asked for)."""

from __future__ import annotations

import json

from tests.progress.test_bundle_trust import MALLORY, add_rows
from tests.progress.test_bundles import edit_rows, members, refused


def _grant(bundle, person, set_by):
    return {"id": "00000000-0000-4000-8000-0000000000a1", "person_id": person,
            "percent": 25, "set_by": set_by, "set_at": "2025-02-01T10:00:00.000Z"}


def _people(bundle):
    rows = [json.loads(line) for line in members(bundle)["people.jsonl"].splitlines()]
    trainee = next(r["id"] for r in rows if r["role"] == "trainee")
    teacher = next(r["id"] for r in rows if r["role"] == "instructor")
    return trainee, teacher


def test_a_grant_for_someone_the_bundle_lacks_is_refused(bundle, other, tmp_path):
    trainee, teacher = _people(bundle)
    out = add_rows(bundle, tmp_path / "g1.zip", extra_time=[_grant(bundle, MALLORY, teacher)])
    refused(*other, out, f"refers to the person {MALLORY}, which it does not contain")


def test_a_grant_set_by_someone_the_bundle_lacks_is_refused(bundle, other, tmp_path):
    trainee, _teacher = _people(bundle)
    out = add_rows(bundle, tmp_path / "g2.zip", extra_time=[_grant(bundle, trainee, MALLORY)])
    refused(*other, out, f"refers to the person {MALLORY}, which it does not contain")


def test_a_sitting_ending_before_it_starts_is_a_bad_value(bundle, other, tmp_path):
    def backwards(rows):
        rows[0]["deadline_at"] = "2000-01-01T00:00:00.000Z"
        return rows
    refused(*other, edit_rows(bundle, "sittings", backwards, tmp_path / "s1.zip"),
            "field “deadline_at”")


def test_a_sitting_ending_as_it_starts_is_checked_for_its_time_not_its_field(bundle, other,
                                                                          tmp_path):
    def instant(rows):
        rows[0]["deadline_at"] = rows[0]["started_at"]
        return rows
    error = refused(*other, edit_rows(bundle, "sittings", instant, tmp_path / "s2.zip"),
                    "does not last the exam's time")
    assert "deadline_at" not in str(error)
