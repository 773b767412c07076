"""Where the keyboard is, the trainee sees it, in every window:

- Focus comes back after every dialog: the control that had the keyboard before a message
  box, a file dialog or an input dialog opened has it again when the dialog closes (after
  "Leave the exam? → Stay" the amount being typed keeps the focus, and nothing typed is lost).
  One filter on the application watches every dialog shown and hidden, so no dialog can
  forget it.
- The control the keyboard moves to is scrolled into view in every scroll area that holds
  it (at 150 % the banker's back tier and Check were below the fold, and B moved cards into
  a hidden tier; at 200 % the window itself scrolls)."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QScrollArea, QWidget


class FocusKeeper(QObject):
    def __init__(self, app: QApplication):
        super().__init__(app)
        self._before: dict[int, QWidget] = {}
        app.installEventFilter(self)
        app.focusChanged.connect(scroll_into_view)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QEvent.Type.Show and isinstance(watched, QDialog) and watched.isWindow():
            focused = QApplication.focusWidget()
            if focused is not None and not watched.isAncestorOf(focused):
                self._before[_key(watched)] = focused
        elif kind in (QEvent.Type.Hide, QEvent.Type.Destroy) and self._before:
            # A dialog being deleted may no longer be seen as a QDialog: found by address.
            before = self._before.pop(_key(watched), None)
            if before is not None:  # given back once the dialog has gone
                QTimer.singleShot(0, lambda: _give_back(before))
        return False


def scroll_into_view(_old: QWidget | None, new: QWidget | None) -> None:
    """Scroll ``new`` into view in each scroll area that holds it, the innermost first."""
    if new is None:
        return
    holder = new.parentWidget()
    while holder is not None:
        if isinstance(holder, QScrollArea):
            holder.ensureWidgetVisible(new, 16, 16)
        holder = holder.parentWidget()


def _key(thing: QObject) -> int:
    return shiboken6.getCppPointer(thing)[0]


def _give_back(widget: QWidget) -> None:
    """Focus ``widget`` again if it still lives, shows and takes input, and no other
    dialog has opened meanwhile."""
    if (shiboken6.isValid(widget) and widget.isVisible() and widget.isEnabled()
            and QApplication.activeModalWidget() is None):
        widget.window().activateWindow()
        widget.setFocus()


def keep_focus(app: QApplication) -> FocusKeeper:
    """Install the keeper once per application."""
    found = app.findChild(FocusKeeper)
    return found if found is not None else FocusKeeper(app)
