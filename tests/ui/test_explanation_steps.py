"""Explanations as short numbered steps, each article set apart, no run of cards or ranks
broken across lines."""

import questions
from tests.ui.modes_support import answer_with_mouse, start_practice
from ui.explanation import steps_html, unbroken


def test_runs_of_cards_and_ranks_hold_together():
    assert unbroken("flush K-Q-J-10-4 beats 9♠ 8♥ 7♦") == (
        "flush K\u2011Q\u2011J\u201110\u20114 beats 9♠\u00a08♥\u00a07♦")
    assert unbroken("A-2-3 and 1-0") == "A\u20112\u20113 and 1-0"


def test_each_reason_is_a_step_with_its_article_apart():
    question = questions.generate("thirteen.showdown", 3, 2)
    verdict = question.grade(question.reference_answer())
    shown = steps_html(verdict)
    assert shown.startswith("<ol") and shown.count("<li") == len(verdict.reasons)
    for text, cite in verdict.steps:
        assert cite in shown and not text.endswith("]")


def test_the_quiz_shows_the_steps(qtbot, window, screenshot_dir):
    quiz = start_practice(qtbot, window, ["thirteen.showdown"])
    answer_with_mouse(qtbot, quiz)
    assert quiz.explanation.text().startswith("<ol")
    assert "Ordinance 51/89/M" in quiz.explanation.text()
    window.grab().save(str(screenshot_dir / "explanation_steps_en.png"))
