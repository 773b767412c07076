"""Exams: defined by an instructor, sat by trainees, frozen once submitted.

An exam lists parts (skill, number of questions, difficulty), a fixed seed, a time limit,
a pass mark, the house rules it is sat under and whether the trainee's PIN is needed;
all of it is the instructor's, fixed when the exam is created. Every sitting records
those rules and the version of the rules core's readings it is graded under.
:func:`exam_items` turns an exam into the same ordered list of (skill, seed,
difficulty) for every trainee; the caller generates each question with
``questions.generate`` and records the answer with :func:`answer_exam_item`, storing the
question's JSON. :func:`submit_sitting` computes the result and freezes the sitting; the
database's triggers refuse any later change (see :mod:`trainer.progress.storage.schema`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import random
import secrets
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from i18n import N_, Message
from trainer.levels import DIFFICULTIES
from trainer.progress.exams.confirmations import counted
from trainer.progress.exams.dates import checked_dates
from trainer.progress.exams.terms import assigned, check_may_start, replace_exam, terms_of
from trainer.progress.house_rules import read_house_rules
from trainer.progress.learning.targets import extended, extra_time
from trainer.progress.people.accounts import (
    Actor,
    NotAllowed,
    has_pin,
    require_access,
    require_instructor,
)
from trainer.progress.storage.database import connection, reading, writing
from trainer.progress.storage.ledger import record_attempt
from trainer.progress.storage.store import Attempt, Store, StoreError, readable_attempts
from trainer.progress.storage.values import stamp, utc
from trainer.rounds.exam_items import ROUND_ITEM_MODES, is_round_item
from trainer.rules.house import READINGS, HouseRules

MAX_QUESTIONS = 200
MAX_TIME_LIMIT_S = 4 * 3600
#: Answers that arrive this long after the deadline still count (the clock, the network…).
GRACE = timedelta(seconds=5)
_PERCENT = Decimal("0.1")


@dataclass(frozen=True)
class ExamPart:
    skill: str
    questions: int
    difficulty: int


#: Seeds are whole numbers from 0 up to this (not included): SQLite's integers.
MOST_SEED = 2**63


@dataclass(frozen=True)
class Exam:
    id: str
    title: str
    created_by: str
    created_at: str
    parts: tuple[ExamPart, ...]
    seed: int
    time_limit_s: int
    pass_percent: Decimal
    #: The house rules the exam is sat under, as ``HouseRules`` JSON text.
    house_rules: str
    pin_required: bool
    #: When it may be started (UTC stamps; ``None``: no limit that side).
    opens_at: str | None = None
    closes_at: str | None = None
    #: Every trainee gets the questions of the exam's seed; else each sitting its own seed
    #: (drawn by the school server at registration, or by the desktop without one).
    same_questions: bool = field(kw_only=True)

    @property
    def questions(self) -> int:
        return sum(part.questions for part in self.parts)

    @property
    def rules(self) -> HouseRules:
        return rules_of(self.house_rules)


@functools.lru_cache(maxsize=64)
def rules_of(house_rules: str) -> HouseRules:
    """House rules from their JSON text (an exam's, read again for each of its answers)."""
    return HouseRules.from_json(json.loads(house_rules))


@dataclass(frozen=True)
class ExamItem:
    index: int
    skill: str
    seed: int
    difficulty: int


@dataclass(frozen=True)
class Sitting:
    id: str
    exam_id: str
    person_id: str
    started_at: str
    deadline_at: str
    submitted_at: str | None
    #: The exam's house rules and the rules core's readings the sitting is graded under.
    house_rules: str
    readings: int
    #: The seed of this sitting's questions (``None``: the exam's, as sittings before
    #: seeds of their own, and those of an exam with the same questions for everyone).
    seed: int | None = None


@dataclass(frozen=True)
class ExamResult:
    sitting_id: str
    exam_id: str
    person_id: str
    submitted_at: str
    questions: int
    answered: int
    correct: int
    score_percent: Decimal
    passed: bool
    duration_ms: int


@dataclass(frozen=True)
class ReviewedItem:
    """One question of a sitting, for replaying it: the item, the answer given if any,
    and the house rules the sitting was sat under (to regenerate an unanswered item)."""

    item: ExamItem
    attempt: Attempt | None
    rules: HouseRules


def exam_items(exam: Exam, seed: int | None = None) -> tuple[ExamItem, ...]:
    """The exam's questions in order for ``seed`` (a sitting's; by default the exam's): the
    same on every desktop."""
    seed = exam.seed if seed is None else seed
    drawn = [(part.skill, _item_seed(seed, part.skill, part.difficulty, n), part.difficulty)
             for part in exam.parts for n in range(part.questions)]
    return tuple(ExamItem(i, *drawn[slot]) for i, slot in enumerate(item_order(exam, seed)))


def item_order(exam: Exam, seed: int | None = None) -> tuple[int, ...]:
    """For each question of ``exam`` as sat with ``seed`` (by default the exam's), its slot:
    its place in the exam's definition, the parts in order and each part's questions in
    turn. The same slot is the same item of every sitting, whatever its seed and order."""
    order = list(range(exam.questions))
    random.Random(f"exam-order/{exam.seed if seed is None else seed}").shuffle(order)
    return tuple(order)


def sitting_items(exam: Exam, sitting: Sitting) -> tuple[ExamItem, ...]:
    """The questions of one sitting of ``exam``."""
    return exam_items(exam, sitting.seed)


def _item_seed(exam_seed: int, skill: str, difficulty: int, n: int) -> int:
    digest = hashlib.sha256(f"{exam_seed}/{skill}/{difficulty}/{n}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def create_exam(store: Store, actor: Actor, title: str, parts: Sequence[ExamPart], seed: int,
                time_limit_s: int, pass_percent: Decimal, *, rules: HouseRules | None = None,
                pin_required: bool = False, opens: datetime | None = None,
                closes: datetime | None = None, same_questions: bool = False) -> Exam:
    """An exam under ``rules`` (by default the desktop's house rules as they are now), to be
    started from ``opens`` and before ``closes`` when given; each sitting with questions of
    its own unless ``same_questions``."""
    require_instructor(store, actor)
    title = " ".join(title.split())
    _check_exam(title, parts, seed, time_limit_s, pass_percent)
    now = datetime.now(UTC)
    opens_at, closes_at = checked_dates(opens, closes, now)
    rules = rules or read_house_rules(store)[0]
    exam = Exam(str(uuid.uuid4()), title, actor.person.id, stamp(now),
                tuple(parts), seed, time_limit_s, pass_percent, json.dumps(rules.to_json()),
                pin_required, opens_at, closes_at, same_questions=same_questions)
    with writing(store) as db:
        db.table("exams").insert(exam_row(exam))
    return exam


def edit_exam(store: Store, actor: Actor, old_id: str, title: str, parts: Sequence[ExamPart],
              seed: int, time_limit_s: int, pass_percent: Decimal, *,
              rules: HouseRules | None = None, pin_required: bool = False,
              opens: datetime | None = None, closes: datetime | None = None,
              same_questions: bool = False) -> Exam:
    """Edit an exam nobody has sat yet: its new version takes its place in the lists and
    its terms (who sits it, retakes), and it closes naming the new version — all at once."""
    with writing(store) as db:
        new = create_exam(store, actor, title, parts, seed, time_limit_s, pass_percent,
                          rules=rules, pin_required=pin_required, opens=opens, closes=closes,
                          same_questions=same_questions)
        replace_exam(db, actor, old_id, new.id, utc(new.created_at))
    return new


def _check_exam(title: str, parts: Sequence[ExamPart], seed: int, time_limit_s: int,
                pass_percent: Decimal) -> None:
    if not title:
        raise StoreError(Message.of(N_("Give the exam a title.")))
    if not parts or any(p.questions < 1 or p.difficulty not in DIFFICULTIES for p in parts):
        raise StoreError(Message.of(N_(
            "An exam needs at least one skill, each with at least one question and a "
            "difficulty from 1 to 3.")))
    if any(is_round_item(p.skill) and p.difficulty not in ROUND_ITEM_MODES for p in parts):
        raise StoreError(Message.of(N_(
            "A table round in an exam is played as in practice (difficulty 2) or "
            "table-ready (difficulty 3): difficulty 1 gives hints, which an exam never "
            "does.")))
    if sum(p.questions for p in parts) > MAX_QUESTIONS:
        raise StoreError(Message.of(N_("An exam has at most {count} questions."),
                                    count=MAX_QUESTIONS))
    if not 60 <= time_limit_s <= MAX_TIME_LIMIT_S:
        raise StoreError(Message.of(N_(
            "The time limit must be between 1 minute and {hours} hours."),
            hours=MAX_TIME_LIMIT_S // 3600))
    if not Decimal(0) <= pass_percent <= Decimal(100):
        raise StoreError(Message.of(N_("The pass mark is a percentage from 0 to 100.")))
    if not 0 <= seed < MOST_SEED:
        raise StoreError(Message.of(N_("The exam's seed is a whole number from 0 up.")))


def exams(store: Store) -> list[Exam]:
    """Every exam, newest first, but for versions replaced before anyone sat them (anyone
    signed in may see which exams exist)."""
    rows = connection(store).table("exams").rows_where(
        "NOT EXISTS (SELECT 1 FROM exam_terms t WHERE t.exam_id = exams.id AND t.replaced_by "
        "IS NOT NULL) OR EXISTS (SELECT 1 FROM exam_sittings s WHERE s.exam_id = exams.id)",
        order_by="created_at DESC, rowid DESC")  # newest first, the last made first
    return [exam_from_row(row) for row in rows]


def exams_for(store: Store, actor: Actor) -> list[Exam]:
    """The exams a trainee's list shows: those set for them, and those they sat."""
    require_access(store, actor, actor.person.id)
    with reading(store) as db:
        sat = {row[0] for row in db.execute(
            "SELECT DISTINCT exam_id FROM exam_sittings WHERE person_id = ?",
            [actor.person.id])}
        return [found for found in exams(store) if found.id in sat or (
            (terms := terms_of(db, found.id)).replaced_by is None
            and assigned(db, terms, actor.person.id))]


def exam(store: Store, exam_id: str) -> Exam:
    rows = list(connection(store).table("exams").rows_where("id = ?", [exam_id]))
    if not rows:
        raise StoreError(Message.of(N_("This exam is not in the database.")))
    return exam_from_row(rows[0])


#: Registers a sitting elsewhere before it starts (a school server): given the exam, the
#: person and the new sitting's id, the time it starts there and the seed of its questions
#: (drawn there), or raises to refuse it.
Registrar = Callable[[str, str, str], tuple[datetime, int]]


def start_sitting(store: Store, actor: Actor, exam_id: str,
                  at: datetime | None = None, register: Registrar | None = None) -> Sitting:
    """Start the exam for the signed-in person, or return the sitting they left open.

    An exam that asks for the PIN needs a trainee who has one and typed it. With
    ``register`` (a school server), a new sitting starts only once registered, at the time
    it gives."""
    require_access(store, actor, actor.person.id)
    at = at or datetime.now(UTC)
    sat = exam(store, exam_id)
    if sat.pin_required and not actor.is_instructor and not actor.proven:
        if not has_pin(store, actor.person.id):
            raise NotAllowed(Message.of(N_(
                "This exam asks for your PIN, and you have none yet. Ask an instructor to "
                "set one.")))
        raise NotAllowed(Message.of(N_("This exam asks for your PIN. Type it first.")))
    with writing(store) as db:
        rows = [_sitting(r) for r in db.table("exam_sittings").rows_where(
            "exam_id = ? AND person_id = ?", [exam_id, actor.person.id])]
        for found in rows:
            if found.submitted_at is None:
                return found  # started before the close: it runs to its own deadline
        # with a school server, the server's clock decides when it is open
        check_may_start(db, sat, terms_of(db, exam_id), actor.person.id, len(rows),
                        None if register else at, instructor=actor.is_instructor)
    sitting_id = str(uuid.uuid4())
    seed = None if sat.same_questions else secrets.randbelow(MOST_SEED)
    if register is not None:  # outside the write lock: the network may take seconds
        started, seed = register(exam_id, actor.person.id, sitting_id)
        at = started.astimezone(UTC)
    with writing(store) as db:
        if db.execute("SELECT count(*) FROM exam_sittings WHERE exam_id = ? AND person_id = ?",
                      [exam_id, actor.person.id]).fetchone()[0] != len(rows):
            raise StoreError(Message.of(N_("You have already started this exam.")))
        sitting = Sitting(sitting_id, exam_id, actor.person.id, stamp(at),
                          stamp(at + timedelta(seconds=extended(
                              sat.time_limit_s, extra_time(db, actor.person.id)))), None,
                          sat.house_rules, READINGS, seed)
        db.table("exam_sittings").insert(sitting.__dict__)
    return sitting


def sitting(store: Store, sitting_id: str) -> Sitting:
    rows = list(connection(store).table("exam_sittings").rows_where("id = ?", [sitting_id]))
    if not rows:
        raise StoreError(Message.of(N_("This exam sitting is not in the database.")))
    return _sitting(rows[0])


def answer_exam_item(store: Store, actor: Actor, sitting_id: str, index: int,
                     question: dict[str, Any], answer: Any, correct: bool, score: float,
                     response_ms: int, at: datetime | None = None,
                     mistake_kinds: Sequence[str] = ()) -> str:
    """Record the answer to item ``index``: once, before submission, within the time;
    ``mistake_kinds``: the ids of the kinds of mistake a wrong answer made, named by the
    rules core at answer time, written with it (else classified on first read)."""
    at = at or datetime.now(UTC)
    sat = sitting(store, sitting_id)
    require_access(store, actor, sat.person_id)
    if actor.person.id != sat.person_id:
        raise StoreError(Message.of(N_("Only the person sitting the exam can answer it.")))
    items = sitting_items(exam(store, sat.exam_id), sat)
    if not 0 <= index < len(items):
        raise ValueError(f"exam item {index} out of range 0..{len(items) - 1}")
    item = items[index]
    if (question.get("skill"), question.get("seed"), question.get("difficulty")) != (
            item.skill, item.seed, item.difficulty):
        raise ValueError(f"question {question.get('skill')}/{question.get('seed')} is not "
                         f"exam item {index} ({item})")
    with writing(store) as db:
        submitted = db.execute("SELECT submitted_at FROM exam_sittings WHERE id = ?",
                               [sitting_id]).fetchone()[0]
        if submitted:
            raise StoreError(Message.of(N_("This exam has been submitted; answers are final.")))
        if at > utc(sat.deadline_at) + GRACE:
            raise StoreError(Message.of(N_("Time is up: this answer was not recorded. "
                                           "Submit the exam.")))
        if db.execute("SELECT 1 FROM attempts WHERE sitting_id = ? AND item_index = ?",
                      [sitting_id, index]).fetchone():
            raise StoreError(Message.of(N_("This question has already been answered.")))
        return record_attempt(store, sat.person_id, None, question, answer, correct, score,
                                    response_ms, sitting_id=sitting_id, item_index=index,
                                    answered_at=stamp(at), mistake_kinds=mistake_kinds)


def submit_sitting(store: Store, actor: Actor, sitting_id: str,
                   at: datetime | None = None) -> ExamResult:
    """Compute the result (unanswered questions count as wrong) and freeze the sitting."""
    at = at or datetime.now(UTC)
    sat = sitting(store, sitting_id)
    require_access(store, actor, sat.person_id)
    sat_exam = exam(store, sat.exam_id)
    with writing(store) as db:
        if db.execute("SELECT submitted_at FROM exam_sittings WHERE id = ?",
                      [sitting_id]).fetchone()[0]:
            return result_of(store, sitting_id)
        graded = db.execute("SELECT correct, score FROM attempts WHERE sitting_id = ?",
                            [sitting_id]).fetchall()
        result = result_from_answers(sat_exam, sat, stamp(at), graded)
        db.execute("UPDATE exam_sittings SET submitted_at = ? WHERE id = ?",
                   [result.submitted_at, sitting_id])
        db.table("exam_results").insert(result_row(result))
    return result


def result_from_answers(sat_exam: Exam, sat: Sitting, submitted_at: str,
                        graded: Sequence[tuple[int, float]]) -> ExamResult:
    """The result of a sitting submitted at ``submitted_at`` with these (correct, score)
    answers: unanswered questions count as wrong, the time counts up to the deadline."""
    percent = (Decimal(str(math.fsum(score for _c, score in graded))) * 100
               / sat_exam.questions).quantize(_PERCENT)
    ended = min(utc(submitted_at), utc(sat.deadline_at))
    return ExamResult(sat.id, sat.exam_id, sat.person_id, submitted_at, sat_exam.questions,
                      len(graded), sum(int(correct) for correct, _s in graded), percent,
                      percent >= sat_exam.pass_percent,
                      int((ended - utc(sat.started_at)).total_seconds() * 1000))


def result_of(store: Store, sitting_id: str) -> ExamResult:
    rows = list(connection(store).table("exam_results").rows_where("sitting_id = ?", [sitting_id]))
    if not rows:
        raise StoreError(Message.of(N_("This exam has not been submitted yet.")))
    return result_from_row(rows[0])


def exam_results(store: Store, actor: Actor, exam_id: str | None = None,
                 person_id: str | None = None, *, unconfirmed: bool = False
                 ) -> list[ExamResult]:
    """Results of one exam or one person that count; a trainee may ask only for their own.
    ``unconfirmed``: instead, those waiting for an instructor's confirmation (sat on a
    trainee desktop, :mod:`~trainer.progress.exams.confirmations`), which count nowhere."""
    if person_id is None:
        require_instructor(store, actor)
    else:
        require_access(store, actor, person_id)
    where = [f"{col} = ?" for col, v in (("exam_id", exam_id), ("person_id", person_id)) if v]
    where.append(f"NOT {counted('sitting_id')}" if unconfirmed else counted("sitting_id"))
    args = [v for v in (exam_id, person_id) if v]
    rows = connection(store).table("exam_results").rows_where(" AND ".join(where), args,
                                               order_by="submitted_at")
    return [result_from_row(row) for row in rows]


def open_sittings(store: Store, actor: Actor, person_id: str) -> dict[str, Sitting]:
    """The person's exams started and not submitted yet: exam id → the open sitting.

    The sitting stays open when the trainee leaves the exam; the clock runs on, and
    :func:`start_sitting` hands the same sitting back when they return."""
    require_access(store, actor, person_id)
    rows = connection(store).table("exam_sittings").rows_where(
        "person_id = ? AND submitted_at IS NULL", [person_id], order_by="started_at")
    return {found.exam_id: found for found in map(_sitting, rows)}


def review_sitting(store: Store, actor: Actor, sitting_id: str) -> list[ReviewedItem]:
    """The sitting question by question, with the stored question and the answer given."""
    sat = sitting(store, sitting_id)
    require_access(store, actor, sat.person_id)
    answers = {attempt.item_index: attempt for attempt in readable_attempts(
        store, connection(store).table("attempts").rows_where("sitting_id = ?", [sitting_id]))}
    rules = HouseRules.from_json(json.loads(sat.house_rules))
    return [ReviewedItem(item, answers.get(item.index), rules)
            for item in sitting_items(exam(store, sat.exam_id), sat)]


def delete_exam(store: Store, actor: Actor, exam_id: str) -> None:
    """Delete an exam nobody has sat yet (results are kept for good)."""
    require_instructor(store, actor)
    with writing(store) as db:
        if db.execute("SELECT 1 FROM exam_sittings WHERE exam_id = ?", [exam_id]).fetchone():
            raise StoreError(Message.of(N_(
                "This exam has been sat, so it is kept with its results.")))
        db.execute("DELETE FROM exams WHERE id = ?", [exam_id])


def exam_row(exam: Exam) -> dict[str, Any]:
    return {"id": exam.id, "title": exam.title, "created_by": exam.created_by,
            "created_at": exam.created_at, "seed": exam.seed,
            "time_limit_s": exam.time_limit_s, "pass_percent": str(exam.pass_percent),
            "parts": json.dumps([[p.skill, p.questions, p.difficulty] for p in exam.parts]),
            "house_rules": exam.house_rules, "pin_required": int(exam.pin_required),
            "opens_at": exam.opens_at, "closes_at": exam.closes_at,
            "same_questions": int(exam.same_questions)}


def exam_from_row(row: dict[str, Any]) -> Exam:
    parts = tuple(ExamPart(s, q, d) for s, q, d in json.loads(row["parts"]))
    return Exam(row["id"], row["title"], row["created_by"], row["created_at"], parts,
                row["seed"], row["time_limit_s"], Decimal(row["pass_percent"]),
                row["house_rules"], bool(row["pin_required"]), row.get("opens_at"),
                row.get("closes_at"), same_questions=bool(row.get("same_questions", 1)))


def result_row(result: ExamResult) -> dict[str, Any]:
    return {**result.__dict__, "score_percent": str(result.score_percent),
            "passed": int(result.passed)}


def result_from_row(row: dict[str, Any]) -> ExamResult:
    return ExamResult(row["sitting_id"], row["exam_id"], row["person_id"], row["submitted_at"],
                      row["questions"], row["answered"], row["correct"],
                      Decimal(row["score_percent"]), bool(row["passed"]), row["duration_ms"])


def _sitting(row: dict[str, Any]) -> Sitting:
    return Sitting(row["id"], row["exam_id"], row["person_id"], row["started_at"],
                   row["deadline_at"], row["submitted_at"], row["house_rules"], row["readings"],
                   row.get("seed"))
