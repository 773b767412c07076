"""A ruling and its reasons: answered by mouse and by keyboard, for every skill that asks one."""

import pytest
from answers_support import Answers, click, digit_key, question_of, shown, skills_with
from PySide6.QtCore import Qt

from questions import AnswerKind
from ui.answers.ruling import REASON_KEYS, RulingInput

RULING_SKILLS = skills_with(AnswerKind.RULING)


def _right_indexes(question):
    reference = question.reference_answer()
    ruling = [o.value for o in question.form.options].index(reference["ruling"])
    reasons = [i for i, o in enumerate(question.form.reasons) if o.value in reference["reasons"]]
    return ruling, reasons


@pytest.mark.parametrize("skill", RULING_SKILLS)
def test_clicking_the_ruling_and_its_reasons_grades_correct(qtbot, skill):
    question = question_of(skill, AnswerKind.RULING)
    control = shown(qtbot, question)
    assert isinstance(control, RulingInput)
    answers = Answers(control)
    ruling, reasons = _right_indexes(question)
    click(qtbot, control.radios[ruling])
    for index in reasons:  # the sentence, not only the little box, ticks the reason
        click(qtbot, control.boxes[index].label)
    click(qtbot, control.check_button)
    assert question.grade(answers.last).correct


@pytest.mark.parametrize("skill", RULING_SKILLS)
def test_the_keyboard_picks_by_number_ticks_by_letter_and_checks_with_enter(qtbot, skill):
    question = question_of(skill, AnswerKind.RULING)
    control = shown(qtbot, question)
    answers = Answers(control)
    ruling, reasons = _right_indexes(question)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), digit_key(ruling + 1))
    for index in reasons:
        qtbot.keyClick(control.focusWidget(), getattr(Qt.Key, f"Key_{REASON_KEYS[index]}"))
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert len(answers.values) == 1
    assert question.grade(answers.last).correct


def test_enter_without_a_ruling_records_nothing_and_says_why(qtbot):
    question = question_of(RULING_SKILLS[0], AnswerKind.RULING)
    control = shown(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_A)  # a reason alone
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert answers.values == []
    assert control.problem.isVisible() and "Pick a ruling first" in control.problem.text()
    qtbot.keyClick(control.focusWidget(), digit_key(1))
    assert control.problem.isHidden()
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert answers.last == {"ruling": question.form.options[0].value,
                            "reasons": [question.form.reasons[0].value]}


def test_the_verdict_marks_the_ruling_and_each_reason(qtbot):
    question = question_of(RULING_SKILLS[0], AnswerKind.RULING,
                           lambda q: 0 < len(q.reference_answer()["reasons"])
                           < len(q.form.reasons))
    control = shown(qtbot, question)
    reference = question.reference_answer()
    wrong_reason = next(o.value for o in question.form.reasons
                        if o.value not in reference["reasons"])
    given = {"ruling": reference["ruling"], "reasons": [wrong_reason]}
    control.show_given(given)
    control.show_verdict(given, question.grade(given))
    states = {o.value: box.property("verdict")
              for o, box in zip(question.form.reasons, control.boxes, strict=True)}
    assert states[wrong_reason] == "wrong"
    assert all(states[value] == "missed" for value in reference["reasons"])
    ruling = [o.value for o in question.form.options].index(reference["ruling"])
    assert control.radios[ruling].property("verdict") == "right"
    assert control.check_button.isEnabled() is False
