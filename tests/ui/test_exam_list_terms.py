"""The trainee's exam list follows the exam's terms: only the exams set for them, the best
result so far and a retake while one is allowed; an exam closed, replaced or used up is not
offered, and the list says why."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from exam_support import open_exams
from modes_support import answer_with_mouse, click

from tests.ui.mnemonics import clashes
from trainer.progress import Role
from trainer.progress.exams.sittings import (
    ExamPart,
    create_exam,
    edit_exam,
    exam_items,
    exam_results,
    start_sitting,
    submit_sitting,
)
from trainer.progress.exams.terms import close_exam, set_terms
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.people.classes import create_class
from trainer.progress.storage.ledger import add_person
from ui.modes.exam.exam_list import ExamList

PARTS = [ExamPart("thirteen.first_seat", 2, 1), ExamPart("thirteen.payout", 2, 1)]


@pytest.fixture
def teacher(store):
    person = add_instructor(store, "Mestre Lei", "correct horse")
    return sign_in(store, person.id, "correct horse")


@pytest.fixture
def chan(store):
    [person] = store.people(Role.TRAINEE)  # the window's trainee
    return person


def make(store, teacher, title, **dates):
    return create_exam(store, teacher, title, PARTS, 7, 600, Decimal(60), **dates,
                       same_questions=True)


def texts(page):
    return [page.exams.item(row).text() for row in range(page.exams.count())]


def sit_blank(store, trainee, exam):
    """A sitting with no answer (0 %), submitted an hour ago."""
    actor = sign_in(store, trainee.id)
    start = datetime.now(UTC) - timedelta(hours=2)
    sitting = start_sitting(store, actor, exam.id, at=start)
    return submit_sitting(store, actor, sitting.id, at=start + timedelta(minutes=1))


def test_a_trainee_sees_the_exams_set_for_them_only(qtbot, window, store, teacher, chan):
    ana = add_person(store, "Ana Sousa", Role.TRAINEE)
    march = create_class(store, teacher, "March", (chan.id,))
    april = create_class(store, teacher, "April", (ana.id,))
    for title, assignees in (("For March", (march.id,)), ("For April", (april.id,)),
                             ("For Chan", (chan.id,)), ("For everyone", ())):
        set_terms(store, teacher, make(store, teacher, title).id, assignees, 1)
    page = open_exams(qtbot, window)
    assert [text.split("\n")[0] for text in texts(page)] == [
        "For everyone", "For Chan", "For March"]
    everything = ExamList(store)  # an instructor still sees every exam
    qtbot.addWidget(everything)
    everything.reload(teacher)
    assert everything.exams.count() == 4


def test_a_retake_is_offered_while_the_terms_allow_one(qtbot, window, store, teacher, chan):
    exam = make(store, teacher, "Payouts")
    set_terms(store, teacher, exam.id, (), 2)
    first = sit_blank(store, chan, exam)
    page = open_exams(qtbot, window)
    assert texts(page) == ["Payouts\n4 questions · 10 minutes · pass mark 60 % · "
                           "not passed, 0 % · retake possible: 1 of 2 sittings left"]
    assert page.details.text() == ("You have sat this exam.\nYou may sit it again: 1 of 2 "
                                   "sittings left. The best result counts.")
    assert page.go_button.text() == "See the &result ▶" and page.retake_button.isVisible()
    assert clashes(window) == {}
    click(qtbot, page.retake_button)
    quiz = window.quiz
    assert window.pages.currentWidget() is quiz and quiz.mode.sitting.id != first.sitting_id
    for _item in exam_items(exam):
        answer_with_mouse(qtbot, quiz)
        click(qtbot, quiz.next_button)
    quiz.mode.submit()
    assert window.exam_result.verdict.text() == "✔ Passed"
    click(qtbot, window.exam_result.back_button)
    assert window.pages.currentWidget() is page
    assert texts(page) == ["Payouts\n4 questions · 10 minutes · pass mark 60 % · "
                           "best of 2 sittings: passed with 100 %"]
    assert page.details.text() == ("You have sat this exam 2 times; your best result counts.\n"
                                   "You have sat this exam 2 times, as many as allowed.")
    assert page.retake_button.isHidden() and page.go_button.text() == "See your &best result ▶"
    click(qtbot, page.go_button)
    best = max(exam_results(store, teacher, exam.id), key=lambda r: r.score_percent)
    assert window.exam_result.result == best


def test_a_closed_exam_is_not_offered(qtbot, window, store, teacher, chan):
    exam = make(store, teacher, "Closed early")
    close_exam(store, teacher, exam.id)
    page = open_exams(qtbot, window)
    assert texts(page)[0].startswith("Closed early\n4 questions · 10 minutes · pass mark "
                                     "60 % · closed ")
    assert not page.go_button.isEnabled()
    assert page.details.text().startswith("This exam closed on ")
    page._go()  # Enter on the list item does nothing either
    assert window.pages.currentWidget() is page


def test_an_exam_sat_and_closed_shows_its_result_without_a_retake(qtbot, window, store,
                                                                  teacher, chan):
    exam = make(store, teacher, "Sat then closed")
    set_terms(store, teacher, exam.id, (), 3)
    sit_blank(store, chan, exam)
    close_exam(store, teacher, exam.id)
    page = open_exams(qtbot, window)
    assert texts(page)[0].endswith("pass mark 60 % · not passed, 0 %")
    assert page.go_button.isEnabled() and page.retake_button.isHidden()
    assert page.details.text().startswith("You have sat this exam.\nThis exam closed on ")


def test_an_edited_exam_shows_as_its_new_version(qtbot, window, store, teacher, chan):
    exam = make(store, teacher, "Old")
    set_terms(store, teacher, exam.id, (), 2)
    edited = edit_exam(store, teacher, exam.id, "New", PARTS, 7, 600, Decimal(60),
                       same_questions=True)
    page = open_exams(qtbot, window)
    assert [text.split("\n")[0] for text in texts(page)] == ["New"]  # the old one is gone
    assert page.selected() == edited and page.go_button.isEnabled()


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_the_retake_offers_its_own_letter(qtbot, window, store, teacher, chan, language):
    exam = make(store, teacher, "Payouts")
    set_terms(store, teacher, exam.id, (), 3)
    sit_blank(store, chan, exam)
    sit_blank(store, chan, exam)
    window.switch_language(language)
    page = open_exams(qtbot, window)
    assert page.retake_button.isVisible() and page.go_button.isEnabled()
    found = clashes(window)
    window.switch_language("en")
    assert found == {}
