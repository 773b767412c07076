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

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QWidget

from i18n import Message, _
from trainer.rounds.actions import HandClass
from ui.palette import styled
from ui.widgets.flow import FlowLayout

#: The tray's own look, the same size in every state (a style's least width of a text button
#: would make it four times as tall), the class given standing out.
_LOOK = """
QPushButton { border: 1px solid $button_edge; border-radius: 3px; background: $button_back;
              padding: 3px 2px; min-width: 1.8em; }
QPushButton:hover { background: $button_hover; }
QPushButton:pressed { background: $button_pressed; }
QPushButton:checked { background: $button_checked; color: $button_checked_ink;
                      border-color: $button_checked_edge; }
"""


class ClassPicker(QWidget):
    """The classes ``slot`` takes, each a button; ``picked`` with the number clicked."""

    picked = Signal(int)

    def __init__(self, slot: HandClass, name: Callable[[int], Message] | None = None,
                 parent: QWidget | None = None, *,
                 said: Callable[[int], Message] | None = None):
        super().__init__(parent)
        self.slot = slot
        self.name = name
        self.said = said  # a number in words whole, not a class (Mah-Jong's "Stack 5")
        self.buttons: dict[int, QPushButton] = {}
        styled(self, _LOOK)
        flow = FlowLayout(self, spacing=4)
        flow.setContentsMargins(0, 0, 0, 0)
        for number in range(slot.low, slot.high + 1):
            button = QPushButton(str(number), self)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setCheckable(True)
            button.clicked.connect(lambda _checked=False, n=number: self._click(n))
            self.buttons[number] = button
            flow.addWidget(button)

    def retranslate(self) -> None:
        for number, button in self.buttons.items():
            words = str(self.said(number)) if self.said is not None else \
                _("Class {number}").format(number=number) if self.name is None else \
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
