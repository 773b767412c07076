"""Driving a table round on screen by keys only or by the mouse only, from the engine's
solved actions (the text form), as a trainee would do each."""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_decimal
from modes_support import click, digit
from PySide6.QtCore import QPoint, QRectF, Qt

import i18n
from trainer.rounds.actions import Action
from ui.rounds.draft import CALL_KINDS, DECISIONS, VERBS
from ui.rounds.screen import RoundScreen


def _verb(action: Action):
    word = next((v for v in action.values if isinstance(v, str)), None)
    return next(v for v in VERBS if v.verb == action.verb and v.word in (None, word))


def type_place(qtbot, screen: RoundScreen, place) -> None:
    for char in "0" if place == "none" else str(place):
        qtbot.keyClick(screen, digit(int(char)))


def do_by_keys(qtbot, screen: RoundScreen, action: Action) -> None:
    """``action`` typed: its letter (F2 and a number for a call, a number for a ruling), its
    place's number, Enter; an amount typed in the amount box as the trainee writes it in
    the current language, then Enter; the step graded right."""
    values = list(action.values)
    if action.verb == "call":
        qtbot.keyClick(screen, Qt.Key.Key_F2)
        qtbot.keyClick(screen, digit(list(CALL_KINDS).index(values.pop(0)) + 1))
    elif action.verb == "decide":
        qtbot.keyClick(screen, digit(list(DECISIONS).index(values.pop(0)) + 1))
    else:
        qtbot.keyClick(screen, getattr(Qt.Key, f"Key_{_verb(action).key}"))
    for value in values:
        if isinstance(value, Decimal):
            qtbot.keyClick(screen, Qt.Key.Key_Return)  # to the amount box
            amount = screen.controls.amount
            assert amount.hasFocus()
            qtbot.keyClicks(amount, format_decimal(value, locale=i18n.locale_of()))
        elif value not in ("player", "banker", "allow", "refuse"):
            type_place(qtbot, screen, value)
    focused = screen.controls.amount if screen.controls.amount.hasFocus() else screen
    given = len(screen.played.verdicts)
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    assert len(screen.played.verdicts) == given + 1, screen.action.text()


def click_place(qtbot, screen: RoundScreen, place: int) -> None:
    table = screen.table
    centre = table.place_rect(table.table_rect(QRectF(table.rect())), place).center()
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()),
                                                                  int(centre.y())))


def click_amount(qtbot, screen: RoundScreen, amount: Decimal) -> None:
    """The amount put together from the house's chips, the largest first."""
    for value in sorted(screen.controls.chips, reverse=True):
        while amount >= value:
            click(qtbot, screen.controls.chips[value])
            amount -= value
    assert amount == 0, "an amount the chips make"


def do_by_mouse(qtbot, screen: RoundScreen, action: Action) -> None:
    """``action`` clicked: its button, its place on the table, its chips, Confirm."""
    values = list(action.values)
    controls = screen.controls
    if action.verb == "call":
        click(qtbot, controls.call)
        click(qtbot, controls.kinds[values.pop(0)])
    elif action.verb == "decide":
        click(qtbot, controls.decisions[values.pop(0)])
    else:
        click(qtbot, controls.verbs[_verb(action)])
    for value in values:
        if isinstance(value, Decimal):
            click_amount(qtbot, screen, value)
        elif isinstance(value, int):
            click_place(qtbot, screen, value)
    click(qtbot, controls.confirm)
