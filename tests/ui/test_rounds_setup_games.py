"""The round page offers only the games whose table is drawn on screen (every game the
engine deals, Mah-Jong's scenes among them); a game asked for that has none is not
offered."""

from __future__ import annotations

from trainer.rounds.games import GAMES
from ui.rounds.kits import KITS
from ui.rounds.setup import RoundSetup


def test_the_setup_offers_each_game_with_a_table_on_screen_in_the_engines_order(qtbot):
    setup = RoundSetup()
    qtbot.addWidget(setup)
    offered = [setup.games.itemData(i) for i in range(setup.games.count())]
    assert offered == [game for game in GAMES if game in KITS]
    assert "mahjong" in offered
    setup.choose_game("mahjong")
    assert setup.games.currentData() == "mahjong"


def test_a_game_without_a_table_on_screen_is_not_offered(qtbot, monkeypatch):
    from ui.rounds import kits
    monkeypatch.setattr("ui.rounds.setup.KITS", {game: kit for game, kit in kits.KITS.items()
                                                 if game != "mahjong"})
    setup = RoundSetup()
    qtbot.addWidget(setup)
    offered = [setup.games.itemData(i) for i in range(setup.games.count())]
    assert "mahjong" in GAMES and "mahjong" not in offered
    setup.choose_game("mahjong")  # asked for by a plan: the first game instead, no failure
    assert setup.games.currentData() == offered[0]
