"""The rows of people, practice sessions, answers and settings, as the progress rooms write
and read them: no check here of who acts.

Only the rooms of ``trainer.progress`` call these (the UI may not import this module: an
import contract); what the app calls are the rooms' APIs, which take the acting person and
check what they may do — :mod:`trainer.progress.practice` (a trainee's sessions and
answers), :mod:`trainer.progress.people.accounts` (people), :mod:`trainer.progress.desktop`
(the desktop's own preferences), the exams, the reports. Each answer is folded into the
summaries (:mod:`trainer.progress.learning.summaries`) in the transaction that stores it.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.learning import mistakes, summaries
from trainer.progress.learning.targets import load_targets, rating_for
from trainer.progress.people.names import plain_name, stored_name
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import (
    ATTEMPT_COLUMNS,
    Attempt,
    Person,
    Role,
    Store,
    StoreError,
    now,
    person_row,
    readable_attempts,
)
from trainer.rules.house import READINGS

_INSERT_ATTEMPT = (f"INSERT INTO attempts ({', '.join(ATTEMPT_COLUMNS)}) "
                   f"VALUES ({', '.join('?' for _ in ATTEMPT_COLUMNS)})")


def add_person(store: Store, name: str, role: Role = Role.TRAINEE,
               language: str | None = None) -> Person:
    """Add a person under the name ``name`` is stored as (the one rule for names,
    :mod:`trainer.progress.people.names`), unless someone here has that name already."""
    name = stored_name(name)
    person = Person(str(uuid.uuid4()), name, Role(role), language, now())
    with writing(store) as db:
        if any(plain_name(other) == plain_name(name) for (other,) in db.execute(
                "SELECT name FROM people")):
            raise StoreError(Message.of(N_(
                "Someone called “{name}” is already in this database (names differ in "
                "more than capitals and spaces)."), name=name))
        db.table("people").insert(person_row(person))
    return person


def start_session(store: Store, person_id: str, mode: str) -> str:
    session_id = str(uuid.uuid4())
    with writing(store) as db:
        db.table("sessions").insert({"id": session_id, "person_id": person_id, "mode": mode,
                                     "started_at": now(), "ended_at": None})
    return session_id


def end_session(store: Store, session_id: str) -> None:
    with writing(store) as db:
        db.table("sessions").update(session_id, {"ended_at": now()})


def session_owner(store: Store, session_id: str) -> str | None:
    with reading(store) as db:
        row = db.execute("SELECT person_id FROM sessions WHERE id = ?", [session_id]).fetchone()
    return row[0] if row else None


def record_attempt(store: Store, person_id: str, session_id: str | None,
                   question: dict[str, Any], answer: Any, correct: bool, score: float,
                   response_ms: int, *, sitting_id: str | None = None,
                   item_index: int | None = None, answered_at: str | None = None,
                   mistake_kinds: Sequence[str] = ()) -> str:
    """Store one graded answer, fold it into the summaries, and commit before returning;
    ``mistake_kinds``: the ids of the kinds of mistake a wrong answer made, named by the rules
    core (:mod:`trainer.progress.learning.mistakes`), written with it.

    Exam answers go through :func:`trainer.progress.exams.sittings.answer_exam_item`, which
    checks the sitting first and passes ``sitting_id`` and ``item_index``.
    """
    if response_ms < 0 or not 0.0 <= score <= 1.0:
        raise ValueError(f"bad attempt: score={score}, response_ms={response_ms}")
    attempt_id = str(uuid.uuid4())
    with writing(store) as db:
        targets = load_targets(db, person_id).of(question["skill"])
        row = {
            "id": attempt_id, "person_id": person_id, "session_id": session_id,
            "answered_at": answered_at or now(), "game": question["skill"].partition(".")[0],
            "skill": question["skill"], "difficulty": question["difficulty"],
            "seed": question["seed"],
            "question_json": json.dumps(question, ensure_ascii=False),
            "answer_json": json.dumps(answer, ensure_ascii=False), "correct": int(correct),
            "score": float(score), "response_ms": int(response_ms),
            "sitting_id": sitting_id, "item_index": item_index,
            "rating": int(rating_for(correct, int(response_ms), targets)),
            "readings": READINGS,
        }
        db.execute(_INSERT_ATTEMPT, [row[c] for c in ATTEMPT_COLUMNS])
        summaries.add_answer(db, row)
        if mistake_kinds and not correct:
            mistakes.add_kinds(db, attempt_id, mistake_kinds)
    return attempt_id


def refold(db: Database, pairs: list[tuple[str, str]]) -> None:
    """Fold the summaries of each ``(person, skill)`` again from their answers, inside the
    write that moved answers from one person to another (the summaries are the answers'
    running sums: only this module keeps them)."""
    summaries.rebuild(db, pairs)


def stored_attempts(store: Store, person_id: str) -> list[Attempt]:
    """Every answer of the person, oldest first (a damaged one noted and skipped)."""
    with reading(store) as db:
        rows = db.table("attempts").rows_where("person_id = ?", [person_id],
                                               order_by="answered_at, rowid")
        return list(readable_attempts(store, rows))


def stored_round_steps(store: Store, person_id: str) -> list[Attempt]:
    """The person's answers that are steps of table rounds, oldest first."""
    with reading(store) as db:
        rows = db.table("attempts").rows_where(
            "person_id = ? AND json_extract(question_json, '$.round.id') IS NOT NULL",
            [person_id], order_by="answered_at, rowid")
        return list(readable_attempts(store, rows))


def abandoned_rounds(store: Store, person_id: str) -> set[str]:
    """The ids of the person's table rounds marked abandoned."""
    with reading(store) as db:
        return {row[0] for row in db.execute(
            "SELECT round_id FROM abandoned_rounds WHERE person_id = ?", [person_id])}


def abandon_round(store: Store, person_id: str, round_id: str) -> None:
    """Mark the person's table round ``round_id`` abandoned (again: nothing changes)."""
    with writing(store) as db:
        db.execute("INSERT OR IGNORE INTO abandoned_rounds (round_id, person_id, abandoned_at) "
                   "VALUES (?, ?, ?)", [round_id, person_id, now()])


def stored_setting(store: Store, key: str, default: str | None = None) -> str | None:
    with reading(store) as db:
        row = db.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
    return row[0] if row else default


def store_setting(store: Store, key: str, value: str) -> None:
    with writing(store) as db:
        db.table("settings").upsert({"key": key, "value": value}, pk="key")
