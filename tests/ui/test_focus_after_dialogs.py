"""Focus comes back after every dialog, whichever opened it: a message box, an input
dialog, a file dialog (the Leave-the-exam box has its own test)."""

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QLineEdit, QMessageBox


def close_soon():
    def close():
        modal = QApplication.activeModalWidget()
        if modal is not None:
            modal.reject()
    QTimer.singleShot(50, close)


@pytest.mark.parametrize("dialog", ["message", "input", "file"])
def test_focus_comes_back_after_a_dialog(qtbot, window, dialog):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)
    field = window.start_screen.new_name
    assert isinstance(field, QLineEdit)
    field.setFocus()
    qtbot.keyClicks(field, "Ana")
    qtbot.waitUntil(field.hasFocus, timeout=2000)
    close_soon()
    if dialog == "message":
        QMessageBox.question(window, "?", "Leave?")
    elif dialog == "input":
        QInputDialog.getText(window, "?", "Name:")
    else:
        QFileDialog.getOpenFileName(window, "?", "", "*.zip",
                                    options=QFileDialog.Option.DontUseNativeDialog)
    window.start_screen.people.setFocus()  # as Qt may, moving focus while the dialog goes
    qtbot.waitUntil(field.hasFocus, timeout=2000)
    assert field.text() == "Ana"
