"""Trainees with the same name: two desktops offline each added "Ana Lei", and the school
server keeps both (they are two people to it). The desk lists them; an instructor merges the
one into the other: its practice is copied to the person kept (new ids: answers never
change), and it is deleted, a deletion that travels to every desktop and names the person
kept. Practice given to the merged record on a desktop that had not heard of the merge yet
follows it when it arrives (:mod:`trainer.progress.bundles.merge`), under the ids the merge
gives its copies (:func:`forwarded_id`), so that what was already copied is not copied twice.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.storage.database import writing
from trainer.progress.storage.ledger import refold
from trainer.progress.storage.store import (
    ATTEMPT_COLUMNS,
    Person,
    Role,
    Store,
    StoreError,
    plain_name,
)

#: The ids of practice copied to the person kept are made from the ids it had.
_FORWARDED = uuid.UUID("5d0b3c52-8a0e-4a57-9f0e-6a4c1b7d2e91")


def forwarded_id(key: str | None) -> str | None:
    """The id a session or answer of a merged trainee has once copied to the person kept:
    the same on every desktop, whenever and however often it is copied."""
    return None if key is None else str(uuid.uuid5(_FORWARDED, key))


def namesakes(store: Store) -> list[tuple[Person, ...]]:
    """Groups of trainees who share a name (told apart as names are), oldest first."""
    groups: dict[str, list[Person]] = defaultdict(list)
    for person in store.people(Role.TRAINEE):
        groups[plain_name(person.name)].append(person)
    return [tuple(sorted(group, key=lambda p: (p.created_at, p.id)))
            for _name, group in sorted(groups.items()) if len(group) > 1]


def merge_namesake(store: Store, actor: Actor, keep_id: str, gone_id: str) -> int:
    """Copy ``gone_id``'s practice to ``keep_id`` and delete ``gone_id``; the answers
    copied. A trainee who sat an exam is not merged: a sitting stays with its trainee."""
    require_instructor(store, actor)
    keep, gone = store.person(keep_id), store.person(gone_id)
    if keep_id == gone_id or plain_name(keep.name) != plain_name(gone.name) or (
            keep.role is not Role.TRAINEE or gone.role is not Role.TRAINEE):
        raise StoreError(Message.of(N_("Only two trainees with the same name are merged.")))
    with writing(store) as db:
        if db.execute("SELECT 1 FROM exam_sittings WHERE person_id = ?", [gone_id]).fetchone():
            raise StoreError(Message.of(N_(
                "{name} sat an exam on this record, and a sitting stays with its trainee: "
                "merge the other record into this one instead."), name=gone.name))
        for row in _rows(db, "SELECT * FROM sessions WHERE person_id = ?", [gone_id]):
            db.table("sessions").insert({**row, "id": forwarded_id(row["id"]),
                                         "person_id": keep_id})
        answers = _rows(db, f"SELECT {', '.join(ATTEMPT_COLUMNS)} FROM attempts WHERE "
                            f"person_id = ? ORDER BY rowid", [gone_id])
        for row in answers:
            row.update(id=forwarded_id(row["id"]), person_id=keep_id,
                       session_id=forwarded_id(row["session_id"]))
            db.table("attempts").insert(row)
        db.execute("DELETE FROM people WHERE id = ?", [gone_id])
        db.execute("UPDATE deleted_people SET merged_into = ? WHERE person_id = ?",
                   [keep_id, gone_id])
        refold(db, sorted({(keep_id, row["skill"]) for row in answers}))
    return len(answers)


def _rows(db: Database, query: str, args: list[Any]) -> list[dict[str, Any]]:
    cursor = db.execute(query, args)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
