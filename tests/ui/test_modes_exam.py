"""Taking an exam as the instructor defined it: fixed questions, no verdicts until it is
submitted, the clock, a clear result and the review question by question."""

from datetime import UTC, datetime, timedelta

import pytest
from exam_support import make_exam, open_exams, reply_to_leave_box, start
from modes_support import answer_with_keyboard, answer_with_mouse, click, key
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from trainer.progress.exams.sittings import exam_items


@pytest.fixture
def exam(store):
    return make_exam(store)


def wrong_answer(question):
    right = question.reference_answer()
    if question.form.options:
        return next(o.value for o in question.form.options if o.value != right)
    return right + 1


def test_an_exam_end_to_end(qtbot, window, store, exam):
    exams = open_exams(qtbot, window)
    assert exams.exams.count() == 1
    assert exams.exams.item(0).text() == ("Dealing checks\n3 questions · 10 minutes · "
                                          "pass mark 60 %")
    assert "10 minutes" in exams.details.text()
    click(qtbot, exams.go_button)
    quiz = window.quiz
    items = exam_items(exam)
    assert quiz.heading.text() == "Exam: Dealing checks"
    assert quiz.status.text().startswith("Question 1 of 3 · 0 answered · ")
    assert quiz.status.text().endswith(("10:00 left", "9:59 left"))

    first = quiz.question()
    assert (first.skill, first.seed) == (items[0].skill, items[0].seed)
    answer_with_keyboard(qtbot, quiz)  # right
    given = str(next(o.label for o in first.form.options
                     if o.value == first.reference_answer()))
    assert quiz.result.text().startswith(f"Answer given: {given}\nYour answer is recorded.")
    assert "✔" not in quiz.result.text() and quiz.panel.explanation_area.isHidden()
    key(qtbot, None, Qt.Key.Key_N)  # N goes on (Enter only checks)
    second = quiz.question()
    click(qtbot, quiz.mode.skip_button)  # skipped for now
    third = quiz.question()
    assert (third.skill, third.seed) == (items[2].skill, items[2].seed)
    answer_with_mouse(qtbot, quiz, wrong_answer(third))
    assert not quiz.result.text().startswith(("✔", "✘"))
    click(qtbot, quiz.next_button)
    assert quiz.question() == second  # the skipped question comes back
    answer_with_mouse(qtbot, quiz)
    assert "3 answered" in quiz.status.text()
    click(qtbot, quiz.next_button)
    assert quiz.question() is None
    assert quiz.result.text() == "Every question is answered. Submit the exam to see your result."

    click(qtbot, quiz.mode.submit_button)
    page = window.exam_result
    assert window.pages.currentWidget() is page
    assert page.verdict.text() == "✔ Passed"
    assert page.figures.text().startswith(
        "Score 66.7 % (pass mark 60 %) · 2 of 3 right · 3 answered · time taken 0:0")
    marks = [page.review.item(row).text()[0] for row in range(page.review.count())]
    assert marks == ["✔", "✔", "✘"]
    page.review.setCurrentRow(2)  # the wrong one, replayed with the answer given and why
    assert page.panel.question == third
    assert page.panel.result.text() == "✘ Not quite."  # the verdict in one line
    assert page.panel.right_answer.text().startswith("Your answer: ")
    assert "\nThe right answer: " in page.panel.right_answer.text()
    assert page.panel.result.font().bold() != page.panel.right_answer.font().bold() or \
        page.panel.right_answer.font().weight() < page.panel.result.font().weight()
    assert page.panel.explanation.text()
    window.switch_language("pt_MO")
    assert "artigo" in page.panel.explanation.text()  # the replay follows the language
    window.switch_language("en")

    click(qtbot, page.back_button)
    assert window.pages.currentWidget() is exams
    assert exams.exams.item(0).text().endswith("passed with 66.7 %")
    click(qtbot, exams.go_button)  # now it shows the result again rather than a new sitting
    assert window.pages.currentWidget() is page and page.verdict.text() == "✔ Passed"


def test_submitting_with_questions_left_asks_first(qtbot, window, store, exam):
    quiz = start(qtbot, window)
    answer_with_mouse(qtbot, quiz, wrong_answer(quiz.question()))
    answers = iter([QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
    asked = []

    def reply():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, reply)
            return
        asked.append(box.text())
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
        box.button(next(answers)).click()

    QTimer.singleShot(20, reply)
    click(qtbot, quiz.mode.submit_button)
    assert window.pages.currentWidget() is quiz  # "No": still taking the exam
    QTimer.singleShot(20, reply)
    click(qtbot, quiz.mode.submit_button)
    assert asked == ["2 questions are not answered. Submit the exam anyway?"] * 2
    page = window.exam_result
    assert window.pages.currentWidget() is page and page.verdict.text() == "✘ Not passed"
    assert "0 of 3 right · 1 answered" in page.figures.text()
    page.review.setCurrentRow(1)
    assert page.panel.result.text() == "– Not answered."
    assert page.panel.right_answer.text().startswith("The right answer: ")


def test_when_the_time_runs_out_the_exam_is_submitted(qtbot, window, store, exam):
    quiz = start(qtbot, window)
    answer_with_mouse(qtbot, quiz)
    quiz.mode.deadline = datetime.now(UTC) - timedelta(seconds=1)
    qtbot.waitUntil(lambda: window.pages.currentWidget() is window.exam_result, timeout=3000)
    assert window.exam_result.result.answered == 1


def test_leaving_an_exam_and_coming_back_continues_the_same_sitting(qtbot, window, store,
                                                                     exam):
    quiz = start(qtbot, window)
    first = quiz.question()
    answer_with_mouse(qtbot, quiz)
    sitting = quiz.mode.sitting
    reply_to_leave_box("leave")
    click(qtbot, quiz.back_button)
    assert window.pages.currentWidget() is window.exam_list
    click(qtbot, window.exam_list.go_button)
    assert quiz.mode.sitting == sitting and quiz.mode.answered == {0}
    assert quiz.question() != first and "1 answered" in quiz.status.text()
    reply_to_leave_box("leave")  # the window is closed after the test
    window.close()
