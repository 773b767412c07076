"""A Mah-Jong scene on screen: played whole by keys only (each seat typed by its number,
East 1) and by the mouse only (each seat clicked on the table, the fán on its picker, the
amounts in chips), incidents called and ruled, the table drawn from the engine's view, the
screen fitting at 1280×800 and at 200 % in the three languages."""

from __future__ import annotations

import pytest
from rounds_support import do_by_keys, do_by_mouse

from trainer.rounds import mahjong
from trainer.rounds.games import start
from trainer.rounds.mahjong.table import CALLS
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from ui.rounds.kits import KITS
from ui.rounds.mahjong_kit import MAHJONG
from ui.rounds.mahjong_table import MahjongRoundTable
from ui.rounds.screen import RoundScreen

GAME = "mahjong"


@pytest.fixture
def screen_of(qtbot):
    def made(seed: int, mode: Mode) -> RoundScreen:
        screen = RoundScreen(start(GAME, seed, mode))
        qtbot.addWidget(screen)
        screen.resize(1280, 760)
        screen.show()
        screen.activateWindow()
        qtbot.waitUntil(screen.isActiveWindow)
        screen.setFocus()
        return screen
    return made


def test_the_screen_plays_the_game_with_its_own_kit_and_table(qtbot, screen_of):
    screen = screen_of(5, Mode.LEARN)
    assert KITS[GAME] is MAHJONG and isinstance(screen.table, MahjongRoundTable)
    assert {verb.verb for verb in MAHJONG.verbs} | {"call", "decide"} == set(
        mahjong.GRAMMAR.verbs)
    assert set(MAHJONG.call_kinds) == set(CALLS)
    assert set(MAHJONG.decisions) == set(mahjong.GRAMMAR.verbs["decide"][0].words)
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
