"""A desk page's figures, read at once in a small classroom and in the background at a school's.

A classroom of a few trainees has its figures in milliseconds: the page reads them at once,
so it never flickers. A school of 500 trainees and a million answers takes a good part of
a second: a :class:`~ui.desk.jobs.StoreJob` reads them on its own connection while the
window keeps answering, and the page shows a bar with how far it got until they arrive.
What decides is the size of the work (skill summaries or answers to read), which the page
counts first (a quick query) and compares with :data:`AT_ONCE_MOST`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QWidget

from i18n import Message, _
from trainer.progress import Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.progress_steps import Progress
from ui.desk.jobs import StoreJob
from ui.desk.reports.job_texts import percent_text
from ui.translated import Retranslating

#: Up to this many rows to read (skill summaries, answers), a page reads them at once (a
#: few milliseconds); past it, in the background.
AT_ONCE_MOST = 3_000

#: A page's reading: a :data:`~ui.desk.jobs.Work` that may also run at once, in the
#: window's thread, with no progress to tell (``None``).
Reading = Callable[[Store, Actor, Progress | None], Any]


def settle() -> None:
    """Leave what the desk holds now out of the garbage collector's full passes.

    A full pass goes through every object the interpreter tracks while holding its lock, so
    the window stands still for it: 80 ms and more once a school's figures, or a hundred
    thousand answers of the log, are held. Objects held out (:func:`gc.freeze`) are still
    freed when nothing refers to them; only reference cycles among them wait for
    :func:`unsettle`, called when the desk closes.
    """
    gc.freeze()


def unsettle() -> None:
    """Give everything back to the garbage collector (the desk is closing)."""
    gc.unfreeze()


class LoadingBar(Retranslating, QWidget):
    """"Reading the figures…" and a bar of how far, shown only while a page loads."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.label = QLabel()
        self.label.setObjectName("hint")
        self.bar = QProgressBar()
        self.bar.setObjectName("loadingProgress")
        self.bar.setRange(0, 0)  # busy until the work tells how far it got
        self.label.setBuddy(self.bar)  # names the bar for screen readers
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar, 1)
        self.hide()
        self.retranslate()

    def retranslate(self) -> None:
        self.label.setText(_("Reading the figures…"))
        self._show_format()

    def start(self) -> None:
        self.bar.setRange(0, 0)
        self._show_format()
        self.show()

    def progressed(self, done: int, total: int) -> None:
        self.bar.setRange(0, 100)
        self.bar.setValue(done * 100 // max(1, total))
        self._show_format()

    def _show_format(self) -> None:
        self.bar.setFormat(percent_text(self.bar.value(), 100)
                           if self.bar.maximum() else "")


class PageLoader(QObject):
    """Runs a page's reading work at once or in a StoreJob, and hands back the newest result.

    Only the latest :meth:`load` counts: a result of an earlier one, still running when the
    page asked again (a filter changed), is dropped.
    """

    #: The work's result.
    loaded = Signal(object)
    #: A :class:`~i18n.Message` saying why the figures could not be read.
    failed = Signal(object)

    def __init__(self, store: Store, actor: Actor, bar: LoadingBar, parent: QObject | None = None):
        super().__init__(parent)
        self._store, self._actor, self.bar = store, actor, bar
        self._job: StoreJob | None = None
        #: How far the job got, not shown yet: the bar shows it once the progress waiting
        #: in the event queue is read (a fast job's hundred steps come together, and a
        #: progress bar paints itself at once at each value: 100 paints stood the window
        #: still 130 ms).
        self._told: tuple[int, int] | None = None

    @property
    def loading(self) -> bool:
        """A load runs in the background (its result not in yet)."""
        return self._job is not None

    def load(self, work: Reading, size: int) -> None:
        """Run ``work(store, actor, progress)``: here if ``size`` ≤ :data:`AT_ONCE_MOST`
        (``progress`` then ``None``), else in the background with the bar shown."""
        self.cancel()
        self._told = None
        if size <= AT_ONCE_MOST:
            try:
                result = work(self._store, self._actor, None)
            except StoreError as error:
                self.failed.emit(error.message)
                return
            self.loaded.emit(result)
            return
        job = StoreJob(self._store.path, self._actor, work)
        # Bound methods of this object (of the window's thread): queued to it, where
        # ``sender()`` tells which job spoke.
        job.progressed.connect(self._progressed)
        job.succeeded.connect(self._succeeded)
        job.failed.connect(self._failed)
        self._job = job
        self.bar.start()
        job.start_job()

    def cancel(self) -> None:
        """Drop the load running (it stops at its next progress call)."""
        if self._job is not None:
            self._job.cancel()
            self._job = None
        self.bar.hide()

    def _progressed(self, done: int, total: int) -> None:
        if self.sender() is self._job:
            if self._told is None:  # after the progress already queued
                QTimer.singleShot(0, self, self._tell)
            self._told = (done, total)

    def _tell(self) -> None:
        """Show the newest progress of the job running, if it told any since."""
        told, self._told = self._told, None
        if told is not None and self._job is not None:
            self.bar.progressed(*told)

    def _succeeded(self, result: Any) -> None:
        if self._current(self.sender()):
            self.loaded.emit(result)
            settle()

    def _failed(self, problem: Message) -> None:
        if self._current(self.sender()):
            self.failed.emit(problem)

    def _current(self, job: QObject) -> bool:
        """Whether ``job`` is the load asked for last (then it is over)."""
        if job is not self._job or job is None:
            return False  # asked again since: a newer load brings the figures
        self._tell()  # how far it got, to the end
        self._job = None
        self.bar.hide()
        return True
