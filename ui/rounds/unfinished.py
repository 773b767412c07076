"""The trainee's table rounds left unfinished, on the Table round page: each one's game, way
to play, when it was left, the steps done of the round's and the time so far, the one left
last first (:func:`trainer.progress.table_rounds.resume.unfinished_rounds`).

``resumeRequested(round_id)``: Resume, a double click, or Enter on the list (the page
sends Enter here while the list has the focus). ``discardRequested(round_id)``: Discard
(or Delete on the list), once the trainee has confirmed it — the round is then no longer
offered; its steps stay in their progress and on the desk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from trainer.progress.reports.figures import game_name
from ui.desk.texts import local_time
from ui.modes.base import clock_text
from ui.rounds.ways import mode_name
from ui.translated import Retranslating
from ui.widgets.confirm import confirm

if TYPE_CHECKING:  # the resuming side (and the round engines) load with a round
    from trainer.progress.table_rounds.resume import UnfinishedRound


def done_text(unfinished: UnfinishedRound) -> str:
    return _("{done} of {steps}").format(done=unfinished.done, steps=unfinished.steps)


class UnfinishedRounds(Retranslating, QWidget):
    """The list of rounds to resume, with its Resume and Discard buttons; hidden while
    there is none."""

    resumeRequested = Signal(str)  # noqa: N815
    discardRequested = Signal(str)  # noqa: N815

    COLUMNS = 5

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.rounds: list[UnfinishedRound] = []
        self.title = QLabel()
        self.title.setObjectName("skillTitle")
        self.list = QTreeWidget()
        self.list.setObjectName("unfinishedRounds")
        self.list.setRootIsDecorated(False)
        self.list.setAlternatingRowColors(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setColumnCount(self.COLUMNS)
        self.list.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.list.header().setStretchLastSection(False)
        self.list.itemActivated.connect(lambda _item, _column: self.resume_selected())
        self.title.setBuddy(self.list)
        self.list.installEventFilter(self)
        self.resume_button = QPushButton()
        self.resume_button.clicked.connect(self.resume_selected)
        self.discard_button = QPushButton()
        self.discard_button.clicked.connect(self.discard_selected)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.discard_button)
        buttons.addWidget(self.resume_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.list)
        layout.addLayout(buttons)
        self.setVisible(False)
        self.retranslate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Delete on the list discards the round selected (asked first)."""
        if watched is self.list and isinstance(event, QKeyEvent) and \
                event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Delete:
            self.discard_selected()
            return True
        return super().eventFilter(watched, event)

    def show_rounds(self, rounds: list[UnfinishedRound]) -> None:
        """List ``rounds`` (in their order), the first selected; hidden if there is none."""
        self.rounds = list(rounds)
        self._fill()
        self.setVisible(bool(self.rounds))

    def selected(self) -> UnfinishedRound | None:
        row = self._row()
        return self.rounds[row] if 0 <= row < len(self.rounds) else None

    def _row(self) -> int:
        item = self.list.currentItem()
        return -1 if item is None else self.list.indexOfTopLevelItem(item)

    def resume_selected(self) -> None:
        chosen = self.selected()
        if chosen is not None:
            self.resumeRequested.emit(chosen.id)

    def discard_selected(self) -> None:
        chosen = self.selected()
        if chosen is None or not confirm(
                self, _("Discard the round"),
                _("Discard this round of {game}, left at step {step} of {steps}? It will no "
                  "longer be offered to resume; the steps you gave stay in your progress.")
                .format(game=game_name(chosen.game), step=chosen.done + 1,
                        steps=chosen.steps), _("Discard the round")):
            return
        self.discardRequested.emit(chosen.id)

    def _fill(self) -> None:
        current = max(self._row(), 0)
        self.list.clear()
        for unfinished in self.rounds:
            item = QTreeWidgetItem([
                str(game_name(unfinished.game)), mode_name(unfinished.mode),
                local_time(unfinished.left_at), done_text(unfinished),
                clock_text(unfinished.taken_ms)])
            for column in (3, 4):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
            self.list.addTopLevelItem(item)
        chosen = self.list.topLevelItem(min(current, len(self.rounds) - 1))
        if chosen is not None:
            self.list.setCurrentItem(chosen)

    def retranslate(self) -> None:
        self.title.setText(_("Resume a round:"))
        self.list.setHeaderLabels([_("Game"), _("Way to play"), _("Left on"), _("Steps done"),
                                   _("Time so far")])
        self.resume_button.setText(_("&Resume ▶"))
        self.discard_button.setText(_("&Discard…"))
        self._fill()
