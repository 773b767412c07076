"""The desk's log of answers: one trainee's or everyone's, filtered by mode, skill, wrong
only and days, newest first, read a page at a time (a school has a million answers).

The mode is the session's (practice, self-study, drill) or "exam" for an answer to an exam
sitting. Days are the desktop's local days (UTC shifted by ``utc_offset``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from trainer.progress.learning.summaries import stamp
from trainer.progress.people.leave import Leave
from trainer.progress.store import ATTEMPT_COLUMNS, Attempt, readable_attempts

EXAM = "exam"
#: The modes an answer can come from, in the order the desk lists them.
MODES = ("practice", "self-study", "drill", EXAM)
_MODE = "CASE WHEN a.sitting_id IS NOT NULL THEN 'exam' ELSE coalesce(s.mode, 'practice') END"


@dataclass(frozen=True)
class LogFilter:
    mode: str | None = None
    skill: str | None = None
    wrong_only: bool = False
    #: The first and last local days shown (both included); None: no limit.
    first: date | None = None
    last: date | None = None
    utc_offset: timedelta = timedelta(0)


@dataclass(frozen=True)
class LoggedAnswer:
    attempt: Attempt
    mode: str


def _where(leave: Leave, chosen: LogFilter) -> tuple[str, list[Any]]:
    clauses, args = ["1"], []
    if leave.person_id is not None:
        clauses.append("a.person_id = ?")
        args.append(leave.person_id)
    if chosen.mode is not None:
        clauses.append(f"({_MODE}) = ?")
        args.append(chosen.mode)
    if chosen.skill is not None:
        clauses.append("a.skill = ?")
        args.append(chosen.skill)
    if chosen.wrong_only:
        clauses.append("a.correct = 0")
    if chosen.first is not None:
        clauses.append("a.answered_at >= ?")
        args.append(stamp(datetime.combine(chosen.first, time(), UTC) - chosen.utc_offset))
    if chosen.last is not None:
        clauses.append("a.answered_at < ?")
        args.append(stamp(datetime.combine(chosen.last + timedelta(days=1), time(), UTC)
                          - chosen.utc_offset))
    return " AND ".join(clauses), args


def count(leave: Leave, chosen: LogFilter) -> int:
    """How many answers the filter lets through."""
    where, args = _where(leave, chosen)
    with leave.store.read() as db:
        return db.execute(f"SELECT count(*) FROM attempts a LEFT JOIN sessions s "
                          f"ON s.id = a.session_id WHERE {where}", args).fetchone()[0]


def page(leave: Leave, chosen: LogFilter, offset: int, limit: int) -> list[LoggedAnswer]:
    """``limit`` answers from the ``offset``-th, newest first."""
    where, args = _where(leave, chosen)
    columns = ", ".join(f"a.{c}" for c in ATTEMPT_COLUMNS)
    with leave.store.read() as db:
        cursor = db.execute(
            f"SELECT {columns}, {_MODE} AS mode FROM attempts a LEFT JOIN sessions s "
            f"ON s.id = a.session_id WHERE {where} ORDER BY a.answered_at DESC, a.rowid DESC "
            f"LIMIT ? OFFSET ?", [*args, limit, offset])
        names = [c[0] for c in cursor.description]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    modes = {row["id"]: row["mode"] for row in rows}
    return [LoggedAnswer(attempt, modes[attempt.id])
            for attempt in readable_attempts(leave.store, rows)]
