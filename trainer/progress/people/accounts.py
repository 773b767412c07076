"""Who is acting: trainees and instructors, and who may see and do what.

Every operation on progress takes the acting person as an :class:`Actor`, which only
:func:`sign_in` hands out (an instructor must give the password). A trainee sees only
their own progress; only an instructor sees other people's, creates exams, exports
reports, imports bundles or deletes anything. A trainee whose instructor set a PIN
proves who they are with it before seeing their progress, sitting an exam that asks
for it, or exporting their bundle (see :mod:`trainer.progress.people.credentials`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from i18n import N_, Message
from trainer.progress.people.credentials import (
    Failure,
    Secret,
    check_password_rule,
    check_pin_rule,
    check_secret,
    failures,
    has_secret,
    store_secret,
)
from trainer.progress.people.names import tidied
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.store import Person, Role, Store, StoreError, plain_name


class NotAllowed(StoreError):
    """The acting person may not do this; the message says who may."""


@dataclass(frozen=True)
class Actor:
    """A person signed in on one open store; ``token`` proves it was :func:`sign_in`.

    ``proven`` says the person gave their secret: an instructor's password always, a
    trainee's PIN when they typed it (a trainee picks their name without one).
    """

    person: Person
    token: str
    proven: bool = False

    @property
    def is_instructor(self) -> bool:
        return self.person.role is Role.INSTRUCTOR


def sign_in(store: Store, person_id: str, secret: str | None = None, *,
            at: datetime | None = None) -> Actor:
    """Sign a person in: instructors with their password, trainees by choosing their
    name, or with their PIN to prove it is them."""
    person = find_person(store, person_id)
    kind = Secret.PASSWORD if person.role is Role.INSTRUCTOR else Secret.PIN
    proven = False
    if kind is Secret.PASSWORD or secret is not None:
        if not check_secret(store, kind, person.id, person.name, secret or "", at):
            raise NotAllowed(Message.of(
                N_("The password for {name} is not right.") if kind is Secret.PASSWORD
                else N_("The PIN for {name} is not right."), name=person.name))
        proven = True
    token = secrets.token_hex(16)
    store.signed_in[token] = person.id
    return Actor(person, token, proven)


def signed_in_by_server(store: Store, person_id: str) -> Actor:
    """A trainee whose PIN the school server has just checked (see
    :mod:`trainer.progress.school.identity`): signed in here, proven."""
    person = find_person(store, person_id)
    if person.role is not Role.TRAINEE:
        raise NotAllowed(Message.of(N_("Only a trainee signs in with the school server's "
                                       "PIN.")))
    token = secrets.token_hex(16)
    store.signed_in[token] = person.id
    return Actor(person, token, proven=True)


def add_trainee(store: Store, name: str, by: Actor | None) -> Person:
    """Add a trainee: an instructor at the desk (``by``), or a trainee naming themselves at
    the start screen of a desktop without a school server (``by`` is ``None``: nobody is
    signed in yet, and a name is not anyone's progress)."""
    if by is not None:
        require_instructor(store, by)
    return add_person(store, name, Role.TRAINEE)


def add_instructor(store: Store, name: str, password: str,
                   actor: Actor | None = None) -> Person:
    """Add an instructor: anyone may add the first one; after that, only an instructor."""
    with writing(store):
        has_instructor = connection(store).execute(
            "SELECT 1 FROM people WHERE role = ?", [Role.INSTRUCTOR.value]).fetchone()
        if has_instructor:
            require_instructor(store, actor)
        check_password_rule(password)
        person = add_person(store, name, Role.INSTRUCTOR)
        store_secret(connection(store), Secret.PASSWORD, person.id, password)
    return person


def set_password(store: Store, actor: Actor, person_id: str, password: str) -> None:
    """An instructor sets their own password or another instructor's."""
    require_instructor(store, actor)
    if find_person(store, person_id).role is not Role.INSTRUCTOR:
        raise StoreError(Message.of(N_("Only instructors have a password.")))
    check_password_rule(password)
    with writing(store) as db:
        store_secret(db, Secret.PASSWORD, person_id, password)


def set_pin(store: Store, actor: Actor, person_id: str, pin: str | None) -> None:
    """An instructor sets (or, with ``None``, removes) a trainee's PIN."""
    require_instructor(store, actor)
    if find_person(store, person_id).role is not Role.TRAINEE:
        raise StoreError(Message.of(N_("Only trainees have a PIN; instructors have a "
                                       "password.")))
    if pin is not None:
        check_pin_rule(pin)
    with writing(store) as db:
        if pin is None:
            db.execute("DELETE FROM pins WHERE person_id = ?", [person_id])
        else:
            store_secret(db, Secret.PIN, person_id, pin)


def has_pin(store: Store, person_id: str) -> bool:
    return has_secret(connection(store), Secret.PIN, person_id)


def people_with_pins(store: Store, actor: Actor) -> set[str]:
    """The ids of the trainees who have a PIN (an instructor asks)."""
    require_instructor(store, actor)
    return {row[0] for row in connection(store).execute("SELECT person_id FROM pins")}


def look_alike_names(store: Store, actor: Actor) -> list[list[str]]:
    """Names that differ only in capitals and spaces (from before names had to differ, or
    brought by bundles from other desktops): shown to the instructor, never merged."""
    require_instructor(store, actor)
    groups: dict[str, list[str]] = {}
    for (name,) in connection(store).execute("SELECT name FROM people ORDER BY name"):
        groups.setdefault(plain_name(name), []).append(name)
    return [names for names in groups.values() if len(names) > 1]


def sign_in_failures(store: Store, actor: Actor, limit: int = 20) -> list[Failure]:
    """The latest wrong passwords and PINs, newest first (an instructor asks)."""
    require_instructor(store, actor)
    return failures(connection(store), limit)


def require_instructor(store: Store, actor: Actor | None) -> None:
    _check_signed_in(store, actor)
    if actor is None or not actor.is_instructor:
        raise NotAllowed(Message.of(N_("Only an instructor may do this.")))


def require_access(store: Store, actor: Actor, person_id: str) -> None:
    """A trainee may see only their own progress; an instructor may see everyone's."""
    _check_signed_in(store, actor)
    if not actor.is_instructor and actor.person.id != person_id:
        raise NotAllowed(Message.of(N_(
            "A trainee can see only their own progress. Ask an instructor.")))


def require_proof(store: Store, actor: Actor, person_id: str) -> None:
    """As :func:`require_access`, and a trainee with a PIN must have given it."""
    require_access(store, actor, person_id)
    if not actor.is_instructor and not actor.proven and has_pin(store, person_id):
        raise NotAllowed(Message.of(N_("Type your PIN first.")))


def find_person(store: Store, name_or_id: str) -> Person:
    """The person with this id, or else the only person with this name (written as names
    are stored: a name typed decomposed, as some keyboards do, is found)."""
    rows = connection(store).execute(
        "SELECT id FROM people WHERE id = ? UNION SELECT id FROM people WHERE name = ? "
        "COLLATE NOCASE", [name_or_id, tidied(name_or_id)]).fetchall()
    if not rows:
        raise StoreError(Message.of(N_("Nobody called “{name}” is in this database."),
                                    name=name_or_id))
    if len(rows) > 1:
        raise StoreError(Message.of(N_(
            "Several people are called “{name}”; give the person's id instead."),
            name=name_or_id))
    return store.person(rows[0][0])


def delete_person(store: Store, actor: Actor, person_id: str) -> None:
    """Delete a person and everything recorded for them; a bundle will not bring them back.

    The database lets a person's attempts and exam results go only together with the
    person: deleting the person deletes them, and records the deletion (see the
    triggers in :mod:`trainer.progress.storage.schema`).
    """
    require_instructor(store, actor)
    if person_id == actor.person.id:
        raise StoreError(Message.of(N_("An instructor cannot delete their own profile.")))
    find_person(store, person_id)
    with writing(store) as db:
        db.execute("DELETE FROM people WHERE id = ?", [person_id])


def _check_signed_in(store: Store, actor: Actor | None) -> None:
    if actor is not None and store.signed_in.get(actor.token) != actor.person.id:
        raise NotAllowed(Message.of(N_("Sign in first.")))
