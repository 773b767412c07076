"""Benchmark: generating and grading one question, for every skill and level — the chip
forms and the walks among them — and a table round's step (issue 39, Step 8).

Run with ``make bench``. Target: generation plus grading p95 ≤ 5 ms for every skill and
level, and for each game's round steps (grading an action and computing the next state).
Each sample generates a question from a fresh seed, reads the reference answer and grades
it, as the app does when the trainee answers.

Measured in the thread's CPU time (``time.thread_time``): what the work costs this
process, which a loaded machine (other processes on the two cores) neither adds to nor
hides. The wall-clock p95 is printed beside it with the load average, for the record; the
target is checked on the CPU time.
"""

import os
import statistics
import time
from collections.abc import Callable
from functools import partial

import questions
from questions.skill import DIFFICULTIES
from trainer.rounds.games import GAMES, start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, solve
from trainer.rules.cards import full_deck
from trainer.rules.thirteen import best_arrangement

SAMPLES = 300
ROUNDS = 60
TARGET_MS = 5.0


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    """(CPU ms, wall ms) of one ``work()``."""
    cpu, wall = time.thread_time(), time.perf_counter()
    work()
    return (time.thread_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000


def _question(skill: str, difficulty: int, seed: int) -> None:
    question = questions.generate(skill, seed, difficulty)
    question.grade(question.reference_answer())


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def test_generation_and_grading_speed():
    best_arrangement(full_deck()[:13])  # load the share tables, as the app does at start
    rows, slow = [], []
    for skill in questions.skills():
        for difficulty in DIFFICULTIES:
            _question(skill, difficulty, -1)  # warm caches once, as the app does at start
            times = [_timed(partial(_question, skill, difficulty, seed))
                     for seed in range(SAMPLES)]
            cpu, wall = [t[0] for t in times], [t[1] for t in times]
            rows.append((f"{skill} {difficulty}", statistics.median(cpu), _p95(cpu), max(cpu),
                         _p95(wall)))
    for game in GAMES:
        steps: list[tuple[float, float]] = []
        for seed in range(ROUNDS):
            round_ = start(game, seed, Mode.TABLE_READY)
            played = RoundPlay(round_)
            for action in solve(round_):
                steps.append(_timed(partial(played.give, str(action))))
        cpu, wall = [t[0] for t in steps], [t[1] for t in steps]
        rows.append((f"{game} round step", statistics.median(cpu), _p95(cpu), max(cpu),
                     _p95(wall)))
    slow = [(name, round(p95, 2)) for name, _median, p95, _worst, _wall in rows
            if p95 > TARGET_MS]
    print(f"\n{'question (skill level) or round step':44} median    p95     max  wall p95 "
          f"(CPU ms; {SAMPLES} seeds a level, {ROUNDS} rounds a game; load average "
          f"{os.getloadavg()[0]:.1f})")
    for name, median, p95, worst, wall_p95 in rows:
        print(f"{name:44} {median:6.2f} {p95:6.2f} {worst:7.2f} {wall_p95:7.2f}")
    print(f"slowest p95: {max(rows, key=lambda row: row[2])[0]} "
          f"{max(row[2] for row in rows):.2f} ms (target {TARGET_MS} ms)")
    assert not slow, slow
