"""Records an instructor keeps and changes as a course runs: classes of trainees, the school's
ID numbers, and the terms of each exam (who sits it, how many times, closed early, replaced).

Unlike answers and results, which are never changed, a record is rewritten whole, and the
latest written wins (by ``set_at``, then by who wrote it, so every desktop agrees). Records
travel to the school server as the school's settings do: only an instructor's desk writes
them there, and each row a desktop takes from the server is checked here first, as a row
typed at the desk would be (a row that is not one is left out).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from sqlite_utils import Database

from trainer.progress.storage.values import is_moment, is_stamp, is_text, is_uuid

#: Each record table and its key.
RECORDS = {"classes": "id", "id_numbers": "person_id", "exam_terms": "exam_id"}
COLUMNS = {
    "classes": ("id", "name", "members", "removed", "set_by", "set_at"),
    "id_numbers": ("person_id", "id_number", "set_by", "set_at"),
    "exam_terms": ("exam_id", "assignees", "sittings_allowed", "closed_at", "replaced_by",
                   "set_by", "set_at"),
}
#: The longest class name and ID number (Moodle's ID number field takes 100 characters).
LONGEST_CLASS_NAME = 80
LONGEST_ID_NUMBER = 100
#: The most members in a class, and people and classes an exam is assigned to.
MOST_MEMBERS = 5_000
#: The most sittings of one exam a trainee may be allowed (the first and retakes).
MOST_SITTINGS = 10


def _uuid_list(value: Any) -> bool:
    try:
        found = json.loads(value) if type(value) is str else None
    except ValueError:
        return False
    return (type(found) is list and len(found) <= MOST_MEMBERS
            and all(is_uuid(item) for item in found) and len(set(found)) == len(found))


def _optional(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda value: value is None or check(value)


CHECKS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "classes": {"id": is_uuid, "name": is_text(LONGEST_CLASS_NAME), "members": _uuid_list,
                "removed": lambda v: type(v) is int and v in (0, 1)},
    "id_numbers": {"person_id": is_uuid, "id_number": _optional(is_text(LONGEST_ID_NUMBER))},
    "exam_terms": {"exam_id": is_uuid, "assignees": _uuid_list,
                   "sittings_allowed": lambda v: type(v) is int and 1 <= v <= MOST_SITTINGS,
                   "closed_at": _optional(is_moment), "replaced_by": _optional(is_uuid)},
}


def is_record(table: str, row: dict[str, Any]) -> bool:
    """Whether ``row`` is a well-formed record of ``table``, written by someone at some time."""
    return (set(row) == set(COLUMNS[table]) and is_uuid(row["set_by"])
            and is_stamp(row["set_at"])
            and all(check(row[column]) for column, check in CHECKS[table].items()))


def write_record(db: Database, table: str, row: dict[str, Any]) -> None:
    """Write a record here (noted in the school outbox by the table's triggers)."""
    columns = COLUMNS[table]
    key = RECORDS[table]
    db.execute(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)}) "
        f"ON CONFLICT ({key}) DO UPDATE SET "
        f"{', '.join(f'{c} = excluded.{c}' for c in columns if c != key)}",
        [row[c] for c in columns])


def newer(row: dict[str, Any], than: dict[str, Any] | None) -> bool:
    """Whether ``row`` wins over ``than``: written later; at the same moment, by a later
    writer; by the same writer at the same moment on two desks, the one whose content
    (:func:`content`) sorts later — the same answer on every desktop and on the server."""
    return than is None or _order(row) > _order(than)


def content(table: str, row: dict[str, Any]) -> str:
    """A record's values as JSON text, written as PostgreSQL's ``json_build_array(…)::text``
    writes them, so that both sides break a tie alike."""
    return json.dumps([row[c] for c in COLUMNS[table]], ensure_ascii=False)


def _order(row: dict[str, Any]) -> tuple[str, str, bytes]:
    table = next(t for t, columns in COLUMNS.items() if set(columns) == set(row))
    return row["set_at"], row["set_by"], content(table, row).encode()


def read_record(db: Database, table: str, key: str) -> dict[str, Any] | None:
    columns = COLUMNS[table]
    found = db.execute(f"SELECT {', '.join(columns)} FROM {table} WHERE {RECORDS[table]} = ?",
                       [key]).fetchone()
    return dict(zip(columns, found, strict=True)) if found else None


def take_records(db: Database, table: str, rows: Iterable[dict[str, Any]]) -> int:
    """Records from the school server: each well-formed one that is newer than this
    desktop's is written here, and not sent back. A record changed here and not yet sent
    stays if it is the newer: it goes to the server next. How many were taken."""
    before = db.execute("SELECT coalesce(max(id), 0) FROM school_outbox").fetchone()[0]
    taken = 0
    for row in rows:
        if is_record(table, row) and newer(row, read_record(db, table, row[RECORDS[table]])):
            write_record(db, table, row)
            taken += 1
    db.execute("DELETE FROM school_outbox WHERE id > ? AND tbl = ?", [before, table])
    return taken


def unsent_records(db: Database, keys: dict[str, set[str]]) -> dict[str, list[dict[str, Any]]]:
    """The records the outbox notes (``keys``: table → keys), as written here now."""
    found: dict[str, list[dict[str, Any]]] = {}
    for table, wanted in keys.items():
        rows = [read_record(db, table, key) for key in sorted(wanted)]
        found[table] = [row for row in rows if row is not None]
    return {table: rows for table, rows in found.items() if rows}
