"""The school's learning record store, on the export page beside the grades: its xAPI
endpoint, the desk's key and secret there (the secret typed in a password field and never
shown back: a saved one is said, not shown), "Send now", and the statements queued, sent
and refused, in words. An address that is not one is said at its field and nothing typed
is lost. The sending is the desk's (:class:`~ui.desk.record_store_sync.RecordStoreSync`):
in the background, one at a time; its result is said here in one sentence."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, _, ngettext
from trainer.progress import Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.record_store.outbox import Counts, counts, refusals, send_refused_again
from trainer.progress.record_store.sending import Sent
from trainer.progress.record_store.settings import record_store, save_record_store
from trainer.progress.xapi_home_page import MAX_LENGTH
from ui.desk.record_store_sync import RecordStoreSync, joined, sent_text


class RecordStoreBox(QGroupBox):
    """Where the desk's learning record store is set, and its outbox sent."""

    def __init__(self, store: Store, actor: Actor, sender: RecordStoreSync,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._sender = sender
        self._secret_saved = False
        #: The last thing said here: a send's result, or a message (a problem or not).
        self._said: Sent | Message | None = None
        self._said_problem = False
        self._counts: Counts | None = None
        self._refusal = ""
        self.intro = QLabel()
        self.intro.setObjectName("hint")
        self.intro.setWordWrap(True)
        self.endpoint_label = QLabel()
        self.endpoint = QLineEdit()
        self.endpoint.setMaxLength(MAX_LENGTH)
        self.endpoint.setPlaceholderText("https://")
        self.endpoint_label.setBuddy(self.endpoint)
        self.endpoint_problem = QLabel()
        self.endpoint_problem.setObjectName("error")
        self.endpoint_problem.setWordWrap(True)
        self.endpoint_problem.hide()
        self._endpoint_message: Message | None = None
        self.key_label = QLabel()
        self.key = QLineEdit()
        self.key.setMaxLength(MAX_LENGTH)
        self.key_label.setBuddy(self.key)
        self.secret_label = QLabel()
        self.secret = QLineEdit()
        self.secret.setMaxLength(MAX_LENGTH)
        self.secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_label.setBuddy(self.secret)
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.hide()
        self.save_button = QPushButton()
        self.save_button.clicked.connect(self.save)
        self.send_button = QPushButton()
        self.send_button.clicked.connect(self.send_now)
        self.again_button = QPushButton()
        self.again_button.clicked.connect(self.send_refused_again)
        self.again_button.hide()
        sender.began.connect(self._began)
        sender.sent.connect(self._sent)
        sender.failed.connect(self._failed)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.endpoint_label, self.endpoint)
        form.addRow(self.endpoint_problem)
        form.addRow(self.key_label, self.key)
        form.addRow(self.secret_label, self.secret)
        buttons = QHBoxLayout()
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.again_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.counts)
        layout.addWidget(self.result)

    def retranslate(self) -> None:
        self.setTitle(_("Learning record store (xAPI)"))
        self.intro.setText(_(
            "The desk sends each answer and exam result, as xAPI statements, to the school's "
            "learning record store while it is open: after each sync with the school server, "
            "or every minute without one. The key and secret stay on this desk."))
        self.endpoint_label.setText(_("xAPI end&point"))
        self.endpoint.setToolTip(_(
            "The address of the learning record store's xAPI endpoint; statements are sent "
            "to its /statements. Leave it empty to send none."))
        self.key_label.setText(_("Ke&y"))
        self.secret_label.setText(_("Secret"))
        self.secret.setPlaceholderText(
            _("saved; type a new one to change it") if self._secret_saved else "")
        self.endpoint_problem.setText(str(self._endpoint_message or ""))
        self.save_button.setText(_("Sa&ve the record store"))
        self.send_button.setText(_("Send now"))
        self.again_button.setText(_("Send ref&used again"))
        self._show_counts()
        self._show_said()

    def reload(self) -> None:
        """Show the saved endpoint and key (never the secret) and the outbox's counts."""
        try:
            saved = record_store(self._store, self._actor)
            self.endpoint.setText(saved.endpoint if saved else "")
            self.key.setText(saved.key if saved else "")
            self._secret_saved = bool(saved and saved.secret)
            self.secret.clear()
        except StoreError as error:
            self._say(error.message, problem=True)
        self.read_counts()
        self.retranslate()

    def read_counts(self) -> None:
        try:
            self._counts = counts(self._store)
            found = refusals(self._store) if self._counts.refused else []
            self._refusal = found[0][1] if found else ""
        except StoreError as error:
            self._say(error.message, problem=True)
        self._show_counts()

    def _show_counts(self) -> None:
        now = self._counts
        if now is None:
            self.counts.clear()
            return
        text = _("Statements waiting to be sent: {queued}; sent: {sent}; refused by the record "
                 "store: {refused}.").format(queued=now.queued, sent=now.sent,
                                             refused=now.refused)
        if self._refusal:
            text = joined(text, _("The latest refusal: {reason}").format(reason=self._refusal))
        self.counts.setText(text)
        self.again_button.setVisible(now.refused > 0)
        self.again_button.setToolTip(ngettext(
            "Put the {count} refused statement back in the queue: the next send sends it "
            "again.", "Put the {count} refused statements back in the queue: the next send "
            "sends them again.", now.refused).format(count=now.refused))

    def _typed_changed(self) -> bool:
        try:
            saved = record_store(self._store, self._actor)
        except StoreError:
            return True
        return (self.endpoint.text().strip() != (saved.endpoint if saved else "")
                or self.key.text().strip() != (saved.key if saved else "")
                or bool(self.secret.text()))

    def save(self) -> bool:
        """Save what is typed (an empty secret keeps the saved one); said at the endpoint's
        field when it is not an address, with nothing typed lost."""
        self._endpoint_message = None
        self.endpoint_problem.hide()
        try:
            saved = save_record_store(self._store, self._actor, self.endpoint.text(),
                                      self.key.text(), self.secret.text() or None)
        except StoreError as error:
            self._endpoint_message = error.message
            self.endpoint_problem.setText(str(error.message))
            self.endpoint_problem.show()
            self.endpoint.setFocus(Qt.FocusReason.OtherFocusReason)
            self._say(Message.of(N_("The learning record store cannot be saved: see it "
                                    "marked above.")), problem=True)
            return False
        self.secret.clear()
        self._secret_saved = bool(saved and saved.secret)
        self._say(Message.of(N_("The learning record store was saved.") if saved else
                             N_("No learning record store is set: no statement is sent.")))
        self.retranslate()
        return True

    def send_now(self) -> None:
        """Save what was typed if it changed, then send the queue in the background."""
        if self._typed_changed() and not self.save():
            return
        if not self._sender.is_set():
            self._say(Message.of(N_(
                "No learning record store is set: type its address, key and secret first.")),
                problem=True)
            self.endpoint.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self._sender.now()

    def send_refused_again(self) -> None:
        try:
            again = send_refused_again(self._store, self._actor)
        except StoreError as error:
            self._say(error.message, problem=True)
            return
        self._say(Message.counted(
            "{count} refused statement is queued again; it goes with the next send.",
            "{count} refused statements are queued again; they go with the next send.", again))
        self.read_counts()

    def _began(self) -> None:
        self.send_button.setEnabled(False)
        self._say(Message.of(N_("Sending the statements to the learning record store…")))

    def _sent(self, done: Sent) -> None:
        self.send_button.setEnabled(True)
        self._said, self._said_problem = done, False
        self._show_said()
        self.read_counts()

    def _failed(self, message: Message) -> None:
        self.send_button.setEnabled(True)
        self._say(message, problem=True)
        self.read_counts()

    def _say(self, message: Message, problem: bool = False) -> None:
        self._said, self._said_problem = message, problem
        self._show_said()

    def _show_said(self) -> None:
        said = self._said
        self.result.setVisible(said is not None)
        if said is None:
            return
        self.result.setText(sent_text(said) if isinstance(said, Sent) else str(said))
        self.result.setObjectName("error" if self._said_problem else "")
        self.result.style().unpolish(self.result)
        self.result.style().polish(self.result)
