"""A misdeal (13-card game, Art. 4): continue, cancel, or rectify by moving cards.

The actions are a row of radio buttons with Check beside them; under them, how to answer
and the moves made; then the deal, place by place in two columns, each card with its
number in the deal (overlapping when a place holds many). To rectify, the trainee carries
each misdealt card to the place it belongs to; the card then lies in that place's row
(ringed orange) and the move is listed, each with a button to take it back. Carrying a
card back to where it was dealt takes the move back too.

Keyboard: each action has its digit in a badge (1–3), pressed to choose it, and the arrow
keys choose among them (Tab to the cards); on the cards ←/→ and ↑/↓ move between them,
1–4 send the selected card to that place, Delete or Backspace puts it back where it was
dealt; Enter checks.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from questions import Question, Verdict
from questions.labels import place_label
from questions.thirteen.situations import DealLog
from trainer.rules.cards import cards_shown
from ui.answers.card_pieces import CardPiece, CardRow, align_titles, fit_cards, walk_rows
from ui.answers.common import (
    DIGIT_KEYS,
    ENTER_KEYS,
    MOVED,
    RIGHT,
    WRONG,
    AnswerControl,
    keep_room_when_hidden,
    mark,
    verdict_prefix,
)
from ui.answers.dragging import Carrier
from ui.answers.option_button import BADGE_STYLE, OptionRadio
from ui.palette import styled
from ui.widgets.acting import Action

RECTIFY = "rectify"
_PUT_BACK = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)
_EARLIER_ACTION = (Qt.Key.Key_Up, Qt.Key.Key_Left)
_LATER_ACTION = (Qt.Key.Key_Down, Qt.Key.Key_Right)
#: The places in two columns, read down: place 1 over place 2, then 3 over 4.
PLACE_COLUMNS = 2
#: Move buttons side by side before the next line of them.
MOVE_COLUMNS = 4
#: One card height per this share of the control's width (two places side by side).
CARD_SHARE = 20


class MovesInput(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        situation = question.situation
        if not isinstance(situation, DealLog):
            raise TypeError(f"{question.skill}: cards are moved in a deal (a DealLog)")
        self.places = situation.places
        self.banker = situation.banker
        self.options = list(question.form.options)
        self.dealt = {entry.card: entry.place for entry in situation.log}
        self.moves: dict[str, int] = {}  # card → the place it is moved to, in order made
        self._verdict: Verdict | None = None
        self._action_marks: dict[int, str] = {}  # radio → "right" / "wrong" once answered

        self.action_group = QButtonGroup(self)
        self.radios: list[OptionRadio] = []
        #: Each action's digit, drawn in a badge before it (digits on a card are places).
        self.action_keys = [str(index + 1) for index in range(len(self.options))]
        self.action_badges: list[QLabel] = []
        for index, key in enumerate(self.action_keys):
            radio = OptionRadio()
            self.action_group.addButton(radio, index)
            self.radios.append(radio)
            badge = QLabel(key)
            badge.setObjectName("keyBadge")
            styled(badge, BADGE_STYLE)
            self.action_badges.append(badge)
        self.action_group.idToggled.connect(self._action_changed)

        self.carrier = Carrier(self)
        self.carrier.dropped.connect(lambda card, place: self.move(card, place))
        self.pieces: dict[str, CardPiece] = {}
        for number, entry in enumerate(situation.log, 1):
            piece = CardPiece(entry.card, str(number))
            piece.offered = partial(self.sendings, entry.card)
            self.carrier.add_item(piece, entry.card)
            self.pieces[entry.card] = piece
        self.take_keys_of(*self.radios, *self.pieces.values())
        self.rows = {place: CardRow() for place in range(1, self.places + 1)}
        for place, row in self.rows.items():
            self.carrier.add_target(row, place)

        self.moves_box = QWidget()
        keep_room_when_hidden(self.moves_box)  # choosing Rectify does not move the table
        self.moves_title = QLabel()
        self.moves_list = QGridLayout()
        self.moves_list.setSpacing(4)
        self.move_buttons: list[QPushButton] = []
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        self._lay_out()
        self._show_cards()
        self.retranslate()
        self._action_changed()

    def _lay_out(self) -> None:
        """The actions and Check in a row; how to answer, the moves; the places under."""
        actions = QHBoxLayout()
        actions.setSpacing(12)
        for badge, radio in zip(self.action_badges, self.radios, strict=True):
            actions.addWidget(badge, 0, Qt.AlignmentFlag.AlignVCenter)
            actions.addWidget(radio)
        actions.addStretch(0)
        actions.addWidget(self.check_button, 0, Qt.AlignmentFlag.AlignVCenter)
        moves = QHBoxLayout(self.moves_box)
        moves.setContentsMargins(0, 0, 0, 0)
        moves.addWidget(self.moves_title, 0, Qt.AlignmentFlag.AlignTop)
        moves.addLayout(self.moves_list)
        moves.addStretch(1)
        table = QGridLayout()
        table.setSpacing(4)
        per_column = -(-self.places // PLACE_COLUMNS)
        for place, row in self.rows.items():
            table.addWidget(row, (place - 1) % per_column, (place - 1) // per_column)
        for column in range(PLACE_COLUMNS):
            table.setColumnStretch(column, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(actions)
        layout.addWidget(self.hint)
        layout.addWidget(self.problem)
        layout.addWidget(self.moves_box)
        layout.addLayout(table)

    def _list_move(self, button: QPushButton) -> None:
        """Moves side by side after "Moves:", a new line of them every few."""
        count = len(self.move_buttons)
        self.moves_list.addWidget(button, count // MOVE_COLUMNS, count % MOVE_COLUMNS)
        self.move_buttons.append(button)

    def retranslate(self) -> None:
        super().retranslate()
        for index, (radio, option) in enumerate(zip(self.radios, self.options, strict=True)):
            radio.setText(verdict_prefix(self._action_marks.get(index)) + str(option.label))
        for place, row in self.rows.items():
            row.title.setText(str(place_label(place, self.banker)))
        align_titles(list(self.rows.values()), 10 * self.fontMetrics().horizontalAdvance("M"))
        for piece in self.pieces.values():
            piece.retranslate()
        self._show_moves()
        self._update_hint()

    def _update_hint(self) -> None:
        if self.action() == RECTIFY:
            self.hint.setText(_("Drag each misdealt card to the place it belongs to, or "
                                "select it and press the place's number (1–{last}); Delete "
                                "puts it back.").format(last=self.places))
        else:
            self.hint.setText(_("Choose the action (click it, or press its number); "
                                "“Rectify” lets you move cards. Enter checks."))

    # State -------------------------------------------------------------------------------

    def action(self) -> Any | None:
        index = self.action_group.checkedId()
        return None if index < 0 else self.options[index].value

    def choose_action(self, value: Any) -> None:
        for radio, option in zip(self.radios, self.options, strict=True):
            if option.value == value:
                radio.setChecked(True)

    def _action_changed(self, *_args: object) -> None:
        rectifying = self.action() == RECTIFY and not self.answered
        self.carrier.enabled = rectifying
        for piece in self.pieces.values():
            piece.set_selectable(rectifying)
        for button in self.move_buttons:
            button.setEnabled(rectifying)
        self.check_button.setEnabled(self.action() is not None and not self.answered)
        self._update_hint()
        self._show_moves_box()

    def _show_moves_box(self) -> None:
        """The moves while rectifying; once answered, the moves made or needed if any."""
        self.moves_box.setVisible(bool(self.move_buttons) if self.answered
                                  else self.action() == RECTIFY)

    # The trainee's move, shadowing QWidget.move(QPoint): a layout places this control.
    def move(self, card: str, place: int) -> None:  # type: ignore[override]
        """Give ``card`` to ``place``; to the place it was dealt to, take the move back."""
        if self.answered or self.action() != RECTIFY or card not in self.dealt:
            return
        self.moves.pop(card, None)
        if place != self.dealt[card]:
            self.moves[card] = place
        self._show_cards()
        self._show_moves()
        self.pieces[card].setFocus(Qt.FocusReason.OtherFocusReason)

    def take_back(self, card: str) -> None:
        self.move(card, self.dealt[card])

    def sendings(self, card: str) -> list[Action]:
        """Where ``card`` can go now, as a screen reader offers it (what 1–4 and Delete do):
        to every other place, and back where it was dealt once moved; nothing unless
        rectifying."""
        if self.answered or self.action() != RECTIFY:
            return []
        offered: list[Action] = [
            (_("Send to {place}").format(place=str(place_label(place, self.banker))),
             partial(self.move, card, place))
            for place in self.rows if place != self.place_of(card)]
        if card in self.moves:
            offered.append((_("Put back where it was dealt"), partial(self.take_back, card)))
        return offered

    def answer(self) -> dict[str, Any] | None:
        action = self.action()
        if action is None:
            return None
        moves = [[card, place] for card, place in self.moves.items()] if action == RECTIFY \
            else []
        return {"action": action, "moves": moves}

    # Showing -----------------------------------------------------------------------------

    def place_of(self, card: str) -> int:
        """Where ``card`` lies now: the place it was moved to, else the one it was dealt to."""
        return self.moves.get(card, self.dealt[card])

    def _show_cards(self) -> None:
        order = list(self.dealt)
        for place, row in self.rows.items():
            here = [card for card in order if self.place_of(card) == place]
            row.set_pieces([self.pieces[card] for card in here])
        for card, piece in self.pieces.items():
            piece.set_mark(MOVED if card in self.moves else None)
        self._tab_order()

    def _tab_order(self) -> None:
        chain: list[QWidget] = [*self.radios]
        chain += [piece for row in self.rows.values() for piece in row.pieces]
        chain += [*self.move_buttons, self.check_button]
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)

    def _show_moves(self) -> None:
        for button in self.move_buttons:
            self.moves_list.removeWidget(button)
            button.hide()  # gone at once, not only when the event loop deletes it
            button.deleteLater()
        self.move_buttons = []
        self.moves_title.setText(_("Moves:") if self.moves else _("Moves: none yet"))
        for card, place in self.moves.items():
            button = QPushButton(_("{card} → place {place} ✕").format(card=cards_shown(card),
                                                                      place=place))
            button.setToolTip(_("Take this move back"))
            button.clicked.connect(lambda _checked=False, c=card: self.take_back(c))
            button.setEnabled(self.action() == RECTIFY and not self.answered)
            self._list_move(button)
        if self._verdict is not None:
            self._mark_moves(self._verdict)
        self._tab_order()
        self._show_moves_box()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        fit_cards(list(self.rows.values()), event.size().width(), CARD_SHARE)

    # Keyboard ----------------------------------------------------------------------------

    def focus_first(self) -> None:
        checked = self.action_group.checkedButton() or (self.radios[0] if self.radios else None)
        if checked is not None:
            checked.setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        on_card = isinstance(self.focusWidget(), CardPiece)
        digit = DIGIT_KEYS.get(event.key(), 0)
        return event.key() in ENTER_KEYS or (on_card and (
            1 <= digit <= self.places or event.key() in _PUT_BACK)) or (
            not on_card and 1 <= digit <= len(self.radios))

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        key = event.key()
        if key in ENTER_KEYS:
            return super().key_pressed(widget, event)  # Enter checks
        if not isinstance(widget, CardPiece):
            return self._pick_action(key) or (
                widget in self.radios and self._step_action(self.radios.index(widget), key))
        digit = DIGIT_KEYS.get(key, 0)
        if 1 <= digit <= self.places:
            self.move(widget.card, digit)
            return True
        if key in _PUT_BACK:
            self.take_back(widget.card)
            return True
        return walk_rows(list(self.rows.values()), widget, key)

    def _pick_action(self, key: int) -> bool:
        """An action's digit chooses it (away from the cards, where digits are places)."""
        digit = DIGIT_KEYS.get(key, 0)
        if not 1 <= digit <= len(self.radios):
            return False
        radio = self.radios[digit - 1]
        radio.setChecked(True)
        radio.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def _step_action(self, index: int, key: int) -> bool:
        """↑ ← the action before, ↓ → the one after: chosen at once, as radio buttons do."""
        step = -1 if key in _EARLIER_ACTION else 1 if key in _LATER_ACTION else 0
        if not step:
            return False
        if 0 <= index + step < len(self.radios):
            radio = self.radios[index + step]
            radio.setChecked(True)
            radio.setFocus(Qt.FocusReason.TabFocusReason)
        return True

    # Verdict -----------------------------------------------------------------------------

    def show_given(self, given: Any) -> None:
        if not isinstance(given, dict):
            return
        self.choose_action(given.get("action"))
        self.moves = {card: place for card, place in given.get("moves") or ()
                      if card in self.dealt and place != self.dealt[card]}
        self._show_cards()
        self._show_moves()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """The right action green (the chosen one red if wrong); each move right or wrong,
        and the moves that were needed but not made."""
        self._verdict = verdict
        self.stop_taking_answers([])
        self.carrier.enabled = False
        expected = verdict.expected
        if not isinstance(given, dict) or given.get("action") != RECTIFY:
            self.moves.clear()  # moves made before choosing another action were not given
            self._show_cards()
        for index, (radio, option) in enumerate(zip(self.radios, self.options, strict=True)):
            if option.value == expected["action"]:
                self._action_marks[index] = "right"
            elif radio.isChecked():
                self._action_marks[index] = "wrong"
            else:
                radio.setEnabled(False)
                continue
            mark(radio, self._action_marks[index])
            radio.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            radio.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for piece in self.pieces.values():
            piece.set_selectable(False)
        self.retranslate()  # ✔ ✘ before the actions' labels; the moves marked

    def _mark_moves(self, verdict: Verdict) -> None:
        needed = {card: place for card, place in verdict.expected["moves"]}
        for card, place in self.moves.items():
            right = needed.get(card) == place
            self.pieces[card].set_mark(RIGHT if right else WRONG, "✔" if right else "✘")
        for button, (card, place) in zip(self.move_buttons, self.moves.items(), strict=True):
            state = "right" if needed.get(card) == place else "wrong"
            mark(button, state)
            button.setText(verdict_prefix(state) + _("{card} → place {place}").format(
                card=cards_shown(card), place=place))
        for card, place in needed.items():
            if self.moves.get(card) != place:
                missed = QPushButton(verdict_prefix("missed") + _(
                    "needed: {card} → place {place}").format(card=cards_shown(card),
                                                              place=place))
                missed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                mark(missed, "missed")
                self._list_move(missed)
