"""One line of text that fits the width it is given: shortened with "…" when it must be,
whole in its tooltip and its accessible name (a list a trainee scans keeps one line a row,
and a screen reader still reads every word)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """A label whose :meth:`full_text` is shown shortened to its width (never wrapped)."""

    def __init__(self, text: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self._full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.set_full_text(text)

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self.setAccessibleName(text)
        self._shorten()
        self.updateGeometry()

    def full_text(self) -> str:
        return self._full

    def is_shortened(self) -> bool:
        return self.text() != self._full

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self._full) + 2, metrics.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance("M…"), metrics.height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._shorten()

    def _shorten(self) -> None:
        super().setText(self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, max(self.width(), 1)))
