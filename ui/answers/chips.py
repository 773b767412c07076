"""A payment built from the house's chips, as a croupier pays at the table.

The tray holds one chip of each denomination of the house's tray (a setting), each with its
key letter; the payment shows what was put down, a stack per denomination with its count,
and its running total. What is below the smallest chip is typed beside the chips as change
(HI-CHIP-CHANGE), read like a typed amount. The answer is what ``read_chips`` reads:
``{"chips": {"100": 3, "25": 1}, "change": "2.50"}``.

Mouse: click a chip (or drag it onto the payment) to add one; click a stack (or drag it
back onto the tray) to take one back. Keyboard: Tab to the tray, a chip's letter adds one
(Shift+letter takes one of it back), Backspace takes back the last added, Tab to the
change, Enter checks. The letters are the home row from the smallest chip up, the same in
every language and never a digit (digits pick options) nor N (the next question).

A win the house pays gross (the question's situation says ``in_chips: "pay_gross"``, see
:mod:`questions.chips`) adds a second area under the payment, "Taken back", with its own
change box: the commission taken back in chips. T (or the "Take back" button) switches
which area the chips go to; the answer is then
``{"chips": …, "change": …, "taken": {"chips": …, "change": …}}``.
"""

from __future__ import annotations

from decimal import Decimal
from functools import partial
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFont, QKeyEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from i18n import MoneyError, _, format_money, ngettext, parse_money
from questions import Question, UnreadableAnswer, Verdict
from questions.answers import read_chips
from questions.bets_in_chips import ANSWER_WAY
from questions.chip_situation import COLLECT, PAY, PAY_GROSS
from questions.chips import TAKEN, way_of
from trainer.rules.chips import MOST_OF_ONE, total
from trainer.rules.house import CommissionInChips
from ui.answers.common import ENTER_KEYS, STYLE, AnswerControl, key_char, mark, verdict_prefix
from ui.answers.dragging import Carrier
from ui.answers.option_button import OptionButton
from ui.drawing.chips import paint_chip, paint_rim
from ui.palette import styled, swatch
from ui.widgets.acting import Acting, Action
from ui.widgets.flow import FlowLayout

#: The key of each chip, from the smallest: the home row, then the row under it.
KEYS = "ASDFGHJKLZXC"
#: Chips shown in a stack at most (the count says how many there are).
MOST_SHOWN = 5
#: The key that switches between the payment and the part taken back (not a chip's key).
SWITCH_KEY = "T"
#: The keys of the ways a bet is settled (a bet's chip form asks which): pay, collect.
WAY_KEYS = {PAY: "P", COLLECT: "R"}

_STYLE = STYLE + """
QFrame#chipTray { border: 1px solid $frame_edge; border-radius: 6px; background: $paper_tray; }
QFrame#chipTray:focus { border: 2px solid $accent; background: $accent_back; }
QFrame#chipTray[hover="true"] { border: 2px dashed $accent; }
QLabel#chipsTotal { font-weight: 600; }
"""


def _diameter(widget: QWidget) -> int:
    return round(widget.fontMetrics().height() * 2.4)


def _stack_height(widget: QWidget) -> int:
    """How tall a stack of the payment is drawn, its count under it."""
    radius = _diameter(widget) * 0.42
    return round(2 * radius + radius * 0.3 * (MOST_SHOWN - 1)) + widget.fontMetrics().height() + 8


def _paint_pile(painter: QPainter, bottom: QPointF, radius: float, value: Decimal,
                count: int) -> None:
    """``count`` chips of ``value`` piled up from ``bottom`` (the lowest chip's centre)."""
    lift = radius * 0.3
    for index in range(count):
        point = QPointF(bottom.x(), bottom.y() - lift * index)
        if index < count - 1:  # only the rims show under the top chip
            paint_rim(painter, point, radius, value)
        else:
            paint_chip(painter, point, radius, value)


class ChipPiece(Acting, QWidget):
    """A chip of the tray: its value painted on it, its key letter under it."""

    def __init__(self, value: Decimal, key: str, tray: QWidget):
        super().__init__(tray)
        self.value, self.key = value, key
        self.setFocusProxy(tray)  # the tray is the one Tab stop
        self.setAttribute(Qt.WidgetAttribute.WA_Hover)

    def sizeHint(self) -> QSize:  # noqa: N802
        size = _diameter(self)
        return QSize(size + 8, size + self.fontMetrics().height() + 10)

    minimumSizeHint = sizeHint  # noqa: N815 - Qt's name

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.isEnabled():
            painter.setOpacity(0.45)
        radius = _diameter(self) / 2
        centre = QPointF(self.width() / 2, radius + 3)
        if self.underMouse() and self.isEnabled():
            painter.setPen(QPen(swatch("accent"), 3))
            painter.drawEllipse(centre, radius + 1, radius + 1)
        paint_chip(painter, centre, radius, self.value)
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        side = self.fontMetrics().height() + 2
        cap = QRectF(self.width() / 2 - side / 2, self.height() - side - 2, side, side)
        painter.setPen(QPen(swatch("key_edge"), 1))
        painter.setBrush(swatch("key_back"))
        painter.drawRoundedRect(cap, 4, 4)
        painter.setPen(swatch("key_ink"))
        painter.drawText(cap, Qt.AlignmentFlag.AlignCenter, self.key)


class StackPiece(Acting, QWidget):
    """The chips of one denomination in the payment: a pile and how many there are."""

    def __init__(self, value: Decimal, focus: QWidget, parent: QWidget):
        super().__init__(parent)
        self.value, self.count = value, 0
        self.setFocusProxy(focus)

    def sizeHint(self) -> QSize:  # noqa: N802
        width = round(_diameter(self) * 0.84) + 8
        text = self.fontMetrics().horizontalAdvance(self.count_text()) + 8
        return QSize(max(width, text), _stack_height(self))

    minimumSizeHint = sizeHint  # noqa: N815 - Qt's name

    def count_text(self) -> str:
        return _("×{count}").format(count=self.count)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        radius = _diameter(self) * 0.42
        text_h = self.fontMetrics().height()
        bottom = QPointF(self.width() / 2, self.height() - text_h - 4 - radius)
        _paint_pile(painter, bottom, radius, self.value, min(self.count, MOST_SHOWN))
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(swatch("window_ink"))
        painter.drawText(QRectF(0, self.height() - text_h - 2, self.width(), text_h),
                         Qt.AlignmentFlag.AlignCenter, self.count_text())


class ChipTray(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        styled(self, _STYLE)
        rules = question.rules.chips
        self.denominations = rules.tray
        self.currency = rules.currency.value
        self.counts = dict.fromkeys(self.denominations, 0)
        self.added: list[Decimal] = []  # in the order given: Backspace takes the last back
        self._verdict: Verdict | None = None
        self._change_error = ""

        self.tray = QFrame()
        self.tray.setObjectName("chipTray")
        self.tray.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        tray_flow = FlowLayout(self.tray, spacing=4)
        tray_flow.setContentsMargins(6, 4, 6, 4)
        self.chips = {value: ChipPiece(value, key, self.tray)
                      for value, key in zip(self.denominations, KEYS, strict=False)}
        self.keys = {chip.key: value for value, chip in self.chips.items()}
        self.payment = QFrame()
        self.payment.setObjectName("dropTarget")
        pay_flow = FlowLayout(self.payment, spacing=4)
        pay_flow.setContentsMargins(6, 4, 6, 4)
        self.empty = QLabel()
        self.empty.setObjectName("answerHint")
        self.empty.setMinimumHeight(_stack_height(self.empty))
        self.stacks = {value: StackPiece(value, self.tray, self.payment)
                       for value in reversed(self.denominations)}  # largest first
        pay_flow.addWidget(self.empty)
        self.carrier = Carrier(self)
        self.carrier.clicked.connect(self._clicked)
        self.carrier.dropped.connect(self._dropped)
        self.carrier.add_target(self.tray, "tray")
        self.carrier.add_target(self.payment, "payment")
        for chip in self.chips.values():
            tray_flow.addWidget(chip)
            self.carrier.add_item(chip, ("add", chip.value))
            chip.offered = partial(self.chip_actions, chip.value)
        for stack in self.stacks.values():
            pay_flow.addWidget(stack)
            stack.hide()
            self.carrier.add_item(stack, ("take", stack.value))
            stack.offered = partial(self.stack_actions, stack.value, False)
        self.take_keys_of(self.tray)

        self.tray_title, self.payment_title = QLabel(), QLabel()
        for title in (self.tray_title, self.payment_title):
            title.setObjectName("tierTitle")
        self.total = QLabel()
        self.total.setObjectName("chipsTotal")
        self.expected = QLabel()
        self.expected.setObjectName("answerHint")
        self.expected.setWordWrap(True)
        self.expected.hide()
        self.change_caption = QLabel()
        self.change = QLineEdit()
        self.change.setObjectName("change")
        self.change.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.change_caption.setBuddy(self.change)
        self.change.textChanged.connect(self._refresh)
        self.notes = QLabel()
        self.notes.setObjectName("answerHint")
        self.notes.setWordWrap(True)
        self.notes.hide()
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        #: A bet's chip form asks the way (pay or collect): its options.
        self.ways = [str(option.value) for option in question.form.options]
        self.way: str | None = None
        self.way_buttons = {way: OptionButton(WAY_KEYS[way]) for way in self.ways}
        for way, button in self.way_buttons.items():
            button.setCheckable(True)
            button.clicked.connect(lambda _checked=False, w=way: self.pick_way(w))
        self.take_keys_of(*self.way_buttons.values())
        self.gross = way_of(question) == PAY_GROSS or bool(
            self.ways and question.rules.chips.commission is CommissionInChips.GROSS)
        self.taking_back = not self.ways  # a bet takes back only from a win it pays
        #: Whether the answer says the part taken back even when nothing is (a win paid
        #: gross); a bet, or a walk's place, says it only when something is taken back.
        self.says_nothing_taken = not self.ways
        self.filling_taken = False
        self.taken_counts = dict.fromkeys(self.denominations, 0)
        self.taken_added: list[Decimal] = []
        if self.gross:
            self._build_taken()
        self._lay_out()
        self.allow_taking_back(self.taking_back)
        QWidget.setTabOrder(self.tray, self.change)
        QWidget.setTabOrder(self.change, self.check_button)
        self.retranslate()

    def _build_taken(self) -> None:
        """The area of what is taken back, with its change and the switch to it."""
        self.taken = QFrame()
        self.taken.setObjectName("dropTarget")
        flow = FlowLayout(self.taken, spacing=4)
        flow.setContentsMargins(6, 4, 6, 4)
        self.taken_empty = QLabel()
        self.taken_empty.setObjectName("answerHint")
        self.taken_empty.setMinimumHeight(_stack_height(self.taken_empty))
        flow.addWidget(self.taken_empty)
        self.taken_stacks = {value: StackPiece(value, self.tray, self.taken)
                             for value in reversed(self.denominations)}
        self.carrier.add_target(self.taken, "taken")
        for stack in self.taken_stacks.values():
            flow.addWidget(stack)
            stack.hide()
            self.carrier.add_item(stack, ("take_taken", stack.value))
            stack.offered = partial(self.stack_actions, stack.value, True)
        self.taken_title = QLabel()
        self.taken_title.setObjectName("tierTitle")
        self.taken_total = QLabel()
        self.taken_total.setObjectName("chipsTotal")
        self.taken_change_caption = QLabel()
        self.taken_change = QLineEdit()
        self.taken_change.setObjectName("takenChange")
        self.taken_change.setAlignment(Qt.AlignmentFlag.AlignRight
                                       | Qt.AlignmentFlag.AlignVCenter)
        self.taken_change_caption.setBuddy(self.taken_change)
        self.taken_change.textChanged.connect(self._refresh)
        self.switch = QPushButton()
        self.switch.setCheckable(True)
        self.switch.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.switch.toggled.connect(self.fill_taken)

    def pick_way(self, way: str) -> None:
        """A bet paid or collected: the part taken back shows only while it is paid."""
        if self.answered or way not in self.ways:
            return
        self.way = way
        for value, button in self.way_buttons.items():
            button.setChecked(value == way)
        self.allow_taking_back(way == PAY)
        self._refresh()

    def allow_taking_back(self, allowed: bool) -> None:
        """Show the part taken back (a win paid gross) or hide it (a loss collected)."""
        self.taking_back = allowed
        if not self.gross:
            return
        if not allowed and self.filling_taken:
            self.fill_taken(False)
        for widget in (self.taken_title, self.taken, self.taken_total,
                       self.taken_change_caption, self.taken_change, self.switch):
            widget.setVisible(allowed)

    def fill_taken(self, taken: bool) -> None:
        """Whether the chips (clicks and letters) go to the part taken back."""
        if not self.gross or self.answered:
            return
        self.filling_taken = taken
        if self.switch.isChecked() != taken:
            self.switch.setChecked(taken)
        mark(self.taken, "missed" if taken else None)
        mark(self.payment, None if taken else "missed")
        self.switch.setText(_("◀ Payment (T)") if taken else _("Take back ▶ (T)"))

    def _lay_out(self) -> None:
        """One column, so that a narrow window wraps the tray rather than scrolls."""
        change = QHBoxLayout()
        change.addWidget(self.change_caption)
        change.addWidget(self.change)
        change.addWidget(self.check_button)
        change.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        if self.ways:
            ways = QHBoxLayout()
            for button in self.way_buttons.values():
                ways.addWidget(button)
            ways.addStretch(1)
            layout.addLayout(ways)
        for widget in (self.tray_title, self.tray, self.payment_title, self.payment,
                       self.total, self.expected):
            layout.addWidget(widget)
        layout.addLayout(change)
        if self.gross:
            change.insertWidget(3, self.switch)
            taken_change = QHBoxLayout()
            taken_change.addWidget(self.taken_change_caption)
            taken_change.addWidget(self.taken_change)
            taken_change.addStretch(1)
            for widget in (self.taken_title, self.taken, self.taken_total):
                layout.addWidget(widget)
            layout.addLayout(taken_change)
            QWidget.setTabOrder(self.change, self.taken_change)
            QWidget.setTabOrder(self.taken_change, self.check_button)
        for widget in (self.problem, self.notes, self.hint):
            layout.addWidget(widget)

    def retranslate(self) -> None:
        super().retranslate()
        for way, button in self.way_buttons.items():
            button.set_label(_("Pay it") if way == PAY else _("Collect from it"))
        self.tray_title.setText(_("Chip tray"))
        self.payment_title.setText(_("Payment"))
        self.empty.setText(_("Click or drag chips here"))
        self.change_caption.setText(_("Chan&ge:"))
        smallest = self.denominations[0]
        example = Decimal("2.50") if smallest > Decimal("2.50") else smallest / 2
        self.change.setPlaceholderText(_("e.g. {example}").format(example=self._money(example)))
        metrics = self.change.fontMetrics()
        self.change.setMinimumWidth(metrics.horizontalAdvance(self.change.placeholderText())
                                    + 2 * metrics.height())
        self.hint.setText(_("Click a chip or drag it onto the payment, or press its letter; "
                            "click a stack or press Backspace to take one back. Type what is "
                            "below the smallest chip as change. Enter checks."))
        self.tray.setAccessibleName(_("Chip tray"))
        self.tray.setAccessibleDescription(self.hint.text())
        self.payment.setAccessibleName(_("Payment"))
        for chip in self.chips.values():
            chip.setAccessibleName(_("{amount} chip, key {key}").format(
                amount=self._money(chip.value), key=chip.key))
            chip.setToolTip(chip.accessibleName())
        if self.gross:
            self.taken_title.setText(_("Taken back"))
            self.taken_empty.setText(_("Press T, then click or drag chips here"))
            self.taken_change_caption.setText(_("Change taken &back:"))
            self.taken_change.setMinimumWidth(self.change.minimumWidth())
            self.taken.setAccessibleName(_("Taken back"))
            self.switch.setText(_("◀ Payment (T)") if self.filling_taken
                                else _("Take back ▶ (T)"))
            self.hint.setText(_("{text} Pay the whole win, then press T (or Take back) and "
                                "take the commission back the same way.").format(
                text=self.hint.text()))
        self._refresh()
        if self._verdict is not None:
            self._show_expected(self._verdict)

    def _money(self, amount: Decimal) -> str:
        return format_money(amount, currency=self.currency)

    # The payment -------------------------------------------------------------------------

    def _area(self, taken: bool | None) -> tuple[dict[Decimal, int], list[Decimal]]:
        """The counts and the order added of the payment or the part taken back (None:
        the one being filled)."""
        if taken is None:
            taken = self.filling_taken
        return (self.taken_counts, self.taken_added) if taken else (self.counts, self.added)

    def add(self, value: Decimal, taken: bool | None = None) -> None:
        """Put one more chip of ``value`` in the payment (or the part taken back)."""
        counts, added = self._area(taken)
        if self.answered or counts.get(value, MOST_OF_ONE) >= MOST_OF_ONE:
            return
        counts[value] += 1
        added.append(value)
        self._refresh()

    def take(self, value: Decimal, taken: bool | None = None) -> None:
        """Take one chip of ``value`` back (the last of them that was added)."""
        counts, added = self._area(taken)
        if self.answered or not counts.get(value):
            return
        counts[value] -= 1
        del added[len(added) - 1 - added[::-1].index(value)]
        self._refresh()

    def take_last(self) -> None:
        _counts, added = self._area(None)
        if added:
            self.take(added[-1])

    def chip_actions(self, value: Decimal) -> list[Action]:
        """A tray chip's actions for a screen reader: what its letter does (one more, to the
        part being filled) and Shift+letter (one back)."""
        if self.answered:
            return []
        counts, _added = self._area(None)
        offered: list[Action] = []
        if counts[value] < MOST_OF_ONE:
            offered.append((_("Add one"), partial(self.add, value)))
        if counts[value]:
            offered.append((_("Take one back"), partial(self.take, value)))
        return offered

    def stack_actions(self, value: Decimal, taken: bool) -> list[Action]:
        """A stack's action for a screen reader: one chip back to the tray (a click)."""
        counts, _added = self._area(taken)
        if self.answered or not counts[value]:
            return []
        return [(_("Take one back"), partial(self.take, value, taken))]

    def chips_total(self) -> Decimal:
        return total(self.counts)

    def _clicked(self, item: tuple[str, Decimal]) -> None:
        action, value = item
        if action == "add":
            self.add(value)
        else:
            self.take(value, action == "take_taken")

    def _dropped(self, item: tuple[str, Decimal], target: str) -> None:
        action, value = item
        if (action, target) == ("add", "payment"):
            self.add(value, False)
        elif (action, target) == ("add", "taken"):
            self.add(value, True)
        elif target == "tray" and action in ("take", "take_taken"):
            self._clicked(item)

    def _refresh(self) -> None:
        """Show the payment as it stands, its total, and what is wrong with the change."""
        parts = []
        for value, stack in self.stacks.items():
            stack.count = self.counts[value]
            stack.setVisible(stack.count > 0)
            stack.setAccessibleName(ngettext("{count} chip of {amount}",
                                             "{count} chips of {amount}", stack.count).format(
                count=stack.count, amount=self._money(value)))
            stack.setToolTip(stack.accessibleName())
            stack.updateGeometry()
            stack.update()
            if stack.count:
                parts.append(stack.accessibleName())
        self.empty.setVisible(not parts)
        change = self._read_change()
        error = self._change_error
        amount = self.chips_total() + (change or 0)
        self.total.setText(_("Total: {amount}").format(amount=self._money(amount)))
        self.payment.setAccessibleDescription("; ".join([*parts, self.total.text()]))
        ready = self._ready()
        if self.gross:
            taken_parts = []
            for value, stack in self.taken_stacks.items():
                stack.count = self.taken_counts[value]
                stack.setVisible(stack.count > 0)
                stack.setAccessibleName(ngettext("{count} chip of {amount}",
                                                 "{count} chips of {amount}",
                                                 stack.count).format(
                    count=stack.count, amount=self._money(value)))
                stack.setToolTip(stack.accessibleName())
                stack.updateGeometry()
                stack.update()
                if stack.count:
                    taken_parts.append(stack.accessibleName())
            self.taken_empty.setVisible(not taken_parts)
            taken_change = self._read_change(self.taken_change)
            error = error or self._change_error
            self._change_error = error
            self.taken_total.setText(_("Taken back: {amount}").format(
                amount=self._money(total(self.taken_counts) + (taken_change or 0))))
            self.taken.setAccessibleDescription("; ".join([*taken_parts,
                                                           self.taken_total.text()]))
        if not self.answered:
            self.set_problem(error)
            self.check_button.setEnabled(ready)

    def _read_change(self, box: QLineEdit | None = None) -> Decimal | None:
        """The change typed (None when there is none or it is wrong: the error is kept)."""
        self._change_error = ""
        text = (box or self.change).text()
        if not text.strip():
            return None
        try:
            change = parse_money(text)
        except MoneyError as error:
            self._change_error = str(error)
            return None
        if not Decimal(0) <= change < self.denominations[0]:
            self._change_error = _("Change is what is below the smallest chip ({smallest}): "
                                   "pay the rest in chips.").format(
                smallest=self._money(self.denominations[0]))
            return None
        return change

    def answer(self) -> dict[str, Any] | None:
        self._refresh()
        if self._change_error or not self._ready():
            return None
        answer: dict[str, Any] = {
            "chips": {str(int(value)): count for value, count in self.stacks_given()},
            "change": self.change.text().strip()}
        if self.ways:
            answer[ANSWER_WAY] = self.way
        taken: dict[str, Any] | None = {
            "chips": {str(int(value)): self.taken_counts[value]
                      for value in self.taken_stacks if self.taken_counts[value]},
            "change": self.taken_change.text().strip()} if self.gross else None
        if taken is not None and self.taking_back and (self.says_nothing_taken or any(
                taken["chips"].values()) or taken["change"]):
            answer[TAKEN] = taken  # a bet paid gross says what it takes back, if anything
        return answer

    def _ready(self) -> bool:
        """Whether there is an answer to check: chips or change; for a bet, its way."""
        if self.ways:
            return self.way is not None
        return bool(self.added or self.change.text().strip())

    def stacks_given(self) -> list[tuple[Decimal, int]]:
        """The denominations paid and their counts, largest first."""
        return [(value, self.counts[value]) for value in self.stacks if self.counts[value]]

    # Keyboard ----------------------------------------------------------------------------

    def focus_first(self) -> None:
        self.tray.setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        backspace = event.key() == Qt.Key.Key_Backspace and not event.modifiers()
        switch = self.gross and key_char(event) == SWITCH_KEY
        way = key_char(event) in {WAY_KEYS[w] for w in self.ways}
        return (event.key() in ENTER_KEYS or backspace or key_char(event) in self.keys
                or switch or way)

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Backspace and not event.modifiers():
            self.take_last()
            return True
        letter = key_char(event)
        if self.gross and letter == SWITCH_KEY and not event.modifiers():
            if self.taking_back:
                self.fill_taken(not self.filling_taken)
            return True
        for way in self.ways:
            if letter == WAY_KEYS[way] and not event.modifiers():
                self.pick_way(way)
                return True
        if letter in self.keys:
            shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            (self.take if shift else self.add)(self.keys[letter])
            return True
        return super().key_pressed(widget, event)  # Enter checks

    # Verdict -----------------------------------------------------------------------------

    def show_given(self, given: Any) -> None:
        """The chips and change of a recorded answer, as given."""
        chips = given.get("chips") if isinstance(given, dict) else None
        self.counts = dict.fromkeys(self.denominations, 0)
        self.added = []
        for key, count in (chips if isinstance(chips, dict) else {}).items():
            try:
                value = Decimal(str(key))
            except ArithmeticError:
                continue
            if value in self.counts and type(count) is int and 0 < count <= MOST_OF_ONE:
                self.counts[value] += count
                self.added += [value] * count
        self.change.setText(str(given.get("change") or "") if isinstance(given, dict) else "")
        way = given.get(ANSWER_WAY) if isinstance(given, dict) else None
        if way in self.ways:
            self.pick_way(way)
        if self.gross:
            taken = given.get(TAKEN) if isinstance(given, dict) else None
            taken = taken if isinstance(taken, dict) else {}
            chips = taken.get("chips")
            self.taken_counts = dict.fromkeys(self.denominations, 0)
            self.taken_added = []
            for key, count in (chips if isinstance(chips, dict) else {}).items():
                try:
                    value = Decimal(str(key))
                except ArithmeticError:
                    continue
                if value in self.taken_counts and type(count) is int \
                        and 0 < count <= MOST_OF_ONE:
                    self.taken_counts[value] += count
                    self.taken_added += [value] * count
            self.taken_change.setText(str(taken.get("change") or ""))
        self._refresh()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """The payment frozen, green or red, the right amount beside it when it was wrong,
        and the verdict's notes (the fewest chips) under it."""
        self._verdict = verdict
        self.stop_taking_answers([self.tray])
        self.carrier.enabled = False
        for piece in (*self.chips.values(), *self.stacks.values()):
            piece.setCursor(Qt.CursorShape.ArrowCursor)
        self.change.setReadOnly(True)
        mark(self.payment, "right" if verdict.correct else "wrong")
        expected_way = _expected_way(verdict)
        for way, button in self.way_buttons.items():
            button.setEnabled(False)
            if way in (self.way, expected_way):
                button.show_mark("right" if way == expected_way else "wrong")
        if self.gross:
            self.taken_change.setReadOnly(True)
            self.switch.setEnabled(False)
            mark(self.taken, "right" if verdict.correct else "wrong")
        self._show_expected(verdict)

    def _show_expected(self, verdict: Verdict) -> None:
        expected_way = _expected_way(verdict)
        if verdict.correct:
            self.expected.setText(verdict_prefix("right").strip())
        elif self.ways and self.way != expected_way:
            text = (_("✘ This bet is paid, not collected: {amount}.") if expected_way == PAY
                    else _("✘ This bet is collected, not paid: {amount}."))
            self.expected.setText(text.format(amount=self._expected_amount(verdict)))
        else:
            self.expected.setText(_("✘ The amount is {amount}.").format(
                amount=self._expected_amount(verdict)))
        self.expected.show()
        self.notes.setText("\n".join(str(note) for note in verdict.notes))
        self.notes.setVisible(bool(verdict.notes))

    def _expected_amount(self, verdict: Verdict) -> str:
        expected = verdict.expected
        if isinstance(expected, int | Decimal) and not isinstance(expected, bool):
            return self._money(Decimal(expected))
        try:
            if isinstance(expected, dict) and TAKEN in expected:
                paid = {key: value for key, value in expected.items() if key != TAKEN}
                chips, change = read_chips(paid, self.denominations)
                taken, taken_change = read_chips(expected[TAKEN], self.denominations)
                return _("{paid}, taken back {taken}").format(
                    paid=self._money(total(chips) + change),
                    taken=self._money(total(taken) + taken_change))
            chips, change = read_chips(expected, self.denominations)
        except UnreadableAnswer:
            return verdict.expected_words
        return self._money(total(chips) + change)


def _expected_way(verdict: Verdict) -> str | None:
    """The way the rules core settles a bet (None for a chip form that asks none)."""
    return verdict.expected.get(ANSWER_WAY) if isinstance(verdict.expected, dict) else None
