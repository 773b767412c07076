"""A calendar of practice: a square per day of the last weeks, darker the more answers.

Weeks are columns (the oldest on the left), Monday to Sunday top to bottom. Shades go
from light to dark in equal steps of the busiest day, so they read in greyscale too; the
legend under the calendar gives the number of answers each shade stands for, and
hovering a day (or moving to it with the arrow keys) says its date and count.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import date, timedelta
from functools import partial

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QWidget

from i18n import _, ngettext
from ui.charts import text
from ui.charts.base import GRID, INK, MARK, Chart, LocaleAxis, Spot, pen
from ui.charts.data import WEEKS, calendar_range
from ui.palette import swatch
from ui.translated import Retranslating

#: Shades for none, then four steps up to the busiest day (light to dark in greyscale too).
SHADES = (swatch("day_0"), swatch("day_1"), swatch("day_2"), swatch("day_3"),
          swatch("day_4"))
_CELL = 0.86


def shade_limits(busiest: int) -> list[int]:
    """The most answers each shade after "none" stands for: four equal steps up to
    ``busiest`` (fewer when the busiest day had fewer than four answers)."""
    if busiest <= 0:
        return []
    return sorted({max(1, math.ceil(busiest * step / 4)) for step in range(1, 5)})


def shade_of(count: int, limits: list[int]) -> int:
    if count <= 0:
        return 0
    return next(n for n, limit in enumerate(limits, start=1) if count <= limit)


class PracticeCalendar(Chart):
    """Answers per day; ``set_days`` draws them."""

    steps = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -7, Qt.Key.Key_Right: 7}

    def __init__(self, parent: QWidget | None = None):
        self.left = LocaleAxis("left", lambda y: _weekday(y), _weekdays)
        self.bottom = LocaleAxis("bottom", self._week_label, self._week_ticks)
        super().__init__({"left": self.left, "bottom": self.bottom}, parent)
        self.invertY(True)
        self.setAspectLocked(True)
        self.getAxis("left").setPen(pg.mkPen(None))
        self.getAxis("bottom").setPen(pg.mkPen(None))
        self.first = date.today()
        self.counts: dict[date, int] = {}
        self.limits: list[int] = []
        self._cells: list[QGraphicsRectItem] = []
        self.highlight = QGraphicsRectItem()
        self.highlight.setPen(pen(MARK, 2.5))
        self.highlight.setZValue(15)
        self.highlight.hide()
        self.addItem(self.highlight)
        self.today_frame = QGraphicsRectItem()
        self.today_frame.setPen(pen(INK, 1.5))
        self.today_frame.setZValue(10)
        self.addItem(self.today_frame)
        self.set_texts()

    def set_texts(self) -> None:
        """Room for the longest weekday name of the language (``segunda`` in Portuguese)."""
        metrics = QFontMetricsF(self.font())
        self.left.setWidth(int(max(metrics.horizontalAdvance(name)
                                   for name in text.weekday_names()) + 14))

    def set_days(self, counts: Mapping[date, int], today: date) -> None:
        """Draw ``counts`` (answers per day, every day of :func:`calendar_range`)."""
        for cell in self._cells:
            self.removeItem(cell)
        self.first, last = calendar_range(today)
        self.counts = {day: counts.get(day, 0) for day in _days(self.first, last)}
        self.limits = shade_limits(max(self.counts.values(), default=0))
        self._cells = []
        spots = []
        for day, count in self.counts.items():
            x, y = self.place(day)
            cell = QGraphicsRectItem(QRectF(x - _CELL / 2, y - _CELL / 2, _CELL, _CELL))
            cell.setBrush(SHADES[shade_of(count, self.limits)])
            cell.setPen(pg.mkPen(None))
            self.addItem(cell)
            self._cells.append(cell)
            spots.append(Spot(x, y, partial(_describe, day, count)))
        x, y = self.place(today)
        self.today_frame.setRect(QRectF(x - 0.5, y - 0.5, 1, 1))
        self.setXRange(-0.5, WEEKS - 0.5, padding=0.01)
        self.setYRange(-0.5, 6.5, padding=0.02)
        self.set_spots(spots)

    def place(self, day: date) -> tuple[int, int]:
        """The column (week) and row (weekday) of ``day``."""
        return (day - self.first).days // 7, day.weekday()

    def shade_at(self, day: date) -> int:
        """Which of :data:`SHADES` the day's square is drawn in."""
        colour = self._cells[(day - self.first).days].brush().color()
        return SHADES.index(colour)

    def spot_near(self, scene_pos: QPointF) -> int | None:
        point = self.plotItem.vb.mapSceneToView(scene_pos)
        column, row = round(point.x()), round(point.y())
        if not (0 <= row < 7 and 0 <= column < WEEKS):
            return None
        index = column * 7 + row
        return index if index < len(self.spots) else None

    def mark(self, spot: Spot | None) -> None:
        if spot is None:
            self.highlight.hide()
            return
        self.highlight.setRect(QRectF(spot.x - 0.5, spot.y - 0.5, 1, 1))
        self.highlight.show()

    def _week_label(self, x: float) -> str:
        return text.short_day(self.first + timedelta(weeks=round(x)))

    def _week_ticks(self, low: float, high: float,
                    pixels: float) -> list[tuple[float, list[float]]]:
        metrics = QFontMetricsF(self.font())
        widest = metrics.horizontalAdvance(self._week_label(0)) + 16
        cells = pixels / max(high - low, 1)
        step = next((s for s in (1, 2, 3, 4, 6) if cells * s >= widest), WEEKS)
        return [(step, [float(x) for x in range(WEEKS - 1, -1, -step)])]


class CalendarLegend(Retranslating, QWidget):
    """The shades and the answers per day each stands for: "0  1–4  5–8 …"."""

    def __init__(self, calendar: PracticeCalendar, parent: QWidget | None = None):
        super().__init__(parent)
        self.calendar = calendar
        self.setMinimumHeight(24)
        self.retranslate()

    def labels(self) -> list[str]:
        limits = self.calendar.limits
        said = [text.count(0)]
        for n, limit in enumerate(limits):
            low = limits[n - 1] + 1 if n else 1
            said.append(text.count(limit) if low == limit
                        else _("{low}–{high}").format(low=text.count(low),
                                                      high=text.count(limit)))
        return said

    def retranslate(self) -> None:
        self.title = _("Answers per day:")
        self.setToolTip(self.title + " " + "  ".join(self.labels()))
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        metrics = QFontMetricsF(self.font())
        return QSize(int(metrics.horizontalAdvance(self.toolTip()) + 120),
                     int(metrics.height() + 10))

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        metrics = QFontMetricsF(self.font())
        height = self.height()
        side = min(16.0, height - 6.0)
        x = 0.0
        painter.setPen(INK)
        painter.drawText(QRectF(x, 0, metrics.horizontalAdvance(self.title) + 2, height),
                         Qt.AlignmentFlag.AlignVCenter, self.title)
        x += metrics.horizontalAdvance(self.title) + 10
        for shade, label in zip(SHADES, self.labels(), strict=False):
            painter.setPen(QPen(GRID, 1))
            painter.setBrush(shade)
            painter.drawRoundedRect(QRectF(x, (height - side) / 2, side, side), 2, 2)
            x += side + 4
            painter.setPen(INK)
            width = metrics.horizontalAdvance(label) + 2
            painter.drawText(QRectF(x, 0, width, height), Qt.AlignmentFlag.AlignVCenter, label)
            x += width + 12
        painter.end()


def _days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def _weekday(y: float) -> str:
    return text.weekday_names()[int(round(y)) % 7]


def _weekdays(low: float, high: float, pixels: float) -> list[tuple[float, list[float]]]:
    rows = [0.0, 2.0, 4.0, 6.0] if pixels < 120 else [float(n) for n in range(7)]
    return [(1, rows)]


def _describe(day: date, count: int) -> str:
    return ngettext("{date}: {count} answer.", "{date}: {count} answers.", count).format(
        date=text.long_day(day), count=text.count(count))
