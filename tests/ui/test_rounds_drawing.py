"""The round's table drawn from its kept pictures (each place, the felt, the middle, the
whole table) is the table drawn afresh, step after step, in each game whose table keeps
pictures (Mahjong Baccarat, the 13-card game, three-card baccarat, Mah-Jong's scenes):
nothing kept goes stale."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import solve
from ui.rounds.pictures import Pictures
from ui.rounds.screen import RoundScreen
from ui.situation.baccarat_table import BaccaratTable
from ui.situation.mahjong_seats import SeatsTable
from ui.situation.thirteen import ThirteenTable

#: How far a channel may differ: antialiased edges blended once more on a picture.
BLEND = 8


def _afresh(table, paint_table) -> QImage:
    """The table drawn as the quiz draws it, every part's picture drawn again (the pictures
    kept are put back after)."""
    kept, table._pictures = table._pictures, Pictures()
    image = QImage(table.grab().size(), QImage.Format.Format_ARGB32)
    image.setDevicePixelRatio(table.devicePixelRatioF())  # at 200 % too
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    paint_table(table, painter)
    painter.end()
    table._pictures = kept
    return image


def _differ(kept: QImage, fresh: QImage) -> int:
    """How many pixels of the table (where the fresh drawing is opaque) differ."""
    count = 0
    for y in range(0, fresh.height(), 3):
        for x in range(0, fresh.width(), 3):
            theirs, mine = fresh.pixel(x, y), kept.pixel(x, y)
            if theirs >> 24 == 255 and max(abs((theirs >> s & 255) - (mine >> s & 255))
                                           for s in (0, 8, 16)) > BLEND:
                count += 1
    return count


def _mahjong_baccarat(table, painter):
    BaccaratTable.paint_table(table, painter, QRectF(table.rect()))


#: Each game's table drawn as the quiz draws it, and rounds to draw (seed 0: co-bankers).
#: Three-card baccarat's is the Mahjong Baccarat table's drawing with six places.
GAMES = {"mahjong_baccarat": _mahjong_baccarat, "thirteen": ThirteenTable.paint_table,
         "three_card": _mahjong_baccarat,
         "mahjong": lambda table, painter: SeatsTable.paint_table(table, painter,
                                                                  QRectF(table.rect()))}


def _shown(qtbot, game: str, seed: int) -> RoundScreen:
    """A practice round of ``game`` on screen at 1280×800."""
    screen = RoundScreen(start(game, seed, Mode.PRACTICE))
    qtbot.addWidget(screen)
    screen.resize(1280, 800)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


@pytest.mark.parametrize(("game", "seed"), [("mahjong_baccarat", 3), ("mahjong_baccarat", 0),
                                            ("thirteen", 5), ("three_card", 3),
                                            ("three_card", 11), ("mahjong", 1),
                                            ("mahjong", 2)])
def test_the_table_from_its_pictures_is_the_table_drawn_afresh(qtbot, game, seed):
    paint_table = GAMES[game]
    screen = _shown(qtbot, game, seed)
    table = screen.table
    table.show_view(table.view, 4)  # a place chosen: its halo
    for step, action in enumerate(solve(screen.played.round)):
        screen.last = screen.played.give(str(action))
        screen._show_step()
        table.clearFocus()
        kept = table.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)
        assert _differ(kept, _afresh(table, paint_table)) == 0, (step, action)
    assert len(table._pictures._kept) >= 4


@pytest.mark.parametrize(("game", "seed"), [("mahjong_baccarat", 0), ("thirteen", 5),
                                            ("three_card", 11), ("mahjong", 1)])
def test_a_step_paints_again_every_part_of_the_table_it_changed(qtbot, game, seed):
    """A step paints only the parts of the table it changed: what the window shows after it
    (read back from the window) is the table drawn whole, step after step."""
    screen = _shown(qtbot, game, seed)
    table = screen.table
    for step, action in enumerate(solve(screen.played.round)):
        screen.last = screen.played.give(str(action))
        screen._show_step()
        QApplication.processEvents()
        corner = table.mapTo(screen, table.rect().topLeft())
        shown = QApplication.primaryScreen().grabWindow(
            screen.winId(), corner.x(), corner.y(), table.width(), table.height())
        whole = table.grab()
        assert shown.toImage().convertToFormat(QImage.Format.Format_RGB32) == \
            whole.toImage().convertToFormat(QImage.Format.Format_RGB32), (step, action)
