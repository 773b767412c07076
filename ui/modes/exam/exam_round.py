"""A table round as an exam item: the round the item deals, played on the round screen in
the item's way (practice or table-ready) with no hints and the verdicts kept until the round
ends, nothing stored step by step. The exam records the actions given as the item's one
answer (:mod:`trainer.rounds.exam_items`) when the round ends, or when the trainee moves on,
submits, leaves or the time runs out — once."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

from i18n import _
from trainer.progress.exams.sittings import ExamItem
from trainer.rounds.exam_items import round_item_answer, round_of_item
from trainer.rounds.play import Round
from trainer.rules.house import HouseRules
from ui.rounds.screen import RoundScreen


class ExamRound(QWidget):
    """``roundFinished`` once the round's last step is given."""

    roundFinished = Signal()  # noqa: N815
    nextWanted = Signal()  # noqa: N815

    def __init__(self, item: ExamItem, rules: HouseRules, parent: QWidget | None = None, *,
                 may_go_on: bool = False):
        """``may_go_on``: the next question may be asked for before the round ends (an
        exam previewed: nothing is recorded)."""
        super().__init__(parent)
        self.item = item
        self.round: Round[Any] = round_of_item(item.skill, item.seed, item.difficulty, rules)
        self.table_round = RoundScreen(self.round, None, verdicts_at_end=True)
        self.table_round.back_button.hide()  # the exam's own header leads away
        self.table_round.roundFinished.connect(self._finished)
        self.next_button = QPushButton()
        self.next_button.setAutoDefault(True)  # Enter on it goes on
        self.next_button.clicked.connect(self.nextWanted)
        self.next_button.setVisible(may_go_on)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table_round, 1)
        layout.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignRight)
        self.setFocusProxy(self.table_round)
        self.retranslate()

    def retranslate(self) -> None:
        self.next_button.setText(_("&Next question ▶"))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _finished(self) -> None:
        self.next_button.show()
        self.setFocusProxy(self.next_button)
        self.next_button.setFocus()
        self.roundFinished.emit()

    @property
    def steps_given(self) -> int:
        return len(self.table_round.played.verdicts)

    def answer(self) -> dict[str, Any]:
        """The actions given so far, in order, and when."""
        return round_item_answer(self.table_round.played.verdicts)

    def elapsed_ms(self) -> int:
        played = self.table_round
        return played.taken_ms if played.played.finished else played.elapsed_ms()

    def stop(self) -> None:
        """The round is left: its clock stops."""
        self.table_round.leave()
