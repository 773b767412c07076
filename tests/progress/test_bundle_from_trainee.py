"""A trainee's bundle, imported for the one trainee the instructor names.

Without a server nothing a trainee's desktop writes proves who sat: the bundle holds that
trainee's own rows or is refused whole, whatever its manifest says, and its exam sittings
count nowhere until an instructor confirms them.
"""
# ruff: noqa: F811 - the trust tests' fixtures, imported by name as pytest finds them
import re

import pytest

from tests.progress.conftest import dump
from tests.progress.test_bundle_trust import (  # noqa: F401 - fixtures
    MALLORY,
    add_rows,
    desk,
    examinee,
    own,
    person_row,
    secret_row,
    set_manifest,
)
from tests.progress.test_bundles import edit_rows
from trainer.progress import Role
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import bundle_trainee, import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource
from trainer.progress.exams.confirmations import confirm_sitting
from trainer.progress.exams.sittings import exam_results
from trainer.progress.people.accounts import NotAllowed, delete_person, sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.school.outbox import read_outgoing
from trainer.progress.storage.database import connection, reading
from trainer.progress.storage.store import StoreError


def from_trainee(desk, path, person_id):
    other, teacher = desk
    return import_bundle(other, teacher, path, source=BundleSource.of_trainee(person_id))


def refused_from(desk, path, person_id, fragment):
    """Refused whole with one sentence holding ``fragment``; nothing written."""
    other, _teacher = desk
    before = dump(other.path)
    with pytest.raises(BundleError, match=re.escape(fragment)) as caught:
        from_trainee(desk, path, person_id)
    assert "Nothing was imported" in str(caught.value)
    assert dump(other.path) == before
    return caught.value


def test_a_trainees_own_bundle_imports_and_its_sitting_waits_for_a_confirmation(
        desk, own, examinee):
    other, teacher = desk
    summary = from_trainee(desk, own, examinee.id)
    assert summary.count("results") == summary.unconfirmed == 1
    assert "1 exam sitting was sat on a trainee desktop" in str(summary.message)
    assert other.person(examinee.id).role is Role.TRAINEE
    assert exam_results(other, teacher, person_id=examinee.id) == []
    [waiting] = exam_results(other, teacher, person_id=examinee.id, unconfirmed=True)
    assert build_report(leave_to_see(other, teacher, None)).exams == ()
    confirm_sitting(other, teacher, waiting.sitting_id)
    assert exam_results(other, teacher, person_id=examinee.id) == [waiting]
    assert exam_results(other, teacher, person_id=examinee.id, unconfirmed=True) == []
    assert [row.person.id for row in build_report(leave_to_see(other, teacher, None)).exams
            ] == [examinee.id]
    confirmed = connection(other).execute("SELECT confirmed_by, confirmed_at IS NOT NULL FROM "
                                 "unconfirmed_sittings").fetchall()
    assert confirmed == [(teacher.person.id, 1)]


def test_only_an_instructor_confirms_and_only_once(desk, own, examinee):
    other, teacher = desk
    from_trainee(desk, own, examinee.id)
    [waiting] = exam_results(other, teacher, person_id=examinee.id, unconfirmed=True)
    with pytest.raises(NotAllowed, match="Only an instructor"):
        confirm_sitting(other, sign_in(other, examinee.id), waiting.sitting_id)
    confirm_sitting(other, teacher, waiting.sitting_id)
    with pytest.raises(StoreError, match="not waiting for a confirmation"):
        confirm_sitting(other, teacher, waiting.sitting_id)


def test_the_same_bundle_from_an_instructors_desk_counts_at_once(desk, own, examinee):
    other, teacher = desk
    summary = import_bundle(other, teacher, own, source=INSTRUCTOR_DESK)
    assert summary.unconfirmed == 0 and "trainee desktop" not in str(summary.message)
    assert len(exam_results(other, teacher, person_id=examinee.id)) == 1


def test_an_unconfirmed_sitting_stays_on_this_desk_until_confirmed(desk, own, examinee,
                                                                    tmp_path):
    other, teacher = desk
    from_trainee(desk, own, examinee.id)
    [waiting] = exam_results(other, teacher, person_id=examinee.id, unconfirmed=True)
    everyone = export_bundle(other, teacher, tmp_path / "all.zip", with_instructors=True)
    assert everyone.count("sittings") == everyone.count("results") == 0
    assert 0 < everyone.count("attempts") < connection(other).execute(
        "SELECT count(*) FROM attempts").fetchone()[0]  # the sitting's answers stay too
    with reading(other) as db:
        out = read_outgoing(db, trusted=True)
    assert not out.tables.get("sittings") and not out.tables.get("results")
    assert all(row["sitting_id"] is None for row in out.tables["attempts"])
    confirm_sitting(other, teacher, waiting.sitting_id)
    with reading(other) as db:
        out = read_outgoing(db, trusted=True)
    assert [row["id"] for row in out.tables["sittings"]] == [waiting.sitting_id]
    assert len(out.tables["results"]) == 1
    assert {row["item_index"] for row in out.tables["attempts"] if row["sitting_id"]}
    everyone = export_bundle(other, teacher, tmp_path / "again.zip", with_instructors=True)
    assert everyone.count("sittings") == everyone.count("results") == 1


def test_a_source_is_whom_the_bundle_is_from_not_how_the_server_is_read():
    """The desk asks whether the instructor chose "an instructor's desk" by comparing the
    source with :data:`INSTRUCTOR_DESK`; the reader of the server's registrations, added
    afterwards, changes whom a bundle is from for no one."""
    def reader(sitting_ids):
        return {}

    assert BundleSource(None, reader) == INSTRUCTOR_DESK
    assert BundleSource.of_trainee("p1", reader) == BundleSource.of_trainee("p1")
    assert BundleSource.of_trainee("p1") not in (INSTRUCTOR_DESK, BundleSource.of_trainee("p2"))


def test_a_bundle_without_the_trainee_named_is_refused(desk, own, examinee, store):
    someone = next(p for p in store.people(Role.TRAINEE) if p.id != examinee.id)
    refused_from(desk, own, someone.id, f"does not hold the progress of {someone.id}")


def test_another_trainees_rows_are_refused_whatever_the_manifest_says(desk, own, examinee,
                                                                      tmp_path):
    forged = add_rows(own, tmp_path / "two.zip",
                      people=[person_row(MALLORY, "Mallory Lei", "trainee")])
    for manifest in (forged, set_manifest(forged, tmp_path / "everyone.zip", scope="everyone")):
        refused_from(desk, manifest, examinee.id,
                     f"only the progress of {examinee.name}, but it also holds other "
                     f"people's progress")
    session = {"id": "00000000-0000-4000-8000-0000000005e5", "person_id": MALLORY,
               "mode": "practice", "started_at": "2026-01-01T00:00:00.000Z", "ended_at": None}
    hers = add_rows(set_manifest(own, tmp_path / "e.zip", scope="everyone"),
                    tmp_path / "hers.zip",
                    people=[person_row(MALLORY, "Mallory Lei", "trainee")], sessions=[session])
    refused_from(desk, hers, examinee.id, "other people's progress")


def test_a_pin_an_instructor_or_instructor_data_are_refused(desk, own, examinee, tmp_path):
    pinned = add_rows(own, tmp_path / "pin.zip", pins=[secret_row(examinee.id, "1234")])
    refused_from(desk, pinned, examinee.id, "but it also holds PINs")
    teacher = add_rows(own, tmp_path / "teacher.zip",
                       people=[person_row(MALLORY, "Mallory", "instructor")],
                       credentials=[secret_row(MALLORY, "password")])
    refused_from(desk, set_manifest(teacher, tmp_path / "t.zip", scope="everyone",
                                    instructors=True),
                 examinee.id, "an instructor")


def test_a_trainees_bundle_claims_no_retakes(desk, own, examinee, tmp_path):
    other, _teacher = desk
    [exam_id] = [row[0] for row in connection(other).execute("SELECT id FROM exams")]
    claiming = set_manifest(own, tmp_path / "retakes.zip", instructors=True,
                            sittings_allowed={exam_id: 5})
    from_trainee(desk, claiming, examinee.id)
    assert connection(other).execute("SELECT count(*) FROM exam_terms").fetchone()[0] == 0


def test_a_deleted_trainees_rows_are_left_out_and_said(store, classroom, examinee, own):
    delete_person(store, classroom, examinee.id)
    summary = import_bundle(store, classroom, own, source=INSTRUCTOR_DESK)
    assert summary.skipped_deleted > 0 and summary.count("attempts") == 0
    assert (f"{summary.skipped_deleted} rows of people deleted on this desktop were left out"
            in str(summary.message))


def test_the_one_trainee_a_bundle_holds_is_offered_as_whom_it_is_from(desk, own, examinee,
                                                                       tmp_path):
    """A bundle of one trainee names them; one of nobody, of an instructor, or of several
    people names nobody (the instructor then says whom it is from)."""
    other, teacher = desk
    assert bundle_trainee(other, teacher, own) == (examinee.id, examinee.name)
    nobody = edit_rows(own, "people", lambda rows: [], tmp_path / "nobody.zip")
    assert bundle_trainee(other, teacher, nobody) is None
    instructor = edit_rows(own, "people", lambda rows: [
        person_row(MALLORY, "Mallory", "instructor")], tmp_path / "instructor.zip")
    assert bundle_trainee(other, teacher, instructor) is None
    two = add_rows(own, tmp_path / "two.zip", people=[person_row(MALLORY, "Mallory", "trainee")])
    assert bundle_trainee(other, teacher, two) is None


def test_the_trainee_offered_is_read_checked_and_no_further_than_a_second_person(
        desk, own, examinee, tmp_path):
    """Its people are read with every value checked (a bad value refuses it, as the import
    would); a bundle's second person ends the reading, so a bad third is never reached."""
    other, teacher = desk
    bad = {**person_row(MALLORY, "Mallory", "trainee"), "created_at": "yesterday"}
    alone = edit_rows(own, "people", lambda rows: [bad], tmp_path / "bad.zip")
    with pytest.raises(BundleError, match="created_at"):
        bundle_trainee(other, teacher, alone)
    third = add_rows(own, tmp_path / "third.zip", people=[
        person_row("00000000-0000-4000-8000-00000000cafe", "Carla Ho", "trainee"), bad])
    assert bundle_trainee(other, teacher, third) is None
