"""Grades for the school's learning system, on the export page: a Moodle grade CSV or xAPI
statements (:mod:`trainer.progress.reports.gradebooks`), written by a background job as
the reports are. Said in words before anything runs: no trainee with an ID number, or (for
xAPI) no address of the school's learning system, which is typed here (a school setting,
shared with the school server) and said at its field when it is not an address.

The skills' names are in the desk's language until the instructor picks another. A skill's
Moodle grade is its mastery, not its share of right answers; the box says so (a skill
answered right, but slower than its target time, has 0)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import i18n
from i18n import N_, Message, _
from trainer.progress import Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.progress_steps import Progress
from trainer.progress.reports.gradebooks import Gradebook, moodle_grades, xapi_statements
from trainer.progress.xapi_home_page import MAX_LENGTH, home_page, save_home_page
from ui.report_pdf import skill_titles
from ui.widgets.choices import Choices

MOODLE, XAPI = "moodle", "xapi"
#: Reads the school's ID numbers (person id → ID number) from a store.
IdNumbers = Callable[[Store], Mapping[str, str]]
#: Starts a job on the page: the work, what it says while running, what it says when done.
Start = Callable[..., None]


class GradebookBox(QGroupBox):
    """The format, the button, and the checks made before a file is asked for."""

    def __init__(self, store: Store, actor: Actor, read_id_numbers: IdNumbers,
                 choose_file: Callable[[str, Path, str], Path | None],
                 say: Callable[[Message, bool], None], start: Start,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._read = read_id_numbers
        self._choose = choose_file
        self._say = say
        self._start = start
        self.format_label = QLabel()
        self.format = Choices()
        self.format_label.setBuddy(self.format)
        self.language_label = QLabel()
        self.language = Choices()
        for language in i18n.LANGUAGES:
            self.language.addItem(i18n.language_name(language), language)
        self.language_label.setBuddy(self.language)
        #: The desk's language until the instructor picks another for the skills' names.
        self._language_picked = False
        self.language.activated.connect(lambda _i: setattr(self, "_language_picked", True))
        self.grade_note = QLabel()
        self.grade_note.setObjectName("hint")
        self.grade_note.setWordWrap(True)
        self.address_label = QLabel()
        self.address = QLineEdit()
        self.address.setMaxLength(MAX_LENGTH)
        self.address.setPlaceholderText("https://")
        self.address_label.setBuddy(self.address)
        self.address_problem = QLabel()
        self.address_problem.setObjectName("error")
        self.address_problem.setWordWrap(True)
        self.address_problem.hide()
        self._address_message: Message | None = None
        self.format.currentIndexChanged.connect(self._show_address)
        self.button = QPushButton()
        self.button.clicked.connect(self.ask)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(self.format_label, self.format)
        form.addRow(self.language_label, self.language)
        form.addRow(self.address_label, self.address)
        form.addRow(self.address_problem)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.grade_note)
        layout.addWidget(self.button)

    def retranslate(self) -> None:
        self.setTitle(_("Grades for the school's learning system"))
        self.format_label.setText(_("Grade forma&t"))
        chosen = self.format.currentData() or MOODLE
        self.format.clear()
        self.format.addItem(_("Moodle grade import (CSV)"), MOODLE)
        self.format.addItem(_("xAPI statements for a learning record store (JSON)"), XAPI)
        self.format.setCurrentIndex(max(self.format.findData(chosen), 0))
        self.language_label.setText(_("Names of the s&kills in"))
        if not self._language_picked:
            self.language.setCurrentIndex(self.language.findData(i18n.current_language()))
        self.grade_note.setText(_(
            "Each skill's grade is its mastery, from 0 to 100: the share of its last answers "
            "(as many as its mastery target counts) that were right within its target time. "
            "An answer right but slower than the target counts as not mastered yet, so a "
            "skill answered right can have 0; each exam's grade is the best score."))
        self.address_label.setText(_("Learning system's &address"))
        self.address.setToolTip(_(
            "The address of the school's learning system, which knows each trainee by their "
            "ID number there; xAPI statements name trainees by it. Saved for the whole school."))
        self.address_problem.setText(str(self._address_message or ""))
        self.button.setText(_("Export the grade&s…"))
        self._show_address()

    def reload(self) -> None:
        """Show the saved address (it may have come from the school server)."""
        try:
            self.address.setText(home_page(self._store))
        except StoreError as error:
            self._say(error.message, True)

    def _show_address(self) -> None:
        xapi = self.format.currentData() == XAPI
        self.grade_note.setVisible(not xapi)
        self.address_label.setVisible(xapi)
        self.address.setVisible(xapi)
        self.address_problem.setVisible(xapi and self._address_message is not None)

    def ask(self) -> None:
        fmt = self.format.currentData()
        self._address_message = None
        self._show_address()
        try:
            numbers = dict(self._read(self._store))
            address = home_page(self._store)
            if fmt == XAPI and self.address.text().strip() != address:
                address = save_home_page(self._store, self._actor, self.address.text())
        except StoreError as error:
            if fmt == XAPI and not self._address_saved():
                self._address_message = error.message
                self.address_problem.setText(str(error.message))
                self._show_address()
                self.address.setFocus(Qt.FocusReason.OtherFocusReason)
                self._say(Message.of(N_(
                    "The learning system's address cannot be saved: see it marked above.")),
                    True)
            else:
                self._say(error.message, True)
            return
        if not numbers:
            self._say(Message.of(N_(
                "No trainee has an ID number yet: give trainees the school's ID numbers on "
                "the Trainees page, then export the grades.")), True)
            return
        if fmt == XAPI and not address:
            self._say(Message.of(N_(
                "xAPI statements name each trainee on the school's learning system: type its "
                "address first.")), True)
            self.address.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        name = _("grades {day}").format(day=date.today())
        if fmt == MOODLE:
            out = self._choose(_("Export the grades"), Path.home() / f"{name}.csv",
                               _("CSV files (*.csv)"))
        else:
            out = self._choose(_("Export the grades"), Path.home() / f"{name}.json",
                               _("JSON files (*.json)"))
        if out is not None:
            self.export(out, fmt, numbers, address)

    def _address_saved(self) -> bool:
        try:
            return self.address.text().strip() == home_page(self._store)
        except StoreError:
            return True

    def export(self, out: Path, fmt: str, numbers: Mapping[str, str], address: str) -> None:
        language = self.language.currentData()

        def work(store: Store, actor: Actor, progress: Progress) -> Gradebook:
            if fmt == MOODLE:
                return moodle_grades(store, actor, out, numbers, language, skill_titles(),
                                     progress=progress)
            return xapi_statements(store, actor, out, numbers, address, skill_titles(),
                                   progress=progress)

        def doing(_counted: tuple[int, int] | None) -> str:
            return _("Writing the grades…")

        self._start(work, doing, self._done, self.button)

    def _done(self, book: Gradebook) -> None:
        if book.without_id_number:
            self._say(Message.counted(
                "The grades were saved as {path}; {count} trainee has no ID number and was "
                "left out.",
                "The grades were saved as {path}; {count} trainees have no ID number and were "
                "left out.", book.without_id_number, path=str(book.path)), False)
        else:
            self._say(Message.of(N_("The grades were saved as {path}."),
                                 path=str(book.path)), False)
