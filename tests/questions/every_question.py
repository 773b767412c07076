"""Every skill's questions at every level, for tests that read all that a trainee reads."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator

import questions
from questions import AnswerKind, Question, registry
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


@functools.cache
def citations(skill: str, seeds: int = 200) -> Counter:
    """How many of ``skill``'s questions (``seeds`` at each level) cite each source: once a
    question, from the reasons of its right answer. Worked out once per test run."""
    teacher = registry.skill(skill)
    counts: Counter = Counter()
    for difficulty in (1, 2, 3):
        for seed in range(seeds):
            question = questions.generate(skill, seed, difficulty)
            counts.update({reason.source for reason in teacher.solve(question).reasons})
    return counts


def game_citations(game: str) -> Counter:
    """:func:`citations` of every skill of ``game``, added up."""
    return sum((citations(skill) for skill in questions.skills(game)), Counter())
