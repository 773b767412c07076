"""One option, or a set of options: answered by mouse and by keyboard for every skill."""

import pytest
from answers_support import (
    Answers,
    click,
    digit_key,
    press_until,
    question_of,
    shown,
    skills_with,
)
from PySide6.QtCore import Qt

import questions
from questions import AnswerKind
from ui.answers.choice import ChoiceInput
from ui.answers.choices import ChoicesInput
from ui.language import LanguageSwitcher

CHOICE_SKILLS = skills_with(AnswerKind.CHOICE)
CHOICES_SKILLS = skills_with(AnswerKind.CHOICES)


def test_every_form_of_answer_is_asked_somewhere():
    for kind in AnswerKind:
        assert skills_with(kind), kind


# One option -----------------------------------------------------------------------------


@pytest.mark.parametrize("skill", CHOICE_SKILLS)
def test_clicking_the_right_option_grades_correct(qtbot, skill):
    question = question_of(skill, AnswerKind.CHOICE)
    control = shown(qtbot, question)
    assert isinstance(control, ChoiceInput)
    answers = Answers(control)
    right = [o.value for o in question.form.options].index(question.reference_answer())
    click(qtbot, control.buttons[right])
    assert question.grade(answers.last).correct


@pytest.mark.parametrize("skill", CHOICE_SKILLS)
def test_the_keyboard_answers_with_a_key_or_the_arrows_and_enter(qtbot, skill):
    question = question_of(skill, AnswerKind.CHOICE)
    values = [o.value for o in question.form.options]
    right = values.index(question.reference_answer())
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), getattr(Qt.Key, f"Key_{control.keys[right]}"))
    assert question.grade(answers.last).correct
    answers.values.clear()
    control.focus_first()
    for _ in range(right):  # → walks the buttons in reading order, row after row
        qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Right)
    assert control.focusWidget() is control.buttons[right]
    if right >= control.columns:  # ↑ then ↓ keeps the column
        qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Up)
        assert control.focusWidget() is control.buttons[right - control.columns]
        qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Down)
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert answers.values == [values[right]]


def test_every_option_has_its_key_and_places_their_own_number(qtbot):
    from ui.answers.common import option_keys

    assert option_keys([2, 1]) == ["2", "1"]  # who wins a tier: Place 2, Place 1 (banker)
    assert option_keys(list(range(1, 14))) == [*"1234567890ABC"]  # claims: 13 options
    assert option_keys(["a", "b"]) == ["1", "2"]
    keys = option_keys([f"o{n}" for n in range(30)])
    assert "N" not in keys and len(set(keys)) == 30  # N is "next question"
    question = next(q for q in (questions.generate("mahjong.claim", seed, 3)
                                for seed in range(400)) if len(q.form.options) >= 10)
    control = shown(qtbot, question)
    assert all(control.keys) and [b.badge.text() for b in control.buttons] == control.keys
    answers = Answers(control)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), getattr(Qt.Key, f"Key_{control.keys[9]}"))
    assert answers.values == [question.form.options[9].value]


def test_a_digit_beyond_the_options_does_nothing(qtbot):
    question = question_of("thirteen.first_seat", AnswerKind.CHOICE)
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_9)
    assert answers.values == []


def test_the_verdict_marks_right_and_wrong_and_takes_no_more_answers(qtbot):
    question = question_of("thirteen.first_seat", AnswerKind.CHOICE)
    control = shown(qtbot, question)
    answers = Answers(control)
    values = [o.value for o in question.form.options]
    right = values.index(question.reference_answer())
    wrong = (right + 1) % len(values)
    click(qtbot, control.buttons[wrong])
    control.show_verdict(answers.last, question.grade(answers.last))
    assert control.buttons[right].property("verdict") == "right"
    assert control.buttons[right].badge.text() == "✔"
    assert control.buttons[wrong].property("verdict") == "wrong"
    assert control.buttons[wrong].badge.text() == "✘"
    click(qtbot, control.buttons[right])
    qtbot.keyClick(control, digit_key(right + 1))
    assert answers.values == [values[wrong]]


def test_option_labels_follow_a_language_switch(qtbot, qapp):
    question = question_of("sap_i_chi.procedure", AnswerKind.CHOICE)
    control = shown(qtbot, question)
    english = [b.text_shown() for b in control.buttons]
    LanguageSwitcher(qapp).switch("pt_MO")
    portuguese = [b.text_shown() for b in control.buttons]
    assert portuguese == [str(o.label) for o in question.form.options]
    assert portuguese != english
    assert control.hint.text() == ("Clique numa opção ou prima a sua tecla; as teclas de "
                                   "seta e Enter também funcionam.")


# A set of options -----------------------------------------------------------------------


def _ticks(question) -> list[int]:
    values = [o.value for o in question.form.options]
    return [values.index(v) for v in question.reference_answer()]


@pytest.mark.parametrize("skill", CHOICES_SKILLS)
def test_ticking_the_right_options_by_mouse_grades_correct(qtbot, skill):
    question = question_of(skill, AnswerKind.CHOICES)
    control = shown(qtbot, question)
    assert isinstance(control, ChoicesInput)
    answers = Answers(control)
    for index in _ticks(question):
        click(qtbot, control.boxes[index])
    click(qtbot, control.check_button)
    assert question.grade(answers.last).correct
    assert isinstance(answers.last, list)  # JSON-ready for the store


@pytest.mark.parametrize("skill", CHOICES_SKILLS)
def test_ticking_by_keyboard_with_digits_space_and_enter(qtbot, skill):
    question = question_of(skill, AnswerKind.CHOICES)
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    for index in _ticks(question):
        if index < 9:
            qtbot.keyClick(control.focusWidget(), digit_key(index + 1))
        else:  # past the ninth: walk down the list and tick with Space
            press_until(lambda i=index: control.boxes.index(control.focusWidget()) == i,
                        lambda: qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Tab))
            qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Space)
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert question.grade(answers.last).correct


def test_a_digit_toggles_and_nothing_ticked_is_an_answer(qtbot):
    question = question_of("thirteen.foul", AnswerKind.CHOICES,
                           lambda q: not q.reference_answer())
    control = shown(qtbot, question)
    answers = Answers(control)
    assert control.check_button.text() == "&Check: none of these"
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_1)
    assert control.boxes[0].isChecked()
    assert control.check_button.text() == "&Check (1 ticked)"
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_1)
    assert not control.boxes[0].isChecked()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Enter)
    assert answers.values == [[]]
    assert question.grade([]).correct


def test_the_verdict_marks_ticked_right_wrong_and_missed(qtbot):
    question = question_of("mahjong.waits", AnswerKind.CHOICES,
                           lambda q: len(q.reference_answer()) >= 2)
    control = shown(qtbot, question)
    values = [o.value for o in question.form.options]
    expected = _ticks(question)
    wrong = next(i for i in range(len(values)) if i not in expected)
    given = [values[expected[0]], values[wrong]]
    control.show_verdict(given, question.grade(given))
    assert control.cells[expected[0]].property("verdict") == "right"
    assert control.cells[wrong].property("verdict") == "wrong"
    assert control.cells[expected[1]].property("verdict") == "missed"
    assert not control.check_button.isEnabled()


def test_checkbox_labels_follow_a_language_switch(qtbot, qapp):
    question = question_of("thirteen.foul", AnswerKind.CHOICES)
    control = shown(qtbot, question)
    LanguageSwitcher(qapp).switch("zh_Hant_MO")
    assert [b.text() for b in control.boxes] == [str(o.label) for o in question.form.options]
    assert control.boxes[0].text() != "Front (1st) and middle (2nd) tiers out of order"
