"""First PINs are given after the first sync started once they are asked, whatever state the
sync before it is in: under way, or its result told but the sync not yet ended (the race that
once left the PINs never given). The desk's real :class:`SchoolSync` runs with its sync jobs
scripted, so each order is played exactly; the server side is in
``tests/school/test_desk_sign_ins.py``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QWidget

from i18n import Message
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.store import Role
from ui import school_sync
from ui.desk.trainees import first_pins
from ui.desk.trainees.first_pins import FirstPins
from ui.school_sync import SchoolSync


class ScriptedJob(QObject):
    """A sync job that does nothing until the test says how it ends."""

    done = Signal(object)
    failed = Signal(object, bool)
    finished = Signal()
    made: list[ScriptedJob] = []

    def __init__(self, *_args):
        super().__init__()
        ScriptedJob.made.append(self)

    def start(self) -> None:
        pass

    def wait(self) -> bool:
        return True


@pytest.fixture
def school(qapp, qtbot, store, tmp_path, monkeypatch):
    """A desk's sync with an instructor signed in, its jobs scripted; PINs and slips are
    recorded instead of asked of a server and written."""
    ScriptedJob.made = []
    monkeypatch.setattr(school_sync, "SyncJob", ScriptedJob)
    asked: list[list[str]] = []

    def give(_url, _login, _password, ids):
        asked.append(list(ids))
        return {person_id: "1234" for person_id in ids}
    monkeypatch.setattr(first_pins, "give_first_pins", give)
    monkeypatch.setattr(first_pins, "write_slips", lambda path, slips: None)
    monkeypatch.setattr(first_pins, "choose_file", lambda *a, **k: tmp_path / "slips.pdf")
    parent = QObject()
    sync = SchoolSync(parent, store, None)
    sync.as_instructor("teacher", "secret")
    sync.url = "postgresql://server/school"  # no timers, no status bar: the jobs are the test's
    pins = FirstPins(sync)
    said: list[Message] = []
    pins.said.connect(said.append)
    trainee = add_person(store, "Ana Lei", Role.TRAINEE)
    widget = QWidget()
    qtbot.addWidget(widget)
    yield sync, pins, trainee, widget, asked, said
    parent.deleteLater()


def end(job: ScriptedJob, *, worked: bool = True) -> None:
    """The job tells its result (queued signals are delivered as the app would), then ends."""
    told(job, worked=worked)
    finish(job)


def told(job: ScriptedJob, *, worked: bool = True) -> None:
    if worked:
        job.done.emit(object())
    else:
        job.failed.emit(Message.of("down"), True)
    flush()


def finish(job: ScriptedJob) -> None:
    job.finished.emit()
    flush()


def flush() -> None:
    QCoreApplication.processEvents()


def test_a_sync_told_but_not_ended_when_asked_is_not_the_one_that_gives_the_pins(school):
    sync, pins, trainee, widget, asked, _said = school
    sync.now()
    told(ScriptedJob.made[0])  # its result is in; the thread has not ended yet
    pins.give([trainee], widget, ask=False)
    assert asked == []  # nothing given on a sync that started before the asking
    finish(ScriptedJob.made[0])  # it ends: the sync asked meanwhile starts
    assert len(ScriptedJob.made) == 2
    end(ScriptedJob.made[1])
    assert asked == [[trainee.id]]


def test_a_sync_under_way_when_asked_ends_unheeded_and_the_next_gives_the_pins(school):
    sync, pins, trainee, widget, asked, _said = school
    sync.now()
    pins.give([trainee], widget, ask=False)
    end(ScriptedJob.made[0])
    assert asked == []
    end(ScriptedJob.made[1])
    assert asked == [[trainee.id]]
    end_again = len(ScriptedJob.made)
    sync.now()
    end(ScriptedJob.made[end_again])
    assert asked == [[trainee.id]]  # given once, not at every later sync


def test_the_earlier_sync_failing_does_not_cancel_the_pins(school):
    sync, pins, trainee, widget, asked, said = school
    sync.now()
    pins.give([trainee], widget, ask=False)
    end(ScriptedJob.made[0], worked=False)
    assert asked == [] and not any("No PIN" in str(m) for m in said)
    end(ScriptedJob.made[1], worked=False)
    assert asked == []
    assert [m for m in said if str(m).startswith("No PIN was given: the sync failed")]


def test_with_no_sync_under_way_the_sync_it_starts_gives_the_pins(school):
    sync, pins, trainee, widget, asked, _said = school
    pins.give([trainee], widget, ask=False)
    assert len(ScriptedJob.made) == 1
    end(ScriptedJob.made[0])
    assert asked == [[trainee.id]]
