"""When a question opens, the keyboard is on its answer; after a dialog or the rulebook it
is back where it was."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from questions import AnswerKind
from tests.ui.modes_support import FORMS, key, seed_for, start_practice, use_seeds


def inside(widget, parent) -> bool:
    while widget is not None:
        if widget is parent:
            return True
        widget = widget.parentWidget()
    return False


@pytest.mark.parametrize("kind", list(AnswerKind), ids=lambda k: k.value)
def test_the_keyboard_is_on_the_answer_when_a_question_opens(qtbot, window, monkeypatch,
                                                             kind):
    skill, level, accept = FORMS[kind]
    use_seeds(monkeypatch, seed_for(skill, kind, accept, level))
    window.activateWindow()
    quiz = start_practice(qtbot, window, [skill], level)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    assert inside(QApplication.focusWidget(), quiz.panel.answer_input), \
        QApplication.focusWidget()


def open_rulebook(qtbot, window) -> None:
    """The rulebook opened, as F1 does, and the keyboard in it."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.open_rulebook()
    assert window.pages.currentWidget() is window.rulebook
    assert inside(QApplication.focusWidget(), window.rulebook)


def test_after_the_verdict_enter_goes_on_and_the_keyboard_is_on_the_new_answer(qtbot, window):
    quiz = start_practice(qtbot, window, ["thirteen.first_seat"])
    first = quiz.question()
    key(qtbot, None, Qt.Key.Key_1)
    key(qtbot, None, Qt.Key.Key_Return)
    assert quiz.question() is not first
    assert inside(QApplication.focusWidget(), quiz.panel.answer_input)


def test_escape_out_of_the_rulebook_puts_the_keyboard_back_on_the_answer(qtbot, window):
    quiz = start_practice(qtbot, window, ["thirteen.misdeal"])
    control = quiz.panel.answer_input
    control.radios[1].setFocus()
    open_rulebook(qtbot, window)
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is quiz
    assert QApplication.focusWidget() is control.radios[1]


def test_escape_out_of_the_rulebook_after_a_verdict_puts_the_keyboard_on_next(qtbot, window):
    quiz = start_practice(qtbot, window, ["thirteen.first_seat"])
    key(qtbot, None, Qt.Key.Key_1)
    open_rulebook(qtbot, window)
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is quiz
    assert QApplication.focusWidget() is quiz.next_button


def test_escape_out_of_the_rulebook_opened_from_home_leaves_the_keyboard_on_home(qtbot,
                                                                                 window):
    from tests.ui.modes_support import open_home

    home = open_home(qtbot, window)
    home.buttons["practice"].setFocus()
    open_rulebook(qtbot, window)
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is home
    assert QApplication.focusWidget() is home.buttons["practice"]


def test_a_citation_followed_then_escape_puts_the_keyboard_on_next(qtbot, window):
    """A link in the reasons clicked (the reasons had the focus), the rulebook left with
    Escape: the keyboard is on Next, not on the reasons' text."""
    quiz = start_practice(qtbot, window, ["thirteen.first_seat"])
    key(qtbot, None, Qt.Key.Key_1)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    quiz.explanation.setFocus(Qt.FocusReason.MouseFocusReason)  # as a click on its link
    link = quiz.explanation.text().split("href='")[1].split("'")[0]
    quiz.explanation.linkActivated.emit(link)
    assert window.pages.currentWidget() is window.rulebook
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is quiz
    assert QApplication.focusWidget() is quiz.next_button
