"""Carrying things with the mouse inside one answer control: cards onto places and tiers,
rows of a list into a new position.

The drag stays inside the control, so it is done with the widget's own mouse events (the
press grabs the mouse; moves and the release come back to the pressed widget) rather than
a system drag and drop: it works the same on every platform and in headless tests. While
carrying, a faded picture of the item follows the pointer and the target under it is lit.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QGraphicsOpacityEffect, QLabel, QWidget

from ui.answers.common import repolish


class Carrier(QObject):
    """Lets the mouse carry registered items onto registered targets within ``surface``.

    ``dropped(item_key, target_key)`` when an item is let go over a target;
    ``clicked(item_key)`` when it is pressed and released without being carried.
    """

    dropped = Signal(object, object)
    clicked = Signal(object)

    def __init__(self, surface: QWidget):
        super().__init__(surface)
        self._surface = surface
        self._items: dict[QWidget, Any] = {}
        self._targets: dict[QWidget, Any] = {}
        self._pressed: QWidget | None = None
        self._press_at = QPointF()
        self._carrying = False
        self._lit: QWidget | None = None
        self._ghost = QLabel(surface)
        self._ghost.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self._ghost.setGraphicsEffect(QGraphicsOpacityEffect(self._ghost, opacity=0.7))
        self._ghost.hide()
        self.enabled = True

    def add_item(self, widget: QWidget, key: Any) -> None:
        self._items[widget] = key
        widget.installEventFilter(self)
        widget.setCursor(Qt.CursorShape.OpenHandCursor)
        widget.destroyed.connect(lambda _obj=None, w=widget: self._items.pop(w, None))

    def remove_item(self, widget: QWidget) -> None:
        if self._items.pop(widget, None) is not None:
            widget.removeEventFilter(self)

    def add_target(self, widget: QWidget, key: Any) -> None:
        self._targets[widget] = key
        widget.destroyed.connect(lambda _obj=None, w=widget: self._targets.pop(w, None))

    def carrying(self) -> bool:
        return self._carrying

    # Mouse -------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched not in self._items or not isinstance(event, QMouseEvent):
            return False
        kind = event.type()
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton:
            if self.enabled:
                self._pressed = watched
                self._press_at = event.globalPosition()
                self._carrying = False
                watched.setFocus(Qt.FocusReason.MouseFocusReason)
            return True
        if kind == QEvent.Type.MouseMove and self._pressed is watched:
            self._move(event.globalPosition())
            return True
        if kind == QEvent.Type.MouseButtonRelease and self._pressed is watched:
            self._release(event.globalPosition())
            return True
        return False

    def _move(self, where: QPointF) -> None:
        assert self._pressed is not None
        if not self._carrying:
            distance = (where - self._press_at).manhattanLength()
            if distance < QApplication.startDragDistance():
                return
            self._carrying = True
            picture = self._pressed.grab()
            self._ghost.setPixmap(picture)
            self._ghost.resize(picture.deviceIndependentSize().toSize())
            self._ghost.show()
            self._ghost.raise_()
        local = self._surface.mapFromGlobal(where.toPoint())
        self._ghost.move(local - QPoint(self._ghost.width() // 2, self._ghost.height() // 2))
        self._light(self.target_at(where))

    def _release(self, where: QPointF) -> None:
        item, carried = self._pressed, self._carrying
        self._pressed, self._carrying = None, False
        self._ghost.hide()
        self._light(None)
        if item is None or item not in self._items:
            return
        if not carried:
            self.clicked.emit(self._items[item])
            return
        target = self.target_at(where)
        if target is not None:
            self.dropped.emit(self._items[item], self._targets[target])

    def target_at(self, where: QPointF) -> QWidget | None:
        """The smallest visible target under the global point ``where``."""
        found: list[tuple[int, QWidget]] = []
        for target in self._targets:
            if target.isVisible() and target.isEnabled() and target.rect().contains(
                    target.mapFromGlobal(where.toPoint())):
                found.append((target.width() * target.height(), target))
        return min(found, key=lambda pair: pair[0])[1] if found else None

    def _light(self, target: QWidget | None) -> None:
        if target is self._lit:
            return
        for widget, lit in ((self._lit, False), (target, True)):
            if widget is not None:
                widget.setProperty("hover", lit)
                repolish(widget)
        self._lit = target
