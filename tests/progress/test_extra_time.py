"""Extra time an instructor grants a trainee: longer drill targets and exam time limits, and
grants that travel only as instructor data (a trainee cannot grant themselves more time)."""

import sqlite3
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from tests.progress.conftest import PASSWORD, question
from tests.progress.test_bundle_trust import add_rows, refused, set_manifest
from tests.progress.test_bundles import DEMO, edit_rows, members
from trainer.progress import Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.exams.sittings import ExamPart, create_exam, start_sitting, submit_sitting
from trainer.progress.learning.targets import extended, extra_time, load_targets
from trainer.progress.people.accounts import NotAllowed, add_instructor, delete_person, sign_in
from trainer.progress.people.extra_time import (
    MOST_PERCENT,
    granted,
    most_extra_time,
    set_extra_time,
)
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt
from trainer.progress.storage.store import StoreError

AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def an_exam(store, instructor, limit_s=600):
    return create_exam(store, instructor, "Payout check", [ExamPart("thirteen.payout", 2, 1)],
                       seed=3, time_limit_s=limit_s, pass_percent=Decimal(80), same_questions=True)


def test_extended_rounds_down():
    assert extended(600, 25) == 750 and extended(10_000, 0) == 10_000
    assert extended(601, 50) == 901  # 300.5 more, rounded down


def test_only_an_instructor_grants_extra_time_to_a_trainee(store, instructor, ana):
    with pytest.raises(NotAllowed, match="instructor"):
        set_extra_time(store, ana, ana.person.id, 50)
    with pytest.raises(StoreError, match="granted to trainees"):
        set_extra_time(store, instructor, instructor.person.id, 50)
    for wrong in (-1, MOST_PERCENT + 1):
        with pytest.raises(StoreError, match="whole number of per cent from 0 to 200"):
            set_extra_time(store, instructor, ana.person.id, wrong)
    assert extra_time(connection(store), ana.person.id) == 0
    for right in (MOST_PERCENT, 0, 25):  # both ends of the range, then the grant in force
        set_extra_time(store, instructor, ana.person.id, right)
        assert extra_time(connection(store), ana.person.id) == right
    assert granted(store, instructor) == {ana.person.id: 25}


def test_the_most_extra_time_counts_grants_here_and_the_persons_own_brought_ones(
        store, instructor, ana, bruno):
    me = ana.person.id
    assert most_extra_time(connection(store), me) == 0
    set_extra_time(store, instructor, me, 25)
    set_extra_time(store, instructor, me, 0)  # taken back: the most it ever gave still counts
    assert most_extra_time(connection(store), me) == 25
    assert most_extra_time(connection(store), me, [{"person_id": bruno.person.id,
            "percent": 150}]) == 25
    assert most_extra_time(connection(store), me, [{"person_id": me, "percent": 150}]) == 150
    assert most_extra_time(connection(store), bruno.person.id, [{"person_id": me,
            "percent": 150}]) == 0


def test_a_grant_is_never_changed_and_goes_with_its_person(store, instructor, ana):
    set_extra_time(store, instructor, ana.person.id, 50)
    with pytest.raises(sqlite3.IntegrityError, match="never changed"):
        connection(store).execute("UPDATE extra_time SET percent = 200")
    delete_person(store, instructor, ana.person.id)
    assert connection(store).execute("SELECT count(*) FROM extra_time").fetchone()[0] == 0


def test_an_exam_lasts_longer_by_the_grant(store, instructor, ana, bruno):
    exam = an_exam(store, instructor)
    set_extra_time(store, instructor, ana.person.id, 25)
    for actor, lasts in ((ana, 750), (bruno, 600)):
        sat = start_sitting(store, actor, exam.id, at=AT)
        assert datetime.fromisoformat(sat.deadline_at) - AT == timedelta(seconds=lasts)


def test_drill_targets_are_longer_by_the_grant(store, instructor, ana, bruno):
    set_extra_time(store, instructor, ana.person.id, 25)
    assert load_targets(connection(store), ana.person.id).of("thirteen.payout").target_ms == 12_500
    assert load_targets(connection(store), bruno.person.id).of(
            "thirteen.payout").target_ms == 10_000
    # Right in 11 s: within Ana's 12.5 s (Good), beyond Bruno's 10 s (Hard).
    ratings = {}
    for actor in (ana, bruno):
        record_attempt(store, actor.person.id, None, question(), {}, True, 1.0, 11_000)
        ratings[actor.person.id] = connection(store).execute(
            "SELECT rating FROM attempts WHERE person_id = ?", [actor.person.id]).fetchone()[0]
    assert ratings == {ana.person.id: 3, bruno.person.id: 2}


@pytest.fixture
def granted_sitting(store, classroom, tmp_path):
    """A trainee granted 50 % who sat a new exam with it; the desk's instructor bundle."""
    trainee = add_person(store, "Carla Ho")
    exam = an_exam(store, classroom)
    set_extra_time(store, classroom, trainee.id, 50)
    actor = sign_in(store, trainee.id)
    sat = start_sitting(store, actor, exam.id, at=AT)
    submit_sitting(store, actor, sat.id, at=AT + timedelta(seconds=850))
    return trainee, export_bundle(store, actor, tmp_path / "own.zip", trainee.id).path


def test_a_sitting_with_extra_time_is_believed_only_where_the_grant_is_known(
        store, classroom, bundle, granted_sitting, tmp_path):
    trainee, own = granted_sitting
    everyone = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    with Store(tmp_path / "desk" / "p.sqlite3") as other:
        teacher = sign_in(other, add_instructor(other, "Outra Mestre", PASSWORD).id, PASSWORD)
        no_grants = edit_rows(everyone, "extra_time", lambda rows: [], tmp_path / "ng.zip")
        without = edit_rows(no_grants, "people", lambda rows: [
            r for r in rows if r["id"] != trainee.id], tmp_path / "w.zip")
        for table in ("sessions", "sittings", "attempts", "results"):
            without = edit_rows(without, table, lambda rows: [
                r for r in rows if r["person_id"] != trainee.id], tmp_path / f"w{table}.zip")
        import_bundle(other, teacher, without, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
        refused((other, teacher), own, "does not last the exam's time")
        summary = import_bundle(other, teacher, everyone, accept_instructors=DEMO,
                                source=INSTRUCTOR_DESK)
        assert summary.count("extra_time") == 1
        assert extra_time(connection(other), trainee.id) == 50
        import_bundle(other, teacher, own,
                      source=INSTRUCTOR_DESK)  # now the grant is known here: believed
        assert connection(other).execute("SELECT count(*) FROM exam_results WHERE person_id = ?",
                                [trainee.id]).fetchone()[0] == 1


def test_a_sitting_lasting_an_odd_number_of_seconds_is_believed(store, classroom, other,
                                                                tmp_path):
    """601 s with 50 % more is 901 s (rounded down): any whole number of seconds from the
    exam's time to the granted time is a sitting's own time."""
    trainee = add_person(store, "Carla Ho")
    exam = an_exam(store, classroom, limit_s=601)
    set_extra_time(store, classroom, trainee.id, 50)
    actor = sign_in(store, trainee.id)
    sat = start_sitting(store, actor, exam.id, at=AT)
    assert datetime.fromisoformat(sat.deadline_at) - AT == timedelta(seconds=901)
    submit_sitting(store, actor, sat.id, at=AT + timedelta(seconds=850))
    everyone = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    desk, teacher = other
    import_bundle(desk, teacher, everyone, accept_instructors=DEMO, source=INSTRUCTOR_DESK)
    assert connection(desk).execute("SELECT count(*) FROM exam_sittings WHERE person_id = ?",
                           [trainee.id]).fetchone()[0] == 1


def test_a_trainee_cannot_grant_themselves_extra_time(store, classroom, granted_sitting,
                                                      tmp_path):
    trainee, own = granted_sitting
    grant = {"id": "00000000-0000-4000-8000-0000000000aa", "person_id": trainee.id,
             "percent": 200, "set_by": trainee.id, "set_at": "2026-03-01T00:00:00.000Z"}
    everyone = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True).path
    with Store(tmp_path / "desk" / "p.sqlite3") as other:
        teacher = sign_in(other, add_instructor(other, "Outra Mestre", PASSWORD).id, PASSWORD)
        desk = (other, teacher)
        self_granted = add_rows(own, tmp_path / "g.zip", extra_time=[grant])
        refused(desk, self_granted, "extra time grants")  # a trainee's bundle: scope
        claimed = set_manifest(self_granted, tmp_path / "g2.zip", scope="everyone")
        refused(desk, claimed, "extra time grants")  # not exported with the instructors
        claimed = set_manifest(claimed, tmp_path / "g3.zip", instructors=True)
        refused(desk, claimed, "without the instructor")
        by_trainee = edit_rows(everyone, "extra_time", lambda rows: [
            r | {"set_by": trainee.id} for r in rows], tmp_path / "g4.zip")
        refused(desk, by_trainee, "only an instructor grants it", accept=DEMO)
        to_instructor = edit_rows(everyone, "extra_time", lambda rows: [
            r | {"person_id": r["set_by"]} for r in rows], tmp_path / "g5.zip")
        refused(desk, to_instructor, "only an instructor grants it", accept=DEMO)


def test_extra_time_leaves_only_with_the_instructors(store, classroom, granted_sitting,
                                                     tmp_path):
    trainee, own = granted_sitting
    trainees_only = export_bundle(store, classroom, tmp_path / "t.zip").path
    for path in (own, trainees_only):
        assert members(path)["extra_time.jsonl"] == b""
