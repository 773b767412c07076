"""Benchmark: progress at the scale of a training school (500 trainees, 1,000,000 answers).

Run with ``make bench``. Targets (issue: Step 6) on the 2-core machine: a cohort report
builds in ≤ 1 s, recording an answer stays ≤ 5 ms at p95, and the CSV export of every
attempt takes ≤ 15 s. Also measured, without a target: building the demo classroom,
opening the database (with its quick_check), a backup, and a bundle of everyone out and in.
"""

import statistics
import time
from datetime import UTC, datetime

import pytest

from trainer.progress import Role, Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS, build_demo
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.spreadsheets import write_attempts_csv
from trainer.progress.storage.backups import take_backup
from trainer.progress.storage.ledger import record_attempt

TRAINEES = 500
ATTEMPTS = 1_000_000
#: Up to three real skills of each game, 14 in all: exam answers are real answers, graded
#: by the rules core, so the skills must exist.
SKILLS = tuple(skill for game in ("thirteen", "mahjong_baccarat", "three_card", "sap_i_chi",
                                  "mahjong")
               for skill in [s for s in DEMO_SKILLS if s.startswith(f"{game}.")][:3])


def timed(function):
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


@pytest.fixture(scope="module")
def school(tmp_path_factory):
    path = tmp_path_factory.mktemp("school") / "progress.sqlite3"
    with Store(path, backup=False) as store:
        _made, seconds = timed(lambda: build_demo(
            store, TRAINEES, ATTEMPTS, seed=2024, weeks=12,
            end=datetime.now(UTC).replace(microsecond=0), skills=SKILLS))
    print(f"\ndemo classroom: {TRAINEES} trainees, {ATTEMPTS:,} answers, {len(SKILLS)} skills "
          f"built in {seconds:.0f} s, {path.stat().st_size / 2**20:.0f} MiB")
    store, seconds = timed(lambda: Store(path, backup=False))
    print(f"opening it (quick_check included): {seconds * 1000:.0f} ms")
    [teacher] = [p for p in store.people() if p.role == "instructor"]
    yield store, sign_in(store, teacher.id, DEMO_PASSWORD)
    store.close()


def test_cohort_report_speed(school):
    store, teacher = school
    times = [timed(lambda: build_report(leave_to_see(store, teacher)))[1] for _ in range(5)]
    report = build_report(leave_to_see(store, teacher))
    trainee = report.trainees[0].person.id
    one = statistics.median(timed(lambda: build_report(leave_to_see(store, teacher, trainee)))[1]
                            for _ in range(5))
    print(f"cohort report ({len(report.trainees)} trainees, {len(report.skills)} skills, "
          f"{len(report.weeks)} weeks): first {times[0] * 1000:.0f} ms, median "
          f"{statistics.median(times) * 1000:.0f} ms; one trainee's: {one * 1000:.1f} ms")
    assert report.totals.attempts >= ATTEMPTS - 100
    assert max(times) <= 1.0


def test_recording_an_answer_speed(school):
    store, _teacher = school
    person = store.people()[7].id
    times = []
    for n in range(500):
        question = {"version": 1, "skill": SKILLS[n % len(SKILLS)], "seed": n,
                    "difficulty": 1 + n % 3}
        _id, seconds = timed(lambda q=question, n=n: record_attempt(store,
            person, None, q, 1, n % 4 != 0, 1.0 if n % 4 else 0.0, 2000 + n))
        times.append(seconds * 1000)
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"record_attempt on the full database (commit + summaries, synchronous=FULL): "
          f"median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, max {max(times):.1f} ms")
    assert p95 <= 5


def test_csv_export_of_every_attempt_speed(school, tmp_path):
    store, teacher = school
    out = tmp_path / "attempts.csv"
    count, seconds = timed(lambda: write_attempts_csv(store, teacher, out, "zh_Hant_MO"))
    print(f"CSV export of every attempt: {count:,} rows, {out.stat().st_size / 2**20:.0f} MiB "
          f"in {seconds:.1f} s")
    assert count >= ATTEMPTS and seconds <= 15


def test_backup_and_bundles(school, tmp_path):
    store, teacher = school
    _backup, backup_s = timed(lambda: take_backup(store))
    contents, export_s = timed(lambda: export_bundle(store, teacher, tmp_path / "all.zip",
                                                     with_instructors=True))
    accepted = tuple(p.name for p in store.people(Role.INSTRUCTOR))
    size = contents.path.stat().st_size / 2**20
    with Store(tmp_path / "collector.sqlite3", backup=False) as collector:
        person = add_instructor(collector, "Collector", "collector-password")
        actor = sign_in(collector, person.id, "collector-password")
        summary, import_s = timed(lambda: import_bundle(collector, actor, contents.path,
                                                        accept_instructors=accepted,
                                                            source=INSTRUCTOR_DESK))
        _again, again_s = timed(lambda: import_bundle(collector, actor, contents.path,
                                                      accept_instructors=accepted,
                                                          source=INSTRUCTOR_DESK))
    print(f"backup of the whole database: {backup_s:.1f} s; everyone's bundle: {size:.0f} MiB "
          f"written in {export_s:.1f} s, imported into an empty desktop in {import_s:.1f} s, "
          f"imported again (nothing new) in {again_s:.1f} s")
    assert summary.count("attempts") == contents.count("attempts")
