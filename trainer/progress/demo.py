"""A realistic demo classroom: trainees practising over weeks, an exam, an instructor.

For trying the reports and for the benchmarks. Trainees join in the first weeks, practise
in sessions on weekdays, get better and faster with practice, and most sit one exam.
Attempts name real skill ids and store the question as ``{"version": 1, "skill", "seed",
"difficulty"}``, from which the app regenerates the full question, and a real answer graded
by the rules core (as an import grades a trainee's answers again). Everything follows
from ``seed`` (and ``end``), so the same call builds the same classroom.
"""

from __future__ import annotations

import functools
import json
import math
import random
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.exams.grading import ExamGrader, installed_grader
from trainer.progress.exams.sittings import (
    Exam,
    ExamPart,
    Sitting,
    exam_row,
    result_from_answers,
    result_row,
    sitting_items,
)
from trainer.progress.learning import summaries
from trainer.progress.learning.targets import MasteryTargets, rating_for
from trainer.progress.people.accounts import add_instructor
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.store import ATTEMPT_COLUMNS, Role, Store, StoreError
from trainer.progress.storage.values import stamp
from trainer.rules.house import READINGS, HouseRules

#: The skill ids the demo practises: they must be ids that ``questions.skills()`` lists
#: (a test in tests/questions checks it), since the trainer core cannot import questions.
DEMO_SKILLS: tuple[str, ...] = (
    "thirteen.first_seat",
    "thirteen.rank_hands",
    "thirteen.tier_winner",
    "thirteen.foul",
    "thirteen.natural",
    "thirteen.showdown",
    "thirteen.payout",
    "thirteen.payout_in_chips",
    "thirteen.misdeal",
    "thirteen.house_way",
    "thirteen.procedure",
    "mahjong_baccarat.first_seat",
    "mahjong_baccarat.compare",
    "mahjong_baccarat.payout",
    "mahjong_baccarat.payout_in_chips",
    "mahjong_baccarat.settlement",
    "mahjong_baccarat.settlement_in_chips",
    "mahjong_baccarat.bank",
    "mahjong_baccarat.bank_in_chips",
    "mahjong_baccarat.procedure",
    "three_card.classify",
    "three_card.order",
    "three_card.payout",
    "three_card.payout_in_chips",
    "sap_i_chi.payout",
    "sap_i_chi.payout_in_chips",
    "sap_i_chi.procedure",
    "sap_i_chi.draw",
    "mahjong.waits",
    "mahjong.claim",
    "mahjong.claim_calls",
    "mahjong.claim_options",
    "mahjong.fan",
    "mahjong.wall",
    "mahjong.payments",
    "mahjong.payments_in_chips",
    "mahjong.liability",
    "mahjong.liability_in_chips",
    "mahjong.conduct",
)
DEMO_INSTRUCTOR = "Demo Instructor"
DEMO_PASSWORD = "demo-instructor"
_SURNAMES = ("陳", "黃", "李", "梁", "何", "Sousa", "Lei", "Costa", "Wong", "Chan", "Leong",
             "Ho", "Lam", "Ferreira", "Cheong", "Kuok", "Lopes", "Vong")
_GIVEN = ("大文", "美玲", "志明", "嘉欣", "Ana", "João", "Maria", "Pedro", "Carmen", "Tai Man",
          "Ka Wai", "Mei Ling", "Rita", "Sio Lan", "Chi Hou", "Vitor", "Iok Mei", "Hugo")
_INSERT = (f"INSERT INTO attempts ({', '.join(ATTEMPT_COLUMNS)}) "
           f"VALUES ({', '.join('?' for _ in ATTEMPT_COLUMNS)})")
_TARGETS = MasteryTargets()
#: How many questions of each skill and difficulty the trainees practise: their answers,
#: right and wrong, are worked out once (a school's 100,000 answers in seconds).
_QUESTIONS = 64


@dataclass(frozen=True)
class DemoClassroom:
    trainees: int
    attempts: int
    instructor: str
    password: str


def build_demo(store: Store, trainees: int, attempts: int, seed: int, weeks: int = 8,
               end: datetime | None = None, skills: Sequence[str] = DEMO_SKILLS,
               grader: ExamGrader | None = None) -> DemoClassroom:
    """Fill an empty database with a demo classroom.

    Exam answers are real answers graded by the rules core (through ``grader``, the
    installed one by default), as an import would grade them again."""
    if trainees < 1 or attempts < trainees or weeks < 1:
        raise ValueError("a demo needs trainees >= 1, attempts >= trainees and weeks >= 1")
    if connection(store).execute("SELECT 1 FROM attempts LIMIT 1").fetchone():
        raise StoreError(Message.of(N_(
            "This database already holds answers; build the demo classroom in a new one.")))
    rng = random.Random(seed)
    end = end or datetime.now(UTC).replace(microsecond=0)
    start = end - timedelta(weeks=weeks)
    instructor = _instructor(store)
    exam = _exam(rng, instructor, start + timedelta(weeks=weeks // 2), skills)
    with writing(store) as db:
        db.table("exams").insert(exam_row(exam))
    shares = [rng.lognormvariate(0, 0.4) for _ in range(trainees)]
    done = 0
    for number, name in enumerate(_names(rng, trainees)):
        quota = max(1, round(attempts * shares[number] / sum(shares)))
        if number == trainees - 1:
            quota = max(1, attempts - done)
        with writing(store) as db:
            done += _Trainee(rng, db, name, start, end, skills,
                             grader or installed_grader()).practise(quota, exam)
    with writing(store) as db:
        summaries.rebuild(db)
    return DemoClassroom(trainees, done, DEMO_INSTRUCTOR, DEMO_PASSWORD)


@functools.lru_cache(maxsize=8192)
def _practised(grader: ExamGrader, skill: str, seed: int, difficulty: int,
               right: bool) -> tuple[object, bool, float]:
    """A practice answer, right or wrong, and the rules core's grade of it under the default
    house rules; no answer (as when the time runs out) if no wrong one is found."""
    rules = HouseRules()
    answer = grader.answer(skill, seed, difficulty, rules, right)
    graded = None if answer is None else grader.regrade(skill, seed, difficulty, rules,
                                                        answer, right)
    if graded is None:
        return None, False, 0.0
    return answer, graded[1], graded[2]


def _instructor(store: Store) -> str:
    row = connection(store).execute("SELECT id FROM people WHERE role = ? LIMIT 1",
                           [Role.INSTRUCTOR.value]).fetchone()
    return row[0] if row else add_instructor(store, DEMO_INSTRUCTOR, DEMO_PASSWORD).id


def _exam(rng: random.Random, instructor: str, on: datetime, skills: Sequence[str]) -> Exam:
    parts = tuple(ExamPart(skill, 4, 2) for skill in skills[:3])
    return Exam(_uuid(rng), "Mid-course check", instructor, stamp(on), parts,
                rng.randrange(1 << 32), 1800, Decimal(70), json.dumps(HouseRules().to_json()),
                pin_required=False, same_questions=False)


def _names(rng: random.Random, count: int) -> Iterator[str]:
    pool = [f"{s}{g}" if _chinese(s) else f"{g} {s}"
            for s in _SURNAMES for g in _GIVEN if _chinese(s) == _chinese(g)]
    rng.shuffle(pool)
    for n in range(count):
        yield pool[n] if n < len(pool) else f"{pool[n % len(pool)]} {n // len(pool) + 1}"


def _chinese(text: str) -> bool:
    return text[0] > "\u3000"


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


class _Trainee:
    """One trainee's weeks: when they practise, how well and how fast, and the exam."""

    def __init__(self, rng: random.Random, db: Database, name: str, start: datetime, end: datetime,
                 skills: Sequence[str], grader: ExamGrader):
        self.rng, self.db, self.end, self.skills = rng, db, end, skills
        self.grader = grader
        self.id = _uuid(rng)
        # in the first two weeks, or the first half of a shorter course
        self.joined = start + timedelta(days=rng.uniform(0, min(14, (end - start).days / 2)))
        db.table("people").insert({"id": self.id, "name": name, "role": Role.TRAINEE.value,
                             "language": rng.choice(("zh_Hant_MO", "pt_MO", "en")),
                             "created_at": stamp(self.joined)})
        self.ability = {s: rng.uniform(0.45, 0.85) for s in skills}
        self.speed = {s: rng.uniform(0.7, 1.6) for s in skills}
        self.practised = dict.fromkeys(skills, 0)

    def practise(self, quota: int, exam: Exam) -> int:
        """Practise about ``quota`` answers (the exam's included); return how many."""
        exam_day = datetime.fromisoformat(exam.created_at) + timedelta(days=2)
        sits_exam = self.rng.random() < 0.8 and self.joined < exam_day < self.end
        if sits_exam:
            quota -= min(quota - 1, exam.questions)
        days = max(1, (self.end - self.joined).days)
        sessions = max(1, quota // 25)
        moments = sorted(self.joined + timedelta(days=self.rng.uniform(0, days))
                         for _ in range(sessions))
        for n, moment in enumerate(moments):
            size = quota // sessions + (n < quota % sessions)
            when = moment.replace(hour=self.rng.randint(1, 9))  # 09:00-17:00 in Macau
            if when >= self.end:
                when = self.end - timedelta(hours=2)
            self._session(when, size)
        if sits_exam:
            self._sit(exam, exam_day.replace(hour=self.rng.randint(1, 8)))
        return sum(self.practised.values())

    def _session(self, at: datetime, size: int) -> None:
        session = _uuid(self.rng)
        focus = self.rng.sample(self.skills, k=min(len(self.skills), self.rng.randint(1, 3)))
        rows = []
        for _ in range(size):
            skill = self.rng.choice(focus)
            row = self._answer(skill, at, session, None, None, None)
            assert row is not None  # only an exam answer may be left unanswered
            rows.append(row)
            at += timedelta(milliseconds=row[12] + self.rng.randint(2000, 9000))
        self.db.execute("INSERT INTO sessions (id, person_id, mode, started_at, ended_at) "
                        "VALUES (?, ?, 'practice', ?, ?)", [session, self.id, rows[0][3],
                                                            rows[-1][3]])
        self.db.conn.executemany(_INSERT, rows)

    def _answer(self, skill: str, at: datetime, session: str | None, sitting: str | None,
                index: int | None, item: tuple[int, int] | None) -> tuple[Any, ...] | None:
        done = self.practised[skill]
        self.practised[skill] = done + 1
        skill_level = 1 - (1 - self.ability[skill]) * math.exp(-done / 60)
        difficulty = item[1] if item else 1 + (done > 40) + (done > 120)
        correct = self.rng.random() < skill_level - 0.05 * (difficulty - 1)
        median = 9000 * self.speed[skill] * (0.45 + 0.55 * math.exp(-done / 80))
        ms = int(min(120_000, self.rng.lognormvariate(math.log(median), 0.35)))
        seed = item[0] if item else self.rng.randrange(1 << 31) % _QUESTIONS
        question = {"version": 1, "skill": skill, "seed": seed, "difficulty": difficulty}
        if not item:
            answer, correct, score = _practised(self.grader, skill, seed, difficulty, correct)
        else:  # an exam answer is a real one, graded by the rules core
            rules = HouseRules()
            answer = self.grader.answer(skill, seed, difficulty, rules, correct)
            if answer is None:
                return None
            graded = self.grader.regrade(skill, seed, difficulty, rules, answer, correct)
            assert graded is not None  # the grader reads the answers it makes
            question, correct, score = graded
        return (_uuid(self.rng), self.id, session, stamp(at), skill.partition(".")[0], skill,
                difficulty, seed, json.dumps(question, ensure_ascii=False),
                json.dumps(answer, ensure_ascii=False), int(correct), score, ms, sitting, index,
                int(rating_for(correct, ms, _TARGETS)), READINGS)

    def _sit(self, exam: Exam, at: datetime) -> None:
        sitting = _uuid(self.rng)
        started = at
        deadline = started + timedelta(seconds=exam.time_limit_s)
        sat = Sitting(sitting, exam.id, self.id, stamp(started), stamp(deadline), None,
                      exam.house_rules, READINGS)
        self.db.table("exam_sittings").insert(sat.__dict__)
        rows = []
        for item in sitting_items(exam, sat):
            row = self._answer(item.skill, at, None, sitting, item.index,
                               (item.seed, item.difficulty))
            if row is not None:
                rows.append(row)
                at += timedelta(milliseconds=row[12] + 1000)
        self.db.conn.executemany(_INSERT, rows)
        result = result_from_answers(exam, sat, stamp(min(at, deadline)),
                                     [(row[10], row[11]) for row in rows])
        self.db.execute("UPDATE exam_sittings SET submitted_at = ? WHERE id = ?",
                        [result.submitted_at, sitting])
        self.db.table("exam_results").insert(result_row(result))
