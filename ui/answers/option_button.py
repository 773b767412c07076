"""A button for one option: its key (1–9) in a badge and its label wrapped over lines.

Options can be long sentences ("Declare the round void: stakes go back …") in any of
three languages; a plain push button would clip them or grow wider than the window.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from ui.answers.common import mark, verdict_prefix

BADGE_STYLE = ("QLabel#keyBadge { background: #ece7d8; color: #333; border: 1px solid #b9b09a;"
               " border-radius: 4px; padding: 1px 6px; font-weight: 600; }")


class OptionButton(QPushButton):
    def __init__(self, key: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("option")
        self.key = key
        self.badge = QLabel(key)
        self.badge.setObjectName("keyBadge")
        self.badge.setStyleSheet(BADGE_STYLE)
        self.badge.setVisible(bool(key))
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        for child in (self.badge, self.label):
            child.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout = QHBoxLayout(self)
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
        return self.layout().totalSizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.layout().totalMinimumSize()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self.layout().totalHeightForWidth(width)
