"""Setting the banker's 13 cards in a round: the quiz's house-way answer control
(:class:`ui.answers.arrangement.ArrangementInput`) put to the round's use.

Mouse: drag each card onto its tier, then Confirm. Keyboard: the arrow keys choose a card;
F, M, B (or 1, 2, 3) send it to the front, middle or back tier; H or 0 puts it back;
Enter confirms. The round's setting is never a natural declared (a natural is laid out in
tiers too), so the control's natural box is not shown.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from i18n import N_, Message, _
from questions import AnswerForm, AnswerKind, Question
from questions.thirteen.situations import BankerHand
from trainer.rules.cards import Card, format_cards
from trainer.rules.table import BANKER_PLACE
from trainer.rules.thirteen import Tier
from trainer.rules.thirteen.dealing import PLACES
from ui.answers.arrangement import ArrangementInput

#: The tiers in the order ``set`` writes them.
SET_ORDER = (Tier.BACK, Tier.MIDDLE, Tier.FRONT)


def _banker_hand(cards: tuple[Card, ...]) -> Question:
    ordered = tuple(sorted(cards, key=lambda card: (-card.rank, card.suit.value)))
    return Question("thirteen.house_way", 0, 1,
                    BankerHand(PLACES, BANKER_PLACE, {str(BANKER_PLACE): format_cards(ordered)}),
                    Message.of(N_("Set the banker's hand")), AnswerForm(AnswerKind.ARRANGEMENT))


class BankerSetting(QWidget):
    """``setDone`` when Enter is pressed on a card with the tiers full."""

    setDone = Signal()  # noqa: N815

    def __init__(self, cards: tuple[Card, ...], parent: QWidget | None = None):
        super().__init__(parent)
        self.control = ArrangementInput(_banker_hand(cards))
        self.control.natural.hide()
        self.control.natural.toggled.connect(self._never_natural)
        self.control.check_button.hide()  # the round's Confirm sends the setting
        self.control.submitted.connect(lambda _given: self.setDone.emit())
        self.title = QLabel()
        self.title.setObjectName("settingTitle")
        self.title.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.control, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.control.retranslate()
        self.control.hint.setText(_("Drag the cards into the tiers, or select one with the "
                                    "arrow keys and press F, M or B (1, 2, 3); H puts it "
                                    "back; then Enter."))
        self.title.setText(_("Set the banker's 13 cards by the house way: 5 in the back "
                             "tier, 5 in the middle, 3 in the front."))

    def _never_natural(self, ticked: bool) -> None:
        if ticked:  # N pressed on a card: there is no natural to declare here
            self.control.natural.setChecked(False)

    def tiers(self) -> tuple[str, ...]:
        """The setting as ``set`` writes it (back, middle, front; each tier's cards with
        commas), or nothing while the tiers are not full."""
        if not self.control.complete():
            return ()
        return tuple(",".join(self.control.tier_cards(tier.value)) for tier in SET_ORDER)

    def focus_first(self) -> None:
        self.control.focus_first()
