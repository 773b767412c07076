"""Drill-down: every answer of one trainee, and any of them replayed exactly as it was asked."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from i18n import _, ngettext
from trainer.progress import Attempt, Person, Role, Store, StoreError
from trainer.progress.house_rules import load_house_rules
from ui.desk.replay import AnsweredQuestion, ReplayView
from ui.desk.texts import difficulty_name, local_time, seconds_text, skill_title
from ui.translated import Retranslating
from ui.widgets.choices import Choices

Index = QModelIndex | QPersistentModelIndex


class AttemptsModel(QAbstractTableModel):
    """A trainee's answers, newest first; texts are made when shown, in the current language."""

    COLUMNS = 5

    def __init__(self) -> None:
        super().__init__()
        self.attempts: list[Attempt] = []

    def set_attempts(self, attempts: list[Attempt]) -> None:
        self.beginResetModel()
        self.attempts = sorted(attempts, key=lambda a: a.answered_at, reverse=True)
        self.endResetModel()

    def retranslate(self) -> None:
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
            return (_("Date"), _("Skill"), _("Difficulty"), _("Correct"),
                    _("Response time (s)"))[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        attempt = self.attempts[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (local_time(attempt.answered_at), skill_title(attempt.skill),
                    difficulty_name(attempt.difficulty),
                    "✔ " + _("Yes") if attempt.correct else "✘ " + _("No"),
                    seconds_text(attempt.response_ms))[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 4:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == 1 and attempt.sitting_id:
            return _("Answered in an exam")
        return None


class AttemptsPage(Retranslating, QWidget):
    """Pick a trainee, see their answers, open one to replay it."""

    def __init__(self, store: Store, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._people: list[Person] = []
        self._problem = ""
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.trainee_label = QLabel()
        self.trainee = Choices()
        self.trainee.setMinimumContentsLength(24)
        self.trainee_label.setBuddy(self.trainee)
        self.trainee.currentIndexChanged.connect(lambda _i: self._load_attempts())
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
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.activated.connect(lambda _index: self.open_selected())
        self.hint = QLabel()
        self.hint.setObjectName("hint")
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.open_selected)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.show_list)
        self.replay = ReplayView()
        self.stack = QStackedWidget()
        self._layout()
        QShortcut(QKeySequence("Escape"), self.replay_page,
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut).activated.connect(
            self.show_list)
        self.retranslate()

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.trainee_label)
        top.addWidget(self.trainee)
        top.addWidget(self.count, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.hint, 1)
        bottom.addWidget(self.open_button)
        self.list_page = QWidget()
        listing = QVBoxLayout(self.list_page)
        listing.setContentsMargins(0, 0, 0, 0)
        listing.addLayout(top)
        listing.addWidget(self.table, 1)
        listing.addLayout(bottom)
        self.replay_page = QWidget()
        replaying = QVBoxLayout(self.replay_page)
        replaying.setContentsMargins(0, 0, 0, 0)
        replaying.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        replaying.addWidget(self.replay, 1)
        self.stack.addWidget(self.list_page)
        self.stack.addWidget(self.replay_page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(self.heading)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.error)

    def retranslate(self) -> None:
        self.heading.setText(_("Answers given"))
        self.trainee_label.setText(_("&Trainee"))
        self.hint.setText(_("Double-click an answer, or select it and press Enter, to replay "
                            "the question exactly as it was asked."))
        self.open_button.setText(_("&Replay the question"))
        self.back_button.setText(_("◀ All answers"))
        count = len(self.model.attempts)
        self.count.setText(ngettext("{count} answer", "{count} answers", count).format(
            count=count) if self.trainee.count() else "")
        self.model.retranslate()

    def reload(self) -> None:
        """Read the trainees again (added, deleted or imported since), keeping the choice."""
        chosen = self.trainee.currentData()
        try:
            self._people = self._store.people(Role.TRAINEE)
        except StoreError as error:
            self.error.setText(str(error))
            return
        self.trainee.blockSignals(True)
        self.trainee.clear()
        for person in self._people:
            self.trainee.addItem(person.name, person.id)
        index = self.trainee.findData(chosen)
        self.trainee.setCurrentIndex(max(index, 0))
        self.trainee.blockSignals(False)
        self._load_attempts()

    def show_trainee(self, person_id: str) -> None:
        """Show this trainee's answers (the trainee list's "Answers" button)."""
        if self.trainee.findData(person_id) < 0:
            self.reload()
        self.trainee.setCurrentIndex(max(self.trainee.findData(person_id), 0))
        self.show_list()

    def _load_attempts(self) -> None:
        person_id = self.trainee.currentData()
        try:
            attempts = self._store.attempts(person_id) if person_id else []
        except StoreError as error:
            self.error.setText(str(error))
            attempts = []
        else:
            self.error.clear()
        self.model.set_attempts(attempts)
        if attempts:
            self.table.selectRow(0)
        self.open_button.setEnabled(bool(attempts))
        self.retranslate()

    def show_list(self) -> None:
        self.stack.setCurrentWidget(self.list_page)
        self.table.setFocus()

    def open_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.open_attempt(self.model.attempts[rows[0].row()])

    def open_attempt(self, attempt: Attempt) -> None:
        person = next((p for p in self._people if p.id == attempt.person_id), None)
        answered = AnsweredQuestion.of_attempt(attempt, person.name if person else "",
                                               person.language if person else None)
        self.replay.show_answer(answered, load_house_rules(self._store))
        self.stack.setCurrentWidget(self.replay_page)
        self.back_button.setFocus()
