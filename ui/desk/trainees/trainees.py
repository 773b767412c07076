"""The trainees: headline figures for each, adding and deleting, and the way to their progress."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

import i18n
from i18n import Message, _, ngettext
from trainer.progress import Person, Store, StoreError
from trainer.progress.people.accounts import (
    Actor,
    add_trainee,
    delete_person,
    look_alike_names,
    people_with_pins,
    set_pin,
    sign_in_failures,
)
from trainer.progress.people.classes import classes_of
from trainer.progress.people.credentials import Failure, Secret
from trainer.progress.people.extra_time import MOST_PERCENT, granted, set_extra_time
from trainer.progress.people.id_numbers import id_numbers, set_id_number
from trainer.progress.people.leave import leave_to_see
from trainer.progress.progress_steps import Progress
from trainer.progress.reports import figures
from trainer.progress.reports.at_risk import (
    Risk,
    RiskThresholds,
    risks,
    set_thresholds,
    thresholds,
)
from trainer.progress.reports.figures import TraineeRow, summary_count
from trainer.progress.reports.words import number
from ui import pin_dialog
from ui.desk.loading import LoadingBar, PageLoader
from ui.desk.texts import local_date, local_time, share_text
from ui.desk.trainees.classes import ClassBar
from ui.desk.trainees.first_pins import FirstPins
from ui.desk.trainees.id_number_dialog import IdNumberDialog
from ui.palette import swatch
from ui.school_sync import SchoolSync
from ui.widgets.confirm import confirm
from ui.widgets.flow import FlowLayout
from ui.widgets.page import Page

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


#: Rows filled in one turn of the event loop: a school's 500 trainees fill in several, so
#: the window keeps answering meanwhile.
ROWS_AT_ONCE = 125

#: Where a cell keeps the value its column sorts by (the text is for reading).
SORT_ROLE = Qt.ItemDataRole.UserRole + 1


class SortItem(QTableWidgetItem):
    """A cell sorted by its value (numbers as numbers, dates as dates), not its words."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(SORT_ROLE), other.data(SORT_ROLE)
        if mine is None or theirs is None:
            return (mine is None) > (theirs is None)  # empty cells first
        return bool(mine < theirs)


def risk_text(found: tuple[Risk, ...], idle_days: int) -> str:
    words = {Risk.LOW_ACCURACY: _("low accuracy"),
             Risk.IDLE: ngettext("no practice for {days} day or more",
                                 "no practice for {days} days or more", idle_days).format(
                 days=idle_days)}
    return "; ".join(words[risk] for risk in found)


def trainee_rows(store: Store, actor: Actor, progress: Progress | None) -> list[TraineeRow]:
    """Every trainee's headline figures (from the summaries; a school's in the background)."""
    return list(figures.trainee_rows(leave_to_see(store, actor), progress=progress, kept=True))


def extra_time_text(percent: int) -> str:
    return _("{percent} % more").format(percent=percent) if percent else ""


class TraineesPage(Page):
    """Every trainee with answers, accuracy, skills mastered and the day of the last answer."""

    progressRequested = Signal(object)  # noqa: N815 - a Person
    answersRequested = Signal(object)  # noqa: N815 - a Person
    #: Someone was added or deleted: other pages read the trainees again.
    peopleChanged = Signal()  # noqa: N815
    #: The list is filled (its rows all there, sorted and selected).
    listShown = Signal()  # noqa: N815

    def __init__(self, store: Store, actor: Actor, school: SchoolSync | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor = actor
        self._school = school
        #: With a school server: first PINs (and their slips) for the trainees added here.
        self.first_pins_box = QCheckBox()
        self.first_pins_box.setChecked(True)
        self._first_pins = FirstPins(school, self) if school is not None else None
        if self._first_pins is not None:
            self._first_pins.said.connect(partial(self.say, problem=True))
        self._rows: list[TraineeRow] = []
        self._loaded_once = False  # the rows were read once (the list says it is shown)
        self._failed: list[Failure] = []
        self._pins: set[str] = set()
        self._extra: dict[str, int] = {}
        self.table = QTableWidget(0, 10)
        self.class_bar = ClassBar(store, actor)
        self.class_bar.shownChanged.connect(lambda: self._fill())
        self.class_bar.changed.connect(self._classes_changed)
        self.class_bar.peopleAdded.connect(self._give_first_pins)
        self._ids: dict[str, str] = {}
        self._classes_of: dict[str, list[str]] = {}
        self._shown_rows: list[TraineeRow] = []
        self._limits = RiskThresholds()
        self.heading.setBuddy(self.table)  # names the table for screen readers
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(100)  # widths from 100 rows: a school has 500
        header.setStretchLastSection(True)  # the names as wide as they need, not the rest
        header.setSortIndicatorShown(True)
        self.table.setSortingEnabled(True)  # click a column's title; again to reverse
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)  # by name at first
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemActivated.connect(lambda _item: self._request(self.progressRequested))
        self.progress_button = QPushButton()
        self.progress_button.clicked.connect(lambda: self._request(self.progressRequested))
        self.answers_button = QPushButton()
        self.answers_button.clicked.connect(lambda: self._request(self.answersRequested))
        self.delete_button = QPushButton()
        self.delete_button.clicked.connect(self.delete_selected)
        self.pin_button = QPushButton()
        self.pin_button.clicked.connect(self.set_selected_pin)
        self.remove_pin_button = QPushButton()
        self.remove_pin_button.clicked.connect(self.remove_selected_pin)
        self.extra_time_button = QPushButton()
        self.extra_time_button.clicked.connect(self.set_selected_extra_time)
        self.id_number_button = QPushButton()
        self.id_number_button.clicked.connect(self.set_selected_id_number)
        self.risk_label = QLabel()
        self.risk_accuracy = QSpinBox()
        self.risk_accuracy.setRange(0, 100)
        self.risk_accuracy.setSuffix(" %")
        self.risk_answers = QSpinBox()
        self.risk_answers.setRange(1, 10_000)
        self.risk_days = QSpinBox()
        self.risk_days.setRange(1, 365)
        self.risk_label.setBuddy(self.risk_accuracy)
        self.risk_words = [QLabel(), QLabel(), QLabel()]
        # each box named by the words before it (a screen reader says "after", "… for")
        self.risk_words[0].setBuddy(self.risk_answers)
        self.risk_words[1].setBuddy(self.risk_days)
        for box in (self.risk_accuracy, self.risk_answers, self.risk_days):
            box.setKeyboardTracking(False)
            box.valueChanged.connect(self._set_thresholds)
        self.failures = QLabel()
        self.failures.setObjectName("hint")
        self.failures.setWordWrap(True)
        self.look_alikes = QLabel()
        self.look_alikes.setObjectName("error")
        self.look_alikes.setWordWrap(True)
        self._alike: list[list[str]] = []
        self.new_label = QLabel()
        self.new_name = QLineEdit()  # no cap: Qt counts UTF-16 units; the name rule, characters
        self.new_name.returnPressed.connect(self.add)
        self.new_label.setBuddy(self.new_name)
        self.add_button = QPushButton()
        self.add_button.clicked.connect(self.add)
        self.loading = LoadingBar()
        self.loader = PageLoader(store, actor, self.loading, self)
        self.loader.loaded.connect(self._loaded)
        self.loader.failed.connect(self._refused)
        #: The figures are read once the page is first shown, and again when asked.
        self._shown = self._stale = False
        self._select: str | None = None
        self._filling = 0  # which fill of the table runs (a newer one stops an older)
        self._layout()
        self.retranslate()

    def _layout(self) -> None:
        # the rows of buttons and the at-risk sentence wrap in a narrow window (Portuguese
        # at 150 % on a 1600-pixel screen) rather than scroll it sideways
        actions = QWidget()
        action_flow = FlowLayout(actions)
        action_flow.setContentsMargins(0, 0, 0, 0)
        for button in (self.progress_button, self.answers_button, self.pin_button,
                       self.remove_pin_button, self.extra_time_button, self.id_number_button,
                       self.delete_button):
            action_flow.addWidget(button)
        risk_row = QWidget()
        risk_flow = FlowLayout(risk_row)
        risk_flow.setContentsMargins(0, 0, 0, 0)
        for part in (self.risk_label, self.risk_accuracy, self.risk_words[0],
                     self.risk_answers, self.risk_words[1], self.risk_days,
                     self.risk_words[2]):
            risk_flow.addWidget(part)
        adding = QHBoxLayout()
        adding.addWidget(self.new_label)
        adding.addWidget(self.new_name, 1)
        adding.addWidget(self.add_button)
        adding.addWidget(self.first_pins_box)
        layout = self.body
        layout.addWidget(self.class_bar)
        layout.addWidget(self.loading)
        layout.addWidget(self.table, 1)
        layout.addWidget(actions)
        layout.addWidget(risk_row)
        layout.addSpacing(8)
        layout.addLayout(adding)
        layout.addWidget(self.look_alikes)
        layout.addWidget(self.failures)

    def retranslate(self) -> None:
        self.heading.setText(_("Trainees"))
        self.table.setHorizontalHeaderLabels([_("Trainee"), _("Answers"), _("Accuracy"),
                                              _("Skills mastered"), _("Last answer"),
                                              _("At risk"), _("PIN"), _("Extra time"),
                                              _("ID number"), _("Classes")])
        self.risk_label.setText(_("At &risk: accuracy under"))
        for label, words in zip(self.risk_words, (_("after"), _("answers, or no practice for"),
                                                  _("days")), strict=True):
            label.setText(words)
        self.progress_button.setText(_("&Progress charts"))
        self.answers_button.setText(_("A&nswers"))
        self.delete_button.setText(_("&Delete trainee…"))
        self.pin_button.setText(_("Set P&IN…"))
        self.remove_pin_button.setText(_("Remove PIN"))
        self.extra_time_button.setText(_("E&xtra time…"))
        self.id_number_button.setText(_("ID n&umber…"))
        self.id_number_button.setToolTip(_(
            "The school's own number for the trainee, which the grades exported for the "
            "school's learning system are keyed on."))
        self.new_label.setText(_("New &trainee"))
        self.new_name.setPlaceholderText(_("Full name"))
        self.add_button.setText(_("&Add trainee"))
        self.first_pins_box.setText(_("With first P&INs (slips to print)"))
        self.first_pins_box.setToolTip(_(
            "Trainees added here or by a class list get a first PIN on the school server; "
            "you save their slips to print and hand out."))
        super().retranslate()
        self._fill()

    def reload(self, select: str | None = None) -> None:
        """Read the trainees and their figures again (from the summaries: at once in a
        classroom, in the background at a school's size); a page never shown yet reads
        them when it is."""
        self._select = select or self._selected_id()
        if not self._shown:
            self._stale = True
            return
        self._stale = False
        try:
            self._pins = people_with_pins(self._store, self._actor)
            self._extra = granted(self._store, self._actor)
            self._failed = sign_in_failures(self._store, self._actor, limit=6)
            self._alike = look_alike_names(self._store, self._actor)
            self._limits = thresholds(self._store)
            self._ids = id_numbers(self._store)
            self._classes_of = classes_of(self._store)
            self.class_bar.reload()
            size = summary_count(self._store)
        except StoreError as error:
            self._refused(error.message)
            return
        self.loader.load(trainee_rows, size)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.first_pins_box.setVisible(self._school is not None and self._school.url is not None)
        self._shown = True
        if self._stale:
            self.reload(self._select)

    def _loaded(self, rows: list[TraineeRow]) -> None:
        self._loaded_once = True
        self._rows = rows
        self._fill(self._select)

    def _refused(self, problem: Message) -> None:
        self.say(problem, problem=True)
        self._rows, self._failed, self._alike = [], [], []
        self._fill(self._select)

    def _fill(self, select: str | None = None) -> None:
        select = select or self._selected_id()
        self._show_thresholds()
        self._filling += 1
        self.table.setSortingEnabled(False)  # rows keep still while they are filled
        # and the columns keep their widths: measured again at every cell set, they made
        # a shown list of 500 fill in seconds (measured once, at the end)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setRowCount(0)  # new rows: replacing 4,000 shown items one by one is slow
        members = self.class_bar.members()
        self._shown_rows = [t for t in self._rows if members is None or t.person.id in members]
        self.table.setRowCount(len(self._shown_rows))
        self._fill_rows(self._filling, 0, select)

    def _fill_rows(self, filling: int, start: int, select: str | None) -> None:
        """Rows from ``start`` on, :data:`ROWS_AT_ONCE` in this turn of the event loop, the
        rest in the next; then the sorting, the selection and the notes under the table."""
        if filling != self._filling:
            return  # a newer fill took over
        lang = i18n.current_language()
        end = min(start + ROWS_AT_ONCE, len(self._shown_rows))
        for row in range(start, end):
            trainee = self._shown_rows[row]
            figures = trainee.figures
            found = risks(trainee, self._limits)
            extra = self._extra.get(trainee.person.id, 0)
            pin = trainee.person.id in self._pins
            cells = [(trainee.person.name, trainee.person.name.casefold()),
                     (number(figures.attempts, lang), figures.attempts),
                     (share_text(figures.accuracy), figures.accuracy),
                     (number(trainee.mastered, lang), trainee.mastered),
                     (local_date(trainee.last_answered_at), trainee.last_answered_at),
                     (risk_text(found, self._limits.idle_days), len(found)),
                     ("✔" if pin else "", int(pin)), (extra_time_text(extra), extra),
                     (self._ids.get(trainee.person.id, ""), self._ids.get(trainee.person.id)),
                     (", ".join(self._classes_of.get(trainee.person.id, [])),
                      ", ".join(self._classes_of.get(trainee.person.id, [])).casefold())]
            for column, (text, key) in enumerate(cells):
                item = SortItem(text)
                item.setData(SORT_ROLE, key)
                if 0 < column < 4:
                    item.setTextAlignment(RIGHT)
                elif 6 <= column < 8:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if column == 0:
                    item.setData(Qt.ItemDataRole.UserRole, trainee.person)
                if found:
                    item.setForeground(swatch("trainee_flag"))
                self.table.setItem(row, column, item)
        if end < len(self._shown_rows):
            QTimer.singleShot(0, self, partial(self._fill_rows, filling, end, select))
            return
        self.table.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.table.setSortingEnabled(True)
        for row in range(self.table.rowCount()):
            if self._person_at(row).id == select:
                self.table.selectRow(row)
        if not self.table.selectedItems() and self._shown_rows:
            self.table.selectRow(0)
        self._update_buttons()
        self._show_failures()
        self._show_look_alikes()
        if self._loaded_once:
            self.listShown.emit()

    def _show_thresholds(self) -> None:
        for box, value in ((self.risk_accuracy, int(self._limits.accuracy * 100)),
                           (self.risk_answers, self._limits.least_answers),
                           (self.risk_days, self._limits.idle_days)):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)

    def _set_thresholds(self) -> None:
        chosen = RiskThresholds(Decimal(self.risk_accuracy.value()) / 100,
                                self.risk_answers.value(), self.risk_days.value())
        try:
            set_thresholds(self._store, self._actor, chosen)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self._limits = chosen
        self._fill()

    def _show_look_alikes(self) -> None:
        """Names that differ only in capitals and spaces: perhaps one trainee twice."""
        groups = "; ".join(" / ".join(names) for names in self._alike)
        self.look_alikes.setText(_(
            "These names differ only in capitals or spaces: {groups}. Check whether they are "
            "the same trainee; the app never merges them by itself.").format(groups=groups)
            if groups else "")
        self.look_alikes.setVisible(bool(groups))

    def _show_failures(self) -> None:
        """The latest wrong passwords and PINs, so an instructor sees someone guessing."""
        if not self._failed:
            self.failures.setText("")
            return
        lines = [_("{time}: {name}, wrong {secret}").format(
            time=local_time(failure.at), name=failure.name,
            secret=_("password") if failure.secret is Secret.PASSWORD else _("PIN"))
            for failure in self._failed]
        self.failures.setText(_("Latest failed sign-ins: {list}").format(list="; ".join(lines)))

    def selected(self) -> Person | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        if not rows:
            return None
        return self._person_at(rows[0].row())

    def _selected_id(self) -> str | None:
        person = self.selected()
        return person.id if person else None

    def _person_at(self, row: int) -> Person:
        """The trainee of a row, held by its name's cell (every filled row has one)."""
        name = self.table.item(row, 0)
        assert name is not None, row
        person: Person = name.data(Qt.ItemDataRole.UserRole)
        return person

    def _update_buttons(self) -> None:
        person = self.selected()
        for button in (self.progress_button, self.answers_button, self.delete_button,
                       self.pin_button, self.extra_time_button, self.id_number_button):
            button.setEnabled(person is not None)
        self.remove_pin_button.setEnabled(person is not None and person.id in self._pins)

    def _request(self, signal: SignalInstance) -> None:
        person = self.selected()
        if person is not None:
            signal.emit(person)

    def add(self) -> None:
        try:
            person = add_trainee(self._store, self.new_name.text(), by=self._actor)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.say(None)
        self.new_name.clear()
        self.reload(select=person.id)
        self.peopleChanged.emit()
        self._give_first_pins((person.id,))

    def _give_first_pins(self, added: tuple[str, ...]) -> None:
        """With a school server and the box ticked: first PINs for the trainees just added."""
        if self._first_pins is None or not self.first_pins_box.isVisibleTo(self) \
                or not self.first_pins_box.isChecked():
            return
        try:
            people = [self._store.person(person_id) for person_id in added]
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self._first_pins.give(people, self, ask=False)

    def delete_selected(self) -> None:
        person = self.selected()
        if person is None or not self._confirm_delete(person):
            return
        try:
            delete_person(self._store, self._actor, person.id)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.say(None)
        self.reload()
        self.peopleChanged.emit()
        self.table.setFocus()

    def set_selected_pin(self) -> None:
        """Give the selected trainee a PIN (they type it to see their progress, to sit an
        exam that asks for it, and to export their bundle)."""
        person = self.selected()
        if person is None:
            return
        pin = pin_dialog.ask_pin(self, person.name, setting=True)
        if pin is not None:
            self._change_pin(person, pin)

    def remove_selected_pin(self) -> None:
        person = self.selected()
        if person is not None:
            self._change_pin(person, None)

    def _change_pin(self, person: Person, pin: str | None) -> None:
        self._change(person, set_pin, pin)

    def _change(self, person: Person, change: Callable[[Store, Actor, str, Any], None],
                value: Any) -> None:
        """Apply ``change(store, actor, person_id, value)``; a refusal is said inline."""
        try:
            change(self._store, self._actor, person.id, value)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.say(None)
        self.reload(select=person.id)

    def set_selected_extra_time(self) -> None:
        """Grant the selected trainee extra time for drills and exams, as exam boards do
        (0 takes it back); an exam already started keeps the time it started with."""
        person = self.selected()
        if person is None:
            return
        percent, chosen = QInputDialog.getInt(
            self, _("Extra time"), _(
                "Extra time for {name}'s drills and exams, in per cent of the usual time "
                "(0 for none):").format(name=person.name),
            self._extra.get(person.id, 0), 0, MOST_PERCENT, 5)
        if chosen:
            self._change(person, set_extra_time, percent)

    def set_selected_id_number(self) -> None:
        """Give the selected trainee the school's ID number (empty takes it away)."""
        person = self.selected()
        if person is None:
            return
        dialog = IdNumberDialog(person.name, self._ids.get(person.id, ""), partial(
            set_id_number, self._store, self._actor, person.id), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.say(None)
            self.reload(select=person.id)

    def _classes_changed(self, problem: Message | None, done: Message | None) -> None:
        """The class bar changed the classes (or refused to): show the table again."""
        self.say(problem, problem=True)
        if problem is None:
            self.reload()
            self.peopleChanged.emit()
            if done is not None:
                self.say(done)

    def _confirm_delete(self, person: Person) -> bool:
        return confirm(self, _("Delete trainee"), _(
            "Delete {name} and every answer, exam result and session recorded for them? "
            "This cannot be undone, and a bundle imported later will not bring them back."
        ).format(name=person.name), _("Delete"))
