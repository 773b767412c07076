"""Enter presses a page's default button, as it does in a dialog.

``QPushButton.setDefault`` draws a button as the one Enter presses, but only a dialog
listens for Enter: on a page of the main window (the practice and drill pickers) the
button looked pressable by Enter and was not.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QWidget

ENTER_SEQUENCES = ("Return", "Enter")


def enter_presses(page: QWidget, button: QPushButton) -> list[QShortcut]:
    """Enter anywhere on ``page`` presses ``button`` (when it is enabled and shown), which
    is drawn as the default button."""
    button.setDefault(True)
    shortcuts = []
    for sequence in ENTER_SEQUENCES:
        shortcut = QShortcut(QKeySequence(sequence), page,
                             context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(lambda: _press(button))
        shortcuts.append(shortcut)
    return shortcuts


def _press(button: QPushButton) -> None:
    if button.isEnabled() and button.isVisible():
        button.click()
