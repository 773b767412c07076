"""Benchmark: a full classroom under load on one real PostgreSQL (issue 39, Step 8).

Run with ``make bench`` (bounded: ``BENCH_CLASSROOM_SECONDS``, 600 by default, plus the
start and the last syncs). Fifty trainee desktops, each a process of its own with its own
SQLite file and server login, signed in with their PIN (token-signed, as the app is),
answer a question every ``BENCH_CLASSROOM_PACE`` seconds (6) and sync after each answer,
while an instructor desk merges everything every ten seconds and reads its pages (the
whole class's report, the answer log's first page). Halfway through, the server is stopped
and started again (``pg_ctl stop -m fast``, a few seconds down): the desktops' syncs fail
meanwhile and their answers wait and go with the next one.

Targets: 0 answers lost or doubled (every answer made on a desktop is once on the server
and once on the desk, and nothing else is); a push p95 ≤ 50 ms (timed inside the app's
own sync; the whole sync's time is printed beside it); the desk's pages ≤ 1 s each. The
figures print with the load average.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from tests.school.cluster import Cluster, binaries
from tests.school.school import PASSWORD, make_school
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.answer_log import LogFilter, page_after
from trainer.progress.reports.figures import build_report
from trainer.progress.school.errors import SchoolError
from trainer.progress.school.identity import give_first_pins
from trainer.progress.school.server.desktops import DESKTOP_CONNECTIONS, INSTRUCTOR_CONNECTIONS
from trainer.progress.storage.ledger import add_person, stored_attempts
from trainer.progress.storage.store import Role

DESKTOPS = int(os.environ.get("BENCH_CLASSROOM_DESKTOPS", "50"))
SECONDS = float(os.environ.get("BENCH_CLASSROOM_SECONDS", "600"))
PACE = float(os.environ.get("BENCH_CLASSROOM_PACE", "6"))
DESK_EVERY = 10.0
DOWN_SECONDS = 5.0
PUSH_P95_MS = 50.0
PAGE_S = 1.0
ROOT = Path(__file__).parents[2]


def _desktop(url: str, db: Path, name: str, first_pin: str, seed: int,
             log: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.school.classroom_desktop", str(db), url, name,
         str(SECONDS), str(PACE), str(seed)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=log.open("w"), text=True,
        env={**os.environ, "CROUPIER_TRAINER_PIN": first_pin,
             "CROUPIER_TRAINER_NEW_PIN": "97531"})


def test_a_classroom_under_load(tmp_path):
    bindir = binaries()
    if bindir is None:
        pytest.fail("PostgreSQL is not installed: the classroom benchmark needs it")
    # every desktop at its limit, the instructors' share and the superuser's few
    cluster = Cluster.start(bindir, max_connections=DESKTOPS * DESKTOP_CONNECTIONS
                            + INSTRUCTOR_CONNECTIONS + 20)
    try:
        with psycopg.connect(cluster.url(), autocommit=True) as admin:
            admin.execute("CREATE DATABASE classroom")
        with contextlib.ExitStack() as stack:
            setup = make_school(cluster, "classroom", tmp_path, stack)
            _run_the_class(setup, cluster, tmp_path)
    finally:
        cluster.stop()


def _run_the_class(setup, cluster: Cluster, folder: Path) -> None:
    desk = setup.desk
    trainees = [add_person(desk.store, f"Trainee {n:02}") for n in range(DESKTOPS)]
    desk.sync()
    first = give_first_pins(desk.url, desk.login, PASSWORD, [t.id for t in trainees])
    instructor = sign_in(desk.store, desk.store.people(Role.INSTRUCTOR)[0].id, PASSWORD)
    running = [_desktop(setup.server.desktop_login(f"pc{n}"), folder / f"pc{n}" / "p.sqlite3",
                        trainee.name, first[trainee.id], n, folder / f"pc{n}.log")
               for n, trainee in enumerate(trainees)]
    began = time.monotonic()
    restarted = False
    pages: list[float] = []
    merges: list[float] = []
    while any(process.poll() is None for process in running):
        if not restarted and time.monotonic() - began > SECONDS / 2:
            cluster.stop_only()
            time.sleep(DOWN_SECONDS)
            cluster.start_again()
            restarted = True
        try:
            merged = time.perf_counter()
            desk.sync()
            merges.append(time.perf_counter() - merged)
        except SchoolError:
            pass  # the server is down: the desk tries again at its next turn
        read = time.perf_counter()
        leave = leave_to_see(desk.store, instructor)
        build_report(leave)
        page_after(leave, LogFilter(), None, 500)
        pages.append(time.perf_counter() - read)
        time.sleep(DESK_EVERY)
    outcomes = []
    for process in running:
        out, _ = process.communicate(timeout=60)
        assert process.returncode == 0, out
        outcomes.append(json.loads(out.strip().splitlines()[-1]))
    desk.sync()
    made = [answer for outcome in outcomes for answer in outcome["made"]]
    synced = [ms for outcome in outcomes for ms in outcome["synced_ms"]]
    pushed = [ms for outcome in outcomes for ms in outcome["pushed_ms"]]
    with psycopg.connect(setup.server.admin) as admin:
        on_server = [row[0] for row in admin.execute("SELECT id FROM shared_attempts")]
    on_desk = [attempt.id for trainee in trainees
               for attempt in stored_attempts(desk.store, trainee.id)]
    p95 = statistics.quantiles(pushed, n=20)[-1]
    sync_p95 = statistics.quantiles(synced, n=20)[-1]
    print(f"\na classroom of {DESKTOPS} desktops for {SECONDS:.0f} s, an answer every "
          f"{PACE:.0f} s each, the server restarted once (down {DOWN_SECONDS:.0f} s); load "
          f"average {os.getloadavg()[0]:.1f}")
    print(f"answers made {len(made)}, on the server {len(on_server)} "
          f"({len(set(on_server))} distinct), on the desk {len(on_desk)} "
          f"({len(set(on_desk))} distinct); still held on desktops "
          f"{sum(o['held'] for o in outcomes)}; syncs that failed "
          f"{sum(o['failed'] for o in outcomes)}")
    print(f"a desktop's push of its new answer: {len(pushed)} pushes, median "
          f"{statistics.median(pushed):.1f} ms, p95 {p95:.1f} ms, max {max(pushed):.1f} ms "
          f"(target p95 ≤ {PUSH_P95_MS:.0f} ms); the whole sync around it (connect over TLS, "
          f"check the schema, push, pull): median {statistics.median(synced):.1f} ms, p95 "
          f"{sync_p95:.1f} ms")
    print(f"the desk: a merge median {statistics.median(merges):.2f} s, max "
          f"{max(merges):.2f} s; its pages (report + answer log) median "
          f"{statistics.median(pages):.2f} s, max {max(pages):.2f} s (target ≤ {PAGE_S} s)")
    assert restarted
    assert len(made) == len(set(made))
    assert sorted(on_server) == sorted(made), "answers lost or doubled on the server"
    assert sorted(on_desk) == sorted(made), "answers lost or doubled on the desk"
    assert p95 <= PUSH_P95_MS
    assert max(pages) <= PAGE_S
