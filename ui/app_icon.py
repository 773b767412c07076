"""The application's icon: a MOP 1,000 chip, as the table's chips are drawn, at every size a
desktop asks for."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap

from ui.drawing.chips import paint_chip

SIZES = (16, 24, 32, 48, 64, 128, 256)


def app_icon() -> QIcon:
    icon = QIcon()
    for size in SIZES:
        pixmap = QPixmap(size, size)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_chip(painter, QPointF(size / 2, size / 2), size / 2 - 1, Decimal(1000))
        painter.end()
        icon.addPixmap(pixmap)
    return icon
