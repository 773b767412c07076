"""What this desktop has that the school server has not heard yet, read from the local store.

Answers go by their order (a mark: the last rowid sent); every other shared row written here
is in ``school_outbox`` (see :func:`trainer.progress.storage.schema.m006_school_outbox`). A batch is
self-contained, as a bundle is: with its answers come their trainees, sessions and sittings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from trainer.progress.bundles.format import COLUMNS, INBOX_BATCH, KEYS, STORED_IN, TABLES
from trainer.progress.bundles.rows import json_size
from trainer.progress.exams.confirmations import unconfirmed
from trainer.progress.records import RECORDS, unsent_records
from trainer.progress.storage.store import trainee_ids

#: At most this many answers in one batch an instructor's desk publishes (a desktop's batch
#: is held to :data:`INBOX_BATCH`).
BATCH_ANSWERS = 20_000
SENT_ANSWERS = "sent_answers"
#: Tables only an instructor writes: never in a desktop's batch.
INSTRUCTOR_TABLES = ("credentials", "pins", "exams", "extra_time")


@dataclass
class Outgoing:
    """One batch read from the store, and what to mark as sent once the server has it."""

    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    #: The answers read are those after ``after`` up to ``last_answer`` (rowids).
    after: int = 0
    last_answer: int = 0
    last_outbox: int = 0
    deleted: list[dict[str, Any]] = field(default_factory=list)
    #: The school's settings written here (instructors' desks only).
    settings: dict[str, str] = field(default_factory=dict)
    #: The records written here (classes, ID numbers, exam terms; instructors' desks only).
    records: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    @property
    def row_count(self) -> int:
        return (sum(len(rows) for rows in self.tables.values()) + len(self.deleted)
                + len(self.settings) + sum(len(rows) for rows in self.records.values()))


def mark(db: Database, name: str) -> int:
    row = db.execute("SELECT value FROM school_marks WHERE name = ?", [name]).fetchone()
    return int(row[0]) if row else 0


def set_mark(db: Database, name: str, value: int) -> None:
    db.execute("INSERT INTO school_marks (name, value) VALUES (?, ?) ON CONFLICT (name) DO "
               "UPDATE SET value = excluded.value", [name, value])


def _rows(db: Database, table: str, keys: set[str]) -> list[dict[str, Any]]:
    if not keys:
        return []
    columns = list(COLUMNS[table])
    found = []
    ordered = sorted(keys)
    for start in range(0, len(ordered), 500):
        chunk = ordered[start:start + 500]
        found += [dict(zip(columns, row, strict=True)) for row in db.execute(
            f"SELECT {', '.join(columns)} FROM {STORED_IN[table]} WHERE {KEYS[table]} IN "
            f"({', '.join('?' for _ in chunk)}) ORDER BY rowid", chunk)]
    return found


def read_outgoing(db: Database, *, trusted: bool, after: int | None = None,
                  with_outbox: bool = True) -> Outgoing:
    """The next batch. ``trusted`` (an instructor's desk, writing the shared tables itself):
    everything. Otherwise (the desktop role's inbox): trainees' rows only — never an
    instructor, a password, a PIN, an exam, an extra time grant or a deletion — and within
    :data:`INBOX_BATCH` (its rows, its size as JSON): a desktop long offline sends its work
    in several batches, the answers by their order (a sitting's answers come whole, and one
    batch is never less than one answer or one noted row, whatever its size).

    ``after``: the answers after this rowid (by default, after the last sent);
    ``with_outbox``: with the outbox's rows too (the first batch of a sync)."""
    if trusted:
        return _read(db, True, after, with_outbox, BATCH_ANSWERS, None)[0]
    most_answers, most_notes = INBOX_BATCH.rows, None
    while True:
        out, answers, notes = _read(db, False, after, with_outbox, most_answers, most_notes)
        size = json_size(out.tables, INBOX_BATCH.unpacked_bytes)
        rows = sum(len(found) for found in out.tables.values())
        if size <= INBOX_BATCH.unpacked_bytes and rows <= INBOX_BATCH.rows:
            return out
        share = 0.9 * min(INBOX_BATCH.unpacked_bytes / size, INBOX_BATCH.rows / rows)
        if answers > 1:  # fewer answers, in proportion (and a tenth to spare)
            most_answers = max(1, min(answers - 1, int(answers * share)))
        elif notes > 1:  # none but the noted rows: fewer of them
            most_answers, most_notes = 0, max(1, min(notes - 1, int(notes * share)))
        else:
            return out


def _read(db: Database, trusted: bool, after: int | None, with_outbox: bool, most_answers: int,
          most_notes: int | None) -> tuple[Outgoing, int, int]:
    """A batch of at most ``most_answers`` answers and ``most_notes`` of the outbox's notes
    (``None``: all); and how many of each it read."""
    out = Outgoing()
    start = mark(db, SENT_ANSWERS) if after is None else after
    columns = list(COLUMNS["attempts"])
    answers = db.execute(
        f"SELECT rowid, {', '.join(columns)} FROM attempts WHERE rowid > ? ORDER BY rowid "
        f"LIMIT ?", [start, most_answers]).fetchall()
    out.after = start
    out.last_answer = answers[-1][0] if answers else start
    noted: dict[str, set[str]] = {table: set() for table in TABLES}
    out.last_outbox = db.execute(
        "SELECT coalesce(max(id), 0) FROM (SELECT id FROM school_outbox ORDER BY id LIMIT ?)",
        [-1 if most_notes is None else most_notes]).fetchone()[0] if with_outbox else 0
    notes = 0
    deleted: set[str] = set()
    settings: set[str] = set()
    records: dict[str, set[str]] = {}
    for table, key in db.execute("SELECT tbl, key FROM school_outbox WHERE id <= ?",
                                 [out.last_outbox]):
        notes += 1
        if table == "deleted_people":
            deleted.add(key)
        elif table == "settings":
            settings.add(key)
        elif table in RECORDS:
            records.setdefault(table, set()).add(key)
        else:
            noted[table].add(key)
    rows = {table: _rows(db, table, keys) for table, keys in noted.items()
            if table != "attempts"}
    rows["attempts"] = [dict(zip(columns, row[1:], strict=True)) for row in answers]
    held = noted["attempts"] - {row["id"] for row in rows["attempts"]}  # see hold()
    rows["attempts"] += _rows(db, "attempts", held)
    _add_references(db, rows)
    _hold_unconfirmed(db, rows)
    trainees = trainee_ids(db)
    if not trusted:
        rows = {table: [row for row in found if _owner(table, row) in trainees]
                for table, found in rows.items() if table not in INSTRUCTOR_TABLES}
    out.tables = {table: found for table, found in rows.items() if found}
    if trusted:
        out.records = unsent_records(db, records)
        out.settings = {key: value for key, value in db.execute(
            f"SELECT key, value FROM settings WHERE key IN "
            f"({', '.join('?' for _ in settings)})", sorted(settings))}
        out.deleted = [dict(zip(("person_id", "deleted_at", "merged_into"), row, strict=True))
                       for row in db.execute(
                           f"SELECT person_id, deleted_at, merged_into FROM deleted_people "
                           f"WHERE person_id "
                           f"IN ({', '.join('?' for _ in deleted)})", sorted(deleted))]
    return out, len(answers), notes


def _owner(table: str, row: dict[str, Any]) -> str:
    """The person a row is of (an exam: its author)."""
    column = "id" if table == "people" else "created_by" if table == "exams" else "person_id"
    owner: str = row[column]
    return owner


def _add_references(db: Database, rows: dict[str, list[dict[str, Any]]]) -> None:
    """What the batch's rows refer to comes with them, as in a bundle: the sessions and
    sittings of its answers, the results of its submitted sittings, and every person."""
    def keys(table: str) -> set[str]:
        return {row[KEYS[table]] for row in rows.get(table, [])}

    sessions = {row["session_id"] for row in rows["attempts"] if row["session_id"]}
    rows["sessions"] += _rows(db, "sessions", sessions - keys("sessions"))
    sittings = ({row["sitting_id"] for row in rows["attempts"] if row["sitting_id"]}
                | {row["sitting_id"] for row in rows["results"]})
    rows["sittings"] += _rows(db, "sittings", sittings - keys("sittings"))
    submitted = {row["id"] for row in rows["sittings"] if row["submitted_at"]}
    rows["results"] += _rows(db, "results", submitted - keys("results"))
    answered = {row["id"] for row in rows["sittings"]}  # a sitting's answers come whole
    if answered:
        columns = list(COLUMNS["attempts"])
        have = keys("attempts")
        for sitting in sorted(answered):
            rows["attempts"] += [
                row for row in (dict(zip(columns, found, strict=True)) for found in db.execute(
                    f"SELECT {', '.join(columns)} FROM attempts WHERE sitting_id = ? "
                    f"ORDER BY rowid", [sitting]))
                if row["id"] not in have]
    owners = {_owner(table, row) for table, found in rows.items() for row in found}
    owners |= {row["set_by"] for row in rows.get("extra_time", [])}
    rows["people"] += _rows(db, "people", owners - keys("people"))


def _hold_unconfirmed(db: Database, rows: dict[str, list[dict[str, Any]]]) -> None:
    """A sitting waiting for an instructor's confirmation is not sent, nor its answers or
    result (elsewhere it would count at once); once confirmed, it is noted again and goes
    whole (:func:`trainer.progress.exams.confirmations.confirm_sitting`)."""
    held = unconfirmed(db)
    if held:
        for table, column in (("sittings", "id"), ("attempts", "sitting_id"),
                              ("results", "sitting_id")):
            rows[table] = [row for row in rows[table] if row[column] not in held]


def read_anything(out: Outgoing) -> bool:
    """Whether the batch read anything to mark as sent (rows left out of it too)."""
    return bool(out.tables or out.last_outbox or out.last_answer != out.after)


def hold(db: Database, rows: dict[str, list[dict[str, Any]]]) -> None:
    """Rows read for a batch but not sent (their trainee is not signed in to the school
    server here) go back to the outbox, answers too, to be read with the next batch."""
    for table, found in rows.items():
        for row in found:
            db.execute("INSERT INTO school_outbox (tbl, key) VALUES (?, ?)",
                       [table, row[KEYS[table]]])


def held_answers(db: Database) -> int:
    """Answers waiting for their trainee to sign in to the school server here."""
    held: int = db.execute("SELECT count(*) FROM school_outbox WHERE tbl = 'attempts'"
                           ).fetchone()[0]
    return held


def mark_sent(db: Database, out: Outgoing) -> None:
    """After the server has the batch: these answers and outbox notes are sent."""
    set_mark(db, SENT_ANSWERS, out.last_answer)
    db.execute("DELETE FROM school_outbox WHERE id <= ?", [out.last_outbox])
