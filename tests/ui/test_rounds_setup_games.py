"""The round page offers every game with a table round (:data:`trainer.rounds.pars.
ROUND_GAMES`), in the engine's order — each has an engine, a par and a table on screen —
without loading the engines or the tables; a game asked for that is not offered is not
chosen."""

from __future__ import annotations

from trainer.rounds.games import GAMES
from trainer.rounds.pars import ROUND_GAMES
from ui.rounds.kits import KITS
from ui.rounds.setup import RoundSetup


def test_every_game_with_a_round_has_an_engine_a_par_and_a_table_on_screen():
    assert list(ROUND_GAMES) == list(GAMES) == list(KITS)


def test_the_setup_offers_each_game_with_a_table_on_screen_in_the_engines_order(qtbot):
    setup = RoundSetup()
    qtbot.addWidget(setup)
    offered = [setup.games.itemData(i) for i in range(setup.games.count())]
    assert offered == list(GAMES)
    assert "mahjong" in offered
    setup.choose_game("mahjong")
    assert setup.games.currentData() == "mahjong"


def test_a_game_not_offered_is_not_chosen(qtbot, monkeypatch):
    monkeypatch.setattr("ui.rounds.setup.ROUND_GAMES",
                        tuple(game for game in ROUND_GAMES if game != "mahjong"))
    setup = RoundSetup()
    qtbot.addWidget(setup)
    offered = [setup.games.itemData(i) for i in range(setup.games.count())]
    assert "mahjong" in GAMES and "mahjong" not in offered
    setup.choose_game("mahjong")  # asked for by a plan: the first game instead, no failure
    assert setup.games.currentData() == offered[0]
