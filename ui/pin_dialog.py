"""Asking for a PIN: a trainee proving it is them, or an instructor setting one."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

from i18n import _


def ask_pin(parent: QWidget, name: str, setting: bool = False) -> str | None:
    """The PIN typed (hidden as it is typed), or ``None`` if the dialog is cancelled."""
    title = _("Set the PIN of {name}") if setting else _("PIN of {name}")
    prompt = (_("A new PIN for {name} (4 to 8 digits):") if setting
              else _("{name}, type your PIN:"))
    text, accepted = QInputDialog.getText(parent, title.format(name=name),
                                          prompt.format(name=name), QLineEdit.EchoMode.Password)
    return text.strip() if accepted else None
