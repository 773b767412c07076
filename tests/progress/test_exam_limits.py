"""Exam limits at their edges, and a result exactly at the pass mark versus one answer short."""

from datetime import timedelta
from decimal import Decimal

import pytest

from tests.progress.test_exams import PARTS, START, sit
from trainer.progress import StoreError
from trainer.progress.exams.sittings import (
    MAX_QUESTIONS,
    MAX_TIME_LIMIT_S,
    ExamPart,
    create_exam,
    exam_items,
    submit_sitting,
)
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person

SKILL = "thirteen.first_seat"


def make(store, instructor, parts=PARTS, seed=2024, limit=600, mark=Decimal(60)):
    return create_exam(store, instructor, "Limits", parts, seed=seed, time_limit_s=limit,
                       pass_percent=mark, same_questions=True)


def exams_stored(store):
    return connection(store).execute("SELECT count(*) FROM exams").fetchone()[0]


def test_the_limits_are_two_hundred_questions_and_four_hours():
    assert (MAX_QUESTIONS, MAX_TIME_LIMIT_S) == (200, 14_400)


def test_two_hundred_questions_are_allowed(store, instructor):
    made = make(store, instructor, parts=[ExamPart(SKILL, 150, 1), ExamPart(SKILL, 50, 3)])
    assert made.questions == 200 and len(exam_items(made)) == 200


def test_two_hundred_and_one_questions_are_refused(store, instructor):
    with pytest.raises(StoreError, match="at most 200 questions"):
        make(store, instructor, parts=[ExamPart(SKILL, 150, 1), ExamPart(SKILL, 51, 3)])
    assert exams_stored(store) == 0


def test_a_one_minute_limit_is_allowed_and_59_seconds_refused(store, instructor):
    assert make(store, instructor, limit=60).time_limit_s == 60
    with pytest.raises(StoreError, match="between 1 minute and 4 hours"):
        make(store, instructor, limit=59)
    assert exams_stored(store) == 1


def test_a_four_hour_limit_is_allowed_and_a_second_more_refused(store, instructor):
    assert make(store, instructor, limit=4 * 3600).time_limit_s == 14_400
    with pytest.raises(StoreError, match="between 1 minute and 4 hours"):
        make(store, instructor, limit=4 * 3600 + 1)
    assert exams_stored(store) == 1


def test_seed_zero_is_allowed_and_a_negative_seed_refused(store, instructor):
    made = make(store, instructor, seed=0)
    assert made.seed == 0 and len(exam_items(made)) == 5
    assert exam_items(made) != exam_items(make(store, instructor, seed=1))
    with pytest.raises(StoreError, match="seed is a whole number from 0 up"):
        make(store, instructor, seed=-1)
    with pytest.raises(StoreError, match="seed is a whole number from 0 up"):
        make(store, instructor, seed=2**63)  # past what a bundle carries
    assert exams_stored(store) == 2


@pytest.mark.parametrize("mark", [Decimal(0), Decimal(100), Decimal("99.9")])
def test_pass_marks_from_0_to_100_are_allowed(store, instructor, mark):
    assert make(store, instructor, mark=mark).pass_percent == mark


@pytest.mark.parametrize("mark", [Decimal("100.1"), Decimal("-0.1")])
def test_pass_marks_outside_0_to_100_are_refused(store, instructor, mark):
    with pytest.raises(StoreError, match="pass mark is a percentage from 0 to 100"):
        make(store, instructor, mark=mark)
    assert exams_stored(store) == 0


def test_a_result_exactly_at_the_pass_mark_passes(store, instructor, ana):
    exam = make(store, instructor, mark=Decimal(80))
    sitting, at = sit(store, ana, exam, right=lambda i: i != 0)
    result = submit_sitting(store, ana, sitting.id, at)
    assert (result.correct, result.score_percent, result.passed) == (4, Decimal("80.0"), True)


def test_one_answer_short_of_the_pass_mark_fails(store, instructor, ana):
    exam = make(store, instructor, mark=Decimal(80))
    sitting, at = sit(store, ana, exam, right=lambda i: i not in (0, 1))
    result = submit_sitting(store, ana, sitting.id, at)
    assert (result.correct, result.score_percent, result.passed) == (3, Decimal("60.0"), False)


def test_a_pass_mark_of_100_needs_every_answer(store, instructor, ana, bruno):
    exam = make(store, instructor, mark=Decimal(100))
    perfect, at = sit(store, ana, exam, right=lambda i: True)
    result = submit_sitting(store, ana, perfect.id, at)
    assert (result.score_percent, result.passed) == (Decimal("100.0"), True)
    short, at = sit(store, bruno, exam, right=lambda i: i != 4, at=START + timedelta(hours=1))
    result = submit_sitting(store, bruno, short.id, at)
    assert (result.score_percent, result.passed) == (Decimal("80.0"), False)


def test_a_pass_mark_of_0_passes_even_with_nothing_right(store, instructor, ana):
    exam = make(store, instructor, mark=Decimal(0))
    sitting, at = sit(store, ana, exam, right=lambda i: False)
    result = submit_sitting(store, ana, sitting.id, at)
    assert (result.correct, result.score_percent, result.passed) == (0, Decimal("0.0"), True)


def test_the_score_is_rounded_to_a_tenth_before_it_meets_the_pass_mark(store, instructor, ana):
    """17 of 21 is 80.95…%, shown and compared as 81.0 %: it meets a pass mark of 81 (the
    result says what the trainee is shown; every desktop computes it the same way)."""
    exam = make(store, instructor, parts=[ExamPart(SKILL, 21, 1)], mark=Decimal(81))
    sitting, at = sit(store, ana, exam, right=lambda i: i >= 4)
    result = submit_sitting(store, ana, sitting.id, at)
    assert (result.correct, result.score_percent, result.passed) == (17, Decimal("81.0"), True)


def test_an_answer_within_the_grace_after_the_deadline_counts_and_one_after_it_does_not(
        store, instructor, ana):
    """The deadline has a grace of a few seconds (a click on the last second); past it the
    answer is refused."""
    from trainer.progress.exams.sittings import GRACE, answer_exam_item, start_sitting

    made = make(store, instructor, limit=60)
    sitting = start_sitting(store, ana, made.id, START)
    deadline = START + timedelta(seconds=60)
    first, second = exam_items(made)[:2]
    asked = {"version": 1, "skill": first.skill, "seed": first.seed,
             "difficulty": first.difficulty}
    answer_exam_item(store, ana, sitting.id, 0, asked, 1, True, 1.0, 900, deadline + GRACE)
    late = {**asked, "seed": second.seed, "difficulty": second.difficulty}
    with pytest.raises(StoreError, match="Time is up: this answer was not recorded"):
        answer_exam_item(store, ana, sitting.id, 1, late, 1, True, 1.0, 900,
                         deadline + GRACE + timedelta(seconds=1))


def test_the_grace_is_five_seconds(store, instructor, ana):
    from trainer.progress.exams.sittings import answer_exam_item, start_sitting

    made = make(store, instructor, limit=60)
    sitting = start_sitting(store, ana, made.id, START)
    deadline = START + timedelta(seconds=60)
    first, second = exam_items(made)[:2]
    asked = {"version": 1, "skill": first.skill, "seed": first.seed,
             "difficulty": first.difficulty}
    answer_exam_item(store, ana, sitting.id, 0, asked, 1, True, 1.0, 900,
                     deadline + timedelta(seconds=5))
    late = {**asked, "seed": second.seed, "difficulty": second.difficulty}
    with pytest.raises(StoreError, match="Time is up: this answer was not recorded"):
        answer_exam_item(store, ana, sitting.id, 1, late, 1, True, 1.0, 900,
                         deadline + timedelta(seconds=5, milliseconds=500))


def test_an_item_outside_the_exam_is_refused_naming_the_range(store, instructor, ana):
    from trainer.progress.exams.sittings import answer_exam_item, start_sitting

    made = make(store, instructor)
    sitting = start_sitting(store, ana, made.id, START)
    count = len(exam_items(made))
    for index in (-1, count):
        with pytest.raises(ValueError, match=rf"^exam item {index} out of range "
                                             rf"0\.\.{count - 1}$"):
            answer_exam_item(store, ana, sitting.id, index, {}, 1, True, 1.0, 900, START)


def test_an_exam_that_asks_for_the_pin_needs_one_and_needs_it_typed(store, instructor):
    from trainer.progress.exams.sittings import start_sitting
    from trainer.progress.people.accounts import NotAllowed, set_pin, sign_in

    made = create_exam(store, instructor, "With PIN", PARTS, seed=1, time_limit_s=600,
                       pass_percent=Decimal(60), pin_required=True, same_questions=True)
    bruno = add_person(store, "Bruno Lei")
    with pytest.raises(NotAllowed, match="you have none yet"):
        start_sitting(store, sign_in(store, bruno.id), made.id, START)
    set_pin(store, instructor, bruno.id, "4821")
    with pytest.raises(NotAllowed, match="Type it first"):
        start_sitting(store, sign_in(store, bruno.id), made.id, START)
    sitting = start_sitting(store, sign_in(store, bruno.id, "4821"), made.id, START)
    assert sitting.person_id == bruno.id


def test_a_part_of_one_question_is_allowed_and_of_none_refused(store, instructor):
    assert make(store, instructor, parts=[ExamPart("thirteen.payout", 1, 1)]).questions == 1
    with pytest.raises(StoreError, match="at least one question"):
        make(store, instructor, parts=[ExamPart("thirteen.payout", 0, 1)])
