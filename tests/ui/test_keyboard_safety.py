"""No key records an answer the trainee never meant: Enter checks, then Enter (or N) goes on,
and not in the first 400 ms after a verdict."""

from PySide6.QtCore import Qt

from tests.ui.modes_support import key, start_practice
from trainer.progress.storage.database import connection
from ui.quiz_view import SETTLE_S, QuizView

FIRST_SEAT = "thirteen.first_seat"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def attempts(store):
    return connection(store).execute("SELECT count(*) FROM attempts").fetchone()[0]


def test_enter_twice_records_one_answer_and_stays_on_the_verdict(qtbot, window, store,
                                                                 monkeypatch):
    clock = Clock()
    monkeypatch.setattr(QuizView, "clock", clock)
    monkeypatch.setattr(QuizView, "settle_s", SETTLE_S)
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    first = quiz.question()
    key(qtbot, None, Qt.Key.Key_Return)  # checks
    clock.now += 0.39
    key(qtbot, None, Qt.Key.Key_Return)  # 390 ms later: a double press, heard as nothing
    key(qtbot, None, Qt.Key.Key_Enter)
    assert attempts(store) == 1 and quiz.question() is first
    assert not quiz.feedback.isHidden()
    clock.now += 0.02  # 410 ms after the verdict, Enter goes on
    key(qtbot, None, Qt.Key.Key_Return)
    assert quiz.question() is not first and quiz.feedback.isHidden()
    assert attempts(store) == 1
    assert not quiz.next_button.autoDefault()


def test_the_keypad_enter_goes_on_as_well(qtbot, window, store, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(QuizView, "clock", clock)
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    first = quiz.question()
    key(qtbot, None, Qt.Key.Key_Enter)
    clock.now += 1
    key(qtbot, None, Qt.Key.Key_Enter)
    assert quiz.question() is not first and attempts(store) == 1


def test_next_waits_400_ms_after_a_verdict(qtbot, window, store, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(QuizView, "clock", clock)
    monkeypatch.setattr(QuizView, "settle_s", SETTLE_S)
    assert SETTLE_S == 0.4
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    first = quiz.question()
    key(qtbot, None, Qt.Key.Key_1)  # answered at once with the digit of a place
    clock.now += 0.39
    key(qtbot, None, Qt.Key.Key_N)
    quiz.next_button.click()
    assert quiz.question() is first  # too soon: both ignored
    clock.now += 0.02  # 410 ms after the verdict
    key(qtbot, None, Qt.Key.Key_N)
    assert quiz.question() is not first and attempts(store) == 1


def test_staying_in_the_exam_keeps_the_typed_amount_and_its_focus(qtbot, window, store):
    from exam_support import make_exam, reply_to_leave_box, start
    from modes_support import click

    from questions import AnswerKind

    make_exam(store)
    quiz = start(qtbot, window)
    while quiz.question().form.kind is not AnswerKind.AMOUNT:
        click(qtbot, quiz.mode.skip_button)
    edit = quiz.panel.answer_input.edit
    edit.setFocus()
    qtbot.keyClicks(edit, "370.50")
    reply_to_leave_box("stay")
    click(qtbot, quiz.back_button)
    assert window.pages.currentWidget() is window.quiz
    assert edit.text() == "370.50" and window.focusWidget() is edit
