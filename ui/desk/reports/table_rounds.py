"""A trainee's table rounds on the desk: the list (date, game, way to play, steps right, time
against par, finished or left), and the one picked replayed step by step
(:class:`ui.rounds.replay.RoundReplay`).

The rounds are read by :func:`trainer.progress.table_rounds.history.rounds_played`, which
keeps a trainee to their own: a refusal is said in words, never shown as rounds.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
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

from i18n import N_, Message, _, ngettext
from trainer.progress import Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.reports.figures import game_name
from trainer.progress.table_rounds.history import PlayedRound, rounds_played
from ui.desk.texts import local_time
from ui.rounds.replay import RoundReplay, ending_text, right_text, time_text
from ui.rounds.ways import mode_name
from ui.translated import Retranslating

Index = QModelIndex | QPersistentModelIndex


class RoundsModel(QAbstractTableModel):
    """A trainee's rounds, newest first."""

    COLUMNS = 6

    def __init__(self) -> None:
        super().__init__()
        self.rounds: list[PlayedRound] = []

    def set_rounds(self, rounds: list[PlayedRound]) -> None:
        self.beginResetModel()
        self.rounds = sorted(rounds, key=lambda played: played.started_at, reverse=True)
        self.endResetModel()

    def retranslate(self) -> None:
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.COLUMNS - 1)
        if self.rounds:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self.rounds) - 1, self.COLUMNS - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.rounds)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation is Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (_("Date"), _("Game"), _("Way to play"), _("Steps right"),
                    _("Time (par)"), _("Ended"))[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        played = self.rounds[index.row()]
        return (local_time(played.started_at), str(game_name(played.round.game)),
                mode_name(played.round.mode), right_text(played), time_text(played),
                ending_text(played))[index.column()]


class TableRoundsView(Retranslating, QWidget):
    """One trainee's table rounds, and one of them replayed; ``backRequested`` to go back
    to where the list was opened from (``back``: its button's words; the answers')."""

    backRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None, *,
                 back: Message | None = None):
        super().__init__(parent)
        self._store, self._actor = store, actor
        self._back = back or Message.of(N_("◀ All answers"))
        self.trainee = ""
        self._problem: Message | None = None
        self._from_answers = False  # the replay was opened from the answers, not the list
        self.title = QLabel()
        self.title.setObjectName("skillTitle")
        self.problem = QLabel()
        self.problem.setObjectName("hint")
        self.problem.setWordWrap(True)
        self.model = RoundsModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setTabKeyNavigation(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.activated.connect(lambda _index: self.open_selected())
        self.title.setBuddy(self.table)
        self.answers_button = QPushButton()
        self.answers_button.clicked.connect(self.backRequested)
        self.open_button = QPushButton()
        self.open_button.clicked.connect(self.open_selected)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.back_from_replay)
        self.replay = RoundReplay()
        self.stack = QStackedWidget()
        self._layout()
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        QShortcut(QKeySequence("Escape"), self.list_page, context=context).activated.connect(
            self.backRequested)
        QShortcut(QKeySequence("Escape"), self.replay_page, context=context).activated.connect(
            self.back_from_replay)
        self.retranslate()

    def _layout(self) -> None:
        self.list_page = QWidget()
        listing = QVBoxLayout(self.list_page)
        listing.setContentsMargins(0, 0, 0, 0)
        listing.addWidget(self.answers_button, 0, Qt.AlignmentFlag.AlignLeft)
        listing.addWidget(self.title)
        listing.addWidget(self.problem)
        listing.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.open_button)
        listing.addLayout(buttons)
        self.replay_page = QWidget()
        replaying = QVBoxLayout(self.replay_page)
        replaying.setContentsMargins(0, 0, 0, 0)
        replaying.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        replaying.addWidget(self.replay, 1)
        self.stack.addWidget(self.list_page)
        self.stack.addWidget(self.replay_page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)

    def show_person(self, person_id: str, name: str) -> bool:
        """Read ``name``'s rounds and list them; whether the store let the actor see them
        (a refusal is said instead)."""
        self.trainee = name
        try:
            rounds = rounds_played(self._store, self._actor, person_id)
        except StoreError as error:
            self._refused(error.message)
            return False
        self.model.set_rounds(rounds)
        self._problem = None
        if rounds:
            self.table.selectRow(0)
        self.open_button.setEnabled(bool(rounds))
        self.show_list()
        self.retranslate()
        return True

    def _refused(self, problem: Message) -> None:
        self.model.set_rounds([])
        self._problem = problem
        self.open_button.setEnabled(False)
        self.show_list()

    def show_list(self) -> None:
        self._from_answers = False
        self.stack.setCurrentWidget(self.list_page)
        self.table.setFocus()
        self.retranslate()

    def open_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.open_round(self.model.rounds[rows[0].row()].id)

    def open_round(self, round_id: str, number: object = 1, from_answers: bool = False) -> bool:
        """Replay the listed round ``round_id`` from step ``number``; whether it is listed
        with that step given."""
        played = next((p for p in self.model.rounds if p.id == round_id), None)
        if played is None or type(number) is not int or not 1 <= number <= len(played.steps):
            return False
        self.table.selectRow(self.model.rounds.index(played))
        self._from_answers = from_answers
        self.replay.show_round(played, self.trainee, number)
        self.stack.setCurrentWidget(self.replay_page)
        self.replay.setFocus(Qt.FocusReason.OtherFocusReason)
        self.retranslate()
        return True

    def back_from_replay(self) -> None:
        """To the answers the replay was opened from, else to the list of rounds."""
        if self._from_answers:
            self.backRequested.emit()
        else:
            self.show_list()

    def retranslate(self) -> None:
        self.title.setText(ngettext("{name}: {count} table round", "{name}: {count} table "
                                    "rounds", len(self.model.rounds)).format(
            name=self.trainee, count=len(self.model.rounds)))
        self.problem.setText(str(self._problem) if self._problem is not None else
                             "" if self.model.rounds else _("No table rounds played yet."))
        self.problem.setVisible(bool(self.problem.text()))
        self.answers_button.setText(str(self._back))
        self.open_button.setText(_("&Replay the round"))
        self.back_button.setText(str(self._back) if self._from_answers
                                 else _("◀ All table rounds"))
        self.model.retranslate()
