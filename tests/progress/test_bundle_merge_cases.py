"""A sitting or session that travelled open and was finished on one desktop only, or on both.

What arrives from outside is untrusted: a sitting submitted in the bundle but open here is
submitted by the import (with its result); one submitted at two different times is refused
whole with a clear message; a session ended in the bundle but open here gets its end.
"""

from datetime import timedelta
from decimal import Decimal

import pytest

from tests.progress.conftest import dump
from tests.progress.test_bundles import edit_rows
from tests.progress.test_exams import PARTS, START, sit
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import BundleError
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.exams.sittings import (
    create_exam,
    result_of,
    sitting,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import sign_in
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import end_session, start_session
from trainer.progress.storage.values import stamp, utc

TEACHER = ("Mestre Lei",)


@pytest.fixture
def travel(store, instructor, tmp_path):
    """Export everything from this desktop and import it into ``desk``; a counter names files."""
    count = iter(range(100))

    def carry(desk, teacher):
        path = export_bundle(store, instructor, tmp_path / f"b{next(count)}.zip",
                             with_instructors=True).path
        return import_bundle(desk, teacher, path, accept_instructors=TEACHER,
                             source=INSTRUCTOR_DESK), path
    return carry


@pytest.fixture
def open_sitting(store, instructor, ana, other, travel):
    """Ana's sitting, every question answered but not submitted, on both desktops."""
    exam = create_exam(store, instructor, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True)
    sat, at = sit(store, ana, exam, right=lambda i: i != 2)
    travel(*other)
    desk, _teacher = other
    assert sitting(desk, sat.id).submitted_at is None
    return sat, at


def submitted(desk, sitting_id):
    return connection(desk).execute("SELECT submitted_at FROM exam_sittings WHERE id = ?",
                           [sitting_id]).fetchone()[0]


def test_a_sitting_open_here_but_submitted_in_the_bundle_is_submitted(store, ana, other, travel,
                                                                      open_sitting):
    sat, at = open_sitting
    result = submit_sitting(store, ana, sat.id, at)
    summary, _path = travel(*other)
    desk, _teacher = other
    assert submitted(desk, sat.id) == result.submitted_at
    assert result_of(desk, sat.id) == result
    assert (result.correct, result.score_percent, result.passed) == (4, Decimal("80.0"), True)
    assert summary.count("results") == 1 and summary.count("sittings") == 0


def test_a_sitting_submitted_here_but_open_in_the_bundle_stays_submitted(store, ana, other,
                                                                         travel, open_sitting):
    sat, at = open_sitting
    desk, _teacher = other
    here = submit_sitting(desk, sign_in(desk, ana.person.id), sat.id, at)
    before = dump(desk.path)
    summary, _path = travel(*other)
    assert sum(n for _table, n in summary.added) == 0
    assert submitted(desk, sat.id) == here.submitted_at and result_of(desk, sat.id) == here
    assert dump(desk.path) == before


def test_two_different_submission_times_of_one_sitting_are_refused(store, instructor, ana, other,
                                                                  open_sitting, tmp_path):
    sat, at = open_sitting
    desk, teacher = other
    here = submit_sitting(desk, sign_in(desk, ana.person.id), sat.id, at)
    there = submit_sitting(store, ana, sat.id, at + timedelta(seconds=1))
    assert here.submitted_at != there.submitted_at
    path = export_bundle(store, instructor, tmp_path / "later.zip", with_instructors=True).path
    before = dump(desk.path)
    with pytest.raises(BundleError, match=rf"^The exam sitting {sat.id} in this bundle differs "
                                          r"from the one on this desktop\. Nothing was "
                                          r"imported\.$"):
        import_bundle(desk, teacher, path, accept_instructors=TEACHER, source=INSTRUCTOR_DESK)
    assert dump(desk.path) == before
    assert submitted(desk, sat.id) == here.submitted_at and result_of(desk, sat.id) == here


def ended(desk, session_id):
    return connection(desk).execute("SELECT ended_at FROM sessions WHERE id = ?",
            [session_id]).fetchone()[0]


def test_a_session_ended_in_the_bundle_but_open_here_gets_its_end(store, ana, other, travel):
    desk, _teacher = other
    session = start_session(store, ana.person.id, "practice")
    travel(*other)
    assert ended(desk, session) is None
    end_session(store, session)
    end = ended(store, session)
    assert end is not None
    summary, _path = travel(*other)
    assert ended(desk, session) == end
    assert summary.count("sessions") == 0


def test_a_session_ended_here_but_open_in_the_bundle_keeps_its_end(store, ana, other, travel):
    desk, _teacher = other
    session = start_session(store, ana.person.id, "practice")
    travel(*other)
    end_session(desk, session)
    end = ended(desk, session)
    travel(*other)
    assert end is not None and ended(desk, session) == end


def test_the_trainees_own_bundle_submits_the_sitting_open_here(store, ana, other, open_sitting,
                                                               tmp_path):
    sat, at = open_sitting
    result = submit_sitting(store, ana, sat.id, at)
    own = export_bundle(store, ana, tmp_path / "own.zip", ana.person.id).path
    desk, teacher = other
    summary = import_bundle(desk, teacher, own, source=INSTRUCTOR_DESK)
    assert summary.accounts == () and summary.count("results") == 1
    assert submitted(desk, sat.id) == result.submitted_at and result_of(desk, sat.id) == result


def test_a_result_that_the_answers_here_do_not_give_is_refused(store, instructor, ana, other,
                                                                travel, tmp_path):
    """The sitting travelled open with no answers; here it was answered, there submitted
    empty: the bundle's 0 % is not what the answers here give, so it is refused whole."""
    exam = create_exam(store, instructor, "Empty", PARTS, seed=7, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True)
    sat = start_sitting(store, ana, exam.id, START)
    travel(*other)
    desk, teacher = other
    here, at = sit(desk, sign_in(desk, ana.person.id), exam, right=lambda i: i != 2)
    assert here.id == sat.id
    submit_sitting(store, ana, sat.id, START + timedelta(minutes=1))
    path = export_bundle(store, instructor, tmp_path / "empty.zip", with_instructors=True).path
    before = dump(desk.path)
    with pytest.raises(BundleError, match=r"^The result of the exam “Empty” by Ana Lei in this "
                                          r"bundle \(0\.0 %\) is not what its answers give "
                                          r"\(80\.0 %\)\. Nothing was imported\.$"):
        import_bundle(desk, teacher, path, accept_instructors=TEACHER, source=INSTRUCTOR_DESK)
    assert dump(desk.path) == before and submitted(desk, sat.id) is None


def later(stamp_text):
    """The same instant one second later, in the bundle's timestamp format."""
    return stamp(utc(stamp_text) + timedelta(seconds=1))


@pytest.fixture
def submitted_both_places(store, ana, other, travel, open_sitting):
    """Ana's sitting submitted here and carried to the other desktop; the bundle that did it."""
    sat, at = open_sitting
    submit_sitting(store, ana, sat.id, at)
    _summary, path = travel(*other)
    return sat, path


def test_a_bundle_moving_a_submission_time_is_refused(other, submitted_both_places, tmp_path):
    sat, path = submitted_both_places
    desk, teacher = other
    here = result_of(desk, sat.id)

    def move(rows):
        return [row | {"submitted_at": later(row["submitted_at"])}
                if sat.id in (row.get("id"), row.get("sitting_id")) else row for row in rows]
    moved = edit_rows(edit_rows(path, "sittings", move, tmp_path / "s.zip"), "results", move,
                      tmp_path / "r.zip")
    before = dump(desk.path)
    with pytest.raises(BundleError, match=rf"^The exam sitting {sat.id} in this bundle differs "
                                          r"from the one on this desktop\. Nothing was "
                                          r"imported\.$"):
        import_bundle(desk, teacher, moved, accept_instructors=TEACHER, source=INSTRUCTOR_DESK)
    assert dump(desk.path) == before and result_of(desk, sat.id) == here


def test_a_bundle_with_two_submission_times_of_one_sitting_is_refused(
        other, submitted_both_places, tmp_path):
    sat, path = submitted_both_places
    desk, teacher = other

    def move(rows):
        return [row | {"submitted_at": later(row["submitted_at"])}
                if row["sitting_id"] == sat.id else row for row in rows]
    forged = edit_rows(path, "results", move, tmp_path / "r.zip")
    before = dump(desk.path)
    with pytest.raises(BundleError, match=r"^This bundle has a bad value in results\.jsonl, line "
                                          r"\d+, field “submitted_at”\. Nothing was imported\.$"):
        import_bundle(desk, teacher, forged, accept_instructors=TEACHER, source=INSTRUCTOR_DESK)
    assert dump(desk.path) == before
