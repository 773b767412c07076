"""Reports (CSV, PDF) and bundles (export, import), worked in a thread while the window answers.

Each job opens its own connection to the database (:class:`ui.desk.jobs.StoreJob`),
shows how far it got (a percentage and what it is doing) with a button to cancel it,
and ends with one sentence: where the file went, what the import added, why the bundle
was refused, or that it was cancelled (nothing is then written, the database is
untouched); then a line for each damaged row the export named and left out. Reports are
written in the language chosen for them (the desk's at first).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import i18n
from i18n import N_, Message, _, ngettext
from trainer.progress import Person, Role, Store, StoreError
from trainer.progress.bundles.export import BundleContents, export_bundle
from trainer.progress.bundles.importing import (
    ImportSummary,
    bundle_accounts,
    bundle_trainee,
    import_bundle,
)
from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource
from trainer.progress.bundles.trust import Account, AccountChange
from trainer.progress.exams.registrations import ReadRegistrations
from trainer.progress.people.accounts import Actor
from trainer.progress.people.classes import SchoolClass, classes
from trainer.progress.progress_steps import Progress
from trainer.progress.reports.period import Period
from trainer.progress.reports.spreadsheets import write_attempts_csv
from ui.desk.jobs import StoreJob, Work
from ui.desk.record_store_sync import RecordStoreSync
from ui.desk.reports.bundle_source import ask_source
from ui.desk.reports.gradebooks import GradebookBox, IdNumbers
from ui.desk.reports.job_texts import (
    Doing,
    count_text,
    importing,
    percent_text,
    writing_answers,
    writing_bundle,
)
from ui.desk.reports.record_store import RecordStoreBox
from ui.desk.reports.report_days import DAYS_PROBLEM, ReportDays
from ui.palette import styled
from ui.report_pdf import export_report, skill_titles
from ui.widgets.choices import Choices
from ui.widgets.page import Page


def choose_file(parent: QWidget, caption: str, suggested: Path, filters: str,
                save: bool) -> Path | None:
    """Ask for a file to write (``save``) or to read; ``None`` if the instructor cancels."""
    if save:
        chosen, _filter = QFileDialog.getSaveFileName(parent, caption, str(suggested), filters)
    else:
        chosen, _filter = QFileDialog.getOpenFileName(parent, caption, str(suggested), filters)
    return Path(chosen) if chosen else None


def file_name(text: str) -> str:
    """A suggested file name without the characters file systems refuse (a name with "/")."""
    return "".join("-" if c in '/\\:*?"<>|' else c for c in text)


#: The report format that is every answer, one line each (the attempts CSV).
ANSWERS = "answers"

class ExportsPage(Page):
    """Report export, bundle export and bundle import, one job at a time."""

    #: A bundle was imported: the other pages read the database again.
    progressImported = Signal()  # noqa: N815

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None, *,
                 read_id_numbers: IdNumbers | None = None,
                 registrations: Callable[[], ReadRegistrations | None] | None = None,
                 record_store_sync: RecordStoreSync | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        #: What reads the school server's exam registrations, when the desk has a server
        #: (asked at each import: the server or its login may change meanwhile).
        self._registrations = registrations or (lambda: None)
        self._job: StoreJob | None = None
        self._doing: Doing | None = None
        self._counted: tuple[int, int] | None = None
        self._cancelling = False
        self._started_by: QWidget | None = None
        #: The damaged rows the last job skipped, said after its result.
        self._skipped: list[Message] = []
        self.report_box = QGroupBox()
        self.report_scope_label = QLabel()
        self.report_scope = Choices()
        self.report_format_label = QLabel()
        self.report_format = Choices()
        self.report_language_label = QLabel()
        self.report_language = Choices()  # the report's, not the desk's
        for language in i18n.LANGUAGES:
            self.report_language.addItem(i18n.language_name(language), language)
        #: The desk's language until the instructor picks another for the reports.
        self._language_picked = False
        self.report_language.activated.connect(lambda _i: setattr(self, "_language_picked",
                                                                  True))
        self.report_days = ReportDays()
        self.report_button = QPushButton()
        self.report_button.clicked.connect(self.ask_report)
        self.bundle_box = QGroupBox()
        self.bundle_intro = QLabel()
        self.bundle_intro.setWordWrap(True)
        self.bundle_scope_label = QLabel()
        self.bundle_scope = Choices()
        self.bundle_scope.currentIndexChanged.connect(self._scope_changed)
        self.with_instructors = QCheckBox()
        self.export_button = QPushButton()
        self.export_button.clicked.connect(self.ask_bundle_export)
        self.import_button = QPushButton()
        self.import_button.clicked.connect(self.ask_bundle_import)
        #: Grades for the school's learning system, once the desk can read ID numbers.
        self.gradebook = (GradebookBox(
            store, actor, read_id_numbers,
            lambda caption, suggested, filters: choose_file(self, caption, suggested, filters,
                                                            save=True),
            self.say, self._start)
            if read_id_numbers is not None else None)
        #: The school's learning record store, beside the grades, where the desk sends.
        self.record_store = (RecordStoreBox(store, actor, record_store_sync)
                             if record_store_sync is not None else None)
        self.progress = QProgressBar()
        self.progress.setObjectName("jobProgress")
        styled(self.progress, "QProgressBar { min-height: 1.6em; text-align: center; }"
                                    "QProgressBar::chunk { background: $export_bar; }")
        self.progress.hide()
        self.cancel_button = QPushButton()
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.hide()
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.cancel,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        #: The trainees and classes the scopes offer, read when the page is first shown.
        self._people: list[Person] | None = None
        self._class_list: list[SchoolClass] = []
        self._layout()
        self.retranslate()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if self._people is None:
            self.reload()

    def _layout(self) -> None:
        report_form = QFormLayout()
        report_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        report_form.addRow(self.report_scope_label, self.report_scope)
        report_form.addRow(self.report_format_label, self.report_format)
        report_form.addRow(self.report_language_label, self.report_language)
        report_form.addRow(self.report_days.label, self.report_days)
        self.report_scope_label.setBuddy(self.report_scope)
        self.report_format_label.setBuddy(self.report_format)
        self.report_language_label.setBuddy(self.report_language)
        report = QVBoxLayout(self.report_box)
        report.addLayout(report_form)
        report.addWidget(self.report_button)
        bundle_form = QFormLayout()
        bundle_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        bundle_form.addRow(self.bundle_scope_label, self.bundle_scope)
        self.bundle_scope_label.setBuddy(self.bundle_scope)
        bundle_buttons = QHBoxLayout()
        bundle_buttons.addWidget(self.export_button)
        bundle_buttons.addWidget(self.import_button)
        bundle = QVBoxLayout(self.bundle_box)
        bundle.addWidget(self.bundle_intro)
        bundle.addLayout(bundle_form)
        bundle.addWidget(self.with_instructors)
        bundle.addLayout(bundle_buttons)
        boxes = QHBoxLayout()
        boxes.addWidget(self.report_box, 1)
        boxes.addWidget(self.bundle_box, 1)
        layout = self.body
        layout.addLayout(boxes)
        grades = QHBoxLayout()
        for box in (self.gradebook, self.record_store):
            if box is not None:
                grades.addWidget(box, 1)
        layout.addLayout(grades)
        running = QHBoxLayout()
        running.addWidget(self.progress, 1)
        running.addWidget(self.cancel_button)
        layout.addLayout(running)
        layout.addStretch(1)

    def retranslate(self) -> None:
        self.heading.setText(_("Reports and bundles"))
        self.report_box.setTitle(_("Progress report"))
        self.report_scope_label.setText(_("Report o&n"))
        self.report_format_label.setText(_("For&mat"))
        chosen = self.report_format.currentData() or "pdf"
        self.report_format.clear()
        self.report_format.addItem(_("PDF with charts"), "pdf")
        self.report_format.addItem(_("CSV tables for spreadsheets (a zip)"), "csv")
        self.report_format.addItem(_("Every answer, one line each (CSV)"), ANSWERS)
        self.report_format.setCurrentIndex(self.report_format.findData(chosen))
        self.report_language_label.setText(_("Report's lan&guage"))
        if not self._language_picked:
            self.report_language.setCurrentIndex(
                self.report_language.findData(i18n.current_language()))
        self.report_button.setText(_("&Export the report…"))
        self.bundle_box.setTitle(_("Progress bundles"))
        self.bundle_intro.setText(_(
            "A bundle carries progress to another desktop. Importing one checks all of it "
            "first and adds only what this desktop lacks; a damaged or conflicting bundle "
            "is refused whole."))
        self.bundle_scope_label.setText(_("P&rogress of"))
        self.with_instructors.setText(_(
            "&With the instructors: their accounts, passwords, trainees' PINs and the exams"))
        self.with_instructors.setToolTip(_(
            "Only for another desktop of this school: the instructor who imports it must "
            "accept each instructor account by name."))
        self.export_button.setText(_("E&xport a bundle…"))
        self.import_button.setText(_("&Import a bundle…"))
        self.cancel_button.setText(_("&Cancel"))
        if self.gradebook is not None:
            self.gradebook.retranslate()
        if self.record_store is not None:
            self.record_store.retranslate()
        self._fill_scopes()
        super().retranslate()

    def reload(self) -> None:
        """Read the trainees and classes the scopes offer again."""
        try:
            self._people = self._store.people(Role.TRAINEE)
            self._class_list = classes(self._store)
        except StoreError as error:
            self.say(error.message, problem=True)
            self._people, self._class_list = [], []
        self._fill_scopes()
        if self.gradebook is not None:
            self.gradebook.reload()
        if self.record_store is not None:
            self.record_store.reload()

    def _fill_scopes(self) -> None:
        people = self._people or []
        for combo, everyone in ((self.report_scope, _("All trainees")),
                                (self.bundle_scope, _("Everyone"))):
            chosen = combo.currentData()
            combo.clear()
            combo.addItem(everyone, None)
            if combo is self.report_scope:
                for school_class in self._class_list:
                    combo.addItem(_("Class: {name}").format(name=school_class.name),
                                  school_class)
            for person in people:
                combo.addItem(person.name, person.id)
            combo.setCurrentIndex(max(combo.findData(chosen), 0))

    # Starting the jobs ---------------------------------------------------------------------

    def ask_report(self) -> None:
        try:
            period = self.report_days.period()
        except StoreError:
            self.say(Message.of(DAYS_PROBLEM), problem=True)
            return
        fmt = self.report_format.currentData()
        chosen = self.report_scope.currentData()
        person_id = chosen if isinstance(chosen, str) else None
        name = (chosen.name if isinstance(chosen, SchoolClass) else
                self.report_scope.currentText() if person_id else _("all trainees"))
        suffix = ".zip" if fmt == "csv" else f".{fmt}"  # CSV: a zip of flat tables
        suggested = Path.home() / file_name(
            _("progress report {name} {day}").format(name=name, day=date.today()) + suffix)
        if fmt == ANSWERS:
            suggested = Path.home() / file_name(
                _("answers {name} {day}").format(name=name, day=date.today()) + ".csv")
        filters = {"pdf": _("PDF files (*.pdf)"), "csv": _("Zip of CSV tables (*.zip)")}.get(
            fmt, _("CSV files (*.csv)"))
        out = choose_file(self, _("Export the report"), suggested, filters, save=True)
        if out is not None:
            self.export_report(out, fmt, person_id, period,
                               chosen if isinstance(chosen, SchoolClass) else None)

    def ask_bundle_export(self) -> None:
        person_id = self.bundle_scope.currentData()
        name = self.bundle_scope.currentText() if person_id else _("everyone")
        suggested = Path.home() / file_name(
            _("progress bundle {name} {day}").format(name=name, day=date.today()) + ".zip")
        out = choose_file(self, _("Export a bundle"), suggested, _("Bundles (*.zip)"), save=True)
        if out is not None:
            self.export_bundle(out, person_id)

    def _scope_changed(self) -> None:
        """Instructor data travels only in everyone's bundle."""
        everyone = self.bundle_scope.currentData() is None
        self.with_instructors.setEnabled(everyone and not self.busy)
        if not everyone:
            self.with_instructors.setChecked(False)

    def ask_bundle_import(self) -> None:
        path = choose_file(self, _("Import a bundle"), Path.home(), _("Bundles (*.zip)"),
                           save=False)
        if path is not None:
            self.import_bundle(path)

    def export_report(self, out: Path, fmt: str, person_id: str | None,
                      period: Period | None = None,
                      school_class: SchoolClass | None = None) -> None:
        """The report on one trainee, a class (``school_class``) or everyone."""
        if fmt == ANSWERS:
            self.export_answers(out, person_id, period, school_class)
            return
        language = self.report_language.currentData()
        skill_titles()  # the skills' modules load here, not in the job (see export_answers)

        def work(store: Store, actor: Actor, progress: Progress) -> Path:
            export_report(store, actor, out, fmt, person_id, language, progress=progress,
                          period=period, school_class=school_class)
            return out

        name = self.report_scope.currentText()
        trainees = (len(school_class.members) if school_class else
                    sum(isinstance(self.report_scope.itemData(i), str)
                        for i in range(self.report_scope.count())))

        def doing(_counted: tuple[int, int] | None) -> str:
            if person_id:
                return _("Writing the report on {name}…").format(name=name)
            return ngettext("Writing the report on {count} trainee…",
                            "Writing the report on {count} trainees…", trainees).format(
                count=count_text(trainees))

        self._start(work, doing, self._report_done, self.report_button)

    def export_answers(self, out: Path, person_id: str | None,
                       period: Period | None = None,
                       school_class: SchoolClass | None = None) -> None:
        """Every answer of one trainee or of all (of ``period``'s days), one line each, in
        the report's language."""
        language = self.report_language.currentData()
        # In the window's thread: a module imported in another thread goes through PySide's
        # import hook there, which holds the window up until the import is over.
        titles = skill_titles()

        def work(store: Store, actor: Actor, progress: Progress) -> Path:
            write_attempts_csv(store, actor, out, language, person_id, titles,
                               progress=progress, period=period,
                               members=school_class.members if school_class else None)
            return out

        self._start(work, writing_answers, self._answers_done, self.report_button)

    def export_bundle(self, out: Path, person_id: str | None) -> None:
        with_instructors = self.with_instructors.isChecked() and person_id is None

        def work(store: Store, actor: Actor, progress: Progress) -> BundleContents:
            return export_bundle(store, actor, out, person_id,
                                 with_instructors=with_instructors, progress=progress)

        self._start(work, writing_bundle, self._bundle_written, self.export_button)

    def import_bundle(self, path: Path) -> None:
        """Import ``path``, once the instructor said whom it is from; if it is from an
        instructor's desk and brings instructor accounts, name each one and ask first."""
        try:
            brought = bundle_trainee(self._store, self._actor, path)
            source = self.ask_source(self._people or [], brought)
            accounts = bundle_accounts(self._store, self._actor, path) if (
                source == INSTRUCTOR_DESK) else ()
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        if source is None:
            self.say(Message.of(N_("Nothing was imported.")))
            return
        if source.trainee is not None:  # at a school with a server, their sittings prove it
            source = BundleSource.of_trainee(source.trainee, self._registrations())
        accepted = tuple(account.name for account in accounts
                         if account.change is not AccountChange.PIN)
        if accounts and not self.accept_accounts(accounts):
            self.say(Message.of(N_("Nothing was imported: the instructor accounts were "
                                    "not accepted.")))
            return

        def work(store: Store, actor: Actor, progress: Progress) -> ImportSummary:
            return import_bundle(store, actor, path, source=source,
                                 accept_instructors=accepted, progress=progress)

        self._start(work, importing, self._bundle_imported, self.import_button)

    def ask_source(self, trainees: list[Person],
                   brought: tuple[str, str] | None) -> BundleSource | None:
        """Whom the bundle is from (:mod:`ui.desk.reports.bundle_source`); ``None``: cancelled."""
        return ask_source(self, trainees, brought,
                          school_server=self._registrations() is not None)

    def accept_accounts(self, accounts: tuple[Account, ...]) -> bool:
        """Name every account the bundle brings and what it changes; True if accepted."""
        box = QMessageBox(QMessageBox.Icon.Warning, _("Instructor accounts in this bundle"),
                          _("This bundle brings instructor accounts and PINs. An instructor "
                            "account can see and change everything on this desktop: accept "
                            "them only if you know each one."), parent=self)
        box.setInformativeText("\n".join(f"• {account.message}" for account in accounts))
        accept = box.addButton(_("Accept them and import"), QMessageBox.ButtonRole.AcceptRole)
        refuse = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(refuse)
        box.exec()
        return box.clickedButton() is accept

    def _start(self, work: Work, doing: Doing, done: Any, button: QWidget) -> None:
        if self.busy:
            return
        job = StoreJob(self._store.path, self._actor, work)
        job.skipped.connect(self._rows_skipped)
        job.succeeded.connect(done)
        job.failed.connect(self._failed)
        job.cancelled.connect(self._cancelled)
        job.progressed.connect(self._progressed)
        job.finished.connect(self._job_finished)
        self._job, self._doing, self._counted = job, doing, None
        self._cancelling, self._started_by = False, button
        self._skipped = []
        self.say(None)
        self.progress.setRange(0, 0)  # busy until the job tells how far it got
        self.progress.setFormat("")
        self._set_busy(True)
        self.show_said()
        job.start_job()
        self.cancel_button.setFocus()

    @property
    def busy(self) -> bool:
        return self._job is not None

    def cancel(self) -> None:
        """Ask the running job to stop; it says so when it has (nothing is then written)."""
        if self._job is None or self._cancelling:
            return
        self._cancelling = True
        self._job.cancel()
        self.cancel_button.setEnabled(False)
        self.show_said()

    def _progressed(self, done: int, total: int) -> None:
        if self._job is None:
            return
        self._counted = (done, total)
        self.progress.setRange(0, 100)
        self.progress.setValue(done * 100 // max(1, total))
        self.show_said()

    def _set_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.cancel_button.setEnabled(busy)
        for widget in (self.report_button, self.export_button, self.import_button,
                       self.report_scope, self.report_format, self.bundle_scope,
                       self.report_days, self.gradebook):
            if widget is not None:
                widget.setEnabled(not busy)
        self._scope_changed()

    def _job_finished(self) -> None:
        had_focus = self.cancel_button.hasFocus()
        self._job = self._doing = None
        self._set_busy(False)
        self.show_said()
        if had_focus and self._started_by is not None:
            self._started_by.setFocus()

    # Their results -------------------------------------------------------------------------

    def _report_done(self, out: Path) -> None:
        self.say(Message.of(N_("The report was saved as {path}."), path=str(out)))

    def _answers_done(self, out: Path) -> None:
        self.say(Message.of(N_("Every answer was saved as {path}."), path=str(out)))

    def _bundle_written(self, contents: BundleContents) -> None:
        self.say(Message.of(N_("The bundle holds {people} people and {answers} answers; it "
                                "was saved as {path}."),
                             people=contents.count("people"), answers=contents.count("attempts"),
                             path=str(contents.path)))

    def _bundle_imported(self, summary: ImportSummary) -> None:
        self.say(summary.message)
        self.reload()
        self.progressImported.emit()

    def _rows_skipped(self, notes: list[Message]) -> None:
        self._skipped = notes

    def _failed(self, problem: Message) -> None:
        self.say(problem, problem=True)

    def _cancelled(self) -> None:
        self.say(Message.of(N_("Cancelled; nothing was written.")))

    def _running(self) -> bool:
        return self._job is not None and self._doing is not None

    def said_problem(self) -> bool:
        return not self._running() and super().said_problem()

    def said_text(self) -> str:
        """The job's result and the rows it skipped, or while it runs what it is doing."""
        if self._running():
            assert self._doing is not None
            return _("Cancelling…") if self._cancelling else self._doing(self._counted)
        said = [super().said_text()] if self.said() is not None else []
        return "\n".join(said + [str(note) for note in self._skipped])

    def show_said(self) -> None:
        if self._running() and self._counted is not None:
            self.progress.setFormat(percent_text(*self._counted))
        super().show_said()
