"""A misdeal (13-card game, Art. 4): continue, cancel, or rectify by moving cards.

The deal is shown place by place, each card with its number in the deal. To rectify, the
trainee carries each misdealt card to the place it belongs to; the card then lies in that
place's row (ringed orange) and the move is listed, each with a button to take it back.
Carrying a card back to where it was dealt takes the move back too.

Keyboard: ↑/↓ on the actions (Tab to the cards); on the cards ←/→ and ↑/↓ move between
them, 1–4 send the selected card to that place, Delete or Backspace puts it back where it
was dealt; Enter checks.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from questions import Question, Verdict
from questions.labels import place_label
from ui.answers.card_pieces import CardPiece, CardRow, align_titles, fit_cards
from ui.answers.common import (
    DIGIT_KEYS,
    ENTER_KEYS,
    MOVED,
    RIGHT,
    WRONG,
    FormInput,
    KeyFilter,
    mark,
    verdict_prefix,
)
from ui.answers.dragging import Carrier

RECTIFY = "rectify"
_PUT_BACK = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)


class MovesInput(FormInput):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        situation = question.situation
        self.places = int(situation.get("places", 4))
        self.banker = int(situation.get("banker", 1))
        self.options = list(question.form.options)
        self.dealt = {entry["card"]: int(entry["place"]) for entry in situation["log"]}
        self.moves: dict[str, int] = {}  # card → the place it is moved to, in order made
        self._verdict: Verdict | None = None

        self.actions = QButtonGroup(self)
        self.radios: list[QRadioButton] = []
        for index in range(len(self.options)):
            radio = QRadioButton()
            self.actions.addButton(radio, index)
            self.radios.append(radio)
        self.actions.idToggled.connect(self._action_changed)

        keys = KeyFilter(self._key, self)
        self.carrier = Carrier(self)
        self.carrier.dropped.connect(lambda card, place: self.move(card, place))
        self.pieces: dict[str, CardPiece] = {}
        for number, entry in enumerate(situation["log"], 1):
            piece = CardPiece(entry["card"], str(number))
            piece.installEventFilter(keys)
            self.carrier.add_item(piece, entry["card"])
            self.pieces[entry["card"]] = piece
        self.rows = {place: CardRow() for place in range(1, self.places + 1)}
        for place, row in self.rows.items():
            self.carrier.add_target(row, place)

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
        """The actions, the moves made and Check on the left; the places on the right."""
        left = QVBoxLayout()
        for radio in self.radios:
            left.addWidget(radio, 0, Qt.AlignmentFlag.AlignLeft)
        left.addWidget(self.hint)
        left.addWidget(self.moves_title)
        left.addLayout(self.moves_list)
        left.addWidget(self.problem)
        left.addStretch(1)
        left.addWidget(self.check_button, 0, Qt.AlignmentFlag.AlignRight)
        table = QVBoxLayout()
        table.setSpacing(3)
        for row in self.rows.values():
            table.addWidget(row)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addLayout(left, 0, 0)
        grid.addLayout(table, 0, 1)
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 5)

    def _list_move(self, button: QPushButton) -> None:
        """Moves in two columns under the actions."""
        count = len(self.move_buttons)
        self.moves_list.addWidget(button, count // 2, count % 2)
        self.move_buttons.append(button)

    def retranslate(self) -> None:
        super().retranslate()
        for radio, option in zip(self.radios, self.options, strict=True):
            radio.setText(str(option.label))
        for place, row in self.rows.items():
            row.title.setText(str(place_label(place, self.banker)))
        align_titles(list(self.rows.values()), 12 * self.fontMetrics().horizontalAdvance("M"))
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
            self.hint.setText(_("Choose “Rectify” to move cards. Enter checks."))

    # State -------------------------------------------------------------------------------

    def action(self) -> Any | None:
        index = self.actions.checkedId()
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

    def move(self, card: str, place: int) -> None:
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
            button = QPushButton(_("{card} → place {place} ✕").format(card=card, place=place))
            button.setToolTip(_("Take this move back"))
            button.clicked.connect(lambda _checked=False, c=card: self.take_back(c))
            button.setEnabled(self.action() == RECTIFY and not self.answered)
            self._list_move(button)
        if self._verdict is not None:
            self._mark_moves(self._verdict)
        self._tab_order()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        fit_cards(list(self.rows.values()), event.size().width())

    # Keyboard ----------------------------------------------------------------------------

    def focus_first(self) -> None:
        checked = self.actions.checkedButton() or (self.radios[0] if self.radios else None)
        if checked is not None:
            checked.setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        on_card = isinstance(self.focusWidget(), CardPiece)
        return event.key() in ENTER_KEYS or (on_card and (
            1 <= DIGIT_KEYS.get(event.key(), 0) <= self.places or event.key() in _PUT_BACK))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() in ENTER_KEYS:
            self.submit()
            return
        super().keyPressEvent(event)

    def _key(self, piece: object, event: QKeyEvent) -> bool:
        if self.answered or not isinstance(piece, CardPiece):
            return False
        key = event.key()
        digit = DIGIT_KEYS.get(key, 0)
        if 1 <= digit <= self.places:
            self.move(piece.card, digit)
            return True
        if key in _PUT_BACK:
            self.take_back(piece.card)
            return True
        if key in ENTER_KEYS:
            self.submit()
            return True
        return self._walk(piece, key)

    def _walk(self, piece: CardPiece, key: int) -> bool:
        """Arrow keys between the cards: along a place's row, or to the next place."""
        place = self.place_of(piece.card)
        row = self.rows[place].pieces
        index = row.index(piece)
        target: CardPiece | None = None
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = -1 if key == Qt.Key.Key_Left else 1
            if 0 <= index + step < len(row):
                target = row[index + step]
        elif key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = -1 if key == Qt.Key.Key_Up else 1
            other = place + step
            while 1 <= other <= self.places and not self.rows[other].pieces:
                other += step
            if 1 <= other <= self.places:
                cards = self.rows[other].pieces
                target = cards[min(index, len(cards) - 1)]
        else:
            return False
        if target is not None:
            target.setFocus(Qt.FocusReason.TabFocusReason)
        return True

    # Verdict -----------------------------------------------------------------------------

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
        for radio, option in zip(self.radios, self.options, strict=True):
            if option.value == expected["action"]:
                mark(radio, "right")
            elif radio.isChecked():
                mark(radio, "wrong")
            else:
                radio.setEnabled(False)
                continue
            radio.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            radio.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for piece in self.pieces.values():
            piece.set_selectable(False)
        self._show_moves()

    def _mark_moves(self, verdict: Verdict) -> None:
        needed = {card: place for card, place in verdict.expected["moves"]}
        for card, place in self.moves.items():
            self.pieces[card].set_mark(RIGHT if needed.get(card) == place else WRONG)
        for button, (card, place) in zip(self.move_buttons, self.moves.items(), strict=True):
            state = "right" if needed.get(card) == place else "wrong"
            mark(button, state)
            button.setText(verdict_prefix(state) + _("{card} → place {place}").format(
                card=card, place=place))
        for card, place in needed.items():
            if self.moves.get(card) != place:
                missed = QPushButton(verdict_prefix("missed") + _(
                    "needed: {card} → place {place}").format(card=card, place=place))
                missed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                mark(missed, "missed")
                self._list_move(missed)
