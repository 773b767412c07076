"""Setting the banker's 13 cards: 3 to the front tier, 5 to the middle, 5 to the back.

Mouse: drag a card from the hand onto a tier (or back onto the hand, or to another tier).
Keyboard: the arrow keys select a card (←/→ along a row, ↑/↓ between rows); F, M, B (or
1, 2, 3) send it to the front, middle or back tier; H, 0, Delete or Backspace put it back
in the hand; N ticks "declare a natural"; Enter checks. Check is enabled once the tiers
hold 3, 5 and 5 cards — or a natural is declared, which is an answer without tiers.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from i18n import _
from questions import Question, Verdict
from questions.thirteen.situations import BankerHand
from trainer.rules.thirteen.arrangement import Tier
from ui.answers.card_pieces import CardPiece, CardRow, align_titles, fit_cards, walk_rows
from ui.answers.common import ENTER_KEYS, AnswerControl, mark, verdict_prefix
from ui.answers.dragging import Carrier
from ui.widgets.acting import Action

HAND = "hand"
_TIER_KEYS = {Qt.Key.Key_F: Tier.FRONT, Qt.Key.Key_1: Tier.FRONT,
              Qt.Key.Key_M: Tier.MIDDLE, Qt.Key.Key_2: Tier.MIDDLE,
              Qt.Key.Key_B: Tier.BACK, Qt.Key.Key_3: Tier.BACK}
_HAND_KEYS = (Qt.Key.Key_H, Qt.Key.Key_0, Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


def banker_cards(question: Question) -> list[str]:
    """The banker's 13 cards as dealt (high to low)."""
    situation = question.situation
    if not isinstance(situation, BankerHand):
        raise TypeError(f"{question.skill}: a hand is set from the banker's cards")
    return situation.hands[str(situation.banker)].split()


class ArrangementInput(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.cards = banker_cards(question)
        self.where: dict[str, str] = {card: HAND for card in self.cards}
        self._verdict: Verdict | None = None
        self.carrier = Carrier(self)
        self.carrier.dropped.connect(lambda card, row: self.send(card, row))
        self.pieces: dict[str, CardPiece] = {}
        for card in self.cards:
            piece = CardPiece(card)
            piece.offered = partial(self.sendings, card)
            self.carrier.add_item(piece, card)
            self.pieces[card] = piece
        self.rows: dict[str, CardRow] = {HAND: CardRow()}
        for tier in Tier:
            self.rows[tier.value] = CardRow(tier.size)
        for key, row in self.rows.items():
            self.carrier.add_target(row, key)
        natural = question.form.options[0] if question.form.options else None
        self.natural_option = natural
        self.natural = QCheckBox()
        self.natural.setObjectName("natural")
        self.natural.toggled.connect(self._update_check)
        self.take_keys_of(*self.pieces.values(), self.natural)
        self.expected = QLabel()
        self.expected.setWordWrap(True)
        self.expected.hide()
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        for row in self.rows.values():
            layout.addWidget(row)
        bottom = QHBoxLayout()
        bottom.addWidget(self.natural)
        bottom.addWidget(self.hint, 1)
        bottom.addStretch(0)
        bottom.addWidget(self.check_button)
        layout.addLayout(bottom)
        layout.addWidget(self.expected)
        layout.addWidget(self.problem)
        self._show_cards()
        self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        self.natural.setText(self._natural_text())
        self.hint.setText(_("Drag the cards into the tiers, or select one with the arrow keys "
                            "and press F, M or B (1, 2, 3); H puts it back; N declares a "
                            "natural."))
        for piece in self.pieces.values():
            piece.retranslate()
        self._titles()
        if self._verdict is not None:
            self._mark(self._verdict)

    def _natural_text(self) -> str:
        return str(self.natural_option.label) if self.natural_option else _("Declare a natural")

    def _titles(self) -> None:
        hand = self.rows[HAND]
        hand.title.setText(_("The banker's cards"))
        hand.set_note(_("{count} left").format(count=len(self.tier_cards(HAND))))
        for tier in Tier:
            row = self.rows[tier.value]
            row.title.setText(str(tier.label))
            row.set_note(_("{count} of {size} cards").format(
                count=len(self.tier_cards(tier.value)), size=tier.size))
        align_titles(list(self.rows.values()), 14 * self.fontMetrics().horizontalAdvance("M"))

    # State -------------------------------------------------------------------------------

    def tier_cards(self, row: str) -> list[str]:
        return [card for card in self.cards if self.where[card] == row]

    def complete(self) -> bool:
        return all(len(self.tier_cards(tier.value)) == tier.size for tier in Tier)

    def send(self, card: str, row: str) -> None:
        """Put ``card`` in ``row`` (a tier's value, or "hand"); a full tier refuses it."""
        if self.answered or card not in self.where:
            return
        if row != HAND and self.where[card] != row:
            tier = Tier(row)
            if len(self.tier_cards(row)) >= tier.size:
                self.set_problem(_("{tier} already holds {size} cards: put one back in the "
                                   "hand first.").format(tier=str(tier.label), size=tier.size))
                return
        was_in_hand = self.where[card] == HAND
        hand_index = self.tier_cards(HAND).index(card) if was_in_hand else 0
        self.where[card] = row
        self.set_problem("")
        self._show_cards()
        self._titles()
        hand = self.tier_cards(HAND)
        if was_in_hand and row != HAND and hand:  # go on with the next card of the hand
            self.pieces[hand[min(hand_index, len(hand) - 1)]].setFocus(
                Qt.FocusReason.OtherFocusReason)
        else:
            self.pieces[card].setFocus(Qt.FocusReason.OtherFocusReason)

    def sendings(self, card: str) -> list[Action]:
        """Where ``card`` can go now, as a screen reader offers it (what F, M, B and H do):
        a tier with room, or back to the hand."""
        if self.answered:
            return []
        offered: list[Action] = [
            (_("Put in the {tier}").format(tier=str(tier.label)),
             partial(self.send, card, tier.value))
            for tier in Tier
            if self.where[card] != tier.value and len(self.tier_cards(tier.value)) < tier.size]
        if self.where[card] != HAND:
            offered.append((_("Put back in the hand"), partial(self.send, card, HAND)))
        return offered

    def answer(self) -> dict[str, Any] | None:
        tiers = {tier.value: self.tier_cards(tier.value) if self.complete() else []
                 for tier in Tier}
        if not self.complete() and not self.natural.isChecked():
            return None
        return {**tiers, "natural": self.natural.isChecked()}

    def _update_check(self) -> None:
        self.check_button.setEnabled(not self.answered and (self.complete()
                                                             or self.natural.isChecked()))

    def _show_cards(self) -> None:
        for key, row in self.rows.items():
            row.set_pieces([self.pieces[card] for card in self.tier_cards(key)])
        self._update_check()
        chain: list[QWidget] = [piece for row in self.rows.values() for piece in row.pieces]
        chain += [self.natural, self.check_button]
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        fit_cards(list(self.rows.values()), event.size().width())

    # Keyboard ----------------------------------------------------------------------------

    def focus_first(self) -> None:
        first = next((row.pieces[0] for row in self.rows.values() if row.pieces), None)
        (first or self.natural).setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        on_card = isinstance(self.focusWidget(), CardPiece)
        return event.key() in ENTER_KEYS or event.key() == Qt.Key.Key_N or (on_card and (
            event.key() in _TIER_KEYS or event.key() in _HAND_KEYS))

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        key = event.key()
        if key in ENTER_KEYS:
            return super().key_pressed(widget, event)  # Enter checks
        if key == Qt.Key.Key_N and not event.modifiers():
            self.natural.toggle()
            return True
        if not isinstance(widget, CardPiece):
            return False
        if key in _TIER_KEYS:
            self.send(widget.card, _TIER_KEYS[Qt.Key(key)].value)
            return True
        if key in _HAND_KEYS:
            self.send(widget.card, HAND)
            return True
        return walk_rows(list(self.rows.values()), widget, key)

    # Verdict -----------------------------------------------------------------------------

    def show_given(self, given: Any) -> None:
        if not isinstance(given, dict):
            return
        for tier in Tier:
            for card in given.get(tier.value) or ():
                if card in self.where:
                    self.where[card] = tier.value
        self.natural.setChecked(bool(given.get("natural")))
        self._show_cards()
        self._titles()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """Each tier green where it holds the house way's cards (all of them when the
        setting is as good), the natural box right or wrong, and the house way's setting
        written out when the answer was not right."""
        self._verdict = verdict
        self.stop_taking_answers([])
        self.carrier.enabled = False
        for piece in self.pieces.values():
            piece.set_selectable(False)
        self.natural.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.natural.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._mark(verdict)

    def _mark(self, verdict: Verdict) -> None:
        expected = verdict.expected
        if self.complete():
            for tier in Tier:
                same = set(self.tier_cards(tier.value)) == set(expected.get(tier.value, ()))
                state = "right" if verdict.correct or same else "wrong"
                mark(self.rows[tier.value], state)
                self.rows[tier.value].title.setText(verdict_prefix(state) + str(tier.label))
        declared, natural = self.natural.isChecked(), bool(expected.get("natural"))
        natural_state = ("right" if declared else None) if declared == natural else \
            ("wrong" if declared else "missed")
        mark(self.natural, natural_state)
        self.natural.setText(verdict_prefix(natural_state) + self._natural_text())
        if not verdict.correct:
            self.expected.setText(_("By the house way: {setting}").format(
                setting=str(verdict.expected_text)))
            self.expected.show()
