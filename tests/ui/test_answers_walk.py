"""The table settled place by place in chips: places picked by click, number or on the table,
the way, the chips, Enter to settle, U to take a place back; then the check and each step
marked against the rules core's."""

import dataclasses

from answers_support import Answers, click, shown, walk_with_keys, walk_with_mouse
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import questions
from questions import AnswerKind, Question
from questions.model import jsonable
from questions.walks import COLLECT, NOTHING, PAY
from trainer.rules.house import ChipRules, CommissionInChips, HouseRules
from ui.answers.chips import KEYS, SWITCH_KEY
from ui.answers.walk import UNDO_KEY, WAY_KEYS, SettlementWalk, place_key
from ui.modes.panel import QuestionPanel

WALK = "mahjong_baccarat.settlement_in_chips"


def walk_question(rules: HouseRules | None = None, level: int = 2) -> Question:
    """A table with a place that gets nothing and both a win and a loss to settle."""
    for seed in range(200):
        question = questions.generate(WALK, seed, level, rules)
        if {s["way"] for s in question.reference_answer()["steps"]} == {PAY, COLLECT, NOTHING}:
            return question
    raise AssertionError("no table with a win, a loss and a place left as it is")


def gross() -> HouseRules:
    return dataclasses.replace(HouseRules(), chips=ChipRules(commission=CommissionInChips.GROSS))


def walk(qtbot, question: Question) -> SettlementWalk:
    control = shown(qtbot, question)
    assert isinstance(control, SettlementWalk)
    return control


def press(qtbot, letter: str) -> None:
    qtbot.keyClick(QApplication.focusWidget(), getattr(Qt.Key, f"Key_{letter}"))


def test_the_walks_keys_are_no_chips_key_nor_the_switch_nor_n():
    keys = {*WAY_KEYS.values(), UNDO_KEY}
    assert len(keys) == 4 and not keys & {*KEYS, SWITCH_KEY, "N"}
    assert not any(key.isdigit() for key in keys)
    assert place_key(10) == "0" and place_key(7) == "7"


def test_settled_with_the_mouse_is_the_rules_cores_settlement(qtbot):
    question = walk_question()
    control = walk(qtbot, question)
    answers = Answers(control)
    walk_with_mouse(qtbot, control, jsonable(question.reference_answer()))
    verdict = question.grade(answers.last)
    assert verdict.correct and verdict.score == 1.0
    assert [step["place"] for step in answers.last["steps"]] == \
        [step["place"] for step in question.reference_answer()["steps"]]


def test_settled_with_the_keys_paid_gross(qtbot):
    question = walk_question(gross())
    reference = jsonable(question.reference_answer())
    assert any("taken" in step for step in reference["steps"])
    control = walk(qtbot, question)
    answers = Answers(control)
    control.focus_first()
    walk_with_keys(qtbot, control, reference)
    assert question.grade(answers.last).correct


def test_a_place_clicked_on_the_table_is_picked_not_answered(qtbot):
    question = walk_question()
    panel = QuestionPanel()
    qtbot.addWidget(panel)
    panel.resize(1100, 900)
    panel.show_question(question)
    picked = []
    panel.picked.connect(picked.append)
    place = question.form.options[-1].value
    panel.situation.optionPicked.emit(place)
    assert panel.answer_input.place == place and picked == []
    assert panel.answer_input.place_buttons[place].isChecked()


def test_each_missing_part_is_said_and_nothing_is_settled(qtbot):
    question = walk_question()
    control = walk(qtbot, question)
    control.focus_first()
    first = question.reference_answer()["steps"][0]["place"]
    press(qtbot, "Return")
    assert control.problem.text().startswith("Pick the place you settle next")
    press(qtbot, place_key(first))
    press(qtbot, "Return")
    assert control.problem.text().startswith("Pay the place, collect from it, or say")
    press(qtbot, WAY_KEYS[PAY])
    assert control.problem.isHidden()
    press(qtbot, "Return")
    assert control.problem.text() == "Put the chips down, or say that nothing changes hands."
    assert control.steps == [] and not control.check_button.isEnabled()


def test_a_bad_change_is_said_in_the_tray_and_the_place_waits(qtbot):
    question = walk_question()
    control = walk(qtbot, question)
    click(qtbot, control.place_buttons[question.form.options[0].value])
    click(qtbot, control.way_buttons[PAY])
    qtbot.keyClicks(control.tray.change, "abc")
    click(qtbot, control.settle_button)
    assert control.steps == [] and "is not an amount" in control.tray.problem.text()


def test_u_takes_the_last_place_back_with_its_chips(qtbot):
    question = walk_question()
    control = walk(qtbot, question)
    control.focus_first()
    place = question.form.options[0].value
    press(qtbot, place_key(place))
    press(qtbot, WAY_KEYS[COLLECT])
    press(qtbot, KEYS[2])  # a chip of 25, twice
    press(qtbot, KEYS[2])
    press(qtbot, "Return")
    assert control.steps == [{"place": place, "way": COLLECT, "chips": {"25": 2},
                              "change": ""}]
    assert not control.place_buttons[place].isEnabled()
    assert control.place_buttons[place].text_shown().endswith("— settled")
    press(qtbot, place_key(place))  # a place settled is not picked again
    assert control.place is None
    press(qtbot, UNDO_KEY)
    assert control.steps == [] and (control.place, control.way) == (place, COLLECT)
    assert control.tray.counts[control.tray.denominations[2]] == 2
    assert control.place_buttons[place].isEnabled()


def test_collecting_hides_the_part_taken_back_paying_shows_it(qtbot):
    control = walk(qtbot, walk_question(gross()))
    click(qtbot, control.way_buttons[COLLECT])
    assert control.tray.taken.isHidden() and control.tray.switch.isHidden()
    click(qtbot, control.way_buttons[PAY])
    assert control.tray.taken.isVisible() and control.tray.switch.isVisible()
    click(qtbot, control.way_buttons[NOTHING])
    assert not control.tray.isEnabled()


def test_the_verdict_marks_each_step_and_shows_the_right_one(qtbot):
    question = walk_question()
    reference = jsonable(question.reference_answer())
    wrong = {"steps": [reference["steps"][1], reference["steps"][0],
                       *reference["steps"][2:]]}
    control = walk(qtbot, question)
    verdict = question.grade(wrong)
    assert not verdict.correct
    control.show_given(wrong)
    control.show_verdict(wrong, verdict)
    lines = [line.text() for line in control.step_lines]
    assert lines[0].startswith("✘ 1. ") and "The right step here: " in lines[0]
    assert all(line.startswith("✔ ") for line in lines[2:])
    assert control.tray.isHidden() and control.button_row.isHidden()
    assert not any(button.isEnabled() for button in control.place_buttons.values())


def test_the_walk_is_its_own_form():
    question = walk_question()
    assert question.form.kind is AnswerKind.WALK
    assert [o.value for o in question.form.options] == sorted(o.value
                                                              for o in question.form.options)


def test_each_place_button_shows_its_tiles_and_the_title_the_bankers(qtbot):
    """Settling a place needs its tiles against the banker's: said on its button, so the
    table above need not be scrolled back to (issue: real screens)."""
    question = walk_question()
    control = walk(qtbot, question)
    hands = question.situation.to_json()["hands"]
    for place, button in control.place_buttons.items():
        tiles = " ".join(hands[str(place)].split()) if isinstance(hands, dict) and \
            str(place) in hands else None
        shown_tiles = button.text_shown().split("tiles ")[-1]
        assert shown_tiles == control.hands[place] and shown_tiles.strip(), button.text_shown()
        if tiles is not None:
            assert sorted(shown_tiles.split()) == sorted(control.hands[place].split())
    assert control.places_title.text().endswith(f"(the banker holds {control.hands[1]})")
