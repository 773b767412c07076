"""Leaving an exam asks first, and says what happens: the answers are kept, the clock keeps
running, the trainee can come back until the time is up — or hand the exam in now. The
list of exams shows a sitting in progress with its time left, and continues it."""

import re
from datetime import UTC, datetime, timedelta

import pytest
from exam_support import make_exam, open_exams, reply_to_leave_box, start
from modes_support import answer_with_mouse, click
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication

import i18n
import questions
from i18n import _
from questions.model import jsonable
from trainer.progress.exams.sittings import (
    answer_exam_item,
    exam_items,
    open_sittings,
    start_sitting,
)
from trainer.progress.people.accounts import sign_in
from ui.modes.exam import exam_leaving

LEFT = re.compile(r"(\d+):(\d\d) left")


@pytest.fixture
def exam(store):
    return make_exam(store)


@pytest.fixture
def trainee(store, window):
    [person] = [p for p in store.people() if p.role == "trainee"]
    return sign_in(store, person.id)


def seconds_left(text: str) -> int:
    minutes, seconds = LEFT.search(text).groups()
    return int(minutes) * 60 + int(seconds)


def leave(qtbot, window) -> None:
    """Back, and "Leave and come back later" in the box."""
    reply_to_leave_box("leave")
    click(qtbot, window.quiz.back_button)
    assert window.pages.currentWidget() is window.exam_list


def no_question(monkeypatch) -> list[object]:
    """Stand in for the box: every time it would be shown is noted."""
    asked = []
    monkeypatch.setattr(exam_leaving, "ask", lambda box: asked.append(box) or "stay")
    return asked


def test_back_asks_first_and_stay_keeps_the_exam_and_its_clock(qtbot, window, exam):
    quiz = start(qtbot, window)
    answer_with_mouse(qtbot, quiz)
    click(qtbot, quiz.next_button)
    question, mode = quiz.question(), quiz.mode
    seen = []
    reply_to_leave_box("stay", seen)
    click(qtbot, quiz.back_button)
    [box] = seen
    assert box["title"] == "Exam: Dealing checks"
    assert box["text"] == "Leave the exam now?"
    assert box["details"].startswith("Your answers so far are kept, and the clock keeps "
                                     "running: ")
    assert 570 <= seconds_left(box["details"]) <= 600
    assert "come back to this exam from the list of exams until the time is up" in (
        box["details"])
    assert box["details"].endswith("2 questions are not answered yet. If you do not come "
                                   "back in time, they count as wrong.")
    assert box["buttons"] == ["&Stay in the exam", "&Leave and come back later",
                              "S&ubmit the exam now"]
    assert (box["default"], box["escape"]) == ("stay", "stay")
    assert window.pages.currentWidget() is quiz
    assert quiz.mode is mode and quiz.question() is question and mode.clock.isActive()
    assert mode.result is None

    reply_to_leave_box("escape", seen)  # Escape in the box stays too
    click(qtbot, quiz.back_button)
    assert len(seen) == 2 and window.pages.currentWidget() is quiz and quiz.mode is mode
    leave(qtbot, window)


def test_leave_then_continue_where_it_was_left_with_the_time_left(qtbot, window, store,
                                                                   exam):
    quiz = start(qtbot, window)
    items = exam_items(exam)
    answer_with_mouse(qtbot, quiz)
    sitting = quiz.mode.sitting
    leave(qtbot, window)
    exams = window.exam_list
    assert re.fullmatch(r"Dealing checks\n3 questions · 10 minutes · pass mark 60 % · "
                        r"in progress · \d+:\d\d left", exams.exams.item(0).text())
    assert 570 <= seconds_left(exams.exams.item(0).text()) <= 600
    assert exams.details.text().startswith(
        "You started this exam and left it; 1 of 3 questions are answered. Your answers "
        "are kept and the clock keeps running: ")
    assert exams.go_button.text() == "&Continue the exam ▶"
    assert exams.clock.isActive()  # the time left runs on in the list

    click(qtbot, exams.go_button)
    assert window.pages.currentWidget() is quiz and quiz.mode.sitting == sitting
    question = quiz.question()
    assert (question.skill, question.seed) == (items[1].skill, items[1].seed)
    assert quiz.status.text().startswith("Question 2 of 3 · 1 answered · ")
    leave(qtbot, window)
    assert quiz.mode is None
    assert open_sittings(store, window.actor, sitting.person_id) == {exam.id: sitting}


def test_coming_back_resumes_at_the_first_unanswered_with_the_clock_as_it_ran(
        qtbot, window, store, exam, trainee):
    """A sitting begun four minutes ago, its second question answered then."""
    begun = datetime.now(UTC) - timedelta(minutes=4)
    sitting = start_sitting(store, trainee, exam.id, begun)
    item = exam_items(exam)[1]
    asked = questions.generate(item.skill, item.seed, item.difficulty)
    answer = jsonable(asked.reference_answer())
    answer_exam_item(store, trainee, sitting.id, 1, asked.to_json(), answer, True, 1.0,
                     3000, begun + timedelta(seconds=30))
    exams = open_exams(qtbot, window)
    assert 355 <= seconds_left(exams.exams.item(0).text()) <= 360  # not a fresh 10:00
    assert "1 of 3 questions are answered" in exams.details.text()
    click(qtbot, exams.go_button)
    quiz = window.quiz
    assert quiz.mode.answered == {1}
    first = quiz.question()
    assert (first.skill, first.seed) == (exam_items(exam)[0].skill, exam_items(exam)[0].seed)
    assert quiz.status.text().startswith("Question 1 of 3 · 1 answered · ")
    assert 355 <= seconds_left(quiz.status.text()) <= 360
    answer_with_mouse(qtbot, quiz)
    click(qtbot, quiz.next_button)
    third = quiz.question()  # the answered second question is not asked again
    assert (third.skill, third.seed) == (exam_items(exam)[2].skill, exam_items(exam)[2].seed)
    answer_with_mouse(qtbot, quiz)
    click(qtbot, quiz.next_button)
    assert quiz.question() is None and "3 answered" in quiz.status.text()
    leave(qtbot, window)


def test_submit_now_from_the_box_shows_the_result(qtbot, window, store, exam):
    quiz = start(qtbot, window)
    answer_with_mouse(qtbot, quiz)
    reply_to_leave_box("submit")  # no second question about the unanswered ones
    click(qtbot, quiz.back_button)
    page = window.exam_result
    assert window.pages.currentWidget() is page and quiz.mode is None
    assert "1 of 3 right · 1 answered" in page.figures.text()
    assert open_sittings(store, window.actor, window.actor.person.id) == {}
    click(qtbot, page.back_button)
    assert window.exam_list.exams.item(0).text().endswith("not passed, 33.3 %")


def test_closing_the_window_during_an_exam_asks_the_same(qtbot, window, store, exam):
    quiz = start(qtbot, window)
    answer_with_mouse(qtbot, quiz)
    seen = []
    reply_to_leave_box("stay", seen)
    window.close()
    assert len(seen) == 1 and seen[0]["text"] == "Leave the exam now?"
    assert window.isVisible() and window.pages.currentWidget() is quiz and quiz.mode
    reply_to_leave_box("leave", seen)
    window.close()
    assert len(seen) == 2 and not window.isVisible() and quiz.mode is None
    [sitting] = open_sittings(store, window.actor, window.actor.person.id).values()
    assert sitting.submitted_at is None  # kept open: the trainee may come back


def test_time_up_leaving_asks_nothing_and_submits(qtbot, window, monkeypatch, exam):
    asked = no_question(monkeypatch)
    quiz = start(qtbot, window)
    answer_with_mouse(qtbot, quiz)
    quiz.mode.clock.stop()  # the back button comes before the clock's own tick
    quiz.mode.deadline = datetime.now(UTC) - timedelta(seconds=1)
    click(qtbot, quiz.back_button)
    assert asked == [] and window.pages.currentWidget() is window.exam_result
    assert window.exam_result.result.answered == 1


def test_time_up_closing_asks_nothing_and_submits(qtbot, window, monkeypatch, store, exam):
    asked = no_question(monkeypatch)
    quiz = start(qtbot, window)
    quiz.mode.clock.stop()
    quiz.mode.deadline = datetime.now(UTC) - timedelta(seconds=1)
    window.close()
    assert asked == [] and not window.isVisible()
    assert open_sittings(store, window.actor, window.actor.person.id) == {}
    assert window.exam_result.result.answered == 0


def test_the_time_running_out_while_the_box_is_open_hands_the_exam_in(qtbot, window, exam):
    quiz = start(qtbot, window)
    answer_with_mouse(qtbot, quiz)
    quiz.mode.deadline = datetime.now(UTC) + timedelta(hours=1)
    seen = []

    def time_runs_out(_box):  # once the box shows, not after some wall-clock margin
        quiz.mode.deadline = datetime.now(UTC) - timedelta(seconds=1)

    reply_to_leave_box(None, seen, look=time_runs_out)  # the trainee does not answer it
    click(qtbot, quiz.back_button)
    assert len(seen) == 1
    assert window.pages.currentWidget() is window.exam_result
    assert window.exam_result.result.answered == 1


def test_time_up_in_the_list_submits_and_shows_the_result(qtbot, window, store, exam,
                                                          trainee):
    start_sitting(store, trainee, exam.id, datetime.now(UTC) - timedelta(minutes=11))
    exams = open_exams(qtbot, window)
    assert exams.exams.item(0).text().endswith(" · time is up — submit it")
    assert exams.details.text() == (
        "The time for this exam is up; 0 of 3 questions are answered. Submit it to see your "
        "result: the questions not answered count as wrong.")
    assert exams.go_button.text() == "&Submit the exam ▶"
    exams.exams.setFocus()
    qtbot.keyClick(exams.exams, Qt.Key.Key_Return)  # Enter on the exam does the same
    page = window.exam_result
    assert window.pages.currentWidget() is page and page.result.answered == 0
    assert window.quiz.mode is None
    click(qtbot, page.back_button)
    assert exams.exams.item(0).text().endswith("not passed, 0 %")


def test_the_in_progress_marker_follows_a_language_switch(qtbot, window, exam):
    start(qtbot, window)
    leave(qtbot, window)
    exams = window.exam_list
    english = exams.exams.item(0).text()
    window.switch_language("pt_MO")
    try:
        text = exams.exams.item(0).text()
        assert text != english and "3 perguntas" in text
        marker = text.rsplit(" % · ", 1)[1]
        assert marker.startswith(_("in progress · {time} left").split("{time}")[0])
        assert exams.go_button.text() == _("&Continue the exam ▶")
        assert exams.details.text().startswith(_(
            "You started this exam and left it; {answered} of {count} questions are "
            "answered. Your answers are kept and the clock keeps running: {time} left. "
            "Continue with the questions not answered yet; any still unanswered when "
            "the time is up count as wrong.").split("{answered}")[0])
    finally:
        window.switch_language("en")
    assert exams.exams.item(0).text().rsplit(" · ", 2)[1] == "in progress"
    assert i18n.current_language() == "en"


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_screenshots_of_leaving_and_the_list(qtbot, window, screenshot_dir, exam, language,
                                            size):
    """tests/screenshots/exam-leaving-<size>-<language>-{box,list}.png: the box over the
    exam, and the list with the exam in progress."""
    window.resize(*size)
    window.switch_language(language)
    name = f"exam-leaving-{size[0]}x{size[1]}-{language}"
    try:
        quiz = start(qtbot, window)
        answer_with_mouse(qtbot, quiz)
        click(qtbot, quiz.next_button)

        def shoot(box):
            box.adjustSize()
            QApplication.processEvents()
            picture = window.grab()
            painter = QPainter(picture)
            painter.fillRect(picture.rect(), QColor(0, 0, 0, 60))
            shot = box.grab()
            painter.drawPixmap((picture.width() - shot.width()) // 2,
                               (picture.height() - shot.height()) // 2, shot)
            painter.end()
            assert picture.save(str(screenshot_dir / f"{name}-box.png"))

        seen = []
        reply_to_leave_box("leave", seen, look=shoot)
        click(qtbot, quiz.back_button)
        assert seen and window.pages.currentWidget() is window.exam_list
        QApplication.processEvents()
        picture = window.grab()
        assert picture.width() == size[0]
        assert picture.save(str(screenshot_dir / f"{name}-list.png"))
    finally:
        window.switch_language("en")
