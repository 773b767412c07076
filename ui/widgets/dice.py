"""Dice drawn as dice: ivory cubes with pips, crisp at any size."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from i18n import _
from ui.palette import swatch
from ui.widgets import accessible_parts as parts

# Pip positions on a 3×3 grid (column, row), the usual Western/Chinese layout.
_PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}



def die_name(face: int) -> str:
    """A die in words, for screen readers."""
    return _("A die showing {face}").format(face=face)

class DiceWidget(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._faces: tuple[int, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumHeight(56)

    def set_faces(self, faces: tuple[int, ...] | list[int]) -> None:
        if any(face not in _PIPS for face in faces):
            raise ValueError(f"a die shows 1 to 6, not {faces}")
        self._faces = tuple(faces)
        self.setAccessibleName(_("Dice: {faces}").format(
            faces=", ".join(str(face) for face in self._faces)))
        self.updateGeometry()
        self.update()

    def faces(self) -> tuple[int, ...]:
        return self._faces

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(max(1, len(self._faces)) * 84, 80)

    def paintEvent(self, event: object) -> None:  # noqa: N802
        if not self._faces:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        count = len(self._faces)
        gap = 0.25
        side = min(self.height() - 8.0, (self.width() - 8.0) / (count + (count - 1) * gap))
        total = count * side + (count - 1) * gap * side
        x = (self.width() - total) / 2
        y = (self.height() - side) / 2
        for face in self._faces:
            self._paint_die(painter, QRectF(x, y, side, side), face)
            x += side * (1 + gap)
        painter.end()

    @staticmethod
    def _paint_die(painter: QPainter, rect: QRectF, face: int) -> None:
        if parts.recording():
            parts.note(painter, parts.Role.Graphic, die_name(face), rect)
        radius = rect.width() * 0.18
        painter.setPen(QPen(swatch("die_edge"), max(1.0, rect.width() / 40)))
        painter.setBrush(swatch("die"))
        painter.drawRoundedRect(rect, radius, radius)
        pip = rect.width() * 0.09
        # One and four are red on Chinese dice; the size keeps them readable in greyscale.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(swatch("die_red") if face in (1, 4) else swatch("die_black"))
        step = rect.width() / 4
        for col, row in _PIPS[face]:
            centre = QPointF(rect.left() + step * (col + 1), rect.top() + step * (row + 1))
            size = pip * 1.6 if face == 1 else pip
            painter.drawEllipse(centre, size, size)
