"""Leaving practice or a drill ends with the session's summary and "retry my mistakes"."""

from PySide6.QtCore import Qt

from tests.ui.modes_support import answer_with_mouse, click, key, start_practice

FIRST_SEAT = "thirteen.first_seat"


def wrong_answer(question):
    return next(o.value for o in question.form.options
                if o.value != question.reference_answer())


def test_a_practice_session_ends_with_its_summary_and_the_mistakes_again(qtbot, window):
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    answer_with_mouse(qtbot, quiz)
    key(qtbot, None, Qt.Key.Key_N)
    missed = quiz.question()
    answer_with_mouse(qtbot, quiz, wrong_answer(missed))
    key(qtbot, None, Qt.Key.Key_N)
    answer_with_mouse(qtbot, quiz)
    click(qtbot, quiz.back_button)
    summary = window.session_summary
    assert window.pages.currentWidget() is summary
    assert summary.figures.text().startswith("3 answered · 2 right · ")
    assert summary.missed.text() == ("Skills missed: 13-card game: the place that receives "
                                     "the first card (1)")
    assert summary.retry_button.isEnabled() and window.focusWidget() is summary.retry_button
    click(qtbot, summary.retry_button)
    again = quiz.question()
    assert (again.skill, again.seed, again.difficulty) == (missed.skill, missed.seed,
                                                           missed.difficulty)
    answer_with_mouse(qtbot, quiz)
    key(qtbot, None, Qt.Key.Key_N)
    assert quiz.question() is None  # every mistake tried again
    click(qtbot, quiz.back_button)
    assert window.pages.currentWidget() is summary
    assert "No mistakes in this session." in summary.missed.text()
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is window.home


def test_leaving_without_an_answer_goes_straight_home(qtbot, window):
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    click(qtbot, quiz.back_button)
    assert window.pages.currentWidget() is window.home
