"""Trainees with the same name (made on two desktops offline): listed, and merged by an
instructor into the first made, their practice copied and the other record deleted."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from tests.progress.conftest import question
from tests.progress.test_exams import exam, sit  # noqa: F401 - the exam fixture
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.people.namesakes import merge_namesake, namesakes
from trainer.progress.store import Role, StoreError


def namesake(store, name, created_at):
    """A trainee as a sync brings one made on another desktop (past the name check)."""
    person_id = str(uuid.uuid4())
    with store.write() as db:
        db["people"].insert({"id": person_id, "name": name, "role": Role.TRAINEE.value,
                             "language": None, "created_at": created_at})
    return store.person(person_id)


def practise(store, person, count, skill="thirteen.first_seat"):
    session = store.start_session(person.id, "practice")
    for n in range(count):
        store.record_attempt(person.id, session, question(skill, seed=n), 1, n % 2 == 0,
                             float(n % 2 == 0), 900)
    store.end_session(session)


def test_names_told_apart_as_names_are_make_namesakes_oldest_first(store):
    later = namesake(store, "ana  LEI", "2026-02-01T10:00:00.000Z")
    first = namesake(store, "Ana Lei", "2026-01-01T10:00:00.000Z")
    namesake(store, "Bruno Chan", "2026-01-01T10:00:00.000Z")
    assert namesakes(store) == [(first, later)]


def test_a_merge_copies_the_practice_with_new_ids_and_deletes_the_other(store, instructor):
    keep = namesake(store, "Ana Lei", "2026-01-01T10:00:00.000Z")
    gone = namesake(store, "Ana Lei", "2026-02-01T10:00:00.000Z")
    practise(store, keep, 2)
    practise(store, gone, 3)
    before = {a.id for a in store.attempts(gone.id)}
    assert merge_namesake(store, instructor, keep.id, gone.id) == 3
    kept = store.attempts(keep.id)
    assert len(kept) == 5 and not before & {a.id for a in kept}
    assert gone.id not in {p.id for p in store.people()}
    assert store.db.execute("SELECT count(*) FROM sessions WHERE person_id = ?",
                            [keep.id]).fetchone()[0] == 2
    assert store.db.execute("SELECT count(*) FROM deleted_people WHERE person_id = ?",
                            [gone.id]).fetchone()[0] == 1
    [summary] = store.db.execute("SELECT attempts FROM skill_stats WHERE person_id = ?",
                                 [keep.id]).fetchall()
    assert summary[0] == 5
    assert namesakes(store) == []


def test_only_an_instructor_merges_and_only_two_trainees_of_one_name(store, instructor, ana):
    keep = namesake(store, "Chan Tai Man", "2026-01-01T10:00:00.000Z")
    gone = namesake(store, "Chan Tai Man", "2026-02-01T10:00:00.000Z")
    with pytest.raises(NotAllowed, match="Only an instructor"):
        merge_namesake(store, ana, keep.id, gone.id)
    for pair in ((keep.id, keep.id), (keep.id, ana.person.id),
                 (keep.id, instructor.person.id)):
        with pytest.raises(StoreError, match="Only two trainees with the same name"):
            merge_namesake(store, instructor, *pair)


def test_an_instructor_of_the_same_name_is_never_merged_with_a_trainee(store, instructor):
    trainee = namesake(store, instructor.person.name, "2026-01-01T10:00:00.000Z")
    for pair in ((trainee.id, instructor.person.id), (instructor.person.id, trainee.id)):
        with pytest.raises(StoreError, match="Only two trainees with the same name"):
            merge_namesake(store, instructor, *pair)
    assert {trainee.id, instructor.person.id} <= {p.id for p in store.people()}


def test_a_trainee_who_sat_an_exam_is_kept_and_the_other_merged_into_them(store, instructor,
                                                                          exam):  # noqa: F811
    from trainer.progress.people.accounts import sign_in

    keep = namesake(store, "Ana Lei", "2026-01-01T10:00:00.000Z")
    sat = namesake(store, "Ana Lei", "2026-02-01T10:00:00.000Z")
    sit(store, sign_in(store, sat.id), exam, lambda index: True,
        at=datetime.now(UTC) - timedelta(minutes=5))
    with pytest.raises(StoreError, match="a sitting stays with its trainee"):
        merge_namesake(store, instructor, keep.id, sat.id)
    assert merge_namesake(store, instructor, sat.id, keep.id) == 0
    assert [p.id for p in store.people(Role.TRAINEE)] == [sat.id]
