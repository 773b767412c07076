"""Paying with chips (HI-CHIP-CHANGE): a payment built from the tray by mouse, drag and
keys, change typed beside it in the trainee's language, the answer as ``read_chips`` reads
it, the verdict and its notes, and the control at its smallest and in the three languages.

Until the chip skills exist, a typed payout question is asked in chips: the same question
with the CHIPS form, graded here by the amount its chips and change make."""

import dataclasses
from decimal import Decimal

import pytest
from answers_support import Answers, click, drag, pay_with_keys, pay_with_mouse, shown
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWidget

import i18n
import questions
from i18n import N_, Message, format_money, parse_money
from questions import AnswerForm, AnswerKind, Question, Verdict
from questions.answers import read_chips
from trainer.rules.chips import total
from trainer.rules.house import ChipCurrency, ChipRules
from ui.answers import answer_input
from ui.answers.chips import KEYS, ChipTray
from ui.language import LanguageSwitcher

LANGUAGES = ("en", "pt_MO", "zh_Hant_MO")
SHIFT = Qt.KeyboardModifier.ShiftModifier
D = Decimal


def chips_question(seed: int = 1, chips: ChipRules | None = None) -> Question:
    """A three-card payout asked in chips (seed 1 pays MOP 161.50: 160 in chips, 1.50 as
    change)."""
    question = questions.generate("three_card.payout", seed, 1)
    assert question.form.kind is AnswerKind.AMOUNT
    rules = question.rules if chips is None else dataclasses.replace(question.rules,
                                                                     chips=chips)
    return dataclasses.replace(question, form=AnswerForm(AnswerKind.CHIPS), rules=rules)


def expected_amount(question: Question) -> Decimal:
    return question.grade(question.reference_answer()).expected


def grade(question: Question, answer) -> Verdict:
    """The payment read as the grading reads it, right when it makes the amount due."""
    chips, change = read_chips(answer, question.rules.chips.tray)
    right = question.grade(question.reference_answer())
    correct = total(chips) + change == right.expected
    return dataclasses.replace(right, correct=correct, score=1.0 if correct else 0.0,
                               notes=(Message.of(N_("Below the smallest chip an amount is "
                                                    "paid as change.")),))


def tray(qtbot, question: Question | None = None, width: int = 1180) -> ChipTray:
    control = shown(qtbot, question or chips_question(), width)
    assert isinstance(control, ChipTray)
    return control


def key(qtbot, control: ChipTray, letter: str, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(QApplication.focusWidget() or control, getattr(Qt.Key, f"Key_{letter}"),
                   modifier)


def counts(control: ChipTray) -> dict[str, int]:
    return {str(int(value)): count for value, count in control.stacks_given()}


# The mouse ------------------------------------------------------------------------------


def test_clicking_chips_builds_the_payment_and_its_total(qtbot):
    question = chips_question()
    control = tray(qtbot, question)
    answers = Answers(control)
    assert not control.check_button.isEnabled() and control.answer() is None
    assert control.empty.isVisible()
    for value in (100, 50, 10, 10):
        click(qtbot, control.chips[D(value)])
    assert counts(control) == {"100": 1, "50": 1, "10": 2}
    assert control.stacks[D(10)].isVisible() and control.stacks[D(10)].count == 2
    assert not control.stacks[D(5)].isVisible() and not control.empty.isVisible()
    assert control.total.text() == f"Total: {format_money(D(170))}"
    click(qtbot, control.stacks[D(10)])  # a stack clicked gives one back
    assert counts(control) == {"100": 1, "50": 1, "10": 1}
    assert control.total.text() == f"Total: {format_money(D(160))}"
    assert control.payment.accessibleDescription().endswith(control.total.text())
    click(qtbot, control.change)
    qtbot.keyClicks(control.change, "1.50")
    assert control.total.text() == f"Total: {format_money(D('161.50'))}"
    click(qtbot, control.check_button)
    assert answers.values == [{"chips": {"100": 1, "50": 1, "10": 1}, "change": "1.50"}]
    assert read_chips(answers.last, question.rules.chips.tray) == (
        {D(100): 1, D(50): 1, D(10): 1}, D("1.50"))
    assert grade(question, answers.last).correct


def test_chips_are_dragged_onto_the_payment_and_stacks_back_onto_the_tray(qtbot):
    control = tray(qtbot)
    drag(control.chips[D(500)], control.payment)
    drag(control.chips[D(25)], control.payment)
    drag(control.chips[D(25)], control.payment)
    assert counts(control) == {"500": 1, "25": 2}
    drag(control.stacks[D(25)], control.tray)
    assert counts(control) == {"500": 1, "25": 1}
    drag(control.chips[D(5)], control.tray)  # let go where it came from: nothing added
    assert counts(control) == {"500": 1, "25": 1}


# The keyboard ---------------------------------------------------------------------------


def test_letters_add_chips_backspace_takes_the_last_back_and_enter_checks(qtbot):
    question = chips_question()
    control = tray(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    assert QApplication.focusWidget() is control.tray
    for letter in "GFSSDA":  # 100, 50, 10, 10, 25, 5
        key(qtbot, control, letter)
    assert counts(control) == {"100": 1, "50": 1, "25": 1, "10": 2, "5": 1}
    key(qtbot, control, "Backspace")  # the 5, added last
    key(qtbot, control, "Backspace")  # then the 25
    key(qtbot, control, "S", SHIFT)  # Shift+letter: one of that chip back
    assert counts(control) == {"100": 1, "50": 1, "10": 1}
    assert control.added == [D(100), D(50), D(10)]
    key(qtbot, control, "Tab")
    assert QApplication.focusWidget() is control.change
    qtbot.keyClicks(control.change, "1.50")
    key(qtbot, control, "Backspace")  # in the change box Backspace edits the text
    assert control.change.text() == "1.5" and len(control.added) == 3
    key(qtbot, control, "Return")
    assert answers.values == [{"chips": {"100": 1, "50": 1, "10": 1}, "change": "1.5"}]
    assert grade(question, answers.last).correct


def test_the_letters_are_the_home_row_from_the_smallest_chip_never_a_digit_nor_n(qtbot):
    assert len(set(KEYS)) == len(KEYS) == 12 and KEYS.isalpha() and "N" not in KEYS
    control = tray(qtbot)
    assert [control.chips[v].key for v in control.denominations] == list("ASDFGHJKL")
    assert control.chips[D(5)].accessibleName() == f"{format_money(D(5))} chip, key A"


def test_the_trays_keys_win_over_the_windows_shortcuts(qtbot):
    """The letters, Backspace and Enter are the tray's while it has the focus; N (the next
    question) is not one of them and still reaches the window."""
    window = QWidget()
    qtbot.addWidget(window)
    control = answer_input(chips_question())
    QVBoxLayout(window).addWidget(control)
    fired = []
    for sequence in ("A", "G", "Backspace", "Return", "N"):
        shortcut = QShortcut(QKeySequence(sequence), window,
                             context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(lambda s=sequence: fired.append(s))
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    answers = Answers(control)
    control.focus_first()
    for letter in ("A", "G", "G", "Backspace", "Return", "N"):
        key(qtbot, control, letter)
    assert fired == ["N"] and counts(control) == {"100": 1, "5": 1}
    assert answers.values == [{"chips": {"100": 1, "5": 1}, "change": ""}]
    control.show_verdict(answers.last, grade(chips_question(), answers.last))
    control.setFocus()
    for letter in ("G", "Return"):  # answered: the keys are the window's again
        key(qtbot, control, letter)
    assert fired == ["N", "G", "Return"] and len(answers.values) == 1


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("pay", [pay_with_mouse, pay_with_keys], ids=["mouse", "keys"])
def test_the_shared_steps_pay_an_answer_by_mouse_and_by_keys(qtbot, qapp, pay, language):
    """As the walks through every screen give a chip answer, in each language."""
    question = chips_question()
    control = tray(qtbot, question)
    LanguageSwitcher(qapp).switch(language)
    answers = Answers(control)
    control.focus_first()
    paid = {"chips": {"100": 1, "50": 1, "10": 1}, "change": format_money(D("1.50"))}
    pay(qtbot, control, paid)
    assert read_chips(answers.last, question.rules.chips.tray) == (
        {D(100): 1, D(50): 1, D(10): 1}, D("1.50"))
    assert grade(question, answers.last).correct


# The change -----------------------------------------------------------------------------


def test_change_is_typed_in_portuguese_with_a_comma(qtbot, qapp):
    question = chips_question()
    control = tray(qtbot, question)
    LanguageSwitcher(qapp).switch("pt_MO")
    answers = Answers(control)
    for value in (100, 50, 10):
        click(qtbot, control.chips[D(value)])
    click(qtbot, control.change)
    qtbot.keyClicks(control.change, "1,50")
    assert control.problem.isHidden()
    assert control.total.text().endswith(format_money(D("161.50")))
    assert "161,50" in control.total.text()
    qtbot.keyClick(control.change, Qt.Key.Key_Return)
    assert answers.last == {"chips": {"100": 1, "50": 1, "10": 1}, "change": "1,50"}
    assert read_chips(answers.last, question.rules.chips.tray)[1] == D("1.50")
    assert grade(question, answers.last).correct


def test_wrong_change_is_said_inline_and_blocks_checking(qtbot):
    control = tray(qtbot)
    answers = Answers(control)
    click(qtbot, control.chips[D(100)])
    click(qtbot, control.change)
    qtbot.keyClicks(control.change, "1,5,0")
    with pytest.raises(i18n.MoneyError, match="cents come after") as error:
        parse_money("1,5,0")
    assert control.problem.isVisible() and control.problem.text() == str(error.value)
    qtbot.keyClick(control.change, Qt.Key.Key_Return)
    click(qtbot, control.check_button)
    assert answers.values == [] and control.answer() is None
    control.change.setText("7")  # a 5 chip's worth is paid in chips, not as change
    assert control.problem.text() == ("Change is what is below the smallest chip "
                                      f"({format_money(D(5))}): pay the rest in chips.")
    assert control.total.text() == f"Total: {format_money(D(100))}"
    control.change.setText("-1")
    assert control.problem.isVisible() and control.answer() is None
    control.change.setText("4.50")
    assert control.problem.isHidden()
    click(qtbot, control.check_button)
    assert answers.values == [{"chips": {"100": 1}, "change": "4.50"}]


def test_change_alone_is_an_answer_and_nothing_at_all_is_not(qtbot):
    control = tray(qtbot)
    answers = Answers(control)
    control.focus_first()
    key(qtbot, control, "Return")
    assert answers.values == [] and not control.check_button.isEnabled()
    control.change.setText("3")
    click(qtbot, control.check_button)
    assert answers.values == [{"chips": {}, "change": "3"}]


def test_a_house_tray_in_hong_kong_dollars_with_twelve_chips(qtbot):
    house = ChipRules(denominations="1 2 5 10 20 50 100 200 500 1000 2000 5000",
                      currency=ChipCurrency.HKD)
    question = chips_question(chips=house)
    control = tray(qtbot, question)
    assert [control.chips[v].key for v in control.denominations] == list(KEYS)
    control.focus_first()
    for letter in "CZB":  # 5000, 1000; B is no chip's
        key(qtbot, control, letter)
    control.change.setText("0.50")
    assert control.answer() == {"chips": {"5000": 1, "1000": 1}, "change": "0.50"}
    assert control.total.text() == f"Total: {format_money(D('6000.50'), currency='HKD')}"
    assert "HK$" in control.total.text()


# The verdict ----------------------------------------------------------------------------


def _answered(qtbot, given, question: Question | None = None) -> ChipTray:
    question = question or chips_question()
    control = tray(qtbot, question)
    control.show_given(given)
    control.show_verdict(given, grade(question, given))
    return control


def test_a_wrong_payment_is_frozen_marked_and_told_the_amount_with_the_notes(qtbot):
    given = {"chips": {"100": 1, "50": 1, "5": 1}, "change": "1.50"}
    control = _answered(qtbot, given)
    assert counts(control) == {"100": 1, "50": 1, "5": 1}
    assert control.change.text() == "1.50" and control.change.isReadOnly()
    assert control.payment.property("verdict") == "wrong"
    assert control.expected.text() == f"✘ The amount is {format_money(D('161.50'))}."
    assert control.notes.isVisible()
    assert control.notes.text() == "Below the smallest chip an amount is paid as change."
    assert not control.tray.isEnabled() and not control.check_button.isEnabled()
    click(qtbot, control.stacks[D(100)])  # nothing moves once answered
    control.setFocus()
    key(qtbot, control, "G")
    key(qtbot, control, "Backspace")
    assert counts(control) == {"100": 1, "50": 1, "5": 1}


def test_a_right_payment_is_marked_right(qtbot):
    control = _answered(qtbot, {"chips": {"100": 1, "50": 1, "10": 1}, "change": "1.50"})
    assert control.payment.property("verdict") == "right"
    assert control.expected.text() == "✔"


def test_a_recorded_payment_is_shown_as_given(qtbot):
    control = tray(qtbot)
    control.show_given({"chips": {"10000": 2, "25": 3, "7": 1}, "change": "abc"})
    assert counts(control) == {"10000": 2, "25": 3}  # a chip not in the tray is left out
    assert control.change.text() == "abc" and control.problem.isVisible()


# Size and languages ---------------------------------------------------------------------


def test_the_tray_wraps_and_fits_a_640_by_400_window(qtbot, window, screenshot_dir):
    from modes_support import start_practice
    from test_scaled_screens import cut_controls

    from tests.ui.mnemonics import clashes

    window.resize(640, 400)
    quiz = start_practice(qtbot, window, ["three_card.payout"])
    question = chips_question()
    quiz.panel.show_question(question)
    control = quiz.panel.answer_input
    for value in (100, 50, 10, 5, 5):
        click(qtbot, control.chips[D(value)])
    given = control.answer()
    quiz.panel.show_verdict(given, grade(question, given))
    QApplication.processEvents()
    quiz.panel.body.verticalScrollBar().setValue(quiz.panel.body.verticalScrollBar().maximum())
    window.grab().save(str(screenshot_dir / "answers_chips_640x400.png"))
    control.grab().save(str(screenshot_dir / "answers_chips_640x400_control.png"))
    tops = {chip.y() for chip in control.chips.values()}
    assert len(tops) > 1, "the tray did not wrap"
    inside = QRect(0, 0, control.tray.width(), control.tray.height())
    assert all(inside.contains(chip.geometry()) for chip in control.chips.values())
    typed = answer_input(questions.generate("three_card.payout", 1, 1))
    qtbot.addWidget(typed)
    assert control.minimumSizeHint().width() <= typed.minimumSizeHint().width()
    assert cut_controls(window) == []
    assert clashes(window) == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_screenshots_of_a_payment(qtbot, qapp, screenshot_dir, language):
    question = chips_question()
    LanguageSwitcher(qapp).switch(language)
    try:
        control = tray(qtbot, question, width=760)
        for value in (100, 50, 10, 10, 10, 10, 10, 10):
            click(qtbot, control.chips[D(value)])
        control.change.setText(format_money(D("1.50")).replace("MOP$", "").strip())
        assert control.problem.isHidden()
        control.resize(760, control.heightForWidth(760))
        QApplication.processEvents()
        control.grab().save(str(screenshot_dir / f"answers_chips_{language}.png"))
        control.change.setText("9")
        control.resize(760, control.heightForWidth(760))
        QApplication.processEvents()
        control.grab().save(str(screenshot_dir / f"answers_chips_problem_{language}.png"))
        control.change.setText("1")
        control.show_verdict(control.answer(), grade(question, control.answer()))
        control.resize(760, control.heightForWidth(760))
        QApplication.processEvents()
        control.grab().save(str(screenshot_dir / f"answers_chips_answered_{language}.png"))
        assert control.notes.isVisible()
    finally:
        i18n.set_language("en")
