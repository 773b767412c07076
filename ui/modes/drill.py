"""Drill: one skill against the clock — its target time from the mastery targets, the
streak of answers right in time and the pace so far. Setting the banker's hand runs
under the 13-card game's five-minute rule: a countdown, and a hand not set before the
signal counts as wrong (at the signal itself too, unless the house lets such a hand play:
the rules core rules, HI-13-SIGNAL)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QProgressBar,
    QPushButton,
    QWidget,
)

import questions
from i18n import _
from questions import Question, Verdict
from trainer.progress import Store, StoreError
from trainer.progress.learning.mastery import skill_times
from trainer.progress.learning.targets import MasteryTargets, extended
from trainer.progress.people.accounts import Actor
from trainer.rules.house import ThirteenRules
from trainer.rules.thirteen.procedure import sets_in_time
from ui.modes.base import QuizMode, clock_text, fresh_seed, polish_property, seconds_text
from ui.modes.skill_picker import SkillPicker
from ui.widgets.default_button import enter_presses
from ui.widgets.page import Page


def drill_times(store: Store, skill_id: str,
              person_id: str | None = None) -> tuple[MasteryTargets, int]:
    """The skill's targets for the person, longer by the extra time they were granted, and
    that extra time (per cent); the defaults if the database cannot be read."""
    try:
        return skill_times(store, skill_id, person_id)
    except StoreError:
        return MasteryTargets(), 0


class DrillMode(QuizMode):
    session_mode = "drill"

    def __init__(self, store: Store, actor: Actor, skill_id: str, difficulty: int = 1,
                 parent: QObject | None = None):
        super().__init__(store, actor, parent)
        self.skill = skill_id
        self.difficulty = difficulty
        targets, percent = drill_times(store, skill_id, actor.person.id)
        self.target_ms = targets.target_ms
        #: The rules' own time for the skill (the five-minute rule), counted down.
        limit = questions.skill(skill_id).time_limit_s
        self.countdown_ms = None if limit is None else extended(limit * 1000, percent)
        self.streak = 0
        self.clock = QProgressBar()
        self.clock.setObjectName("clock")
        self.clock.setTextVisible(True)
        self.clock.setMinimumWidth(220)
        self.clock.setRange(0, self.countdown_ms or self.target_ms)
        self._elapsed = 0
        #: The house's 13-card rules of the question shown (whether a hand set at the
        #: signal itself plays, HI-13-SIGNAL).
        self.thirteen = ThirteenRules()

    def title(self) -> str:
        return _("Drill")

    def widgets(self) -> list[QWidget]:
        return [self.clock]

    def retranslate(self) -> None:
        self.tick(self._elapsed)

    def status(self, elapsed_ms: int) -> str:
        count = len(self.answers)
        if not count and self.countdown_ms is not None:
            return _("Streak: {streak}").format(streak=0)
        if not count:
            return _("Streak: {streak} · Target: {seconds} s").format(
                streak=0, seconds=seconds_text(self.target_ms, 0))
        pace = sum(item.elapsed_ms for item in self.answers) / count
        if self.countdown_ms is not None:
            return _("Streak: {streak} · Pace: {pace} s an answer").format(
                streak=self.streak, pace=seconds_text(pace))
        on_time = sum(item.correct and item.elapsed_ms <= self.target_ms
                      for item in self.answers)
        return _("Streak: {streak} · Pace: {pace} s an answer (target {target} s) · "
                 "{on_time} of {count} right in time").format(
            streak=self.streak, pace=seconds_text(pace), target=seconds_text(self.target_ms, 0),
            on_time=on_time, count=count)

    def tick(self, elapsed_ms: int) -> None:
        self._elapsed = elapsed_ms
        if self.countdown_ms is not None:
            left = max(0, self.countdown_ms - elapsed_ms)
            self.clock.setValue(left)
            self.clock.setFormat(_("{clock} left").format(clock=clock_text(left)))
            polish_property(self.clock, "late", left <= 60_000)
            if not self._set_in_time(elapsed_ms):
                self.timedOut.emit()
            return
        self.clock.setValue(min(elapsed_ms, self.target_ms))
        self.clock.setFormat(_("{seconds} s of {target} s").format(
            seconds=seconds_text(elapsed_ms), target=seconds_text(self.target_ms, 0)))
        polish_property(self.clock, "late", elapsed_ms > self.target_ms)

    def _set_in_time(self, elapsed_ms: int) -> bool:
        """Whether a hand set after ``elapsed_ms`` plays under the five-minute rule, the
        table clock counting whole seconds (Art. 2 d, HI-13-SIGNAL)."""
        assert self.countdown_ms is not None
        return sets_in_time(elapsed_ms // 1000, self.thirteen, self.countdown_ms // 1000)

    def next_question(self) -> Question:
        question = questions.generate(self.skill, fresh_seed(), self.difficulty, self.rules())
        self.thirteen = question.rules.thirteen
        self.tick(0)
        return question

    def graded(self, verdict: Verdict | None, elapsed_ms: int) -> None:
        right = verdict is not None and verdict.correct
        if self.countdown_ms is not None:
            in_time = right and self._set_in_time(elapsed_ms)
        else:
            in_time = right and elapsed_ms <= self.target_ms
        self.streak = self.streak + 1 if in_time else 0
        self.changed.emit()


class DrillSetup(Page):
    """The page before a drill: ``startRequested(skill, difficulty)``."""

    backRequested = Signal()  # noqa: N815
    startRequested = Signal(str, int)  # noqa: N815

    def __init__(self, store: Store, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        #: Whose drill: their targets (with any extra time granted) are shown.
        self.person_id: str | None = None
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.picker = SkillPicker(several=False)
        self.picker.changed.connect(self._update)
        self.target = QLabel()
        self.target.setObjectName("target")
        self.target.setWordWrap(True)
        self.start_button = QPushButton()
        self.start_button.setObjectName("primary")
        self.start_button.clicked.connect(self._start)
        enter_presses(self, self.start_button)
        self.add_way_back(self.back_button)
        self.frame.setContentsMargins(24, 12, 24, 24)
        self.body.addWidget(self.picker, 1)
        self.body.addWidget(self.target)
        self.add_buttons(self.start_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Home"))
        self.heading.setText(_("Drill"))
        self.hint.setText(_("One skill against the clock: answer right within the skill's "
                            "target time to build a streak."))
        self.start_button.setText(_("&Start drill ▶"))
        self._update()
        super().retranslate()

    def show_person(self, person_id: str) -> None:
        self.person_id = person_id
        self._update()

    def _update(self) -> None:
        chosen = self.picker.chosen()
        self.start_button.setEnabled(bool(chosen))
        if not chosen:
            self.target.clear()
            return
        skill_id = chosen[0]
        targets, percent = drill_times(self._store, skill_id, self.person_id)
        text = _("Target: right within {seconds} s.").format(
            seconds=seconds_text(targets.target_ms, 0))
        if percent:
            text += " " + _("This includes your extra time: {percent} % more.").format(
                percent=percent)
        if questions.skill(skill_id).time_limit_s is not None:
            text += " " + _("The five-minute rule applies: the hand must be set before the "
                            "signal, five minutes after the banker shows; a hand not set at "
                            "the signal loses.")
        self.target.setText(text)

    def _start(self) -> None:
        chosen = self.picker.chosen()
        if chosen:
            self.startRequested.emit(chosen[0], self.picker.difficulty())

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.picker.games.setFocus(Qt.FocusReason.OtherFocusReason)
