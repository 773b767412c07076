"""A bet settled in chips asks the way: pay it (P) or collect it (R). Nothing on the screen
says which before the verdict; the part taken back of a win paid gross shows only while the
bet is paid."""

import dataclasses

from answers_support import Answers, click, pay_with_keys, pay_with_mouse, shown
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import questions
from questions.chip_situation import COLLECT, PAY
from trainer.rules.house import ChipRules, CommissionInChips, HouseRules
from ui.answers.chips import KEYS, SWITCH_KEY, WAY_KEYS, ChipTray

SKILL = "thirteen.payout_in_chips"


def bet(way: str, rules: HouseRules | None = None):
    return next(q for seed in range(60)
                if (q := questions.generate(SKILL, seed, 3, rules)).situation.in_chips == way
                and q.reference_answer()["chips"])


def test_the_way_keys_are_no_chips_key_nor_the_switch():
    assert set(WAY_KEYS.values()) == {"P", "R"}
    assert not set(WAY_KEYS.values()) & {*KEYS, SWITCH_KEY, "N"}


def test_nothing_is_checked_before_the_way_is_said(qtbot):
    question = bet(COLLECT)
    control = shown(qtbot, question)
    assert isinstance(control, ChipTray) and control.ways == [PAY, COLLECT]
    answers = Answers(control)
    click(qtbot, control.chips[control.denominations[0]])
    assert not control.check_button.isEnabled()
    control.focus_first()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert answers.values == []
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_R)
    assert control.way == COLLECT and control.way_buttons[COLLECT].isChecked()
    assert control.check_button.isEnabled()


def test_a_loss_collected_is_right_and_paid_is_wrong(qtbot):
    question = bet(COLLECT)
    reference = question.reference_answer()
    for way, right in ((COLLECT, True), (PAY, False)):
        control = shown(qtbot, question)
        answers = Answers(control)
        pay_with_mouse(qtbot, control, {**reference, "way": way})
        assert answers.last["way"] == way
        verdict = question.grade(answers.last)
        assert verdict.correct is right
        control.show_verdict(answers.last, verdict)
        assert control.way_buttons[COLLECT].property("verdict") == "right"
        said = control.expected.text()
        assert said.startswith("✔" if right else "✘ This bet is collected, not paid: MOP$")
        assert control.way_buttons[PAY].property("verdict") in ((None, "") if right else ("wrong",))


def test_a_win_paid_gross_by_keys_takes_the_commission_back_only_when_paid(qtbot):
    rules = dataclasses.replace(HouseRules(),
                                chips=ChipRules(commission=CommissionInChips.GROSS))
    question = next(q for seed in range(60)
                    if (q := questions.generate(SKILL, seed, 3, rules)).situation.in_chips
                    == "pay_gross")
    control = shown(qtbot, question)
    assert control.taken.isHidden()
    control.pick_way(COLLECT)
    assert control.taken.isHidden() and control.switch.isHidden()
    control.pick_way(PAY)
    assert control.taken.isVisible() and control.switch.isVisible()
    control.pick_way(COLLECT)  # and back: what is below the line goes nowhere
    answers = Answers(control)
    control.focus_first()
    reference = question.reference_answer()
    pay_with_keys(qtbot, control, {**{k: v for k, v in reference.items() if k != "taken"},
                                   "way": COLLECT})
    assert "taken" not in answers.last and not question.grade(answers.last).correct
