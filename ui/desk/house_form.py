"""The house rules form: one group per game, one control per setting of ``HouseRules``.

Each control reads and writes its setting in the JSON form of ``HouseRules``
(``rules.to_json()``), so the form never needs to know what a setting means: a
percentage, a payout "to 1", a number of rounds, an amount of money, a unit of money,
the chips of a tray or one of the readings of a house interpretation.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

import i18n
from i18n import N_, Message, MoneyError, _, format_money, parse_money
from trainer.rules.chips import MOST_DENOMINATIONS, ChipError, read_denominations
from ui.desk.texts import restyle, settings_grid
from ui.translated import Retranslating
from ui.widgets.choices import Choices

#: Units of money a commission or a payment may be rounded to.
UNITS = ("0.01", "0.1", "0.5", "1", "5", "10")

#: The control of a setting: a spin box for percentages, payouts and rounds, a line for
#: money and chips, a list for units and choices.
RuleEditor = QDoubleSpinBox | QSpinBox | QLineEdit | QComboBox


@dataclass(frozen=True)
class RuleField:
    #: Where the setting is in ``HouseRules.to_json()``.
    path: tuple[str, ...]
    label: str
    #: percent · times · rounds · money · unit · chips · choice
    kind: str
    #: For ``choice``: (stored value, its words).
    choices: tuple[tuple[Any, str], ...] = ()


@dataclass(frozen=True)
class GroupSpec:
    title: str
    column: int
    fields: tuple[RuleField, ...]


GROUPS = (
    GroupSpec(N_("Money"), 0, (
        RuleField(("commission_unit",), N_("Commissions are rounded half-up to (HI-MONEY)"),
                  "unit"),
        RuleField(("money_unit",), N_("The smallest amount paid or collected"), "unit"),
    )),
    GroupSpec(N_("Chips"), 0, (
        RuleField(("chips", "denominations"), N_("Chips in the tray (HI-CHIP-CHANGE)"),
                  "chips"),
        RuleField(("chips", "currency"), N_("The chips' currency"), "choice",
                  (("MOP", N_("Patacas (MOP)")), ("HKD", N_("Hong Kong dollars (HKD)")))),
        RuleField(("chips", "fewest"), N_("Paying with more chips than needed"), "choice",
                  (("off", N_("Is not looked at: the amount alone is graded")),
                   ("hint", N_("Is right, and the fewest chips are shown")),
                   ("graded", N_("Earns half")))),
        RuleField(("chips", "commission"), N_("A win that owes commission"), "choice",
                  (("net", N_("Pay the net amount")),
                   ("gross", N_("Pay the whole win, then take the commission back in "
                                "chips")))),
    )),
    GroupSpec(N_("13-card game"), 0, (
        RuleField(("thirteen", "commission_rate"), N_("Commission on a prize (Art. 11)"),
                  "percent"),
        RuleField(("thirteen", "equal_tiers_are_foul"), N_("Equal tiers (HI-EQUAL-TIERS)"),
                  "choice", ((False, N_("Are not a foul")), (True, N_("Are a foul")))),
        RuleField(("thirteen", "natural_declared_automatically"), N_("Naturals (HI-NATURAL)"),
                  "choice", ((True, N_("Count as declared")),
                             (False, N_("Count only when declared")))),
        RuleField(("thirteen", "six_pairs_allow_three_of_a_kind"),
                  N_("Six pairs and a half (HI-SIX-PAIRS)"), "choice",
                  ((False, N_("The odd card matches no pair")),
                   (True, N_("The odd card may match a pair")))),
        RuleField(("thirteen", "both_foul_is_push"),
                  N_("Banker and place both fouled (HI-FOUL)"), "choice",
                  ((False, N_("The place loses its bets")),
                   (True, N_("A push: the bets are returned")))),
        RuleField(("thirteen", "house_way"), N_("The banker sets his hand (HI-HOUSE-WAY)"),
                  "choice", (("expected-points", N_("For the most points expected")),
                             ("strongest-back", N_("Strongest back tier first")))),
        RuleField(("thirteen", "finished_at_the_signal_plays"),
                  N_("A place that finishes setting at the signal itself (HI-13-SIGNAL)"),
                  "choice", ((False, N_("Loses: it did not finish before the signal")),
                             (True, N_("Plays: it finished within the five minutes")))),
    )),
    GroupSpec(N_("Sap I Chi"), 0, (
        RuleField(("sap_i_chi", "any_group_of_numbers"), N_("Group bets (HI-SAP-LAYOUT)"),
                  "choice", ((True, N_("Any 2, 3, 4 or 6 numbers")),
                             (False, N_("Only neighbouring numbers on the board")))),
    )),
    GroupSpec(N_("Mahjong Baccarat"), 1, (
        RuleField(("mahjong_baccarat", "commission_rate"),
                  N_("Commission on every amount won (Art. 9)"), "percent"),
        RuleField(("mahjong_baccarat", "banker_commission"),
                  N_("The banker's commission (HI-MB-COMMISSION)"), "choice",
                  (("net-gain", N_("On his net gain, only when he wins the round")),
                   ("per-won-bet", N_("On every amount he collects")))),
        RuleField(("mahjong_baccarat", "max_rounds_in_a_row"),
                  N_("Rounds a place may keep the bank in a row (Art. 5.1)"), "rounds"),
        RuleField(("mahjong_baccarat", "capital_net_of_commission"),
                  N_("The winning banker's new capital (HI-MB-COMMISSION)"), "choice",
                  ((True, N_("Counts his winnings net of commission")),
                   (False, N_("Counts his winnings before commission")))),
    )),
    GroupSpec(N_("Three-card baccarat"), 1, (
        RuleField(("three_card", "commission_rate"),
                  N_("Commission on player and banker bets (HI-3C-PAY)"), "percent"),
        RuleField(("three_card", "tie_pays"), N_("A tie pays (to 1)"), "times"),
        RuleField(("three_card", "three_figures_pays"), N_("Three figures pays (to 1)"),
                  "times"),
        RuleField(("three_card", "banker_points_pays"), N_("The banker's points pay (to 1)"),
                  "times"),
    )),
    GroupSpec(N_("Mah-Jong"), 1, (
        RuleField(("mahjong", "kai_vu_amount"), N_("Each player pays for kai vu (HI-MJ-PAY)"),
                  "money"),
        RuleField(("mahjong", "one_fan_amount"), N_("Each player pays for 1 fán"), "money"),
        RuleField(("mahjong", "double_fan_amount"), N_("Each player pays for double fán"),
                  "money"),
        RuleField(("mahjong", "commission_rate"), N_("Commission on a win"), "percent"),
        RuleField(("mahjong", "wan_iat_sek_with_scoring_honours"),
                  N_("One suit with honours, wân iat sêk (Art. 6 (a))"), "choice",
                  ((False, N_("Only when no honour set is itself worth fán (Art. 6 (a))")),
                   (True, N_("Whatever its honours are worth")))),
    )),
)


def _get(values: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        values = values[key]
    return values


def _put(values: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for key in path[:-1]:
        values = values[key]
    values[path[-1]] = value


def plain(value: Decimal) -> str:
    """A decimal as the shortest plain text ("0.02", "10"), as the JSON keeps it."""
    return format(value.normalize(), "f")


def _editor(rule: RuleField) -> RuleEditor:
    if rule.kind == "percent":
        spin = QDoubleSpinBox()
        spin.setRange(0, 50)
        spin.setDecimals(2)
        spin.setSingleStep(0.5)
        spin.setSuffix(" %")
        return spin
    if rule.kind == "times":
        spin = QDoubleSpinBox()
        spin.setRange(0.01, 1000)
        spin.setDecimals(2)
        return spin
    if rule.kind == "rounds":
        rounds = QSpinBox()
        rounds.setRange(1, 20)
        return rounds
    if rule.kind == "money":
        amount = QLineEdit()
        amount.setMaxLength(24)
        return amount
    if rule.kind == "chips":
        tray = QLineEdit()  # "5 10 25 50 100 …": whole amounts, smallest first
        tray.setMaxLength(120)
        return tray
    choices = Choices()  # its texts change with the language: its width follows them
    return choices


class FieldProblem(ValueError):
    """A value of the form that cannot be saved: ``args[0]`` says why (a Message),
    ``editor`` is its control."""

    def __init__(self, message: Message, editor: QWidget):
        super().__init__(message)
        self.editor = editor


class RuleGroup(Retranslating, QGroupBox):
    """One game's settings, each with its label in words and a control that fits it."""

    def __init__(self, spec: GroupSpec, parent: QWidget | None = None):
        super().__init__(parent)
        self.spec = spec
        self.labels: list[QLabel] = []
        self.editors: list[RuleEditor] = []
        self._language = i18n.current_language()
        for rule in spec.fields:
            label = QLabel()
            editor = _editor(rule)
            label.setBuddy(editor)
            self.labels.append(label)
            self.editors.append(editor)
        #: Under each setting, what is wrong with it when it cannot be saved (hidden).
        self.problems: list[QLabel] = []
        rows: list[tuple[QLabel, QWidget | QLayout]] = []
        for label, editor in zip(self.labels, self.editors, strict=True):
            problem = QLabel()
            problem.setObjectName("error")
            problem.setWordWrap(True)
            problem.hide()
            self.problems.append(problem)
            spacer = QLabel()
            spacer.hide()
            rows += [(label, editor), (spacer, problem)]
        self.setLayout(settings_grid(rows))
        self.retranslate()

    def show_problem(self, message: Message | None, editor: QWidget | None = None) -> None:
        """Say ``message`` right under ``editor`` and mark it (None: nothing is wrong)."""
        for other, problem in zip(self.editors, self.problems, strict=True):
            here = other is editor and message is not None
            other.setProperty("invalid", here)
            restyle(other)
            problem.setText(str(message) if here else "")
            problem.setVisible(here)

    def editor(self, path: tuple[str, ...]) -> RuleEditor:
        return next(e for rule, e in zip(self.spec.fields, self.editors, strict=True)
                    if rule.path == path)

    def retranslate(self) -> None:
        before, self._language = self._language, i18n.current_language()
        self.setTitle(_(self.spec.title))
        for rule, label, editor in zip(self.spec.fields, self.labels, self.editors, strict=True):
            label.setText(_(rule.label))
            editor.setLocale(QLocale())
            if isinstance(editor, QComboBox):
                self._fill(rule, editor)
            elif isinstance(editor, QLineEdit) and rule.kind == "money":
                try:  # what was typed in the language before, now written in this one
                    editor.setText(format_money(parse_money(editor.text(), before)))
                except MoneyError:
                    pass

    def _fill(self, rule: RuleField, combo: QComboBox) -> None:
        chosen = combo.currentData()
        combo.clear()
        if rule.kind == "unit":
            for unit in UNITS:
                combo.addItem(format_money(Decimal(unit)), unit)
        else:
            for value, words in rule.choices:
                combo.addItem(_(words), value)
        if chosen is not None:
            self._choose(combo, chosen)

    def _choose(self, combo: QComboBox, value: Any) -> None:
        index = combo.findData(value)
        if index < 0:  # a unit saved elsewhere that is not in our list: offer it too
            combo.addItem(format_money(Decimal(value)), value)
            index = combo.count() - 1
        combo.setCurrentIndex(index)

    def show_values(self, values: dict[str, Any]) -> None:
        for rule, editor in zip(self.spec.fields, self.editors, strict=True):
            value = _get(values, rule.path)
            if isinstance(editor, QDoubleSpinBox):  # a percentage or a payout "to 1"
                editor.setValue(float(Decimal(value) * (100 if rule.kind == "percent" else 1)))
            elif isinstance(editor, QSpinBox):  # rounds
                editor.setValue(int(value))
            elif isinstance(editor, QLineEdit):  # an amount of money or the chips of a tray
                editor.setText(format_money(Decimal(value)) if rule.kind == "money" else value)
            else:  # a unit of money (kept as its plain text) or a choice
                self._choose(editor, plain(Decimal(value)) if rule.kind == "unit" else value)

    def collect(self, values: dict[str, Any]) -> None:
        """Write the controls' values into ``values``; :class:`FieldProblem` names a bad one
        and its control."""
        for rule, editor in zip(self.spec.fields, self.editors, strict=True):
            try:
                _put(values, rule.path, self._value(rule, editor))
            except ValueError as problem:
                raise FieldProblem(problem.args[0], editor) from problem

    def _value(self, rule: RuleField, editor: Any) -> Any:
        if rule.kind == "percent":
            return plain(Decimal(f"{editor.value():.2f}") / 100)
        if rule.kind == "times":
            return plain(Decimal(f"{editor.value():.2f}"))
        if rule.kind == "rounds":
            return editor.value()
        if rule.kind == "money":
            try:
                amount = parse_money(editor.text())
            except MoneyError as problem:
                raise ValueError(Message.of(N_("{setting}: {problem}"),
                                            setting=Message.of(rule.label),
                                            problem=problem.message)) from problem
            if amount <= 0:
                raise ValueError(Message.of(N_("{setting}: the amount must be more than zero."),
                                            setting=Message.of(rule.label)))
            return plain(amount)
        if rule.kind == "chips":
            try:
                tray = read_denominations(editor.text())
            except ChipError as problem:
                raise ValueError(Message.of(N_("{setting}: {problem}"),
                                            setting=Message.of(rule.label),
                                            problem=Message.of(N_(
                                                "Chip denominations are whole amounts, each "
                                                "once, each a whole number of the smallest, "
                                                "at most {most}."),
                                                most=MOST_DENOMINATIONS))) from problem
            return " ".join(str(chip) for chip in tray)
        return editor.currentData()
