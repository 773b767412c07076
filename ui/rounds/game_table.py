"""What the round screen asks of a game's table widget (each game draws its own)."""

from __future__ import annotations

from typing import Any, Protocol

from PySide6.QtCore import QPointF, SignalInstance


class GameTable(Protocol):
    """A table drawn from the engine's view at the current step; a click on a place emits
    ``optionPicked`` with its number. The widget is a :class:`QWidget`."""

    optionPicked: SignalInstance  # noqa: N815 - Qt signal naming
    view: Any

    def show_view(self, view: Any, chosen: int | None = None) -> None:
        """Draw ``view``, the place ``chosen`` for the action being put together marked."""

    def place_centre(self, place: int) -> QPointF:
        """Where a click names ``place``."""
        ...
