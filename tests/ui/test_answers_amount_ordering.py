"""Money typed in the trainee's language, and options put in order by mouse and keyboard."""

from decimal import Decimal

import pytest
from answers_support import (
    Answers,
    click,
    drag,
    press_until,
    question_of,
    shown,
    skills_with,
)
from PySide6.QtCore import Qt

import i18n
from i18n import MoneyError, format_money, parse_money
from questions import AnswerKind
from ui.answers.amount import AmountInput
from ui.answers.ordering import OrderingInput
from ui.language import LanguageSwitcher

AMOUNT_SKILLS = skills_with(AnswerKind.AMOUNT)
ORDERING_SKILLS = skills_with(AnswerKind.ORDERING)
CTRL = Qt.KeyboardModifier.ControlModifier
ALT = Qt.KeyboardModifier.AltModifier


# Amounts --------------------------------------------------------------------------------


def _typed(amount: Decimal) -> str:
    """The amount as a trainee would type it: the locale's separators, no currency."""
    return format_money(amount).replace("MOP$", "").replace("MOP", "").strip()


@pytest.mark.parametrize("skill", AMOUNT_SKILLS)
def test_typing_the_amount_and_enter_grades_correct(qtbot, skill):
    question = question_of(skill, AnswerKind.AMOUNT)
    control = shown(qtbot, question)
    assert isinstance(control, AmountInput)
    answers = Answers(control)
    control.focus_first()
    text = _typed(Decimal(question.reference_answer()))
    qtbot.keyClicks(control.edit, text)
    assert control.problem.isHidden()
    qtbot.keyClick(control.edit, Qt.Key.Key_Return)
    assert answers.values == [text]
    assert question.grade(answers.last).correct


@pytest.mark.parametrize("language", ["pt_MO", "zh_Hant_MO"])
def test_amounts_are_typed_in_the_language_of_the_moment(qtbot, qapp, language):
    question = question_of("mahjong_baccarat.payout", AnswerKind.AMOUNT,
                           lambda q: q.reference_answer() >= 1000
                           or q.reference_answer() != q.reference_answer().to_integral())
    control = shown(qtbot, question)
    LanguageSwitcher(qapp).switch(language)
    answers = Answers(control)
    text = _typed(Decimal(question.reference_answer()))
    qtbot.keyClicks(control.edit, text)
    click(qtbot, control.check_button)
    assert question.grade(answers.last).correct
    assert parse_money(answers.last) == question.reference_answer()


def test_bad_money_is_explained_inline_and_nothing_is_sent(qtbot):
    question = question_of("thirteen.payout", AnswerKind.AMOUNT)
    control = shown(qtbot, question)
    answers = Answers(control)
    assert not control.check_button.isEnabled()  # nothing typed yet
    qtbot.keyClicks(control.edit, "12,34,5")
    with pytest.raises(MoneyError, match="Thousands separators go every three digits") as error:
        parse_money("12,34,5")
    assert control.problem.isVisible()
    assert control.problem.text() == str(error.value)
    qtbot.keyClick(control.edit, Qt.Key.Key_Return)
    click(qtbot, control.check_button)
    assert answers.values == []
    control.edit.clear()
    qtbot.keyClicks(control.edit, "ten patacas")
    assert "is not an amount" in control.problem.text()
    qtbot.keyClick(control.edit, Qt.Key.Key_Return)
    assert answers.values == []
    control.edit.clear()
    assert control.problem.isHidden() and not control.check_button.isEnabled()


def test_the_message_and_the_example_follow_a_language_switch(qtbot, qapp):
    question = question_of("thirteen.payout", AnswerKind.AMOUNT)
    control = shown(qtbot, question)
    qtbot.keyClicks(control.edit, "1.234,50")  # Portuguese writing: wrong in English
    english = control.problem.text()
    assert english
    placeholder = control.edit.placeholderText()
    LanguageSwitcher(qapp).switch("pt_MO")
    assert control.problem.isHidden()  # now it reads as an amount
    assert control.edit.placeholderText() != placeholder
    assert format_money(Decimal("1234.50")) in control.edit.placeholderText()
    LanguageSwitcher(qapp).switch("zh_Hant_MO")
    assert control.problem.text() == str(_error("1.234,50"))
    assert control.problem.text() != english


def _error(text: str) -> MoneyError:
    try:
        parse_money(text)
    except MoneyError as error:
        return error
    raise AssertionError(f"{text!r} reads as money")


def test_the_verdict_shows_the_right_amount(qtbot):
    question = question_of("three_card.payout", AnswerKind.AMOUNT)
    control = shown(qtbot, question)
    control.show_verdict("1", question.grade("1"))
    assert control.edit.property("verdict") == "wrong" and control.edit.isReadOnly()
    assert format_money(Decimal(question.reference_answer())) in control.expected.text()
    assert not control.check_button.isEnabled()
    i18n.set_language("pt_MO")
    control.retranslate()
    assert format_money(Decimal(question.reference_answer())) in control.expected.text()


# Orderings ------------------------------------------------------------------------------


@pytest.mark.parametrize("skill", ORDERING_SKILLS)
def test_dragging_the_rows_into_order_grades_correct(qtbot, skill):
    question = question_of(skill, AnswerKind.ORDERING)
    control = shown(qtbot, question)
    assert isinstance(control, OrderingInput)
    answers = Answers(control)
    expected = list(question.reference_answer())
    for position, value in enumerate(expected):
        row = next(r for r in control.rows if r.option.value == value)
        if control.rows.index(row) != position:
            drag(row, control.rows[position])
    assert control.order() == tuple(expected)
    click(qtbot, control.check_button)
    assert question.grade(answers.last).correct
    assert isinstance(answers.last, tuple)


@pytest.mark.parametrize("skill", ORDERING_SKILLS)
@pytest.mark.parametrize("modifier", [CTRL, ALT])
def test_moving_rows_with_the_keyboard_grades_correct(qtbot, skill, modifier):
    question = question_of(skill, AnswerKind.ORDERING)
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    for position, value in enumerate(question.reference_answer()):
        qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Home)
        press_until(lambda v=value: control.focusWidget().option.value == v,  # select it
                    lambda: qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Down))
        press_until(lambda p=position: control.rows.index(control.focusWidget()) == p,
                    lambda: qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Up, modifier))
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert control.order() == tuple(question.reference_answer())
    assert question.grade(answers.last).correct


def test_a_dropped_row_takes_the_place_of_the_row_under_it(qtbot):
    question = question_of("thirteen.rank_hands", AnswerKind.ORDERING,
                           lambda q: len(q.form.options) == 4)
    control = shown(qtbot, question)
    a, b, c, d = control.order()
    drag(control.rows[0], control.rows[2])
    assert control.order() == (b, c, a, d)
    drag(control.rows[3], control.rows[0])
    assert control.order() == (d, b, c, a)
    assert [r.position.text() for r in control.rows] == ["1.", "2.", "3.", "4."]


def test_the_verdict_marks_each_row_and_stops_the_dragging(qtbot):
    question = question_of("thirteen.rank_hands", AnswerKind.ORDERING,
                           lambda q: tuple(reversed(q.reference_answer())) != q.reference_answer())
    control = shown(qtbot, question)
    answers = Answers(control)
    given = tuple(reversed(question.reference_answer()))
    for position, value in enumerate(given):
        control.move(value, position)
    control.show_verdict(given, question.grade(given))
    first = control.rows[0]
    assert first.property("verdict") == "wrong" and first.note.text().startswith("✘")
    before = control.order()
    drag(control.rows[0], control.rows[-1])
    qtbot.keyClick(control.rows[1], Qt.Key.Key_Return)
    assert control.order() == before and answers.values == []


def test_ordering_labels_follow_a_language_switch(qtbot, qapp):
    question = question_of("thirteen.rank_hands", AnswerKind.ORDERING)
    control = shown(qtbot, question)
    english = [r.label.text() for r in control.rows]
    LanguageSwitcher(qapp).switch("pt_MO")
    assert [r.label.text() for r in control.rows] == [str(o.label)
                                                      for o in question.form.options]
    assert [r.label.text() for r in control.rows] != english
