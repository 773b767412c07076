"""The class grid: every trainee of a class (or everyone) against every skill, game by game.

Each cell is the trainee's state in the skill: its mastery level by the mastery rule
(:func:`~trainer.progress.learning.mastery.level_of`, "new" meaning not started; a skill
answered only too fast to count toward mastery is learning), whether
its FSRS card says a review is due, its answers, and how many of the last answers (the
targets' window) were right. Read from the per-trainee × skill summaries (``skill_stats``),
never from the answer log: 500 trainees × 45 skills is 22,500 summaries, read in well
under a second whatever the number of answers behind them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal

from trainer.progress.learning.mastery import MasteryLevel, share
from trainer.progress.people.accounts import require_instructor
from trainer.progress.people.classes import SchoolClass
from trainer.progress.people.leave import Leave
from trainer.progress.reports.figures import GAME_NAMES
from trainer.progress.reports.summaries_read import Summary, all_summaries
from trainer.progress.storage.store import Person, Role
from trainer.progress.storage.values import stamp


@dataclass(frozen=True, slots=True)
class GridCell:
    """One trainee's state in one skill."""

    level: MasteryLevel = MasteryLevel.NEW
    attempts: int = 0
    correct: int = 0
    #: Of the last answers that count toward mastery (the targets' window): how many were
    #: right, of how many.
    recent_right: int = 0
    recent_count: int = 0
    #: The skill's FSRS card is due for review at the grid's time.
    due: bool = False

    @property
    def started(self) -> bool:
        return self.attempts > 0

    @property
    def accuracy(self) -> Decimal | None:
        return share(self.correct, self.attempts)

    @property
    def recent_accuracy(self) -> Decimal | None:
        return share(self.recent_right, self.recent_count)


NOT_STARTED = GridCell()


@dataclass(frozen=True)
class Grid:
    """Trainees (rows) × skills grouped by game (columns)."""

    trainees: tuple[Person, ...]
    #: Each game with its skills, in the games' order; a game without skills is left out.
    games: tuple[tuple[str, tuple[str, ...]], ...]
    cells: dict[tuple[str, str], GridCell] = field(repr=False)
    generated_at: datetime
    #: The class shown (None: every trainee).
    class_name: str | None = None

    @property
    def skills(self) -> tuple[str, ...]:
        return tuple(skill for _game, skills in self.games for skill in skills)

    def cell(self, person_id: str, skill: str) -> GridCell:
        return self.cells.get((person_id, skill), NOT_STARTED)


def game_of(skill: str) -> str:
    return skill.partition(".")[0]


def grouped(skills: Iterable[str]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``skills`` by game: the games in the reports' order (unknown games after, by id),
    each game's skills in the order given (first seen), without repeats."""
    by_game: dict[str, list[str]] = {}
    for skill in dict.fromkeys(skills):
        by_game.setdefault(game_of(skill), []).append(skill)
    order = list(GAME_NAMES)
    games = sorted(by_game, key=lambda g: (order.index(g) if g in order else len(order), g))
    return tuple((game, tuple(by_game[game])) for game in games)


def build_grid(leave: Leave, skills: Iterable[str] = (), *,
               school_class: SchoolClass | None = None, at: datetime | None = None,
               kept: bool = False) -> Grid:
    """The grid of every trainee (or those of ``school_class``) × ``skills`` (the skills
    this trainer asks, in its order) and any other skill a summary holds (after them, by
    id); an instructor only, with a leave for everyone. The summaries are those kept from an
    earlier read if ``kept`` and nothing changed since (see :func:`all_summaries`)."""
    store = leave.store
    require_instructor(store, leave.actor)
    if leave.person_id is not None:
        raise ValueError("the grid is on a class or on everyone, not on one trainee")
    at = at or datetime.now(UTC)
    people = store.people(Role.TRAINEE)
    if school_class is not None:
        people = [p for p in people if p.id in school_class.members]
    # a damaged summary is said, left out: its cell shows not started
    return grid_of(people, all_summaries(store, kept=kept).summaries, skills, at,
                   school_class.name if school_class else None)


def grid_cell(summary: Summary, now: str) -> GridCell:
    """A summary's cell at ``now`` (a stored time): its level by the mastery rule, learning
    when every answer was too fast to count."""
    level = summary.level
    if level is MasteryLevel.NEW and summary.attempts:  # every answer too fast to count
        level = MasteryLevel.LEARNING
    due = summary.due
    return GridCell(level, summary.attempts, summary.correct, summary.recent_right,
                    summary.recent_count, isinstance(due, str) and due <= now)


def grid_of(people: Sequence[Person], summaries: Mapping[tuple[str, str], Summary],
            skills: Iterable[str], at: datetime, class_name: str | None) -> Grid:
    """The grid of ``people`` from ``summaries`` already read (a report's, or everyone's
    kept ones), the reviews due at ``at``; the skills asked first, in their order, then any
    other a summary holds, by id."""
    wanted = {p.id for p in people}
    now = stamp(at.astimezone(UTC))
    cells = {key: grid_cell(summary, now) for key, summary in summaries.items()
             if key[0] in wanted}
    asked = tuple(dict.fromkeys(skills))
    others = {skill for _person, skill in cells}.difference(asked)
    return Grid(tuple(people), grouped([*asked, *sorted(others)]), cells, at, class_name)
