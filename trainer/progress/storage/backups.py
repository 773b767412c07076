"""Automatic rolling backups, the damage check, and restoring a backup. No Qt.

A backup is taken with SQLite's online backup API when the store opens and the latest
one is a day old or ``BACKUP_EVERY_ATTEMPTS`` answers behind; the newest
``BACKUPS_KEPT`` are kept in ``<database>.backups/``. The database is checked cheaply with
``PRAGMA quick_check`` on opening (see :class:`trainer.progress.storage.store.Store`) and fully
with ``PRAGMA integrity_check`` before each backup, so a damaged file is never copied
into a backup. A backup or a restore that fails leaves no partial file behind and says
why. Restoring sets the damaged file aside (renamed, every byte kept) and never
overwrites it.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from sqlite_utils import Database

from i18n import N_, Message, TranslatedError
from trainer.progress.storage.database import connection

if TYPE_CHECKING:  # the store takes its backups here at opening: no import at run time
    from trainer.progress.storage.store import Store

log = logging.getLogger(__name__)

BACKUP_EVERY = timedelta(days=1)
BACKUP_EVERY_ATTEMPTS = 500
BACKUPS_KEPT = 7

_NAME = re.compile(r"progress-(\d{8}T\d{6}\d{6}Z)-r(\d+)\.sqlite3")
_STAMP = "%Y%m%dT%H%M%S%fZ"


class BackupError(TranslatedError):
    """A backup that cannot be restored, said in words."""


@dataclass(frozen=True)
class Backup:
    path: Path
    taken_at: datetime
    #: The highest attempt row number when the backup was taken: how far it reaches.
    attempts_mark: int


def backup_dir(db_path: Path | str) -> Path:
    db_path = Path(db_path)
    return db_path.with_name(f"{db_path.name}.backups")


def backups(db_path: Path | str) -> list[Backup]:
    """The backups of the database at ``db_path``, newest first."""
    folder = backup_dir(db_path)
    found = []
    for path in folder.glob("progress-*.sqlite3") if folder.is_dir() else ():
        match = _NAME.fullmatch(path.name)
        if match:
            taken = datetime.strptime(match[1], _STAMP).replace(tzinfo=UTC)
            found.append(Backup(path, taken, int(match[2])))
    return sorted(found, key=lambda b: b.taken_at, reverse=True)


def answer_count(backup: Backup) -> int | None:
    """How many answers ``backup`` holds (None when it cannot be read)."""
    try:
        connection = sqlite3.connect(f"file:{backup.path}?mode=ro", uri=True)
        try:
            return int(connection.execute("SELECT count(*) FROM attempts").fetchone()[0])
        finally:
            connection.close()
    except sqlite3.Error:
        return None


def whole_check(db: Database) -> list[str]:
    """What ``PRAGMA integrity_check`` finds wrong (empty when the database is sound): the
    full check, slower than the one at opening, run before every backup."""
    found = [row[0] for row in db.execute("PRAGMA integrity_check")]
    return [] if found == ["ok"] else found


def take_backup(store: Store, at: datetime | None = None) -> Backup:
    """Check the whole database, then copy it with the backup API (consistent while others
    write); raise :class:`BackupError` saying what failed, leaving no partial file."""
    at = at or datetime.now(UTC)
    folder = backup_dir(store.path)
    _clear_partials(folder)
    try:
        return _backup(store, at, folder)
    except BackupError as error:
        log.warning("no backup taken: %s", error.message)
        raise


def _backup(store: Store, at: datetime, folder: Path) -> Backup:
    try:
        found = whole_check(connection(store))
        if found:
            raise BackupError(Message.of(N_(
                "The progress database has a problem ({detail}), so no backup was taken: "
                "the backups keep the last sound copy."), detail=found[0][:200]))
        mark = connection(store).execute("SELECT coalesce(max(rowid), 0) FROM attempts").fetchone(
                )[0]
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"progress-{at.strftime(_STAMP)}-r{mark}.sqlite3"
        partial = target.with_name(target.name + ".partial")
        try:
            copy = sqlite3.connect(partial)
            try:
                connection(store).conn.backup(copy)
            finally:
                copy.close()
            os.replace(partial, target)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
    except (OSError, sqlite3.Error) as error:
        raise BackupError(Message.of(N_("The automatic backup could not be written "
                                        "({detail})."), detail=why(error))) from error
    for old in backups(store.path)[BACKUPS_KEPT:]:
        old.path.unlink(missing_ok=True)
        log.info("backup %s removed (%d kept)", old.path.name, BACKUPS_KEPT)
    log.info("backup taken: %s (answers up to row %d)", target, mark)
    return Backup(target, at, mark)


def take_backup_if_due(store: Store, at: datetime | None = None) -> Backup | None:
    """Take a backup when one is due (None when none is); raise :class:`BackupError`
    saying what failed — the trainer goes on and tells the user."""
    at = at or datetime.now(UTC)
    try:
        mark = connection(store).execute("SELECT coalesce(max(rowid), 0) FROM attempts").fetchone(
                )[0]
    except sqlite3.Error as error:
        raise BackupError(Message.of(N_("The automatic backup could not be written "
                                        "({detail})."), detail=why(error))) from error
    latest = next(iter(backups(store.path)), None)
    if mark == 0 or (latest and at - latest.taken_at < BACKUP_EVERY
                     and mark - latest.attempts_mark < BACKUP_EVERY_ATTEMPTS):
        _clear_partials(backup_dir(store.path))
        return None
    return take_backup(store, at)


_OS_REASONS = {
    errno.ENOSPC: N_("the disk is full"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOENT: N_("the file or folder does not exist"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EISDIR: N_("it is a folder, not a file"),
    errno.ENOTDIR: N_("a file stands where a folder should be"),
    errno.EEXIST: N_("a file of that name is in the way"),
}


def why(error: BaseException) -> Message:
    """The reason of a file failure in the user's language, never the system's English."""
    text = str(error).lower()
    if isinstance(error, OSError):
        if error.errno in _OS_REASONS:
            return Message.of(_OS_REASONS[error.errno])
        return Message.of(N_("system error {number}"), number=error.errno or 0)
    if "full" in text:
        return Message.of(N_("the disk is full"))
    if "locked" in text or "busy" in text:
        return Message.of(N_("the database is busy in another program"))
    return Message.of(N_("the database could not be read or written"))


def _clear_partials(folder: Path) -> None:
    """Remove what a backup that was cut short left behind."""
    for stale in folder.glob("*.partial") if folder.is_dir() else ():
        stale.unlink(missing_ok=True)


def problems(db_path: Path | str) -> list[str]:
    """What ``PRAGMA quick_check`` finds wrong with the file (empty when it is sound)."""
    try:
        connection = sqlite3.connect(f"file:{Path(db_path)}?mode=ro", uri=True)
        try:
            found = [row[0] for row in connection.execute("PRAGMA quick_check")]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        return [str(error)]
    return [] if found == ["ok"] else found


def set_aside(path: Path | str) -> Path:
    """Rename a damaged database (and its WAL files) out of the way, keeping every byte."""
    path = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    serial = 1
    while any(Path(f"{target}{suffix}").exists() for suffix in ("", "-wal", "-shm")):
        serial += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{serial}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.rename(Path(f"{target}{suffix}"))
    return target


def restore_backup(db_path: Path | str, backup: Backup) -> Path | None:
    """Put ``backup`` in place of the database; return where the old file was kept.

    The backup is checked first, so a bad backup changes nothing.
    """
    return _put_in_place(Path(db_path), backup.path, N_(
        "The backup {path} is damaged too ({detail}); nothing was changed."), N_(
        "The backup could not be restored ({detail}); nothing was changed."))


def _put_in_place(db_path: Path, source_path: Path, damaged: str, failed: str) -> Path | None:
    found = problems(source_path)
    if found:
        log.warning("%s not put in place of %s: damaged (%s)", source_path, db_path, found[0])
        raise BackupError(Message.of(damaged, path=str(source_path), detail=found[0]))
    partial = db_path.with_name(db_path.name + ".restoring")
    try:
        db_path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
        try:
            target = sqlite3.connect(partial)
            try:
                source.backup(target)
            finally:
                target.close()
        finally:
            source.close()
    except (OSError, sqlite3.Error) as error:
        partial.unlink(missing_ok=True)
        log.warning("%s not put in place of %s: %s", source_path, db_path, error)
        raise BackupError(Message.of(failed, detail=why(error))) from error
    kept = set_aside(db_path) if db_path.exists() else None
    os.replace(partial, db_path)
    log.info("%s put in place of %s (the old file kept as %s)", source_path, db_path, kept)
    return kept


def adopt_earlier(db_path: Path | str, earlier: Path) -> None:
    """Copy the progress file ``earlier`` (where a clone of the source kept it) to
    ``db_path``, where the installed app keeps it; ``earlier`` stays as it was. Checked and
    copied as a backup is restored, so a damaged file changes nothing."""
    _put_in_place(Path(db_path), earlier, N_(
        "The earlier progress file {path} is damaged ({detail}); nothing was changed."), N_(
        "The earlier progress file could not be copied ({detail}); nothing was changed."))
