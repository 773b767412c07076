"""Cards and chips that the mouse carries are acted on through the accessibility tree, as a
screen reader's user does (ui.widgets.acting): each lists where it can go, in the trainee's
language, and doing the action is doing the drop or the key."""

from __future__ import annotations

from decimal import Decimal

import pytest
from answers_support import Answers, click, question_of, shown
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

import i18n
from i18n import _
from questions import AnswerKind
from questions.answers import read_chips
from questions.labels import place_label
from trainer.rules.thirteen.arrangement import Tier
from ui.answers.arrangement import ArrangementInput
from ui.answers.chips import ChipTray
from ui.answers.moves import RECTIFY, MovesInput
from ui.widgets import accessible_parts
from ui.widgets.acting import ActingInterface


@pytest.fixture(autouse=True)
def factory():
    accessible_parts.install()


#: Qt's own actions of a widget, beside the ones it offers.
QTS_OWN = {"SetFocus"}


def actions(widget: QWidget) -> list[str]:
    """The actions ``widget`` offers (Qt's own left out)."""
    interface = QAccessible.queryAccessibleInterface(widget)
    assert isinstance(interface, ActingInterface), interface
    return [name for name in interface.actionNames() if name not in QTS_OWN]


def act(widget: QWidget, name: str) -> None:
    assert name in actions(widget), (name, actions(widget))
    interface = QAccessible.queryAccessibleInterface(widget)
    assert isinstance(interface, ActingInterface)
    interface.doAction(name)


def send_to(question, place: int) -> str:
    return _("Send to {place}").format(place=str(place_label(place, question.situation.banker)))


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_a_misdeal_rectified_through_the_cards_actions(qtbot, language):
    i18n.set_language(language)
    try:
        question = question_of("thirteen.misdeal", AnswerKind.MOVES, lambda q: (
            q.reference_answer()["action"] == RECTIFY
            and len(q.reference_answer()["moves"]) >= 2))
        control = shown(qtbot, question)
        assert isinstance(control, MovesInput)
        answers = Answers(control)
        first_card = question.reference_answer()["moves"][0][0]
        assert actions(control.pieces[first_card]) == []  # not rectifying yet
        click(qtbot, control.radios[[o.value for o in question.form.options].index(RECTIFY)])
        offered = actions(control.pieces[first_card])
        dealt = control.dealt[first_card]
        assert send_to(question, dealt) not in offered  # where it lies is not a move
        assert [send_to(question, p) for p in control.rows if p != dealt] == offered

        wrong = next(p for p in control.rows if p != dealt)
        act(control.pieces[first_card], send_to(question, wrong))
        assert control.moves == {first_card: wrong}
        assert _("Put back where it was dealt") == actions(control.pieces[first_card])[-1]
        assert send_to(question, dealt) in actions(control.pieces[first_card])
        act(control.pieces[first_card], _("Put back where it was dealt"))
        assert control.moves == {}
        for card, place in question.reference_answer()["moves"]:
            act(control.pieces[card], send_to(question, place))
        click(qtbot, control.check_button)
        verdict = question.grade(answers.last)
        assert verdict.correct
        control.show_verdict(answers.last, verdict)
        assert actions(control.pieces[first_card]) == []  # answered: nothing more to do
    finally:
        i18n.set_language("en")


def test_the_bankers_tiers_set_through_the_cards_actions(qtbot):
    question = question_of("thirteen.house_way", AnswerKind.ARRANGEMENT,
                           lambda q: not q.reference_answer().get("natural"))
    control = shown(qtbot, question)
    assert isinstance(control, ArrangementInput)
    answers = Answers(control)
    expected = question.reference_answer()
    put = {tier: _("Put in the {tier}").format(tier=str(tier.label)) for tier in Tier}
    any_card = control.cards[0]
    assert actions(control.pieces[any_card]) == list(put.values())
    for tier in Tier:
        for card in expected[tier.value]:
            act(control.pieces[card], put[tier])
    in_front = expected[Tier.FRONT.value][0]
    assert put[Tier.FRONT] not in actions(control.pieces[in_front])  # it is there
    left_over = [card for card in control.cards if control.where[card] == "hand"]
    assert left_over == []
    act(control.pieces[in_front], _("Put back in the hand"))
    assert control.where[in_front] == "hand"
    other = expected[Tier.MIDDLE.value][0]
    assert put[Tier.FRONT] in actions(control.pieces[other])  # the front has room again
    act(control.pieces[in_front], put[Tier.FRONT])
    assert put[Tier.FRONT] not in actions(control.pieces[other])  # and is full again
    click(qtbot, control.check_button)
    assert question.grade(answers.last).correct


def test_a_payment_made_through_the_chips_actions(qtbot):
    question = question_of("thirteen.payout_in_chips", AnswerKind.CHIPS,
                           lambda q: sum(q.reference_answer()["chips"].values()) >= 2)
    control = shown(qtbot, question)
    assert isinstance(control, ChipTray)
    answers = Answers(control)
    if control.ways:  # a bet: paid or collected (a button)
        click(qtbot, control.way_buttons[question.reference_answer()["way"]])
    chips, change = read_chips({k: v for k, v in question.reference_answer().items()
                                if k in ("chips", "change")}, control.denominations)
    value = next(iter(chips))
    assert actions(control.chips[value]) == [_("Add one")]  # none down: none to take back
    act(control.chips[value], _("Add one"))
    assert _("Take one back") in actions(control.chips[value])
    act(control.stacks[value], _("Take one back"))
    assert control.counts[value] == 0
    assert actions(control.stacks[value]) == []
    for value, count in chips.items():
        for _time in range(count):
            act(control.chips[value], _("Add one"))
    assert control.chips_total() == sum((v * c for v, c in chips.items()), Decimal(0))
    if change:
        control.change.setText(str(change))
    assert control.check_button.isEnabled(), control.problem.text()
    click(qtbot, control.check_button)
    verdict = question.grade(answers.last)
    assert verdict.correct
    control.show_verdict(answers.last, verdict)
    assert actions(control.chips[value]) == []
