"""A Mah-Jong scene on screen: played whole by keys only (each seat typed by its number,
East 1) and by the mouse only (each seat clicked on the table, the fán on its picker, the
amounts in chips), incidents called and ruled, the table drawn from the engine's view, the
screen fitting at 1280×800 and at 200 % in the three languages."""

from __future__ import annotations

import pytest
from modes_support import click, digit, open_home
from PySide6.QtCore import Qt
from rounds_support import do_by_keys, do_by_mouse, play_by_mouse
from screens_support import settle
from test_scaled_screens import ROOMS, cut_controls

from trainer.rounds import mahjong
from trainer.rounds.games import start
from trainer.rounds.mahjong.table import CALLS
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from trainer.rules.mahjong.hands.tiles import Wind
from ui.rounds.kits import KITS
from ui.rounds.mahjong_kit import MAHJONG
from ui.rounds.mahjong_table import MahjongRoundTable
from ui.rounds.screen import RoundScreen

GAME = "mahjong"


def test_the_screen_plays_the_game_with_its_own_kit_and_table(qtbot, screen_of):
    """The scene's kit: the scene's verbs (a whole hand's break, deal and drawn game are
    not offered), its calls, its rulings among the grammar's."""
    screen = screen_of(5, Mode.LEARN)
    assert KITS[GAME] is MAHJONG and isinstance(screen.table, MahjongRoundTable)
    assert {verb.verb for verb in MAHJONG.verbs} | {"call", "decide"} == {
        *mahjong.STEP_SKILLS, "decide"}
    assert not {"break", "deal", "deal-rest", "drawn"} & {verb.verb for verb in MAHJONG.verbs}
    assert set(MAHJONG.call_kinds) == set(CALLS)
    assert set(MAHJONG.decisions) < set(mahjong.GRAMMAR.verbs["decide"][0].words)
    assert not MAHJONG.typed_numbers
    keys = [verb.key for verb in MAHJONG.verbs]
    assert len(keys) == len(set(keys)) and "H" not in keys
    assert all(f"({verb.key})" in screen.controls.verbs[verb].text()
               for verb in MAHJONG.verbs)


def _scene_with(test, mode):
    """The first seed whose solved scene in ``mode`` has actions ``test`` accepts."""
    for seed in range(200):
        actions = solve(start(GAME, seed, mode))
        if test([str(action) for action in actions]):
            return seed
    raise AssertionError("no such scene")


def _played(qtbot, screen, do) -> None:
    actions = solve(screen.played.round)
    for action in actions:
        do(qtbot, screen, action)
        assert screen.last is not None and screen.last.correct, (action, screen.last,
                                                                 screen.action.text())
    assert screen.played.finished
    assert f"{len(actions)} of {len(actions)} steps right" in screen.verdict.text()


def _rich(lines):
    verbs = {line.split()[0] for line in lines}
    return {"claim", "fan", "liable", "collect", "pay", "commission", "bank"} <= verbs and \
        any(line.startswith("claim") and line.split()[1] != "none" and
            not line.endswith("win") for line in lines)


def test_a_whole_scene_by_keys_only_every_step_right(qtbot, screen_of):
    screen = screen_of(_scene_with(_rich, Mode.LEARN), Mode.LEARN)
    _played(qtbot, screen, do_by_keys)


def test_a_whole_scene_by_mouse_only_every_step_right(qtbot, screen_of):
    screen = screen_of(_scene_with(_rich, Mode.LEARN), Mode.LEARN)
    _played(qtbot, screen, do_by_mouse)


@pytest.mark.parametrize("kind", CALLS)
def test_each_incident_called_and_ruled_by_keys_and_by_mouse(qtbot, screen_of, kind):
    seed = _scene_with(lambda lines: any(line.startswith(f"call {kind}") for line in lines),
                       Mode.PRACTICE)
    for do in (do_by_keys, do_by_mouse):
        _played(qtbot, screen_of(seed, Mode.PRACTICE), do)


def test_the_table_follows_the_scene_claim_set_win_and_payments(qtbot, screen_of):
    # Seed 1 in practice: a chow taken and laid open wrong, a chow called out of turn, a
    # win on a discard, its fán, nobody liable, three payments collected and one paid.
    screen = screen_of(1, Mode.PRACTICE)
    actions = solve(screen.played.round)
    lines = [str(action) for action in actions]
    for action in actions[:lines.index("claim e chow") + 1]:
        do_by_keys(qtbot, screen, action)
    view = screen.table.view
    assert view.claimed == (Wind.EAST, "chow") and len(view.seats[Wind.EAST].melds) == 1
    assert view.asking is Wind.EAST  # the wrong tiles he laid open: called next
    for action in actions[len(screen.played.verdicts):lines.index("fan 1") + 1]:
        do_by_keys(qtbot, screen, action)
    view = screen.table.view
    assert view.winner is Wind.SOUTH and view.fan == 1
    assert view.seats[Wind.SOUTH].laid_open is not None
    for action in actions[len(screen.played.verdicts):]:
        do_by_keys(qtbot, screen, action)
    view = screen.table.view
    assert view.settled[Wind.SOUTH] == 80 and sum(view.settled.values()) == 0
    assert view.next_bank is Wind.SOUTH and view.commission == 0


def test_a_seat_is_named_by_its_wind_while_the_action_is_put_together(qtbot, screen_of):
    screen = screen_of(1, Mode.PRACTICE)
    qtbot.keyClick(screen, Qt.Key.Key_U)  # taken for a pung …
    qtbot.keyClick(screen, Qt.Key.Key_Return)
    assert "Choose the seat" in screen.action.text() and not screen.played.verdicts
    qtbot.keyClick(screen, digit(2))
    assert "South takes it for a pung (claim s pung)" in screen.action.text()
    qtbot.keyClick(screen, Qt.Key.Key_C)  # collect, from South so far
    assert screen.action.text().endswith("Collect · South")


def _panel_fits(screen: RoundScreen) -> list[str]:
    """The action panel needs no sideways scrolling: its least width is within its view."""
    settle()
    panel = screen.panel
    need, room = panel.widget().minimumSizeHint().width(), panel.viewport().width()
    return [] if need <= room else [f"the action panel needs {need} px of {room}"]


@pytest.mark.parametrize("room", ["2.0-on-2560x1600", "2.0-on-1280x800"])
@pytest.mark.parametrize(("seed", "language"), [(1, "en"), (2, "pt_MO"), (1, "zh_Hant_MO"),
                                                (2, "en"), (1, "pt_MO"), (2, "zh_Hant_MO")])
def test_the_round_screen_fits(qtbot, window, monkeypatch, seed, language, room):
    # Seed 1: calls, a set laid open, a win and its payments; 2: a false win, «nulo».
    monkeypatch.setattr("ui.main_window.fresh_seed", lambda: seed)
    window.switch_language(language)
    window.resize(*ROOMS[room])
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["table_round"])
    window.round_setup.games.setCurrentIndex(list(KITS).index(GAME))
    window.round_setup.modes.setCurrentIndex(2)  # practice
    click(qtbot, window.round_setup.start_button)
    screen = window.round_screen
    assert screen is not None and screen.kit is MAHJONG
    actions = solve(screen.played.round)
    verbs = [a.verb for a in actions]
    problems = {}
    for name, upto in (("ruling", verbs.index("decide") + 1),
                       ("settling", verbs.index("pay") + 1), ("review", len(actions))):
        for action in actions[len(screen.played.verdicts):upto]:
            do_by_keys(qtbot, screen, action)
        settle()
        problems[name] = cut_controls(window) + _panel_fits(screen)
    assert not any(problems.values()), problems


@pytest.mark.parametrize(("seed", "mode"), [(116, Mode.TABLE_READY), (59, Mode.PRACTICE)])
def test_a_scene_with_incidents_by_the_mouse_alone(qtbot, screen_of, seed, mode):
    """Two incidents called and ruled, each seat clicked on the table, the fán picked,
    the amounts in chips: no key."""
    screen = screen_of(seed, mode)
    actions = play_by_mouse(qtbot, screen)
    assert sum(action.verb == "call" for action in actions) == 2
