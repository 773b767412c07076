"""Benchmark: an exam's item statistics at a school's size.

Run with ``make bench``. The school is the desk benchmark's classroom (500 trainees,
1,000,000 answers: ``bench_desk_scale.classroom``), copied once, to which a 40-question exam
with questions of each sitting's own is added, sat by every one of its 500 trainees: 20,000
real answers, graded by the rules core (right or wrong by the trainee's ability against the
question's skill; about one in twenty left unanswered). It is built once and kept in
``$BENCH_CACHE`` (the temporary folder by default), as the classroom is.

Target (issue 40) on the 2-core machine: the item statistics of an exam of 500 sittings in
≤ 1 s — read from the results and the answers' scores and times by one query, never the
question or answer texts, and the wrong answers' mistake kinds by one more. The exam's wrong
answers are classified by the rules core once (as the exam screen records them), before the
runs.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import statistics
import time
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from bench_desk_scale import classroom

from trainer.progress import Role, Store
from trainer.progress.demo import DEMO_PASSWORD
from trainer.progress.exams.grading import installed_grader
from trainer.progress.exams.item_statistics import exam_item_statistics
from trainer.progress.exams.sittings import (
    Exam,
    ExamPart,
    Sitting,
    exam_row,
    result_from_answers,
    result_row,
    sitting_items,
)
from trainer.progress.people.accounts import sign_in
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.store import ATTEMPT_COLUMNS
from trainer.progress.storage.values import stamp
from trainer.rules.house import READINGS, HouseRules

TARGET_S = 1.0
RUNS = 7
#: Skills of the exam, each with how hard it is (on the trainees' ability scale).
SKILLS = {"thirteen.first_seat": -1.5, "thirteen.payout": 0.3, "thirteen.foul": -0.4,
          "mahjong_baccarat.payout": 0.6, "mahjong_baccarat.settlement": 0.9,
          "three_card.order": -0.8, "three_card.payout": 0.1, "sap_i_chi.payout": 1.2}
QUESTIONS_PER_SKILL = 5
TITLE = "Item statistics benchmark"
_INSERT = (f"INSERT INTO attempts ({', '.join(ATTEMPT_COLUMNS)}) "
           f"VALUES ({', '.join('?' for _ in ATTEMPT_COLUMNS)})")


def school() -> Path:
    """The classroom with the benchmark's exam sat by every trainee, built once."""
    source = classroom()
    path = source.with_name(source.stem + "-item-statistics.sqlite3")
    if not path.exists():
        partial = path.with_suffix(".partial")
        partial.unlink(missing_ok=True)
        start = time.perf_counter()
        shutil.copyfile(source, partial)
        with Store(partial, backup=False) as store:
            _sit_everyone(store)
        partial.rename(path)
        print(f"\nbuilt the exam's 500 sittings in {time.perf_counter() - start:.0f} s: {path}")
    return path


def _sit_everyone(store: Store) -> None:
    rng = random.Random(40)
    grader = installed_grader()
    rules = HouseRules()
    db = connection(store)
    instructor = db.execute("SELECT id FROM people WHERE role = ?",
                            [Role.INSTRUCTOR.value]).fetchone()[0]
    on = datetime(2026, 1, 5, 2, 0, tzinfo=UTC)
    exam = Exam(str(uuid.UUID(int=rng.getrandbits(128))), TITLE, instructor, stamp(on),
                tuple(ExamPart(skill, QUESTIONS_PER_SKILL, 2) for skill in SKILLS),
                rng.randrange(1 << 32), 3600, Decimal(60), json.dumps(rules.to_json()),
                pin_required=False, same_questions=False)
    trainees = [row[0] for row in db.execute("SELECT id FROM people WHERE role = ?",
                                             [Role.TRAINEE.value])]
    with writing(store) as db:
        db.table("exams").insert(exam_row(exam))
    for n, person in enumerate(trainees):
        ability = rng.gauss(0, 1)
        started = on + timedelta(days=1, minutes=n)
        sat = Sitting(str(uuid.UUID(int=rng.getrandbits(128))), exam.id, person,
                      stamp(started), stamp(started + timedelta(seconds=exam.time_limit_s)),
                      None, exam.house_rules, READINGS, rng.randrange(1 << 62))
        rows, at = [], started
        for item in sitting_items(exam, sat):
            if rng.random() < 0.05:
                continue  # left unanswered
            right = rng.random() < 1 / (1 + math.exp(SKILLS[item.skill] - ability))
            answer = grader.answer(item.skill, item.seed, item.difficulty, rules, right)
            graded = None if answer is None else grader.regrade(
                item.skill, item.seed, item.difficulty, rules, answer, right)
            if graded is None:
                continue
            question, correct, score = graded
            ms = int(rng.lognormvariate(math.log(20_000), 0.4))
            at += timedelta(milliseconds=ms)
            rows.append((str(uuid.UUID(int=rng.getrandbits(128))), person, None, stamp(at),
                         item.skill.partition(".")[0], item.skill, item.difficulty, item.seed,
                         json.dumps(question, ensure_ascii=False),
                         json.dumps(answer, ensure_ascii=False), int(correct), score, ms,
                         sat.id, item.index, 1 if not correct else 3, READINGS))
        with writing(store) as db:
            db.table("exam_sittings").insert(sat.__dict__)
            db.conn.executemany(_INSERT, rows)
            result = result_from_answers(exam, sat, stamp(at),
                                         [(row[10], row[11]) for row in rows])
            db.execute("UPDATE exam_sittings SET submitted_at = ? WHERE id = ?",
                       [result.submitted_at, sat.id])
            db.table("exam_results").insert(result_row(result))


def _classified(store: Store, exam_id: str) -> int:
    """The exam's wrong answers with their mistake kinds recorded, as answers given at the
    exam screen have them (classified by the rules core once, kept in the cached school);
    how many kinds are recorded."""
    from questions.regrade import MISTAKES
    from trainer.progress.learning.mistakes import classify

    classify(store, MISTAKES, "AND a.sitting_id IN (SELECT id FROM exam_sittings "
                              "WHERE exam_id = ?)", [exam_id])
    found: int = connection(store).execute(
        "SELECT count(*) FROM attempt_mistakes m JOIN attempts a ON a.id = m.attempt_id "
        "JOIN exam_sittings s ON s.id = a.sitting_id WHERE s.exam_id = ?",
        [exam_id]).fetchone()[0]
    return found


def test_item_statistics_of_an_exam_of_500_sittings() -> None:
    path = school()
    with Store(path, backup=False) as store:
        instructor = sign_in(store, connection(store).execute(
            "SELECT id FROM people WHERE role = ?", [Role.INSTRUCTOR.value]).fetchone()[0],
            DEMO_PASSWORD)
        exam_id = connection(store).execute("SELECT id FROM exams WHERE title = ?",
                                            [TITLE]).fetchone()[0]
        answers = connection(store).execute("SELECT count(*) FROM attempts").fetchone()[0]
        kinds = _classified(store, exam_id)
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            found = exam_item_statistics(store, instructor, exam_id)
            times.append(time.perf_counter() - start)
    assert found.sittings == 500 and len(found.items) == 40
    assert all(item.facility is not None and item.discrimination is not None
               for item in found.items)
    flagged = sum(bool(item.concerns) for item in found.items)
    print(f"\nitem statistics, {found.sittings} sittings × {len(found.items)} items "
          f"({answers:,} answers in the database): first {times[0] * 1000:.0f} ms, "
          f"median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms "
          f"over {RUNS} runs; {flagged} items worth a look; {kinds:,} mistake kinds "
          f"recorded, {sum(m.count for i in found.items for m in i.mistakes):,} shown; "
          f"load average "
          f"{os.getloadavg()[0]:.1f}")
    assert max(times) <= TARGET_S
