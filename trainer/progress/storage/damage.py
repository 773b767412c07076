"""Rows of the progress database that no program of ours wrote (a flipped bit, a bad sector,
another program): every reader names such a row in ``store.damaged_rows``, with its id and
the column that is damaged, leaves it out and reads the rest.

What a reader needs of a row is said here, column by column, as lenient as reading allows
(any moment, any printable text: a flipped byte in a name reads as "�" and is kept). A
reader of many rows converts each as it goes, its conversions raising on a damaged value,
and asks :func:`damaged_column` only of a row that raised, so a sound row costs nothing more.
Readers that add up rows in SQL keep only rows passing :data:`SOUND_ANSWER`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from datetime import date
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.storage.values import Check, is_int, is_moment, is_text, one_of, optional

#: The longest a stored time may be (a day), and the most a count may be.
LONGEST_MS = 24 * 3_600_000
_MOST = 2**63 - 1


def is_share(value: Any) -> bool:
    """A score: a finite number from 0 to 1 (never NaN, never text)."""
    return type(value) in (int, float) and math.isfinite(value) and 0 <= value <= 1


def is_json_text(value: Any) -> bool:
    if type(value) is not str:
        return False
    try:
        json.loads(value)
    except ValueError:
        return False
    return True


def is_day(value: Any) -> bool:
    try:
        return type(value) is str and date.fromisoformat(value) is not None
    except ValueError:
        return False


def is_percent_text(value: Any) -> bool:
    """A stored percentage (text, as exam results keep it: ``"87.5"``) from 0 to 100."""
    try:
        number = float(value) if type(value) is str else math.nan
    except ValueError:
        return False
    return math.isfinite(number) and 0 <= number <= 100


_COUNT = is_int(0, _MOST)
#: What a reader needs of an answer's columns.
ANSWER: dict[str, Check] = {
    "id": is_text(200), "person_id": is_text(200), "answered_at": is_moment,
    "game": is_text(200), "skill": is_text(200), "difficulty": is_int(0, 1000),
    "seed": is_int(0, _MOST), "question_json": is_json_text, "answer_json": is_json_text,
    "correct": one_of(0, 1), "score": is_share, "response_ms": is_int(0, LONGEST_MS),
    "sitting_id": optional(is_text(200)), "item_index": optional(_COUNT),
}
#: What a reader needs of an exam result's columns (and of its exam's title and day).
RESULT: dict[str, Check] = {
    "sitting_id": is_text(200), "person_id": is_text(200), "submitted_at": is_moment,
    "questions": _COUNT, "correct": _COUNT, "score_percent": is_percent_text,
    "passed": one_of(0, 1), "duration_ms": _COUNT, "title": is_text(1000),
    "created_at": is_moment,
}
#: What a reader needs of a person's summary of one skill (``skill_stats``).
SUMMARY: dict[str, Check] = {
    "attempts": _COUNT, "correct": _COUNT, "total_ms": _COUNT, "last_at": optional(is_moment),
}
#: What a reader needs of a person's figures of one week (``weekly_stats``).
WEEK: dict[str, Check] = {
    "week": is_day, "attempts": _COUNT, "correct": _COUNT, "total_ms": _COUNT,
}
#: An answer whose figures SQL may add up; the others are named by :func:`damaged_answers`.
SOUND_ANSWER = ("(typeof(correct) = 'integer' AND correct IN (0, 1) "
                "AND typeof(response_ms) = 'integer' AND response_ms >= 0 "
                f"AND response_ms <= {LONGEST_MS} AND julianday(answered_at) IS NOT NULL)")

#: A week's figures SQL may add up (the others are named with :data:`WEEK`).
SOUND_WEEK = ("(typeof(attempts) = 'integer' AND attempts >= 0 AND typeof(correct) = 'integer' "
              "AND correct >= 0 AND typeof(total_ms) = 'integer' AND total_ms >= 0 "
              "AND date(week) IS week)")


def damaged_column(checks: Mapping[str, Check], row: Mapping[str, Any]) -> str:
    """The first of ``row``'s columns that ``checks`` refuses (``"—"`` if none does: the
    row is damaged in how its values go together)."""
    return next((column for column, check in checks.items()
                 if column in row and not check(row[column])), "—")


def answer_skipped(key: Any, column: str) -> Message:
    return Message.of(N_("The answer {id} in the progress database is damaged ({column}); it "
                         "was skipped."), id=str(key), column=column)


def summary_skipped(skill: Any, person: Any, column: str) -> Message:
    return Message.of(N_("The summary of {skill} for {id} in the progress database is damaged "
                         "({column}); it was skipped."), skill=str(skill), id=str(person),
                      column=column)


def result_skipped(sitting: Any, column: str) -> Message:
    return Message.of(N_("The exam result of the sitting {id} in the progress database is "
                         "damaged ({column}); it was skipped."), id=str(sitting), column=column)


def week_skipped(week: Any, person: Any, column: str) -> Message:
    return Message.of(N_("The figures of the week {week} for {id} in the progress database are "
                         "damaged ({column}); they were skipped."), week=str(week),
                      id=str(person), column=column)


def damaged_answers(db: Database, where: str, args: list[Any]) -> list[Message]:
    """The answers that ``where`` keeps but SQL may not add up."""
    cursor = db.execute(f"SELECT id, answered_at, correct, response_ms FROM attempts WHERE {where} "
                        f"AND NOT {SOUND_ANSWER}", args)
    names = [c[0] for c in cursor.description]
    return [answer_skipped(row[0], damaged_column(ANSWER, dict(zip(names, row, strict=True))))
            for row in cursor]
