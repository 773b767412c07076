"""Syncing with the school server in the background, and its state in the status bar.

Answering never waits for the network: a sync runs in a thread on its own connection to the
progress file, at start, a few seconds after an answer (answers given together go together),
when an instructor opens the desk, and every minute. One sync runs at a time; a sync asked
for meanwhile runs after it. The status bar says "School server: up to date", "offline — 12
answers waiting" or "sync failed: <reason>", in the user's language.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal
from PySide6.QtWidgets import QApplication, QStatusBar

from i18n import N_, Message, TranslatedError, _, ngettext
from trainer.progress import Store, StoreError
from trainer.progress.exams.registrations import ReadRegistrations
from trainer.progress.exams.sittings import Registrar
from trainer.progress.logbook import log_path
from trainer.progress.school.status import sittings_waiting_for_a_pin, waiting_answers
from ui.widgets.announce import announce
from ui.widgets.wrapped import StatusLine

if TYPE_CHECKING:
    from trainer.progress.school.sync import SyncResult

log = logging.getLogger(__name__)

#: A few seconds after an answer, its sync (answers given meanwhile go with it).
AFTER_ANSWER_MS = 3_000
#: And at least this often.
EVERY_MS = 60_000


class SyncJob(QThread):
    """One sync on a new connection to the progress file."""

    #: The :class:`SyncResult`.
    done = Signal(object)
    #: ``(message, offline)``: why it failed, and whether the server was out of reach.
    failed = Signal(object, bool)

    def __init__(self, path: Path, url: str, login: str | None, password: str | None):
        super().__init__()
        self._args = (Path(path), url, login, password)

    def run(self) -> None:  # runs in the worker thread
        # the server's side (and its driver, psycopg) loads with the first sync, not at start
        from trainer.progress.school.sync import server_of, sync

        path, url, login, password = self._args
        try:
            with Store(path, check=False, backup=False) as store:
                self.done.emit(sync(store, url, login=login, password=password))
        except TranslatedError as error:
            self.failed.emit(error.message, bool(getattr(error, "offline", False)))
        except Exception:  # a sync never takes the window down
            log.exception("sync with %s: an unexpected error", server_of(url))
            self.failed.emit(Message.of(N_("an unexpected error; the details are in the "
                                           "log, {path}"), path=str(log_path(path))), False)


class SchoolSync(QObject):
    """The desktop's syncs with ``url`` and the status bar's word on them."""

    #: The last :class:`SyncResult`, after each sync that worked.
    synced = Signal(object)
    #: The status bar's text, whenever it changes.
    stateChanged = Signal(str)  # noqa: N815 - Qt signal naming
    #: A sync failed: why (a :class:`Message`).
    failed = Signal(object)
    #: The server in use changed (none, or another).
    urlChanged = Signal()  # noqa: N815 - Qt signal naming

    def __init__(self, parent: QObject, store: Store, url: str | None,
                 status_bar: Callable[[], QStatusBar] | None = None):
        super().__init__(parent)
        self._store = store
        self.url: str | None = None
        self._login: str | None = None
        self._password: str | None = None
        self._job: SyncJob | None = None
        self._again = False
        #: Syncs started so far: the one whose ``synced`` or ``failed`` comes next is the
        #: latest (one runs at a time, and its signals come before the next starts).
        self.started = 0
        self._state: tuple[str, Message | None] = ("waiting", None)
        self.label = StatusLine()  # a long state takes two lines, never cut
        self.label.setObjectName("schoolServer")
        #: The window's status bar, made only once a school server is used (a window
        #: without one keeps all its height for its pages).
        self._status_bar = status_bar
        self._soon = QTimer(self)
        self._soon.setSingleShot(True)
        self._soon.setInterval(AFTER_ANSWER_MS)
        self._soon.timeout.connect(self.now)
        self._every = QTimer(self)
        self._every.setInterval(EVERY_MS)
        self._every.timeout.connect(self.now)
        self.use_url(url)

    def use_url(self, url: str | None) -> None:
        """Sync with ``url`` from now on (at once), or with no server (``None`` or empty)."""
        self.url = (url or "").strip() or None
        if self.url is not None and self._status_bar is not None:
            self._status_bar().addPermanentWidget(self.label, 1)
            self._status_bar = None
        self.label.setVisible(self.url is not None)
        self._state = ("waiting", None)
        if self.url is None:
            self._every.stop()
            self._soon.stop()
            self.urlChanged.emit()
            return
        self._every.start()
        self.show_state()
        self.urlChanged.emit()
        self.now()

    @property
    def running(self) -> bool:
        return self._job is not None

    def as_instructor(self, login: str | None, password: str | None) -> None:
        """Sync as this instructor's desk from now on (kept in memory only), or as the
        desktop again with ``None``."""
        self._login, self._password = (login, password) if login else (None, None)

    @property
    def instructor(self) -> bool:
        """Whether syncs run as an instructor signed in at the desk."""
        return self._login is not None

    def instructor_login(self) -> tuple[str, str, str] | None:
        """The server, and the login and password of the instructor signed in at the desk
        (for the desk's own requests: PINs, unlocking), or ``None``."""
        if self.url is None or self._login is None:
            return None
        return self.url, self._login, self._password or ""

    def registrar(self, person_id: str, pin: str) -> Registrar:
        """What registers an exam sitting on the school server (set: the caller asked)
        before it starts, for the trainee who typed ``pin`` to start it (the server checks
        it now, and gives the key of one registration). Raises what the server says of the
        PIN."""
        from trainer.progress.school.exams import exam_key, register_sitting
        from trainer.progress.school.identity import school_token

        url = self.url
        assert url is not None, "an exam registers only where a school server is set"
        store = self._store
        with busy_cursor():
            key = exam_key(store, url, person_id, pin)
        return lambda exam_id, person, sitting_id: register_sitting(
            url, school_token(store, person), exam_id, sitting_id, key, keep_for=store)

    def registrations(self) -> ReadRegistrations | None:
        """With a school server, what reads its exam registrations, which a trainee's bundle's
        new sittings must match: with the login of the instructor signed in at the desk (the
        desktop role may not read them, and the import says so)."""
        from trainer.progress.school.registrations import ServerRegistrations

        if self.url is None:
            return None
        return ServerRegistrations(self.url, self._login, self._password)

    def clear_registration(self, sitting_id: str) -> bool:
        """Clear an exam registration on the server as the instructor signed in at the desk
        (a short request; a sync follows to show what is left)."""
        from trainer.progress.school.exams import clear_registration

        if self.url is None or self._login is None:
            return False
        with busy_cursor():
            cleared = clear_registration(self.url, self._login, self._password, sitting_id)
        self.now()
        return cleared

    def soon(self) -> None:
        """An answer was given: sync in a few seconds."""
        if self.url is not None:
            self._soon.start()

    def now(self) -> None:
        if self.url is None:
            return
        if self._job is not None:
            self._again = True
            return
        self._soon.stop()
        self.started += 1
        job = SyncJob(self._store.path, self.url, self._login, self._password)
        job.done.connect(self._done, Qt.ConnectionType.QueuedConnection)
        job.failed.connect(self._failed, Qt.ConnectionType.QueuedConnection)
        job.finished.connect(self._ended, Qt.ConnectionType.QueuedConnection)
        self._job = job
        job.start()

    def wait(self) -> None:
        """Until the sync under way has ended (closing the window, tests)."""
        if self._job is not None:
            self._job.wait()

    def _done(self, result: SyncResult) -> None:
        self._state = ("done", None)
        self.show_state()
        self.synced.emit(result)

    def _failed(self, message: Message, offline: bool) -> None:
        before, self._state = self._state, ("offline" if offline else "failed", message)
        self.show_state()
        if self._state != before:  # said once, not again at each retry that fails alike
            announce(self.label, self.label.text())
        self.failed.emit(message)

    def _ended(self) -> None:
        job, self._job = self._job, None
        if job is not None:
            job.wait()
            job.deleteLater()
        if self._again:
            self._again = False
            self.now()

    def show_state(self) -> None:
        """The state in the current language (called again after a language switch)."""
        if self.url is None:
            return  # no school server: nothing to say
        kind, message = self._state
        try:
            waiting = waiting_answers(self._store)
            # (an instructor's desk sends its sittings as the instructor: no secret needed)
            sittings = 0 if self._login else sittings_waiting_for_a_pin(self._store)
        except StoreError:  # the file is busy or closing: the count waits for the next time
            waiting = sittings = 0
        self.label.setText(state_text(kind, message, waiting, sittings))
        self.stateChanged.emit(self.label.text())


@contextmanager
def busy_cursor() -> Iterator[None]:
    """The wait cursor while the window waits for something (the school server)."""
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        yield
    finally:
        QApplication.restoreOverrideCursor()


def state_text(kind: str, message: Message | None, waiting: int, sittings: int = 0) -> str:
    """The school server's state, and what this desktop has that it has not heard: answers,
    and exam sittings waiting for their trainee's PIN here (said whatever the state)."""
    text = _state_text(kind, message, waiting)
    if sittings:
        text += " — " + ngettext(
            "{count} exam sitting is sent once its trainee signs in here again with their PIN",
            "{count} exam sittings are sent once their trainees sign in here again with their "
            "PIN", sittings).format(count=sittings)
    return text


def _state_text(kind: str, message: Message | None, waiting: int) -> str:
    if kind == "failed" and message is not None:
        return _("School server: sync failed: {reason}").format(reason=str(message))
    if kind == "offline" and not waiting:
        return _("School server: offline")
    if kind == "offline":
        return ngettext("School server: offline — {count} answer waiting",
                        "School server: offline — {count} answers waiting",
                        waiting).format(count=waiting)
    if kind == "waiting":
        return _("School server: connecting…")
    if waiting:
        return ngettext("School server: {count} answer waiting",
                        "School server: {count} answers waiting", waiting).format(count=waiting)
    return _("School server: up to date")
