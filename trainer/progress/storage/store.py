"""The progress store: one SQLite file per desktop, opened through sqlite-utils.

Durability first: WAL journal, ``synchronous=FULL``, and every answer committed the
moment it is graded, so a crash or a power cut loses nothing already answered. A
damaged or busy database becomes a :class:`StoreError` with a translated message.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.people.names import plain_name as plain_name  # also re-exported
from trainer.progress.storage import damage
from trainer.progress.storage.backups import BackupError, take_backup_if_due
from trainer.progress.storage.errors import (
    StoreError as StoreError,  # re-exported: the store's error
)
from trainer.progress.storage.schema import migrations, missing_protection, newer_migrations

BUSY_TIMEOUT_MS = 5000


class Role(StrEnum):
    TRAINEE = "trainee"
    INSTRUCTOR = "instructor"


def trainee_ids(db: Database) -> set[str]:
    """The ids of the trainees in ``db`` (a deleted trainee is no longer among the people)."""
    return {row[0] for row in db.execute("SELECT id FROM people WHERE role = ?",
                                         [Role.TRAINEE.value])}


@dataclass(frozen=True)
class Person:
    id: str
    name: str
    role: Role
    language: str | None
    created_at: str


@dataclass(frozen=True)
class Attempt:
    id: str
    person_id: str
    session_id: str | None
    answered_at: str
    skill: str
    question: dict[str, Any]
    answer: Any
    correct: bool
    score: float
    response_ms: int
    difficulty: int
    seed: int
    sitting_id: str | None = None
    item_index: int | None = None
    #: The version of the rules core's readings it was graded under (None: before they
    #: were recorded, so earlier than version 3).
    readings: int | None = None


def now() -> str:
    """UTC time to the millisecond, ISO 8601, sortable as text."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store:
    """One open progress database.

    On opening, ``check`` runs SQLite's ``quick_check`` so that a damaged file is found at
    start rather than in the middle of a quiz, and ``backup`` takes the rolling automatic
    backup when one is due (see :mod:`trainer.progress.storage.backups`).
    """

    def __init__(self, path: Path | str, busy_timeout_ms: int = BUSY_TIMEOUT_MS, *,
                 check: bool = True, backup: bool = True):
        self.path = Path(path)
        #: Sign-in tokens this store handed out (see :mod:`trainer.progress.people.accounts`).
        self.signed_in: dict[str, str] = {}
        #: Damaged rows met while reading, each said with its id; they were skipped.
        self.damaged_rows: list[Message] = []
        with self._guard(opening=True):
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)  # the user's only
            if _emptied(self.path):  # SQLite would take it for a new, empty database
                raise StoreError(Message.of(N_(
                    "The progress database at {path} is empty: a crash or a full disk cut it "
                    "short. Nothing has been deleted; restore a backup or set it aside and "
                    "start a new one."), path=str(self.path)), damaged=True)
            connection = sqlite3.connect(str(self.path), check_same_thread=False)
            # A flipped bit in stored text reads as "�", never as a decoding traceback.
            connection.text_factory = _lenient_text
            self._db = Database(connection)
            try:
                self._open(busy_timeout_ms, check)
            except BaseException:
                self._db.close()
                raise
        #: Why the automatic backup at opening failed, if it did (the trainer goes on).
        self.backup_problem: Message | None = None
        if backup:
            try:
                take_backup_if_due(self)
            except BackupError as error:
                self.backup_problem = error.message

    def _open(self, busy_timeout_ms: int, check: bool) -> None:
        self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        self._db.enable_wal()
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.execute("PRAGMA foreign_keys = ON")
        if check:
            problems = [row[0] for row in self._db.execute("PRAGMA quick_check")]
            if problems != ["ok"]:
                raise sqlite3.DatabaseError("; ".join(problems[:3]))
        newer = newer_migrations(self._db)
        if newer:  # an older trainer would write rows the newer one no longer reads right
            raise StoreError(Message.of(N_(
                "The progress database at {path} was written by a newer version of the "
                "trainer (it has {detail}, which this version does not know). Install that "
                "version or a newer one to open it; nothing has been changed."),
                path=str(self.path), detail=", ".join(newer)))
        if migrations.pending(self._db):
            with self._transaction():  # two instances starting at once migrate only once
                migrations.apply(self._db)
        missing = missing_protection(self._db)
        if missing:  # another program dropped or changed a trigger: never write here
            raise StoreError(Message.of(N_(
                "The progress database at {path} has lost its protection of exam results "
                "({detail}): another program changed it. Nothing has been deleted; restore "
                "a backup or set it aside and start a new one."),
                path=str(self.path), detail=", ".join(missing)), damaged=True)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Database]:
        """One all-or-nothing write transaction, holding the write lock from its start.

        ``BEGIN IMMEDIATE`` makes a second app instance wait (up to the busy timeout)
        instead of reading a summary that the first is about to change.
        """
        with self._guard():
            if self._db.conn.in_transaction:
                with self._db.atomic():
                    yield self._db
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.conn.rollback()
                raise
            self._db.conn.commit()

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[Database]:
        """One consistent snapshot for several reads, without keeping writers waiting."""
        with self._guard():
            if self._db.conn.in_transaction:
                yield self._db
                return
            self._db.execute("BEGIN")
            try:
                yield self._db
            finally:
                self._db.conn.rollback()

    @contextlib.contextmanager
    def _guard(self, opening: bool = False) -> Iterator[None]:
        """Turn SQLite's failures into messages a trainee or instructor can act on.

        SQLite reports its own input and output failures as its errors; an ``OSError`` is
        the database's only while ``opening`` it (its folder, its file). Inside a read or a
        write it is the caller's file — a report or bundle being written — and is left to
        the caller to name."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise  # a broken rule of the schema is a programming error: fail loudly
        except sqlite3.OperationalError as error:
            text = str(error).lower()
            if any(sign in text for sign in _DAMAGE_SIGNS):
                raise StoreError(Message.of(N_(
                    "The progress database at {path} is damaged ({detail}). Nothing has been "
                    "deleted; it can be set aside and a new one started."),
                    path=str(self.path), detail=str(error)), damaged=True) from error
            if "locked" in text or "busy" in text:
                raise StoreError(Message.of(N_(
                    "The progress database is busy in another program. Close the other "
                    "trainer window and try again."))) from error
            raise StoreError(Message.of(N_(
                "The progress database at {path} cannot be opened or written ({detail})."),
                path=str(self.path), detail=str(error))) from error
        except sqlite3.DatabaseError as error:
            raise StoreError(Message.of(N_(
                "The progress database at {path} is damaged ({detail}). Nothing has been "
                "deleted; it can be set aside and a new one started."),
                path=str(self.path), detail=str(error)), damaged=True) from error
        except OSError as error:
            if not opening:
                raise
            raise StoreError(Message.of(N_(
                "The progress database at {path} cannot be opened or written ({detail})."),
                path=str(self.path), detail=error.strerror or str(error))) from error

    # People (names are not progress: the start screen lists them before anyone signs
    # in; adding people, their answers and settings: trainer.progress.storage.ledger) ---------

    def people(self, role: Role | None = None) -> list[Person]:
        where, args = ("role = ?", [role.value]) if role else (None, [])
        with self._guard():
            rows = self._db.table("people").rows_where(where, args, order_by="name COLLATE NOCASE")
            return [_person(row) for row in rows]

    def person(self, person_id: str) -> Person:
        with self._guard():
            return _person(self._db.table("people").get(person_id))

    def set_language(self, person_id: str, language: str) -> None:
        with self._transaction():
            self._db.table("people").update(person_id, {"language": language})


ATTEMPT_COLUMNS = ("id", "person_id", "session_id", "answered_at", "game", "skill", "difficulty",
                   "seed", "question_json", "answer_json", "correct", "score", "response_ms",
                   "sitting_id", "item_index", "rating", "readings")



def person_row(person: Person) -> dict[str, Any]:
    return {"id": person.id, "name": person.name, "role": person.role.value,
            "language": person.language, "created_at": person.created_at}


def _person(row: dict[str, Any]) -> Person:
    return Person(row["id"], row["name"], Role(row["role"]), row["language"], row["created_at"])


#: What SQLite says of a file that is not (or no longer) a readable database, whatever the
#: class of its error.
_DAMAGE_SIGNS = ("unsupported file format", "malformed", "not a database", "encrypted")


def _emptied(path: Path) -> bool:
    """A database file of 0 bytes with no write-ahead log holding its pages: what is left
    of a database a crash or a full disk truncated (a new database does not exist yet)."""
    try:
        if path.stat().st_size != 0:
            return False
    except FileNotFoundError:
        return False
    wal = path.with_name(path.name + "-wal")
    return not wal.exists() or wal.stat().st_size == 0


def _lenient_text(raw: bytes) -> str:
    return raw.decode("utf-8", errors="replace")


def readable_attempts(store: Store, rows: Iterable[dict[str, Any]]) -> Iterator[Attempt]:
    """The attempts of ``rows``; one with a damaged value (its JSON, its time, its figures:
    see :mod:`damage`) is noted in ``store.damaged_rows`` with its id and skipped."""
    for row in rows:
        column = damage.damaged_column(damage.ANSWER, row)
        try:
            attempt = attempt_from_row(row) if column == "—" else None
        except (ValueError, TypeError, KeyError):
            attempt = None
        if attempt is None:
            store.damaged_rows.append(damage.answer_skipped(row.get("id"), column))
        else:
            yield attempt


def attempt_from_row(row: dict[str, Any]) -> Attempt:
    return Attempt(row["id"], row["person_id"], row["session_id"], row["answered_at"],
                   row["skill"], json.loads(row["question_json"]), json.loads(row["answer_json"]),
                   bool(row["correct"]), row["score"], row["response_ms"], row["difficulty"],
                   row["seed"], row.get("sitting_id"), row.get("item_index"),
                   row.get("readings"))
