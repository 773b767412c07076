"""Whose a batch is (trainer/progress/school/senders.py), told field by field: every row must
be its sender's, and each sitting registered on the server for them with the same exam,
start and seed (real server; the desk's merge calls these on every inbox batch)."""

from __future__ import annotations

from datetime import UTC

import psycopg
import pytest

from tests.school.school import PASSWORD
from trainer.progress.bundles.format import BundleError
from trainer.progress.school.senders import by_trainee, check_sender
from trainer.progress.storage.values import stamp

ANA, EVE = "0a000000-0000-4000-8000-00000000000a", "0e000000-0000-4000-8000-00000000000e"
EXAM, SITTING = "0c000000-0000-4000-8000-00000000000c", "05000000-0000-4000-8000-000000000005"
NOT_REGISTERED = "not registered on the school server for them"


@pytest.fixture
def registered(school_setup):
    """A registration of Ana's sitting as the server keeps it (written as the server's
    owner would), and an instructor's connection that reads it, as the desk's merge does."""
    with psycopg.connect(school_setup.server.admin, autocommit=True) as admin:
        admin.execute("INSERT INTO shared_exams (id, title, created_by, created_at, seed, "
                      "time_limit_s, pass_percent, parts, house_rules, pin_required, change) "
                      "VALUES (%s, 'Check', %s, '2026-01-01T00:00:00.000Z', 1, 600, '60', "
                      "'[]', '{}', 0, 0)", [EXAM, EVE])
        admin.execute("ALTER TABLE exam_registrations DISABLE TRIGGER USER")
        started = admin.execute(
            "INSERT INTO exam_registrations (sitting_id, exam_id, person_id, seed) VALUES "
            "(%s, %s, %s, 42) RETURNING started_at", [SITTING, EXAM, ANA]).fetchone()[0]
        admin.execute("ALTER TABLE exam_registrations ENABLE TRIGGER USER")
    desk = school_setup.desk
    with psycopg.connect(desk.url, password=PASSWORD, autocommit=True) as connection:
        yield connection, {"id": SITTING, "exam_id": EXAM, "person_id": ANA,
                           "started_at": stamp(started.astimezone(UTC)), "seed": 42}


def _names(person: str) -> str:
    return {ANA: "Ana Lei", EVE: "Eve Chan"}[person]


def test_a_sitting_registered_for_its_sender_as_it_was_sat_is_taken(registered):
    connection, sitting = registered
    check_sender(connection, {"sittings": [sitting], "people": [{"id": ANA}]}, ANA, _names)


@pytest.mark.parametrize("field, value", [
    ("exam_id", "0d000000-0000-4000-8000-00000000000d"),
    ("started_at", "2020-01-01T00:00:00.000Z"),
    ("seed", 43), ("seed", None),
    ("id", "06000000-0000-4000-8000-000000000006"),  # a sitting never registered
])
def test_a_sitting_that_differs_from_its_registration_in_anything_is_refused(
        registered, field, value):
    connection, sitting = registered
    with pytest.raises(BundleError, match=f"exam sitting by Ana Lei that was {NOT_REGISTERED}"):
        check_sender(connection, {"sittings": [{**sitting, field: value}]}, ANA, _names)


def test_a_sitting_registered_for_someone_else_is_refused_even_as_theirs(registered):
    connection, sitting = registered
    with pytest.raises(BundleError, match=f"by Eve Chan that was {NOT_REGISTERED}"):
        check_sender(connection, {"sittings": [{**sitting, "person_id": EVE}]}, EVE, _names)


@pytest.mark.parametrize("table, row", [
    ("people", {"id": ANA}), ("attempts", {"person_id": ANA}),
    ("sessions", {"person_id": ANA}), ("exams", {"created_by": ANA}),
])
def test_any_row_of_someone_else_refuses_the_batch(registered, table, row):
    connection, _sitting = registered
    with pytest.raises(BundleError, match="sent for Eve Chan, holds rows of someone else"):
        check_sender(connection, {table: [row]}, EVE, _names)
    check_sender(connection, {table: [row]}, ANA, _names)  # hers: taken


def test_a_batch_without_a_sender_is_refused_and_a_shapeless_one_left_to_the_merge(
        registered):
    connection, _sitting = registered
    with pytest.raises(BundleError, match="sent without a trainee signed in"):
        check_sender(connection, {}, None, _names)
    for shapeless in ([], "x", {"attempts": "x"}, {"attempts": [1, "x"]}):
        check_sender(connection, shapeless, ANA, _names)  # the merge's own checks refuse it


def test_a_desktops_rows_are_split_by_their_trainee_and_the_others_held():
    tables = {"people": [{"id": ANA}, {"id": EVE}],
              "attempts": [{"person_id": ANA, "n": 1}, {"person_id": EVE, "n": 2},
                           {"person_id": ANA, "n": 3}]}
    sent, held = by_trainee(tables, {ANA: "token-a"})
    assert sent == [("token-a", {"people": [{"id": ANA}],
                                 "attempts": [{"person_id": ANA, "n": 1},
                                              {"person_id": ANA, "n": 3}]})]
    assert held == {"people": [{"id": EVE}], "attempts": [{"person_id": EVE, "n": 2}]}
    assert by_trainee({}, {ANA: "token-a"}) == ([], {})
