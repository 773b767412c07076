"""Extra time for a trainee's drills and exams, granted by an instructor as exam boards grant
it (25 % or 50 % more, say): a drill's target times and an exam's time limit grow by the
grant (the grant in force is read with the targets it lengthens,
:func:`trainer.progress.learning.targets.extra_time`). Grants are instructor data — kept
one row per grant (the latest is in force), never changed, and brought by a bundle only
with its instructors."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import Role, Store, StoreError, now

__all__ = ["MOST_PERCENT", "granted", "most_extra_time", "set_extra_time"]

#: The most extra time a grant gives: three times the time in all.
MOST_PERCENT = 200


def set_extra_time(store: Store, actor: Actor, person_id: str, percent: int) -> None:
    """An instructor grants a trainee ``percent`` more time (0 takes the grant back)."""
    require_instructor(store, actor)
    if not 0 <= percent <= MOST_PERCENT:
        raise StoreError(Message.of(N_(
            "Extra time is a whole number of per cent from 0 to {most}."), most=MOST_PERCENT))
    if store.person(person_id).role is not Role.TRAINEE:
        raise StoreError(Message.of(N_("Extra time is granted to trainees.")))
    with writing(store) as db:
        db.table("extra_time").insert({"id": str(uuid.uuid4()), "person_id": person_id,
                                 "percent": percent, "set_by": actor.person.id,
                                 "set_at": now()})


def most_extra_time(db: Database, person_id: str, also: Iterable[dict[str, Any]] = ()) -> int:
    """The most extra time the person was ever granted, here or in ``also`` (a bundle's
    grants): the most an exam they sat may have given them."""
    row = db.execute("SELECT MAX(percent) FROM extra_time WHERE person_id = ?",
                     [person_id]).fetchone()
    brought: list[int] = [grant["percent"] for grant in also if grant["person_id"] == person_id]
    return max([int(row[0] or 0), *brought])


def granted(store: Store, actor: Actor) -> dict[str, int]:
    """Every trainee's extra time in force, for the instructor desk."""
    require_instructor(store, actor)
    with reading(store) as db:
        latest = dict(db.execute(  # in the order of extra_time(): the last grant wins
            "SELECT person_id, percent FROM extra_time ORDER BY set_at, rowid").fetchall())
    return {person: percent for person, percent in latest.items() if percent}
