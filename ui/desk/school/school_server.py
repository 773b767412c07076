"""The desk's "School server" page: where this desktop syncs, and syncing as an instructor.

The server's address is this desktop's own setting (it never leaves it). The instructor's
server login and password are typed here and kept in memory until sign-out, never stored:
with them this desk merges what the trainees' desktops sent and publishes the school's
progress. The desktop role's password lives in libpq's password file (see the README).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QWidget,
)

from i18n import Message, _, ngettext
from trainer.progress import Person, Store, StoreError
from trainer.progress.logbook import log_path
from trainer.progress.people.accounts import Actor
from trainer.progress.people.namesakes import merge_namesake, namesakes
from trainer.progress.practice import answers_of
from trainer.progress.school.status import server_url, set_server_url
from trainer.progress.school.sync import SyncResult
from ui.desk.school.refused import RefusedBatches
from ui.desk.school.registrations import WaitingRegistrations
from ui.desk.school.sign_ins import SignInsPanel
from ui.school_sync import SchoolSync
from ui.widgets.page import Page


class SchoolServerPage(Page):
    def __init__(self, store: Store, school: SchoolSync, actor: Actor,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._school = school
        self._last: SyncResult | None = None
        self.url = QLineEdit(school.url or server_url(store) or "")
        self.url.setPlaceholderText("postgresql://host:5432/school")
        self.url_label = QLabel()
        self.url_label.setBuddy(self.url)
        self.save_button = QPushButton()
        self.save_button.clicked.connect(self.save)
        self.login = QLineEdit()
        self.login_label = QLabel()
        self.login_label.setBuddy(self.login)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_label = QLabel()
        self.password_label.setBuddy(self.password)
        self.sync_button = QPushButton()
        self.sync_button.clicked.connect(self.sync_as_instructor)
        self.state = QLabel()
        self.state.setWordWrap(True)
        self.last = QLabel()
        self.last.setWordWrap(True)
        self.namesakes_heading = QLabel()
        self.namesakes_heading.setObjectName("subheading")
        self.namesakes = QListWidget()
        self.namesakes_heading.setBuddy(self.namesakes)
        self.merge_button = QPushButton()
        self.merge_button.clicked.connect(self.merge_selected)
        #: Where this desktop's log is: what IT reads when a sync failed.
        self.log_note = QLabel()
        self.log_note.setObjectName("hint")
        self.log_note.setWordWrap(True)
        self.log_note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.registrations = WaitingRegistrations(store, school)
        self.sign_ins = SignInsPanel(store, school)
        self.refused = RefusedBatches(store, school)
        self._groups: list[tuple[Person, ...]] = []
        self._counts: list[list[int]] = []
        school.stateChanged.connect(self._state_changed)
        school.synced.connect(lambda _result: self.show_namesakes())
        school.synced.connect(self._synced)
        self._layout()
        self.retranslate()
        self.show_namesakes()

    def _layout(self) -> None:
        form = QFormLayout()
        row = QHBoxLayout()
        row.addWidget(self.url, 1)
        row.addWidget(self.save_button)
        form.addRow(self.url_label, row)
        form.addRow(self.login_label, self.login)
        form.addRow(self.password_label, self.password)
        layout = self.body
        layout.addLayout(form)
        layout.addWidget(self.sync_button)
        layout.addWidget(self.state)
        layout.addWidget(self.last)
        layout.addWidget(self.log_note)
        layout.addWidget(self.registrations)
        layout.addWidget(self.sign_ins)
        layout.addWidget(self.refused)
        layout.addWidget(self.namesakes_heading)
        layout.addWidget(self.namesakes)
        layout.addWidget(self.merge_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)

    def retranslate(self) -> None:
        self.heading.setText(_("School server"))
        self.hint.setText(_(
            "With a school server, every desktop keeps its own progress and sends it to the "
            "server when it can; this desk gathers everyone's. Leave the address empty for a "
            "desktop on its own. The server login and password of an instructor are kept only "
            "until you sign out."))
        self.url_label.setText(_("Server &address:"))
        self.save_button.setText(_("&Use this server"))
        self.login_label.setText(_("Your server log&in:"))
        self.password_label.setText(_("Your server pass&word:"))
        self.sync_button.setText(_("&Sync as instructor now"))
        self.namesakes_heading.setText(_("Trainees with the same &name (made on different "
                                         "desktops):"))
        self.merge_button.setText(_("&Merge into the first"))
        self.log_note.setText(_(
            "Each sync, import and backup, and every unexpected error with its details, is "
            "written to this desktop's log (no password, PIN or answer): {path}").format(
            path=log_path(self._store.path)))
        self._school.show_state()
        self.state.setVisible(self._school.url is not None)
        self._show_last()
        self._render_namesakes()
        super().retranslate()

    def show_namesakes(self) -> None:
        """Each group of trainees sharing a name, the first made first."""
        try:
            self._groups = namesakes(self._store)
            self._counts = [[len(answers_of(self._store, self._actor, person.id))
                             for person in group] for group in self._groups]
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self._render_namesakes()

    def _render_namesakes(self) -> None:
        row = max(0, self.namesakes.currentRow())
        self.namesakes.clear()
        for group, counts in zip(self._groups, self._counts, strict=True):
            self.namesakes.addItem(ngettext(
                "{name}: {count} records ({answers} answers)",
                "{name}: {count} records ({answers} answers)", len(group)).format(
                    name=group[0].name, count=len(group),
                    answers=" + ".join(str(n) for n in counts)))
        for widget in (self.namesakes_heading, self.namesakes, self.merge_button):
            widget.setVisible(bool(self._groups))
        if self._groups:
            self.namesakes.setCurrentRow(min(row, len(self._groups) - 1))

    def merge_selected(self) -> None:
        """The other records of the selected name merged into the first made."""
        row = self.namesakes.currentRow()
        if not 0 <= row < len(self._groups):
            return
        keep, *others = self._groups[row]
        try:
            moved = sum(merge_namesake(self._store, self._actor, keep.id, other.id)
                        for other in others)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.say(Message.counted("Merged: {count} answer now belongs to {name}.",
                                 "Merged: {count} answers now belong to {name}.", moved,
                                 name=keep.name))
        self.show_namesakes()
        self._school.now()

    def reload(self) -> None:
        """Opened again: the address in use and the latest state."""
        self.url.setText(self._school.url or server_url(self._store) or "")
        self.retranslate()
        self.show_namesakes()

    def save(self) -> None:
        """This desktop syncs with the address typed (an empty one: with no server)."""
        url = self.url.text().strip()
        set_server_url(self._store, self._actor, url)
        self._school.use_url(url or None)
        self.state.setVisible(self._school.url is not None)

    def sync_as_instructor(self) -> None:
        if self._school.url is None:
            self.save()
        login = self.login.text().strip()
        self._school.as_instructor(login or None, self.password.text() or None)
        self._school.now()

    def _state_changed(self, text: str) -> None:
        self.state.setText(text)
        self.state.setVisible(self._school.url is not None)

    def _synced(self, result: SyncResult) -> None:
        self._last = result
        self._show_last()

    def _show_last(self) -> None:
        result = self._last
        text = "" if result is None else _(
            "Last sync: {pushed} rows sent, {pulled} rows received, {merged} batches from "
            "desktops merged, {refused} refused.").format(
                pushed=result.pushed, pulled=result.pulled, merged=result.merged,
                refused=result.refused)
        if result is not None and result.left_out:
            text += " " + ngettext(
                "{count} row of people deleted on this desk was left out: a deletion is final.",
                "{count} rows of people deleted on this desk were left out: a deletion is "
                "final.", result.left_out).format(count=result.left_out)
        self.last.setText(text)
