"""The chip tray of a win the house pays gross: the payment, then the commission taken back
in a second area ("Taken back", with its own change), by mouse, drag and keys (T switches
the area the chips go to)."""

import dataclasses
from decimal import Decimal

from answers_support import click, drag, shown
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import questions
from questions import Question
from questions.chip_situation import PAY_GROSS
from questions.chips import TAKEN
from trainer.rules.house import ChipRules, CommissionInChips, HouseRules
from ui.answers.chips import KEYS, SWITCH_KEY, ChipTray

D = Decimal
SHIFT = Qt.KeyboardModifier.ShiftModifier


def gross_question() -> Question:
    """A 13-card win paid gross (the first seed that deals one)."""
    rules = dataclasses.replace(HouseRules(),
                                chips=ChipRules(commission=CommissionInChips.GROSS))
    return next(q for seed in range(40)
                if (q := questions.generate("thirteen.payout_in_chips", seed, 1, rules))
                .situation.in_chips == PAY_GROSS)


def tray(qtbot, question: Question) -> ChipTray:
    """The tray of a bet won and paid gross, the way (pay) chosen: the part taken back
    shows only then."""
    control = shown(qtbot, question)
    assert isinstance(control, ChipTray)
    if control.ways and control.gross:
        assert control.taken.isHidden()
        control.pick_way("pay")
    return control


def key(qtbot, control: ChipTray, letter: str, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(QApplication.focusWidget() or control, getattr(Qt.Key, f"Key_{letter}"),
                   modifier)


def test_the_switch_key_is_no_chips_key_nor_a_digit_nor_n():
    assert SWITCH_KEY not in KEYS and SWITCH_KEY not in "N0123456789"


def test_a_plain_payment_has_no_taken_back_area(qtbot):
    question = questions.generate("thirteen.payout_in_chips", 1, 1)
    control = tray(qtbot, question)
    assert not control.gross and not hasattr(control, "taken")


def test_the_payment_and_the_part_taken_back_by_keys(qtbot):
    question = gross_question()
    reference = question.reference_answer()
    control = tray(qtbot, question)
    assert control.taken.isVisible() and control.taken_title.text() == "Taken back"
    letters = {D(value): letter for value, letter in zip(control.denominations, KEYS,
                                                         strict=False)}
    for part, switch in ((reference, False), (reference[TAKEN], True)):
        if switch:
            key(qtbot, control, SWITCH_KEY)
            assert control.filling_taken and control.switch.isChecked()
        for chip, count in part["chips"].items():
            for _ in range(count):
                key(qtbot, control, letters[D(chip)])
    key(qtbot, control, "A")  # one chip too many taken back, and taken off again
    key(qtbot, control, "A", SHIFT)
    control.change.setText(str(reference.get("change", "")))
    control.taken_change.setText(str(reference[TAKEN].get("change", "")))
    answer = control.answer()
    assert {k: v for k, v in answer[TAKEN]["chips"].items()} == reference[TAKEN]["chips"]
    assert answer["chips"] == reference["chips"]
    verdict = question.grade(answer)
    assert verdict.correct
    control.show_verdict(answer, verdict)
    assert control.taken_change.isReadOnly() and not control.switch.isEnabled()
    assert control.expected.text().startswith("✔")


def test_the_part_taken_back_by_mouse_and_drag_and_the_net_alone_is_wrong(qtbot):
    question = gross_question()
    control = tray(qtbot, question)
    smallest = control.denominations[0]
    click(qtbot, control.chips[smallest])
    assert control.counts[smallest] == 1 and control.taken_counts[smallest] == 0
    click(qtbot, control.switch)
    click(qtbot, control.chips[smallest])
    assert control.taken_counts[smallest] == 1
    click(qtbot, control.switch)
    assert not control.filling_taken
    drag(control.chips[smallest], control.taken)
    assert control.taken_counts[smallest] == 2 and control.counts[smallest] == 1
    click(qtbot, control.taken_stacks[smallest])
    assert control.taken_counts[smallest] == 1
    assert control.taken_total.text().startswith("Taken back: ")
    answer = control.answer()
    assert answer[TAKEN]["chips"] == {str(int(smallest)): 1}
    verdict = question.grade(answer)
    assert not verdict.correct
    control.show_verdict(answer, verdict)
    assert "taken back" in control.expected.text()


def test_a_recorded_gross_payment_is_shown_as_given(qtbot):
    question = gross_question()
    reference = question.reference_answer()
    given = {"chips": reference["chips"], "change": str(reference.get("change", "")),
             "way": "pay", TAKEN: {"chips": reference[TAKEN]["chips"],
                     "change": str(reference[TAKEN].get("change", ""))}}
    control = tray(qtbot, question)
    control.show_given(given)
    assert control.answer() == given
