"""The database schema, as sqlite-utils migrations applied in order, each exactly once.

Attempts follow Anki's review log: who, when, what was asked, what was answered,
whether it was right and how long it took (ms). Rows are identified by UUIDs so that
progress from several desktops can later be merged without clashes.
"""

from __future__ import annotations

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("croupier-trainer")


@migrations()
def m001_people_sessions_attempts(db: Database) -> None:
    db["people"].create(
        {"id": str, "name": str, "role": str, "language": str, "created_at": str},
        pk="id", not_null={"name", "role", "created_at"},
    )
    db["sessions"].create(
        {"id": str, "person_id": str, "mode": str, "started_at": str, "ended_at": str},
        pk="id", foreign_keys=[("person_id", "people", "id")],
        not_null={"person_id", "mode", "started_at"},
    )
    db["attempts"].create(
        {
            "id": str,
            "person_id": str,
            "session_id": str,
            "answered_at": str,
            "game": str,
            "skill": str,
            "difficulty": int,
            "seed": int,
            "question_json": str,
            "answer_json": str,
            "correct": int,
            "score": float,
            "response_ms": int,
        },
        pk="id",
        foreign_keys=[("person_id", "people", "id"), ("session_id", "sessions", "id")],
        not_null={"person_id", "answered_at", "skill", "question_json", "answer_json",
                  "correct", "score", "response_ms"},
    )
    db["attempts"].create_index(["person_id", "skill", "answered_at"])
    db["settings"].create({"key": str, "value": str}, pk="key")
