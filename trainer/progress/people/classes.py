"""Classes: groups of trainees an instructor makes ("Class of March"), used to filter the desk's
trainees, charts and reports and to assign exams. ("Cohort" means everyone on the desk.)

A class is a record (:mod:`trainer.progress.records`): rewritten whole, the latest winning.
A removed class is kept as removed, so that the removal reaches every desktop.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.records import (
    LONGEST_CLASS_NAME,
    MOST_MEMBERS,
    write_record,
)
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import Store, StoreError, now, plain_name, trainee_ids


@dataclass(frozen=True)
class SchoolClass:
    id: str
    name: str
    #: The trainees in it (people since deleted are left out when read).
    members: tuple[str, ...]


def classes(store: Store) -> list[SchoolClass]:
    """The classes (not removed), by name."""
    with reading(store) as db:
        return _classes(db)


def _classes(db: Database) -> list[SchoolClass]:
    people = trainee_ids(db)
    found = [SchoolClass(row[0], row[1], tuple(p for p in json.loads(row[2]) if p in people))
             for row in db.execute("SELECT id, name, members FROM classes WHERE removed = 0")]
    return sorted(found, key=lambda c: (plain_name(c.name), c.id))


def classes_of(store: Store) -> dict[str, list[str]]:
    """Each trainee's classes by name (trainees in none are absent)."""
    found: dict[str, list[str]] = {}
    for school_class in classes(store):
        for person in school_class.members:
            found.setdefault(person, []).append(school_class.name)
    return found


def members_of(store: Store, class_ids: set[str]) -> set[str]:
    """Everyone in any of these classes."""
    return {person for c in classes(store) if c.id in class_ids for person in c.members}


def checked_class_name(db: Database, text: str, class_id: str | None = None) -> str:
    name = " ".join(text.split())
    if not name:
        raise StoreError(Message.of(N_("Give the class a name.")))
    if len(name) > LONGEST_CLASS_NAME or not name.isprintable():
        raise StoreError(Message.of(N_(
            "A class name is one line of at most {count} characters."),
            count=LONGEST_CLASS_NAME))
    if any(plain_name(c.name) == plain_name(name) and c.id != class_id for c in _classes(db)):
        raise StoreError(Message.of(N_("There is already a class called “{name}”."),
                                    name=name))
    return name


def create_class(store: Store, actor: Actor, name: str,
                 members: tuple[str, ...] = ()) -> SchoolClass:
    require_instructor(store, actor)
    with writing(store) as db:
        school_class = SchoolClass(str(uuid.uuid4()), checked_class_name(db, name),
                                   _trainees(db, members))
        _write(db, actor, school_class)
    return school_class


def rename_class(store: Store, actor: Actor, class_id: str, name: str) -> SchoolClass:
    require_instructor(store, actor)
    with writing(store) as db:
        old = _existing(db, class_id)
        renamed = SchoolClass(old.id, checked_class_name(db, name, class_id), old.members)
        if renamed != old:
            _write(db, actor, renamed)
    return renamed


def add_members(store: Store, actor: Actor, class_id: str, people: tuple[str, ...]) -> int:
    """Put trainees in a class; how many were not in it already."""
    require_instructor(store, actor)
    with writing(store) as db:
        old = _existing(db, class_id)
        new = tuple(p for p in dict.fromkeys(_trainees(db, people)) if p not in old.members)
        if new:
            _write(db, actor, SchoolClass(old.id, old.name, old.members + new))
    return len(new)


def remove_members(store: Store, actor: Actor, class_id: str, people: tuple[str, ...]) -> int:
    """Take trainees out of a class (they stay on the desk); how many were in it."""
    require_instructor(store, actor)
    with writing(store) as db:
        old = _existing(db, class_id)
        kept = tuple(p for p in old.members if p not in people)
        if len(kept) != len(old.members):
            _write(db, actor, SchoolClass(old.id, old.name, kept))
    return len(old.members) - len(kept)


def remove_class(store: Store, actor: Actor, class_id: str) -> None:
    """Remove a class (its trainees stay, with all their progress)."""
    require_instructor(store, actor)
    with writing(store) as db:
        old = _existing(db, class_id)
        _write(db, actor, old, removed=True)


def _existing(db: Database, class_id: str) -> SchoolClass:
    for school_class in _classes(db):
        if school_class.id == class_id:
            return school_class
    raise StoreError(Message.of(N_("This class is not in the database any more.")))


def _trainees(db: Database, people: tuple[str, ...]) -> tuple[str, ...]:
    trainees = trainee_ids(db)
    if any(person not in trainees for person in people):
        raise StoreError(Message.of(N_("Only trainees are put in classes.")))
    return tuple(dict.fromkeys(people))


def _write(db: Database, actor: Actor, school_class: SchoolClass, *, removed: bool = False) -> None:
    if len(school_class.members) > MOST_MEMBERS:
        raise StoreError(Message.of(N_("A class has at most {count} trainees."),
                                    count=MOST_MEMBERS))
    write_record(db, "classes", {
        "id": school_class.id, "name": school_class.name,
        "members": json.dumps(list(school_class.members)),
        "removed": int(removed), "set_by": actor.person.id, "set_at": now()})

