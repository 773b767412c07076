"""Driving a table round on screen by keys only or by the mouse only, from the engine's
solved actions (the text form), as a trainee would do each."""

from __future__ import annotations

from decimal import Decimal

from babel.numbers import format_decimal
from modes_support import click, digit, drag
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

import i18n
from trainer.rounds.actions import Action, HandClass, Number
from trainer.rounds.play import solve
from ui.rounds.draft import NOBODY
from ui.rounds.kit import Kit, Verb
from ui.rounds.screen import RoundScreen


def buttons_for(kit: Kit, action: Action) -> list[Verb]:
    """The buttons that put ``action`` together: one per word it carries (a button of its
    verb, or one that joins it), after its verb's own when none is of its verb."""
    words = [value for value in action.values if isinstance(value, str)]
    joined = [next(verb for verb in kit.verbs if verb.word == word and action.verb in
                   (verb.verb, *verb.joins)) for word in words
              if any(verb.word == word for verb in kit.verbs)]
    own = [verb for verb in joined if verb.verb == action.verb]
    if own:
        return sorted(joined, key=lambda verb: verb not in own)
    # The verb's own button, then the words that join it (collect, then the bet's kind).
    return [next(verb for verb in kit.verbs if verb.verb == action.verb), *joined]


def _button_words(kit: Kit) -> set[str]:
    return {verb.word for verb in kit.verbs if verb.word is not None}


def place_of(kit: Kit, value):
    """A place as the screen names it: a game that writes its places as words (Mah-Jong's
    seats ``e s w n``) names them by their number, East 1."""
    return kit.place_words.index(value) + 1 if value in kit.place_words else value


def type_place(qtbot, screen: RoundScreen, place) -> None:
    place = place_of(screen.kit, place)
    for char in "0" if place == "none" else str(place):
        qtbot.keyClick(screen, digit(int(char)))


def do_by_keys(qtbot, screen: RoundScreen, action: Action) -> None:
    """``action`` typed: its letter (F2 and a number for a call — 0 the tenth —, a number for
    a ruling), its place's number, Enter; an amount typed in the amount box as the trainee
    writes it in the current language, then Enter; the step graded right."""
    values = list(action.values)
    kit = screen.kit
    if action.verb == "call":
        qtbot.keyClick(screen, Qt.Key.Key_F2)
        number = list(kit.call_kinds).index(values.pop(0)) + 1
        qtbot.keyClick(screen, digit(number % 10))  # 0 types the tenth kind
    elif action.verb == "decide":
        qtbot.keyClick(screen, digit(list(kit.decisions).index(values.pop(0)) + 1))
    else:
        for button in buttons_for(kit, action):
            qtbot.keyClick(screen, getattr(Qt.Key, f"Key_{button.key}"))
    if action.verb == kit.set_verb:
        return set_by_keys(qtbot, screen, action)
    numbers = [index for index, slot in enumerate(kit.grammar.verbs[action.verb])
               if isinstance(slot, HandClass) or (isinstance(slot, Number)
                                                  and kit.typed_number(action.verb))]
    for index, value in enumerate(values, start=len(action.values) - len(values)):
        if isinstance(value, Decimal) or index in numbers:  # a number: in the amount box
            qtbot.keyClick(screen, Qt.Key.Key_Return)  # to the amount box
            amount = screen.controls.amount
            assert amount.hasFocus(), QApplication.focusWidget()
            qtbot.keyClicks(amount, format_decimal(value, locale=i18n.locale_of()))
        elif value not in _button_words(kit):
            type_place(qtbot, screen, value)
    focused = screen.controls.amount if screen.controls.amount.hasFocus() else screen
    given = len(screen.played.verdicts)
    qtbot.keyClick(focused, Qt.Key.Key_Return)
    assert len(screen.played.verdicts) == given + 1, screen.action.text()


def click_place(qtbot, screen: RoundScreen, place: int) -> None:
    table = screen.table
    centre = table.place_centre(place)
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()),
                                                                  int(centre.y())))


def click_number(qtbot, screen: RoundScreen, number: int) -> None:
    """A number of the board clicked (Sap I Chi's result)."""
    table = screen.table
    centre = table.number_centre(number)
    qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()),
                                                                  int(centre.y())))


def _tier_of(action: Action) -> dict[str, str]:
    """Each card of a ``set`` action and the tier it goes to (back, middle, front)."""
    return {card: tier for tier, cards in zip(("back", "middle", "front"), action.values,
                                              strict=True) for card in str(cards).split(",")}


def set_by_keys(qtbot, screen: RoundScreen, action: Action) -> None:
    """The banker's cards sent to their tiers as the focus walks the hand (F, M, B), then
    Enter; the step graded."""
    control = screen.setting.control
    tiers = _tier_of(action)
    keys = {"front": Qt.Key.Key_F, "middle": Qt.Key.Key_M, "back": Qt.Key.Key_B}
    for _card in range(13):  # each card sent on leaves the focus on the next one of the hand
        card = control.focusWidget().card
        qtbot.keyClick(control.focusWidget(), keys[tiers[card]])
    given = len(screen.played.verdicts)
    qtbot.keyClick(control.focusWidget(), Qt.Key.Key_Return)
    assert len(screen.played.verdicts) == given + 1, screen.action.text()


def set_by_mouse(qtbot, screen: RoundScreen, action: Action) -> None:
    """The banker's cards dragged onto their tiers, then Confirm clicked."""
    control = screen.setting.control
    for card, tier in _tier_of(action).items():
        drag(control.pieces[card], control.rows[tier])
    click(qtbot, screen.controls.confirm)


def click_amount(qtbot, screen: RoundScreen, amount: Decimal) -> None:
    """The amount put together from the house's chips and, below the smallest chip, the
    change's coins, the largest first (a loss: then made one; nothing: its own button)."""
    if amount == 0:
        return click(qtbot, screen.controls.nothing)
    loss, amount = amount < 0, abs(amount)
    pieces = {**screen.controls.chips, **screen.controls.coins}
    for value in sorted(pieces, reverse=True):
        while amount >= value:
            assert pieces[value].isVisible(), f"{value} cannot be clicked"
            click(qtbot, pieces[value])
            amount -= value
    assert amount == 0, "an amount the chips and the change make"
    if loss:
        click(qtbot, screen.controls.loss)
    return None


def click_class(qtbot, screen: RoundScreen, number: int) -> None:
    """A hand's class (or a typed number: Mah-Jong's stack) clicked on the picker of the
    classes its action takes, shown in place of the chips."""
    picker = screen.controls.shown_classes()
    assert picker is not None and not screen.controls.chips_box.isVisible()
    click(qtbot, picker.buttons[number])
    assert picker.buttons[number].isChecked()


def do_by_mouse(qtbot, screen: RoundScreen, action: Action) -> None:
    """``action`` clicked: its button, its place on the table, its chips or its hand's class,
    Confirm."""
    values = list(action.values)
    controls = screen.controls
    if action.verb == "call":
        click(qtbot, controls.call)
        click(qtbot, controls.kinds[values.pop(0)])
    elif action.verb == "decide":
        click(qtbot, controls.decisions[values.pop(0)])
    else:
        for button in buttons_for(screen.kit, action):
            click(qtbot, controls.verbs[button])
    if action.verb == screen.kit.set_verb:
        return set_by_mouse(qtbot, screen, action)
    slots = screen.kit.grammar.verbs[action.verb]
    typed = screen.kit.typed_number(action.verb)  # a number on a tray, not the board's
    numbers = not typed and any(isinstance(slot, Number) for slot in slots)
    classes = [index for index, slot in enumerate(slots) if isinstance(slot, HandClass)
               or (typed and isinstance(slot, Number))]
    for index, value in enumerate(values, start=len(action.values) - len(values)):
        if isinstance(value, Decimal):
            click_amount(qtbot, screen, value)
        elif isinstance(value, int) and index in classes:
            click_class(qtbot, screen, value)
        elif isinstance(value, int) and numbers:
            click_number(qtbot, screen, value)
        elif isinstance(value, int):
            click_place(qtbot, screen, value)
        elif value in screen.kit.place_words:
            click_place(qtbot, screen, place_of(screen.kit, value))
        elif value == NOBODY and action.verb == screen.kit.nobody_verb:
            click(qtbot, controls.nobody)
    given = len(screen.played.verdicts)
    click(qtbot, controls.confirm)
    assert len(screen.played.verdicts) == given + 1, screen.action.text()


def needs_change(screen: RoundScreen, actions: list[Action]) -> bool:
    """Whether some amount of ``actions`` is not a sum of the house's chips: it needs the
    change below the smallest chip (pennies, or patacas under the smallest chip)."""
    smallest = min(screen.controls.chips)
    return any(isinstance(value, Decimal) and value % smallest
               for action in actions for value in action.values)


def play_by_mouse(qtbot, screen: RoundScreen) -> list[Action]:
    """The whole round clicked, step by step from the engine's solved actions (no key
    pressed, nothing typed): every step right, and the round reviewed whole at its end."""
    actions = solve(screen.played.round)
    for action in actions:
        do_by_mouse(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last,
                                                                 screen.action.text())
        assert screen.last.given == action
    assert screen.played.finished and not screen.controls.isVisibleTo(screen)
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()
    return actions


def round_screen(qtbot, game, seed, mode):
    """A round screen of ``game`` for ``(seed, mode)``, shown at 1280×760, active and
    focused."""
    from trainer.rounds.games import start
    from ui.rounds.screen import RoundScreen

    screen = RoundScreen(start(game, seed, mode))
    qtbot.addWidget(screen)
    screen.resize(1280, 760)
    screen.show()
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    screen.setFocus()
    return screen
