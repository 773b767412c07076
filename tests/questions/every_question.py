"""Every skill's questions at every level, for tests that read all that a trainee reads."""

from __future__ import annotations

from collections.abc import Iterator

import questions
from questions import AnswerKind, Question
from tests.questions.mutations import mutate


def sample_questions(skill: str, seeds: int) -> Iterator[Question]:
    """``seeds`` questions of ``skill`` at each level (the banker's hand, slow to solve,
    once a level)."""
    for difficulty in (1, 2, 3):
        for seed in range(seeds):
            question = questions.generate(skill, seed, difficulty)
            yield question
            if question.form.kind is AnswerKind.ARRANGEMENT:
                break


def texts_read(question: Question) -> Iterator[str]:
    """All a trainee reads of ``question``: its prompt and options, and the verdict (summary,
    explanation, the right answer) on the right answer and on a wrong one."""
    yield str(question.prompt)
    yield from (str(option.label) for option in question.form.options)
    yield from (str(option.label) for option in question.form.reasons)
    reference = question.reference_answer()
    for answer in (reference, mutate(question, reference)):
        verdict = question.grade(answer)
        yield verdict.summary
        yield verdict.explanation
        yield str(verdict.expected_text)
