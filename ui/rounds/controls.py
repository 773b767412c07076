"""The buttons of a round, each with its key written on it: the actions, the call and its
kinds, the rulings, the amount box with the house's chips, and Confirm; for an action that
takes a hand's class, the classes to click (:mod:`ui.rounds.class_picker`).

The buttons take no keyboard focus: every one has a key of its own (the screen reads the
keys), and Space and Enter confirm the action instead of pressing whichever button was last
clicked. The amount is typed as the trainee writes it in the current language
(``i18n.parse_money``), or put together by clicking the house's chips and the change. A
hand's class is typed in the same box, or
clicked on the picker of the classes its action takes, shown in place of the chips.

Every amount can be given by the mouse alone: what is below the smallest chip is put
together from the change (HI-CHIP-CHANGE), a button per coin of 1, 2 and 5 of each power of
ten from the house's money unit up to the smallest chip (MOP$0.01 … MOP$2 under a MOP$5
chip), so that any amount in the money unit is clicked; a game whose action may name
nobody (the next bank) has a button for nobody.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from i18n import MoneyError, _, format_money, parse_money
from trainer.rounds.actions import HandClass
from trainer.rules.house import HouseRules
from ui.rounds.class_picker import ClassPicker
from ui.rounds.kit import Kit
from ui.widgets.flow import FlowLayout


def _button(parent: QWidget) -> QPushButton:
    button = QPushButton(parent)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return button


def _flow(buttons: Sequence[QWidget]) -> QWidget:
    holder = QWidget()
    flow = FlowLayout(holder)
    flow.setContentsMargins(0, 0, 0, 0)
    for button in buttons:
        flow.addWidget(button)
    return holder


def change_coins(rules: HouseRules) -> tuple[Decimal, ...]:
    """The change below the house's smallest chip, smallest first: 1, 2 and 5 of each power
    of ten from the money unit (every amount in the unit is a sum of them)."""
    smallest, coins = min(rules.chips.tray), []
    decade = rules.money_unit
    while 0 < decade < smallest:
        coins += [value for value in (decade, 2 * decade, 5 * decade) if value < smallest]
        decade *= 10
    return tuple(coins)


class ActionControls(QWidget):
    def __init__(self, kit: Kit, rules: HouseRules, parent: QWidget | None = None):
        super().__init__(parent)
        self.kit = kit
        self.verbs = {verb: _button(self) for verb in kit.verbs}
        self.call = _button(self)
        self.kinds = {kind: _button(self) for kind in kit.call_kinds}
        self.decisions = {decision: _button(self) for decision in kit.decisions}
        self.chips = {value: _button(self) for value in rules.chips.tray}
        self.coins = {value: _button(self) for value in change_coins(rules)}
        self.change_caption = QLabel(self)
        self.nobody = _button(self)  # nobody named (the next bank): 0 typed alone
        self.nobody.setVisible(kit.nobody_verb is not None)
        self.clear = _button(self)
        self.loss = _button(self)  # a co-banker's share may be a loss
        self.loss.clicked.connect(self.negate)
        self.nothing = _button(self)  # a co-banker who takes nothing
        self.nothing.clicked.connect(self.take_nothing)
        for button in (self.loss, self.nothing):
            button.setVisible(kit.signed)
        self.confirm = _button(self)
        self.confirm.setObjectName("primary")
        self.amount_caption = QLabel()
        self.amount = QLineEdit()
        self.amount.setObjectName("amount")
        self.amount.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.amount_caption.setBuddy(self.amount)
        self.clear.clicked.connect(self.amount.clear)
        for value, chip in (*self.chips.items(), *self.coins.items()):
            chip.clicked.connect(lambda _checked=False, v=value: self.add_chip(v))
        #: A tray of the numbers each verb that takes some in the amount box takes.
        self.class_pickers = {verb: self._picker(verb, slot) for verb in kit.grammar.verbs
                              if (slot := kit.hand_class(verb)) is not None}
        for picker in self.class_pickers.values():
            picker.picked.connect(self.give_class)
            picker.hide()
        self.kinds_box = _flow(list(self.kinds.values()))
        self.decisions_box = _flow(list(self.decisions.values()))
        amount_row = QHBoxLayout()
        amount_row.addWidget(self.amount_caption)
        amount_row.addWidget(self.amount, 1)
        amount_row.addWidget(self.clear)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(_flow([*self.verbs.values(), self.nobody, self.call]))
        layout.addWidget(self.kinds_box)
        layout.addWidget(self.decisions_box)
        layout.addLayout(amount_row)
        for picker in self.class_pickers.values():
            layout.addWidget(picker)
        self.chips_box = _flow([*self.chips.values(), self.loss, self.nothing])
        layout.addWidget(self.chips_box)
        self.coins_box = _flow([self.change_caption, *self.coins.values()])
        layout.addWidget(self.coins_box)  # a child first: shown alone it would be a window
        self.coins_box.setVisible(bool(self.coins))
        layout.addWidget(self.confirm, 0, Qt.AlignmentFlag.AlignRight)
        self.kinds_box.hide()
        self.decisions_box.hide()

    def _picker(self, verb: str, slot: HandClass) -> ClassPicker:
        typed = self.kit.typed_numbers.get(verb)
        return ClassPicker(slot, self.kit.class_name) if typed is None else \
            ClassPicker(slot, said=typed.name)

    def retranslate(self) -> None:
        for verb, button in self.verbs.items():
            button.setText(f"{_(verb.label)} ({verb.key})")
        self.call.setText(_("Call (F2)"))
        for number, (kind, button) in enumerate(self.kinds.items(), start=1):  # 0: the 10th
            button.setText(f"{number % 10} · {_(self.kit.call_kinds[kind])}")
        for number, (decision, button) in enumerate(self.decisions.items(), start=1):
            button.setText(f"{number} · {_(self.kit.decisions[decision])}")
        for value, chip in self.chips.items():
            chip.setText(f"+{format_money(value)}")
            chip.setAccessibleName(_("Add a chip of {amount}").format(
                amount=format_money(value)))
        self.change_caption.setText(_("Change:"))
        for value, coin in self.coins.items():
            coin.setText(f"+{format_money(value)}")
            coin.setAccessibleName(_("Add {amount} of change").format(
                amount=format_money(value)))
        if self.kit.nobody_label is not None:
            self.nobody.setText(f"{_(self.kit.nobody_label)} (0)")
        shown = self.shown_classes()
        self.amount_caption.setText(self._amount_caption(
            None if shown is None else next(verb for verb, picker in
                                            self.class_pickers.items() if picker is shown)))
        for picker in self.class_pickers.values():
            picker.retranslate()
        self.amount.setPlaceholderText(_("e.g. {example}").format(
            example=format_money(Decimal("570"))))
        self.clear.setText(_("Clear"))
        self.loss.setText(_("Loss (−)"))
        self.loss.setAccessibleName(_("Make the amount a loss, or a gain again"))
        self.nothing.setText(_("Nothing (0)"))
        self.confirm.setText(_("Confirm (Enter)"))

    def _amount_caption(self, verb: str | None) -> str:
        """What the amount box takes for ``verb``'s tray: a class, a typed number (the
        stack), or (no tray) an amount."""
        if verb is None:
            return _("Amount:")
        typed = self.kit.typed_numbers.get(verb)
        return _("Class:") if typed is None else _(typed.caption)

    def give_class(self, number: int) -> None:
        """A class clicked: its number in the box, as typing it would put it."""
        self.amount.setText(str(number))

    def shown_classes(self) -> ClassPicker | None:
        return next((picker for picker in self.class_pickers.values()
                     if not picker.isHidden()), None)

    def show_classes(self, verb: str | None) -> None:
        """The classes (or numbers) ``verb`` takes in place of the chips (the one typed or
        clicked so far pressed), or the chips again when the action takes none."""
        shown = self.class_pickers.get(verb) if verb is not None else None
        for picker in self.class_pickers.values():
            picker.setVisible(picker is shown)
        self.chips_box.setVisible(shown is None)
        self.coins_box.setVisible(shown is None and bool(self.coins))
        self.amount_caption.setText(self._amount_caption(verb if shown is not None else None))
        self.amount.setPlaceholderText("" if shown is not None else _("e.g. {example}").format(
            example=format_money(Decimal("570"))))  # a number on the tray is no money
        if shown is not None:
            text = self.amount.text().strip()
            shown.show_picked(int(text) if text.isdigit() else None)

    def add_chip(self, value: Decimal) -> None:
        """One chip more in the amount (an amount that does not read counts as nothing)."""
        so_far = self.read_amount() or Decimal(0)
        self.amount.setText(format_money(so_far - value if so_far < 0 else so_far + value))

    def take_nothing(self) -> None:
        self.amount.setText(format_money(Decimal(0)))

    def negate(self) -> None:
        """The amount made a loss, or a gain again (an amount that does not read stays)."""
        try:
            so_far = self.read_amount()
        except MoneyError:
            return
        if so_far:
            self.amount.setText(format_money(-so_far))

    def read_amount(self) -> Decimal | None:
        """The amount typed, or ``None`` when the box is empty; :class:`MoneyError` says
        what is wrong with text that is not an amount."""
        text = self.amount.text().strip()
        return parse_money(text) if text else None

    def amount_problem(self) -> str | None:
        try:
            self.read_amount()
        except MoneyError as error:
            return str(error)
        return None

    def show_choices(self, calling: bool, ruling: bool) -> None:
        """The kinds of call while a call is made; the rulings once one has been."""
        self.kinds_box.setVisible(calling)
        self.decisions_box.setVisible(ruling)
