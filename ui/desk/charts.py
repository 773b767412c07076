"""The charts on the desk: one trainee's progress and the cohort's, built when first shown.

The charts are drawn with pyqtgraph, which takes a while to import; ``ui.progress_view``
is imported only when an instructor first opens a chart, never when the app starts.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from i18n import _
from trainer.progress import Person, Store
from trainer.progress.people.accounts import Actor
from ui.translated import Retranslating


class MissingCharts(Retranslating, QLabel):
    """Said instead of the charts when ``ui.progress_view`` is not installed."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("error")
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.retranslate()

    def retranslate(self) -> None:
        self.setText(_("The charts cannot be shown: they are not part of this installation."))


class TraineeProgressPage(QWidget):
    """One trainee's progress charts (``ProgressView`` has its own heading and way back)."""

    backRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self.person: Person | None = None
        self.view: QWidget | None = None
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(0, 0, 0, 0)

    def show_person(self, person: Person) -> None:
        """Build the charts of ``person`` (pyqtgraph is imported here, the first time)."""
        self.person = person
        if self.view is not None:
            self.body.removeWidget(self.view)
            self.view.deleteLater()
        try:
            from ui.progress_view import ProgressView
        except ModuleNotFoundError as missing:
            if missing.name != "ui.progress_view":
                raise
            self.view = MissingCharts()
        else:
            view = ProgressView(self._store, self._actor, person.id)
            view.backRequested.connect(self.backRequested)
            self.view = view
        self.body.addWidget(self.view, 1)
        self.view.setFocus()


class CohortPage(QWidget):
    """Every trainee's progress together, built the first time the page is shown."""

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self.view: QWidget | None = None
        self.body = QVBoxLayout(self)
        self.body.setContentsMargins(0, 0, 0, 0)

    def reload(self) -> None:
        """Read the figures again (a trainee added, deleted or imported)."""
        reload = getattr(self.view, "reload", None)
        if reload is not None:
            reload()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self.view is None:
            self._build()

    def _build(self) -> None:
        try:
            from ui.progress_view import CohortCharts
        except ModuleNotFoundError as missing:
            if missing.name != "ui.progress_view":
                raise
            self.view = MissingCharts()
        else:
            self.view = CohortCharts(self._store, self._actor)
        self.body.addWidget(self.view, 1)
