"""What an assistive technology can do to a widget that is carried rather than pressed.

A card of a misdeal or of the banker's tiers, a chip of the tray, a stack of the payment: the
mouse drags them and the keyboard sends them with letters, but a screen reader's user works
through the accessibility tree. Such a widget is :class:`Acting`: it lists its actions by
name in the trainee's language ("Send to place 3", "Add one", "Take one back"), and
:class:`ActingInterface` (made by the factory of :mod:`ui.widgets.accessible_parts`) offers
them as the object's actions — AT-SPI's Action interface on Linux, UI Automation's
Invoke patterns on Windows — beside Qt's own (SetFocus). Doing one does what the key or the
drop does, through the same method of the answer control.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAccessibleWidget, QWidget

#: An action: its name as said to the trainee, and what it does.
Action = tuple[str, Callable[[], object]]


def _none() -> list[Action]:
    return []


class Acting:
    """A widget mixin: :attr:`offered` gives its actions as they stand (the control that
    holds the widget sets it: where a card may go depends on where it lies)."""

    acting_role = QAccessible.Role.Button
    offered: Callable[[], list[Action]] = staticmethod(_none)

    def accessible_actions(self) -> list[Action]:
        widget = self if isinstance(self, QWidget) else None
        if widget is not None and not widget.isEnabled():
            return []
        return self.offered()


class ActingInterface(QAccessibleWidget):
    """An :class:`Acting` widget in Qt's accessibility tree, with its own actions first."""

    def __init__(self, widget: QWidget) -> None:
        assert isinstance(widget, Acting)
        super().__init__(widget, widget.acting_role)

    def _own(self) -> list[Action]:
        widget = self.widget()
        return widget.accessible_actions() if isinstance(widget, Acting) else []

    def actionNames(self) -> list[str]:  # noqa: N802
        return [name for name, _do in self._own()] + super().actionNames()

    def localizedActionName(self, name: str) -> str:  # noqa: N802
        if any(name == own for own, _do in self._own()):
            return name  # already in the trainee's language
        return super().localizedActionName(name)

    def localizedActionDescription(self, name: str) -> str:  # noqa: N802
        return self.localizedActionName(name)

    def keyBindingsForAction(self, name: str) -> list[str]:  # noqa: N802
        if any(name == own for own, _do in self._own()):
            return []
        return super().keyBindingsForAction(name)

    def doAction(self, name: str) -> None:  # noqa: N802
        for own, do in self._own():
            if own == name:
                do()
                return
        super().doAction(name)
