"""A hand's class picked by the mouse: a compact tray of the classes a slot takes
(:class:`trainer.rounds.actions.HandClass`, three-card baccarat's 1 to 31), each button
labelled with its number and named in words (its tooltip and accessible name, the game's
name of the class). Clicking one gives its number as typing it would; the class typed or
picked is shown pressed.

The buttons take no keyboard focus, as every button of the round's controls: typing the
number keeps working beside them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import QPushButton, QWidget

from i18n import Message, _
from trainer.rounds.actions import HandClass
from ui.widgets.flow import FlowLayout


class _ClassButton(QPushButton):
    """A button as wide as its number (a style's least width of a text button would make
    the tray four times as tall)."""

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        metrics = self.fontMetrics()
        height = super().sizeHint().height()
        return QSize(max(metrics.horizontalAdvance("00") + metrics.height(), height), height)

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        return self.sizeHint()


class ClassPicker(QWidget):
    """The classes ``slot`` takes, each a button; ``picked`` with the number clicked."""

    picked = Signal(int)

    def __init__(self, slot: HandClass, name: Callable[[int], Message] | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.slot = slot
        self.name = name
        self.buttons: dict[int, QPushButton] = {}
        # The class given stands out (the style's own pressed look is faint); the others
        # keep the style's look.
        self.setStyleSheet("QPushButton:checked { background: #1d5fa8; color: white; "
                           "border: 1px solid #174b85; border-radius: 3px; }")
        flow = FlowLayout(self, spacing=4)
        flow.setContentsMargins(0, 0, 0, 0)
        for number in range(slot.low, slot.high + 1):
            button = _ClassButton(str(number), self)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setCheckable(True)
            button.clicked.connect(lambda _checked=False, n=number: self._click(n))
            self.buttons[number] = button
            flow.addWidget(button)

    def retranslate(self) -> None:
        for number, button in self.buttons.items():
            words = _("Class {number}").format(number=number) if self.name is None else \
                _("Class {number}: {name}").format(number=number, name=self.name(number))
            button.setToolTip(words)
            button.setAccessibleName(words)

    def show_picked(self, number: int | None) -> None:
        """The class given so far pressed, the others not."""
        for each, button in self.buttons.items():
            button.setChecked(each == number)

    def _click(self, number: int) -> None:
        self.show_picked(number)
        self.picked.emit(number)
