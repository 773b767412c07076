"""The home page's mastery, skill by skill: under each game's name, a row per skill with a
small bar and, in words, the skill and its level (the bar's fill alone said nothing to a
reader who cannot see it, nor which skill it was). The rows scroll within the height the
day's plan beside them takes, so the modes below stay in view.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QProgressBar,
    QScrollArea,
    QSizePolicy,
    QWidget,
)

from questions.registry import GAMES
from trainer.progress.learning.mastery import MasteryLevel, SkillMastery
from trainer.progress.reports.figures import game_name
from ui.modes.base import skill_title
from ui.widgets.elided import ElidedLabel

#: How full a skill's bar is at each mastery level.
FILLED = {MasteryLevel.NEW: 0, MasteryLevel.LEARNING: 1, MasteryLevel.PRACTISED: 2,
          MasteryLevel.MASTERED: 3}


class MasteryRows(QScrollArea):
    """Every skill's mastery, game by game; scrolls up and down, never sideways."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("masteryRows")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # as high as the plan beside it, whatever the number of skills
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.setMinimumHeight(self.fontMetrics().height() * 6)
        inner = QWidget()
        self.grid = QGridLayout(inner)
        self.grid.setContentsMargins(0, 0, 4, 0)
        self.grid.setHorizontalSpacing(8)
        self.grid.setVerticalSpacing(2)
        self.grid.setColumnStretch(2, 1)
        self.setWidget(inner)
        #: Each skill's bar, level and title, by skill, in the order shown.
        self.rows: dict[str, tuple[QProgressBar, QLabel, ElidedLabel]] = {}
        self.games: dict[str, QLabel] = {}

    def show_skills(self, skills: Sequence[SkillMastery]) -> None:
        """A row per skill under its game's name, in the current language (the rows are
        made again only when the skills change: a new language rewrites their words)."""
        if [m.skill for m in skills] != list(self.rows):
            self._make_rows([m.skill for m in skills])
        for game, name in self.games.items():
            name.setText(str(game_name(game)))
        for figures in skills:
            title = skill_title(figures.skill)
            words = f"{title}: {figures.level.label}"
            bar, level, shown = self.rows[figures.skill]
            bar.setValue(FILLED[figures.level])
            level.setText(str(figures.level.label))
            shown.set_full_text(title)
            for widget in (bar, level, shown):
                widget.setToolTip(words)
            for widget in (bar, level):
                widget.setAccessibleName(words)

    def _make_rows(self, skills: list[str]) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.rows, self.games = {}, {}
        row = 0
        for game in GAMES:
            of_game = [skill for skill in skills if skill.split(".")[0] == game]
            if not of_game:
                continue
            self.games[game] = QLabel()
            self.games[game].setObjectName("hint")
            self.grid.addWidget(self.games[game], row, 0, 1, 3)
            row += 1
            for skill in of_game:
                bar = QProgressBar()
                bar.setObjectName("skillBar")
                bar.setRange(0, 3)
                bar.setTextVisible(False)
                bar.setFixedSize(30, 10)
                self.rows[skill] = (bar, QLabel(), ElidedLabel())
                for column, widget in enumerate(self.rows[skill]):
                    self.grid.addWidget(widget, row, column, Qt.AlignmentFlag.AlignVCenter)
                row += 1
