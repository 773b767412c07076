"""An instructor previews an exam from the desk: the questions in the trainees' order, each
explained, nothing recorded; back returns to the desk."""

from PySide6.QtCore import Qt

from tests.ui.exam_support import make_exam
from tests.ui.modes_support import answer_with_mouse, click
from trainer.progress.exams.sittings import exam_items
from trainer.progress.people.accounts import sign_in
from trainer.progress.storage.database import connection
from ui.desk.desk import InstructorDesk


def _dump(store):
    return [connection(store).execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("attempts", "sessions", "exam_sittings", "exam_results")]


def test_an_instructor_previews_an_exam_and_nothing_is_recorded(qtbot, window, store):
    exam = make_exam(store)
    [teacher] = [p for p in store.people() if p.role == "instructor"]
    window.show_desk(InstructorDesk(store, sign_in(store, teacher.id, "correct horse")))
    desk = window.desk
    desk.open_page(desk.exams)
    page = desk.exams
    page.reload(select=exam.id)
    before = _dump(store)
    assert page.preview_button.isEnabled()
    click(qtbot, page.preview_button)
    quiz = window.quiz
    assert window.pages.currentWidget() is quiz
    assert quiz.mode.title() == "Preview of “Dealing checks”: nothing is recorded"
    items = exam_items(exam)
    for number, item in enumerate(items, start=1):
        question = quiz.question()
        assert (question.skill, question.seed, question.difficulty) == (
            item.skill, item.seed, item.difficulty)
        assert quiz.mode.note() == f"Question {number} of {len(items)}"
        answer_with_mouse(qtbot, quiz)
        assert quiz.explanation.text().startswith("<ol")  # explained at once
        qtbot.keyClick(quiz, Qt.Key.Key_N)
    assert quiz.question() is None  # the last one was the exam's last
    assert _dump(store) == before  # no answer, session, sitting or result
    qtbot.keyClick(quiz, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is desk
