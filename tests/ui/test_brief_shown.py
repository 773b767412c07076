"""Beside the table drawn, the quiz and the desk's replay show only what the drawing cannot
say; the whole question in words stays the table's description (a screen reader's)."""

from tests.ui.modes_support import start_practice


def test_the_misdeal_shows_its_brief_and_describes_the_table_with_the_prompt(qtbot, window):
    quiz = start_practice(qtbot, window, ["thirteen.misdeal"])
    question = quiz.question()
    assert question.brief is not None
    assert quiz.prompt.text() == str(question.brief)
    assert "1. " not in quiz.prompt.text()  # the deal's log is drawn, not written
    assert quiz.panel.situation.accessibleDescription() == str(question.prompt)


def test_a_question_without_a_brief_shows_its_prompt(qtbot, window):
    quiz = start_practice(qtbot, window, ["thirteen.first_seat"])
    assert quiz.prompt.text() == str(quiz.question().prompt)


def test_the_brief_follows_a_language_switch(qtbot, window):
    quiz = start_practice(qtbot, window, ["mahjong_baccarat.settlement_in_chips"])
    english = quiz.prompt.text()
    assert english.startswith("Settle the table in chips")
    window.switch_language("pt_MO")
    assert quiz.prompt.text() == str(quiz.question().brief) != english
    assert quiz.panel.situation.accessibleDescription() == str(quiz.question().prompt)
