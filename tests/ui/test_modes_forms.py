"""Every form of answer, given with the mouse and with the keyboard, through the real quiz
view: the right answer is graded right, explained and stored."""

import pytest
from modes_support import (
    FORMS,
    answer_with_keyboard,
    answer_with_mouse,
    attempts,
    click,
    seed_for,
    start_practice,
    use_seeds,
)

from questions import AnswerKind, Question

HANDS = {"mouse": answer_with_mouse, "keyboard": answer_with_keyboard}


@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize("kind", list(AnswerKind), ids=lambda kind: kind.value)
def test_the_right_answer_of_every_form(qtbot, window, store, monkeypatch, kind, hand):
    skill, level, accept = FORMS[kind]
    seed = seed_for(skill, kind, accept, level)
    use_seeds(monkeypatch, seed)
    quiz = start_practice(qtbot, window, [skill], level)
    question = quiz.question()
    assert question.form.kind is kind and question.seed == seed
    HANDS[hand](qtbot, quiz, question.reference_answer())
    assert quiz.result.text().startswith("✔"), quiz.result.text()
    assert "Article" in quiz.explanation.text() or "interpretation" in quiz.explanation.text()
    [attempt] = attempts(store)
    assert attempt.correct and attempt.score == 1.0 and attempt.skill == skill
    assert Question.from_json(attempt.question) == question
    assert question.grade(attempt.answer).correct  # what was stored grades the same


def test_a_partly_right_ordering_shows_its_score(qtbot, window, store, monkeypatch):
    skill, level, accept = FORMS[AnswerKind.ORDERING]
    use_seeds(monkeypatch, seed_for(skill, AnswerKind.ORDERING, accept, level))
    quiz = start_practice(qtbot, window, [skill], level)
    right = list(quiz.question().reference_answer())
    right[0], right[1] = right[1], right[0]
    answer_with_mouse(qtbot, quiz, tuple(right))
    assert quiz.result.text().startswith("✘") and "Score:" in quiz.result.text()
    [attempt] = attempts(store)
    assert not attempt.correct and 0 < attempt.score < 1
    click(qtbot, quiz.next_button)
    assert quiz.feedback.isHidden()
