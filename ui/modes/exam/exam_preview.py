"""An exam previewed by an instructor: every question in the order its trainees will get
them, under the exam's house rules, each explained at once. Nothing is recorded: no session,
no answer, no sitting."""

from __future__ import annotations

from typing import Any

import questions
from i18n import _
from questions import Question, Verdict
from trainer.progress import Store
from trainer.progress.exams.sittings import Exam, exam_items
from trainer.progress.people.accounts import Actor
from trainer.rules.house import HouseRules
from ui.modes.base import QuizMode


class ExamPreview(QuizMode):
    session_mode = "preview"

    def __init__(self, store: Store, actor: Actor, exam: Exam):
        super().__init__(store, actor)
        self.exam = exam
        self.items = exam_items(exam)
        self.position = -1

    def title(self) -> str:
        return _("Preview of “{title}”: nothing is recorded").format(title=self.exam.title)

    def note(self) -> str:
        return _("Question {number} of {count}").format(number=self.position + 1,
                                                         count=len(self.items))

    def end_text(self) -> str:
        return _("That was the last question of the exam.")

    def rules(self) -> HouseRules:
        return self.exam.rules

    def start(self) -> None:
        """No session: a preview leaves nothing in the store."""

    def stop(self) -> None:
        self.pending.clear()

    def next_question(self) -> Question | None:
        self.position += 1
        if self.position >= len(self.items):
            return None
        item = self.items[self.position]
        return questions.generate(item.skill, item.seed, item.difficulty, self.exam.rules)

    def keep(self, question: Question, answer: Any, verdict: Verdict | None,
             elapsed_ms: int) -> None:
        """Shown and explained, never stored."""
        self.graded(verdict, elapsed_ms)
