"""Signing in to the instructor desk: pick your name, type your password.

On a desktop with no instructor yet the same dialog creates the first one (a name and
a password typed twice); after that only an instructor adds instructors. A wrong
password is said inline, in the current language, and the dialog stays open.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, _
from trainer.progress import Role, Store, StoreError
from trainer.progress.people.accounts import Actor, add_instructor, sign_in
from trainer.progress.people.credentials import MIN_PASSWORD_LENGTH
from ui.translated import Retranslating
from ui.widgets.choices import Choices


class SignInDialog(Retranslating, QDialog):
    """After ``exec()`` returns Accepted, ``actor`` is the signed-in instructor."""

    def __init__(self, store: Store, parent: QWidget | None = None, *,
                 school_server: bool = False):
        super().__init__(parent)
        self._store = store
        #: With a school server: the instructor's own server login, typed here, kept in
        #: memory by the caller until sign-out, never stored.
        self.with_server = school_server
        self.actor: Actor | None = None
        self._problem: Message | None = None
        try:
            self._instructors = store.people(Role.INSTRUCTOR)
        except StoreError as error:
            self._instructors = []
            self._problem = error.message
        self.first_run = not self._instructors
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.heading.setWordWrap(True)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.name_label = QLabel()
        self.instructor = Choices()
        for person in self._instructors:
            self.instructor.addItem(person.name, person.id)
        self.new_name = QLineEdit()  # no cap: Qt counts UTF-16 units; the name rule, characters
        self.password_label = QLabel()
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.confirm_label = QLabel()
        self.confirm = QLineEdit()
        self.confirm.setEchoMode(QLineEdit.EchoMode.Password)
        self.server_login_label = QLabel()
        self.server_login = QLineEdit()
        self.server_password_label = QLabel()
        self.server_password = QLineEdit()
        self.server_password.setEchoMode(QLineEdit.EchoMode.Password)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        self._layout()
        self.retranslate()
        self.setMinimumWidth(460)
        (self.new_name if self.first_run else self.password).setFocus()

    @property
    def ok_button(self) -> QPushButton:
        return self.buttons.button(QDialogButtonBox.StandardButton.Ok)

    def _layout(self) -> None:
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        who = self.new_name if self.first_run else self.instructor
        (self.instructor if self.first_run else self.new_name).hide()
        self.name_label.setBuddy(who)
        self.password_label.setBuddy(self.password)
        self.confirm_label.setBuddy(self.confirm)
        form.addRow(self.name_label, who)
        form.addRow(self.password_label, self.password)
        if self.first_run:
            form.addRow(self.confirm_label, self.confirm)
        else:
            self.confirm_label.hide()
            self.confirm.hide()
        self.server_login_label.setBuddy(self.server_login)
        self.server_password_label.setBuddy(self.server_password)
        if self.with_server:
            form.addRow(self.server_login_label, self.server_login)
            form.addRow(self.server_password_label, self.server_password)
        else:
            for widget in (self.server_login_label, self.server_login,
                           self.server_password_label, self.server_password):
                widget.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.intro)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def retranslate(self) -> None:
        self.setWindowTitle(_("Instructor desk"))
        if self.first_run:
            self.heading.setText(_("Create the first instructor"))
            self.intro.setText(_(
                "Nobody can open the instructor desk on this desktop yet. The first "
                "instructor needs nobody's permission; choose a password of at least "
                "{count} characters and keep it safe.").format(count=MIN_PASSWORD_LENGTH))
            self.name_label.setText(_("&Name"))
            self.new_name.setPlaceholderText(_("Full name"))
            self.ok_button.setText(_("&Create and sign in"))
        else:
            self.heading.setText(_("Sign in to the instructor desk"))
            self.intro.setText(_("Choose your name and type your password."))
            self.name_label.setText(_("&Instructor"))
            self.ok_button.setText(_("&Sign in"))
        self.password_label.setText(_("&Password"))
        self.confirm_label.setText(_("Password &again"))
        self.server_login_label.setText(_("School server lo&gin (if you have one)"))
        self.server_password_label.setText(_("School server pass&word"))
        self.error.setText(str(self._problem) if self._problem else "")

    def submit(self) -> None:
        """Sign in (or create the first instructor); on a problem say why and stay open."""
        try:
            self.actor = self._create() if self.first_run else self._sign_in()
        except StoreError as error:
            self._show_problem(error.message)
            return
        if self.actor is not None:
            self.accept()

    def _sign_in(self) -> Actor | None:
        person_id = self.instructor.currentData()
        if person_id is None:
            self._show_problem(self._problem or Message.of(N_("Choose an instructor.")))
            return None
        return sign_in(self._store, person_id, self.password.text())

    def _create(self) -> Actor | None:
        if self.password.text() != self.confirm.text():
            self._show_problem(Message.of(N_("The two passwords are not the same.")))
            return None
        person = add_instructor(self._store, self.new_name.text(), self.password.text())
        return sign_in(self._store, person.id, self.password.text())

    def _show_problem(self, problem: Message) -> None:
        self._problem = problem
        self.error.setText(str(problem))
        self.password.selectAll()
        self.password.setFocus(Qt.FocusReason.OtherFocusReason)


def ask_to_sign_in(store: Store, parent: QWidget | None = None,
                   on_server: Callable[[str, str], None] | None = None) -> Actor | None:
    """Show the sign-in dialog; the signed-in instructor, or ``None`` if cancelled.

    With ``on_server`` (a school server is set), the dialog also asks for the instructor's
    server login, handed to ``on_server`` with its password when typed."""
    dialog = SignInDialog(store, parent, school_server=on_server is not None)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    login = dialog.server_login.text().strip()
    if on_server is not None and login:
        on_server(login, dialog.server_password.text())
    return dialog.actor
