"""The log: what a school's IT reads when a sync, an import or a backup went wrong.

Python's :mod:`logging`, written to ``croupier-trainer.log`` beside the progress database
(rotated at :data:`MAX_BYTES`, :data:`KEPT` older files kept: a few MB in all). At INFO:
syncs, imports, backups and the bundles and batches refused; at ERROR, with the traceback,
every unexpected error the user is shown a message for.

Never a password, a PIN or an answer: nothing logs them, and a filter takes out of every
line what has the shape of one (a connection string's password, ``password=…``,
``pin=…``), should a library's message carry it.
"""

from __future__ import annotations

import logging
import re
from logging.handlers import RotatingFileHandler
from pathlib import Path

#: The log's file name, beside the progress database.
FILE_NAME = "croupier-trainer.log"
#: A file is rotated at this size; :data:`KEPT` older ones are kept (4 MB at most in all).
MAX_BYTES = 1_000_000
KEPT = 3
#: The loggers of the app: everything under these names goes to the file.
ROOTS = ("trainer", "questions", "ui", "i18n")
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

#: What has the shape of a secret, and what stays of it.
_SECRETS = (
    (re.compile(r"(://[^:/@\s]+:)[^@\s]+@"), r"\1***@"),  # postgresql://user:secret@host
    (re.compile(r"(\b(?:password|passwd|pin|secret|token)\s*[=:]\s*)"
                r"('[^']*'|\"[^\"]*\"|\S+)", re.IGNORECASE), r"\1***"),
)


def hidden(text: str) -> str:
    """``text`` with what has the shape of a secret replaced by ``***``."""
    for pattern, kept in _SECRETS:
        text = pattern.sub(kept, text)
    return text


class NoSecrets(logging.Filter):
    """Takes secrets out of a record's message and of its traceback's text."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = hidden(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = hidden(record.exc_text)
        return True


class _OurHandler(RotatingFileHandler):
    """The app's file handler (told apart from any other when the log is started again)."""


def log_path(db_path: Path | str) -> Path:
    """Where the log of the progress database at ``db_path`` is."""
    return Path(db_path).resolve().parent / FILE_NAME


def start_log(db_path: Path | str, level: int = logging.INFO) -> Path:
    """Log to the file beside ``db_path`` from now on (started again, the file changes:
    no line goes to two files); its path. A log that cannot be opened (a read-only folder)
    leaves the app running unlogged."""
    path = log_path(db_path)
    stop_log()
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        handler = _OurHandler(path, maxBytes=MAX_BYTES, backupCount=KEPT, encoding="utf-8")
    except OSError:
        return path
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler.addFilter(NoSecrets())
    for name in ROOTS:
        logger = logging.getLogger(name)
        logger.setLevel(level)
        logger.addHandler(handler)
    return path


def stop_log() -> None:
    """Close the app's log file (a test's, or before it is started elsewhere)."""
    for name in ROOTS:
        logger = logging.getLogger(name)
        for handler in [h for h in logger.handlers if isinstance(h, _OurHandler)]:
            logger.removeHandler(handler)
            handler.close()


def current_log() -> Path | None:
    """The file the app logs to now, if any."""
    for handler in logging.getLogger(ROOTS[0]).handlers:
        if isinstance(handler, _OurHandler):
            return Path(handler.baseFilename)
    return None
