"""A paragraph of a dialog that wraps and is never cut.

A dialog sizes itself from its layout's size hints, and a word-wrapped ``QLabel`` hints a
width and a height that do not go together: the paragraph is then drawn cut at its top and
bottom (at 200 %, or in a longer language). A paragraph made here asks for a width of a
readable line (:data:`LINE_EMS`, narrowed to the screen) and the whole height its words
take at that width, so the dialog opens with all of it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

#: A readable line, in average characters.
LINE_EMS = 60


def paragraph(text: str, parent: QWidget | None = None) -> QLabel:
    """A word-wrapped label as wide as a readable line (or the screen allows) and as high
    as its text needs at that width."""
    label = QLabel(text, parent)
    label.setWordWrap(True)
    fit(label)
    return label


def fit(label: QLabel) -> None:
    """Give a word-wrapped ``label`` the width of a readable line and the height its text
    needs there (again after its text changes)."""
    width = label.fontMetrics().averageCharWidth() * LINE_EMS
    screen = label.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        width = min(width, int(screen.availableGeometry().width() * 0.8))
    label.setMinimumWidth(width)
    label.setMinimumHeight(label.heightForWidth(width))


class StatusLine(QLabel):
    """A status bar's sentence: as wide as the bar gives it, and as high as its words need
    at that width (one line mostly; two at 200 % or in a longer language), never cut.

    A word-wrapped ``QLabel`` hints the height of its words at a narrow width of its own
    choosing, which gives a bar three lines of room for one line of text."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWordWrap(True)
        self._height = 0

    def _needed(self) -> int:
        return max(super().heightForWidth(max(self.width(), 1)), self.fontMetrics().height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(self.fontMetrics().averageCharWidth() * 20, self._needed())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self.sizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        return False  # the bar would ask the height at a narrow width of its own

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setText(text)
        self._settle()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._settle()

    def _settle(self) -> None:
        needed = self._needed()
        if needed != self._height:
            self._height = needed
            self.updateGeometry()
