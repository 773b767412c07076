"""The charts on the desk: one trainee's progress and the cohort's, built when first shown.

The charts are drawn with pyqtgraph, which takes a while to import; ``ui.progress_view``
is imported only once the desk is open (:class:`ChartsPreparation`, a step at a time while
the window is idle) or when an instructor first opens a chart, never when the app starts.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator

from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from i18n import _
from trainer.progress import Person, Store
from trainer.progress.people.accounts import Actor
from ui.desk.loading import settle
from ui.translated import Retranslating

#: The modules the charts need, imported one per step.
CHART_MODULES = ("pyqtgraph", "ui.progress_view", "ui.charts.weekly", "ui.charts.skills")


class ChartsPreparation(QObject):
    """Imports the charts' modules while the window is idle, in steps of a few milliseconds,
    so that opening the cohort charts does not hold the window up for pyqtgraph (0.15 s).

    PySide makes each of its classes the first time it is asked for; importing pyqtgraph
    asks for all of them at once (most of those 0.15 s). They are asked for here a hundred
    at a time, a step every few milliseconds, and the import that follows is short. (A
    thread would not do: PySide's import hook, run in a thread, holds the window up.)
    """

    def __init__(self, parent: QObject):
        super().__init__(parent)
        self._steps = self._all_steps()
        self._timer = QTimer(self)
        self._timer.setInterval(15)  # room for the instructor's clicks between steps
        self._timer.timeout.connect(self._step)

    def start(self) -> None:
        if all(name in sys.modules for name in CHART_MODULES) or self._timer.isActive():
            return
        self._timer.start()

    def _step(self) -> None:
        if not next(self._steps, False):
            self._timer.stop()
            settle()  # the modules stay: out of the collector's full passes too

    @staticmethod
    def _all_steps() -> Iterator[bool]:
        for module in (QtCore, QtGui, QtWidgets):
            names = dir(module)
            for start in range(0, len(names), 100):
                for name in names[start:start + 100]:
                    getattr(module, name)
                yield True
        try:
            for name in CHART_MODULES:
                importlib.import_module(name)
                yield True
        except ImportError:
            return  # said in words when a chart is opened (MissingCharts)


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
