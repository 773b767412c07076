"""Benchmark: the class grid of a school of 500 trainees × 45 skills and 1,000,000 answers.

Run with ``make bench`` (the demo school of :mod:`bench_desk_scale`, cached in
``$BENCH_CACHE``). Target (issue 40): the grid's data — every trainee × every skill with
its state, answers and recent accuracy, and who is under the at-risk rule per skill and the
weakest skills — settles in ≤ 1 s, read from the summaries, never the answer log. Prints
the figure (best of three) and the machine's load average beside it.
"""

from __future__ import annotations

import os
import time

import questions
from tests.benchmarks.bench_desk_scale import classroom
from trainer.progress import Store
from trainer.progress.demo import DEMO_PASSWORD
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.at_risk import thresholds
from trainer.progress.reports.grid import build_grid
from trainer.progress.reports.struggles import struggling, weakest_skills

TARGET = 1.0


def test_the_grid_of_a_school_settles_within_a_second():
    with Store(classroom(), backup=False) as store:
        [teacher] = [p for p in store.people() if p.role == "instructor"]
        actor = sign_in(store, teacher.id, DEMO_PASSWORD)
        skills = questions.titled()
        times = []
        for _ in range(3):
            start = time.perf_counter()
            grid = build_grid(leave_to_see(store, actor), skills)
            struggling(grid, thresholds(store))
            weakest_skills(grid)
            times.append(time.perf_counter() - start)
        started = sum(cell.started for cell in grid.cells.values())
        print(f"\nclass grid: {len(grid.trainees)} trainees × {len(grid.skills)} skills "
              f"({started} cells started): best {min(times):.3f} s, worst {max(times):.3f} s; "
              f"load average {os.getloadavg()[0]:.2f}")
        assert len(grid.trainees) == 500 and started > 15_000
        assert min(times) <= TARGET
