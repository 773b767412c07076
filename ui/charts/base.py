"""What every progress chart shares: pyqtgraph set up once, axes in the current locale, and
the value under the mouse (or under the keyboard's cursor) said in words.

A chart keeps its data as :class:`Spot` s, each with a function that describes it in the
language current at the time; hovering near a spot, or moving to it with the arrow keys,
marks it, shows the description as a tooltip and emits :attr:`Chart.spotShown`. Panning
and zooming are off: these are pictures to read, not to explore.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QPen
from PySide6.QtWidgets import QToolTip, QWidget

from i18n import _
from ui.charts.figures import FiguresTable
from ui.palette import hex_of, styled, swatch
from ui.translated import Retranslating

pg.setConfigOptions(antialias=True, background="w", foreground=hex_of("chart_ink"))

INK = swatch("chart_ink")
GRID = swatch("chart_grid")
LINE = swatch("chart_line")
MARK = swatch("chart_mark")
#: How far (pixels) from a spot the mouse may be and still show it.
REACH = 36


@dataclass(frozen=True)
class Spot:
    """A point of a chart: where it is drawn (data coordinates) and what it says."""

    x: float
    y: float
    describe: Callable[[], str]


class LocaleAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no types
    """An axis whose tick labels come from ``label_of`` (in the current locale), and whose
    tick positions may come from ``ticks_of(low, high, pixels)``."""

    def __init__(self, orientation: str, label_of: Callable[[float], str] | None = None,
                 ticks_of: Callable[[float, float, float], list[tuple[float, list[float]]]]
                 | None = None):
        super().__init__(orientation)
        # Seconds stay seconds: no "(x0.001)" when every answer took under a second.
        self.enableAutoSIPrefix(False)
        self.label_of = label_of
        self.ticks_of = ticks_of

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        if self.label_of is None:
            labels: list[str] = super().tickStrings(values, scale, spacing)
            return labels
        return [self.label_of(value) for value in values]

    def tickValues(self, minVal: float, maxVal: float,  # noqa: N802, N803
                   size: float) -> list[tuple[float, list[float]]]:
        if self.ticks_of is None:
            ticks: list[tuple[float, list[float]]] = super().tickValues(minVal, maxVal, size)
            return ticks
        return self.ticks_of(minVal, maxVal, size)

    def refresh(self) -> None:
        """Draw the labels again (the language or the locale changed)."""
        self.picture = None
        self.update()


class Chart(Retranslating, pg.PlotWidget):  # type: ignore[misc]  # pyqtgraph ships no types
    """A plot that says the value of the spot under the mouse or the keyboard's cursor.

    Subclasses draw their data, call :meth:`set_spots`, and set their axis titles in
    :meth:`set_texts`. Arrow keys move the cursor: ``steps`` maps keys to index steps.
    """

    spotShown = Signal(str)  # noqa: N815 - the description of the spot shown

    steps: dict[int, int] = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1,
                             Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}
    #: The spot said when Tab reaches the chart (-1: the last, the latest week).
    first_said = -1

    def __init__(self, axes: dict[str, pg.AxisItem], parent: QWidget | None = None):
        super().__init__(parent, axisItems=axes)
        self.setMouseEnabled(x=False, y=False)
        self.setMenuEnabled(False)
        self.hideButtons()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(220, 160)
        styled(self, "QGraphicsView { border: 1px solid $chart_edge; } "
                           "QGraphicsView:focus { border: 2px solid $chart_line; }")
        self.spots: list[Spot] = []
        self.current: int | None = None
        #: The description of the spot shown last, as shown (for tests and screen readers).
        self.readout = ""
        self.marker = pg.ScatterPlotItem(size=16, pen=pg.mkPen(MARK, width=2.5),
                                         brush=pg.mkBrush(None))
        self.marker.setZValue(20)
        self.addItem(self.marker)
        self.scene().sigMouseMoved.connect(self._mouse_moved)
        self._say_keys()

    # Data ------------------------------------------------------------------------------

    def set_spots(self, spots: Sequence[Spot]) -> None:
        self.spots = list(spots)
        self.current = None
        self.readout = ""
        self.mark(None)

    def set_texts(self) -> None:
        """Set titles and axis labels in the current language (subclasses)."""

    def _say_keys(self) -> None:
        self.setAccessibleDescription(_("The arrow keys read the chart spot by spot; Ctrl+T "
                                        "shows its figures as a table."))

    def retranslate(self) -> None:
        self._say_keys()
        self.set_texts()
        for name in ("left", "bottom", "right", "top"):
            axis = self.getAxis(name)
            if isinstance(axis, LocaleAxis):
                axis.refresh()
        if self.current is not None:
            self.show_spot(self.current, tooltip=False)

    # Finding and showing a spot --------------------------------------------------------

    def spot_near(self, scene_pos: QPointF) -> int | None:
        """The index of the spot under ``scene_pos`` (subclasses: a week's column, a
        skill's row, a day's square), or ``None``."""
        return None

    def mark(self, spot: Spot | None) -> None:
        """Mark the spot shown (a ring by default; ``None``: nothing)."""
        self.marker.setData(*([[spot.x], [spot.y]] if spot else [[], []]))

    def show_spot(self, index: int | None, tooltip: bool = True,
                  at: QPointF | None = None) -> None:
        """Mark spot ``index`` and say its value (``None``: mark nothing)."""
        if index is None or not 0 <= index < len(self.spots):
            self.current = None
            self.mark(None)
            QToolTip.hideText()
            return
        self.current = index
        spot = self.spots[index]
        self.mark(spot)
        self.readout = spot.describe()
        if tooltip:
            place = at if at is not None else self.plotItem.vb.mapViewToScene(
                QPointF(spot.x, spot.y))
            QToolTip.showText(self.viewport().mapToGlobal(self.mapFromScene(place)),
                              self.readout, self)
        self.spotShown.emit(self.readout)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802
        """Reached with Tab: say a value at once (the arrow keys go on from it)."""
        super().focusInEvent(event)
        tabbed = event.reason() in (Qt.FocusReason.TabFocusReason,
                                    Qt.FocusReason.BacktabFocusReason)
        if tabbed and self.current is None and self.spots:
            self.show_spot(self.first_said % len(self.spots))

    def forget_spot(self) -> None:
        """Unmark the spot shown, silently (another chart shows one now)."""
        self.current = None
        self.readout = ""
        self.mark(None)

    def _mouse_moved(self, scene_pos: QPointF) -> None:
        index = self.spot_near(scene_pos)
        if index != self.current or index is None:
            self.show_spot(index, at=scene_pos)

    # Keyboard --------------------------------------------------------------------------

    def figures(self) -> list[str]:
        """Every spot as the chart says it: its text alternative, a row each."""
        return [spot.describe() for spot in self.spots]

    def show_figures(self) -> FiguresTable:
        """The figures as a table, in a window of their own (Ctrl+T)."""
        table = FiguresTable(self.accessibleName(), self.figures(), self)
        table.open()
        return table

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_T and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.show_figures()
            return
        step = self.steps.get(event.key())
        if step is None or not self.spots:
            if event.key() == Qt.Key.Key_Home and self.spots:
                self.show_spot(0)
            elif event.key() == Qt.Key.Key_End and self.spots:
                self.show_spot(len(self.spots) - 1)
            else:
                super().keyPressEvent(event)
            return
        start = self.current if self.current is not None else (-1 if step > 0 else len(self.spots))
        self.show_spot(max(0, min(len(self.spots) - 1, start + step)))


def pen(colour: QColor, width: float = 2.0) -> QPen:
    """A line as wide on the screen whatever the scale (crisp at any size)."""
    made: QPen = pg.mkPen(colour, width=width)
    made.setCosmetic(True)
    return made
