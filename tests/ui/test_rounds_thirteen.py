"""A 13-card round on screen: played whole by keys only and by the mouse only (the banker's
hand set in its tiers by the house-way control), a wrong step shown with the right action
and its article, an incident called and ruled by keys, and the screen fitting its rooms."""

from __future__ import annotations

import html

import pytest
from modes_support import click, digit, open_home
from PySide6.QtCore import Qt
from rounds_support import do_by_keys, do_by_mouse, needs_change, play_by_mouse
from screens_support import settle
from test_scaled_screens import ROOMS, cut_controls

import i18n
from trainer.rounds import thirteen
from trainer.rounds.actions import Action
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from trainer.rounds.thirteen.table import CALLS
from trainer.rounds.words import action_words
from ui.rounds.kits import KITS, THIRTEEN
from ui.rounds.screen import RoundScreen
from ui.rounds.thirteen_table import ThirteenRoundTable

GAME = "thirteen"


def test_the_screen_plays_the_game_with_its_own_kit_and_table(qtbot, screen_of):
    screen = screen_of(3, Mode.LEARN)
    assert screen.kit is THIRTEEN and isinstance(screen.table, ThirteenRoundTable)
    assert {verb.verb for verb in THIRTEEN.verbs} | {"call", "decide"} == set(
        thirteen.GRAMMAR.verbs)
    assert set(THIRTEEN.call_kinds) == set(CALLS)
    assert set(THIRTEEN.decisions) == set(thirteen.GRAMMAR.verbs["decide"][0].words)
    for kit in KITS.values():  # a letter per action, none twice, none the screen's own
        keys = [verb.key for verb in kit.verbs]
        assert len(keys) == len(set(keys)) and "H" not in keys, kit.game
    assert all(f"({verb.key})" in screen.controls.verbs[verb].text() for verb in THIRTEEN.verbs)


def test_a_whole_round_by_keys_only_every_step_right(qtbot, screen_of):
    screen = screen_of(43, Mode.PRACTICE)  # a misdeal cancelled and dealt again; a player paid
    actions = solve(screen.played.round)
    verbs = {action.verb for action in actions}
    assert {"call", "set", "tier", "pay", "collect"} <= verbs
    assert "decide cancel" in {str(action) for action in actions}
    for action in actions:
        do_by_keys(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


@pytest.mark.parametrize(("seed", "mode"), [(152, Mode.LEARN), (14, Mode.PRACTICE)])
def test_a_whole_round_by_mouse_only_every_step_right(qtbot, screen_of, seed, mode):
    # 152: a player paid, every amount in chips; 14: two incidents called and ruled
    screen = screen_of(seed, mode)
    actions = solve(screen.played.round)
    assert "set" in {action.verb for action in actions}
    for action in actions:
        do_by_mouse(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished and not screen.controls.isVisibleTo(screen)
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


def test_the_set_shows_the_bankers_cards_in_place_of_the_table_and_escape_goes_back(
        qtbot, screen_of):
    screen = screen_of(3, Mode.LEARN)
    actions = solve(screen.played.round)
    for action in actions[:[a.verb for a in actions].index("set")]:
        do_by_keys(qtbot, screen, action)
    qtbot.keyClick(screen, Qt.Key.Key_S)
    assert screen.left.currentWidget() is screen.setting
    assert screen.setting.control.isAncestorOf(screen.focusWidget())
    qtbot.keyClick(screen.focusWidget(), Qt.Key.Key_Return)  # nothing set yet: not sent
    click(qtbot, screen.controls.confirm)
    assert screen.played.step.expected.verb == "set" and "tiers" in screen.action.text()
    qtbot.keyClick(screen.focusWidget(), Qt.Key.Key_Escape)
    assert screen.left.currentWidget() is screen.table and screen.hasFocus()


def test_a_tier_is_named_and_its_winner_given_in_either_order(qtbot, screen_of):
    screen = screen_of(3, Mode.LEARN)
    for key in (Qt.Key.Key_B, Qt.Key.Key_T, Qt.Key.Key_2):
        qtbot.keyClick(screen, key)
    assert screen.draft.line(None) == "tier 2 front banker"
    for key in (Qt.Key.Key_M, Qt.Key.Key_W):
        qtbot.keyClick(screen, key)
    assert screen.draft.line(None) == "tier 2 middle player"
    qtbot.keyClick(screen, Qt.Key.Key_E)  # a tie is no tier's winner: who wins the place
    assert screen.draft.line(None) == "rule 2 tie"


def test_a_wrong_step_shows_the_right_action_and_its_article(qtbot, screen_of):
    screen = screen_of(3, Mode.LEARN)
    actions = solve(screen.played.round)
    at = [a.verb for a in actions].index("tier")
    for action in actions[:at]:
        do_by_keys(qtbot, screen, action)
    step = screen.played.step
    place, tier, winner = step.expected.values
    wrong = "player" if winner == "banker" else "banker"
    qtbot.keyClick(screen, {"front": Qt.Key.Key_T, "middle": Qt.Key.Key_M,
                            "back": Qt.Key.Key_A}[tier])
    qtbot.keyClick(screen, Qt.Key.Key_W if wrong == "player" else Qt.Key.Key_B)
    qtbot.keyClick(screen, getattr(Qt.Key, f"Key_{place}"))
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    shown = screen.verdict.text()
    given = Action("tier", (place, tier, wrong))
    assert html.escape(f"✘ Wrong: {action_words(GAME, given)}") in shown
    assert f"({given})" in shown  # the text form, small beside it
    assert html.escape(str(action_words(GAME, step.expected))) in shown
    assert str(step.article.cite()) in shown and "<a href=" in shown
    assert screen.played.done()[-1] == step.expected


def test_an_incident_called_and_ruled_by_keys(qtbot, screen_of):
    screen = screen_of(5, Mode.PRACTICE)  # a player looks at his cards before the banker
    actions = solve(screen.played.round)
    call = [a.verb for a in actions].index("call")
    assert str(actions[call]) == "call looking-before-banker 3"
    for action in actions[:call]:
        do_by_keys(qtbot, screen, action)
    assert "lifts a corner" in screen.scene.text()
    assert screen.table.view.asking == 3
    qtbot.keyClick(screen, Qt.Key.Key_F2)
    assert screen.controls.kinds_box.isVisibleTo(screen)
    qtbot.keyClick(screen, digit(list(THIRTEEN.call_kinds).index("looking-before-banker") + 1))
    qtbot.keyClick(screen, Qt.Key.Key_3)
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == "call looking-before-banker 3"
    assert screen.controls.decisions_box.isVisibleTo(screen)
    qtbot.keyClick(screen, digit(list(THIRTEEN.decisions).index("refused") + 1))
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == str(actions[call + 1])
    assert not screen.controls.decisions_box.isVisibleTo(screen)


def test_the_tenth_kind_of_call_is_key_0(qtbot, screen_of):
    # Seed 63 in practice: the player at place 4 asks, after the signal, to set his cards
    # again; the tenth kind of call, named and chosen by 0 (Art. 2 d).
    screen = screen_of(63, Mode.PRACTICE)
    actions = solve(screen.played.round)
    call = [a.verb for a in actions].index("call")
    assert str(actions[call]) == "call change-after-signal 4"
    assert list(THIRTEEN.call_kinds).index("change-after-signal") == 9
    assert screen.controls.kinds["change-after-signal"].text() == "0 · Change after the signal"
    for action in actions[:call]:
        do_by_keys(qtbot, screen, action)
    assert "asks to set them again" in screen.scene.text()
    qtbot.keyClick(screen, Qt.Key.Key_F2)
    qtbot.keyClick(screen, Qt.Key.Key_0)
    qtbot.keyClick(screen, Qt.Key.Key_4)
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == "call change-after-signal 4"
    qtbot.keyClick(screen, digit(list(THIRTEEN.decisions).index("refused") + 1))
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and str(screen.last.given) == "decide refused"


def _panel_fits(screen: RoundScreen) -> list[str]:
    """The action panel needs no sideways scrolling: its least width is within its view."""
    settle()
    panel = screen.panel
    need, room = panel.widget().minimumSizeHint().width(), panel.viewport().width()
    return [] if need <= room else [f"the action panel needs {need} px of {room}"]


@pytest.mark.parametrize("room", ["2.0-on-2560x1600", "2.0-on-1280x800"])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_round_screen_fits(qtbot, window, monkeypatch, language, room):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 5)  # three incidents
    window.switch_language(language)
    window.resize(*ROOMS[room])
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["table_round"])
    window.round_setup.games.setCurrentIndex(list(KITS).index(GAME))
    window.round_setup.modes.setCurrentIndex(2)  # practice
    click(qtbot, window.round_setup.start_button)
    screen = window.round_screen
    assert screen is not None and screen.kit is THIRTEEN
    actions = solve(screen.played.round)
    problems = {}
    for name, upto in (("setting", [a.verb for a in actions].index("set")),
                       ("settling", [a.verb for a in actions].index("collect") + 1),
                       ("review", len(actions))):
        for action in actions[len(screen.played.verdicts):upto]:
            do_by_keys(qtbot, screen, action)
        if name == "setting":
            qtbot.keyClick(screen, Qt.Key.Key_S)
        settle()
        problems[name] = cut_controls(window) + _panel_fits(screen)
        if name == "setting":
            qtbot.keyClick(screen.focusWidget(), Qt.Key.Key_Escape)
    assert not any(problems.values()), problems


@pytest.mark.parametrize(("seed", "mode"), [(178, Mode.PRACTICE), (298, Mode.TABLE_READY)])
def test_every_amount_by_the_mouse_alone_pennies_too(qtbot, screen_of, seed, mode):
    """Payments and collections in pennies (half the points less 2 %, a third of a stake)
    put together from the chips and the change's coins, incidents called and ruled, the
    banker's hand set by dragging: no key."""
    screen = screen_of(seed, mode)
    actions = play_by_mouse(qtbot, screen)
    assert {"call", "decide", "set", "pay"} <= {action.verb for action in actions}
    assert needs_change(screen, actions)
