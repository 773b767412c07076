"""Exams: the same questions for everyone, answers recorded once, results frozen for good."""

import sqlite3
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

import questions
from trainer.progress import StoreError
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    delete_exam,
    exam_items,
    exam_results,
    open_sittings,
    review_sitting,
    sitting_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.storage.database import connection

START = datetime(2025, 2, 3, 10, 0, tzinfo=UTC)
PARTS = [ExamPart("thirteen.first_seat", 3, 2), ExamPart("thirteen.first_seat", 2, 1)]


@pytest.fixture
def exam(store, instructor):
    return create_exam(store, instructor, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True)


def sit(store, actor, exam, right, at=START, register=None):
    """Answer every item with the real question; ``right(index)`` says whether to get it right.
    With ``register`` (a school server), from the time the server gives."""
    sitting = start_sitting(store, actor, exam.id, at, register)
    at = datetime.fromisoformat(sitting.started_at)
    for item in sitting_items(exam, sitting):
        question = questions.generate(item.skill, item.seed, item.difficulty)
        expected = question.grade(1).expected
        given = expected if right(item.index) else expected % 4 + 1
        verdict = question.grade(given)
        at += timedelta(seconds=20)
        answer_exam_item(store, actor, sitting.id, item.index, question.to_json(), given,
                         verdict.correct, verdict.score, 20_000, at)
    return sitting, at


def test_every_trainee_gets_the_same_questions(store, exam):
    items = exam_items(exam)
    assert len(items) == 5 and [i.index for i in items] == list(range(5))
    assert sorted(i.difficulty for i in items) == [1, 1, 2, 2, 2]
    assert len({i.seed for i in items}) == 5
    assert exam_items(exam) == items  # deterministic


def test_only_an_instructor_creates_exams_and_bad_ones_are_refused(store, instructor, ana):
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        create_exam(store, ana, "Mine", PARTS, 1, 600, Decimal(50), same_questions=True)
    needs_a_skill = "An exam needs at least one skill"
    for parts, limit, mark, says in [
        ([], 600, 50, needs_a_skill),
        ([ExamPart("thirteen.first_seat", 1, 4)], 600, 50, "a difficulty from 1 to 3"),
        (PARTS, 10, 50, "The time limit must be between 1 minute and 4 hours"),
        (PARTS, 600, 101, "The pass mark is a percentage from 0 to 100"),
    ]:
        with pytest.raises(StoreError, match=says):
            create_exam(store, instructor, "Bad", parts, 1, limit, Decimal(mark),
                        same_questions=True)
    assert connection(store).execute("SELECT count(*) FROM exams").fetchone()[0] == 0


def test_a_sitting_is_scored_submitted_and_frozen(store, exam, ana):
    sitting, at = sit(store, ana, exam, right=lambda i: i != 2)
    result = submit_sitting(store, ana, sitting.id, at)
    assert (result.questions, result.answered, result.correct) == (5, 5, 4)
    assert result.score_percent == Decimal("80.0") and result.passed
    assert result.duration_ms == 100_000
    assert submit_sitting(store, ana, sitting.id, at + timedelta(hours=1)) == result
    with pytest.raises(StoreError, match="already sat"):
        start_sitting(store, ana, exam.id)


def test_unanswered_questions_count_as_wrong(store, exam, ana):
    sitting = start_sitting(store, ana, exam.id, START)
    result = submit_sitting(store, ana, sitting.id, START + timedelta(minutes=1))
    assert (result.answered, result.score_percent, result.passed) == (0, Decimal(0), False)


def test_answers_are_recorded_once_before_submission_within_the_time(store, exam, ana):
    sitting = start_sitting(store, ana, exam.id, START)
    item = exam_items(exam)[0]
    q = questions.generate(item.skill, item.seed, item.difficulty).to_json()
    answer_exam_item(store, ana, sitting.id, 0, q, 1, False, 0.0, 5000, START)
    with pytest.raises(StoreError, match="already been answered"):
        answer_exam_item(store, ana, sitting.id, 0, q, 2, True, 1.0, 5000, START)
    with pytest.raises(ValueError, match=r"is not exam item 1 \("):
        answer_exam_item(store, ana, sitting.id, 1, q, 2, True, 1.0, 5000, START)  # wrong item
    late = START + timedelta(seconds=600 + 6)
    second = exam_items(exam)[1]
    q2 = questions.generate(second.skill, second.seed, second.difficulty).to_json()
    with pytest.raises(StoreError, match="Time is up"):
        answer_exam_item(store, ana, sitting.id, 1, q2, 1, True, 1.0, 5000, late)
    submit_sitting(store, ana, sitting.id, late)
    with pytest.raises(StoreError, match="submitted"):
        answer_exam_item(store, ana, sitting.id, 1, q2, 1, True, 1.0, 5000, START)


def test_an_interrupted_sitting_is_resumed(store, exam, ana):
    first = start_sitting(store, ana, exam.id, START)
    assert start_sitting(store, ana, exam.id, START + timedelta(minutes=2)) == first


def test_the_database_refuses_to_change_a_submitted_exam(store, exam, ana, instructor):
    sitting, at = sit(store, ana, exam, right=lambda i: True)
    submit_sitting(store, ana, sitting.id, at)
    raw = sqlite3.connect(store.path)
    for statement, says in [
        ("UPDATE exam_results SET passed = 0", "exam results are final"),
        ("UPDATE exam_results SET score_percent = '100.0'", "exam results are final"),
        ("DELETE FROM exam_results", "results are deleted only with their person"),
        ("UPDATE exam_sittings SET submitted_at = NULL",
         "a sitting changes only by its submission, once"),
        ("DELETE FROM exam_sittings", "sittings are deleted only with their person"),
        ("UPDATE attempts SET correct = 1 - correct", "attempts are never changed"),
        ("DELETE FROM attempts", "attempts are deleted only with their person"),
        ("UPDATE exams SET pass_percent = '0'", "exams are never changed"),
        ("DELETE FROM exams", "an exam that was sat is kept"),
    ]:
        with pytest.raises(sqlite3.IntegrityError, match=says):
            raw.execute(statement)
    with pytest.raises(sqlite3.IntegrityError, match="the exam sitting is submitted or unknown"):
        raw.execute("INSERT INTO attempts (id, person_id, answered_at, skill, question_json, "
                    "answer_json, correct, score, response_ms, sitting_id, item_index) VALUES "
                    "('x', ?, '2025', 's.k', '{}', '1', 1, 1.0, 5, ?, 99)",
                    [ana.person.id, sitting.id])
    raw.close()
    with pytest.raises(StoreError, match="kept"):
        delete_exam(store, instructor, exam.id)


def test_a_sitting_replays_question_by_question(store, exam, ana, bruno, instructor):
    sitting, at = sit(store, ana, exam, right=lambda i: i % 2 == 0)
    submit_sitting(store, ana, sitting.id, at)
    review = review_sitting(store, ana, sitting.id)
    assert [r.item for r in review] == list(exam_items(exam))
    for reviewed in review:
        again = questions.Question.from_json(reviewed.attempt.question)
        assert again.seed == reviewed.item.seed
        assert again.grade(reviewed.attempt.answer).correct == reviewed.attempt.correct
        assert reviewed.attempt.correct == (reviewed.item.index % 2 == 0)
    assert review_sitting(store, instructor, sitting.id) == review
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        review_sitting(store, bruno, sitting.id)


def test_results_per_exam_for_instructors_and_own_for_trainees(store, exam, ana, bruno,
                                                               instructor):
    for actor, right in ((ana, lambda i: True), (bruno, lambda i: i == 0)):
        sitting, at = sit(store, actor, exam, right)
        submit_sitting(store, actor, sitting.id, at)
    results = exam_results(store, instructor, exam.id)
    assert [(r.person_id, r.passed) for r in results] == [(ana.person.id, True),
                                                          (bruno.person.id, False)]
    assert [r.person_id for r in exam_results(store, ana, person_id=ana.person.id)] == [
        ana.person.id]
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        exam_results(store, ana, exam.id)
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        exam_results(store, ana, person_id=bruno.person.id)


def test_an_exam_nobody_sat_can_be_deleted(store, exam, instructor, ana):
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        delete_exam(store, ana, exam.id)
    delete_exam(store, instructor, exam.id)
    assert connection(store).execute("SELECT count(*) FROM exams").fetchone()[0] == 0


def test_open_sittings_are_the_exams_started_and_not_submitted(store, exam, instructor, ana,
                                                               bruno):
    assert open_sittings(store, ana, ana.person.id) == {}
    second = create_exam(store, instructor, "Week 5 check", PARTS[:1], seed=5,
                         time_limit_s=300, pass_percent=Decimal(50), same_questions=True)
    left = start_sitting(store, ana, exam.id, START)
    done = start_sitting(store, ana, second.id, START)
    submit_sitting(store, ana, done.id, START + timedelta(minutes=1))
    start_sitting(store, bruno, second.id, START)  # someone else's does not show
    assert open_sittings(store, ana, ana.person.id) == {exam.id: left}
    assert left.submitted_at is None and left.deadline_at > left.started_at
    assert open_sittings(store, instructor, ana.person.id) == {exam.id: left}
    assert list(open_sittings(store, bruno, bruno.person.id)) == [second.id]
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        open_sittings(store, bruno, ana.person.id)
    submit_sitting(store, ana, left.id, START + timedelta(minutes=2))
    assert open_sittings(store, ana, ana.person.id) == {}


def test_an_exam_of_200_questions_is_made_and_one_of_201_refused(store, instructor):
    whole = [ExamPart("thirteen.first_seat", 100, 1), ExamPart("thirteen.first_seat", 100, 2)]
    create_exam(store, instructor, "Long", whole, 1, 600, Decimal(50), same_questions=True)
    with pytest.raises(StoreError, match="An exam has at most 200 questions"):
        create_exam(store, instructor, "Too long", [*whole, ExamPart("thirteen.first_seat", 1, 3)],
                    1, 600, Decimal(50), same_questions=True)


@pytest.mark.parametrize("limit, made", [(59, False), (60, True), (4 * 3600, True),
                                         (4 * 3600 + 1, False)])
def test_the_time_limit_is_from_one_minute_to_four_hours(store, instructor, limit, made):
    def make():
        return create_exam(store, instructor, "Timed", PARTS, 1, limit, Decimal(50),
                           same_questions=True)
    if made:
        assert make().time_limit_s == limit
    else:
        with pytest.raises(StoreError, match="between 1 minute and 4 hours"):
            make()


def test_the_questions_of_an_exam_seed_never_change_from_version_to_version(exam):
    """A sitting's questions are generated again from its seed (a review, a merge on the
    desk, a regrade): the item seeds must stay what they were when it was sat."""
    seeds = sorted(item.seed for item in exam_items(exam) if item.difficulty == 2)
    assert seeds == [71351368065539, 132185624839089, 135620897644294]


def test_an_exam_made_without_saying_gives_each_sitting_its_own_questions(store, instructor):
    made = create_exam(store, instructor, "Own", PARTS, 1, 600, Decimal(50))
    assert made.same_questions is False and made.pin_required is False
