"""Instructors' reports: the content, per trainee or per cohort, ready to be drawn.

Built from the summary tables (never by reading every attempt), so a cohort of 500
trainees and a million answers reports in well under a second. The CSV writer
(:mod:`report_csv`) and the PDF drawn by Qt in ``ui/report_pdf.py`` render the same
:class:`Report`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from itertools import chain

import orjson

from i18n import N_, Message
from trainer.progress.learning.mastery import MasteryLevel, level_of, share
from trainer.progress.learning.targets import MasteryTargets, load_targets
from trainer.progress.people.leave import Leave
from trainer.progress.progress_steps import Progress, Steps
from trainer.progress.store import Person, Role, Store

#: A skill is one of the weakest only with at least this many answers behind it.
WEAKEST_MIN_ATTEMPTS = 10
WEAKEST_SHOWN = 3

GAME_NAMES = {
    "thirteen": N_("13-card game"),
    "mahjong_baccarat": N_("Mahjong Baccarat"),
    "three_card": N_("Three-card baccarat"),
    "sap_i_chi": N_("Sap I Chi"),
    "mahjong": N_("Mah-Jong"),
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

    @property
    def title(self) -> Message:
        if self.scope is None:
            return Message.of(N_("Progress report: all trainees"))
        return Message.of(N_("Progress report: {name}"), name=self.scope.name)


def build_report(leave: Leave, at: datetime | None = None, *,
                 progress: Progress | None = None) -> Report:
    """The report on the person ``leave`` is for, or on every trainee (a leave for everyone).

    ``progress`` is told the skill summaries read (one per trainee and skill practised,
    the larger part of the work; see :mod:`progress_steps`).
    """
    store, person_id = leave.store, leave.person_id
    people = store.people(Role.TRAINEE) if person_id is None else [store.person(person_id)]
    by_id = {p.id: p for p in people}
    steps = Steps(progress, summary_count(store, person_id) if progress else 0)
    states, levels = _states(store, by_id, person_id, load_targets(store.db), steps)
    skills = _skill_rows(states, levels, single=person_id is not None)
    report = Report(
        scope=by_id[person_id] if person_id else None,
        generated_at=at or datetime.now(UTC),
        totals=sum((row.figures for row in skills), Figures()),
        games=_game_rows(states),
        skills=skills,
        weeks=_week_rows(store, person_id),
        trainees=_trainee_rows(by_id, states, levels),
        exams=_exam_rows(store, by_id),
        weakest=_weakest(skills),
    )
    steps.finish()
    return report


@dataclass(frozen=True, slots=True)
class _SkillFacts:
    """What a report needs of one person's skill summary (lighter than a SkillState)."""

    attempts: int
    correct: int
    total_ms: int
    last_at: str | None
    #: The response times of the recent answers, oldest first.
    times: list[int]


def summary_count(store: Store, person_id: str | None = None) -> int:
    """How many skill summaries a report on ``person_id`` (or everyone) reads: the size of
    its work, for its progress and for the desk to choose where to build it."""
    if person_id:
        return store.db.execute("SELECT count(*) FROM skill_stats WHERE person_id = ?",
                                [person_id]).fetchone()[0]
    return store.db.execute("SELECT count(*) FROM skill_stats").fetchone()[0]


def _states(store: Store, people: dict[str, Person], person_id: str | None,
            table: MasteryTargets, steps: Steps,
            ) -> tuple[dict[tuple[str, str], _SkillFacts], dict[tuple[str, str], MasteryLevel]]:
    """Each (person, skill) summary of ``people``, and the mastery level it shows."""
    columns = "person_id, skill, attempts, correct, total_ms, last_at, recent"
    cursor = (store.db.execute(f"SELECT {columns} FROM skill_stats WHERE person_id = ?",
                               [person_id])
              if person_id else store.db.execute(f"SELECT {columns} FROM skill_stats"))
    states: dict[tuple[str, str], _SkillFacts] = {}
    levels: dict[tuple[str, str], MasteryLevel] = {}
    read, mark = 0, steps.next_at
    for person, skill, n, right, ms, last, recent in cursor:
        read += 1
        if read >= mark:
            mark = steps.reach(read)
        if person not in people:
            continue
        try:  # a school's 15,000 summaries: read in C, one list per answer
            answered = orjson.loads(recent)
            times = [t for _c, t, _d in answered]
        except (orjson.JSONDecodeError, TypeError, ValueError):  # damaged: said, left out
            store.damaged_rows.append(Message.of(N_(
                "The summary of {skill} for {id} in the progress database is damaged; it was "
                "skipped."), skill=skill, id=person))
            continue
        target = table.of(skill)
        states[person, skill] = _SkillFacts(n, right, ms, last, times)
        levels[person, skill] = level_of(
            [(c, t) for c, t, _d in answered[-target.window:]], target)
    return states, levels


def _figures(states: Iterable[_SkillFacts]) -> Figures:
    """The figures of several summaries together."""
    attempts = correct = total_ms = 0
    for state in states:
        attempts += state.attempts
        correct += state.correct
        total_ms += state.total_ms
    return Figures(attempts, correct, total_ms)


def _median(states: Iterable[_SkillFacts]) -> int | None:
    """The median (the lower of the two middle ones) of the recent answers' times, pooled."""
    times = list(chain.from_iterable(state.times for state in states))
    if not times:
        return None
    times.sort()
    return times[(len(times) - 1) // 2]


def _skill_rows(states: dict[tuple[str, str], _SkillFacts],
                levels: dict[tuple[str, str], MasteryLevel], single: bool) -> tuple[SkillRow, ...]:
    by_skill: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key in states:
        by_skill[key[1]].append(key)
    rows = []
    for skill in sorted(by_skill):
        keys = by_skill[skill]
        mine = [states[k] for k in keys]
        rows.append(SkillRow(
            game=skill.partition(".")[0], skill=skill, figures=_figures(mine),
            median_ms=_median(mine), trainees=len(keys),
            mastered=sum(levels[k] is MasteryLevel.MASTERED for k in keys),
            level=levels[keys[0]] if single else None))
    return tuple(rows)


def _game_rows(states: dict[tuple[str, str], _SkillFacts]) -> tuple[GameRow, ...]:
    by_game: dict[str, list[_SkillFacts]] = defaultdict(list)
    for (_person, skill), state in states.items():
        by_game[skill.partition(".")[0]].append(state)
    order = list(GAME_NAMES)
    games = sorted(by_game, key=lambda g: (order.index(g) if g in order else len(order), g))
    return tuple(GameRow(game, _figures(by_game[game]), _median(by_game[game]))
                 for game in games)


def _week_rows(store: Store, person_id: str | None) -> tuple[WeekRow, ...]:
    if person_id is None:
        where, args = ("w.person_id IN (SELECT id FROM people WHERE role = ?)",
                       [Role.TRAINEE.value])
    else:
        where, args = "w.person_id = ?", [person_id]
    rows = store.db.execute(
        f"SELECT week, sum(attempts), sum(correct), sum(total_ms) FROM weekly_stats w "
        f"WHERE {where} GROUP BY week ORDER BY week", args)
    return tuple(WeekRow(date.fromisoformat(week), Figures(n, right, ms))
                 for week, n, right, ms in rows)


def _trainee_rows(people: dict[str, Person], states: dict[tuple[str, str], _SkillFacts],
                  levels: dict[tuple[str, str], MasteryLevel]) -> tuple[TraineeRow, ...]:
    mine: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key in states:
        mine[key[0]].append(key)
    rows = []
    for person in people.values():
        keys = mine.get(person.id, [])
        practised = [k for k in keys if states[k].attempts >= WEAKEST_MIN_ATTEMPTS]
        weakest = min(practised, key=lambda k: (_figures([states[k]]).accuracy, k[1]),
                      default=None)
        rows.append(TraineeRow(
            person, _figures(states[k] for k in keys),
            sum(levels[k] is MasteryLevel.MASTERED for k in keys),
            weakest[1] if weakest else None,
            max((states[k].last_at or "" for k in keys), default=None) or None))
    return tuple(rows)


def _exam_rows(store: Store, people: dict[str, Person]) -> tuple[ExamRow, ...]:
    rows = store.db.execute(
        "SELECT e.title, r.person_id, r.submitted_at, r.questions, r.correct, "
        "r.score_percent, r.passed, r.duration_ms FROM exam_results r "
        "JOIN exams e ON e.id = r.exam_id ORDER BY r.submitted_at, e.title")
    return tuple(ExamRow(title, people[person_id], submitted, questions, correct,
                         Decimal(percent), bool(passed), duration)
                 for title, person_id, submitted, questions, correct, percent, passed, duration
                 in rows if person_id in people)


def _weakest(skills: tuple[SkillRow, ...]) -> tuple[SkillRow, ...]:
    practised = [row for row in skills if row.figures.attempts >= WEAKEST_MIN_ATTEMPTS]
    return tuple(sorted(practised, key=lambda r: (r.figures.accuracy, r.skill))[:WEAKEST_SHOWN])
