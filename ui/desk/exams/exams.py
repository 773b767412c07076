"""Exams: set a new one, edit one nobody has sat, see every exam with its state, whom it is set
for and its results (each trainee's best marked), choose who sits it and how often (retakes),
close it, review a sitting question by question."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

import i18n
from i18n import _
from trainer.progress import Person, Role, Store, StoreError
from trainer.progress.exams.confirmations import confirm_sitting
from trainer.progress.exams.item_statistics import exam_item_statistics
from trainer.progress.exams.sittings import (
    Exam,
    ExamResult,
    ReviewedItem,
    exam_results,
    exams,
    review_sitting,
)
from trainer.progress.exams.terms import ExamTerms, all_terms, sat_exams
from trainer.progress.people.accounts import Actor
from trainer.progress.people.classes import SchoolClass, classes
from trainer.progress.reports.words import number, passed_label, percent
from ui.desk.exams.exam_builder import ExamBuilder
from ui.desk.exams.exam_terms import (
    ExamTermsBox,
    set_for_text,
    set_for_tip,
    state_text,
    state_tip,
)
from ui.desk.exams.item_statistics import ItemStatisticsView
from ui.desk.reports.replay import AnsweredQuestion, ReplayView
from ui.desk.texts import local_date, local_time, seconds_text, skill_title
from ui.modes.exam.exam_texts import best_result, exam_dates_text
from ui.widgets.flow import FlowLayout
from ui.widgets.listing import listing_table
from ui.widgets.page import Page

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
#: The exam table's title column: at least, at most (a longer title is elided).
TITLE_WIDTH = (120, 240)


def _table(columns: int) -> QTableWidget:
    table = listing_table(columns)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    return table


def best_results(results: list[ExamResult]) -> set[str]:
    """The sitting of each trainee's best result: the one that counts with retakes."""
    by_trainee: dict[str, list[ExamResult]] = {}
    for result in results:
        by_trainee.setdefault(result.person_id, []).append(result)
    return {best.sitting_id for found in by_trainee.values()
            if (best := best_result(found)) is not None}


def _fill_row(table: QTableWidget, row: int, cells: list[str],
              numeric: set[int]) -> list[QTableWidgetItem]:
    """Put ``cells`` in ``row``; their items, to add tooltips or a font to."""
    items = []
    for column, text in enumerate(cells):
        item = QTableWidgetItem(text)
        if column in numeric:
            item.setTextAlignment(RIGHT)
        table.setItem(row, column, item)
        items.append(item)
    return items


class ExamsPage(Page):
    """``previewRequested(exam)``: the instructor takes the exam, nothing recorded."""

    previewRequested = Signal(object)  # noqa: N815 - an Exam

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._exams: list[Exam] = []
        self._results: dict[str, list[ExamResult]] = {}
        #: Results of sittings on a trainee desktop, waiting for a confirmation (by exam).
        self._unconfirmed: dict[str, list[ExamResult]] = {}
        self._terms: dict[str, ExamTerms] = {}
        self._sat: set[str] = set()
        self._classes: list[SchoolClass] = []
        self._trainees: list[Person] = []
        self._names: dict[str, str] = {}
        self._languages: dict[str, str | None] = {}
        self._reviewing: ExamResult | None = None
        self._items: list[ReviewedItem] = []
        self.builder = ExamBuilder(store, actor)
        self.builder.examCreated.connect(lambda exam: self.reload(select=exam.id))
        self.exams_label = QLabel()
        self.exams_table = _table(7)
        # A long title must not squeeze the other columns, nor they the title: it keeps a
        # width of its own (the table scrolls when it needs to); "Set for" takes what is left.
        self.exams_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Interactive)
        self.exams_table.horizontalHeader().setStretchLastSection(True)
        self.exams_table.itemSelectionChanged.connect(self._show_results)
        self.results_label = QLabel()
        self.results_label.setWordWrap(True)
        self.results_table = _table(6)
        self.exams_label.setBuddy(self.exams_table)  # names the table for screen readers
        self.results_label.setBuddy(self.results_table)
        self.results_table.itemSelectionChanged.connect(self._update_buttons)
        self.results_table.itemActivated.connect(lambda _item: self.review_selected())
        self.review_button = QPushButton()
        self.review_button.clicked.connect(self.review_selected)
        self.confirm_button = QPushButton()
        self.confirm_button.clicked.connect(self.confirm_selected)
        self.new_version_button = QPushButton()
        self.new_version_button.clicked.connect(self.new_version_of_selected)
        self.preview_button = QPushButton()
        self.preview_button.clicked.connect(self.preview_selected)
        self.edit_button = QPushButton()
        self.edit_button.clicked.connect(self.edit_selected)
        self.terms = ExamTermsBox(store, actor)
        self.terms.termsChanged.connect(lambda exam_id: self.reload(select=exam_id))
        self.statistics_button = QPushButton()
        self.statistics_button.clicked.connect(self.show_item_statistics)
        self.item_statistics = ItemStatisticsView()
        self.statistics_back_button = QPushButton()
        self.statistics_back_button.clicked.connect(self.show_exams)
        self.tabs = QTabWidget()
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.show_exams)
        self.review_heading = QLabel()
        self.review_heading.setObjectName("skillTitle")
        self.review_heading.setWordWrap(True)
        self.items = QListWidget()
        self.items.setWordWrap(True)
        self.items.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.items.currentRowChanged.connect(self._show_item)
        self.replay = ReplayView()
        self.stack = QStackedWidget()
        self._layout()
        for page in (self.review_page, self.statistics_page):
            QShortcut(QKeySequence("Escape"), page,
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut).activated.connect(
                self.show_exams)
        self.retranslate()  # the exams are read when the desk shows the page

    def _layout(self) -> None:
        exam_row = QWidget()  # the exam's buttons wrap rather than shrink on a narrow desk
        exam_flow = FlowLayout(exam_row, spacing=6)
        exam_flow.setContentsMargins(0, 0, 0, 0)
        for button in (self.edit_button, self.new_version_button, self.preview_button,
                       self.statistics_button):
            exam_flow.addWidget(button)
        review_row = QHBoxLayout()
        review_row.addStretch(1)
        review_row.addWidget(self.confirm_button)
        review_row.addWidget(self.review_button)
        results = QWidget()
        results_layout = QVBoxLayout(results)
        results_layout.addWidget(self.results_label)
        results_layout.addWidget(self.results_table, 1)
        results_layout.addLayout(review_row)
        self.tabs.addTab(results, "")
        self.tabs.addTab(self.terms, "")
        listing = QVBoxLayout()
        listing.addWidget(self.exams_label)
        listing.addWidget(self.exams_table, 2)
        listing.addWidget(exam_row)
        listing.addWidget(self.tabs, 3)
        self.overview = QWidget()
        columns = QHBoxLayout(self.overview)
        columns.setContentsMargins(0, 0, 0, 0)
        columns.addWidget(self.builder, 1)
        columns.addLayout(listing, 2)
        self.review_page = QWidget()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.items)
        splitter.addWidget(self.replay)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([320, 960])
        reviewing = QVBoxLayout(self.review_page)
        reviewing.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.back_button)
        top.addWidget(self.review_heading, 1)
        reviewing.addLayout(top)
        reviewing.addWidget(splitter, 1)
        self.statistics_page = QWidget()
        statistics = QVBoxLayout(self.statistics_page)
        statistics.setContentsMargins(0, 0, 0, 0)
        back = QHBoxLayout()
        back.addWidget(self.statistics_back_button)
        back.addStretch(1)
        statistics.addLayout(back)
        statistics.addWidget(self.item_statistics, 1)
        self.stack.addWidget(self.overview)
        self.stack.addWidget(self.review_page)
        self.stack.addWidget(self.statistics_page)
        self.body.addWidget(self.stack, 1)

    def retranslate(self) -> None:
        self.heading.setText(_("Exams"))
        self.exams_label.setText(_("Exams set on this desktop"))
        self.exams_table.setHorizontalHeaderLabels([
            _("Exam"), _("Set on"), _("Questions"), _("Pass mark"), _("Passed"), _("State"),
            _("Set for")])
        self.tabs.setTabText(0, _("Results"))
        self.tabs.setTabText(1, _("Who sits it, and retakes"))
        # No Alt+letter, as for "Edit it": none is free on this page in every language.
        self.statistics_button.setText(_("Item statistics"))
        self.statistics_button.setToolTip(_(
            "How each question did over the sittings: the share of its marks earned, how well "
            "it tells the trainees who know from the others, the time taken, and the "
            "questions worth a look."))
        self.statistics_back_button.setText(_("◀ Exams"))
        self.item_statistics.retranslate()
        self.results_table.setHorizontalHeaderLabels([
            _("Trainee"), _("Date"), _("Correct"), _("Score"), _("Result"),
            _("Time taken (s)")])
        self.review_button.setText(_("&Review the sitting"))
        self.confirm_button.setText(_("Confirm the sittin&g"))
        self.confirm_button.setToolTip(_(
            "Sat on a trainee desktop, where nothing proves who sat: confirm it once you know "
            "the trainee named sat it. Its result then counts."))
        self.new_version_button.setText(_("A ne&w version of this exam"))
        self.preview_button.setText(_("Previ&ew it"))
        # No Alt+letter: none is free on this page in every language (nor for "Close it now").
        self.edit_button.setText(_("Edit it"))
        self.edit_button.setToolTip(_(
            "Only while nobody has sat it: the exam form takes its settings to change; "
            "saving puts the changed exam in its place, set for the same trainees."))
        self.preview_button.setToolTip(_(
            "Take the exam as its trainees will, each answer explained at once; nothing is "
            "recorded."))
        self.new_version_button.setToolTip(_(
            "An exam never changes once it is set, so that every sitting of it is graded the "
            "same: this fills the form for a new exam with its settings, to change and "
            "create. The exam and its results stay as they are."))
        self.back_button.setText(_("◀ Exams"))
        super().retranslate()
        self._fill_exams()
        self._show_results()
        self._fill_items()

    def reload(self, select: str | None = None) -> None:
        """Read the exams and their results again, keeping (or choosing) the selected exam."""
        select = select or self._selected_id()
        try:
            self._exams = exams(self._store)
            self._results = {exam.id: exam_results(self._store, self._actor, exam.id)
                             for exam in self._exams}
            self._unconfirmed = {exam.id: exam_results(self._store, self._actor, exam.id,
                                                       unconfirmed=True)
                                 for exam in self._exams}
            self._terms = all_terms(self._store)
            self._sat = sat_exams(self._store, self._actor)
            self._classes = classes(self._store)
            people = self._store.people()
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self._names = {p.id: p.name for p in people}
        self._languages = {p.id: p.language for p in people}
        self._trainees = [p for p in people if p.role == Role.TRAINEE]
        self._fill_exams(select)

    def _fill_exams(self, select: str | None = None) -> None:
        lang = i18n.current_language()
        select = select or self._selected_id()
        self.exams_table.blockSignals(True)
        self.exams_table.setRowCount(len(self._exams))
        class_names = {found.id: found.name for found in self._classes}
        trainee_names = {person.id: person.name for person in self._trainees}
        now = datetime.now(UTC)
        for row, exam in enumerate(self._exams):
            results = self._results.get(exam.id, [])
            best = [r for r in results if r.sitting_id in best_results(results)]
            passed = sum(r.passed for r in best)  # trainees whose best result passed
            terms = self._terms.get(exam.id, ExamTerms())
            items = _fill_row(self.exams_table, row, [
                exam.title, local_date(exam.created_at), number(exam.questions, lang),
                percent(exam.pass_percent / 100, lang),
                _("{passed} of {sat}").format(passed=number(passed, lang),
                                              sat=number(len(best), lang)),
                state_text(exam, terms, now), set_for_text(terms, class_names, trainee_names)],
                {2, 3, 4})
            items[0].setToolTip(exam.title)
            items[5].setToolTip(state_tip(exam, terms))
            items[6].setToolTip(set_for_tip(terms, class_names, trainee_names))
            if exam.id == select:
                self.exams_table.selectRow(row)
        if not self.exams_table.selectedItems() and self._exams:
            self.exams_table.selectRow(0)
        self.exams_table.setColumnWidth(0, max(TITLE_WIDTH[0], min(
            self.exams_table.sizeHintForColumn(0), TITLE_WIDTH[1])))
        self.exams_table.blockSignals(False)
        self._show_results()

    def preview_selected(self) -> None:
        exam = self._selected_exam()
        if exam is not None:
            self.previewRequested.emit(exam)

    def _selected_exam(self) -> Exam | None:
        rows = self.exams_table.selectionModel().selectedRows()
        return self._exams[rows[0].row()] if rows and rows[0].row() < len(self._exams) else None

    def _selected_id(self) -> str | None:
        exam = self._selected_exam()
        return exam.id if exam else None

    def _selected_results(self) -> list[ExamResult]:
        """The selected exam's results that count, then those waiting for a confirmation."""
        exam = self._selected_exam()
        return ([*self._results.get(exam.id, []), *self._unconfirmed.get(exam.id, [])]
                if exam else [])

    def _selected_result(self) -> ExamResult | None:
        rows = self.results_table.selectionModel().selectedRows()
        results = self._selected_results()
        return results[rows[0].row()] if rows and rows[0].row() < len(results) else None

    def _is_unconfirmed(self, result: ExamResult | None) -> bool:
        return result is not None and result in self._unconfirmed.get(result.exam_id, [])

    def confirm_selected(self) -> None:
        """The instructor vouches for the selected sitting from a trainee desktop."""
        result = self._selected_result()
        if not self._is_unconfirmed(result):
            return
        assert result is not None
        try:
            confirm_sitting(self._store, self._actor, result.sitting_id)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.reload(select=result.exam_id)

    def _show_results(self) -> None:
        self._update_buttons()
        lang = i18n.current_language()
        exam = self._selected_exam()
        results = self._selected_results()
        counting = [r for r in results if not self._is_unconfirmed(r)]
        terms = self._terms.get(exam.id, ExamTerms()) if exam else ExamTerms()
        self.terms.show_exam(exam, terms, self._classes, self._trainees)
        if exam is None:
            self.results_label.setText(_("Set an exam to see its results here."))
        else:
            dates = exam_dates_text(exam, datetime.now(UTC), terms)
            self.results_label.setText((_(
                "“{title}”: {questions} questions in {minutes} minutes, pass mark {mark}; "
                "{dates}. Its results:") if dates else _(
                "“{title}”: {questions} questions in {minutes} minutes, pass mark {mark}. "
                "Its results:")).format(
                title=exam.title, questions=number(exam.questions, lang),
                minutes=number(exam.time_limit_s // 60, lang),
                mark=percent(exam.pass_percent / 100, lang), dates=dates))
        self.results_table.setRowCount(len(results))
        best = best_results(counting)
        sittings = Counter(result.person_id for result in counting)
        for row, result in enumerate(results):
            verdict = ("✔ " if result.passed else "✘ ") + passed_label(result.passed)
            if self._is_unconfirmed(result):
                verdict = _("unconfirmed: sat on a trainee desktop — identity not proven "
                            "({result})").format(result=verdict)
            marked = result.sitting_id in best and sittings[result.person_id] > 1
            items = _fill_row(self.results_table, row, [
                self._names.get(result.person_id, "?"), local_time(result.submitted_at),
                _("{correct} / {questions}").format(correct=result.correct,
                                                    questions=result.questions),
                percent(result.score_percent / 100, lang),
                _("{result} · best").format(result=verdict) if marked else verdict,
                seconds_text(result.duration_ms)], {2, 3, 5})
            if marked:  # the result that counts, of a trainee who sat it more than once
                for cell in items:
                    font = cell.font()
                    font.setBold(True)
                    cell.setFont(font)
                items[4].setToolTip(_(
                    "The best of this trainee's sittings: the result that counts."))
        if results and not self.results_table.selectedItems():
            self.results_table.selectRow(0)
        self._update_buttons()

    def show_item_statistics(self) -> None:
        """The selected exam's item statistics, read now, on a page of their own (the
        table is wide); Escape or "◀ Exams" comes back."""
        exam = self._selected_exam()
        if exam is None:
            return
        try:
            found = exam_item_statistics(self._store, self._actor, exam.id)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.item_statistics.show_statistics(found)
        self.stack.setCurrentWidget(self.statistics_page)
        self.item_statistics.table.setFocus()

    def _update_buttons(self) -> None:
        exam = self._selected_exam()
        self.review_button.setEnabled(bool(self.results_table.selectedItems()))
        self.confirm_button.setEnabled(self._is_unconfirmed(self._selected_result()))
        self.new_version_button.setEnabled(exam is not None)
        self.preview_button.setEnabled(exam is not None)
        self.statistics_button.setEnabled(exam is not None)
        self.edit_button.setEnabled(exam is not None and exam.id not in self._sat
                                    and self._terms.get(exam.id, ExamTerms()).replaced_by
                                    is None)

    def edit_selected(self) -> None:
        """The form filled with the selected exam's settings, to edit it (nobody sat it)."""
        exam = self._selected_exam()
        if exam is not None:
            self.builder.start_editing(exam)

    def new_version_of_selected(self) -> None:
        """The form for a new exam, filled with the selected exam's settings."""
        exam = self._selected_exam()
        if exam is not None:
            self.builder.start_from(exam)

    def review_selected(self) -> None:
        rows = self.results_table.selectionModel().selectedRows()
        results = self._selected_results()
        if not rows or rows[0].row() >= len(results):
            return
        result = results[rows[0].row()]
        try:
            self._items = review_sitting(self._store, self._actor, result.sitting_id)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self._reviewing = result
        self._fill_items()
        self.stack.setCurrentWidget(self.review_page)
        self.items.setCurrentRow(0)
        self.items.setFocus()

    def _fill_items(self) -> None:
        result = self._reviewing
        if result is None:
            return
        exam = next((e for e in self._exams if e.id == result.exam_id), None)
        self.review_heading.setText(_("{trainee} · {exam}: {score}").format(
            trainee=self._names.get(result.person_id, "?"), exam=exam.title if exam else "",
            score=percent(result.score_percent / 100, i18n.current_language())))
        current = self.items.currentRow()
        self.items.blockSignals(True)
        self.items.clear()
        for reviewed in self._items:
            attempt = reviewed.attempt
            mark = "—" if attempt is None else ("✔" if attempt.correct else "✘")
            item = QListWidgetItem(f"{mark} {reviewed.item.index + 1}. "
                                   f"{skill_title(reviewed.item.skill)}")
            item.setToolTip(item.text())
            self.items.addItem(item)
        self.items.setCurrentRow(current)
        self.items.blockSignals(False)

    def _show_item(self, row: int) -> None:
        if not 0 <= row < len(self._items) or self._reviewing is None:
            return
        reviewed = self._items[row]
        name = self._names.get(self._reviewing.person_id, "")
        language = self._languages.get(self._reviewing.person_id)
        if reviewed.attempt is not None:
            answered = AnsweredQuestion.of_attempt(reviewed.attempt, name, language)
        else:
            item = reviewed.item
            answered = AnsweredQuestion(
                {"version": 1, "skill": item.skill, "seed": item.seed,
                 "difficulty": item.difficulty}, None, None, None, None, name, language)
        self.replay.show_answer(answered, reviewed.rules)

    def show_exams(self) -> None:
        coming_from = self.stack.currentWidget()
        self.stack.setCurrentWidget(self.overview)
        if coming_from is self.statistics_page:
            self.statistics_button.setFocus()
        else:
            self.results_table.setFocus()
