"""Typing a trainee's ID number at the school (empty takes it away).

The number is stored when OK is pressed; one the store refuses (a formula's first sign, a
comma, another trainee's number) is said under the field, in the current language, and the
dialog stays open with the number as typed and the cursor in it, to be put right rather
than typed again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from i18n import Message, _
from trainer.progress import StoreError
from ui.translated import Retranslating


class IdNumberDialog(Retranslating, QDialog):
    """``store(text)`` keeps the ID number typed or raises the store's refusal; the dialog
    is Accepted once it has kept it."""

    def __init__(self, name: str, current: str, store: Callable[[str], object],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._name = name
        self._store = store
        self._problem: Message | None = None
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.field = QLineEdit(current)
        self.prompt.setBuddy(self.field)  # names the field for screen readers
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self.field)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(420)
        self.retranslate()
        self.field.setFocus()

    def retranslate(self) -> None:
        self.setWindowTitle(_("ID number"))
        self.prompt.setText(_("{name}'s ID number at the school (empty for none):").format(
            name=self._name))
        self._show_problem()

    def submit(self) -> None:
        """Keep the number and close; or say the refusal, keeping the number as typed."""
        try:
            self._store(self.field.text())
        except StoreError as error:
            self._problem = error.message
            self._show_problem()
            self.field.setFocus()
            return
        self.accept()

    def _show_problem(self) -> None:
        text = str(self._problem) if self._problem else ""
        self.error.setText(text)
        self.error.setVisible(bool(text))
        self.field.setAccessibleDescription(text)
