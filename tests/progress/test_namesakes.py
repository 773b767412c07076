"""Trainees with the same name (made on two desktops offline): listed, and merged by an
instructor into the first made, their practice copied and the other record deleted."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from tests.progress.conftest import answered
from tests.progress.test_exams import exam, sit  # noqa: F401 - the exam fixture
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.people.namesakes import merge_namesake, namesakes
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.ledger import (
    end_session,
    record_attempt,
    start_session,
    stored_attempts,
)
from trainer.progress.storage.store import Role, StoreError


def namesake(store, name, created_at):
    """A trainee as a sync brings one made on another desktop (past the name check)."""
    person_id = str(uuid.uuid4())
    with writing(store) as db:
        db["people"].insert({"id": person_id, "name": name, "role": Role.TRAINEE.value,
                             "language": None, "created_at": created_at})
    return store.person(person_id)


def practise(store, person, count, skill="thirteen.first_seat"):
    session = start_session(store, person.id, "practice")
    for n in range(count):
        record_attempt(store, person.id, session, *answered(skill, seed=n, right=n % 2 == 0),
                             900)
    end_session(store, session)


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
    before = {a.id for a in stored_attempts(store, gone.id)}
    assert merge_namesake(store, instructor, keep.id, gone.id) == 3
    kept = stored_attempts(store, keep.id)
    assert len(kept) == 5 and not before & {a.id for a in kept}
    assert gone.id not in {p.id for p in store.people()}
    assert connection(store).execute("SELECT count(*) FROM sessions WHERE person_id = ?",
                            [keep.id]).fetchone()[0] == 2
    assert connection(store).execute("SELECT count(*) FROM deleted_people WHERE person_id = ?",
                            [gone.id]).fetchone()[0] == 1
    [summary] = connection(store).execute("SELECT attempts FROM skill_stats WHERE person_id = ?",
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


def _copy(store, path):
    """Another desktop that holds what this one holds now."""
    import sqlite3

    from trainer.progress import Store
    target = sqlite3.connect(path)
    connection(store).conn.backup(target)
    target.close()
    return Store(path)


def _ids(store, person):
    return sorted(a.id for a in stored_attempts(store, person.id))


def test_practice_given_to_a_merged_record_elsewhere_follows_it(store, instructor, tmp_path):
    """Another desktop had the merged record and kept practising on it before it heard of
    the merge: its bundle brings that practice to the person kept, and what the merge had
    copied already is found already here, not copied twice."""
    from trainer.progress.bundles.export import export_bundle
    from trainer.progress.bundles.importing import import_bundle
    from trainer.progress.people.accounts import sign_in
    from trainer.progress.people.namesakes import forwarded_id

    keep = namesake(store, "Ana Lei", "2026-01-01T10:00:00.000Z")
    gone = namesake(store, "Ana Lei", "2026-02-01T10:00:00.000Z")
    practise(store, keep, 2)
    practise(store, gone, 3)
    with _copy(store, tmp_path / "elsewhere.sqlite3") as elsewhere:
        practise(elsewhere, gone, 4, skill="three_card.order")
        everything = _ids(elsewhere, gone)
        bundle = export_bundle(elsewhere, sign_in(elsewhere, gone.id), tmp_path / "ana.zip",
                               gone.id).path
    assert merge_namesake(store, instructor, keep.id, gone.id) == 3
    summary = import_bundle(store, instructor, bundle, source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == 4 and summary.already_here >= 3
    kept = _ids(store, keep)
    assert len(kept) == 2 + 3 + 4 == len(set(kept))
    assert {forwarded_id(a) for a in everything} <= set(kept)
    assert stored_attempts(store, gone.id) == [] and gone.id not in {p.id for p in store.people()}
    assert connection(store).execute("SELECT count(*) FROM sessions WHERE person_id = ?",
                            [keep.id]).fetchone()[0] == 3
    stats = dict(connection(store).execute(
            "SELECT skill, attempts FROM skill_stats WHERE person_id = ?",
                                  [keep.id]).fetchall())
    assert stats == {"thirteen.first_seat": 5, "three_card.order": 4}
    again = import_bundle(store, instructor, bundle, source=INSTRUCTOR_DESK)
    assert again.count("attempts") == 0 and _ids(store, keep) == kept


def test_practice_follows_a_trainee_merged_twice(store, instructor, tmp_path):
    from trainer.progress.bundles.export import export_bundle
    from trainer.progress.bundles.importing import import_bundle
    from trainer.progress.people.accounts import sign_in

    first = namesake(store, "Ana Lei", "2026-01-01T10:00:00.000Z")
    second = namesake(store, "Ana Lei", "2026-02-01T10:00:00.000Z")
    third = namesake(store, "ana lei", "2026-03-01T10:00:00.000Z")
    practise(store, third, 2)
    with _copy(store, tmp_path / "elsewhere.sqlite3") as elsewhere:
        practise(elsewhere, third, 3)
        bundle = export_bundle(elsewhere, sign_in(elsewhere, third.id), tmp_path / "ana.zip",
                               third.id).path
    merge_namesake(store, instructor, second.id, third.id)
    merge_namesake(store, instructor, first.id, second.id)
    assert len(stored_attempts(store, first.id)) == 2
    import_bundle(store, instructor, bundle, source=INSTRUCTOR_DESK)
    assert len(stored_attempts(store, first.id)) == 5 == len(set(_ids(store, first)))
    assert connection(store).execute(
            "SELECT merged_into FROM deleted_people ORDER BY merged_into = ?",
                            [first.id]).fetchall() == [(second.id,), (first.id,)]


def test_practice_of_a_trainee_deleted_not_merged_is_dropped(store, instructor, tmp_path):
    from trainer.progress.bundles.export import export_bundle
    from trainer.progress.bundles.importing import import_bundle
    from trainer.progress.people.accounts import delete_person, sign_in

    gone = namesake(store, "Ana Lei", "2026-02-01T10:00:00.000Z")
    with _copy(store, tmp_path / "elsewhere.sqlite3") as elsewhere:
        practise(elsewhere, gone, 3)
        bundle = export_bundle(elsewhere, sign_in(elsewhere, gone.id), tmp_path / "ana.zip",
                               gone.id).path
    delete_person(store, instructor, gone.id)
    summary = import_bundle(store, instructor, bundle, source=INSTRUCTOR_DESK)
    assert summary.count("attempts") == 0 and summary.skipped_deleted >= 3
    for table in ("attempts", "skill_stats", "weekly_stats"):  # nor their summaries
        assert connection(store).execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table
