"""The desk's log of answers: one trainee's or everyone's, filtered by mode, skill, wrong
only and days, newest first, read a page at a time (a school has a million answers).

A page is read after the last answer of the one before (:func:`page_after`, by its time and
row), so the thousandth page costs what the first does; :func:`page` reads from an offset.

The mode is the session's (practice, self-study, drill) or "exam" for an answer to an exam
sitting. Days are the desktop's local days (UTC shifted by ``utc_offset``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from trainer.progress.learning.targets import too_fast
from trainer.progress.people.leave import Leave
from trainer.progress.storage.database import reading
from trainer.progress.storage.store import ATTEMPT_COLUMNS, Attempt, readable_attempts
from trainer.progress.storage.values import stamp

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

    @property
    def too_fast(self) -> bool:
        """Given faster than its skill's floor: kept and shown, not counted toward mastery."""
        return too_fast(self.attempt.skill, self.attempt.response_ms)


#: Where a page ended: the (answered_at, rowid) of its last answer, newest first.
Mark = tuple[str, int]


@dataclass(frozen=True)
class LogPage:
    answers: list[LoggedAnswer]
    #: Where the next page starts after; ``None`` when this page read no row.
    mark: Mark | None
    #: Whether it read as many rows as asked (there may be more).
    full: bool


def _where(leave: Leave, chosen: LogFilter) -> tuple[str, list[Any]]:
    clauses, args = ["1"], []
    if leave.person_id is not None:
        clauses.append("a.person_id = ?")
        args.append(leave.person_id)
    if chosen.mode == EXAM:  # as _MODE says, in words the index on sitting_id serves
        # (few answers are exam answers: said so, the planner reads them from that index
        # rather than going through every answer by time)
        clauses.append("unlikely(a.sitting_id IS NOT NULL)")
    elif chosen.mode is not None:
        clauses.append("a.sitting_id IS NULL AND coalesce(s.mode, 'practice') = ?")
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
    # The sessions only for a session's mode: without them a count reads an index alone.
    sessions = (" LEFT JOIN sessions s ON s.id = a.session_id"
                if chosen.mode not in (None, EXAM) else "")
    with reading(leave.store) as db:
        found: int = db.execute(f"SELECT count(*) FROM attempts a{sessions} WHERE {where}",
                                args).fetchone()[0]
    return found


def scope_size(leave: Leave) -> int:
    """How many answers the log of ``leave`` holds before any filter (from the summaries,
    so at once): what a desk weighs before reading it."""
    where, args = ("WHERE person_id = ?", [leave.person_id]) if leave.person_id else ("", [])
    with reading(leave.store) as db:
        held: int = db.execute(f"SELECT coalesce(sum(attempts), 0) FROM skill_stats {where}",
                               args).fetchone()[0]
    return held


def page(leave: Leave, chosen: LogFilter, offset: int, limit: int) -> list[LoggedAnswer]:
    """``limit`` answers from the ``offset``-th, newest first."""
    return _read(leave, chosen, "", [], "LIMIT ? OFFSET ?", [limit, offset]).answers


def page_after(leave: Leave, chosen: LogFilter, after: Mark | None, limit: int) -> LogPage:
    """``limit`` answers newest first, after the answer at ``after`` (else from the newest)."""
    if after is None:
        return _read(leave, chosen, "", [], "LIMIT ?", [limit])
    at, rowid = after
    return _read(leave, chosen, " AND a.answered_at <= ? AND (a.answered_at < ? OR a.rowid < ?)",
                 [at, at, rowid], "LIMIT ?", [limit])


def _read(leave: Leave, chosen: LogFilter, more: str, more_args: list[Any], limit: str,
          limit_args: list[Any]) -> LogPage:
    where, args = _where(leave, chosen)
    columns = ", ".join(f"a.{c}" for c in ATTEMPT_COLUMNS)
    with reading(leave.store) as db:
        cursor = db.execute(
            f"SELECT {columns}, {_MODE} AS mode, a.rowid AS log_row FROM attempts a "
            f"LEFT JOIN sessions s ON s.id = a.session_id WHERE {where}{more} "
            f"ORDER BY a.answered_at DESC, a.rowid DESC {limit}",
            [*args, *more_args, *limit_args])
        names = [c[0] for c in cursor.description]
        rows = [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
    modes = {row["id"]: row["mode"] for row in rows}
    mark = (rows[-1]["answered_at"], rows[-1]["log_row"]) if rows else None
    return LogPage([LoggedAnswer(attempt, modes[attempt.id])
                    for attempt in readable_attempts(leave.store, rows)],
                   mark, len(rows) == limit_args[0])
