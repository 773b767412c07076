"""What the instructor desk tests put in the store: real questions, answered right or wrong."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import questions
from trainer.progress.storage.ledger import record_attempt

PASSWORD = "correct horse"
TRAINEES = ("Chan Tai Man", "Ana Sousa", "陳美玲")
#: Skills answered by the classroom: a choice, an ordering, an amount and card moves.
SKILLS = ("thirteen.first_seat", "three_card.order", "mahjong_baccarat.payout",
          "thirteen.misdeal", "mahjong.fan")


def as_stored(answer: Any) -> Any:
    """An answer value as the answer controls emit it (JSON: lists, text, numbers)."""
    if isinstance(answer, Decimal):
        return f"{answer:,.2f}"  # typed as an English-speaking trainee types it
    if isinstance(answer, frozenset | set):
        return sorted(answer, key=str)
    if isinstance(answer, tuple | list):
        return [as_stored(a) for a in answer]
    if isinstance(answer, dict):
        return {k: as_stored(v) for k, v in answer.items()}
    return answer


def wrong_answer(question: questions.Question) -> Any:
    right = question.reference_answer()
    if isinstance(right, Decimal):
        return f"{right + 10:,.2f}"
    options = [o.value for o in question.form.options]
    if isinstance(right, tuple):
        return list(reversed(as_stored(right)))
    if isinstance(right, frozenset):
        return [o for o in options if o not in right][:1] or []
    if isinstance(right, dict):
        return {"action": "continue", "moves": []}
    return next(o for o in options if o != right)


def record(store, person_id: str, skill: str, seed: int, right: bool,
           difficulty: int = 2, ms: int = 6400, at: str | None = None) -> questions.Question:
    question = questions.generate(skill, seed, difficulty)
    answer = as_stored(question.reference_answer()) if right else wrong_answer(question)
    verdict = question.grade(answer)
    assert verdict.correct is right, (skill, seed, answer)
    record_attempt(store, person_id, None, question.to_json(), answer, verdict.correct,
                         verdict.score, ms, answered_at=at)
    return question
