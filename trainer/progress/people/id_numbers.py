"""The school's own ID number of a trainee (optional): how a gradebook (Moodle's grade import,
a learning record store) knows whose grades a row holds. Only an instructor sets one; two
trainees never share one."""

from __future__ import annotations

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.records import LONGEST_ID_NUMBER, read_record, write_record
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import Role, Store, StoreError, now


def id_numbers(store: Store) -> dict[str, str]:
    """Every person's ID number (person id → ID number); people without one are absent."""
    with reading(store) as db:
        return dict(db.execute("SELECT i.person_id, i.id_number FROM id_numbers i JOIN people "
                               "p ON p.id = i.person_id WHERE i.id_number IS NOT NULL"))


def checked_id_number(text: str) -> str | None:
    """The ID number as kept (spaces at the ends dropped), ``None`` for an empty one; a
    translated refusal for one that cannot be."""
    number = text.strip()
    if not number:
        return None
    if len(number) > LONGEST_ID_NUMBER:
        raise StoreError(Message.of(N_("An ID number has at most {count} characters."),
                                    count=LONGEST_ID_NUMBER))
    if (not number.isprintable() or "," in number or '"' in number
            or number.startswith(("=", "+", "-", "@"))):
        raise StoreError(Message.of(N_(
            "An ID number is letters, digits and signs on one line, without commas or "
            "quotation marks, and does not begin with =, +, - or @ (a spreadsheet would take "
            "it for a formula).")))
    return number


def set_id_number(store: Store, actor: Actor, person_id: str, text: str) -> str | None:
    """An instructor gives a trainee an ID number (an empty one takes it away); the ID
    number as kept."""
    require_instructor(store, actor)
    number = checked_id_number(text)
    if store.person(person_id).role is not Role.TRAINEE:
        raise StoreError(Message.of(N_("ID numbers are given to trainees.")))
    with writing(store) as db:
        holder = _holder(db, number, person_id)
        if holder is not None:
            raise StoreError(Message.of(N_("The ID number {number} is already {name}’s."),
                                        number=number, name=holder))
        old = read_record(db, "id_numbers", person_id)
        if old is None and number is None or old is not None and old["id_number"] == number:
            return number
        write_record(db, "id_numbers", {"person_id": person_id, "id_number": number,
                                        "set_by": actor.person.id, "set_at": now()})
    return number


def _holder(db: Database, number: str | None, person_id: str) -> str | None:
    """The name of another person who has this ID number, if anyone has."""
    if number is None:
        return None
    found = db.execute(
        "SELECT p.name FROM id_numbers i JOIN people p ON p.id = i.person_id WHERE "
        "i.id_number = ? AND i.person_id != ?", [number, person_id]).fetchone()
    name: str | None = found[0] if found else None
    return name
