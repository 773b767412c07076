"""Benchmark: the instructor desk on a school of 500 trainees and 1,000,000 answers.

Run with ``make bench``. The classroom is the one ``python -m trainer.progress demo
--trainees 500 --attempts 1000000 --seed 2026 --weeks 12`` builds; it is built once and
kept in ``$BENCH_CACHE`` (the temporary folder by default) under a name made of those
parameters, so later runs reuse it (about a minute to build, 550 MB).

Targets (issue: Step 7, the desk at a school's size) on the 2-core machine: the desk and
each of its pages open in ≤ 1 s; the cohort charts and the answer log's first page too;
the progress reports (CSV zip, PDF) ≤ 2 s; the export of every answer ≤ 15 s; and the
window never freezes: no stall of its event loop over 100 ms while the desk opens (and
in the first second after, while the list fills), while each
page opens and while each report is made (measured by a timer ticking every 10 ms in the
window's thread: the largest gap between two ticks). Paging through the answer log (200
pages of 500 as the table scrolls down) keeps each step under 100 ms too, and a page
900,000 answers deep is read as fast as the first.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtTest import QTest

from trainer.progress import Store
from trainer.progress.demo import DEMO_PASSWORD, build_demo
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports import answer_log
from trainer.progress.reports.answer_log import LogFilter
from trainer.progress.storage.database import connection

TRAINEES, ANSWERS, SEED, WEEKS = 500, 1_000_000, 2026, 12
STALL = 0.100  # the longest the event loop may stand still
SCROLLED = 200  # pages of the answer log scrolled through
READING = 1.0  # seconds the instructor looks at the trainee list before opening a page


def classroom() -> Path:
    """The demo classroom, built once for these parameters and reused."""
    folder = Path(os.environ.get("BENCH_CACHE", tempfile.gettempdir()))
    path = folder / f"croupier-desk-demo-{TRAINEES}-{ANSWERS}-{SEED}-{WEEKS}.sqlite3"
    if not path.exists():
        partial = path.with_suffix(".partial")
        partial.unlink(missing_ok=True)
        start = time.perf_counter()
        with Store(partial, backup=False) as store:
            build_demo(store, TRAINEES, ANSWERS, SEED, WEEKS)
        partial.rename(path)
        print(f"\nbuilt the classroom in {time.perf_counter() - start:.0f} s: {path}")
    return path


class StallWatch:
    """The longest gap between two ticks of a 10 ms timer in the window's thread."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.longest = 0.0
        self._last = 0.0

    def __enter__(self) -> StallWatch:
        self._last = time.perf_counter()
        self.timer.start()
        return self

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest = max(self.longest, now - self._last)
        self._last = now

    def __exit__(self, *_exc: object) -> None:
        self._tick()
        self.timer.stop()


def loading(page) -> bool:
    loader = getattr(page, "loader", None)
    return bool(loader is not None and loader.loading)


@pytest.fixture(scope="module")
def school():
    store = Store(classroom(), backup=False)  # the first time, the migrations run here
    [teacher] = [p for p in store.people() if p.role == "instructor"]
    yield store, sign_in(store, teacher.id, DEMO_PASSWORD)
    store.close()


@pytest.fixture(scope="module")
def figures():
    """Every figure measured, printed together at the end."""
    said: list[str] = []
    yield said
    print("\n" + "\n".join(said))


def wait_until(done, timeout: float = 60) -> None:
    """Let the window's event loop run (idle, as when nobody touches it) until ``done()``."""
    end = time.perf_counter() + timeout
    loop = QEventLoop()
    poll = QTimer()
    poll.setInterval(20)
    poll.timeout.connect(lambda: loop.quit() if done() or time.perf_counter() > end else None)
    if not done():
        poll.start()
        loop.exec()
        poll.stop()
    assert done(), "not done in time"


def timed_in_window(start, done, timeout: float = 60) -> tuple[float, float]:
    """(seconds until ``done()``, the longest stall meanwhile) of ``start()``."""
    with StallWatch() as watch:
        began = time.perf_counter()
        start()
        wait_until(done, timeout)
        took = time.perf_counter() - began
    return took, watch.longest


@pytest.fixture(scope="module")
def desk(school, qapp):
    from ui.app import STYLE
    from ui.desk.desk import InstructorDesk
    from ui.palette import styled

    styled(qapp, STYLE)
    store, teacher = school
    made = {}

    def open_desk() -> None:
        made["desk"] = InstructorDesk(store, teacher)
        made["desk"].resize(1280, 800)
        made["desk"].show()

    def trainees_shown() -> bool:
        page = made["desk"].trainees
        return page.table.rowCount() == TRAINEES and not loading(page)

    took, stall = timed_in_window(open_desk, trainees_shown)
    yield made["desk"], took, stall
    made["desk"].close()
    made["desk"].deleteLater()


def test_the_desk_opens(desk, figures):
    _desk, took, stall = desk
    figures.append(f"desk open (trainee list of {TRAINEES} filled): {took:.2f} s, "
                   f"longest stall {stall * 1000:.0f} ms")
    with StallWatch() as watch:  # the instructor reads the list
        QTest.qWait(int(READING * 1000))
    figures.append(f"the first {READING:.0f} s on the trainee list: longest stall "
                   f"{watch.longest * 1000:.0f} ms")
    assert took <= 1.0 and stall <= STALL and watch.longest <= STALL


def test_each_page_opens(desk, figures):
    window, _took, _stall = desk
    shown = {
        "cohort charts": (window.cohort, lambda: window.cohort.view is not None
                          and getattr(window.cohort.view, "report", None) is not None
                          and not loading(window.cohort.view)),
        "answers given": (window.attempts, lambda: window.attempts.model.total > 0
                          and not loading(window.attempts)),
        "exams": (window.exams, lambda: True),
        "reports and bundles": (window.exports, lambda: True),
        "house rules": (window.house_rules, lambda: True),
        "school server": (window.school, lambda: True),
        "trainees (again)": (window.trainees, lambda: not loading(window.trainees)),
    }
    slow = []
    for name, (page, done) in shown.items():
        took, stall = timed_in_window(lambda page=page: window.open_page(page), done)
        figures.append(f"page {name}: {took:.2f} s, longest stall {stall * 1000:.0f} ms")
        if took > 1.0 or stall > STALL:
            slow.append(name)
    assert not slow


def test_the_answer_log_of_everyone(desk, school, figures):
    window, _took, _stall = desk
    store, teacher = school
    page = window.attempts
    window.open_page(page)
    wait_until(lambda: not loading(page))
    took, stall = timed_in_window(lambda: page.trainee.setCurrentIndex(0),
                                  lambda: page.model.total >= ANSWERS and not loading(page))
    figures.append(f"answer log, every trainee ({page.model.total:,} answers), first page: "
                   f"{took:.2f} s, longest stall {stall * 1000:.0f} ms")
    with StallWatch() as watch:
        began = time.perf_counter()
        for _n in range(SCROLLED):  # the table scrolled down: it reads the next page
            page.table.scrollToBottom()
            QTest.qWait(1)
        scrolled = time.perf_counter() - began
    rows = page.model.rowCount()
    figures.append(f"answer log scrolled down {SCROLLED} pages ({rows:,} answers): "
                   f"{scrolled:.1f} s, longest stall {watch.longest * 1000:.0f} ms")
    everyone = leave_to_see(store, teacher)
    deep = connection(store).execute("SELECT answered_at, rowid FROM attempts ORDER BY answered_at "
                            "DESC, rowid DESC LIMIT 1 OFFSET 900000").fetchone()
    began = time.perf_counter()
    read = answer_log.page_after(everyone, LogFilter(), tuple(deep), 500)
    deep_s = time.perf_counter() - began
    began = time.perf_counter()
    answer_log.page(everyone, LogFilter(), 900_000, 500)
    offset_s = time.perf_counter() - began
    figures.append(f"answer log page 900,000 answers deep: {deep_s * 1000:.0f} ms after the "
                   f"answer before ({offset_s * 1000:.0f} ms from an offset)")
    assert took <= 1.0 and stall <= STALL
    assert rows >= SCROLLED * 500 and watch.longest <= STALL
    assert len(read.answers) == 500 and deep_s <= 0.1


@pytest.mark.parametrize(("fmt", "name", "target"), [
    ("csv", "CSV report (zip of tables)", 2.0), ("pdf", "PDF report", 2.0),
    ("answers", "every answer (CSV)", 15.0)])
def test_reports(desk, figures, tmp_path, fmt, name, target):
    window, _took, _stall = desk
    page = window.exports
    window.open_page(page)
    out = tmp_path / f"report.{fmt}"
    took, stall = timed_in_window(lambda: page.export_report(out, fmt, None),
                                  lambda: not page.busy, timeout=120)
    assert "saved as" in page.message.text(), page.message.text()
    figures.append(f"{name}: {took:.2f} s ({out.stat().st_size / 2**20:.1f} MiB), "
                   f"longest stall {stall * 1000:.0f} ms")
    assert took <= target and stall <= STALL


# --- Settled: each figure a teacher waits for, until the desk's background jobs are done
# (issue 39, Step 8: ≤ 1 s per page). Medians of TIMES; the kept summaries forgotten before
# each desk, so each reads the school's summaries anew.

TIMES = 3
SETTLED = 1.0


def settled(page) -> bool:
    """The page's figures are in and no job of the desk runs."""
    from ui.desk.jobs import running_jobs

    view = getattr(page, "view", None)
    if hasattr(page, "view") and (view is None or getattr(view, "report", None) is None):
        return False  # the cohort charts: built, and their report in
    return not loading(page) and not loading(view) and running_jobs() == 0


def forget_kept() -> None:
    """Nothing kept of an earlier read of the summaries (a trainer without
    ``summaries_read`` keeps none)."""
    try:
        from trainer.progress.reports import summaries_read
    except ImportError:
        return
    summaries_read.forget()


def median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def test_the_desk_settles(school, qapp, figures):
    """From the desk's creation until its trainee list is filled and its jobs are done."""
    from ui.app import STYLE
    from ui.desk.desk import InstructorDesk
    from ui.palette import styled

    styled(qapp, STYLE)
    store, teacher = school
    took, stalls = [], []
    for _n in range(TIMES):
        forget_kept()
        made = {}

        def open_desk(made=made) -> None:
            made["desk"] = InstructorDesk(store, teacher)
            made["desk"].resize(1280, 800)
            made["desk"].show()

        def done(made=made) -> bool:
            page = made["desk"].trainees
            return page.table.rowCount() == TRAINEES and settled(page)

        seconds, stall = timed_in_window(open_desk, done)
        took.append(seconds)
        stalls.append(stall)
        made["desk"].close()
        made["desk"].deleteLater()
        QTest.qWait(50)
    figures.append(f"settled: the desk with its trainee list: median {median(took):.2f} s "
                   f"({', '.join(f'{t:.2f}' for t in took)}), longest stall "
                   f"{max(stalls) * 1000:.0f} ms")
    assert median(took) <= SETTLED


def test_each_page_settles(desk, figures):
    """From a page's opening (from the trainee list) until its figures are in and the
    desk's jobs are done: the first opening, and the median of TIMES openings after."""
    window, _took, _stall = desk
    pages = {"cohort charts": window.cohort, "class grid": window.class_grid,
             "answer log": window.attempts, "exams": window.exams,
             "reports and bundles": window.exports}
    slow = []
    for name, page in pages.items():
        took, stalls = [], []
        for _n in range(TIMES + 1):
            window.open_page(window.trainees)
            wait_until(lambda: settled(window.trainees), timeout=120)
            seconds, stall = timed_in_window(lambda page=page: window.open_page(page),
                                             lambda page=page: settled(page), timeout=600)
            took.append(seconds)
            stalls.append(stall)
        first, again = took[0], took[1:]
        figures.append(f"settled: page {name}: first {first:.2f} s, then median "
                       f"{median(again):.2f} s ({', '.join(f'{t:.2f}' for t in again)}), "
                       f"longest stall {max(stalls) * 1000:.0f} ms")
        if median(again) > SETTLED:
            slow.append(name)
    assert not slow


def test_the_csv_report_from_the_command_line(school, tmp_path, figures):
    """``python -m trainer.progress report --format csv`` on the whole school, in a process
    of its own: warm (the database in the system's cache, the modules compiled) and cold
    (the database's file dropped from the system's cache first). One run before, not
    counted, takes the day's backup and compiles the modules (into a folder of their own)."""
    import subprocess
    import sys

    path = classroom()
    env = {**os.environ, "CROUPIER_TRAINER_PASSWORD": DEMO_PASSWORD,
           "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) / "desk-bench-pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [sys.executable, "-m", "trainer.progress", "--db", str(path), "report",
               "--format", "csv", "--out", str(tmp_path / "report.zip")]

    def run(cold: bool) -> float:
        if cold:
            for each in (path, path.with_name(path.name + "-wal")):
                if each.exists():
                    handle = os.open(each, os.O_RDONLY)
                    os.posix_fadvise(handle, 0, 0, os.POSIX_FADV_DONTNEED)
                    os.close(handle)
        began = time.perf_counter()
        subprocess.run(command, env=env, check=True, capture_output=True)
        return time.perf_counter() - began

    run(cold=False)
    warm = [run(cold=False) for _n in range(TIMES)]
    cold = [run(cold=True) for _n in range(TIMES)]
    figures.append(f"settled: CSV report from the command line: warm median {median(warm):.2f} s "
                   f"({', '.join(f'{t:.2f}' for t in warm)}), cold median {median(cold):.2f} s "
                   f"({', '.join(f'{t:.2f}' for t in cold)})")
    assert median(warm) <= SETTLED
