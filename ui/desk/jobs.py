"""Long work of the desk (reports, bundles) in a worker thread with its own database connection.

The window keeps answering while a report is drawn or a bundle is checked and merged:
the work runs in a :class:`StoreJob` thread on a second connection to the same SQLite
file (WAL lets both read while one writes). The result or the refusal comes back as a
signal to the window's thread, which shows it, and so does the progress on the way
(:attr:`StoreJob.progressed`, queued to the window's thread). :meth:`StoreJob.cancel`
makes the work's next progress call raise :class:`Cancelled`; the work then leaves
nothing behind (see :mod:`trainer.progress.progress_steps`).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QThread, Signal

from i18n import N_, Message
from trainer.progress import Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.progress_steps import Cancelled, Progress

log = logging.getLogger(__name__)

#: Work done in the thread: given the thread's own store, the acting instructor and the
#: callback to tell its progress to (which raises :class:`Cancelled` once cancelled).
Work = Callable[[Store, Actor, Progress], Any]

#: Jobs still running, kept alive here so a closed page never destroys a running thread.
_RUNNING: set[StoreJob] = set()

#: How often (seconds) a thread running Python hands the interpreter on while a job runs.
#: Python's 5 ms left the window's thread waiting 5 ms for each thing it did, tens of them
#: in a row while a job read a school's figures (a 130–160 ms stall); at 1 ms the window
#: keeps its ticks (a 40 ms stall at most), and the job takes as long.
SWITCH_SECONDS = 0.001
_switch_before: list[float] = []  # Python's own interval, while jobs run


class StoreJob(QThread):
    """Run ``work(store, actor)`` on a new connection to ``path``; report how it went."""

    #: The work's return value.
    succeeded = Signal(object)
    #: A :class:`~i18n.Message` saying why it failed (rendered by the receiver, so a
    #: language switch re-renders it).
    failed = Signal(object)
    #: ``(done, total)`` of the work, as it tells it (about every 1 %).
    progressed = Signal(int, int)
    #: The work stopped when asked to, leaving nothing behind.
    cancelled = Signal()
    #: The damaged rows the work skipped, each a :class:`~i18n.Message` naming one (sent
    #: before :attr:`succeeded`, only if there were any).
    skipped = Signal(list)

    def __init__(self, path: Path, actor: Actor, work: Work):
        super().__init__()
        self._path = Path(path)
        self._actor = actor
        self._work = work
        self.finished.connect(self._forget)

    def start_job(self) -> None:
        if not _RUNNING:
            _switch_before.append(sys.getswitchinterval())
            sys.setswitchinterval(SWITCH_SECONDS)
        _RUNNING.add(self)
        self.start()

    def cancel(self) -> None:
        """Stop the work at its next progress call (safe from any thread)."""
        self.requestInterruption()

    def _progress(self, done: int, total: int) -> None:  # runs in the worker thread
        if self.isInterruptionRequested():
            raise Cancelled
        self.progressed.emit(done, total)

    def _forget(self) -> None:
        _RUNNING.discard(self)
        if not _RUNNING and _switch_before:
            sys.setswitchinterval(_switch_before.pop())
        self.deleteLater()

    def run(self) -> None:  # runs in the worker thread
        try:
            # The main connection already checked the file and took the day's backup.
            with Store(self._path, check=False, backup=False) as store:
                # The instructor signed in with the password in this window; this
                # connection serves the same signed-in session.
                store.signed_in[self._actor.token] = self._actor.person.id
                result = self._work(store, self._actor, self._progress)
                damaged = list(store.damaged_rows)
        except Cancelled:
            self.cancelled.emit()
        except StoreError as error:
            self.failed.emit(error.message)
        except OSError as error:
            self.failed.emit(file_problem(error))
        except Exception as error:  # a bug: said in words, details logged
            log.exception("a job of the desk (%s): an unexpected error",
                          getattr(self._work, "__name__", "work"))
            self.failed.emit(Message.of(N_("Something went wrong in the trainer ({detail})."),
                                        detail=repr(error)))
        else:
            if damaged:
                self.skipped.emit(damaged)
            self.succeeded.emit(result)


def file_problem(error: OSError) -> Message:
    detail = error.strerror or str(error)
    if error.filename:
        return Message.of(N_("The file {path} could not be read or written ({detail})."),
                          path=str(error.filename), detail=detail)
    return Message.of(N_("A file could not be read or written ({detail})."), detail=detail)


def running_jobs() -> int:
    """How many desk jobs are still running (tests wait for none)."""
    return len(_RUNNING)
