"""The desk's xAPI statements sent to the school's learning record store in the background,
and its word on them in the status bar.

Sending needs the record store's secret, which only an instructor reads: the desk sends
while it is open. With a school server, after each sync with it (answers merged from the
server go with it), so on the same timer; without one, when the desk opens and every
minute as a sync would. A send runs as the desk's other long work does (a
:class:`~ui.desk.jobs.StoreJob` on its own connection to the progress file), one at a
time; a send asked for meanwhile runs after it. A send that fails says its one sentence in
the status bar and leaves the queue as it is (the next one sends it).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from i18n import Message, _, ngettext
from trainer.progress import Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.progress_steps import Progress
from trainer.progress.record_store.sending import Sent, send_statements
from trainer.progress.record_store.settings import record_store
from ui.desk.jobs import StoreJob
from ui.report_pdf import skill_titles
from ui.school_sync import EVERY_MS, SchoolSync
from ui.widgets.wrapped import StatusLine


class RecordStoreSync(QObject):
    """Sends the desk's outbox to the learning record store set on the desk."""

    #: A send ended: the :class:`~trainer.progress.record_store.sending.Sent`.
    sent = Signal(object)
    #: A send failed: why (a :class:`~i18n.Message`); the queue is kept.
    failed = Signal(object)
    #: A send began.
    began = Signal()

    def __init__(self, parent: QObject, store: Store, actor: Actor, school: SchoolSync):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._school = school
        self._job: StoreJob | None = None
        self._again = False
        #: Sends begun so far.
        self.started = 0
        #: What the status bar says of the last send: what it did, or why it failed.
        self._last: Sent | Message | None = None
        self.label = StatusLine()  # in the window's status bar while the desk is open
        self.label.setObjectName("recordStore")
        self.label.hide()
        self.every = QTimer(self)
        self.every.setInterval(EVERY_MS)
        self.every.timeout.connect(self.now)
        school.synced.connect(self._after_school_sync)
        school.failed.connect(self._after_school_sync)
        school.urlChanged.connect(self._follow_school)
        self._follow_school()

    def _follow_school(self) -> None:
        """Its own timer only when no school server syncs the desk."""
        if self._school.url is None:
            self.every.start()
        else:
            self.every.stop()

    def _after_school_sync(self, _result: object) -> None:
        self.now()

    def opened(self) -> None:
        """The desk opened: send now unless the school server's sync sends after it."""
        if self._school.url is None:
            self.now()

    def is_set(self) -> bool:
        """Whether a learning record store is set on the desk."""
        try:
            return record_store(self._store, self._actor) is not None
        except StoreError:  # the file is busy or closing: the next time
            return False

    @property
    def running(self) -> bool:
        return self._job is not None

    def now(self) -> None:
        """Send the queue now if a record store is set (after the send under way)."""
        if not self.is_set():
            return
        if self._job is not None:
            self._again = True
            return
        titles = skill_titles()  # the skills' modules load here, not in the thread

        def send(store: Store, actor: Actor, _progress: Progress) -> Sent:
            return send_statements(store, actor, titles)

        self.started += 1
        job = self._job = StoreJob(self._store.path, self._actor, send)
        job.succeeded.connect(self._done)
        job.failed.connect(self._failed)
        job.finished.connect(self._ended)
        self.began.emit()
        job.start_job()

    def _done(self, result: Sent) -> None:
        self._last = result
        self.show_state()
        self.sent.emit(result)

    def _failed(self, message: Message) -> None:
        self._last = message
        self.show_state()
        self.failed.emit(message)

    def _ended(self) -> None:
        self._job = None
        if self._again:
            self._again = False
            self.now()

    def show_state(self) -> None:
        """The status bar's word in the current language (again after a language switch)."""
        self.label.setVisible(self._last is not None)
        if self._last is not None:
            self.label.setText(state_text(self._last))


def state_text(last: Sent | Message) -> str:
    """The status bar's sentence on the last send."""
    if isinstance(last, Message):
        return _("Learning record store: {reason}").format(reason=str(last))
    if last.counts.queued:
        return ngettext(
            "Learning record store: {count} statement waiting (its trainee has no ID "
            "number yet, or its exam sitting does not count)",
            "Learning record store: {count} statements waiting (their trainees have no ID "
            "number yet, or their exam sittings do not count)",
            last.counts.queued).format(count=last.counts.queued)
    return _("Learning record store: up to date")


def sent_text(done: Sent) -> str:
    """What one send did, in one sentence."""
    text = ngettext("{count} statement sent to the learning record store.",
                    "{count} statements sent to the learning record store.",
                    done.sent).format(count=done.sent)
    if done.refused:
        text = joined(text, ngettext("{count} statement was refused by it.",
                                     "{count} statements were refused by it.",
                                     done.refused).format(count=done.refused))
    return text


def joined(*sentences: str) -> str:
    """Sentences one after the other: a space between them, but after a Chinese full stop."""
    text = ""
    for sentence in sentences:
        text += ("" if not text or text.endswith("。") else " ") + sentence
    return text
