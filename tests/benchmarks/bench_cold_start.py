"""Benchmark: cold start to the first question on screen (target ≤ 0.5 s on 2 cores, issue 39).

Run with ``make bench``. Each run is a new process — ``python -m ui`` on a temporary
database with one trainee, offscreen, going straight to a practice question
(``--trainee NAME --practice SKILL``) — timed from starting the process until the app
reports the question painted (``--time-first-question``, which then quits). The charts'
pyqtgraph, the server's driver, the exam's and round's screens and the desk must not have
been imported by then (``ui.app.DEFERRED``). The median of 7 fresh processes is the figure;
the load average is printed beside it (a loaded machine slows every process alike).
"""

import os
import statistics
import subprocess
import sys
import time

from trainer.progress import Store
from trainer.progress.storage.ledger import add_person

TARGET_S = 0.5
RUNS = 7
SKILLS = ("thirteen.first_seat", "thirteen.house_way", "mahjong.waits")


def first_question(db, skill: str) -> tuple[float, str]:
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "ui", "--db", str(db), "--language", "en", "--trainee", "Ana Lei",
         "--practice", skill, "--time-first-question"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**{key: value for key, value in os.environ.items()
                if key != "PYTHONDONTWRITEBYTECODE"},  # kept, as an installed app has it
             "QT_QPA_PLATFORM": "offscreen"})
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    process.wait(timeout=30)
    assert process.returncode == 0, line
    return elapsed, line.strip()


def test_cold_start_to_the_first_question(tmp_path):
    db = tmp_path / "progress.sqlite3"
    with Store(db) as store:
        add_person(store, "Ana Lei")
    first_question(db, SKILLS[0])  # compiles the bytecode once, as an installed app has it
    for skill in SKILLS:
        times = []
        for _ in range(RUNS):
            seconds, line = first_question(db, skill)
            assert "first question painted" in line, line
            assert line.endswith("deferred loaded: none"), line
            times.append(seconds)
        median, worst = statistics.median(times), max(times)
        print(f"\ncold start to the first {skill} question: median {median:.2f} s, "
              f"worst {worst:.2f} s over {RUNS} runs (target {TARGET_S} s; load average "
              f"{os.getloadavg()[0]:.1f})")
        assert median <= TARGET_S
