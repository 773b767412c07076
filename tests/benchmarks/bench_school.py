"""Benchmark: a school of 500 trainees and 1,000,000 answers on a real PostgreSQL (loopback).

Run with ``make bench`` (or ``BENCH_SCHOOL_ANSWERS=100000 make bench`` for a smaller school).
Targets (issue: Step 5, the school server): the first sync of an empty instructor desk
≤ 60 s; pushing one new answer ≤ 50 ms at p95; an idle sync (nothing new) ≤ 100 ms. Also
measured: the desk that holds the school publishing it to an empty server.
"""

import os
import statistics
import time
from datetime import UTC, datetime

import psycopg
import pytest

from tests.school.cluster import Cluster, binaries
from trainer.progress import Store
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS, build_demo
from trainer.progress.school.server.connection import (
    add_desktop_login,
    add_instructor_login,
    init_server,
)
from trainer.progress.school.sync import push, sync
from trainer.progress.storage.ledger import add_person, record_attempt, start_session

TRAINEES = 500
ANSWERS = int(os.environ.get("BENCH_SCHOOL_ANSWERS", "1000000"))
SKILLS = tuple(skill for game in ("thirteen", "mahjong_baccarat", "three_card", "sap_i_chi",
                                  "mahjong")
               for skill in [s for s in DEMO_SKILLS if s.startswith(f"{game}.")][:3])
QUESTION = {"version": 1, "skill": "three_card.order", "seed": 1, "difficulty": 1}


@pytest.fixture(scope="module")
def server():
    bindir = binaries()
    if bindir is None:
        pytest.fail("PostgreSQL is not installed: the school benchmark needs it")
    cluster = Cluster.start(bindir)
    with psycopg.connect(cluster.url(), autocommit=True) as admin:
        admin.execute("CREATE DATABASE school")
    init_server(cluster.url("school"))
    add_instructor_login(cluster.url("school"), "school_mestre", DEMO_PASSWORD)
    yield cluster, add_desktop_login(cluster.url("school"), "school_pc1")
    cluster.stop()


def test_a_school_of_a_million_answers(server, tmp_path):
    cluster, desktop_password = server
    desk_url = cluster.url("school", "school_mestre", DEMO_PASSWORD)
    desktop_url = cluster.url("school", "school_pc1", desktop_password)
    with Store(tmp_path / "school.sqlite3", backup=False) as school:
        start = time.perf_counter()
        build_demo(school, TRAINEES, ANSWERS, seed=2026, weeks=12,
                   end=datetime.now(UTC).replace(microsecond=0), skills=SKILLS)
        built = time.perf_counter() - start
        start = time.perf_counter()
        published = sync(school, desk_url, login="school_mestre", password=DEMO_PASSWORD)
        publishing = time.perf_counter() - start
    with Store(tmp_path / "new-desk.sqlite3", backup=False) as desk:
        start = time.perf_counter()
        first = sync(desk, desk_url, login="school_mestre", password=DEMO_PASSWORD)
        first_sync = time.perf_counter() - start
    with Store(tmp_path / "desktop.sqlite3", backup=False) as desktop:
        ana = add_person(desktop, "Ana Lei")
        session = start_session(desktop, ana.id, "practice")
        sync(desktop, desktop_url)
        pushes, idles = [], []
        with psycopg.connect(desktop_url, autocommit=True) as connection:
            for n in range(60):
                record_attempt(desktop, ana.id, session, {**QUESTION, "seed": n}, 1, True, 1.0,
                                       900)
                start = time.perf_counter()
                push(desktop, connection)
                pushes.append(time.perf_counter() - start)
        for _n in range(30):
            start = time.perf_counter()
            idle = sync(desktop, desktop_url)
            idles.append(time.perf_counter() - start)
    p95 = statistics.quantiles(pushes, n=20)[-1]
    print(f"\nschool of {TRAINEES} trainees, {ANSWERS:,} answers: built in {built:.0f} s; "
          f"published to an empty server in {publishing:.1f} s ({published.pushed:,} rows); "
          f"first sync of an empty desk {first_sync:.1f} s ({first.pulled:,} rows); "
          f"pushing one answer: median {statistics.median(pushes) * 1000:.1f} ms, p95 "
          f"{p95 * 1000:.1f} ms; an idle sync: median {statistics.median(idles) * 1000:.1f} "
          f"ms, max {max(idles) * 1000:.1f} ms ({idle.line()})")
    assert first.pulled >= ANSWERS
    assert first_sync <= 60
    assert p95 <= 0.050
    assert statistics.median(idles) <= 0.100
