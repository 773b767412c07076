"""A trainee signing in with a school server: the PIN the server checks (or, while it cannot
be reached, the PIN it took at the trainee's last sign-in here), and a first PIN changed for
one of their own, typed twice.

The check runs in a thread on its own connection to the progress file, as the syncs do: the
server takes a fraction of a second, or seconds when it cannot be reached, and the window
keeps answering meanwhile. Every refusal is said under the field in the trainee's language.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRegularExpression, Qt, QThread, Signal
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, TranslatedError, _
from trainer.progress import Person, Store, StoreError
from trainer.progress.people.accounts import signed_in_by_server
from trainer.progress.people.credentials import check_pin_rule
from trainer.progress.school.errors import SchoolError
from ui.translated import Retranslating

log = logging.getLogger(__name__)

#: A PIN as it is typed: digits only, at most eight.
PIN_TYPED = QRegularExpression(r"[0-9]{0,8}")


class SignInJob(QThread):
    """One sign-in (:func:`sign_in_trainee`) on a new connection to the progress file."""

    #: The trainee's id: signed in, their token kept here.
    done = Signal(str)
    #: ``(message, must_change)``: why not, and whether it is a first PIN to change.
    failed = Signal(object, bool)

    def __init__(self, path: Path, url: str, person: Person, pin: str,
                 new_pin: str | None = None):
        super().__init__()
        self._args = (Path(path), url, person, pin, new_pin)

    def run(self) -> None:  # runs in the worker thread
        # the server's side (and its driver) is loaded at the first sign-in, not at start
        from trainer.progress.school.identity import PinMustChange, school_token, sign_in_trainee

        path, url, person, pin, new_pin = self._args
        try:
            with Store(path, check=False, backup=False) as store:
                try:
                    sign_in_trainee(store, url, person.id, pin, new_pin)
                except SchoolError as error:
                    if error.offline and new_pin is None and school_token(store,
                                                                         person.id) is None:
                        raise SchoolError(Message.of(N_(
                            "The school server cannot be reached, and {name} has not signed "
                            "in on this desktop before: the first sign-in here needs the "
                            "server. Try again in a moment, or ask an instructor."),
                            name=person.name), offline=True) from error
                    raise
        except PinMustChange as error:
            self.failed.emit(error.message, True)
        except TranslatedError as error:
            self.failed.emit(error.message, False)
        except Exception:  # a sign-in never takes the window down
            log.exception("a sign-in with the school server: an unexpected error")
            self.failed.emit(Message.of(N_("The sign-in failed for an unexpected reason; "
                                           "try again.")), False)
        else:
            self.done.emit(person.id)


def pin_box() -> QLineEdit:
    """A field for a PIN: hidden as it is typed, digits only."""
    box = QLineEdit()
    box.setEchoMode(QLineEdit.EchoMode.Password)
    box.setMaxLength(8)
    box.setValidator(QRegularExpressionValidator(PIN_TYPED, box))
    box.setInputMethodHints(Qt.InputMethodHint.ImhDigitsOnly)
    return box


class PinSignIn(Retranslating, QWidget):
    """The PIN of the trainee ``chosen()`` returns; ``signedIn`` with their
    :class:`~trainer.progress.people.accounts.Actor` once the PIN was right."""

    signedIn = Signal(object)  # noqa: N815 - an Actor
    #: A sign-in is being checked (True) or has ended (False).
    checking = Signal(bool)

    def __init__(self, store: Store, url: Callable[[], str | None],
                 chosen: Callable[[], Person | None], parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._url = url
        self._chosen = chosen
        self._job: SignInJob | None = None
        self._problem: Message | None = None
        self._first_pin: Message | None = None  # the server's word: choose your own
        self.pin_label = QLabel()
        self.pin = pin_box()
        self.pin.setObjectName("pin")
        self.pin_label.setBuddy(self.pin)
        self.pin.returnPressed.connect(self.submit)
        self.sign_in_button = QPushButton()
        self.sign_in_button.setDefault(True)
        self.sign_in_button.clicked.connect(self.submit)
        self.first_pin = QLabel()
        self.first_pin.setObjectName("hint")
        self.first_pin.setWordWrap(True)
        self.new_pin_label = QLabel()
        self.new_pin = pin_box()
        self.new_pin.setObjectName("newPin")
        self.new_pin_label.setBuddy(self.new_pin)
        self.again_label = QLabel()
        self.again = pin_box()
        self.again.setObjectName("newPinAgain")
        self.again_label.setBuddy(self.again)
        self.new_pin.returnPressed.connect(lambda: self.again.setFocus())
        self.again.returnPressed.connect(self.submit)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.state = QLabel()  # while the server checks the PIN
        self.state.setObjectName("hint")
        self._layout()
        self.retranslate()
        self.reset()

    def _layout(self) -> None:
        row = QHBoxLayout()
        row.addWidget(self.pin_label)
        row.addWidget(self.pin, 1)
        row.addWidget(self.sign_in_button)
        self._new_form = QFormLayout()
        self._new_form.addRow(self.new_pin_label, self.new_pin)
        self._new_form.addRow(self.again_label, self.again)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.first_pin)
        layout.addLayout(self._new_form)
        layout.addWidget(self.error)
        layout.addWidget(self.state)

    def retranslate(self) -> None:
        self.pin_label.setText(_("Your &PIN"))
        self.sign_in_button.setText(_("&Sign in ▶"))
        self.new_pin_label.setText(_("&New PIN (4 to 8 digits)"))
        self.again_label.setText(_("New PIN a&gain"))
        self.first_pin.setText(str(self._first_pin) if self._first_pin else "")
        self.state.setText(_("Checking your PIN with the school server…"))
        self.state.setVisible(self._job is not None)
        self._show_problem()

    @property
    def changing(self) -> bool:
        """Whether the trainee is choosing their own PIN (after a right first PIN)."""
        return self._first_pin is not None

    def reset(self) -> None:
        """Another trainee chosen (or the screen shown again): an empty PIN, nothing said."""
        self._first_pin = None
        self._problem = None
        for box in (self.pin, self.new_pin, self.again):
            box.clear()
        self.pin.setEnabled(True)
        self._show_change(False)
        self.retranslate()

    def _show_change(self, shown: bool) -> None:
        for widget in (self.first_pin, self.new_pin_label, self.new_pin, self.again_label,
                       self.again):
            widget.setVisible(shown)

    def submit(self) -> None:
        """Check the PIN typed (and the new PIN, when choosing one) with the server."""
        person, url = self._chosen(), self._url()
        if person is None or url is None or self._job is not None:
            return
        new_pin = None
        if self.changing:
            new_pin = self.new_pin.text()
            try:
                check_pin_rule(new_pin)
                if new_pin != self.again.text():
                    raise StoreError(Message.of(N_("The two new PINs are not the same.")))
            except StoreError as error:
                self._say(error.message, self.new_pin)
                return
        elif not self.pin.text():
            self._say(Message.of(N_("Type your PIN.")), self.pin)
            return
        job = SignInJob(self._store.path, url, person, self.pin.text(), new_pin)
        job.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        job.failed.connect(self._failed, Qt.ConnectionType.QueuedConnection)
        job.finished.connect(self._ended, Qt.ConnectionType.QueuedConnection)
        self._job = job
        self._problem = None
        self._show_problem()
        self.state.show()
        self.setEnabled(False)
        self.checking.emit(True)
        job.start()

    def wait(self) -> None:
        """Until the check under way has ended (closing the window, tests)."""
        if self._job is not None:
            self._job.wait()

    def _done(self, person_id: str) -> None:
        try:
            actor = signed_in_by_server(self._store, person_id)
        except StoreError as error:
            self._say(error.message, self.pin)
            return
        self.reset()
        self.signedIn.emit(actor)

    def _failed(self, message: Message, must_change: bool) -> None:
        if must_change:
            self._first_pin = message
            self._problem = None
            self.pin.setEnabled(False)  # kept: the server takes it with the new one
            self._show_change(True)
            self.retranslate()
            self._focus(self.new_pin)
            return
        if not self.changing:
            self.pin.clear()
        self._say(message, self.new_pin if self.changing else self.pin)

    def _ended(self) -> None:
        job, self._job = self._job, None
        if job is not None:
            job.wait()
            job.deleteLater()
        self.state.hide()
        self.setEnabled(True)
        self.checking.emit(False)
        if self.isVisible():  # refused: the field to type in again (signed in: gone)
            self._focus(self.new_pin if self.changing else self.pin)

    def _say(self, problem: Message, field: QLineEdit) -> None:
        self._problem = problem
        self._show_problem()
        self._focus(field)

    def _focus(self, field: QLineEdit) -> None:
        field.selectAll()
        field.setFocus(Qt.FocusReason.OtherFocusReason)

    def _show_problem(self) -> None:
        self.error.setText(str(self._problem) if self._problem else "")
