"""The progress store: one SQLite file per desktop, opened through sqlite-utils.

Durability first: WAL journal, ``synchronous=FULL``, and every answer committed the
moment it is graded, so a crash or a power cut loses nothing already answered. A
damaged or busy database becomes a :class:`StoreError` with a translated message.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message, TranslatedError
from trainer.progress.schema import migrations

BUSY_TIMEOUT_MS = 5000
MAX_NAME_LENGTH = 80


class Role(StrEnum):
    TRAINEE = "trainee"
    INSTRUCTOR = "instructor"


class StoreError(TranslatedError):
    """A problem a user can meet (damaged file, busy database, bad name), said in words."""

    def __init__(self, message: Message, *, damaged: bool = False):
        super().__init__(message)
        self.damaged = damaged


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


def now() -> str:
    """UTC time to the millisecond, ISO 8601, sortable as text."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store:
    def __init__(self, path: Path | str, busy_timeout_ms: int = BUSY_TIMEOUT_MS):
        self.path = Path(path)
        with self._guard():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = Database(sqlite3.connect(str(self.path), check_same_thread=False))
            self.db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            self.db.enable_wal()
            self.db.execute("PRAGMA synchronous = FULL")
            self.db.execute("PRAGMA foreign_keys = ON")
            migrations.apply(self.db)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn SQLite's failures into messages a trainee or instructor can act on."""
        try:
            yield
        except sqlite3.OperationalError as error:
            text = str(error).lower()
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
            raise StoreError(Message.of(N_(
                "The progress database at {path} cannot be opened or written ({detail})."),
                path=str(self.path), detail=error.strerror or str(error))) from error

    # People ---------------------------------------------------------------------------

    def add_person(self, name: str, role: Role = Role.TRAINEE,
                   language: str | None = None) -> Person:
        name = " ".join(name.split())
        if not name:
            raise StoreError(Message.of(N_("Type a name.")))
        if len(name) > MAX_NAME_LENGTH:
            raise StoreError(Message.of(N_("A name has at most {count} characters."),
                                        count=MAX_NAME_LENGTH))
        person = Person(str(uuid.uuid4()), name, Role(role), language, now())
        with self._guard(), self.db.atomic():
            self.db["people"].insert(_person_row(person))
        return person

    def people(self, role: Role | None = None) -> list[Person]:
        where, args = ("role = ?", [role.value]) if role else (None, [])
        with self._guard():
            rows = self.db["people"].rows_where(where, args, order_by="name COLLATE NOCASE")
            return [_person(row) for row in rows]

    def person(self, person_id: str) -> Person:
        with self._guard():
            return _person(self.db["people"].get(person_id))

    def set_language(self, person_id: str, language: str) -> None:
        with self._guard(), self.db.atomic():
            self.db["people"].update(person_id, {"language": language})

    # Sessions and attempts --------------------------------------------------------------

    def start_session(self, person_id: str, mode: str) -> str:
        session_id = str(uuid.uuid4())
        with self._guard(), self.db.atomic():
            self.db["sessions"].insert({"id": session_id, "person_id": person_id,
                                        "mode": mode, "started_at": now(), "ended_at": None})
        return session_id

    def end_session(self, session_id: str) -> None:
        with self._guard(), self.db.atomic():
            self.db["sessions"].update(session_id, {"ended_at": now()})

    def record_attempt(self, person_id: str, session_id: str | None, question: dict[str, Any],
                       answer: Any, correct: bool, score: float, response_ms: int) -> str:
        """Store one graded answer and commit it before returning."""
        if response_ms < 0 or not 0.0 <= score <= 1.0:
            raise ValueError(f"bad attempt: score={score}, response_ms={response_ms}")
        attempt_id = str(uuid.uuid4())
        row = {
            "id": attempt_id, "person_id": person_id, "session_id": session_id,
            "answered_at": now(), "game": question["skill"].split(".", 1)[0],
            "skill": question["skill"], "difficulty": question["difficulty"],
            "seed": question["seed"], "question_json": json.dumps(question, ensure_ascii=False),
            "answer_json": json.dumps(answer, ensure_ascii=False), "correct": int(correct),
            "score": float(score), "response_ms": int(response_ms),
        }
        with self._guard(), self.db.atomic():
            self.db["attempts"].insert(row)
        return attempt_id

    def attempts(self, person_id: str) -> list[Attempt]:
        with self._guard():
            rows = self.db["attempts"].rows_where("person_id = ?", [person_id],
                                                  order_by="answered_at, rowid")
            return [_attempt(row) for row in rows]

    # Settings ---------------------------------------------------------------------------

    def setting(self, key: str, default: str | None = None) -> str | None:
        with self._guard():
            row = self.db.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
        return row[0] if row else default

    def set_setting(self, key: str, value: str) -> None:
        with self._guard(), self.db.atomic():
            self.db["settings"].upsert({"key": key, "value": value}, pk="key")


def set_aside(path: Path | str) -> Path:
    """Rename a damaged database (and its WAL files) out of the way, keeping every byte."""
    path = Path(path)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        source = Path(f"{path}{suffix}")
        if source.exists():
            source.rename(Path(f"{target}{suffix}"))
    return target


def _person_row(person: Person) -> dict[str, Any]:
    return {"id": person.id, "name": person.name, "role": person.role.value,
            "language": person.language, "created_at": person.created_at}


def _person(row: dict[str, Any]) -> Person:
    return Person(row["id"], row["name"], Role(row["role"]), row["language"], row["created_at"])


def _attempt(row: dict[str, Any]) -> Attempt:
    return Attempt(row["id"], row["person_id"], row["session_id"], row["answered_at"],
                   row["skill"], json.loads(row["question_json"]), json.loads(row["answer_json"]),
                   bool(row["correct"]), row["score"], row["response_ms"])
