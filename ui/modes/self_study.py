"""Self-study: the trainer's schedule chooses the skill and the level, and says why
(:func:`trainer.progress.learning.self_study.next_study_item`); explained like practice."""

from __future__ import annotations

import questions
from i18n import _
from questions import Question
from trainer.progress import Store, StoreError
from trainer.progress.learning.self_study import StudyItem, next_study_item
from trainer.progress.people.accounts import Actor
from ui.modes.base import QuizMode, fresh_seed, level_name


class SelfStudyMode(QuizMode):
    """Self-study among every skill, or among ``skills`` (today's plan, from the home page)."""

    session_mode = "self-study"

    item: StudyItem | None = None
    skills: list[str] | None = None

    @classmethod
    def among(cls, store: Store, actor: Actor, skills: list[str]) -> SelfStudyMode:
        mode = cls(store, actor)
        mode.skills = [s for s in skills if s in questions.skills()] or None
        return mode

    def title(self) -> str:
        return _("Self-study")

    def note(self) -> str:
        if self.item is None:
            return ""
        return _("Why this question: {reason} (level {level})").format(
            reason=self.item.message, level=level_name(self.item.difficulty))

    def next_question(self) -> Question:
        skills, rules = self.skills or questions.skills(), self.rules()
        try:
            self.item = next_study_item(self.store, self.actor, skills)
        except StoreError as error:
            self.problem = str(error)
            self.item = None
            return questions.generate(skills[0], fresh_seed(), 1, rules)
        self.changed.emit()
        return questions.generate(self.item.skill, fresh_seed(), self.item.difficulty, rules)
