"""Choosing what to train: a game, then its skills (several to practise, one to drill),
and the level.

Keyboard: Tab between the games, the skills and the level; the arrow keys choose;
Space ticks or unticks a skill.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

import questions
from i18n import _
from questions.registry import GAMES
from questions.skill import DIFFICULTIES
from trainer.progress.reports.figures import game_name
from ui.modes.base import level_name, skill_title
from ui.translated import Retranslating
from ui.widgets.choices import Choices


class SkillPicker(Retranslating, QWidget):
    """A game list and its skills; ``several`` lets the trainee tick more than one."""

    changed = Signal()

    def __init__(self, several: bool, parent: QWidget | None = None):
        super().__init__(parent)
        self.several = several
        self.games_label = QLabel()
        self.games = QListWidget()
        self.games.setObjectName("games")
        self.skills_label = QLabel()
        self.skills = QListWidget()
        self.skills.setObjectName("skills")
        self.skills.setWordWrap(True)  # a long skill name wraps in a narrow window, never cut
        self.skills.setResizeMode(QListView.ResizeMode.Adjust)
        self.level_label = QLabel()
        self.level = Choices()
        self.level.setObjectName("level")
        for label, widget in ((self.games_label, self.games), (self.skills_label, self.skills),
                              (self.level_label, self.level)):
            label.setBuddy(widget)
        if not several:
            self.skills.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        for game in GAMES:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, game)
            self.games.addItem(item)
        self.games.currentRowChanged.connect(self._fill_skills)
        self.skills.itemChanged.connect(lambda _item: self.changed.emit())
        self.skills.currentRowChanged.connect(lambda _row: self.changed.emit())
        self.skills.itemActivated.connect(self._toggle)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.games_label, 0, 0)
        layout.addWidget(self.skills_label, 0, 1)
        layout.addWidget(self.games, 1, 0)
        layout.addWidget(self.skills, 1, 1)
        layout.addWidget(self.level_label, 2, 0, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self.level, 2, 1, Qt.AlignmentFlag.AlignLeft)
        layout.setColumnStretch(0, 2)
        layout.setColumnStretch(1, 5)
        self.retranslate()
        self.games.setCurrentRow(0)

    def retranslate(self) -> None:
        self.games_label.setText(_("&Game"))
        self.skills_label.setText(_("S&kills to practise") if self.several else _("S&kill"))
        self.level_label.setText(_("Le&vel"))
        for row in range(self.games.count()):
            item = self.games.item(row)
            item.setText(str(game_name(item.data(Qt.ItemDataRole.UserRole))))
        for row in range(self.skills.count()):
            item = self.skills.item(row)
            item.setText(skill_title(item.data(Qt.ItemDataRole.UserRole)))
        current = max(0, self.level.currentIndex())
        self.level.blockSignals(True)
        self.level.clear()
        for level in DIFFICULTIES:
            self.level.addItem(level_name(level), level)
        self.level.setCurrentIndex(current)
        self.level.blockSignals(False)

    def _fill_skills(self, row: int) -> None:
        self.skills.blockSignals(True)
        self.skills.clear()
        game = self.games.item(row).data(Qt.ItemDataRole.UserRole) if row >= 0 else None
        for skill_id in questions.skills(game) if game else []:
            item = QListWidgetItem(skill_title(skill_id))
            item.setData(Qt.ItemDataRole.UserRole, skill_id)
            if self.several:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked)
            self.skills.addItem(item)
        self.skills.setCurrentRow(0)
        self.skills.blockSignals(False)
        self.changed.emit()

    def _toggle(self, item: QListWidgetItem) -> None:
        if self.several:
            item.setCheckState(Qt.CheckState.Unchecked if item.checkState() ==
                               Qt.CheckState.Checked else Qt.CheckState.Checked)

    # What was chosen ---------------------------------------------------------------------

    def game(self) -> str | None:
        item = self.games.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def choose_game(self, game: str) -> None:
        self.games.setCurrentRow(list(GAMES).index(game))

    def chosen(self) -> list[str]:
        """The ticked skills (several) or the selected one."""
        items = [self.skills.item(row) for row in range(self.skills.count())]
        if self.several:
            items = [i for i in items if i.checkState() == Qt.CheckState.Checked]
        else:
            items = [i for i in items if i is self.skills.currentItem()]
        return [item.data(Qt.ItemDataRole.UserRole) for item in items]

    def choose_skills(self, skill_ids: list[str]) -> None:
        """Tick exactly ``skill_ids`` (several) or select the first of them."""
        self.choose_game(skill_ids[0].split(".", 1)[0])
        for row in range(self.skills.count()):
            item = self.skills.item(row)
            wanted = item.data(Qt.ItemDataRole.UserRole) in skill_ids
            if self.several:
                item.setCheckState(Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
            elif wanted:
                self.skills.setCurrentRow(row)

    def difficulty(self) -> int:
        return int(self.level.currentData() or 1)
