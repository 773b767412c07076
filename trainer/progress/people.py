"""Who is acting: trainees and instructors, instructors' passwords, and who may see what.

Every operation on progress takes the acting person as an :class:`Actor`, which only
:func:`sign_in` hands out (an instructor must give the password). A trainee sees only
their own progress; only an instructor sees other people's, creates exams, exports
reports, imports bundles or deletes anything. Passwords are hashed with ``hashlib.scrypt``
and a random salt, never stored in clear.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from i18n import N_, Message
from trainer.progress.store import Person, Role, Store, StoreError, now

MIN_PASSWORD_LENGTH = 8
#: scrypt cost: 16 MiB and about 50 ms per check, so guessing is slow.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
#: The most a stored (or imported) cost may ask for, so a hostile bundle cannot stall sign-in.
SCRYPT_MAX_N = 2**17
_KEY_BYTES = 32


class NotAllowed(StoreError):
    """The acting person may not do this; the message says who may."""


@dataclass(frozen=True)
class Actor:
    """A person signed in on one open store; ``token`` proves it was :func:`sign_in`."""

    person: Person
    token: str

    @property
    def is_instructor(self) -> bool:
        return self.person.role is Role.INSTRUCTOR


def sign_in(store: Store, person_id: str, password: str | None = None) -> Actor:
    """Sign a person in: trainees by choosing their name, instructors with their password."""
    person = find_person(store, person_id)
    if person.role is Role.INSTRUCTOR and not _password_matches(store, person.id,
                                                                password or ""):
        raise NotAllowed(Message.of(N_("The password for {name} is not right."),
                                    name=person.name))
    token = secrets.token_hex(16)
    store.signed_in[token] = person.id
    return Actor(person, token)


def add_instructor(store: Store, name: str, password: str,
                   actor: Actor | None = None) -> Person:
    """Add an instructor: anyone may add the first one; after that, only an instructor."""
    with store.write():
        has_instructor = store.db.execute(
            "SELECT 1 FROM people WHERE role = ?", [Role.INSTRUCTOR.value]).fetchone()
        if has_instructor:
            require_instructor(store, actor)
        _check_password(password)
        person = store.add_person(name, Role.INSTRUCTOR)
        _store_password(store, person.id, password)
    return person


def set_password(store: Store, actor: Actor, person_id: str, password: str) -> None:
    """An instructor sets their own password or another instructor's."""
    require_instructor(store, actor)
    if find_person(store, person_id).role is not Role.INSTRUCTOR:
        raise StoreError(Message.of(N_("Only instructors have a password.")))
    _check_password(password)
    with store.write():
        _store_password(store, person_id, password)


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


def find_person(store: Store, name_or_id: str) -> Person:
    """The person with this id, or else the only person with this name."""
    rows = store.db.execute(
        "SELECT id FROM people WHERE id = ? UNION SELECT id FROM people WHERE name = ? "
        "COLLATE NOCASE", [name_or_id, " ".join(name_or_id.split())]).fetchall()
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
    person (see the triggers in :mod:`trainer.progress.schema`).
    """
    require_instructor(store, actor)
    if person_id == actor.person.id:
        raise StoreError(Message.of(N_("An instructor cannot delete their own profile.")))
    find_person(store, person_id)
    with store.write() as db:
        db.execute("INSERT INTO deletion_grants (person_id) VALUES (?)", [person_id])
        for table in ("attempts", "skill_stats", "weekly_stats", "exam_results",
                      "exam_sittings", "sessions", "credentials"):
            db.execute(f"DELETE FROM {table} WHERE person_id = ?", [person_id])
        db.execute("DELETE FROM people WHERE id = ?", [person_id])
        db.execute("DELETE FROM deletion_grants WHERE person_id = ?", [person_id])
        db.execute("INSERT OR REPLACE INTO deleted_people (person_id, deleted_at) "
                   "VALUES (?, ?)", [person_id, now()])


def hash_password(password: str, salt: bytes, n: int = SCRYPT_N, r: int = SCRYPT_R,
                  p: int = SCRYPT_P) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=256 * r * (n + p + 2), dklen=_KEY_BYTES)


def _check_signed_in(store: Store, actor: Actor | None) -> None:
    if actor is not None and store.signed_in.get(actor.token) != actor.person.id:
        raise NotAllowed(Message.of(N_("Sign in first.")))


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise StoreError(Message.of(N_("A password has at least {count} characters."),
                                    count=MIN_PASSWORD_LENGTH))


def _store_password(store: Store, person_id: str, password: str) -> None:
    salt = secrets.token_bytes(16)
    digest = hash_password(password, salt)
    store.db.execute(
        "INSERT OR REPLACE INTO credentials (person_id, salt, hash, n, r, p, set_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [person_id, salt.hex(), digest.hex(), SCRYPT_N, SCRYPT_R, SCRYPT_P, now()])


def _password_matches(store: Store, person_id: str, password: str) -> bool:
    row = store.db.execute("SELECT salt, hash, n, r, p FROM credentials WHERE person_id = ?",
                           [person_id]).fetchone()
    if row is None:
        return False
    salt, stored, n, r, p = row
    if n > SCRYPT_MAX_N:
        return False
    return hmac.compare_digest(hash_password(password, bytes.fromhex(salt), n, r, p),
                               bytes.fromhex(stored))
