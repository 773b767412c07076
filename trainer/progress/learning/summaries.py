"""Per person and skill summaries, kept up to date with every answer, rebuildable from attempts.

Reports over a million attempts and the self-study choice must not read every attempt,
so each answer also folds into ``skill_stats`` (totals, the current streak, the last
answers, the FSRS card) and ``weekly_stats`` (totals per ISO week). The same fold runs
when an answer is recorded and when a merged history is rebuilt, so the two cannot drift.

An answer given faster than its skill's floor (:func:`~trainer.progress.learning.targets
.too_fast`, from the answer's own skill and time, so that no column marks it) counts in the
totals (it was given, and graded) but not toward mastery: it joins neither the last answers
that mastery is judged on, nor the streak, nor the FSRS card that schedules the skill.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from fsrs import Card, Scheduler
from sqlite_utils import Database

from trainer.progress.learning.schedule import Progressing, Reviewer
from trainer.progress.learning.targets import RECENT_KEPT, floor_ms
from trainer.progress.storage.values import stamp, utc

#: One card per person and skill. Fuzzing is off so that a replayed history gives the
#: same schedule on every desktop.
SCHEDULER = Scheduler(enable_fuzzing=False)
_REVIEWER = Reviewer(SCHEDULER)  # its reviews, without an object per answer
_CARD_ID = 1  # a card is identified by (person, skill); FSRS's own id is not used

#: Monday of the answer's week (UTC), the same in SQL as in :func:`week_of`.
WEEK_SQL = ("date(substr(answered_at, 1, 10), '-' || ((CAST(strftime('%w', "
            "substr(answered_at, 1, 10)) AS INTEGER) + 6) % 7) || ' days')")


def week_of(answered_at: str) -> str:
    day = date.fromisoformat(answered_at[:10])
    return (day - timedelta(days=day.weekday())).isoformat()


@dataclass(frozen=True)
class RecentAnswer:
    correct: bool
    response_ms: int
    difficulty: int


@dataclass(frozen=True)
class SkillState:
    """Everything the mastery and the schedule need to know about one person's skill."""

    attempts: int = 0
    correct: int = 0
    score_sum: float = 0.0
    total_ms: int = 0
    streak: int = 0
    recent: tuple[RecentAnswer, ...] = ()
    card: Card | None = None
    first_at: str | None = None
    last_at: str | None = None

    def after(self, answered_at: str, correct: bool, score: float, response_ms: int,
              difficulty: int, rating: int, *, skill: str) -> SkillState:
        fold = _Fold(self, floor_ms(skill))
        fold.add(answered_at, correct, score, response_ms, difficulty, rating)
        return fold.state()

    @property
    def due(self) -> datetime | None:
        return self.card.due if self.card else None

    def to_row(self, person_id: str, skill: str) -> dict[str, Any]:
        return {
            "person_id": person_id, "skill": skill, "attempts": self.attempts,
            "correct": self.correct, "score_sum": self.score_sum, "total_ms": self.total_ms,
            "streak": self.streak,
            "recent": json.dumps([[int(a.correct), a.response_ms, a.difficulty]
                                  for a in self.recent], separators=(",", ":")),
            "card": self.card.to_json() if self.card else None,
            "due": stamp(self.card.due) if self.card else None,
            "first_at": self.first_at, "last_at": self.last_at,
        }

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> SkillState:
        recent = tuple(RecentAnswer(bool(c), ms, d) for c, ms, d in json.loads(row["recent"]))
        card = Card.from_json(row["card"]) if row["card"] else None
        return cls(row["attempts"], row["correct"], row["score_sum"], row["total_ms"],
                   row["streak"], recent, card, row["first_at"], row["last_at"])


_COLUMNS = ("person_id", "skill", "attempts", "correct", "score_sum", "total_ms", "streak",
            "recent", "card", "due", "first_at", "last_at")
_SAVE = (f"INSERT OR REPLACE INTO skill_stats ({', '.join(_COLUMNS)}) "
         f"VALUES ({', '.join('?' for _ in _COLUMNS)})")


def skill_state(db: Database, person_id: str, skill: str) -> SkillState:
    rows = db.table("skill_stats").rows_where("person_id = ? AND skill = ?", [person_id, skill])
    row = next(rows, None)
    return SkillState() if row is None else SkillState.from_row(row)


def skill_states(db: Database, person_id: str) -> dict[str, SkillState]:
    states = {}
    for row in db.table("skill_stats").rows_where("person_id = ?", [person_id]):
        try:
            states[row["skill"]] = SkillState.from_row(row)
        except (ValueError, TypeError, KeyError):
            continue  # a damaged summary counts as none; the next answer makes it again
    return states


def add_answer(db: Database, attempt: dict[str, Any]) -> None:
    """Fold one just-recorded attempt row into the summaries (inside its transaction)."""
    person_id, skill = attempt["person_id"], attempt["skill"]
    try:
        before = skill_state(db, person_id, skill)
    except (ValueError, TypeError, KeyError):  # a damaged summary: made again from the answers
        rebuild(db, [(person_id, skill)])
        return
    state = before.after(
        attempt["answered_at"], bool(attempt["correct"]), attempt["score"],
        attempt["response_ms"], attempt["difficulty"], attempt["rating"], skill=skill)
    _save(db, [state.to_row(person_id, skill)])
    db.execute(
        "INSERT INTO weekly_stats (person_id, skill, week, attempts, correct, score_sum, "
        "total_ms) VALUES (?, ?, ?, 1, ?, ?, ?) ON CONFLICT (person_id, skill, week) DO UPDATE "
        "SET attempts = attempts + 1, correct = correct + excluded.correct, "
        "score_sum = score_sum + excluded.score_sum, total_ms = total_ms + excluded.total_ms",
        [person_id, skill, week_of(attempt["answered_at"]), int(attempt["correct"]),
         attempt["score"], attempt["response_ms"]])


def rebuild(db: Database, pairs: Iterable[tuple[str, str]] | None = None) -> None:
    """Recompute the summaries of ``pairs`` of (person, skill), or of everything, from attempts.

    Runs inside the caller's transaction.
    """
    if pairs is None:
        db.execute("DELETE FROM skill_stats")
        db.execute("DELETE FROM weekly_stats")
        _save(db, _folded(db.execute(_HISTORY + " ORDER BY person_id, skill, answered_at, id")))
        db.execute(_WEEKLY + " GROUP BY person_id, skill, week")
        return
    for person_id, skill in sorted(set(pairs)):
        where = [person_id, skill]
        db.execute("DELETE FROM skill_stats WHERE person_id = ? AND skill = ?", where)
        db.execute("DELETE FROM weekly_stats WHERE person_id = ? AND skill = ?", where)
        _save(db, _folded(db.execute(
            _HISTORY + " WHERE person_id = ? AND skill = ? ORDER BY answered_at, id", where)))
        db.execute(_WEEKLY + " WHERE person_id = ? AND skill = ? GROUP BY week", where)


def fold(rows: Iterable[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Summary rows folded from answers sorted by person, skill and time: (person_id, skill,
    answered_at, correct, score, response_ms, difficulty, rating), as :data:`HISTORY` reads."""
    return list(_folded(rows))


def replace_folded(db: Database, rows: list[dict[str, Any]],
                   weeks: list[tuple[Any, ...]]) -> None:
    """Put summary rows folded beforehand (:func:`fold`) and their weeks (:data:`WEEKS`) in
    place of their pairs' summaries. Runs inside the caller's transaction."""
    for row in rows:
        where = [row["person_id"], row["skill"]]
        db.execute("DELETE FROM skill_stats WHERE person_id = ? AND skill = ?", where)
        db.execute("DELETE FROM weekly_stats WHERE person_id = ? AND skill = ?", where)
    _save(db, rows)
    db.conn.executemany("INSERT INTO weekly_stats (person_id, skill, week, attempts, correct, "
                        "score_sum, total_ms) VALUES (?, ?, ?, ?, ?, ?, ?)", weeks)


#: The weeks of answers read from a query ``{answers}`` with the attempts' columns.
WEEKS = (f"SELECT person_id, skill, {WEEK_SQL} AS week, count(*), sum(correct), sum(score), "
         f"sum(response_ms) FROM ({{answers}}) GROUP BY person_id, skill, week")


#: The columns a summary is folded from (see :func:`fold`).
HISTORY_COLUMNS = "person_id, skill, answered_at, correct, score, response_ms, difficulty, rating"
_HISTORY = f"SELECT {HISTORY_COLUMNS} FROM attempts"
_WEEKLY = (f"INSERT INTO weekly_stats (person_id, skill, week, attempts, correct, score_sum, "
           f"total_ms) SELECT person_id, skill, {WEEK_SQL} AS week, count(*), sum(correct), "
           f"sum(score), sum(response_ms) FROM attempts")


class _Fold:
    """A :class:`SkillState` taking one answer after another without a new state per answer
    (a merge folds hundreds of thousands): :meth:`SkillState.after` is one step of it."""

    __slots__ = ("attempts", "correct", "score_sum", "total_ms", "streak", "recent", "card",
                 "reviewed", "first_at", "last_at", "floor_ms")

    def __init__(self, start: SkillState, floor: int):
        self.attempts, self.correct = start.attempts, start.correct
        self.score_sum, self.total_ms, self.streak = start.score_sum, start.total_ms, start.streak
        #: The last answers as (correct, response_ms, difficulty): a :class:`RecentAnswer`
        #: each only when the state is asked for (making one per answer took a fifth of a
        #: merge's fold).
        self.recent: deque[tuple[bool, int, int]] = deque(
            ((a.correct, a.response_ms, a.difficulty) for a in start.recent), maxlen=RECENT_KEPT)
        self.card: Card | None = start.card  # as it was, until the first answer
        self.reviewed = Progressing.of(start.card)
        self.first_at, self.last_at = start.first_at, start.last_at
        #: The skill's floor: an answer quicker than it does not count toward mastery.
        self.floor_ms = floor

    def add(self, answered_at: str, correct: bool, score: float, response_ms: int,
            difficulty: int, rating: int) -> None:
        if not 1 <= rating <= 4:
            raise ValueError(f"{rating} is not an FSRS rating")
        self.attempts += 1
        self.correct += int(correct)
        self.score_sum += score
        self.total_ms += response_ms
        self.first_at = self.first_at or answered_at
        self.last_at = answered_at
        if response_ms < self.floor_ms:  # too fast: given, but not toward mastery
            return
        _REVIEWER.review(self.reviewed, rating, utc(answered_at))
        self.card = None  # made from ``reviewed`` when the state is asked for
        self.streak = self.streak + 1 if correct else 0
        self.recent.append((correct, response_ms, difficulty))

    def state(self) -> SkillState:
        card = self.card
        if card is None and self.reviewed.last_review is not None:
            card = self.card = self.reviewed.card(_CARD_ID)
        return SkillState(self.attempts, self.correct, self.score_sum, self.total_ms,
                          self.streak, tuple(RecentAnswer(*answer) for answer in self.recent),
                          card, self.first_at, self.last_at)


def _folded(rows: Iterable[tuple[Any, ...]]) -> Iterator[dict[str, Any]]:
    """One summary row per (person, skill) from attempts sorted by person, skill and time."""
    current: tuple[tuple[str, str], _Fold] | None = None  # the pair folding, and its fold
    for person_id, skill, answered_at, correct, score, ms, difficulty, rating in rows:
        if current is None or current[0] != (person_id, skill):
            if current is not None:
                yield current[1].state().to_row(*current[0])
            current = ((person_id, skill), _Fold(SkillState(), floor_ms(skill)))
        current[1].add(answered_at, bool(correct), score, ms, difficulty, rating)
    if current is not None:
        yield current[1].state().to_row(*current[0])


def _save(db: Database, rows: Iterable[dict[str, Any]]) -> None:
    db.conn.executemany(_SAVE, ([row[c] for c in _COLUMNS] for row in rows))
