"""Instructors' reports: the content, per trainee or per cohort, ready to be drawn.

Built from the summary tables (never by reading every attempt), so a cohort of 500
trainees and a million answers reports in well under a second. The CSV writer
(:mod:`report_csv`) and the PDF drawn by Qt in ``ui/report_pdf.py`` render the same
:class:`Report`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING

import numpy as np
import orjson

from i18n import N_, Message
from trainer.progress.exams.item_statistics import ExamItemStatistics, exam_item_statistics
from trainer.progress.learning.mastery import MasteryLevel, share
from trainer.progress.learning.targets import MasteryTargets, load_targets
from trainer.progress.people.classes import SchoolClass
from trainer.progress.people.leave import Leave
from trainer.progress.progress_steps import Progress, Steps
from trainer.progress.reports import period as periods
from trainer.progress.reports.period import Period
from trainer.progress.reports.results import sound_results
from trainer.progress.reports.summaries_read import (
    Summary,
    all_summaries,
    sound_summaries,
    summary,
)
from trainer.progress.storage.damage import (
    SOUND_WEEK,
    WEEK,
    damaged_column,
    week_skipped,
)
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Person, Role, Store

if TYPE_CHECKING:
    from trainer.progress.reports.grid import Grid

#: A skill is one of the weakest only with at least this many answers behind it.
WEAKEST_MIN_ATTEMPTS = 10
WEAKEST_SHOWN = 3

GAME_NAMES = {
    "thirteen": N_("13-card game"),
    "mahjong_baccarat": N_("Mahjong Baccarat"),
    "three_card": N_("Three-card baccarat"),
    "sap_i_chi": N_("Sap I Chi"),
    "mahjong": N_("Mah-Jong, a scene"),
    "mahjong_hand": N_("Mah-Jong, a whole hand"),
    "mahjong_simplified": N_("Simplified Mah-Jong, a whole hand"),
}


def game_name(game: str) -> Message:
    return Message.of(GAME_NAMES.get(game, game))


@dataclass(frozen=True)
class Figures:
    """How many answers, how many right, and the time they took."""

    attempts: int = 0
    correct: int = 0
    total_ms: int = 0

    @property
    def accuracy(self) -> Decimal | None:
        return share(self.correct, self.attempts)

    @property
    def mean_ms(self) -> int | None:
        return self.total_ms // self.attempts if self.attempts else None

    def __add__(self, other: Figures) -> Figures:
        return Figures(self.attempts + other.attempts, self.correct + other.correct,
                       self.total_ms + other.total_ms)


@dataclass(frozen=True)
class SkillRow:
    game: str
    skill: str
    figures: Figures
    #: Median response time of the recent answers (each trainee's last 50), pooled.
    median_ms: int | None
    trainees: int
    mastered: int
    #: The trainee's mastery level (trainee reports only).
    level: MasteryLevel | None = None


@dataclass(frozen=True)
class GameRow:
    game: str
    figures: Figures
    median_ms: int | None


@dataclass(frozen=True)
class WeekRow:
    week: date
    figures: Figures


@dataclass(frozen=True)
class TraineeRow:
    person: Person
    figures: Figures
    mastered: int
    weakest_skill: str | None
    last_answered_at: str | None


@dataclass(frozen=True)
class ExamRow:
    exam_title: str
    person: Person
    submitted_at: str
    questions: int
    correct: int
    score_percent: Decimal
    passed: bool
    duration_ms: int
    exam_id: str = ""


@dataclass(frozen=True)
class Report:
    #: The trainee the report is about; ``None`` for the whole cohort.
    scope: Person | None
    generated_at: datetime
    totals: Figures
    games: tuple[GameRow, ...]
    skills: tuple[SkillRow, ...]
    weeks: tuple[WeekRow, ...]
    trainees: tuple[TraineeRow, ...]
    exams: tuple[ExamRow, ...]
    weakest: tuple[SkillRow, ...]
    #: The days the report covers (None: every day there are answers of).
    period: Period | None = None
    #: The class the report is on (None: every trainee, or the one trainee of ``scope``).
    class_name: str | None = None
    #: Each exam's item statistics over the sittings of ``exams`` (a report on one trainee
    #: has none: one sitting tells nothing of an item).
    exam_items: tuple[ExamItemStatistics, ...] = ()
    #: The class grid of a report on a class or everyone, when asked for (``grid_skills``
    #: of :func:`build_report`).
    grid: Grid | None = None

    @property
    def title(self) -> Message:
        return self.titled(str)

    def titled(self, shown: Callable[[str], str]) -> Message:
        """The title, with the name in it as ``shown`` gives it (a PDF isolates it)."""
        if self.scope is None and self.class_name is not None:
            return Message.of(N_("Progress report: the class {name}"),
                              name=shown(self.class_name))
        if self.scope is None:
            return Message.of(N_("Progress report: all trainees"))
        return Message.of(N_("Progress report: {name}"), name=shown(self.scope.name))


def build_report(leave: Leave, at: datetime | None = None, *,
                 progress: Progress | None = None, period: Period | None = None,
                 school_class: SchoolClass | None = None, exams: bool = True,
                 kept: bool = False, grid_skills: Iterable[str] | None = None) -> Report:
    """The report on the person ``leave`` is for, or on every trainee (a leave for everyone)
    or the trainees of ``school_class``, over ``period`` (see :mod:`period`: answers, weeks
    and exams of its days only); without its exams and their item statistics when ``exams``
    is false (the cohort's charts show none). The summaries of everyone are those kept from
    an earlier read if ``kept`` and nothing changed since (see :func:`all_summaries`).

    Given ``grid_skills`` (the skills the trainer asks, in its order; may be empty), a
    report on a class or everyone has its class grid: each trainee's state in each skill at
    the report's time, whatever days it covers (a state is not a sum of days), from the
    summaries the report read (read again only for a report over chosen days).

    ``progress`` is told the skill summaries read (one per trainee and skill practised,
    the larger part of the work; see :mod:`progress_steps`).
    """
    store, person_id = leave.store, leave.person_id
    by_id = _people(leave, school_class)
    period = period if period is not None and period.bounded else None
    steps = Steps(progress, summary_count(store, person_id) if progress and not period else 0)
    states = _summaries(store, person_id, period, by_id, steps, kept)
    exam_rows = _exam_rows(store, by_id, period) if exams else ()
    skills = _skill_rows(states, single=person_id is not None)
    at = at or datetime.now(UTC)
    report = Report(
        scope=by_id[person_id] if person_id else None,
        generated_at=at,
        totals=sum((row.figures for row in skills), Figures()),
        games=_game_rows(states),
        skills=skills,
        weeks=(_period_weeks(store, period, by_id) if period
               else _week_rows(store, person_id, by_id if school_class else None)),
        trainees=_trainee_rows(by_id, states),
        exams=exam_rows,
        weakest=_weakest(skills),
        period=period,
        class_name=school_class.name if school_class and not person_id else None,
        exam_items=() if person_id else tuple(
            exam_item_statistics(store, leave.actor, exam_id, people=by_id, period=period)
            for exam_id in dict.fromkeys(row.exam_id for row in exam_rows)),
        grid=None if grid_skills is None or person_id else _grid(
            leave, states, tuple(by_id.values()), grid_skills, at, period, school_class),
    )
    steps.finish()
    return report


def _grid(leave: Leave, states: dict[tuple[str, str], Summary], people: tuple[Person, ...],
          skills: Iterable[str], at: datetime, period: Period | None,
          school_class: SchoolClass | None) -> Grid:
    # imported here: the grid orders its games by this module's GAME_NAMES
    from trainer.progress.reports.grid import build_grid, grid_of

    if period is not None:  # the report read the period's answers: the grid reads the state
        return build_grid(leave, skills, school_class=school_class, at=at)
    return grid_of(people, states, skills, at, school_class.name if school_class else None)


def trainee_rows(leave: Leave, *, progress: Progress | None = None, kept: bool = False,
                 ) -> tuple[TraineeRow, ...]:
    """The trainee rows of :func:`build_report` (every trainee, or the one ``leave`` is
    for), the same figures, without the rest of the report: the desk's trainee list."""
    store, person_id = leave.store, leave.person_id
    by_id = _people(leave, None)
    steps = Steps(progress, summary_count(store, person_id) if progress else 0)
    rows = _trainee_rows(by_id, _summaries(store, person_id, None, by_id, steps, kept))
    steps.finish()
    return rows


def _people(leave: Leave, school_class: SchoolClass | None) -> dict[str, Person]:
    """The trainees a report is on, by id."""
    store, person_id = leave.store, leave.person_id
    people = store.people(Role.TRAINEE) if person_id is None else [store.person(person_id)]
    if person_id is None and school_class is not None:
        people = [p for p in people if p.id in school_class.members]
    return {p.id: p for p in people}


def summary_count(store: Store, person_id: str | None = None) -> int:
    """How many skill summaries a report on ``person_id`` (or everyone) reads: the size of
    its work, for its progress and for the desk to choose where to build it."""
    summaries: int = (
        connection(store).execute("SELECT count(*) FROM skill_stats WHERE person_id = ?",
                         [person_id]).fetchone()[0]
        if person_id else connection(store).execute("SELECT count(*) FROM skill_stats").fetchone(
                )[0])
    return summaries


def _summaries(store: Store, person_id: str | None, period: Period | None,
               people: dict[str, Person], steps: Steps, kept: bool,
               ) -> dict[tuple[str, str], Summary]:
    """Each (person, skill) summary of ``people``, with the mastery level it shows: of
    everyone's kept summaries (:func:`all_summaries`) for a report on everyone over every
    day; else read for this report (a trainee's, a period's answers)."""
    if person_id is None and period is None:
        every_one = all_summaries(store, steps, kept=kept).summaries
        return {key: state for key, state in every_one.items() if key[0] in people}
    rows = (periods.summaries(store, period, person_id) if period
            else sound_summaries(store, person_id))
    table = load_targets(connection(store))
    targets: dict[str, MasteryTargets] = {}
    states: dict[tuple[str, str], Summary] = {}
    read, mark = 0, steps.next_at
    for person, skill, n, right, ms, last, answered in rows:
        read += 1
        if read >= mark:
            mark = steps.reach(read)
        if person not in people:
            continue
        target = targets.get(skill)
        if target is None:
            target = targets[skill] = table.of(skill)
        states[person, skill] = summary(answered, n, right, ms, last, target)
    return states


def _figures(state: Summary) -> Figures:
    return Figures(state.attempts, state.correct, state.total_ms)


def _added(states: Iterable[Summary]) -> Figures:
    """The figures of ``states`` added up."""
    attempts = correct = total_ms = 0
    for state in states:
        attempts += state.attempts
        correct += state.correct
        total_ms += state.total_ms
    return Figures(attempts, correct, total_ms)


def _median(states: Iterable[Summary]) -> int | None:
    """The lower median of the times of the last answers of ``states``, pooled (as
    :func:`statistics.median_low` gives it)."""
    times = [state.times for state in states]
    pooled = np.concatenate(times) if times else np.empty(0, np.int64)
    if not len(pooled):
        return None
    middle = (len(pooled) - 1) // 2
    return int(np.partition(pooled, middle)[middle])


def _skill_rows(states: dict[tuple[str, str], Summary], single: bool,
                ) -> tuple[SkillRow, ...]:
    by_skill: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key in states:
        by_skill[key[1]].append(key)
    rows = []
    for skill in sorted(by_skill):
        keys = by_skill[skill]
        rows.append(SkillRow(
            game=skill.partition(".")[0], skill=skill,
            figures=_added(states[k] for k in keys),
            median_ms=_median(states[k] for k in keys), trainees=len(keys),
            mastered=sum(states[k].level is MasteryLevel.MASTERED for k in keys),
            level=states[keys[0]].level if single else None))
    return tuple(rows)


def _game_rows(states: dict[tuple[str, str], Summary]) -> tuple[GameRow, ...]:
    by_game: dict[str, list[Summary]] = defaultdict(list)
    for (_person, skill), state in states.items():
        by_game[skill.partition(".")[0]].append(state)
    order = list(GAME_NAMES)
    games = sorted(by_game, key=lambda g: (order.index(g) if g in order else len(order), g))
    return tuple(GameRow(game, _added(by_game[game]), _median(by_game[game])) for game in games)


def _week_rows(store: Store, person_id: str | None,
               people: dict[str, Person] | None = None) -> tuple[WeekRow, ...]:
    if people is not None:  # a class's trainees
        where, args = ("w.person_id IN (SELECT value FROM json_each(?))",
                       [orjson.dumps(list(people)).decode()])
    elif person_id is None:
        where, args = ("w.person_id IN (SELECT id FROM people WHERE role = ?)",
                       [Role.TRAINEE.value])
    else:
        where, args = "w.person_id = ?", [person_id]
    rows = connection(store).execute(
        f"SELECT week, sum(attempts), sum(correct), sum(total_ms) FROM weekly_stats w "
        f"WHERE {where} AND {SOUND_WEEK} GROUP BY week ORDER BY week", args)
    weeks = tuple(WeekRow(date.fromisoformat(week), Figures(n, right, ms))
                  for week, n, right, ms in rows)
    damaged = connection(store).execute(
        f"SELECT person_id, week, attempts, correct, total_ms FROM weekly_stats w "
        f"WHERE {where} AND NOT {SOUND_WEEK}", args)
    for person, week, n, right, ms in damaged:
        store.damaged_rows.append(week_skipped(week, person, damaged_column(
            WEEK, {"week": week, "attempts": n, "correct": right, "total_ms": ms})))
    return weeks


def _period_weeks(store: Store, period: Period,
                  people: dict[str, Person]) -> tuple[WeekRow, ...]:
    return tuple(WeekRow(week, Figures(*figures))
                 for week, figures in periods.weeks(store, period, set(people)).items())


def _trainee_rows(people: dict[str, Person], states: dict[tuple[str, str], Summary],
                  ) -> tuple[TraineeRow, ...]:
    mine: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key in states:
        mine[key[0]].append(key)
    rows = []
    for person in people.values():
        keys = mine.get(person.id, [])
        practised = [k for k in keys if states[k].attempts >= WEAKEST_MIN_ATTEMPTS]
        weakest = min(practised, key=lambda k: (_figures(states[k]).accuracy, k[1]),
                      default=None)
        rows.append(TraineeRow(
            person, _added(states[k] for k in keys),
            sum(states[k].level is MasteryLevel.MASTERED for k in keys),
            weakest[1] if weakest else None,
            max((states[k].last_at or "" for k in keys), default=None) or None))
    return tuple(rows)


def _exam_rows(store: Store, people: dict[str, Person],
               period: Period | None) -> tuple[ExamRow, ...]:
    clauses, args = period.clauses("r.submitted_at") if period else ([], [])
    return tuple(ExamRow(r["title"], people[r["person_id"]], r["submitted_at"], r["questions"],
                         r["correct"], Decimal(r["score_percent"]), bool(r["passed"]),
                         r["duration_ms"], r["exam_id"])
                 for r in sound_results(
                     store, "e.title, r.submitted_at, r.questions, r.correct, r.score_percent, "
                     "r.passed, r.duration_ms, r.exam_id", people, where=tuple(clauses),
                     args=tuple(args),
                     order="r.submitted_at, e.title"))


def _weakest(skills: tuple[SkillRow, ...]) -> tuple[SkillRow, ...]:
    practised = [row for row in skills if row.figures.attempts >= WEAKEST_MIN_ATTEMPTS]
    return tuple(sorted(practised, key=lambda r: (r.figures.accuracy, r.skill))[:WEAKEST_SHOWN])
