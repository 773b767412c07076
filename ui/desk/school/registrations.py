"""On the desk's School server page: exam sittings registered on the server that have not
reached it, each clearable by the instructor (a registration made in a trainee's name by
someone else, or on a desktop that broke down, would otherwise keep the trainee from
starting that exam)."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from i18n import _
from trainer.progress import Store, StoreError
from trainer.progress.exams.sittings import exam
from trainer.progress.school.exams import Registration
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.school.sync import SyncResult
from ui.desk.texts import local_time
from ui.school_sync import SchoolSync
from ui.translated import Retranslating


class WaitingRegistrations(Retranslating, QWidget):
    """Shown after an instructor's sync, when there are any."""

    def __init__(self, store: Store, school: SchoolSync, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._school = school
        self._waiting: tuple[Registration, ...] = ()
        self.heading = QLabel()
        self.heading.setObjectName("subheading")
        self.heading.setWordWrap(True)
        self.list = QListWidget()
        self.heading.setBuddy(self.list)
        self.clear_button = QPushButton()
        self.clear_button.clicked.connect(self.clear_selected)
        self.message = QLabel()
        self.message.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.clear_button)
        row.addWidget(self.message, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.list)
        layout.addLayout(row)
        school.synced.connect(self.show_result)
        self.retranslate()

    def retranslate(self) -> None:
        self.heading.setText(_("Exam sittings started on the server that have not reached it "
                               "(clear one that nobody is sitting, so that the trainee can "
                               "start the exam):"))
        self.clear_button.setText(_("C&lear the registration"))
        self._render()

    def show_result(self, result: SyncResult) -> None:
        if self._school.instructor:  # a desktop's own sync cannot see them
            self._waiting = result.registrations
            self._render()

    def _name(self, registration: Registration) -> str:
        try:
            return self._store.person(registration.person_id).name
        except StoreError:
            return _("a trainee not on this desk")

    def _describe(self, registration: Registration) -> str:
        try:
            title = exam(self._store, registration.exam_id).title
        except StoreError:
            title = registration.exam_id
        return _("{name}: “{exam}”, started {when}").format(
            name=self._name(registration), exam=title,
            when=local_time(registration.started_at.isoformat()))

    def _render(self) -> None:
        row = max(0, self.list.currentRow())
        self.list.clear()
        for registration in self._waiting:
            self.list.addItem(self._describe(registration))
        self.setVisible(bool(self._waiting))
        if self._waiting:
            self.list.setCurrentRow(min(row, len(self._waiting) - 1))

    def clear_selected(self) -> None:
        row = self.list.currentRow()
        if not 0 <= row < len(self._waiting):
            return
        registration = self._waiting[row]
        try:
            cleared = self._school.clear_registration(registration.sitting_id)
        except SchoolError as error:
            self.message.setText(str(error))
            return
        self.message.setText(_("Cleared: {name} may start that exam again.").format(
            name=self._name(registration)) if cleared else _(
            "That sitting has reached the server meanwhile; nothing was cleared."))
        self._waiting = tuple(r for r in self._waiting if r != registration)
        self._render()
