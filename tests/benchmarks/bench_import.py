"""Benchmark: importing a bundle of 200,000 answers beside a desktop that keeps answering.

Run with ``make bench``. Target (issue: Step 4, reliability): the import stays all or
nothing, but holds the write lock only for its merge, ≤ 1 s per 200,000 answers; reading,
checking and staging the bundle happen outside the lock. Also measured: the whole import,
and the longest an answer given meanwhile waited.
"""

import contextlib
import threading
import time
from datetime import UTC, datetime

import pytest

from trainer.progress import Store
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS, build_demo
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.ledger import add_person, record_attempt

ANSWERS = 200_000
QUESTION = {"version": 1, "skill": "three_card.order", "seed": 1, "difficulty": 1}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    folder = tmp_path_factory.mktemp("school")
    with Store(folder / "school.sqlite3", backup=False) as school:
        build_demo(school, 100, ANSWERS, seed=2026, weeks=10,
                   end=datetime.now(UTC).replace(microsecond=0),
                   skills=tuple(s for s in DEMO_SKILLS if s.startswith("three_card.")))
        [teacher] = [p for p in school.people() if p.role == "instructor"]
        actor = sign_in(school, teacher.id, DEMO_PASSWORD)
        return export_bundle(school, actor, folder / "all.zip", with_instructors=True)


def test_the_merge_holds_the_lock_briefly(bundle, tmp_path):
    path = tmp_path / "desk.sqlite3"
    with Store(path, backup=False) as desk:
        actor = sign_in(desk, add_instructor(desk, "Outra Mestre", "correct horse").id,
                        "correct horse")
        trainee = add_person(desk, "Ana Sousa")
        held: list[float] = []
        plain_write = desk.write

        @contextlib.contextmanager
        def timed_write():
            with plain_write() as db:  # from the moment the lock is taken to the commit
                start = time.perf_counter()
                yield db
                held.append(time.perf_counter() - start)  # the commit follows at once

        desk.write = timed_write  # type: ignore[method-assign]
        waits: list[float] = []
        stop = threading.Event()

        def keep_answering():  # a busy desktop: an answer every 50 ms
            with Store(path, check=False, backup=False) as beside:
                while not stop.wait(0.05):
                    start = time.perf_counter()
                    record_attempt(beside, trainee.id, None, QUESTION, 1, True, 1.0, 900)
                    waits.append(time.perf_counter() - start)

        answering = threading.Thread(target=keep_answering)
        answering.start()
        start = time.perf_counter()
        summary = import_bundle(desk, actor, bundle.path, accept_instructors=("Demo Instructor",),
                                source=INSTRUCTOR_DESK)
        whole = time.perf_counter() - start
        stop.set()
        answering.join()
    answers = summary.count("attempts")
    print(f"\nimport of {answers:,} answers: {whole:.1f} s in all; the write lock held "
          f"{max(held):.2f} s ({max(held) / answers * 200_000:.2f} s per 200,000 answers); "
          f"{len(waits)} answers given meanwhile, the longest waited {max(waits):.2f} s")
    assert answers >= ANSWERS * 0.95
    assert max(held) / answers * 200_000 <= 1.0
