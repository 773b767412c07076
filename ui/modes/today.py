"""The home page's plan for today (:class:`trainer.progress.learning.plan.DayPlan`): what is
due, new and weak with one button to study it, the answers today against the daily goal,
the streak of practice days, and a small bar per skill, game by game. Every figure is the
plan's; this only shows it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import questions
from i18n import _, listing, ngettext
from questions.registry import GAMES
from trainer.progress.learning.mastery import MasteryLevel
from trainer.progress.learning.plan import MOST_DAILY_GOAL, DayPlan
from trainer.progress.reports.figures import game_name
from ui.modes.base import skill_title
from ui.translated import Retranslating

#: How full a skill's bar is at each mastery level.
FILLED = {MasteryLevel.NEW: 0, MasteryLevel.LEARNING: 1, MasteryLevel.PRACTISED: 2,
          MasteryLevel.MASTERED: 3}
#: At most this many skill names are listed under due, new and weak.
NAMED = 3


class TodayPanel(Retranslating, QFrame):
    """``studyRequested(skills)``: self-study on today's plan; ``goalChanged(n)``."""

    studyRequested = Signal(list)  # noqa: N815
    goalChanged = Signal(int)  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("today")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.plan: DayPlan | None = None
        self.first = False  # nothing practised yet: the plan is the first practice
        self.title = QLabel()
        self.title.setObjectName("modeName")
        self.columns = {kind: QLabel() for kind in ("due", "new", "weak")}
        for label in self.columns.values():
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.study_button = QPushButton()
        self.study_button.clicked.connect(self._study)
        self.answered = QLabel()
        self.goal_bar = QProgressBar()
        self.goal_bar.setTextVisible(False)
        self.goal_bar.setMaximumHeight(12)
        self.goal_label = QLabel()
        self.goal = QSpinBox()
        self.goal.setRange(1, MOST_DAILY_GOAL)
        self.goal.setKeyboardTracking(False)
        self.goal.valueChanged.connect(self._goal_changed)
        self.goal_label.setBuddy(self.goal)
        self.streak = QLabel()
        self.mastery_title = QLabel()
        self.bars = QGridLayout()
        self.bars.setHorizontalSpacing(4)
        self.bars.setVerticalSpacing(2)
        self._lay_out()
        self.retranslate()

    def _lay_out(self) -> None:
        plan_row = QHBoxLayout()
        for label in self.columns.values():
            plan_row.addWidget(label, 1)
        goal_row = QHBoxLayout()
        goal_row.addWidget(self.answered, 1)
        goal_row.addWidget(self.goal_label)
        goal_row.addWidget(self.goal)
        left = QVBoxLayout()
        left.addWidget(self.title)
        left.addLayout(plan_row, 1)
        left.addWidget(self.study_button, 0, Qt.AlignmentFlag.AlignLeft)
        left.addLayout(goal_row)
        left.addWidget(self.goal_bar)
        left.addWidget(self.streak)
        right = QVBoxLayout()
        right.addWidget(self.mastery_title)
        right.addLayout(self.bars)
        right.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addLayout(left, 3)
        layout.addSpacing(16)
        layout.addLayout(right, 2)

    def show_plan(self, plan: DayPlan) -> None:
        self.plan = plan
        self.goal.blockSignals(True)
        self.goal.setValue(plan.goal)
        self.goal.blockSignals(False)
        self.retranslate()

    def _fill_bars(self, plan: DayPlan) -> None:
        while self.bars.count():
            widget = self.bars.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        by_game = {game: [m for m in plan.skills if m.skill.split(".")[0] == game]
                   for game in GAMES}
        for row, (game, skills) in enumerate((g, s) for g, s in by_game.items() if s):
            name = QLabel(str(game_name(game)))
            name.setObjectName("hint")
            self.bars.addWidget(name, row, 0)
            for column, figures in enumerate(skills, start=1):
                bar = QProgressBar()
                bar.setObjectName("skillBar")
                bar.setRange(0, 3)
                bar.setValue(FILLED[figures.level])
                bar.setTextVisible(False)
                bar.setFixedSize(22, 10)
                words = f"{skill_title(figures.skill)}: {figures.level.label}"
                bar.setToolTip(words)
                bar.setAccessibleName(words)
                self.bars.addWidget(bar, row, column)
        self.bars.setColumnStretch(self.bars.columnCount(), 1)

    def _names(self, skills: list[str]) -> str:
        if not skills:
            return ""
        shown = str(listing([questions.skill(s).title for s in skills[:NAMED]]))
        more = len(skills) - NAMED
        return shown + (" " + _("and {count} more").format(count=more) if more > 0 else "")

    def retranslate(self) -> None:
        self.title.setText(_("Today"))
        self.goal_label.setText(_("Daily &goal:"))
        self.goal.setSuffix(" " + _("answers"))
        self.mastery_title.setText(_("Mastery, skill by skill"))
        plan = self.plan
        if plan is None:
            return
        self._fill_bars(plan)  # the games' names and the bars' words in this language
        lists = {"due": [m.skill for m in plan.due], "new": list(plan.new),
                 "weak": [m.skill for m in plan.weak]}
        heads = {"due": ngettext("{count} skill due for review", "{count} skills due for review",
                                 len(lists["due"])),
                 "new": ngettext("{count} new skill", "{count} new skills", len(lists["new"])),
                 "weak": ngettext("{count} weak skill", "{count} weak skills",
                                  len(lists["weak"]))}
        for kind, label in self.columns.items():
            names = self._names(lists[kind])
            label.setText(f"<b>{heads[kind].format(count=len(lists[kind]))}</b>"
                          + (f"<br>{names}" if names else ""))
        first = not plan.today and not plan.streak and len(plan.new) == len(plan.skills)
        self.study_button.setText(_("Start my first practice ▶") if first else _(
            "&Study today's plan ▶"))
        self.study_button.setEnabled(bool(plan.to_study))
        self.first = first
        self.answered.setText(_("{today} of {goal} answers today · {week} this week").format(
            today=plan.today, goal=plan.goal, week=plan.this_week))
        self.goal_bar.setRange(0, plan.goal)
        self.goal_bar.setValue(min(plan.today, plan.goal))
        self.streak.setText(ngettext("{count} day in a row with practice",
                                     "{count} days in a row with practice", plan.streak)
                            .format(count=plan.streak) if plan.streak else _(
            "No practice yet today or yesterday: a few answers start a streak."))

    def _study(self) -> None:
        if self.plan is not None and self.plan.to_study:
            self.studyRequested.emit(list(self.plan.to_study))

    def _goal_changed(self, value: int) -> None:
        self.goalChanged.emit(value)
