"""Grading a recorded answer again, as the store needs for answers that arrive from outside.

:func:`grade_as_given` reads an answer the way the trainee typed it: a typed amount (or the
change typed beside chips) in their language first, then in each other language, keeping
the reading that agrees with the verdict recorded then (``1.234,50`` and ``1,234.50`` are
the same amount typed in two conventions). A recorded verdict is thus accepted only where
the rules core gives it to some reading of the answer. :data:`GRADER` is the store's
:class:`trainer.progress.exams.grading.ExamGrader`; :data:`MISTAKES` its
:class:`trainer.progress.learning.mistakes.MistakeReader`.
"""

from __future__ import annotations

import copy
import functools
import math
from typing import Any

import i18n
from i18n import N_, Message
from questions.model import AnswerKind, Question, UnreadableAnswer, Verdict, jsonable
from questions.registry import generate, skill, skills
from trainer.rounds.exam_items import (
    graded_round_item,
    is_round_item,
    round_item_answer_of,
    round_of_item,
)
from trainer.rules.house import READINGS, HouseRules
from trainer.rules.mistakes import OTHER

#: How many other seeds the demo tries for a wrong answer (another question's answer).
_WRONG_TRIES = 40


def grade_as_given(question: Question, answer: Any, correct_then: bool | None,
                   language: str | None = None) -> tuple[Verdict | None, Message | None]:
    """The verdict on ``answer``, or why it cannot be read at all."""
    languages = [i18n.current_language()]
    if question.form.kind in (AnswerKind.AMOUNT, AnswerKind.CHIPS, AnswerKind.WALK):  # change
        languages = list(dict.fromkeys([*([language] if language else []), *languages,
                                        *i18n.LANGUAGES]))
    found: Verdict | None = None
    problem: Message | None = None
    for lang in languages:
        try:
            with i18n.speaking(lang):
                verdict = question.grade(answer)
        except UnreadableAnswer as error:
            problem = problem or error.message
            continue
        if correct_then is None or verdict.correct == correct_then:
            return verdict, None
        found = found or verdict
    return (found, None) if found else (None, problem)


@functools.lru_cache(maxsize=4096)
def _generated(skill: str, seed: int, difficulty: int,
               rules: HouseRules) -> tuple[Question, dict[str, Any]]:
    """A question and its JSON, made once: the trainees of a class answer the same exam
    items, and an import grades each of their answers again."""
    question = generate(skill, seed, difficulty, rules)
    return question, question.to_json()


@functools.cache
def _known() -> frozenset[str]:
    return frozenset(skills())


class QuestionGrader:
    """Regenerates the question from its seed and house rules and asks the rules core; a
    whole table round asked as an exam item (:mod:`trainer.rounds.exam_items`) is dealt
    again and graded step by step by the round engine."""

    def knows(self, skill: str) -> bool:
        return skill in _known() or is_round_item(skill)

    def regrade(self, skill: str, seed: int, difficulty: int, rules: HouseRules,
                answer: Any, correct_then: bool | None = None
                ) -> tuple[dict[str, Any], bool, float] | None:
        if is_round_item(skill):
            graded = graded_round_item(skill, seed, difficulty, rules, answer)
            return None if graded is None else (graded.question, graded.correct, graded.score)
        question, stored = _generated(skill, seed, difficulty, rules)
        verdict, _problem = grade_as_given(question, answer, correct_then)
        if verdict is None:
            return None
        return copy.deepcopy(stored), verdict.correct, verdict.score

    def answer(self, skill: str, seed: int, difficulty: int, rules: HouseRules,
               right: bool) -> Any:
        if is_round_item(skill):
            return round_item_answer_of(round_of_item(skill, seed, difficulty, rules), right)
        question = generate(skill, seed, difficulty, rules)
        if right:
            return jsonable(question.reference_answer())
        for other in range(seed + 1, seed + 1 + _WRONG_TRIES):
            wrong = generate(skill, other, difficulty, rules).reference_answer()
            try:
                if not question.grade(wrong).correct:
                    return jsonable(wrong)
            except UnreadableAnswer:
                continue
        return None


GRADER = QuestionGrader()


def reading_note(question: Question, answer: Any, correct_then: bool, score_then: float,
                 readings_then: int | None, verdict: Verdict | None) -> Message | None:
    """When today's reading of the rules grades a recorded answer otherwise than it was
    graded (``verdict`` is today's), what to say beside the recorded verdict; else None."""
    if verdict is None or (verdict.correct == correct_then
                           and math.isclose(verdict.score, score_then, abs_tol=1e-9)):
        return None
    then = (Message.of(N_("right")) if correct_then else Message.of(N_("wrong")))
    today = (Message.of(N_("right")) if verdict.correct else Message.of(N_("wrong")))
    if readings_then is None or readings_then < READINGS:
        return Message.of(N_("This answer was graded {then} under an earlier reading of the "
                             "rules (version {version}). Today's reading (version {today_version}) "
                             "grades it {today}: the explanation below is today's."),
                          then=then, today=today,
                          version=str(readings_then) if readings_then else "1–2",
                          today_version=READINGS)
    return Message.of(N_("This answer was graded {then}; the rules core grades it {today} "
                         "today: the explanation below is today's."), then=then, today=today)


class MistakeNamer:
    """Names the mistakes of a recorded answer for the store
    (:class:`trainer.progress.learning.mistakes.MistakeReader`): its question read back (or
    dealt again from its seed) and the answer graded by the rules core, which names them."""

    def classifies(self, skill_id: str) -> bool:
        return skill_id in _known() and bool(skill(skill_id).mistake_kinds)

    def kinds(self, question: dict[str, Any], answer: Any) -> tuple[str, ...]:
        if "round" in question:  # a table round's step: graded by the round engine
            return (OTHER.id,)
        try:
            asked = Question.from_json(question)
        except (ValueError, KeyError, TypeError):
            asked = _generated(question["skill"], int(question["seed"]),
                               int(question["difficulty"]),
                               HouseRules.from_json(question.get("rules", {})))[0]
        verdict, _problem = grade_as_given(asked, answer, correct_then=False)
        if verdict is None or verdict.correct:
            return (OTHER.id,)
        return verdict.mistake_ids or (OTHER.id,)


MISTAKES = MistakeNamer()
