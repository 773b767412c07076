"""Benchmark: generating and grading one question, for every skill and difficulty.

Run with ``make bench``. Target (issue: Step 5): generation plus grading p95 ≤ 10 ms for
every skill, ≤ 30 ms for setting the banker's hand (the house-way solver runs in it).
Each sample generates a question from a fresh seed, reads the reference answer and
grades it, as the app does when the trainee answers.
"""

import statistics
import time

import questions
from questions.skill import DIFFICULTIES
from trainer.rules.cards import full_deck
from trainer.rules.thirteen import best_arrangement

SAMPLES = 300
TARGET_MS = {"thirteen.house_way": 30.0}
DEFAULT_TARGET_MS = 10.0


def _sample(skill: str, difficulty: int, seed: int) -> float:
    start = time.perf_counter()
    question = questions.generate(skill, seed, difficulty)
    question.grade(question.reference_answer())
    return (time.perf_counter() - start) * 1000


def test_generation_and_grading_speed():
    best_arrangement(full_deck()[:13])  # load the share tables, as the app does at start
    rows, slow = [], []
    for skill in questions.skills():
        for difficulty in DIFFICULTIES:
            _sample(skill, difficulty, -1)  # warm caches once, as the app does at start
            times = [_sample(skill, difficulty, seed) for seed in range(SAMPLES)]
            p95 = statistics.quantiles(times, n=20)[-1]
            rows.append((skill, difficulty, statistics.median(times), p95, max(times)))
            if p95 > TARGET_MS.get(skill, DEFAULT_TARGET_MS):
                slow.append((skill, difficulty, round(p95, 2)))
    print(f"\n{'skill':32} d  median    p95     max   (ms, {SAMPLES} seeds each)")
    for skill, difficulty, median, p95, worst in rows:
        print(f"{skill:32} {difficulty}  {median:6.2f} {p95:6.2f} {worst:7.2f}")
    assert not slow, slow
