"""A Sap I Chi round on screen: played whole by keys only and by the mouse only (the result
named by clicking its number on the board), a wrong step shown with the right action and its
article, incidents called and ruled by keys, the table drawn from the engine's view."""

from __future__ import annotations

import html

import pytest
from modes_support import click, digit, open_home
from PySide6.QtCore import Qt
from rounds_support import do_by_keys, do_by_mouse, needs_change, play_by_mouse
from screens_support import settle
from test_scaled_screens import ROOMS, cut_controls

import i18n
from trainer.rounds import sap_i_chi
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from trainer.rounds.sap_i_chi.table import CALLS
from trainer.rounds.sap_i_chi.view import SHOWN, VOID
from trainer.rounds.words import action_words
from ui.rounds.kits import KITS
from ui.rounds.sap_i_chi_kit import SAP_I_CHI
from ui.rounds.sap_i_chi_table import SapIChiRoundTable
from ui.rounds.screen import RoundScreen

GAME = "sap_i_chi"


def test_the_screen_plays_the_game_with_its_own_kit_and_table(qtbot, screen_of):
    screen = screen_of(3, Mode.LEARN)
    assert KITS[GAME] is SAP_I_CHI and isinstance(screen.table, SapIChiRoundTable)
    assert {verb.verb for verb in SAP_I_CHI.verbs} | {"call", "decide"} == set(
        sap_i_chi.GRAMMAR.verbs)
    assert set(SAP_I_CHI.call_kinds) == set(CALLS)
    assert set(SAP_I_CHI.decisions) == set(sap_i_chi.GRAMMAR.verbs["decide"][0].words)
    keys = [verb.key for verb in SAP_I_CHI.verbs]
    assert len(keys) == len(set(keys)) and "H" not in keys
    assert all(f"({verb.key})" in screen.controls.verbs[verb].text()
               for verb in SAP_I_CHI.verbs)


def test_a_whole_round_by_keys_only_every_step_right(qtbot, screen_of):
    # Seed 12 in practice: five numbers refused, a void round, two bets moved, a 10 drawn
    # (typed 1 then 0), amounts with pennies.
    screen = screen_of(12, Mode.PRACTICE)
    actions = solve(screen.played.round)
    lines = [str(action) for action in actions]
    assert {"decide void", "confirm 10", "call five-numbers 7"} <= set(lines)
    for action in actions:
        do_by_keys(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


@pytest.mark.parametrize(("seed", "mode"), [(22, Mode.LEARN), (87, Mode.PRACTICE)])
def test_a_whole_round_by_mouse_only_every_step_right(qtbot, screen_of, seed, mode):
    # 22: requests, winners paid and losers collected in chips; 87: a bet after the bell and
    # a void round, called and ruled
    screen = screen_of(seed, mode)
    actions = solve(screen.played.round)
    assert {"pay", "collect", "confirm", "change"} <= {action.verb for action in actions}
    for action in actions:
        do_by_mouse(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last)
    assert screen.played.finished and not screen.controls.isVisibleTo(screen)
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


def test_a_wrong_step_shows_the_right_action_and_its_article(qtbot, screen_of):
    screen = screen_of(22, Mode.LEARN)
    actions = solve(screen.played.round)
    at = [a.verb for a in actions].index("pay")
    for action in actions[:at]:
        do_by_keys(qtbot, screen, action)
    step = screen.played.step
    place, prize = step.expected.values
    wrong = step.expected.__class__("collect", (place, prize))
    do_by_keys(qtbot, screen, wrong)
    shown = screen.verdict.text()
    assert html.escape(f"✘ Wrong: {action_words(GAME, wrong)}") in shown
    assert html.escape(str(action_words(GAME, step.expected))) in shown
    assert str(step.article.cite()) in shown and "<a href=" in shown
    assert screen.played.done()[-1] == step.expected
    assert screen.table.view.settled[place] == prize  # the table shows the right payment


def test_the_table_follows_the_round_bell_void_cloth_and_card(qtbot, screen_of):
    screen = screen_of(12, Mode.PRACTICE)
    actions = solve(screen.played.round)
    lines = [str(action) for action in actions]
    for action in actions[:lines.index("bell") + 1]:
        do_by_keys(qtbot, screen, action)
    assert screen.table.view.bell and screen.table.view.cloth == "rolled"
    call = lines.index("call irregularity")
    qtbot.keyClick(screen, Qt.Key.Key_F2)
    qtbot.keyClick(screen, digit(list(SAP_I_CHI.call_kinds).index("irregularity") + 1))
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and len(screen.played.verdicts) == call + 1
    qtbot.keyClick(screen, digit(list(SAP_I_CHI.decisions).index("void") + 1))
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert screen.last.correct and screen.table.view.cloth == VOID
    assert screen.table.view.asking == 5  # place 5 asks to change his bet
    for action in actions[call + 2:lines.index("confirm 10") + 1]:
        do_by_keys(qtbot, screen, action)
    view = screen.table.view
    assert view.cloth == SHOWN and view.drawn == view.card == 10


def _panel_fits(screen: RoundScreen) -> list[str]:
    """The action panel needs no sideways scrolling: its least width is within its view."""
    settle()
    panel = screen.panel
    need, room = panel.widget().minimumSizeHint().width(), panel.viewport().width()
    return [] if need <= room else [f"the action panel needs {need} px of {room}"]


@pytest.mark.parametrize("room", ["2.0-on-2560x1600", "2.0-on-1280x800"])
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_round_screen_fits(qtbot, window, monkeypatch, language, room):
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: 12)  # a void round
    window.switch_language(language)
    window.resize(*ROOMS[room])
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["table_round"])
    window.round_setup.games.setCurrentIndex(list(KITS).index(GAME))
    window.round_setup.modes.setCurrentIndex(2)  # practice
    click(qtbot, window.round_setup.start_button)
    screen = window.round_screen
    assert screen is not None and screen.kit is SAP_I_CHI
    actions = solve(screen.played.round)
    verbs = [a.verb for a in actions]
    problems = {}
    for name, upto in (("void", verbs.index("decide") + 3), ("settling", verbs.index("pay") + 2),
                       ("review", len(actions))):
        for action in actions[len(screen.played.verdicts):upto]:
            do_by_keys(qtbot, screen, action)
        settle()
        problems[name] = cut_controls(window) + _panel_fits(screen)
    assert not any(problems.values()), problems


@pytest.mark.parametrize(("seed", "mode"), [(217, Mode.PRACTICE), (251, Mode.TABLE_READY)])
def test_every_prize_by_the_mouse_alone_pennies_too(qtbot, screen_of, seed, mode):
    """Prizes at their chance's rate (MOP$1269.00, pennies) put together from the chips and
    the change's coins, incidents called and ruled, the number clicked on the board: no
    key."""
    screen = screen_of(seed, mode)
    actions = play_by_mouse(qtbot, screen)
    assert {"call", "decide", "confirm", "pay"} <= {action.verb for action in actions}
    assert needs_change(screen, actions)
