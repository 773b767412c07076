"""An exam previewed by an instructor: every question in the order its trainees will get
them, under the exam's house rules, each explained at once; a table round as the trainees
will play it, to play or pass over. Nothing is recorded: no session, no answer, no
sitting."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QWidget

import questions
from i18n import _
from questions import Question, Verdict
from trainer.progress import Store
from trainer.progress.exams.sittings import Exam, exam_items
from trainer.progress.people.accounts import Actor
from trainer.rounds.exam_items import is_round_item
from trainer.rules.house import HouseRules
from ui.modes.base import QuizMode
from ui.modes.exam.exam_round import ExamRound


class ExamPreview(QuizMode):
    session_mode = "preview"

    def __init__(self, store: Store, actor: Actor, exam: Exam):
        super().__init__(store, actor)
        self.exam = exam
        self.items = exam_items(exam)
        self.position = -1
        self.round_page: ExamRound | None = None

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
        self.round_page = None
        if self.position >= len(self.items):
            return None
        item = self.items[self.position]
        if is_round_item(item.skill):
            self.round_page = ExamRound(item, self.exam.rules, may_go_on=True)
            self.round_page.nextWanted.connect(self.questionWanted)
            return None
        return questions.generate(item.skill, item.seed, item.difficulty, self.exam.rules)

    def item_page(self) -> QWidget | None:
        return self.round_page

    def keep(self, question: Question, answer: Any, verdict: Verdict | None,
             elapsed_ms: int) -> None:
        """Shown and explained, never stored."""
        self.graded(verdict, elapsed_ms)
