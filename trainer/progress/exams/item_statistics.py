"""Exam item statistics: how each question of an exam did across its sittings.

As Moodle's quiz statistics report gives them, for each item:

- **facility**: the share of the item's marks the sittings earned (partial scores as the
  exam scores them: a table round's steps right over its steps; an unanswered item counts
  as wrong, as in the result);
- **discrimination**: the Pearson (point-biserial, for an item scored right or wrong)
  correlation of the item's score with the rest of the exam's — the sitting's total minus
  this item — over the sittings: how well the item separates the trainees who do well on
  the exam from those who do not. ``None`` when it is undefined: fewer than two sittings,
  or the item's or the rest's scores all the same;
- **the mean time** of the answers given;
- **the most frequent mistake kinds** of its wrong answers: the kinds the rules core named
  and the store recorded beside each answer (``attempt_mistakes``, migration m023; an exam
  answer records its kinds when it is given), read by one query
  (:func:`recorded_mistake_kinds`), never by grading again;
- **concerns**: an item worth a look, with its reason: a low discrimination (below the
  house threshold :data:`LOW_DISCRIMINATION`), or an extreme facility (below
  :data:`TOO_HARD` or above :data:`TOO_EASY`).

An item is a **slot** of the exam's definition (its parts in order, each part's questions in
turn; :func:`~trainer.progress.exams.sittings.item_order`): the same slot is the same item of
every sitting, whatever the order it was shown in — and when each sitting has questions of
its own (a seed of its own), a slot gathers the variants of one skill and difficulty, as
Moodle's random questions do. Every version of an exam is an exam of its own (an exam never
changes once made; see :mod:`~trainer.progress.exams.terms`), so statistics per exam are per
version. Counted sittings only (see :mod:`~trainer.progress.exams.confirmations`), every
sitting of a trainee who retook it.

The figures come from the exam's results and its answers' scores and times: one query, the
results by exam and the answers' scores and times from the exam answers' covering index
(migration m023), never the question or answer texts.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from trainer.progress.exams.confirmations import counted
from trainer.progress.exams.sittings import Exam, exam, item_order
from trainer.progress.learning.mistakes import read_kinds
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.reports.period import Period
from trainer.progress.storage.damage import (
    ANSWER,
    LONGEST_MS,
    answer_skipped,
    damaged_column,
    is_share,
)
from trainer.progress.storage.database import reading
from trainer.progress.storage.store import Store

#: The house threshold: an item whose score correlates less than this with the rest of the
#: exam hardly tells the trainees who know from those who do not (Moodle's docs call less
#: than 0.2 weak, 0.3 and over good).
LOW_DISCRIMINATION = 0.2
#: Facility below this: nearly everyone gets it wrong (a mistake in the item, or a skill not
#: taught yet).
TOO_HARD = 0.1
#: Facility above this: nearly everyone gets it right (it tells little about anyone).
TOO_EASY = 0.95
#: The mistake kinds shown for an item: its most frequent.
MISTAKES_SHOWN = 3

#: Reads the mistake kinds (stable ids) of wrong answers, by answer id; an answer absent
#: has none counted. The default, :func:`recorded_mistake_kinds`, reads those the store
#: recorded; :func:`no_mistake_kinds` reads none.
MistakeKinds = Callable[[Store, Sequence[str]], Mapping[str, Sequence[str]]]


def no_mistake_kinds(_store: Store, _answers: Sequence[str]) -> Mapping[str, Sequence[str]]:
    """No answer's mistake kinds are known."""
    return {}


def recorded_mistake_kinds(store: Store, answers: Sequence[str]
                           ) -> Mapping[str, Sequence[str]]:
    """The kinds recorded for ``answers`` (``attempt_mistakes``), by answer id: one query
    by the table's primary key. An answer not classified (one that came in a bundle and was
    never read for its kinds since) has none: it is counted once something classified it
    (the desk's *Who struggles*, the trainee's wrong answers)."""
    with reading(store) as db:
        return read_kinds(db.execute(
            "SELECT m.attempt_id, m.kind FROM attempt_mistakes m "
            "WHERE m.attempt_id IN (SELECT value FROM json_each(?)) "
            "ORDER BY m.attempt_id, m.kind", [json.dumps(list(answers))]))


class Concern(StrEnum):
    """Why an item is worth a look."""

    LOW_DISCRIMINATION = "low_discrimination"
    TOO_HARD = "too_hard"
    TOO_EASY = "too_easy"


@dataclass(frozen=True)
class MistakeCount:
    kind: str
    count: int


@dataclass(frozen=True)
class ItemStatistics:
    #: The item's place in the exam's definition, from 0 (see the module's docstring).
    slot: int
    #: The question number every sitting saw it as, from 1; ``None`` when each sitting had
    #: its own order (an exam with questions of each sitting's own).
    place: int | None
    skill: str
    difficulty: int
    #: Counted sittings that had the item (every sitting has every item), and answers given.
    sittings: int
    answered: int
    facility: float | None
    discrimination: float | None
    mean_ms: float | None
    #: The most frequent mistake kinds of its wrong answers, most frequent first.
    mistakes: tuple[MistakeCount, ...] = ()

    @property
    def concerns(self) -> tuple[Concern, ...]:
        return concerns_of(self.facility, self.discrimination)


@dataclass(frozen=True)
class ExamItemStatistics:
    exam: Exam
    sittings: int
    items: tuple[ItemStatistics, ...]


@dataclass(frozen=True)
class SatAnswer:
    """One answer of a sitting: its question number (from 0), score and time."""

    index: int
    score: float
    response_ms: int
    answer_id: str = ""


@dataclass(frozen=True)
class SatExam:
    """A counted sitting's answers (``seed``: the sitting's; ``None``: the exam's)."""

    seed: int | None
    answers: tuple[SatAnswer, ...]


def concerns_of(facility: float | None, discrimination: float | None) -> tuple[Concern, ...]:
    """Why an item with these figures is worth a look (none when it is not, or unknown)."""
    found = []
    if discrimination is not None and discrimination < LOW_DISCRIMINATION:
        found.append(Concern.LOW_DISCRIMINATION)
    if facility is not None and facility < TOO_HARD:
        found.append(Concern.TOO_HARD)
    if facility is not None and facility > TOO_EASY:
        found.append(Concern.TOO_EASY)
    return tuple(found)


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson's correlation of two equally long series; ``None`` when undefined (fewer
    than two pairs, or either series all the same)."""
    if len(xs) != len(ys):
        raise ValueError(f"{len(xs)} scores against {len(ys)}")
    if len(xs) < 2 or len(set(xs)) < 2 or len(set(ys)) < 2:
        return None
    mean_x, mean_y = math.fsum(xs) / len(xs), math.fsum(ys) / len(ys)
    dx = [x - mean_x for x in xs]
    dy = [y - mean_y for y in ys]
    spread = math.sqrt(math.fsum(d * d for d in dx) * math.fsum(d * d for d in dy))
    if spread == 0:  # the deviations underflowed: as good as all the same
        return None
    return max(-1.0, min(1.0, math.fsum(a * b for a, b in zip(dx, dy, strict=True)) / spread))


def item_statistics(sat: Exam, sittings: Sequence[SatExam],
                    kinds: Mapping[str, Sequence[str]] | None = None
                    ) -> tuple[ItemStatistics, ...]:
    """Each item's statistics over ``sittings`` of ``sat``, in slot order; ``kinds``: the
    mistake kinds of wrong answers, by answer id (see :data:`MistakeKinds`)."""
    kinds = kinds or {}
    slots = sat.questions
    scores = [[0.0] * len(sittings) for _ in range(slots)]
    times: list[list[int]] = [[] for _ in range(slots)]
    mistakes: list[Counter[str]] = [Counter() for _ in range(slots)]
    totals = [0.0] * len(sittings)
    orders: dict[int | None, tuple[int, ...]] = {}
    for n, sitting in enumerate(sittings):
        if sitting.seed not in orders:
            orders[sitting.seed] = item_order(sat, sitting.seed)
        order = orders[sitting.seed]
        for answer in sitting.answers:
            slot = order[answer.index]
            scores[slot][n] = answer.score
            times[slot].append(answer.response_ms)
            if kinds and answer.answer_id in kinds:
                mistakes[slot].update(kinds[answer.answer_id])
        totals[n] = math.fsum(scores[slot][n] for slot in range(slots))
    places = _places(sat, orders.keys())
    items = []
    for slot, part in enumerate(p for p in sat.parts for _n in range(p.questions)):
        item = scores[slot]
        items.append(ItemStatistics(
            slot, places.get(slot), part.skill, part.difficulty, len(sittings),
            len(times[slot]), math.fsum(item) / len(item) if item else None,
            correlation(item, [t - x for t, x in zip(totals, item, strict=True)]),
            math.fsum(times[slot]) / len(times[slot]) if times[slot] else None,
            tuple(MistakeCount(kind, count)
                  for kind, count in _most_common(mistakes[slot], MISTAKES_SHOWN))))
    return tuple(items)


def _places(sat: Exam, seeds: Collection[int | None]) -> dict[int, int]:
    """Slot → question number (from 1), when every sitting has the same order: the exam
    gives everyone the same questions, or every sitting was sat with the exam's seed."""
    if not (sat.same_questions or (seeds and all(seed is None for seed in seeds))):
        return {}
    orders = {item_order(sat, seed) for seed in seeds} or {item_order(sat)}
    if len(orders) > 1:
        return {}
    return {slot: index + 1 for index, slot in enumerate(next(iter(orders)))}


def _most_common(counts: Counter[str], shown: int) -> list[tuple[str, int]]:
    """The most frequent first, ties by kind (the same on every desktop)."""
    return sorted(counts.items(), key=lambda pair: (-pair[1], pair[0]))[:shown]


def exam_item_statistics(store: Store, actor: Actor, exam_id: str, *,
                         people: Collection[str] | None = None, period: Period | None = None,
                         mistake_kinds: MistakeKinds = recorded_mistake_kinds
                         ) -> ExamItemStatistics:
    """The statistics of each item of the exam ``exam_id`` over its counted sittings (of
    ``people`` only, when given: a class; submitted in ``period``, when given), for an
    instructor. An answer with a damaged score or time is named in ``store.damaged_rows``
    and counts as not given."""
    require_instructor(store, actor)
    sat = exam(store, exam_id)
    sittings = _sittings(store, sat, people, period)
    wrong = [a.answer_id for s in sittings for a in s.answers if a.score < 1]
    kinds = mistake_kinds(store, wrong) if wrong else {}
    return ExamItemStatistics(sat, len(sittings), item_statistics(sat, sittings, kinds))


def _sittings(store: Store, sat: Exam, people: Collection[str] | None,
              period: Period | None) -> list[SatExam]:
    """The exam's counted sittings (of ``people``, in ``period``) with their answers'
    figures: one query, by the results' index on the exam and the exam answers' covering
    index (m023: the scores and times read without the answers' rows)."""
    where: list[str] = ["r.exam_id = ?", counted("r.sitting_id")]
    args: list[Any] = [sat.id]
    if period is not None:
        clauses, bounds = period.clauses("r.submitted_at")
        where.extend(clauses)
        args.extend(bounds)
    if people is not None:
        where.append("r.person_id IN (SELECT value FROM json_each(?))")
        args.append(json.dumps(sorted(people)))
    with reading(store) as db:
        rows = db.execute(
            "SELECT r.sitting_id, s.seed, a.item_index, a.score, a.response_ms, a.id "
            "FROM exam_results r JOIN exam_sittings s ON s.id = r.sitting_id "
            "LEFT JOIN attempts a ON a.sitting_id = r.sitting_id "
            f"WHERE {' AND '.join(where)} ORDER BY r.submitted_at, r.sitting_id",
            args).fetchall()
    found: dict[str, tuple[int | None, list[SatAnswer]]] = {}
    questions = sat.questions
    for sitting_id, seed, index, score, ms, answer_id in rows:
        answers = found.setdefault(sitting_id, (seed, []))[1]
        if answer_id is None:  # a sitting with no answer at all
            continue
        if not (type(index) is int and 0 <= index < questions and is_share(score)
                and type(ms) is int and 0 <= ms <= LONGEST_MS):  # each check is cheap
            column = damaged_column(ANSWER, {"score": score, "response_ms": ms,
                                             "item_index": index})
            store.damaged_rows.append(answer_skipped(
                answer_id, "item_index" if column == "—" else column))
            continue
        answers.append(SatAnswer(index, float(score), ms, answer_id))
    return [SatExam(seed, tuple(answers)) for seed, answers in found.values()]
