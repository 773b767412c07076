"""A figure per week: accuracy, response time (seconds) or answers, over the weeks.

Weeks are placed by their Monday on one scale for every chart (weeks since
:data:`EPOCH`), so two weekly charts line up and a week without answers is a gap in the
line, not a week squeezed out. The bottom axis names each labelled week by its Monday in
the current locale, as many as fit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date, timedelta

import pyqtgraph as pg
from PySide6.QtCore import QPointF
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QWidget

from i18n import _
from ui.charts import text
from ui.charts.base import LINE, REACH, Chart, LocaleAxis, Spot, pen
from ui.charts.data import Measure, WeekValue

EPOCH = date(2000, 1, 3)  # a Monday
#: Label every n-th week, the smallest n of these that fits.
_STEPS = (1, 2, 3, 4, 6, 8, 13, 26, 52)


def week_x(week: date) -> int:
    return (week - EPOCH).days // 7


def week_of_x(x: float) -> date:
    return EPOCH + timedelta(weeks=round(x))


class WeeklyChart(Chart):
    """One measure per week: a line with dots (accuracy, seconds) or bars (answers)."""

    def __init__(self, measure: Measure, parent: QWidget | None = None):
        self.measure = measure
        self.bottom = LocaleAxis("bottom", lambda x: text.short_day(week_of_x(x)),
                                 self._week_ticks)
        label_of = {Measure.ACCURACY: text.whole_percent, Measure.SECONDS: text.axis_number,
                    Measure.ANSWERS: text.axis_number}[measure]
        whole = measure is Measure.ANSWERS  # answers are counted: no tick at 0.5
        self.left = LocaleAxis("left", label_of,
                               lambda low, high, pixels: nice_ticks(low, high, pixels, whole))
        super().__init__({"bottom": self.bottom, "left": self.left}, parent)
        self.showGrid(x=False, y=True, alpha=0.25)
        self.curve = pg.PlotDataItem(pen=pen(LINE, 2.5), symbol="o", symbolSize=9,
                                     symbolBrush=pg.mkBrush(LINE), symbolPen=pg.mkPen("w"),
                                     connect="finite")
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush=pg.mkBrush(LINE),
                                    pen=pg.mkPen(None))
        self.addItem(self.bars if measure is Measure.ANSWERS else self.curve)
        self.values: list[WeekValue] = []
        self.set_texts()

    def set_texts(self) -> None:
        self.setLabel("left", {Measure.ACCURACY: _("Accuracy"),
                               Measure.SECONDS: _("Response time (s)"),
                               Measure.ANSWERS: _("Answers")}[self.measure])

    def set_weeks(self, values: Sequence[WeekValue]) -> None:
        """Draw ``values`` (one per week, any order)."""
        self.values = sorted(values, key=lambda v: v.week)
        xs = [week_x(v.week) for v in self.values]
        ys = [v.value for v in self.values]
        if self.measure is Measure.ANSWERS:
            self.bars.setOpts(x=xs, height=ys, width=0.6)
        else:
            self.curve.setData(*_with_gaps(xs, ys))
        self.set_spots([Spot(x, y, v.describe) for x, y, v in zip(xs, ys, self.values,
                                                                  strict=True)])
        self._frame(xs, ys)

    def plotted(self) -> list[tuple[date, float]]:
        """What is drawn, read back from the plot items: (week, value) per point or bar."""
        if self.measure is Measure.ANSWERS:
            xs, ys = self.bars.opts["x"], self.bars.opts["height"]
        else:
            xs, ys = self.curve.getData()
            if xs is None:
                return []
        return [(week_of_x(x), float(y)) for x, y in zip(xs, ys, strict=True)
                if not math.isnan(y)]

    def _frame(self, xs: list[int], ys: list[float]) -> None:
        if xs:
            self.setXRange(xs[0] - 0.6, xs[-1] + 0.6, padding=0)
        else:
            today = week_x(date.today())
            self.setXRange(today - 4.6, today + 0.6, padding=0)
        if self.measure is Measure.ACCURACY:
            self.setYRange(0, 1, padding=0.04)
        else:
            # At least one second or five answers high: a week of answers all under a
            # second must not make every tick read "0".
            least = 1.0 if self.measure is Measure.SECONDS else 5.0
            self.setYRange(0, max(max(ys, default=0), least) * 1.1, padding=0.04)

    def _week_ticks(self, low: float, high: float,
                    pixels: float) -> list[tuple[float, list[float]]]:
        first, last = math.ceil(low), math.floor(high)
        if last < first or pixels <= 0:
            return []
        metrics = QFontMetricsF(self.bottom.style.get("tickFont") or QFont())
        widest = max(metrics.horizontalAdvance(text.short_day(week_of_x(x)))
                     for x in (first, last))
        fit = max(1, int(pixels // (widest + 18)))
        step = next((s for s in _STEPS if (last - first) // s + 1 <= fit), _STEPS[-1])
        anchor = week_x(self.values[0].week) if self.values else first
        return [(step, [x for x in range(first, last + 1) if (x - anchor) % step == 0])]

    def spot_near(self, scene_pos: QPointF) -> int | None:
        """The week under the mouse, however high or low it points (a vertical cursor)."""
        if not self.spots:
            return None
        view = self.plotItem.vb
        left = view.mapViewToScene(QPointF(0, 0)).x()
        half_week = abs(view.mapViewToScene(QPointF(0.5, 0)).x() - left)
        distances = [abs(view.mapViewToScene(QPointF(spot.x, spot.y)).x() - scene_pos.x())
                     for spot in self.spots]
        best = min(range(len(distances)), key=distances.__getitem__)
        return best if distances[best] <= max(REACH, half_week) else None


def nice_ticks(low: float, high: float, pixels: float,
               whole: bool = False) -> list[tuple[float, list[float]]]:
    """One level of ticks at 1, 2 or 5 times a power of ten, about every 40 pixels (whole
    numbers only when ``whole``)."""
    span = high - low
    if span <= 0 or pixels <= 0:
        return []
    rough = span / max(2.0, pixels / 40)
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    if step < 1 and (whole or high > 20):
        step = 1.0
    first = math.ceil(max(low, 0) / step) * step
    return [(step, [first + n * step for n in range(int((high - first) / step) + 1)])]


def _with_gaps(xs: list[int], ys: list[float]) -> tuple[list[float], list[float]]:
    """The points with a NaN between weeks that are not next to each other."""
    out_x: list[float] = []
    out_y: list[float] = []
    for x, y in zip(xs, ys, strict=True):
        if out_x and x - out_x[-1] > 1:
            out_x.append(out_x[-1] + 0.5)
            out_y.append(math.nan)
        out_x.append(x)
        out_y.append(y)
    return out_x, out_y
