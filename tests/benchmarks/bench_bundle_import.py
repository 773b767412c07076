"""Benchmark: importing a bundle of everyone (50 trainees, 100,000 answers over 10 weeks).

Run with ``make bench``. Target (issue: import speed): the first import into an empty
desktop ≤ 1.40 s, importing it again (nothing new) ≤ 1.26 s, on the 2-core machine. Each is
measured three times (a new empty desktop each time for the first import); the best and the
median are printed, since another program may share the cores. Only the counts are asserted.
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
from trainer.progress.storage.database import connection

TRAINEES = 50
ANSWERS = 100_000
REPEATS = 3
#: Up to three real skills of each game, as in bench_progress (exam answers are graded again).
SKILLS = tuple(skill for game in ("thirteen", "mahjong_baccarat", "three_card", "sap_i_chi",
                                  "mahjong")
               for skill in [s for s in DEMO_SKILLS if s.startswith(f"{game}.")][:3])


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    folder = tmp_path_factory.mktemp("school")
    with Store(folder / "school.sqlite3", backup=False) as school:
        build_demo(school, TRAINEES, ANSWERS, seed=2026, weeks=10,
                   end=datetime.now(UTC).replace(microsecond=0), skills=SKILLS)
        [teacher] = [p for p in school.people() if p.role == "instructor"]
        actor = sign_in(school, teacher.id, DEMO_PASSWORD)
        contents = export_bundle(school, actor, folder / "all.zip", with_instructors=True)
        accepted = tuple(p.name for p in school.people(Role.INSTRUCTOR))
    return contents, accepted


def _figures(times: list[float]) -> str:
    return f"best {min(times):.2f} s, median {statistics.median(times):.2f} s"


def test_bundle_import_speed(bundle, tmp_path):
    contents, accepted = bundle
    first: list[float] = []
    again: list[float] = []
    for n in range(REPEATS):
        with Store(tmp_path / f"desk{n}.sqlite3", backup=False) as desk:
            person = add_instructor(desk, "Collector", "collector-password")
            actor = sign_in(desk, person.id, "collector-password")
            start = time.perf_counter()
            summary = import_bundle(desk, actor, contents.path, accept_instructors=accepted,
                                    source=INSTRUCTOR_DESK)
            first.append(time.perf_counter() - start)
            assert summary.count("attempts") == contents.count("attempts") >= ANSWERS * 0.95
            assert summary.count("people") == contents.count("people")
            start = time.perf_counter()
            repeated = import_bundle(desk, actor, contents.path, accept_instructors=accepted,
                                     source=INSTRUCTOR_DESK)
            again.append(time.perf_counter() - start)
            assert sum(n for _table, n in repeated.added) == 0
            assert repeated.already_here == sum(n for _table, n in summary.added)
            stored = connection(desk).execute("SELECT count(*) FROM attempts").fetchone()[0]
            assert stored == contents.count("attempts")
    print(f"\nimport of {contents.count('attempts'):,} answers into an empty desktop: "
          f"{_figures(first)} (all: {', '.join(f'{t:.2f}' for t in first)}); "
          f"again (nothing new): {_figures(again)} "
          f"(all: {', '.join(f'{t:.2f}' for t in again)})")
