"""The desk at a school's size: figures read when a page is first shown, in the background
with a bar of how far, only the newest reading shown, and the collector kept out of the way.

A school's size is made here by lowering the line under which a page reads at once
(``AT_ONCE_MOST``) to nothing: the classroom of three is then read as a school's is.
"""

from __future__ import annotations

import gc
import sys
import threading

import pytest
from PySide6.QtCore import Qt

from trainer.progress.people.accounts import sign_in
from trainer.progress.storage.ledger import stored_attempts
from ui.desk import loading
from ui.desk.jobs import running_jobs

pytest_plugins = ["tests.ui.desk_support"]


@pytest.fixture
def told(monkeypatch):
    """Every (done, total) a loading bar was told, and a school's size from the start."""
    monkeypatch.setattr(loading, "AT_ONCE_MOST", 0)
    said: list[tuple[int, int]] = []
    progressed = loading.LoadingBar.progressed

    def spy(bar, done, total):
        said.append((done, total))
        progressed(bar, done, total)

    monkeypatch.setattr(loading.LoadingBar, "progressed", spy)
    return said


@pytest.fixture
def school_desk(qtbot, qapp, store, instructor, classroom, told):
    from ui.desk.desk import InstructorDesk

    widget = InstructorDesk(store, instructor)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()  # no events yet: the list is still being read
    yield widget
    qtbot.waitUntil(lambda: running_jobs() == 0, timeout=30_000)


def test_the_trainee_list_is_read_in_the_background_with_its_progress(qtbot, school_desk,
                                                                       told):
    page = school_desk.trainees
    assert page.loader.loading and page.loading.isVisible(), _state(school_desk)
    assert page.loading.label.text() == "Reading the figures…"
    assert page.table.rowCount() == 0
    qtbot.waitUntil(lambda: not page.loader.loading, timeout=30_000)
    assert page.loading.isHidden()
    assert sorted(page.table.item(r, 0).text() for r in range(page.table.rowCount())) == [
        "Ana Sousa", "Chan Tai Man", "陳美玲"]
    assert told and told[-1][0] == told[-1][1] > 0  # told how far, to the end
    assert page.loading.bar.value() == 100


def _state(desk) -> str:
    """What the desk and its trainee list were doing (said when a test finds it idle)."""
    from trainer.progress.reports.figures import summary_count

    page = desk.trainees
    return (f"shown={page._shown} stale={page._stale} visible={page.isVisible()} "
            f"current={desk.stack.currentWidget() is page} loading={page.loader.loading} "
            f"bar={page.loading.isVisible()} at_once_most={loading.AT_ONCE_MOST} "
            f"summaries={summary_count(desk._store)} jobs={running_jobs()} "
            f"said={page.said_text()!r}")


def test_the_answer_log_is_read_in_the_background(qtbot, school_desk, store):
    qtbot.waitUntil(lambda: not school_desk.trainees.loader.loading, timeout=30_000)
    qtbot.keyClick(school_desk, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    page = school_desk.attempts
    assert page.loader.loading and page.loading.isVisible()
    qtbot.waitUntil(lambda: not page.loader.loading, timeout=30_000)
    chosen = page.trainee.currentData()
    assert page.model.total == len(stored_attempts(store, chosen)) == page.model.rowCount() > 0
    assert page.count.text() == f"{page.model.total} answers"
    page.trainee.setCurrentIndex(0)  # every trainee: read again, in the background
    assert page.loader.loading
    qtbot.waitUntil(lambda: not page.loader.loading, timeout=30_000)
    everyone = sum(len(stored_attempts(store, p.id)) for p in store.people())
    assert page.model.total == everyone == page.model.rowCount()
    assert page.loading.isHidden()


def test_the_cohort_charts_are_read_in_the_background(qtbot, school_desk):
    qtbot.waitUntil(lambda: not school_desk.trainees.loader.loading, timeout=30_000)
    qtbot.keyClick(school_desk, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    view = school_desk.cohort.view
    assert view.loader.loading and view.report is None and not view.loading.isHidden()
    qtbot.waitUntil(lambda: not view.loader.loading, timeout=30_000)
    assert view.report is not None and len(view.report.trainees) == 3
    assert view.summary.text().startswith("3 trainees.") and view.loading.isHidden()


def test_a_refusal_read_in_the_background_is_said(qtbot, store, classroom, told):
    from ui.progress_view import CohortCharts

    trainee = sign_in(store, classroom[0].id)
    view = CohortCharts(store, trainee)
    qtbot.addWidget(view)
    view.show()
    assert view.loader.loading
    qtbot.waitUntil(lambda: not view.loader.loading, timeout=30_000)
    assert view.report is None and view.problem.text() == "Only an instructor may do this."


def test_only_the_newest_reading_is_shown(qtbot, store, instructor):
    bar = loading.LoadingBar()
    qtbot.addWidget(bar)
    loader = loading.PageLoader(store, instructor, bar)
    shown: list[str] = []
    loader.loaded.connect(shown.append)
    first_may_end = threading.Event()

    def first(_store, _actor, _progress):
        first_may_end.wait(timeout=30)
        return "first"

    loader.load(first, size=loading.AT_ONCE_MOST + 1)  # in the background
    loader.load(lambda _store, _actor, _progress: "second", size=loading.AT_ONCE_MOST + 1)
    qtbot.waitUntil(lambda: shown == ["second"], timeout=30_000)
    assert not loader.loading and bar.isHidden()
    first_may_end.set()
    qtbot.waitUntil(lambda: running_jobs() == 0, timeout=30_000)
    assert shown == ["second"]
    loader.load(lambda _store, _actor, _progress: "small", size=loading.AT_ONCE_MOST)
    assert shown == ["second", "small"]  # at once, without a thread


def test_a_page_reads_its_figures_when_first_shown(qtbot, desk):
    assert desk.attempts.model.total == 0 and desk.cohort.view is None
    assert desk.attempts.trainee.count() == 4  # its choices are there: everyone and three
    qtbot.keyClick(desk, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert desk.stack.currentWidget() is desk.attempts and desk.attempts.model.total > 0
    qtbot.keyClick(desk, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert desk.cohort.view is not None


def test_what_the_desk_holds_stays_out_of_full_collections_while_it_is_open(
        qtbot, qapp, store, instructor, classroom):
    from ui.desk.desk import InstructorDesk

    desk = InstructorDesk(store, instructor)  # not the qtbot's: this test deletes it
    desk.show()
    assert gc.get_freeze_count() > 0
    desk.deleteLater()
    qtbot.waitUntil(lambda: gc.get_freeze_count() == 0, timeout=30_000)


def test_a_long_list_fills_a_few_rows_per_turn_and_then_sorts(qtbot, monkeypatch, desk):
    from ui.desk.trainees import trainees

    monkeypatch.setattr(trainees, "ROWS_AT_ONCE", 1)
    page = desk.trainees
    page.reload()
    assert page.table.item(0, 0) is not None and page.table.item(2, 0) is None
    assert not page.table.isSortingEnabled()  # rows keep still while they are filled
    page.reload()  # asked again meanwhile: the newer fill takes over
    qtbot.waitUntil(page.table.isSortingEnabled, timeout=30_000)
    names = [page.table.item(r, 0).text() for r in range(page.table.rowCount())]
    assert names == sorted(names, key=str.casefold) and len(names) == 3
    assert page.selected() is not None


def test_the_charts_are_prepared_a_step_at_a_time(qtbot):
    from PySide6.QtWidgets import QWidget

    from ui.desk.reports.charts import CHART_MODULES, ChartsPreparation

    owner = QWidget()
    qtbot.addWidget(owner)
    preparation = ChartsPreparation(owner)
    steps = 0
    while next(preparation._steps, False):  # the steps the timer takes, one by one
        steps += 1
    assert steps > len(CHART_MODULES) and all(name in sys.modules for name in CHART_MODULES)
    preparation.start()  # everything is there: nothing more to do
    assert not preparation._timer.isActive()
