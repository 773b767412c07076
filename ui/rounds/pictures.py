"""Pictures kept by what they show, so that a step of a round draws only what changed.

A table is drawn in parts (a place, the middle, the felt); each part is drawn once into a
picture kept under its slot with everything it depends on (what it shows, where, at which
pixel ratio, in which palette), and copied from there while none of that changes
(``bench_round_drawing.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from typing import TypeVar

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QWidget

from ui import palette
from ui.widgets import accessible_parts

Part = TypeVar("Part", bound=Hashable)


def picture(width: float, height: float, ratio: float) -> QPixmap:
    """A clear picture of ``width`` × ``height`` to draw on at the screen's pixel ratio."""
    drawn = QPixmap(round(width * ratio), round(height * ratio))
    drawn.setDevicePixelRatio(ratio)
    drawn.fill(Qt.GlobalColor.transparent)
    return drawn


def _on_pixels(area: QRectF, ratio: float) -> QRectF:
    """``area`` grown to the nearest whole pixels of the device around it: a picture copied
    there is copied pixel for pixel (a copy between pixels is blended, and is slow)."""
    left, top = math.floor(area.left() * ratio), math.floor(area.top() * ratio)
    right, bottom = math.ceil(area.right() * ratio), math.ceil(area.bottom() * ratio)
    return QRectF(left / ratio, top / ratio, (right - left) / ratio, (bottom - top) / ratio)


class Pictures:
    """The last picture of each slot, by what it shows."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, tuple[Hashable, QPixmap]] = {}

    def draw(self, painter: QPainter, slot: Hashable, area: QRectF, shows: Hashable,
             paint: Callable[[QPainter], None]) -> bool:
        """Copy ``slot``'s picture of ``area`` onto ``painter``, drawn first with ``paint``
        (in ``painter``'s coordinates) when ``shows`` or the area has changed; whether it
        was drawn. While a drawing is recorded for its parts (for screen readers), the part
        is painted on ``painter`` itself, kept or not, and nothing is kept."""
        if accessible_parts.recording():
            paint(painter)
            return False
        ratio = painter.device().devicePixelRatioF()
        area = _on_pixels(area, ratio)
        if painter.hasClipping() and not painter.clipBoundingRect().intersects(area):
            return False  # not in the part of the screen being painted: left as it is
        key = (shows, area.getRect(), ratio, palette.generation())
        kept = self._kept.get(slot)
        fresh = kept is None or kept[0] != key
        if fresh:
            drawn = picture(area.width(), area.height(), ratio)
            on = QPainter(drawn)
            on.setRenderHints(painter.renderHints())
            on.translate(-area.topLeft())
            paint(on)
            on.end()
            kept = key, drawn
            self._kept[slot] = kept
        assert kept is not None
        painter.drawPixmap(area.topLeft(), kept[1])
        return fresh


def repaint_changed(widget: QWidget, before: Mapping[Part, Hashable],
                    after: Mapping[Part, Hashable], area: Callable[[Part], QRectF]) -> None:
    """Ask ``widget`` to paint again the area of each part whose showing changed from
    ``before`` to ``after`` (what each part shows, by part): a table's ``show_view``, so
    that a step paints only the parts it changed."""
    for part, shows in after.items():
        if before.get(part) != shows:
            widget.update(area(part).toAlignedRect())
