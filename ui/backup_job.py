"""The day's automatic backup, taken in the background once the window shows.

The full check of the database (``PRAGMA integrity_check``) and the copy can take seconds on
a school's database: they run on their own connection in a thread, never before the first
screen. A backup that fails is said in the status bar, in the user's language.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QThread, Signal
from PySide6.QtWidgets import QMainWindow

from trainer.progress import Store, StoreError
from trainer.progress.storage.backups import BackupError, take_backup_if_due


class BackupJob(QThread):
    #: A :class:`~i18n.Message` saying what failed.
    failed = Signal(object)

    def __init__(self, path: Path):
        super().__init__()
        self._path = Path(path)

    def run(self) -> None:  # runs in the worker thread
        try:
            with Store(self._path, check=False, backup=False) as store:
                take_backup_if_due(store)
        except (BackupError, StoreError) as error:
            self.failed.emit(error.message)


#: Jobs still running, kept alive here until their thread has ended.
_RUNNING: set[BackupJob] = set()


def start_backup(window: QMainWindow, path: Path) -> BackupJob:
    """Take the backup if one is due; a failure stays in ``window``'s status bar."""
    job = BackupJob(path)
    bar = window.statusBar()
    job.failed.connect(lambda message: bar.showMessage(str(message)),
                       Qt.ConnectionType.QueuedConnection)

    def forget() -> None:
        job.wait()  # the thread has ended, not only announced it
        _RUNNING.discard(job)

    job.finished.connect(forget, Qt.ConnectionType.QueuedConnection)
    _RUNNING.add(job)
    job.start()
    return job


__all__ = ["BackupJob", "start_backup"]
