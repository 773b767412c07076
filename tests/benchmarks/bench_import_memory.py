"""Benchmark: the most memory an import takes, for the largest input allowed of each kind.

Run with ``make bench``. Target (issue: limits): ≤ 300 MB at the peak (the process's
resident size, SQLite's cache included) for the largest input allowed: a trainee desktop's
inbox batch (:data:`INBOX_BATCH`: 20,000 rows, 5 MB as JSON), a trainee's bundle
(:data:`TRAINEE_BUNDLE`'s rows) and an instructor's bundle of a school (5,000,000 rows, too
many to build here: measured at :data:`SCHOOL_ANSWERS` answers of the same school, whose
peaks must not grow with the answers). Each import runs in a new process, which reports its
peak (``ru_maxrss``) and the size it had before the import began; only the counts are
asserted.
"""

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from trainer.progress import Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.format import INBOX_BATCH, TRAINEE_BUNDLE, BundleLimits
from trainer.progress.bundles.rows import json_size
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS, build_demo
from trainer.progress.people.accounts import sign_in
from trainer.progress.school.outbox import read_outgoing
from trainer.progress.storage.database import reading

ROOT = Path(__file__).resolve().parents[2]
#: The instructor's bundles measured: one school (:data:`SCHOOL_TRAINEES` trainees, up to
#: three real skills of each game, as in bench_bundle_import) with more and more answers.
SCHOOL_ANSWERS = (100_000, 400_000, 1_000_000)
#: The largest instructor's bundle allowed (5,000,000 rows: these answers, their sessions
#: and the school's people and exams), built and imported only by ``make bench-largest``
#: (about an hour on a two-core machine).
LARGEST_ANSWERS = 4_780_000
SCHOOL_TRAINEES = 200
SCHOOL_SKILLS = tuple(skill for game in ("thirteen", "mahjong_baccarat", "three_card",
                                         "sap_i_chi", "mahjong")
                      for skill in [s for s in DEMO_SKILLS if s.startswith(f"{game}.")][:3])
#: Imports the file given as a bundle or batch into a new desk; prints its figures.
IMPORT = """
import json, resource, sys, time
from pathlib import Path
from trainer.progress import Store
from trainer.progress.bundles.importing import import_bundle, merge_checked
from trainer.progress.bundles.rows import RowBatch
from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource
from trainer.progress.exams.grading import installed_grader
from trainer.progress.people.accounts import add_instructor, sign_in
kind, path, db, trainee, school = sys.argv[1:6]
with Store(Path(db), backup=False) as desk:
    actor = sign_in(desk, add_instructor(desk, "Collector", "collector-pw").id, "collector-pw")
    if kind != "school":  # the school's exams are known here (an instructor's bundle)
        with writing(desk) as known:
            known.execute("ATTACH DATABASE ? AS school", [school])
            known.execute("INSERT INTO exams SELECT * FROM school.exams")
        connection(desk).execute("DETACH DATABASE school")
    grader = installed_grader()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    if kind == "batch":
        summary = merge_checked(desk, RowBatch(json.loads(Path(path).read_bytes()),
                                               with_instructors=False), grader=grader)
    elif kind == "school":
        summary = import_bundle(desk, actor, Path(path), grader=grader, source=INSTRUCTOR_DESK,
                                accept_instructors=("Demo Instructor",))
    else:
        summary = import_bundle(desk, actor, Path(path), grader=grader,
                                source=BundleSource.of_trainee(trainee))
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"before_mb": before / 1024, "peak_mb": peak / 1024, "seconds": took,
                  "answers": summary.count("attempts")}))
"""


def _measure(kind, path, folder, trainee=""):
    run = subprocess.run([sys.executable, "-c", IMPORT, kind, str(path),
                          str(folder / f"desk-{kind}.sqlite3"), trainee,
                          str(folder / "one.sqlite3")],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout.splitlines()[-1])


def _one_trainee(folder, answers):
    """A desktop of one trainee with ``answers`` answers over ten weeks, and its trainee."""
    store = Store(folder / "one.sqlite3", backup=False)
    build_demo(store, 1, answers, seed=2026, weeks=10,
               end=datetime.now(UTC).replace(microsecond=0), skills=("thirteen.first_seat",
                                                                     "three_card.order"))
    [trainee] = [p for p in store.people() if p.role == "trainee"]
    return store, trainee


def test_the_largest_inbox_batch(tmp_path):
    store, _trainee = _one_trainee(tmp_path, 40_000)
    with store, reading(store) as db:
        batch = read_outgoing(db, trusted=False)
    rows = sum(map(len, batch.tables.values()))
    size = json_size(batch.tables, 10**10)
    assert rows <= INBOX_BATCH.rows and size <= INBOX_BATCH.unpacked_bytes
    path = tmp_path / "batch.json"
    path.write_text(json.dumps(batch.tables))
    found = _measure("batch", path, tmp_path)
    print(f"\nan inbox batch of {rows:,} rows, {size / 1e6:.2f} MB as JSON: peak "
          f"{found['peak_mb']:.0f} MB (before {found['before_mb']:.0f} MB), "
          f"{found['seconds']:.2f} s")
    assert found["answers"] == len(batch.tables["attempts"])


def test_the_largest_trainee_bundle(tmp_path):
    store, trainee = _one_trainee(tmp_path, int(TRAINEE_BUNDLE.rows * 0.96))
    with store:
        contents = export_bundle(store, sign_in(store, trainee.id), tmp_path / "own.zip",
                                 trainee.id)
    rows = sum(n for _table, n in contents.rows)
    assert rows <= TRAINEE_BUNDLE.rows
    found = _measure("bundle", contents.path, tmp_path, trainee.id)
    print(f"\na trainee's bundle of {rows:,} rows ({contents.count('attempts'):,} answers, "
          f"{contents.path.stat().st_size / 2**20:.1f} MiB): peak {found['peak_mb']:.0f} MB "
          f"(before {found['before_mb']:.0f} MB), {found['seconds']:.1f} s")
    assert found["answers"] == contents.count("attempts")


@pytest.mark.parametrize("answers", [
    *SCHOOL_ANSWERS,
    pytest.param(LARGEST_ANSWERS, marks=pytest.mark.skipif(
        not os.environ.get("BENCH_LARGEST"), reason="make bench-largest"))])
def test_an_instructors_bundle(tmp_path, answers):
    with Store(tmp_path / "school.sqlite3", backup=False) as school:
        build_demo(school, SCHOOL_TRAINEES, answers, seed=2026, weeks=10,
                   end=datetime.now(UTC).replace(microsecond=0), skills=SCHOOL_SKILLS)
        [teacher] = [p for p in school.people() if p.role == "instructor"]
        contents = export_bundle(school, sign_in(school, teacher.id, DEMO_PASSWORD),
                                 tmp_path / "all.zip", with_instructors=True)
    rows = sum(n for _table, n in contents.rows)
    assert answers != LARGEST_ANSWERS or rows <= BundleLimits().rows  # allowed, and near it
    found = _measure("school", contents.path, tmp_path)
    print(f"\nan instructor's bundle of {rows:,} rows ({contents.count('attempts'):,} answers "
          f"of {SCHOOL_TRAINEES} trainees, {contents.path.stat().st_size / 2**20:.1f} MiB): "
          f"peak {found['peak_mb']:.0f} MB (before {found['before_mb']:.0f} MB), "
          f"{found['seconds']:.1f} s")
    assert found["answers"] == contents.count("attempts")
