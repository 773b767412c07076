"""Drill-down: every answer of one trainee, and any of them replayed exactly as it was asked."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

import questions
from i18n import N_, Message, _, ngettext
from trainer.progress import Attempt, Person, Role, Store, StoreError
from trainer.progress.house_rules import load_house_rules
from trainer.progress.people.accounts import Actor
from trainer.progress.people.leave import leave_to_see
from trainer.progress.progress_steps import Progress
from trainer.progress.reports import answer_log
from trainer.progress.reports.answer_log import EXAM, MODES, LogFilter, LogPage, Mark
from trainer.rounds.exam_items import ROUND_ITEM_MODES, is_round_item
from trainer.rounds.recorded import is_round_step
from ui.desk.exams.exam_dates import show_days_plainly
from ui.desk.loading import LoadingBar, PageLoader, Reading, settle
from ui.desk.reports.replay import AnsweredQuestion, ReplayView
from ui.desk.reports.table_rounds import TableRoundsView
from ui.desk.texts import difficulty_name, local_offset, local_time, seconds_text, skill_title
from ui.rounds.ways import mode_name as way_name
from ui.widgets.choices import Choices
from ui.widgets.page import Page

Index = QModelIndex | QPersistentModelIndex
#: A day filter at this date has no limit (shown as "any day").
NO_DAY = QDate(2000, 1, 1)
#: Reads a page of the log: ``read(after, limit)``.
Read = Callable[[Mark | None, int], LogPage]


class AttemptsModel(QAbstractTableModel):
    """Answers newest first, read a page at a time as the table scrolls (a school has a
    million; each page starts after the last answer of the one before, so a deep page
    costs what the first does); texts are made when first shown, in the current language."""

    COLUMNS = 7
    PAGE = 500

    def __init__(self) -> None:
        super().__init__()
        self.attempts: list[Attempt] = []
        self.modes: list[str] = []
        #: Whether each answer came faster than its skill's floor (not toward mastery).
        self.fast: list[bool] = []
        self.names: dict[str, str] = {}
        self.total = 0
        self._read: Read = lambda _after, _limit: LogPage([], None, False)
        self._mark: Mark | None = None
        self._more = False
        #: Each row's texts, made when first shown (the table measures its columns often).
        self._texts: dict[int, tuple[str, ...]] = {}

    def set_source(self, total: int, read: Read, names: dict[str, str],
                   first: LogPage | None = None) -> None:
        """``total`` answers, read by ``read(after, limit)``; ``names`` of their trainees;
        ``first``, the first page when it was read already (in the background)."""
        self.beginResetModel()
        self.total, self._read, self.names = total, read, names
        self.attempts, self.modes, self.fast, self._texts = [], [], [], {}
        self._mark, self._more = None, False
        self._take(first if first is not None else read(None, self.PAGE))
        self.endResetModel()

    def _take(self, page: LogPage) -> None:
        self.attempts.extend(row.attempt for row in page.answers)
        self.modes.extend(row.mode for row in page.answers)
        self.fast.extend(row.too_fast for row in page.answers)
        self._mark = page.mark or self._mark
        self._more = page.full
        if not page.full:
            self.total = len(self.attempts)  # fewer than counted: deleted meanwhile

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008, N802
        return not parent.isValid() and self._more and len(self.attempts) < self.total

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: B008, N802
        page = self._read(self._mark, self.PAGE)
        if not page.answers:
            self._take(page)
            return
        first = len(self.attempts)
        self.beginInsertRows(QModelIndex(), first, first + len(page.answers) - 1)
        self._take(page)
        self.endInsertRows()
        settle()  # the answers held grow with every page

    def retranslate(self) -> None:
        self._texts = {}
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.COLUMNS - 1)
        if self.attempts:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self.attempts) - 1, self.COLUMNS - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.attempts)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (_("Date"), _("Trainee"), _("Mode"), _("Skill"), _("Difficulty"),
                    _("Correct"), _("Response time (s)"))[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._row_texts(index.row())[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 6:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _row_texts(self, row: int) -> tuple[str, ...]:
        texts = self._texts.get(row)
        if texts is None:
            attempt = self.attempts[row]
            texts = self._texts[row] = (
                local_time(attempt.answered_at), self.names.get(attempt.person_id, ""),
                mode_name(self.modes[row]), skill_text(attempt),
                level_text(attempt),
                "✔ " + _("Yes") if attempt.correct else "✘ " + _("No"),
                _("{seconds} · too fast").format(seconds=seconds_text(attempt.response_ms))
                if self.fast[row] else seconds_text(attempt.response_ms))
        return texts


def level_text(attempt: Attempt) -> str:
    """The answer's level; for a table round asked as an exam item, the way it was played
    (Practice, Table-ready)."""
    if is_round_item(attempt.skill) and attempt.difficulty in ROUND_ITEM_MODES:
        return way_name(ROUND_ITEM_MODES[attempt.difficulty])
    return difficulty_name(attempt.difficulty)


def skill_text(attempt: Attempt) -> str:
    """The answer's skill; for a step of a table round, which step it is."""
    if not is_round_step(attempt.question):
        return skill_title(attempt.skill)
    about = attempt.question["round"]
    return _("Table round, step {step} of {steps}: {skill}").format(
        step=about.get("step", "?"), steps=about.get("steps", "?"),
        skill=skill_title(attempt.skill))


def first_page(person_id: str | None, chosen: LogFilter, limit: int) -> Reading:
    """The work of reading how many answers ``chosen`` lets through, and the first page."""
    def work(store: Store, actor: Actor, _progress: Progress | None) -> tuple[int, LogPage]:
        leave = leave_to_see(store, actor, person_id)
        return answer_log.count(leave, chosen), answer_log.page_after(leave, chosen, None, limit)
    return work


def mode_name(mode: str) -> str:
    return {"practice": _("Practice"), "self-study": _("Self-study"), "drill": _("Drill"),
            EXAM: _("Exam")}.get(mode, mode)


class AttemptsPage(Page):
    """Pick a trainee, see their answers, open one to replay it."""

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._people: list[Person] = []
        self.trainee_label = QLabel()
        self.trainee = Choices()
        self.trainee.setMinimumContentsLength(24)
        self.trainee_label.setBuddy(self.trainee)
        self.trainee.currentIndexChanged.connect(lambda _i: self._load_attempts())
        self.mode_label = QLabel()
        self.mode = Choices()
        self.mode_label.setBuddy(self.mode)
        self.skill_label = QLabel()
        self.skill = QComboBox()  # skills' names are long: as wide as the row allows
        self.skill.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.skill.setMinimumContentsLength(16)
        self.skill.view().setTextElideMode(Qt.TextElideMode.ElideNone)
        self.skill_label.setBuddy(self.skill)
        self.wrong_only = QCheckBox()
        self.days_label = QLabel()
        self.first_day = QDateEdit()
        self.last_day = QDateEdit()
        self.days_label.setBuddy(self.first_day)
        self.to_label = QLabel()
        self.to_label.setBuddy(self.last_day)  # its accessible name: "to"
        for day in (self.first_day, self.last_day):
            day.setCalendarPopup(True)
            day.setMinimumDate(NO_DAY)
            day.setDate(NO_DAY)  # the special value: no limit
            day.dateChanged.connect(lambda _d: self._load_attempts())
        for choice in (self.mode, self.skill):
            choice.currentIndexChanged.connect(lambda _i: self._load_attempts())
        self.wrong_only.toggled.connect(lambda _on: self._load_attempts())
        self.count = QLabel()
        self.model = AttemptsModel()
        self.table = QTableView()
        self.heading.setBuddy(self.table)  # names the table for screen readers
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setResizeContentsPrecision(100)  # widths from 100 rows, not each page read
        self.table.activated.connect(lambda _index: self.open_selected())
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.open_selected)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.show_list)
        self.replay = ReplayView()
        self.rounds_button = QPushButton()
        self.rounds_button.clicked.connect(self.show_rounds)
        self.rounds = TableRoundsView(store, actor)
        self.rounds.backRequested.connect(self.show_list)
        self.rounds.stack.currentChanged.connect(lambda _i: self._show_part())
        self.trainee.currentIndexChanged.connect(lambda _i: self._show_part())
        self.stack = QStackedWidget()
        self.loading = LoadingBar()
        self.loader = PageLoader(store, actor, self.loading, self)
        self.loader.loaded.connect(self._log_loaded)
        self.loader.failed.connect(self._log_refused)
        #: The answers are read once the page is first shown, and again when asked.
        self._shown = self._stale = False
        self._asked: tuple[str | None, LogFilter] | None = None
        self._layout()
        QShortcut(QKeySequence("Escape"), self.replay_page,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut).activated.connect(
            self.show_list)
        self.retranslate()
        self.reload()  # the trainees to choose from; their answers once the page is shown

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.trainee_label)
        top.addWidget(self.trainee)
        top.addWidget(self.count, 1)
        top.addWidget(self.rounds_button)
        second = QHBoxLayout()  # the filters, in two short rows for a small screen
        second.addWidget(self.mode_label)
        second.addWidget(self.mode)
        second.addWidget(self.skill_label)
        second.addWidget(self.skill, 1)
        third = QHBoxLayout()
        third.addWidget(self.days_label)
        third.addWidget(self.first_day)
        third.addWidget(self.to_label)
        third.addWidget(self.last_day)
        third.addWidget(self.wrong_only)
        third.addStretch(1)
        self.list_page = QWidget()
        listing = QVBoxLayout(self.list_page)
        listing.setContentsMargins(0, 0, 0, 0)
        listing.addLayout(top)
        listing.addLayout(second)
        listing.addLayout(third)
        listing.addWidget(self.table, 1)
        self.replay_page = QWidget()
        replaying = QVBoxLayout(self.replay_page)
        replaying.setContentsMargins(0, 0, 0, 0)
        replaying.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        replaying.addWidget(self.replay, 1)
        self.stack.addWidget(self.list_page)
        self.stack.addWidget(self.replay_page)
        self.stack.addWidget(self.rounds)
        self.body.addWidget(self.loading)
        self.body.addWidget(self.stack, 1)
        self.add_buttons(self.open_button)

    def retranslate(self) -> None:
        self.heading.setText(_("Answers given"))
        self.trainee_label.setText(_("&Trainee"))
        self.mode_label.setText(_("&Mode"))
        self.skill_label.setText(_("S&kill"))
        self.wrong_only.setText(_("&Wrong answers only"))
        self.days_label.setText(_("&Days from"))
        self.to_label.setText(_("to"))
        for day in (self.first_day, self.last_day):
            day.setSpecialValueText(_("any day"))
        show_days_plainly(self.first_day, self.last_day)
        if self.skill.count():  # else when first shown (the skills' modules load then)
            self._fill_filters()
        self._show_part()
        self.open_button.setText(_("&Replay the question"))
        self.back_button.setText(_("◀ All answers"))
        self.rounds_button.setText(_("Ta&ble rounds"))
        self._show_count()
        if self.trainee.count():
            self.trainee.setItemText(0, _("Every trainee"))
        self.model.retranslate()
        super().retranslate()

    def _show_part(self) -> None:
        """The list's hint and button with the list; the replay has its own way back."""
        listing = self.stack.currentWidget() is self.list_page
        rounds = self.stack.currentWidget() is self.rounds
        if listing:
            self.hint.setText(_("Double-click an answer, or select it and press Enter, to "
                                "replay the question exactly as it was asked."))
        elif rounds and self.rounds.stack.currentWidget() is self.rounds.list_page:
            self.hint.setText(_("Double-click a round, or select it and press Enter, to "
                                "replay it step by step."))
        elif rounds:
            self.hint.setText(_("← and → go to the step before or after, Home and End to "
                                "the first and the last, N to the next wrong step."))
        else:
            self.hint.setText("")
        self.open_button.setVisible(listing)
        self.rounds_button.setVisible(listing)
        self.rounds_button.setEnabled(self.trainee.currentData() is not None)

    def _show_count(self) -> None:
        count = self.model.total
        self.count.setText(ngettext("{count} answer", "{count} answers", count).format(
            count=count) if self.trainee.count() else "")

    def reload(self) -> None:
        """Read the trainees again (added, deleted or imported since), keeping the choice."""
        chosen = self.trainee.currentData()
        try:
            self._people = self._store.people(Role.TRAINEE)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.trainee.blockSignals(True)
        self.trainee.clear()
        self.trainee.addItem(_("Every trainee"), None)
        for person in self._people:
            self.trainee.addItem(person.name, person.id)
        index = self.trainee.findData(chosen) if chosen else (1 if self._people else 0)
        self.trainee.setCurrentIndex(max(index, 0))
        self.trainee.blockSignals(False)
        self._load_attempts()

    def _fill_filters(self) -> None:
        """The modes and skills, in the language shown (the choices kept)."""
        for choice, items in ((self.mode, [(mode_name(m), m) for m in MODES]),
                              (self.skill, [(skill_title(k), k) for k in questions.titled()])):
            chosen = choice.currentData()
            choice.blockSignals(True)
            choice.clear()
            choice.addItem(_("Every mode") if choice is self.mode else _("Every skill"), None)
            for text, key in items:
                choice.addItem(text, key)
            choice.setCurrentIndex(max(choice.findData(chosen), 0))
            choice.blockSignals(False)

    def chosen_filter(self) -> LogFilter:
        def day(edit: QDateEdit) -> date | None:
            shown = edit.date()
            return None if shown == NO_DAY else date(shown.year(), shown.month(), shown.day())
        return LogFilter(self.mode.currentData(), self.skill.currentData(),
                         self.wrong_only.isChecked(), day(self.first_day), day(self.last_day),
                         local_offset())

    def show_trainee(self, person_id: str, skill: str | None = None) -> None:
        """Show this trainee's answers (the trainee list's "Answers" button), in ``skill``
        only if given (a cell of the class grid), else in the skill chosen already."""
        if self.trainee.findData(person_id) < 0:
            self.reload()
        if skill is not None:
            if not self.skill.count():
                self._fill_filters()
            self.skill.blockSignals(True)  # read once, with the trainee below
            self.skill.setCurrentIndex(max(self.skill.findData(skill), 0))
            self.skill.blockSignals(False)
            self._stale = True
        self.trainee.setCurrentIndex(max(self.trainee.findData(person_id), 0))
        if self._stale and self._shown:
            self._load_attempts()
        self.show_list()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._shown = True
        if not self.skill.count():
            self._fill_filters()
        if self._stale:
            self._load_attempts()

    def _load_attempts(self) -> None:
        """Read the answers the filters let through: at once for a trainee, in the
        background for a school's million (the count and the first page); a page never
        shown yet, when it is."""
        if not self._shown:
            self._stale = True
            return
        self._stale = False
        if not self.trainee.count():
            return
        person_id = self.trainee.currentData()
        chosen = self.chosen_filter()
        self.table.setColumnHidden(1, person_id is not None)  # one trainee: no name column
        try:
            size = answer_log.scope_size(leave_to_see(self._store, self._actor, person_id))
        except StoreError as error:
            self._log_refused(error.message)
            return
        self._asked = (person_id, chosen)
        self.loader.load(first_page(person_id, chosen, self.model.PAGE), size)

    def _log_loaded(self, loaded: tuple[int, LogPage]) -> None:
        assert self._asked is not None
        person_id, chosen = self._asked
        total, first = loaded
        names = {p.id: p.name for p in self._people}
        try:
            leave = leave_to_see(self._store, self._actor, person_id)
        except StoreError as error:
            self._log_refused(error.message)
            return
        self.say(None)
        self.model.set_source(
            total, lambda after, limit: answer_log.page_after(leave, chosen, after, limit),
            names, first)
        self._log_shown()

    def _log_refused(self, problem: Message) -> None:
        self.say(problem, problem=True)
        self.model.set_source(0, lambda _after, _limit: LogPage([], None, False), {})
        self._log_shown()

    def _log_shown(self) -> None:
        if self.model.attempts:
            self.table.selectRow(0)
        self.open_button.setEnabled(bool(self.model.attempts))
        self._show_count()

    def show_list(self) -> None:
        self.stack.setCurrentWidget(self.list_page)
        self._show_part()
        self.table.setFocus()

    def open_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.open_attempt(self.model.attempts[rows[0].row()])

    def _name(self, person_id: str) -> str:
        return next((p.name for p in self._people if p.id == person_id), "")

    def show_rounds(self) -> None:
        """The chosen trainee's table rounds."""
        person_id = self.trainee.currentData()
        if person_id is None:
            return
        self.rounds.show_person(person_id, self._name(person_id))
        self.stack.setCurrentWidget(self.rounds)
        self._show_part()

    def open_round_step(self, attempt: Attempt) -> None:
        """A step of a table round: the round replayed at that step, never a question."""
        about = attempt.question["round"]
        shown = self.rounds.show_person(attempt.person_id, self._name(attempt.person_id))
        if shown and not self.rounds.open_round(about.get("id"), about.get("step"),
                                                from_answers=True):  # else the refusal
            self.say(Message.of(N_("This step's round cannot be dealt again by this version "
                                   "of the trainer, so it cannot be replayed.")), problem=True)
            return
        self.stack.setCurrentWidget(self.rounds)
        self._show_part()

    def open_attempt(self, attempt: Attempt) -> None:
        if is_round_step(attempt.question):
            self.open_round_step(attempt)
            return
        person = next((p for p in self._people if p.id == attempt.person_id), None)
        answered = AnsweredQuestion.of_attempt(attempt, person.name if person else "",
                                               person.language if person else None)
        self.replay.show_answer(answered, load_house_rules(self._store))
        self.stack.setCurrentWidget(self.replay_page)
        self._show_part()
        self.back_button.setFocus()
