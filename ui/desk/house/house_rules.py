"""The instructor's form for the house rules and, beside them, the rounds' par times (both
kept by :mod:`trainer.progress.house_rules`, under settings of their own)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QGridLayout, QMessageBox, QPushButton, QVBoxLayout, QWidget

from i18n import N_, Message, _
from trainer.progress import Store, StoreError
from trainer.progress.house_rules import (
    read_house_rules,
    read_round_pars,
    save_house_rules,
    save_round_pars,
)
from trainer.progress.people.accounts import Actor
from trainer.rounds.pars import Pars
from trainer.rules.house import HouseRules
from ui.desk.house.house_form import FieldProblem, RuleGroup
from ui.house_settings import GROUPS, PARS
from ui.widgets.page import Page


class HouseRulesPage(Page):
    """Edit, check and save the house rules; new questions follow them at once."""

    #: The new :class:`HouseRules`, after they are saved.
    rulesChanged = Signal(object)  # noqa: N815 - Qt signal naming

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent, scrolled=True)
        self._store = store
        self._actor = actor
        self.groups: list[RuleGroup] = [RuleGroup(spec) for spec in GROUPS]
        self.changes_button = QPushButton()
        self.changes_button.clicked.connect(self.show_reading_changes)
        self.defaults_button = QPushButton()
        self.defaults_button.clicked.connect(self.restore_defaults)
        self.save_button = QPushButton()
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        self._layout()
        self.retranslate()
        self.reload()

    def _layout(self) -> None:
        grid = QGridLayout()
        columns: list[list[RuleGroup]] = [[], []]
        for group in self.groups:
            columns[group.spec.column].append(group)
        for column, groups in enumerate(columns):
            stack = QVBoxLayout()
            for group in groups:
                stack.addWidget(group)
            stack.addStretch(1)
            grid.addLayout(stack, 0, column)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        self.body.addLayout(grid)
        self.add_buttons(self.changes_button, self.defaults_button, self.save_button)

    def retranslate(self) -> None:
        self.heading.setText(_("House rules"))
        self.hint.setText(_(
            "Where the regulations leave a choice to the house, the trainer follows these "
            "settings. New questions use them as soon as they are saved; answers already "
            "given keep the rules they were asked under."))
        self.changes_button.setText(_("Changes in the &readings…"))
        self.defaults_button.setText(_("Restore the &defaults"))
        self.save_button.setText(_("&Save the house rules"))
        super().retranslate()

    def reload(self) -> None:
        rules, problem = read_house_rules(self._store)
        pars, pars_problem = read_round_pars(self._store)
        self.show_rules(rules, pars)
        for group in self.groups:
            group.show_problem(None)
        self.say(problem or pars_problem, problem=True)

    def show_rules(self, rules: HouseRules, pars: Pars | None = None) -> None:
        values = {**rules.to_json(), PARS: (pars or Pars()).to_json()}
        for group in self.groups:
            group.show_values(values)

    def pars(self) -> Pars:
        """The rounds' par times as the form shows them (its spin boxes keep them in range)."""
        values = {PARS: Pars().to_json()}
        for group in self.groups:
            if any(rule.path[0] == PARS for rule in group.spec.fields):
                group.collect(values)
        return Pars.from_json(values[PARS])

    def rules(self) -> HouseRules:
        """The rules as the form shows them; raises :class:`FieldProblem` naming the field
        to fix."""
        values = {**HouseRules().to_json(), PARS: Pars().to_json()}
        for group in self.groups:
            group.collect(values)
        del values[PARS]  # the par times are kept apart (pars())
        rules = HouseRules.from_json(values)
        paid = rules.mahjong
        if not paid.kai_vu_amount <= paid.one_fan_amount <= paid.double_fan_amount:
            mahjong = next(g for g in self.groups if g.spec.fields[0].path[0] == "mahjong")
            raise FieldProblem(Message.of(N_(
                "Mah-Jong: a hand of more fán must pay at least as much as a hand of fewer.")),
                mahjong.editor(("mahjong", "one_fan_amount")))
        return rules

    def saved(self) -> HouseRules:
        return read_house_rules(self._store)[0]

    def changed(self) -> bool:
        """Whether the form shows something other than the rules saved (a value that
        cannot be read counts as a change)."""
        try:
            return self.rules() != self.saved() or self.pars() != read_round_pars(
                self._store)[0]
        except (ValueError, ArithmeticError):
            return True

    def may_leave(self, parent: QWidget) -> bool:
        """Before the page is left: unsaved changes are saved or dropped, as the instructor
        answers, or the page stays (Cancel, or changes that cannot be saved)."""
        if not self.changed():
            return True
        box = QMessageBox(QMessageBox.Icon.Question, _("House rules"), _(
            "The house rules have changes that are not saved. Save them?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel, parent)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        if answer == QMessageBox.StandardButton.Discard:
            self.reload()
            return True
        return False

    def show_reading_changes(self) -> None:
        """What changed, version by version, in the rules core's readings of the texts."""
        from ui.desk.house.reading_changes import ReadingChangesDialog

        ReadingChangesDialog(self).exec()

    def restore_defaults(self) -> None:
        self.show_rules(HouseRules(), Pars())
        self.say(Message.of(N_("The default rules are shown. Save them to use them.")))

    def save(self) -> bool:
        """Save the form's rules; a value that cannot be saved is said at its field, which
        takes the focus. Whether they were saved."""
        for group in self.groups:
            group.show_problem(None)
        try:
            rules, pars = self.rules(), self.pars()
        except FieldProblem as problem:
            group = next(g for g in self.groups if problem.editor in g.editors)
            group.show_problem(problem.args[0], problem.editor)
            problem.editor.setFocus(Qt.FocusReason.OtherFocusReason)
            self.say(Message.of(N_("One setting cannot be saved: see it marked above.")),
                      problem=True)
            return False
        try:
            save_house_rules(self._store, self._actor, rules)
            save_round_pars(self._store, self._actor, pars)
        except StoreError as error:
            self.say(error.message, problem=True)
            return False
        self.say(Message.of(N_("The house rules are saved. New questions follow them.")))
        self.rulesChanged.emit(rules)
        return True
