"""A damaged database: every kept backup is offered with its date and answer count, and the
day's automatic backup runs in the background, a failure said in the status bar."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QMainWindow, QMessageBox

from trainer.progress import Role, Store
from trainer.progress.storage.backups import backup_dir, backups, take_backup
from trainer.progress.storage.ledger import add_person, record_attempt, stored_attempts
from ui.app import open_store
from ui.backup_job import start_backup

QUESTION = {"version": 1, "skill": "three_card.order", "seed": 1, "difficulty": 1}


def _answers(store, person, count):
    for _ in range(count):
        record_attempt(store, person.id, None, QUESTION, 1, True, 1.0, 900)


def test_every_kept_backup_is_offered_with_its_date_and_answers(qapp, tmp_path):
    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        ana = add_person(store, "Ana Sousa", Role.TRAINEE)
        _answers(store, ana, 2)
        take_backup(store, datetime(2026, 11, 20, 9, tzinfo=UTC))
        _answers(store, ana, 3)
        take_backup(store, datetime(2026, 11, 21, 9, tzinfo=UTC))
    path.write_bytes(b"garbage" * 500)
    for suffix in ("-wal", "-shm"):
        path.with_name(path.name + suffix).unlink(missing_ok=True)
    offered: list[list[str]] = []
    seen: list[str] = []

    def answer():
        box = QApplication.activeModalWidget()
        if isinstance(box, QInputDialog):
            offered.append(list(box.comboBoxItems()))
            box.setTextValue(box.comboBoxItems()[1])  # the older backup
            box.accept()
        elif isinstance(box, QMessageBox):
            seen.append(box.text())
            restore = next((b for b in box.buttons() if "Restore a backup" in b.text()), None)
            (restore or box.buttons()[0]).click()

    timer = QTimer()
    timer.timeout.connect(answer)
    timer.start(20)
    store = open_store(path)
    timer.stop()
    assert store is not None
    with store:
        assert len(stored_attempts(store, ana.id)) == 2  # the older backup's answers
    assert len(offered) == 1 and len(offered[0]) == 2
    assert offered[0][0].endswith(": 5 answers") and offered[0][1].endswith(": 2 answers")
    assert "2026" in offered[0][0]
    assert any("kept as" in text for text in seen)


def test_the_days_backup_runs_in_the_background(qtbot, tmp_path):
    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        _answers(store, add_person(store, "Ana Sousa", Role.TRAINEE), 1)
    window = QMainWindow()
    qtbot.addWidget(window)
    job = start_backup(window, path)
    with qtbot.waitSignal(job.finished, timeout=20_000):
        pass
    assert len(backups(path)) == 1
    assert window.statusBar().currentMessage() == ""


def test_a_failed_backup_is_said_in_the_status_bar(qtbot, tmp_path):
    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        _answers(store, add_person(store, "Ana Sousa", Role.TRAINEE), 1)
    backup_dir(path).write_text("a file where the backups folder should be")
    window = QMainWindow()
    qtbot.addWidget(window)
    job = start_backup(window, path)
    with qtbot.waitSignal(job.finished, timeout=20_000):
        pass
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() != "", timeout=5_000)
    assert window.statusBar().currentMessage().startswith(
        "The automatic backup could not be written (")


def test_what_a_cut_short_backup_left_is_cleared(tmp_path):
    path = tmp_path / "progress.sqlite3"
    folder = backup_dir(path)
    folder.mkdir()
    stale = folder / "progress-20260101T000000000000Z-r1.sqlite3.partial"
    stale.write_bytes(b"")
    with Store(path) as store:  # nothing answered: no backup is due, the partial goes
        assert store.backup_problem is None
    assert not stale.exists()
    with Store(path, backup=False) as store:
        _answers(store, add_person(store, "Ana Sousa", Role.TRAINEE), 1)
        stale.write_bytes(b"")
        take_backup(store)
    assert not stale.exists() and len(backups(path)) == 1


def test_a_backup_is_never_taken_of_a_damaged_database(tmp_path, monkeypatch):
    from trainer.progress.storage import backups as module
    from trainer.progress.storage.backups import BackupError

    path = tmp_path / "progress.sqlite3"
    with Store(path, backup=False) as store:
        _answers(store, add_person(store, "Ana Sousa", Role.TRAINEE), 1)
        monkeypatch.setattr(module, "whole_check", lambda db: ["row 3 missing from index"])
        try:
            take_backup(store, datetime.now(UTC) + timedelta(days=2))
        except BackupError as error:
            assert "has a problem (row 3 missing from index), so no backup" in str(error)
        else:
            raise AssertionError("a damaged database was backed up")
    assert backups(path) == []
