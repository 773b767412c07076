"""Where the app's unexpected errors go: into the log beside the progress database, with
their traceback, and the message the user is shown says where it is; the desk's School
server page names the log for IT."""

from __future__ import annotations

import pytest

from trainer.progress.logbook import log_path, start_log, stop_log

pytest_plugins = ["tests.ui.desk_support"]


@pytest.fixture
def logged(store):
    path = start_log(store.path)
    yield path
    stop_log()


def test_a_sync_that_fails_unexpectedly_is_logged_and_says_where(qtbot, store, logged,
                                                                  monkeypatch):
    import ui.school_sync as school_sync

    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug in the sync")
    monkeypatch.setattr("trainer.progress.school.sync.sync", broken)  # what the job loads
    job = school_sync.SyncJob(store.path, "postgresql://desk:Tr0ub4dor@school/db", None, None)
    said = []
    job.failed.connect(lambda message, offline: said.append((str(message), offline)))
    job.run()  # in this thread: the worker's own code
    assert said == [(f"an unexpected error; the details are in the log, {logged}", False)]
    written = logged.read_text(encoding="utf-8")
    assert "ERROR ui.school_sync: sync with school/db: an unexpected error" in written
    assert "RuntimeError: a bug in the sync" in written and "Tr0ub4dor" not in written


def test_a_desk_job_that_fails_unexpectedly_is_logged_with_its_traceback(store, logged,
                                                                         instructor):
    from ui.desk.jobs import StoreJob

    def faulty_export(_store, _actor, _progress):
        raise KeyError("a bug in an export")
    job = StoreJob(store.path, instructor, faulty_export)
    said = []
    job.failed.connect(lambda message: said.append(str(message)))
    job.run()
    assert said and said[0].startswith("Something went wrong in the trainer")
    written = logged.read_text(encoding="utf-8")
    assert "ERROR ui.desk.jobs: a job of the desk (faulty_export): an unexpected error" \
        in written
    assert "Traceback" in written and "KeyError: 'a bug in an export'" in written


def test_a_bug_anywhere_is_logged_and_the_message_names_the_log(qapp, store, logged,
                                                               monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from ui.app import report_unexpected

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: shown.append(args[2]))
    try:
        raise ZeroDivisionError("a bug")
    except ZeroDivisionError as error:
        report_unexpected(type(error), error, error.__traceback__)
    assert len(shown) == 1 and str(logged) in shown[0]
    assert "ZeroDivisionError: a bug" in logged.read_text(encoding="utf-8")


def test_the_school_server_page_says_where_the_log_is(desk, store):
    assert str(log_path(store.path)) in desk.school.log_note.text()
    assert desk.school.log_note.isVisibleTo(desk.school)
