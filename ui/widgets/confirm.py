"""Asking before something that cannot be undone: a box naming it, whose one button does it
and whose default, Cancel, does nothing."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def confirm(parent: QWidget, title: str, text: str, action: str, *,
            icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> bool:
    """Whether the user chose ``action`` (the box's destructive button) over Cancel."""
    box = QMessageBox(icon, title, text, parent=parent)
    chosen = box.addButton(action, QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(box.addButton(QMessageBox.StandardButton.Cancel))
    box.exec()
    return box.clickedButton() is chosen
