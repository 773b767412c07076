"""The house rules form: one group per game, one control per setting of ``HouseRules``.

Each control reads and writes its setting in the JSON form of ``HouseRules``
(``rules.to_json()``), so the form never needs to know what a setting means: a
percentage, a payout "to 1", a number of rounds, an amount of money, a unit of money,
the chips of a tray, one of the readings of a house interpretation or a round's par in
seconds (kept beside the house rules, under ``ui.house_settings.PARS``).
"""

from __future__ import annotations

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
from trainer.rounds import pars
from trainer.rules.chips import MOST_DENOMINATIONS, ChipError, read_denominations
from ui.desk.texts import restyle, settings_grid
from ui.house_settings import (
    UNITS,
    GroupSpec,
    RuleField,
    SettingKind,
    plain,
    put_at,
    value_at,
)
from ui.translated import Retranslating
from ui.widgets.choices import Choices

#: The control of a setting: a spin box for percentages, payouts and rounds, a line for
#: money and chips, a list for units and choices.
RuleEditor = QDoubleSpinBox | QSpinBox | QLineEdit | QComboBox


def _editor(rule: RuleField) -> RuleEditor:
    if rule.kind is SettingKind.PERCENT:
        spin = QDoubleSpinBox()
        spin.setRange(0, 50)
        spin.setDecimals(2)
        spin.setSingleStep(0.5)
        spin.setSuffix(" %")
        return spin
    if rule.kind is SettingKind.TIMES:
        spin = QDoubleSpinBox()
        spin.setRange(0.01, 1000)
        spin.setDecimals(2)
        return spin
    if rule.kind is SettingKind.ROUNDS:
        rounds = QSpinBox()
        rounds.setRange(1, 20)
        return rounds
    if rule.kind is SettingKind.SECONDS:
        seconds = QSpinBox()
        seconds.setRange(pars.LEAST, pars.MOST)
        seconds.setSingleStep(10)
        seconds.setSuffix(" s")
        return seconds
    if rule.kind is SettingKind.MONEY:
        amount = QLineEdit()
        amount.setMaxLength(24)
        return amount
    if rule.kind is SettingKind.CHIPS:
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
            elif isinstance(editor, QLineEdit) and rule.kind is SettingKind.MONEY:
                try:  # what was typed in the language before, now written in this one
                    editor.setText(format_money(parse_money(editor.text(), before)))
                except MoneyError:
                    pass

    def _fill(self, rule: RuleField, combo: QComboBox) -> None:
        chosen = combo.currentData()
        combo.clear()
        if rule.kind is SettingKind.UNIT:
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
            value = value_at(values, rule.path)
            if isinstance(editor, QDoubleSpinBox):  # a percentage or a payout "to 1"
                per_cent = rule.kind is SettingKind.PERCENT
                editor.setValue(float(Decimal(value) * (100 if per_cent else 1)))
            elif isinstance(editor, QSpinBox):  # rounds, or a par in seconds
                editor.setValue(int(value))
            elif isinstance(editor, QLineEdit):  # an amount of money or the chips of a tray
                money = rule.kind is SettingKind.MONEY
                editor.setText(format_money(Decimal(value)) if money else value)
            else:  # a unit of money (kept as its plain text) or a choice
                unit = rule.kind is SettingKind.UNIT
                self._choose(editor, plain(Decimal(value)) if unit else value)

    def collect(self, values: dict[str, Any]) -> None:
        """Write the controls' values into ``values``; :class:`FieldProblem` names a bad one
        and its control."""
        for rule, editor in zip(self.spec.fields, self.editors, strict=True):
            try:
                put_at(values, rule.path, self._value(rule, editor))
            except ValueError as problem:
                raise FieldProblem(problem.args[0], editor) from problem

    def _value(self, rule: RuleField, editor: Any) -> Any:
        if rule.kind is SettingKind.PERCENT:
            return plain(Decimal(f"{editor.value():.2f}") / 100)
        if rule.kind is SettingKind.TIMES:
            return plain(Decimal(f"{editor.value():.2f}"))
        if rule.kind in (SettingKind.ROUNDS, SettingKind.SECONDS):
            return editor.value()
        if rule.kind is SettingKind.MONEY:
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
        if rule.kind is SettingKind.CHIPS:
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
