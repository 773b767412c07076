"""Buttons for one option, their labels wrapped over lines: a push button with its key
(1–9) in a badge, and a radio button for one of a few actions.

Options can be long sentences ("Declare the round void: stakes go back …") in any of
three languages; a plain push button or radio button would clip them or grow wider than
the window.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QPaintEvent, QPalette
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QWidget,
)

from ui.answers.common import mark, verdict_prefix
from ui.palette import styled

BADGE_STYLE = ("QLabel#keyBadge { background: $key_back; color: $key_ink;"
               " border: 1px solid $key_edge; border-radius: 4px; padding: 1px 6px;"
               " font-weight: 600; }")


class OptionButton(QPushButton):
    def __init__(self, key: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("option")
        self.key = key
        self.badge = QLabel(key)
        self.badge.setObjectName("keyBadge")
        styled(self.badge, BADGE_STYLE)
        self.badge.setVisible(bool(key))
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        for child in (self.badge, self.label):
            child.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout = self._layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(8)
        layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 1)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_label(self, text: str) -> None:
        self.label.setText(text)
        self.setAccessibleName(text)
        self.updateGeometry()

    def text_shown(self) -> str:
        return self.label.text()

    def show_mark(self, verdict: str | None) -> None:
        """Mark the button right or wrong: colour, and ✔/✘ in place of the key."""
        mark(self, verdict)
        self.badge.setText(verdict_prefix(verdict).strip() or self.key)
        self.badge.setVisible(bool(self.badge.text()))

    def sizeHint(self) -> QSize:  # noqa: N802
        return self._layout.totalSizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self._layout.totalMinimumSize()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._layout.totalHeightForWidth(width)


#: How the label of an :class:`OptionRadio` is drawn: over as many lines as it needs.
WRAPPED = (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
           | Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextShowMnemonic)


class OptionRadio(QRadioButton):
    """A radio button whose label wraps when the button is narrower than the label.

    ``text()`` stays the label; the button is as tall as its label needs at its width
    (height for width), and never narrower than its longest word.
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def label_rect(self, width: int | None = None) -> QRect:
        """Where the label is drawn when the button is ``width`` wide (its width now)."""
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.text = ""
        option.rect = QRect(0, 0, self.width() if width is None else width, self.height())
        return self.style().subElementRect(QStyle.SubElement.SE_RadioButtonContents,
                                           option, self)

    def _label_height(self, width: int) -> int:
        room = QRect(0, 0, max(1, width), 100_000)
        return self.fontMetrics().boundingRect(room, WRAPPED, self.text()).height()

    def _chrome(self) -> QSize:
        """Everything but the label: the indicator, the spacing, the border and padding."""
        one_line = super().sizeHint()
        label = self.fontMetrics().size(Qt.TextFlag.TextShowMnemonic, self.text())
        return QSize(one_line.width() - label.width(), one_line.height() - label.height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        """As narrow as the longest word; as tall as one line (the layout asks for the
        height at the width it gives, :meth:`heightForWidth`)."""
        words = re.split(r"\s+", self.text()) or [""]
        widest = max(self.fontMetrics().horizontalAdvance(word) for word in words)
        return QSize(self._chrome().width() + widest, super().sizeHint().height())

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        chrome = self._chrome()
        return chrome.height() + max(self._label_height(width - chrome.width()),
                                     self.fontMetrics().height())

    def hitButton(self, pos: QPoint) -> bool:  # noqa: N802
        return self.rect().contains(pos)  # the label's every line, not only the first

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        text, option.text = option.text, ""
        painter.drawControl(QStyle.ControlElement.CE_RadioButton, option)
        painter.drawItemText(self.label_rect(), WRAPPED, option.palette, self.isEnabled(), text,
                             QPalette.ColorRole.WindowText)
