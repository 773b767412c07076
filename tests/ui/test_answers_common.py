"""What every answer control does: built for every skill and language, problems inline,
keys kept from the window's shortcuts, carried items light their target."""

import pytest
from answers_support import Answers, digit_key, question_of, shown, skills_with
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QVBoxLayout, QWidget

import i18n
import questions
from questions import AnswerKind
from ui.answers import answer_input
from ui.answers.amount import AmountInput
from ui.answers.arrangement import ArrangementInput
from ui.answers.chips import ChipTray
from ui.answers.choice import ChoiceInput
from ui.answers.choices import ChoicesInput
from ui.answers.moves import MovesInput
from ui.answers.ordering import OrderingInput
from ui.answers.ruling import RulingInput
from ui.answers.walk import SettlementWalk
from ui.language import LanguageSwitcher

CONTROLS = {AnswerKind.CHOICE: ChoiceInput, AnswerKind.ORDERING: OrderingInput,
            AnswerKind.AMOUNT: AmountInput, AnswerKind.CHOICES: ChoicesInput,
            AnswerKind.MOVES: MovesInput, AnswerKind.ARRANGEMENT: ArrangementInput,
            AnswerKind.RULING: RulingInput, AnswerKind.CHIPS: ChipTray,
            AnswerKind.WALK: SettlementWalk}


@pytest.mark.parametrize("skill", questions.skills())
def test_every_skill_gets_the_control_of_its_form_in_every_language(qtbot, qapp, skill):
    controls = []
    for difficulty in (1, 2, 3):
        for seed in range(2):
            question = questions.generate(skill, seed, difficulty)
            control = answer_input(question)
            qtbot.addWidget(control)
            assert isinstance(control, CONTROLS[question.form.kind])
            control.show()
            controls.append(control)
    switcher = LanguageSwitcher(qapp)
    for language in (*i18n.LANGUAGES, "en"):
        switcher.switch(language)
    for control in controls:
        control.close()


@pytest.mark.parametrize("kind", list(AnswerKind), ids=lambda k: k.value)
def test_a_problem_is_shown_inline_and_the_focus_starts_inside(qtbot, kind):
    question = question_of(skills_with(kind)[0], kind)
    control = shown(qtbot, question)
    assert control.problem.isHidden()
    control.show_problem("Put every one of A, B, C in order, each exactly once.")
    assert control.problem.isVisible()
    assert control.problem.text().startswith("Put every one")
    control.focus_first()
    focused = control.focusWidget()
    assert focused is not None and control.isAncestorOf(focused)


def _in_a_window_with_shortcuts(qtbot, question, keys: tuple[str, ...]):
    """The window, binding ``keys`` as the quiz window does, with the control for
    ``question`` in it; the keys whose shortcut fired are listed in ``fired``."""
    window = QWidget()
    qtbot.addWidget(window)
    control = answer_input(question)
    QVBoxLayout(window).addWidget(control)
    fired: list[str] = []
    for key in keys:
        shortcut = QShortcut(QKeySequence(key), window,
                             context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(lambda k=key: fired.append(k))
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    return window, control, fired


def test_the_controls_keys_win_over_the_windows_shortcuts(qtbot):
    """The quiz window may bind 1–4 and Enter; inside a control the control's keys win."""
    question = question_of("thirteen.first_seat", AnswerKind.CHOICE)
    _window, control, fired = _in_a_window_with_shortcuts(qtbot, question, ("2", "Return"))
    answers = Answers(control)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), digit_key(2))
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert fired == []
    assert answers.values == [question.form.options[1].value, question.form.options[0].value]


@pytest.mark.parametrize("kind", list(AnswerKind), ids=lambda k: k.value)
def test_once_answered_the_keys_go_back_to_the_window(qtbot, kind):
    """After the verdict no control takes Enter or a digit: nothing more is sent, and the
    window's shortcuts (Enter for the next question) work again."""
    question = question_of(skills_with(kind)[0], kind)
    _window, control, fired = _in_a_window_with_shortcuts(qtbot, question, ("1", "Return"))
    answers = Answers(control)
    reference = question.reference_answer()
    control.show_verdict(reference, question.grade(reference))
    control.setFocus()
    qtbot.keyClick(control, digit_key(1))
    qtbot.keyClick(control, Qt.Key.Key_Return)
    assert answers.values == [] and fired == ["1", "Return"]


def test_a_carried_card_lights_the_place_under_it(qtbot):
    question = question_of("thirteen.misdeal", AnswerKind.MOVES,
                           lambda q: q.reference_answer()["action"] == "rectify")
    control = shown(qtbot, question)
    control.choose_action("rectify")
    card, place = question.reference_answer()["moves"][0]
    piece, target = control.pieces[card], control.rows[place]
    start = piece.rect().center()
    over = piece.mapFromGlobal(target.mapToGlobal(target.rect().center()))
    QTest.mousePress(piece, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(piece, start + QPoint(15, 15))
    QTest.mouseMove(piece, over)
    assert target.property("hover") is True
    assert control.carrier.carrying()
    QTest.mouseRelease(piece, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, over)
    assert target.property("hover") is False
    assert control.moves == {card: place}


def test_a_click_without_carrying_moves_nothing(qtbot):
    question = question_of("thirteen.house_way", AnswerKind.ARRANGEMENT)
    control = shown(qtbot, question)
    piece = next(iter(control.pieces.values()))
    qtbot.mouseClick(piece, Qt.MouseButton.LeftButton, pos=piece.rect().center())
    assert control.where[piece.card] == "hand"
    assert control.focusWidget() is piece  # a click selects the card for the keyboard
