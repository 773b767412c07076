"""Giving trainees first PINs on the school server, and their slips to print.

The instructor chooses where the slips go first; then a sync publishes the trainees (the
server signs in only trainees it knows), the server takes the new first PINs, and the
slips are written. The PINs are never kept on the desk: if the slips cannot be written,
they are shown once in a box instead, so that nothing is lost.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from i18n import N_, Message, _
from trainer.progress import Person
from trainer.progress.school.identity import give_first_pins
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.school.sync import SyncResult
from ui.desk.reports.exports import choose_file
from ui.school_sync import SchoolSync, busy_cursor
from ui.slips_pdf import write_slips
from ui.widgets.confirm import confirm


class FirstPins(QObject):
    """First PINs for trainees, one request at a time; ``said`` tells what happened."""

    #: What was done, or why not (a :class:`Message`).
    said = Signal(object)
    #: First PINs were given (the sign-in states changed).
    given = Signal()

    def __init__(self, school: SchoolSync, parent: QObject | None = None):
        super().__init__(parent)
        self._school = school
        self._waiting: tuple[list[Person], Path, QWidget] | None = None
        self._wanted = 0  # the sync that gives the PINs: the first started after asking
        school.synced.connect(self._synced)
        school.failed.connect(self._failed)

    def give(self, people: list[Person], parent: QWidget, *, ask: bool = True) -> None:
        """New first PINs for ``people`` (their PINs now stop working), after a sync; the
        slips saved where the instructor chooses. ``ask``: confirm first (not for trainees
        just added, who have no PIN)."""
        if not people or self._waiting is not None:
            return
        if self._school.instructor_login() is None:
            self.said.emit(Message.of(N_(
                "First PINs are given on the school server: type your server login and "
                "password on the School server page and sync as instructor first.")))
            return
        if ask and not confirm(parent, _("Give first PINs"), _(
                "Give new first PINs to {names}? A PIN they have now stops working; each "
                "signs in next with the PIN on their slip and chooses their own.").format(
                    names=", ".join(p.name for p in people)), _("Give first PINs")):
            return
        path = choose_file(parent, _("Save the slips with the first PINs"),
                           Path.home() / _("first-pins.pdf"), _("PDF files (*.pdf)"), save=True)
        if path is None:
            return
        self._waiting = (people, path, parent)
        self._wanted = self._school.started + 1  # a sync under way ends unheeded
        self.said.emit(Message.of(N_("Syncing, then giving the first PINs…")))
        self._school.now()

    def _failed(self, problem: Message) -> None:
        if self._waiting is None or self._school.started < self._wanted:
            return
        self._waiting = None
        self.said.emit(Message.of(N_("No PIN was given: the sync failed ({reason})."),
                                  reason=problem))

    def _synced(self, _result: SyncResult) -> None:
        if self._waiting is None or self._school.started < self._wanted:
            return
        people, path, parent = self._waiting
        self._waiting = None
        login = self._school.instructor_login()
        if login is None:
            return
        try:
            with busy_cursor():
                pins = give_first_pins(*login, [p.id for p in people])
        except SchoolError as error:
            self.said.emit(error.message)
            return
        self.given.emit()
        slips = [(person.name, pins[person.id]) for person in people]
        try:
            write_slips(path, slips)
        except OSError as error:
            self._show_once(parent, slips, error)
            return
        self.said.emit(Message.counted(
            "A first PIN was given to {count} trainee; the slip is in {path}.",
            "First PINs were given to {count} trainees; the slips are in {path}.",
            len(slips), path=str(path)))

    def _show_once(self, parent: QWidget, slips: list[tuple[str, str]],
                   error: OSError) -> None:
        """The slips could not be written: the PINs, shown this once to copy by hand."""
        QMessageBox.warning(parent, _("Give first PINs"), _(
            "The slips could not be saved ({detail}). Copy these first PINs now; they are "
            "not kept anywhere:\n\n{pins}").format(
                detail=error.strerror or str(error),
                pins="\n".join(f"{name}: {pin}" for name, pin in slips)))
        self.said.emit(Message.of(N_("First PINs were given; the slips could not be saved.")))
