"""Nothing on the table moves when the verdict shows: the drawing keeps its place and size,
and the answer control its place and width (marks are drawn over them). One question of
every answer form, answered, at 1280×800. (While the answer is built the table may give
room to it — the moves listed under a misdeal — so that both stay in view.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication

from questions import AnswerKind
from tests.ui.modes_support import FORMS, answer_with_mouse, seed_for, start_practice, use_seeds
from ui.quiz_view import QuizView


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def place_of(widget, window) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


@pytest.mark.parametrize("kind", list(AnswerKind), ids=lambda k: k.value)
def test_the_table_and_the_answer_stay_where_they_were(qtbot, window, monkeypatch, kind):
    skill, level, accept = FORMS[kind]
    use_seeds(monkeypatch, seed_for(skill, kind, accept, level))
    window.resize(1280, 800)
    quiz = start_practice(qtbot, window, [skill], level)
    settle()
    panel = quiz.panel
    seen = []
    grade = QuizView.answer

    def answer(view, given):  # where everything was the moment the answer was given
        settle()
        seen.append((place_of(panel.situation, window), place_of(panel.answer_input, window)))
        grade(view, given)
    monkeypatch.setattr(QuizView, "answer", answer)
    answer_with_mouse(qtbot, quiz)
    [before] = seen
    settle()
    assert not quiz.feedback.isHidden()
    after = place_of(panel.situation, window), place_of(panel.answer_input, window)
    assert after[0] == before[0], ("the table moved or changed size", before, after)
    assert after[1].topLeft() == before[1].topLeft() and after[1].width() == before[1].width()
