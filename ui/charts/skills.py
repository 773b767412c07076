"""Accuracy per skill: one row per skill, its title and figures above a bar of its accuracy.

For a trainee the bar's colour and the words beside it give the mastery level (the words
are what counts: the colours are told apart in greyscale too, but need not be); for a
cohort they say how many trainees mastered the skill. Titles are long in Portuguese, so
each row gives the title the whole width (the figures sit after the bar, below it) and
shortens it with "…" only if it must (the full title is in the tooltip).
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QGraphicsRectItem, QWidget

from trainer.progress.learning.mastery import MasteryLevel
from ui.charts import text
from ui.charts.base import INK, LINE, MARK, Chart, LocaleAxis, Spot, pen
from ui.charts.data import SkillBar
from ui.palette import swatch

#: Pixels per skill row, at least (a line of text and a bar) and at most.
ROW_PIXELS, ROW_MOST = 46, 64
LEVEL_COLOURS = {
    MasteryLevel.NEW: swatch("skill_new"),
    MasteryLevel.LEARNING: swatch("skill_learning"),
    MasteryLevel.PRACTISED: swatch("skill_practised"),
    MasteryLevel.MASTERED: swatch("skill_mastered"),
}
_TRACK = swatch("chart_track")
#: Where the bar sits in its row (rows are 1 high, top at the row's number).
_BAR_TOP, _BAR_HEIGHT = 0.52, 0.36
#: Pixels between the chart's edges and the bars (room for half of the "0 %" tick), and
#: between a bar and its figures.
_EDGE, _GAP = 16, 10


class SkillBars(Chart):
    """Horizontal bars of accuracy, one row per skill, in the order given."""

    steps = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1}
    first_said = 0

    def __init__(self, parent: QWidget | None = None):
        self.bottom = LocaleAxis("bottom", text.whole_percent, _quarters)
        super().__init__({"bottom": self.bottom}, parent)
        self.hideAxis("left")
        self.invertY(True)
        self.rows: list[SkillBar] = []
        self.bars = pg.BarGraphItem(x0=[], y0=[], width=[], height=[], brushes=[],
                                    pen=pg.mkPen(None))
        self.addItem(self.bars)
        self.highlight = QGraphicsRectItem()
        self.highlight.setPen(pen(MARK, 2))
        self.highlight.setZValue(15)
        self.highlight.hide()
        self.addItem(self.highlight)
        self._tracks: list[QGraphicsRectItem] = []
        self._titles: list[pg.TextItem] = []
        self._notes: list[pg.TextItem] = []
        self._right = 1.0  # where the view ends, in bar lengths: after the figures
        self.plotItem.vb.sigResized.connect(lambda _vb: self._fit_titles())
        self.set_texts()

    def set_texts(self) -> None:
        self._fit_titles()

    def set_rows(self, rows: Sequence[SkillBar]) -> None:
        for item in (*self._tracks, *self._titles, *self._notes):
            self.removeItem(item)
        self.rows = list(rows)
        count = len(self.rows)
        self.bars.setOpts(x0=[0] * count, y0=[n + _BAR_TOP for n in range(count)],
                          height=[_BAR_HEIGHT] * count,
                          width=[row.accuracy or 0 for row in self.rows],
                          brushes=[pg.mkBrush(LEVEL_COLOURS[row.level] if row.level else LINE)
                                   for row in self.rows])
        self._tracks = []
        self._titles = []
        self._notes = []
        for n in range(count):
            track = QGraphicsRectItem(QRectF(0, n + _BAR_TOP, 1, _BAR_HEIGHT))
            track.setBrush(_TRACK)
            track.setPen(pg.mkPen(None))
            track.setZValue(-5)
            self.addItem(track)
            title = pg.TextItem(color=INK, anchor=(0, 0))
            note = pg.TextItem(color=INK, anchor=(0, 0.5))
            for item in (title, note):
                self.addItem(item)
            self._tracks.append(track)
            self._titles.append(title)
            self._notes.append(note)
        self.setMinimumHeight(max(160, count * ROW_PIXELS + 56))
        self.setMaximumHeight(max(160, count * ROW_MOST + 56))
        self.set_spots([Spot((row.accuracy or 0), n + _BAR_TOP + _BAR_HEIGHT / 2,
                             row.describe) for n, row in enumerate(self.rows)])
        self._fit_titles()

    def plotted(self) -> list[tuple[str, float]]:
        """What is drawn, read back from the bars: (skill, accuracy) per row, top down."""
        return [(row.skill, float(width)) for row, width
                in zip(self.rows, self.bars.opts["width"], strict=True)]

    def title_text(self, index: int) -> str:
        text: str = self._titles[index].toPlainText()
        return text

    def note_text(self, index: int) -> str:
        text: str = self._notes[index].toPlainText()
        return text

    def _fit_titles(self) -> None:
        """Rows no taller than :data:`ROW_MOST`; each title and note in the current
        language: the figures after the bar, the title across the whole width above it,
        shortened only if even that is too narrow."""
        view = self.plotItem.vb
        self.setYRange(0, max(len(self.rows), view.height() / ROW_MOST, 1), padding=0)
        for row, note in zip(self.rows, self._notes, strict=True):
            note.setText(row.note())
        width = max(view.width(), 1.0)
        figures = max((note.boundingRect().width() for note in self._notes), default=0.0)
        bar = max(width - 2 * _EDGE - _GAP - figures, width / 3)  # pixels of 100 %
        self._right = 1 + (_GAP + figures + _EDGE) / bar
        self.setXRange(-_EDGE / bar, self._right, padding=0)
        if not self._titles:
            return
        metrics = QFontMetricsF(self._titles[0].textItem.font() or QFont())
        for n, (row, title, note) in enumerate(zip(self.rows, self._titles, self._notes,
                                                   strict=True)):
            note.setPos(1 + _GAP / bar, n + _BAR_TOP + _BAR_HEIGHT / 2)
            title.setPos(-_EDGE / bar, n + 0.04)
            title.setText(metrics.elidedText(text.skill_title(row.skill),
                                             Qt.TextElideMode.ElideRight,
                                             max(width - 2 * _EDGE - 8, 40)))

    def spot_near(self, scene_pos: QPointF) -> int | None:
        """The row under the mouse, anywhere across the chart's width."""
        point = self.plotItem.vb.mapSceneToView(scene_pos)
        if not self.plotItem.vb.sceneBoundingRect().contains(scene_pos):
            return None
        row = int(point.y())
        return row if 0 <= row < len(self.rows) and point.y() >= 0 else None

    def mark(self, spot: Spot | None) -> None:
        if spot is None:
            self.highlight.hide()
            return
        row = int(spot.y)
        self.highlight.setRect(QRectF(-0.005, row + 0.02, self._right + 0.005, 0.96))
        self.highlight.show()


def _quarters(low: float, high: float, pixels: float) -> list[tuple[float, list[float]]]:
    return [(0.25, [0.0, 0.25, 0.5, 0.75, 1.0])]
