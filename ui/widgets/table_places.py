"""The table seen from above, its places in the real counterclockwise order.

The trainee sits where the banker-dealer sits, at the bottom edge. Counterclockwise
from there: place 2 at the banker's right (screen right), place 3 opposite, place 4
at his left. A place is chosen by clicking it, or with the arrow keys and Enter.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeyEvent, QMouseEvent, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from i18n import _

_FELT = QColor("#1f6b45")
_RAIL = QColor("#6b3f1f")
_SPOT = QColor("#f4efe1")
_RIGHT = QColor("#2e8b57")
_WRONG = QColor("#b03a2e")
_FOCUS = QColor("#f1c40f")


class TablePlaces(QWidget):
    """Places 1..n around a table; emits ``placeChosen(place)``."""

    placeChosen = Signal(int)  # noqa: N815 - Qt signal naming

    def __init__(self, places: int = 4, parent: QWidget | None = None):
        super().__init__(parent)
        self._places = places
        self._focus_place = 1
        self._hover: int | None = None
        self._chosen: int | None = None
        self._expected: int | None = None
        self._enabled_choice = True
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(320, 240)

    # State -------------------------------------------------------------------------------

    def reset(self) -> None:
        self._chosen = self._expected = None
        self._enabled_choice = True
        self.update()

    def show_result(self, chosen: int, expected: int) -> None:
        self._chosen, self._expected = chosen, expected
        self._enabled_choice = False
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(520, 360)

    # Geometry ----------------------------------------------------------------------------

    def _table_rect(self) -> QRectF:
        margin = 12.0
        return QRectF(margin, margin, self.width() - 2 * margin, self.height() - 2 * margin)

    def place_rect(self, place: int) -> QRectF:
        """Where place ``place`` sits: place 1 at the bottom, then counterclockwise."""
        table = self._table_rect()
        angle = math.radians(270 + (place - 1) * 360 / self._places)  # 270° = bottom
        spot_w = max(90.0, table.width() * 0.24)
        spot_h = max(54.0, table.height() * 0.2)
        cx = table.center().x() + math.cos(angle) * (table.width() / 2 - spot_w / 2 - 10)
        cy = table.center().y() - math.sin(angle) * (table.height() / 2 - spot_h / 2 - 10)
        return QRectF(cx - spot_w / 2, cy - spot_h / 2, spot_w, spot_h)

    def place_at(self, point: QPointF) -> int | None:
        for place in range(1, self._places + 1):
            if self.place_rect(place).contains(point):
                return place
        return None

    # Input -------------------------------------------------------------------------------

    def choose_focused(self) -> None:
        self._choose(self._focus_place)

    def _choose(self, place: int) -> None:
        if self._enabled_choice:
            self.placeChosen.emit(place)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        place = self.place_at(event.position())
        if place is not None and event.button() == Qt.MouseButton.LeftButton:
            self._focus_place = place
            self._choose(place)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        hover = self.place_at(event.position())
        if hover != self._hover:
            self._hover = hover
            self.setCursor(Qt.CursorShape.PointingHandCursor if hover and self._enabled_choice
                           else Qt.CursorShape.ArrowCursor)
            self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Up):  # onwards, counterclockwise
            self._focus_place = self._focus_place % self._places + 1
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Down):
            self._focus_place = (self._focus_place - 2) % self._places + 1
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.choose_focused()
        else:
            super().keyPressEvent(event)
            return
        self.update()

    # Painting ----------------------------------------------------------------------------

    def paintEvent(self, event: object) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        table = self._table_rect()
        painter.setPen(QPen(_RAIL, 10))
        painter.setBrush(_FELT)
        painter.drawRoundedRect(table, table.height() * 0.3, table.height() * 0.3)
        self._paint_direction(painter, table)
        for place in range(1, self._places + 1):
            self._paint_place(painter, place)
        painter.end()

    def _paint_direction(self, painter: QPainter, table: QRectF) -> None:
        """A counterclockwise arrow in the middle: the way cards, payments and turns go."""
        radius = min(table.width(), table.height()) * 0.16
        centre = table.center()
        box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        path = QPainterPath()
        path.arcMoveTo(box, -60)
        path.arcTo(box, -60, 300)
        painter.setPen(QPen(QColor(255, 255, 255, 150), 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        tip = path.currentPosition()
        # Travel at the arc's end (240°) is along its tangent, 240° + 90°.
        angle = math.radians(330)
        for side in (-0.45, 0.45):
            back = QPointF(tip.x() - 12 * math.cos(angle + side),
                           tip.y() + 12 * math.sin(angle + side))
            painter.drawLine(tip, back)
        painter.setFont(self._font(0.8))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                         _("counter-\nclockwise"))

    def _paint_place(self, painter: QPainter, place: int) -> None:
        rect = self.place_rect(place)
        fill = _SPOT
        if self._expected is not None and place == self._expected:
            fill = _RIGHT
        elif self._chosen is not None and place == self._chosen:
            fill = _WRONG
        elif self._hover == place and self._enabled_choice:
            fill = fill.darker(112)
        focused = self.hasFocus() and place == self._focus_place
        painter.setPen(QPen(_FOCUS if focused else QColor("#333"), 4 if focused else 1.5))
        painter.setBrush(fill)
        painter.drawRoundedRect(rect, 10, 10)
        text_colour = QColor("white") if fill in (_RIGHT, _WRONG) else QColor("#1d1d1d")
        painter.setPen(text_colour)
        number_box = QRectF(rect.left(), rect.top() + 2, rect.width(), rect.height() * 0.6)
        painter.setFont(self._font(2.0, bold=True))
        painter.drawText(number_box, Qt.AlignmentFlag.AlignCenter, str(place))
        label = _("Banker") if place == 1 else _("Place {place}").format(place=place)
        painter.setFont(self._font(0.95, bold=place == 1))
        label_box = QRectF(rect.left() + 4, rect.top() + rect.height() * 0.55,
                           rect.width() - 8, rect.height() * 0.42)
        painter.drawText(label_box, Qt.AlignmentFlag.AlignCenter, label)

    def _font(self, scale: float, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * scale))
        font.setBold(bold)
        return font
