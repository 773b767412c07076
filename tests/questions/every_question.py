"""Every skill's questions at every level, for tests that read all that a trainee reads."""

from __future__ import annotations

from collections.abc import Iterator

import questions
from questions import AnswerKind, Question


def sample_questions(skill: str, seeds: int) -> Iterator[Question]:
    """``seeds`` questions of ``skill`` at each level (the banker's hand, slow to solve,
    once a level)."""
    for difficulty in (1, 2, 3):
        for seed in range(seeds):
            question = questions.generate(skill, seed, difficulty)
            yield question
            if question.form.kind is AnswerKind.ARRANGEMENT:
                break
