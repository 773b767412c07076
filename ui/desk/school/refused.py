"""On the desk's School server page: the batches from desktops the desk refused, newest
first, each with the trainee it was sent for and the reason (a forged exam pass, a sitting
never registered): read with each sync as an instructor, so a refusal is seen."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

from i18n import _
from trainer.progress import Store, StoreError
from trainer.progress.school.refusals import Refusal
from trainer.progress.school.sync import SyncResult
from ui.desk.texts import local_time
from ui.school_sync import SchoolSync
from ui.translated import Retranslating


class RefusedBatches(Retranslating, QWidget):
    """Shown after an instructor's sync, when the server keeps any refusal."""

    def __init__(self, store: Store, school: SchoolSync, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._school = school
        self._refusals: tuple[Refusal, ...] = ()
        self.heading = QLabel()
        self.heading.setObjectName("subheading")
        self.heading.setWordWrap(True)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.heading.setBuddy(self.list)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.list)
        school.synced.connect(self.show_result)
        self.retranslate()

    def retranslate(self) -> None:
        self.heading.setText(_("Batches from desktops the desk refused (nothing of them was "
                               "merged), newest first:"))
        self._render()

    def show_result(self, result: SyncResult) -> None:
        if self._school.instructor:  # a desktop's own sync cannot see them
            self._refusals = result.refusals
            self._render()

    def _render(self) -> None:
        self.list.clear()
        try:
            names = {person.id: person.name for person in self._store.people()}
        except StoreError:
            names = {}
        for refusal in self._refusals:
            name = (_("no trainee named") if refusal.person_id is None
                    else names.get(refusal.person_id, _("a trainee not on this desk")))
            self.list.addItem(_("{when}, sent for {name}: {reason}").format(
                when=local_time(refusal.pushed_at.isoformat()), name=name,
                reason=refusal.reason))
        self.setVisible(bool(self._refusals))
