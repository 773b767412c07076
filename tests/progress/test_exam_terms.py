"""An exam's terms: who sits it, retakes (the best result counts), closing early, and
editing an exam nobody has sat (its new version takes its place)."""

from __future__ import annotations

import json
import zipfile
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from tests.progress.test_exams import PARTS, sit
from trainer.progress import StoreError
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.exams.sittings import (
    create_exam,
    edit_exam,
    exams,
    exams_for,
    start_sitting,
    submit_sitting,
)
from trainer.progress.exams.terms import (
    ExamTerms,
    all_terms,
    close_exam,
    set_terms,
    terms_of,
)
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.people.classes import create_class, remove_class
from trainer.progress.records import write_record
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.values import stamp

NOW = datetime.now(UTC).replace(microsecond=0)


@pytest.fixture
def exam(store, instructor):
    return create_exam(store, instructor, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True)


def sit_and_submit(store, actor, exam, at=NOW):
    sitting, end = sit(store, actor, exam, lambda i: i % 2 == 0, at)
    return submit_sitting(store, actor, sitting.id, end)


def test_an_exam_without_terms_is_for_everyone_once(store, exam, ana):
    assert terms_of(connection(store), exam.id) == ExamTerms()
    assert [e.id for e in exams_for(store, ana)] == [exam.id]
    sit_and_submit(store, ana, exam)
    with pytest.raises(StoreError, match="already sat this exam"):
        start_sitting(store, ana, exam.id, NOW + timedelta(hours=1))


def test_an_exam_set_for_a_class_is_for_its_members_only(store, instructor, exam, ana, bruno):
    march = create_class(store, instructor, "March", (ana.person.id,))
    set_terms(store, instructor, exam.id, (march.id,), 1)
    assert [e.id for e in exams_for(store, ana)] == [exam.id]
    assert exams_for(store, bruno) == []
    with pytest.raises(StoreError, match="not set for you"):
        start_sitting(store, bruno, exam.id, NOW)
    set_terms(store, instructor, exam.id, (march.id, bruno.person.id), 1)
    assert start_sitting(store, bruno, exam.id, NOW).person_id == bruno.person.id
    remove_class(store, instructor, march.id)
    with pytest.raises(StoreError, match="not set for you"):
        start_sitting(store, ana, exam.id, NOW)


def test_retakes_are_allowed_as_the_terms_say(store, instructor, exam, ana):
    set_terms(store, instructor, exam.id, (), 2)
    first = sit_and_submit(store, ana, exam)
    second = sit_and_submit(store, ana, exam, NOW + timedelta(hours=1))
    assert first.sitting_id != second.sitting_id
    with pytest.raises(StoreError, match="sat this exam 2 times, as many as allowed"):
        start_sitting(store, ana, exam.id, NOW + timedelta(hours=2))


def test_an_open_sitting_is_handed_back_not_retaken(store, instructor, exam, ana):
    set_terms(store, instructor, exam.id, (), 3)
    sitting = start_sitting(store, ana, exam.id, NOW)
    assert start_sitting(store, ana, exam.id, NOW + timedelta(minutes=1)) == sitting


def test_terms_are_checked(store, instructor, exam, ana):
    with pytest.raises(StoreError, match="from 1 to 10 times"):
        set_terms(store, instructor, exam.id, (), 0)
    with pytest.raises(StoreError, match="from 1 to 10 times"):
        set_terms(store, instructor, exam.id, (), 11)
    assert set_terms(store, instructor, exam.id, (), 10).sittings_allowed == 10
    with pytest.raises(StoreError, match="assigned to classes and trainees"):
        set_terms(store, instructor, exam.id, (instructor.person.id,), 1)
    with pytest.raises(NotAllowed, match="instructor"):
        set_terms(store, ana, exam.id, (), 5)
    with pytest.raises(StoreError, match="not in the database"):
        set_terms(store, instructor, "0" * 8 + "-0000-4000-8000-" + "0" * 12, (), 1)


def test_closing_early_stops_new_sittings_not_those_started(store, instructor, exam, ana, bruno):
    started = start_sitting(store, ana, exam.id, NOW - timedelta(minutes=1))
    close_exam(store, instructor, exam.id, NOW)
    assert start_sitting(store, ana, exam.id, NOW + timedelta(minutes=1)) == started
    with pytest.raises(StoreError, match="This exam closed on"):
        start_sitting(store, bruno, exam.id, NOW)
    with pytest.raises(StoreError, match="closed already"):
        close_exam(store, instructor, exam.id, NOW + timedelta(seconds=1))


def test_a_closing_time_to_come_may_be_brought_forward(store, instructor, ana):
    later = create_exam(store, instructor, "Later", PARTS, seed=1, time_limit_s=600,
                        pass_percent=Decimal(60), closes=NOW + timedelta(days=2),
                        same_questions=True)
    close_exam(store, instructor, later.id, NOW)
    assert terms_of(connection(store), later.id).closes_at(later.closes_at) == terms_of(
        connection(store), later.id).closed_at
    with pytest.raises(StoreError, match="This exam closed on"):
        start_sitting(store, ana, later.id, NOW + timedelta(seconds=1))
    assert start_sitting(store, ana, later.id, NOW - timedelta(seconds=1))


def test_an_exam_nobody_sat_is_edited_into_a_new_version(store, instructor, exam, ana):
    march = create_class(store, instructor, "March", (ana.person.id,))
    set_terms(store, instructor, exam.id, (march.id,), 2)
    edited = edit_exam(store, instructor, exam.id, "Week 4 check (fixed)", PARTS[:1],
                       seed=99, time_limit_s=900, pass_percent=Decimal(70), same_questions=True)
    assert [e.id for e in exams(store)] == [edited.id]
    assert [e.id for e in exams_for(store, ana)] == [edited.id]
    assert terms_of(connection(store), edited.id) == ExamTerms((march.id,), 2)
    assert terms_of(connection(store), exam.id).replaced_by == edited.id
    with pytest.raises(StoreError, match="replaced by a new version"):
        start_sitting(store, ana, exam.id, NOW)
    sit_and_submit(store, ana, edited)
    with pytest.raises(StoreError, match="can no longer be edited"):
        edit_exam(store, instructor, edited.id, "Again", PARTS, seed=1, time_limit_s=600,
                  pass_percent=Decimal(60), same_questions=True)
    assert [e.id for e in exams(store)] == [edited.id]  # the failed edit left nothing
    assert set(all_terms(store)) == {exam.id, edited.id}


def test_a_replaced_version_someone_started_stays_listed(store, instructor, exam, ana):
    started = start_sitting(store, ana, exam.id, NOW)
    with pytest.raises(StoreError, match="can no longer be edited"):
        edit_exam(store, instructor, exam.id, "New", PARTS, seed=1, time_limit_s=600,
                  pass_percent=Decimal(60), same_questions=True)
    assert [e.id for e in exams_for(store, ana)] == [exam.id] and started


def test_a_bundle_brings_the_retakes_its_exams_allow_and_no_more(store, instructor, exam, ana,
                                                                 other, tmp_path):
    set_terms(store, instructor, exam.id, (), 2)
    sit_and_submit(store, ana, exam)
    sit_and_submit(store, ana, exam, NOW + timedelta(hours=1))
    everyone = export_bundle(store, instructor, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    import_bundle(desk, teacher, everyone, accept_instructors=("Mestre Lei",),
                  source=INSTRUCTOR_DESK)
    assert connection(desk).execute("SELECT count(*) FROM exam_sittings").fetchone()[0] == 2
    assert terms_of(connection(desk), exam.id).sittings_allowed == 2  # as its author set it
    # A bundle that says one sitting more than this desk's terms allow is refused.
    set_terms(desk, teacher, exam.id, (), 1)
    three = tmp_path / "three.zip"
    set_terms(store, instructor, exam.id, (), 3)
    sit_and_submit(store, ana, exam, NOW + timedelta(hours=2))
    export_bundle(store, instructor, three, with_instructors=True)
    with pytest.raises(BundleError, match=r"more sittings of the exam “Week 4 check” by Ana Lei "
                                          r"than the exam allows \(1\)"):
        import_bundle(desk, teacher, three, accept_instructors=("Mestre Lei",),
                      source=INSTRUCTOR_DESK)


def test_a_trainees_bundle_cannot_allow_itself_a_retake(store, instructor, exam, ana, other,
                                                         tmp_path):
    """Only an instructor's bundle says how many sittings an exam allows: a trainee's bundle
    whose manifest claims retakes — even one that says it has instructor data — is read as
    allowing none for an exam this desk has."""
    set_terms(store, instructor, exam.id, (), 2)
    everyone = export_bundle(store, instructor, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    import_bundle(desk, teacher, everyone, accept_instructors=("Mestre Lei",),
                  source=INSTRUCTOR_DESK)
    connection(desk).execute("DELETE FROM exam_terms")  # as a desk that never had the terms
    connection(desk).conn.commit()
    assert terms_of(connection(desk), exam.id).sittings_allowed == 1
    sit_and_submit(store, ana, exam)
    sit_and_submit(store, ana, exam, NOW + timedelta(hours=1))
    mine = export_bundle(store, ana, tmp_path / "ana.zip", ana.person.id).path
    with zipfile.ZipFile(mine) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    assert "sittings_allowed" not in manifest
    forged = tmp_path / "forged.zip"
    with zipfile.ZipFile(mine) as source, zipfile.ZipFile(forged, "w") as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "manifest.json":
                data = json.dumps({**manifest, "instructors": True,
                                   "sittings_allowed": {exam.id: 5}}).encode()
            target.writestr(info, data)
    with pytest.raises(BundleError, match=r"than the exam allows \(1\)"):
        import_bundle(desk, teacher, forged, source=INSTRUCTOR_DESK)


def test_terms_here_before_their_exam_arrives_are_kept_not_written_over(
        store, instructor, exam, ana, other, tmp_path):
    """Terms that reached this desk before their exam (a record the school server passed on
    alone) win over the retakes the bundle bringing the exam allows: the bundle's count
    becomes the terms only of an exam that has none here."""
    set_terms(store, instructor, exam.id, (), 2)
    everyone = export_bundle(store, instructor, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    with writing(desk) as db:
        write_record(db, "exam_terms", {
            "exam_id": exam.id, "assignees": json.dumps([ana.person.id]), "sittings_allowed": 3,
            "closed_at": None, "replaced_by": None, "set_by": instructor.person.id,
            "set_at": stamp(NOW)})
    import_bundle(desk, teacher, everyone, accept_instructors=("Mestre Lei",),
                  source=INSTRUCTOR_DESK)
    assert terms_of(connection(desk), exam.id) == ExamTerms((ana.person.id,), 3)
