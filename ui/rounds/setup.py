"""The page before a table round: the game (those with a table round,
:data:`trainer.rounds.pars.ROUND_GAMES`: the engine deals them and each has a table on
screen; the engines and tables load when a round starts) and the way to play;
``startRequested(game, mode)``. Below, the trainee's rounds left unfinished
(:mod:`ui.rounds.unfinished`): ``resumeRequested(round_id)`` and ``discardRequested(round_id)``.
Enter starts a new round, or resumes the round selected while the list has the focus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import QFormLayout, QLabel, QPushButton, QWidget

from i18n import _
from trainer.progress.reports.figures import game_name
from trainer.rounds.modes import Mode
from trainer.rounds.pars import ROUND_GAMES
from ui.rounds.unfinished import UnfinishedRounds
from ui.rounds.ways import mode_about, mode_name
from ui.widgets.choices import Choices
from ui.widgets.default_button import ENTER_SEQUENCES
from ui.widgets.page import Page

if TYPE_CHECKING:  # the resuming side (and the round engines) load with a round
    from trainer.progress.table_rounds.resume import UnfinishedRound


class RoundSetup(Page):
    backRequested = Signal()  # noqa: N815
    startRequested = Signal(str, str)  # noqa: N815
    resumeRequested = Signal(str)  # noqa: N815
    discardRequested = Signal(str)  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.games, self.modes = Choices(), Choices()
        self.games.setObjectName("roundGame")
        self.modes.setObjectName("roundMode")
        self.games_label, self.modes_label = QLabel(), QLabel()
        self.games_label.setBuddy(self.games)
        self.modes_label.setBuddy(self.modes)
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.modes.currentIndexChanged.connect(lambda _index: self._show_about())
        self.start_button = QPushButton()
        self.start_button.setObjectName("primary")
        self.start_button.clicked.connect(self._start)
        self.start_button.setDefault(True)
        for sequence in ENTER_SEQUENCES:
            QShortcut(QKeySequence(sequence), self,
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut).activated.connect(
                self._enter)
        self.unfinished = UnfinishedRounds()
        self.unfinished.resumeRequested.connect(self.resumeRequested)
        self.unfinished.discardRequested.connect(self.discardRequested)
        self.add_way_back(self.back_button)
        form = QFormLayout()
        form.addRow(self.games_label, self.games)
        form.addRow(self.modes_label, self.modes)
        form.addRow("", self.about)
        self.body.addLayout(form)
        self.body.addWidget(self.unfinished)
        self.body.addStretch(1)
        self.add_buttons(self.start_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Home"))
        self.heading.setText(_("Table round"))
        self.hint.setText(_("Run a whole round as the croupier, step by step, each step "
                            "graded with its article. The round is dealt from a new seed "
                            "under the house rules."))
        self.games_label.setText(_("&Game:"))
        self.modes_label.setText(_("&Way to play:"))
        self.start_button.setText(_("&Start the round ▶"))
        for box, items in ((self.games, [(str(game_name(game)), game)
                                                 for game in ROUND_GAMES]),
                           (self.modes, [(mode_name(mode), mode.value) for mode in Mode])):
            current = max(0, box.currentIndex())
            box.blockSignals(True)
            box.clear()
            for text, value in items:
                box.addItem(text, value)
            box.setCurrentIndex(current)
            box.blockSignals(False)
        self._show_about()
        super().retranslate()

    def choose_game(self, game: str) -> None:
        self.games.setCurrentIndex(max(0, self.games.findData(game)))

    def _show_about(self) -> None:
        self.about.setText(mode_about(Mode(self.modes.currentData() or Mode.LEARN)))

    def show_unfinished(self, rounds: list[UnfinishedRound]) -> None:
        """List the trainee's rounds left unfinished, to resume (none: no list)."""
        self.unfinished.show_rounds(rounds)

    def _enter(self) -> None:
        if self.unfinished.list.hasFocus():
            self.unfinished.resume_selected()
        elif self.start_button.isEnabled():
            self.start_button.click()

    def _start(self) -> None:
        self.startRequested.emit(str(self.games.currentData()), str(self.modes.currentData()))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.games.setFocus(Qt.FocusReason.OtherFocusReason)
