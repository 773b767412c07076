"""Who struggles with what: per skill, the trainees below the at-risk rule; per class (or
everyone), the five weakest skills and the most frequent kinds of mistake.

The first two come from the class grid (:mod:`grid`, the summaries). The mistakes are
counted from the kinds the rules core gave each wrong answer (``attempt_mistakes``, see
:mod:`trainer.progress.learning.mistakes`): the wrong answers of the trainees not yet
classified are classified first, then counted by kind, each kind with its latest answer as
an example.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from trainer.progress.learning.mistakes import MistakeReader, classify
from trainer.progress.people.accounts import require_instructor
from trainer.progress.people.leave import Leave
from trainer.progress.reports.at_risk import RiskThresholds, low_accuracy
from trainer.progress.reports.figures import WEAKEST_MIN_ATTEMPTS, Figures
from trainer.progress.reports.grid import Grid
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Person

#: How many weakest skills, and how many mistake kinds, a class's struggles show.
SHOWN = 5
#: A kind of mistake made at least this many times has its latest example looked for among
#: the latest answers (about one in so many answers of a class of a million is one).
FREQUENT = 1_000


@dataclass(frozen=True)
class SkillStruggle:
    """A skill, and its trainees under the at-risk rule in it (weakest first)."""

    skill: str
    trainees: tuple[tuple[Person, Figures], ...]


@dataclass(frozen=True)
class WeakSkill:
    skill: str
    #: The answers of the class's trainees in the skill, pooled.
    figures: Figures
    trainees: int


@dataclass(frozen=True)
class MistakeExample:
    attempt_id: str
    person_id: str
    skill: str
    answered_at: str
    answer: Any


@dataclass(frozen=True)
class MistakeCount:
    #: The kind's stable id (see :func:`trainer.rules.mistake_kinds.mistake_kind`).
    kind: str
    #: How many wrong answers made it (an answer of two kinds counts in both).
    count: int
    #: The latest such answer.
    example: MistakeExample | None


@dataclass(frozen=True)
class Struggles:
    by_skill: tuple[SkillStruggle, ...]
    weakest: tuple[WeakSkill, ...]
    mistakes: tuple[MistakeCount, ...] = ()


def struggling(grid: Grid, limits: RiskThresholds) -> tuple[SkillStruggle, ...]:
    """Each skill with at least one trainee under the at-risk rule in it (its accuracy
    under the threshold over at least the rule's number of answers), in the grid's order;
    its trainees weakest first (then by name)."""
    found = []
    for skill in grid.skills:
        cells = [(person, grid.cells.get((person.id, skill))) for person in grid.trainees]
        below = [(person, Figures(cell.attempts, cell.correct)) for person, cell in cells
                 if cell is not None]  # not started: no answers, none low
        below = [(person, figures) for person, figures in below
                 if low_accuracy(figures, limits)]
        if below:
            below.sort(key=lambda pair: (pair[1].accuracy, pair[0].name, pair[0].id))
            found.append(SkillStruggle(skill, tuple(below)))
    return tuple(found)


def weakest_skills(grid: Grid, shown: int = SHOWN) -> tuple[WeakSkill, ...]:
    """The ``shown`` skills the grid's trainees answer worst (pooled accuracy; a skill with
    fewer than :data:`WEAKEST_MIN_ATTEMPTS` answers is not judged), weakest first."""
    rows = []
    for place, skill in enumerate(grid.skills):
        cells = [grid.cell(person.id, skill) for person in grid.trainees]
        figures = Figures(sum(c.attempts for c in cells), sum(c.correct for c in cells))
        if figures.attempts >= WEAKEST_MIN_ATTEMPTS:
            rows.append((figures.accuracy, place,
                         WeakSkill(skill, figures, sum(c.started for c in cells))))
    rows.sort(key=lambda row: (row[0], row[1]))
    return tuple(row[2] for row in rows[:shown])


def frequent_mistakes(leave: Leave, grid: Grid, reader: MistakeReader,
                      shown: int = SHOWN) -> tuple[MistakeCount, ...]:
    """The ``shown`` kinds of mistake the grid's trainees made most (most first, then by
    id), each with its count and latest answer; an instructor only. Their wrong answers not
    yet classified are classified first (this reads their questions: a first read of a
    large history takes a while)."""
    store = leave.store
    require_instructor(store, leave.actor)
    people = orjson.dumps([p.id for p in grid.trainees]).decode()
    mine = "a.person_id IN (SELECT value FROM json_each(?))"
    classify(store, reader, f"AND {mine}", [people])
    db = connection(store)
    # from the mistakes to their answers (CROSS JOIN keeps that order): the other way
    # went through every answer of the class, a school's million
    counts = db.execute(
        f"SELECT m.kind, count(*) AS n FROM attempt_mistakes m CROSS JOIN attempts a "
        f"ON a.id = m.attempt_id WHERE {mine} GROUP BY m.kind ORDER BY n DESC, m.kind "
        f"LIMIT ?", [people, shown]).fetchall()
    found = []
    for kind, count in counts:
        # the latest: a frequent kind found among the latest answers (walked newest first by
        # their time's index), a rare one among its few mistakes (the same answer either way)
        source = ("attempts a INDEXED BY idx_attempts_answered_at WHERE EXISTS (SELECT 1 "
                  "FROM attempt_mistakes m WHERE m.attempt_id = a.id AND m.kind = ?)"
                  if count >= FREQUENT else
                  "attempt_mistakes m CROSS JOIN attempts a ON a.id = m.attempt_id "
                  "WHERE m.kind = ?")
        row = db.execute(
            f"SELECT a.id, a.person_id, a.skill, a.answered_at, a.answer_json FROM {source} "
            f"AND {mine} ORDER BY a.answered_at DESC, a.rowid DESC LIMIT 1",
            [kind, people]).fetchone()
        found.append(MistakeCount(kind, count, _example(row) if row else None))
    return tuple(found)


def _example(row: tuple[str, str, str, str, str]) -> MistakeExample | None:
    attempt_id, person_id, skill, answered_at, answer = row
    try:
        given = orjson.loads(answer)
    except (orjson.JSONDecodeError, TypeError):
        return None  # a damaged answer is no example
    return MistakeExample(attempt_id, person_id, skill, answered_at, given)


def struggles(leave: Leave, grid: Grid, limits: RiskThresholds,
              reader: MistakeReader | None = None) -> Struggles:
    """Who struggles with what among the grid's trainees (the mistakes only with a
    ``reader`` to classify wrong answers with)."""
    require_instructor(leave.store, leave.actor)
    return Struggles(struggling(grid, limits), weakest_skills(grid),
                     frequent_mistakes(leave, grid, reader) if reader is not None else ())
