"""A three-card baccarat round on screen: played whole by keys only (each hand's class typed
in the amount box, the bet named by its button) and by the mouse only (each class clicked on
the picker of classes, the bet's amount in chips), the screen fitting its rooms, its table
drawn from the engine's view."""

from __future__ import annotations

import pytest
from modes_support import click, open_home
from PySide6.QtCore import Qt
from rounds_support import click_place, do_by_keys, do_by_mouse, needs_change, play_by_mouse
from screens_support import settle
from test_scaled_screens import ROOMS, cut_controls

import i18n
from trainer.rounds import three_card
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from trainer.rounds.three_card.table import CALLS
from trainer.rules.three_card.classes import CLASS_COUNT
from ui.rounds.kits import KITS, THREE_CARD
from ui.rounds.screen import RoundScreen
from ui.rounds.three_card_table import ThreeCardRoundTable

GAME = "three_card"


def test_the_screen_plays_the_game_with_its_own_kit_and_table(qtbot, screen_of):
    screen = screen_of(3, Mode.LEARN)
    assert screen.kit is THREE_CARD and isinstance(screen.table, ThreeCardRoundTable)
    assert {verb.verb for verb in THREE_CARD.verbs} | {"call", "decide"} == set(
        three_card.GRAMMAR.verbs)
    assert set(THREE_CARD.call_kinds) == set(CALLS)
    assert set(THREE_CARD.decisions) == set(three_card.GRAMMAR.verbs["decide"][0].words)
    keys = [verb.key for verb in THREE_CARD.verbs]
    assert len(keys) == len(set(keys)) and "H" not in keys


@pytest.mark.parametrize(("seed", "mode"), [(3, Mode.TABLE_READY), (5, Mode.LEARN)])
def test_a_whole_round_by_keys_only_every_step_right(qtbot, screen_of, seed, mode):
    screen = screen_of(seed, mode)
    actions = solve(screen.played.round)
    assert {"class", "rule", "collect"} <= {action.verb for action in actions}
    for action in actions:
        do_by_keys(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


@pytest.mark.parametrize(("seed", "mode", "verbs"), [
    (11, Mode.TABLE_READY, {"shoe", "call", "decide"}),  # an incident called and ruled
    (11, Mode.LEARN, {"shoe", "white"}),  # the second white card
])
def test_a_whole_round_by_the_mouse_only_every_step_right(qtbot, screen_of, seed, mode,
                                                           verbs):
    """Every class clicked on the picker, every amount in chips (rounds whose amounts the
    house's chips make: a commission may leave less than the smallest chip, typed), every
    step confirmed by its button: no key pressed."""
    screen = screen_of(seed, mode)
    actions = solve(screen.played.round)
    assert {"class", "rule", "pay", "collect", *verbs} <= {action.verb for action in actions}
    for action in actions:
        do_by_mouse(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
        assert screen.last.given == action
    assert screen.played.finished
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


def test_the_classes_show_for_a_class_only_each_named_in_words(qtbot, screen_of):
    screen = screen_of(3, Mode.PRACTICE)
    controls = screen.controls
    [picker] = controls.class_pickers.values()
    assert list(picker.buttons) == list(range(1, CLASS_COUNT + 1))
    assert picker.isHidden() and controls.chips_box.isVisible()
    click(qtbot, controls.verbs[THREE_CARD.key_verb("L")])
    assert controls.shown_classes() is picker and not controls.chips_box.isVisible()
    assert picker.buttons[20].text() == "20"
    assert picker.buttons[20].accessibleName() == "Class 20: Three with two figures"
    assert picker.buttons[1].toolTip() == "Class 1: Three figures"
    assert controls.amount_caption.text() == "Class:"
    click(qtbot, controls.verbs[THREE_CARD.key_verb("P")])
    assert picker.isHidden() and controls.chips_box.isVisible()
    assert controls.amount_caption.text() == "Amount:"


def test_a_class_clicked_is_the_class_typed_and_typing_presses_its_button(qtbot, screen_of):
    screen = screen_of(3, Mode.PRACTICE)
    controls = screen.controls
    qtbot.keyClick(screen, Qt.Key.Key_L)
    [picker] = controls.class_pickers.values()
    click_place(qtbot, screen, 4)
    click(qtbot, picker.buttons[27])
    assert controls.amount.text() == "27" and screen.draft.line(controls.read_amount()) == \
        "class 4 27"
    assert "class 4 27" in screen.action.text()
    assert [n for n, b in picker.buttons.items() if b.isChecked()] == [27]
    controls.amount.clear()
    assert not any(button.isChecked() for button in picker.buttons.values())
    qtbot.keyClick(screen, Qt.Key.Key_Return)  # to the amount box, as before
    qtbot.keyClicks(controls.amount, "9")
    assert [n for n, b in picker.buttons.items() if b.isChecked()] == [9]
    qtbot.keyClicks(controls.amount, "9")  # 99: no class
    assert not any(button.isChecked() for button in picker.buttons.values())
    assert screen.action.text() == "Action: Class of the hand · place 4"
    click(qtbot, picker.buttons[31])
    assert controls.amount.text() == "31"
    assert [n for n, b in picker.buttons.items() if b.isChecked()] == [31]
    assert screen.action.text() == \
        "Action: Place 4: class 31, Zero without figure (class 4 31)"


def test_a_class_not_given_says_how_to_give_it(qtbot, screen_of):
    screen = screen_of(3, Mode.PRACTICE)
    screen._change(screen.draft.with_verb("class").with_place(2))
    click(qtbot, screen.controls.confirm)
    assert "Choose the class: click it, or type its number." in screen.action.text()
    assert not screen.played.verdicts


def _panel_fits(screen: RoundScreen) -> list[str]:
    """The action panel needs no sideways scrolling: its least width is within its view."""
    settle()
    panel = screen.panel
    need, room = panel.widget().minimumSizeHint().width(), panel.viewport().width()
    return [] if need <= room else [f"the action panel needs {need} px of {room}"]


@pytest.mark.parametrize("room", ["2.0-on-2560x1600", "2.0-on-1280x800"])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_round_screen_fits_with_its_classes(qtbot, window, monkeypatch, language, room):
    """Nothing cut at 1280×800 and at 200 % on it, the picker of classes shown (a class being
    given) and at the review."""
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 3)
    window.switch_language(language)
    window.resize(*ROOMS[room])
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["table_round"])
    window.round_setup.games.setCurrentIndex(list(KITS).index(GAME))
    window.round_setup.modes.setCurrentIndex(2)  # practice
    click(qtbot, window.round_setup.start_button)
    screen = window.round_screen
    assert screen is not None and screen.kit is THREE_CARD
    actions = solve(screen.played.round)
    classed = [n for n, a in enumerate(actions) if a.verb == "class"][2]
    problems = {}
    for action in actions[:classed]:
        do_by_keys(qtbot, screen, action)
    click(qtbot, screen.controls.verbs[THREE_CARD.key_verb("L")])
    assert screen.controls.shown_classes() is not None
    settle()
    problems["classes"] = cut_controls(window) + _panel_fits(screen)
    qtbot.keyClick(screen, Qt.Key.Key_Escape)
    for action in actions[classed:]:
        do_by_keys(qtbot, screen, action)
    settle()
    problems["review"] = cut_controls(window) + _panel_fits(screen)
    assert not any(problems.values()), problems


@pytest.mark.parametrize(("seed", "mode"), [(14, Mode.PRACTICE), (263, Mode.TABLE_READY)])
def test_every_amount_by_the_mouse_alone_pennies_too(qtbot, screen_of, seed, mode):
    """Payments less the commission (MOP$47.50, MOP$304.00) put together from the chips and
    the change's coins, incidents called and ruled: no key."""
    screen = screen_of(seed, mode)
    actions = play_by_mouse(qtbot, screen)
    assert {"call", "decide", "class", "pay"} <= {action.verb for action in actions}
    assert needs_change(screen, actions)
