"""The window keeps its turns while a desk job reads: the interpreter is handed on every
millisecond while a job runs (and back to Python's own interval after), and a job's
hundred progress steps arriving together paint the bar once, at the newest."""

from __future__ import annotations

import sys
import threading

from ui.desk import jobs, loading
from ui.desk.jobs import SWITCH_SECONDS, StoreJob, running_jobs

pytest_plugins = ["tests.ui.desk_support"]


def _held(told: threading.Event, release: threading.Event, steps: int = 0):
    def work(store, actor, progress):
        for step in range(1, steps + 1):
            if progress is not None:
                progress(step, steps)
        told.set()
        assert release.wait(30)
        return "read"
    return work


def test_the_interpreter_is_handed_on_every_millisecond_while_a_job_runs(qtbot, store,
                                                                         instructor):
    before = sys.getswitchinterval()
    assert before != SWITCH_SECONDS
    told, release = threading.Event(), threading.Event()
    job = StoreJob(store.path, instructor, _held(told, release))
    job.start_job()
    try:
        assert told.wait(30)
        assert sys.getswitchinterval() == SWITCH_SECONDS
        second = StoreJob(store.path, instructor, _held(threading.Event(), release))
        second.start_job()  # a second job keeps it; the first's end does not undo it
    finally:
        release.set()
    qtbot.waitUntil(lambda: running_jobs() == 0, timeout=30_000)
    assert sys.getswitchinterval() == before and not jobs._switch_before


def test_progress_arriving_together_paints_the_bar_once_at_the_newest(qtbot, store,
                                                                      instructor, monkeypatch):
    monkeypatch.setattr(loading, "AT_ONCE_MOST", 0)
    painted: list[tuple[int, int]] = []
    progressed = loading.LoadingBar.progressed
    monkeypatch.setattr(loading.LoadingBar, "progressed",
                        lambda bar, done, total: (painted.append((done, total)),
                                                  progressed(bar, done, total)))
    bar = loading.LoadingBar()
    qtbot.addWidget(bar)
    loader = loading.PageLoader(store, instructor, bar)
    results: list[object] = []
    loader.loaded.connect(results.append)
    told, release = threading.Event(), threading.Event()
    loader.load(_held(told, release, steps=100), size=1)
    assert told.wait(30)  # the hundred steps wait in the window's event queue, unread
    release.set()
    qtbot.waitUntil(lambda: not loader.loading, timeout=30_000)
    assert results == ["read"]
    assert painted == [(100, 100)] and bar.bar.value() == 100 and bar.isHidden()
