"""A three-card baccarat round on screen: played whole by keys only (each hand's class typed
in the amount box, the bet named by its button), its table drawn from the engine's view."""

from __future__ import annotations

import pytest
from rounds_support import do_by_keys

from trainer.rounds import three_card
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from trainer.rounds.three_card.table import CALLS
from ui.rounds.kits import THREE_CARD
from ui.rounds.screen import RoundScreen
from ui.rounds.three_card_table import ThreeCardRoundTable

GAME = "three_card"


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
