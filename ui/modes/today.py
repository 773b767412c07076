"""The home page's plan for today (:class:`trainer.progress.day_plan.DayPlan`): first
the exams set for the trainee still to sit, with their dates and a way to each; then what is
due, new and weak, a skill a line, with one button to study it; the answers today against the
daily goal, the streak of practice days, and every skill's mastery in words beside a small
bar, game by game. Every figure is the plan's; this only shows it.
"""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from i18n import Moment, _, ngettext
from trainer.progress.day_plan import MOST_DAILY_GOAL, DayPlan
from trainer.progress.exams.to_sit import ExamToSit
from trainer.progress.reports.figures import game_name
from trainer.progress.storage.values import utc
from trainer.rounds.pars import ROUND_GAMES
from ui.modes.base import skill_title
from ui.modes.mastery_rows import MasteryRows
from ui.translated import Retranslating
from ui.widgets.elided import ElidedLabel

#: At most this many skills are listed under due, new and weak (then "N more").
NAMED = 4
#: At most this many exams to sit are shown, each with its button (then "N more").
EXAMS_SHOWN = 2


def exam_to_sit_text(to_sit: ExamToSit, now: datetime) -> str:
    """"Exam to sit: Week 4 check · open until 2 Dec 2026, 18:00", in the current language."""
    if to_sit.started:
        when = _("started: continue it")
    elif to_sit.opens_at and now < utc(to_sit.opens_at):
        when = _("opens {when}").format(when=Moment(to_sit.opens_at))
    elif to_sit.closes_at:
        when = _("open until {when}").format(when=Moment(to_sit.closes_at))
    else:
        when = _("open now, no closing date")
    return _("Exam to sit: {title} · {when}").format(title=to_sit.exam.title, when=when)


class SkillList(QWidget):
    """A bold heading ("2 skills due for review"), then a skill a line (wrapped, never cut:
    the titles are long in Portuguese), at most :data:`NAMED`, and a last line saying how
    many more."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600;")
        self.lines = [QLabel() for _ in range(NAMED)]
        for line in self.lines:
            line.setWordWrap(True)
            line.setTextFormat(Qt.TextFormat.PlainText)
        self.more = QLabel()
        self.more.setObjectName("hint")
        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(self.heading)
        for line in self.lines:
            layout.addWidget(line)
        layout.addWidget(self.more)
        layout.addStretch(1)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return self._layout.totalSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        return self._layout.totalHeightForWidth(width)

    def show_skills(self, heading: str, skills: list[str]) -> None:
        self.heading.setText(heading)
        for line, skill in zip(self.lines, [*skills, *[None] * NAMED], strict=False):
            line.setText("• " + skill_title(skill) if skill else "")
            line.setVisible(skill is not None)
        left = len(skills) - NAMED
        self.more.setText(_("and {count} more").format(count=left) if left > 0 else "")
        self.more.setVisible(left > 0)
        self.setAccessibleName(heading)

    def shown(self) -> list[str]:
        """The lines as listed (their full words), the "more" line last if there is one."""
        return [line.text() for line in self.lines if not line.isHidden()] + (
            [self.more.text()] if not self.more.isHidden() else [])


class TodayPanel(Retranslating, QFrame):
    """``studyRequested(skills)``: self-study on today's plan; ``goalChanged(n)``;
    ``examRequested(exam_id)``: the exam list, at that exam; ``roundRequested(game)``: a
    table round of a game whose every skill the trainee has mastered."""

    studyRequested = Signal(list)  # noqa: N815
    goalChanged = Signal(int)  # noqa: N815
    examRequested = Signal(str)  # noqa: N815
    roundRequested = Signal(str)  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("today")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.plan: DayPlan | None = None
        self.first = False  # nothing practised yet: the plan is the first practice
        self.title = QLabel()
        self.title.setObjectName("modeName")
        self.exam_lines = [ElidedLabel() for _ in range(EXAMS_SHOWN)]
        self.exam_buttons = [QPushButton() for _ in range(EXAMS_SHOWN)]
        for index, button in enumerate(self.exam_buttons):
            button.clicked.connect(lambda _checked=False, n=index: self._exam(n))
        self.more_exams = QLabel()
        self.more_exams.setObjectName("hint")
        self.round_line = ElidedLabel()
        self.round_button = QPushButton()
        self.round_button.clicked.connect(self._round)
        self.columns = {kind: SkillList() for kind in ("due", "new", "weak")}
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
        self.mastery = MasteryRows()
        self.mastery_title.setBuddy(self.mastery)
        self._lay_out()
        self.retranslate()

    def _lay_out(self) -> None:
        plan_row = QHBoxLayout()
        for column in self.columns.values():
            plan_row.addWidget(column, 1)
        goal_row = QHBoxLayout()
        goal_row.addWidget(self.answered, 1)
        goal_row.addWidget(self.goal_label)
        goal_row.addWidget(self.goal)
        left = QVBoxLayout()
        left.addWidget(self.title)
        for line, button in zip(self.exam_lines, self.exam_buttons, strict=True):
            exam_row = QHBoxLayout()
            exam_row.addWidget(line, 1)
            exam_row.addWidget(button)
            left.addLayout(exam_row)
        left.addWidget(self.more_exams)
        round_row = QHBoxLayout()
        round_row.addWidget(self.round_line, 1)
        round_row.addWidget(self.round_button)
        left.addLayout(round_row)
        left.addLayout(plan_row, 1)
        left.addWidget(self.study_button, 0, Qt.AlignmentFlag.AlignLeft)
        left.addLayout(goal_row)
        left.addWidget(self.goal_bar)
        left.addWidget(self.streak)
        right = QVBoxLayout()
        right.addWidget(self.mastery_title)
        right.addWidget(self.mastery, 1)
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

    def _show_exams(self, exams: tuple[ExamToSit, ...]) -> None:
        now = datetime.now(UTC)
        for index, (line, button) in enumerate(zip(self.exam_lines, self.exam_buttons,
                                                   strict=True)):
            to_sit = exams[index] if index < len(exams) else None
            line.set_full_text(exam_to_sit_text(to_sit, now) if to_sit else "")
            button.setText(_("Continue the exam ▶") if to_sit and to_sit.started
                           else _("Go to the exam ▶"))
            button.setAccessibleDescription(line.full_text())
            line.setVisible(to_sit is not None)
            button.setVisible(to_sit is not None)
        left = len(exams) - EXAMS_SHOWN
        self.more_exams.setText(ngettext(
            "and {count} more exam to sit: see Exam", "and {count} more exams to sit: see Exam",
            left).format(count=left) if left > 0 else "")
        self.more_exams.setVisible(left > 0)

    def retranslate(self) -> None:
        self.title.setText(_("Today"))
        self.goal_label.setText(_("Daily &goal:"))
        self.goal.setSuffix(" " + _("answers"))
        self.mastery_title.setText(_("Mastery, skill by skill"))
        plan = self.plan
        self._show_exams(plan.exams if plan else ())
        self._show_round(self._rounds())
        if plan is None:
            return
        self.mastery.show_skills(plan.skills)  # the games' names and levels in this language
        lists = {"due": [m.skill for m in plan.due], "new": list(plan.new),
                 "weak": [m.skill for m in plan.weak]}
        heads = {"due": ngettext("{count} skill due for review", "{count} skills due for review",
                                 len(lists["due"])),
                 "new": ngettext("{count} new skill", "{count} new skills", len(lists["new"])),
                 "weak": ngettext("{count} weak skill", "{count} weak skills",
                                  len(lists["weak"]))}
        for kind, column in self.columns.items():
            column.show_skills(heads[kind].format(count=len(lists[kind])), lists[kind])
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

    def _show_round(self, games: tuple[str, ...]) -> None:
        """The first game whose round the trainee is ready for, with a way to it."""
        if games:
            self.round_line.set_full_text(_("Every skill of a {game} round mastered: run one "
                                            "at the table.").format(game=game_name(games[0])))
            self.round_button.setText(_("Play a table round ▶"))
            self.round_button.setAccessibleDescription(self.round_line.full_text())
        self.round_line.setVisible(bool(games))
        self.round_button.setVisible(bool(games))

    def _rounds(self) -> tuple[str, ...]:
        """The games the plan proposes a round of that can be played on screen: those with a
        par, as every game with a table round has (the tables themselves are imported only
        when a round starts)."""
        return tuple(game for game in self.plan.rounds if game in ROUND_GAMES) \
            if self.plan else ()

    def _round(self) -> None:
        if self._rounds():
            self.roundRequested.emit(self._rounds()[0])

    def _study(self) -> None:
        if self.plan is not None and self.plan.to_study:
            self.studyRequested.emit(list(self.plan.to_study))

    def _exam(self, index: int) -> None:
        if self.plan is not None and index < len(self.plan.exams):
            self.examRequested.emit(self.plan.exams[index].exam.id)

    def _goal_changed(self, value: int) -> None:
        self.goalChanged.emit(value)
