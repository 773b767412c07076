"""Practice: the trainee picks a game, its skills and the level; untimed; after each
answer the verdict and why, with the article of the regulation."""

from __future__ import annotations

import random

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QLabel,
    QPushButton,
    QWidget,
)

import questions
from i18n import N_, Message, _
from questions import Question
from questions.skill import DIFFICULTIES
from trainer.progress import Store
from trainer.progress.people.accounts import Actor
from ui.modes.base import QuizMode, fresh_seed, level_name
from ui.modes.skill_picker import SkillPicker
from ui.widgets.choices import Choices
from ui.widgets.default_button import enter_presses
from ui.widgets.page import Page


class PracticeMode(QuizMode):
    """Questions of the chosen skills, in random turn; the level can change at any time."""

    session_mode = "practice"

    def __init__(self, store: Store, actor: Actor, skills: list[str], difficulty: int = 1,
                 parent: QObject | None = None):
        super().__init__(store, actor, parent)
        if not skills:
            raise ValueError("practice needs at least one skill")
        self.skills = list(skills)
        self.level_label = QLabel()
        self.level = Choices()
        self.level.setObjectName("level")
        self.level_label.setBuddy(self.level)
        self.retranslate()
        self.level.setCurrentIndex(DIFFICULTIES.index(difficulty))
        self.level.currentIndexChanged.connect(lambda _i: self.questionWanted.emit())
        self._turns = random.Random()

    def title(self) -> str:
        return _("Practice")

    def widgets(self) -> list[QWidget]:
        return [self.level_label, self.level]

    def retranslate(self) -> None:
        self.level_label.setText(_("Le&vel"))
        current = max(0, self.level.currentIndex())
        self.level.blockSignals(True)
        self.level.clear()
        for level in DIFFICULTIES:
            self.level.addItem(level_name(level), level)
        self.level.setCurrentIndex(current)
        self.level.blockSignals(False)

    def difficulty(self) -> int:
        return int(self.level.currentData() or 1)

    def next_question(self) -> Question:
        skill_id = self._turns.choice(self.skills)
        return questions.generate(skill_id, fresh_seed(), self.difficulty(), self.rules())


class PracticeSetup(Page):
    """The page before practice: ``startRequested(skills, difficulty)``."""

    backRequested = Signal()  # noqa: N815
    startRequested = Signal(list, int)  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.picker = SkillPicker(several=True)
        self.picker.changed.connect(self._update)
        self.start_button = QPushButton()
        self.start_button.setObjectName("primary")
        self.start_button.clicked.connect(self._start)
        enter_presses(self, self.start_button)
        self.add_way_back(self.back_button)
        self.frame.setContentsMargins(24, 12, 24, 24)
        self.body.addWidget(self.picker, 1)
        self.add_buttons(self.start_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Home"))
        self.heading.setText(_("Practice"))
        self.hint.setText(_("Choose a game and the skills to practise. There is no clock; "
                            "after each answer you see why, with the article of the "
                            "regulation."))
        self.start_button.setText(_("&Start practice ▶"))
        self._update()
        super().retranslate()

    def _update(self) -> None:
        chosen = self.picker.chosen()
        self.start_button.setEnabled(bool(chosen))
        self.say(None if chosen else Message.of(N_("Tick at least one skill.")), problem=True)

    def _start(self) -> None:
        chosen = self.picker.chosen()
        if chosen:
            self.startRequested.emit(chosen, self.picker.difficulty())

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self.picker.games.setFocus(Qt.FocusReason.OtherFocusReason)
