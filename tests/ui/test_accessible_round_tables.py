"""The table mode's round tables describe themselves: every place (seat, number) of each
game's table is a named part of Qt's accessibility tree in three languages, with its bet
and its cards or tiles below it, and picking a place through the tree names it in the
action as a click on it does (ui.widgets.accessible_parts)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from test_accessible_parts import name, tree

import i18n
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from ui.rounds.screen import RoundScreen

GAMES = ("mahjong_baccarat", "thirteen", "three_card", "mahjong", "sap_i_chi")


@pytest.fixture
def language():
    before = i18n.current_language()
    yield i18n.set_language
    i18n.set_language(before)


def shown(qtbot, game: str, steps: int = 3) -> RoundScreen:
    screen = RoundScreen(start(game, 3, Mode.PRACTICE))
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    qtbot.waitExposed(screen)
    for action in solve(screen.played.round)[:steps]:
        screen.last = screen.played.give(str(action))
        screen._show_step()
    return screen


@pytest.mark.parametrize("game", GAMES)
def test_every_place_is_a_named_part_in_three_languages(qtbot, language, game):
    screen = shown(qtbot, game)
    for code in LANGUAGES:
        language(code)
        screen.retranslate()
        parts = tree(QAccessible.queryAccessibleInterface(screen.table))
        assert parts and all(name(part).strip() for part in parts), (game, code)
        places = [part for part in parts if part.state().focusable]
        assert len(places) >= 4, (game, code)
        betting = [part for part in places if "MOP" in name(part)
                   or any("MOP" in name(part.child(i)) for i in range(part.childCount()))]
        assert betting or game in ("thirteen", "mahjong"), (game, code)


LANGUAGES = ("en", "pt_MO", "zh_Hant_MO")


@pytest.mark.parametrize("game", GAMES)
def test_picking_a_place_in_the_tree_names_it_as_a_click_does(qtbot, game):
    screen = shown(qtbot, game)
    table = screen.table
    places = [part for part in tree(QAccessible.queryAccessibleInterface(table))
              if part.state().focusable]
    for chosen in (places[1], places[-1]):
        with qtbot.waitSignal(table.optionPicked) as picked:
            assert chosen.pick()
        centre = table.mapFromGlobal(chosen.rect().center())
        with qtbot.waitSignal(table.optionPicked) as clicked:
            qtbot.mouseClick(table, Qt.MouseButton.LeftButton, pos=centre)
        assert picked.args == clicked.args, name(chosen)


def test_a_mahjong_seat_reads_its_hand_tile_by_tile(qtbot, language):
    screen = shown(qtbot, "mahjong", steps=6)
    language("zh_Hant_MO")
    screen.retranslate()
    seats = [part for part in tree(QAccessible.queryAccessibleInterface(screen.table))
             if part.state().focusable]
    assert [name(seat).split("，")[0].split(",")[0] for seat in seats] == \
        ["東家", "南家", "西家", "北家"]
    hands = [seat.child(i) for seat in seats for i in range(seat.childCount())
             if seat.child(i).role() == QAccessible.Role.Grouping]
    assert len(hands) == 4
    assert all(len([tile for tile in tree(hand) if tile.role() == QAccessible.Role.Graphic])
               >= 13 for hand in hands)
