"""Qt calls must not leak or steal references to None and True (PySide6 6.12.0 did)."""

import sys

from PySide6.QtCore import QObject, QRectF, Signal
from PySide6.QtGui import QImage, QPainter


class Pinger(QObject):
    rang = Signal(bool)


def test_painting_and_signals_keep_the_singletons_counts(qapp):
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    before = sys.getrefcount(None)
    for _ in range(2000):
        painter.drawEllipse(QRectF(1, 1, 10, 10))
    painter.end()
    assert abs(sys.getrefcount(None) - before) < 50
    pinger = Pinger()
    before = sys.getrefcount(True)
    for _ in range(2000):
        pinger.rang.emit(True)
    assert abs(sys.getrefcount(True) - before) < 50
