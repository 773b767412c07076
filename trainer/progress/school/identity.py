"""Who a trainee is, proven to the school server (see :mod:`.server.identity`).

A trainee signs in on any desktop with their name and PIN, checked by the server; the token
it returns is kept on this desktop (``school_sign_ins``) and names the trainee in every batch
and exam registration this desktop sends for them. An instructor gives first PINs (changed
at the first sign-in), unlocks a trainee locked after too many wrong PINs, and revokes a
trainee's tokens (a lost desktop, a PIN seen by others): all on the server.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg
from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, NotAllowed, signed_in_by_server
from trainer.progress.people.credentials import (
    SCRYPT_N,
    SCRYPT_P,
    SCRYPT_R,
    Secret,
    check_pin_rule,
    check_secret,
    pin_check,
    pin_check_salt,
)
from trainer.progress.school.server.connection import (
    check_schema,
    connect,
    not_this_login,
    one_row,
)
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.school.sitting_secrets import resume_sittings
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import Store
from trainer.progress.storage.values import stamp

#: A first PIN's digits (the trainee changes it at the first sign-in).
FIRST_PIN_DIGITS = 6


class PinMustChange(NotAllowed):
    """The PIN was right, but it is a first PIN: the trainee chooses their own now."""


_REFUSED = {
    "unknown": N_("The school server does not know {name} as a trainee. Ask an instructor."),
    "no_pin": N_("{name} has no PIN on the school server yet. Ask an instructor for a "
                 "first PIN."),
    "locked": N_("{name} is locked after too many wrong PINs. Ask an instructor to unlock "
                 "the sign-in."),
    "busy": N_("Another sign-in for {name} is being checked right now. Try again in a "
               "moment."),
    "bad_new_pin": N_("The new PIN has 4 to 8 digits and is not the first PIN."),
}


def sign_in_at_school(store: Store, url: str, person_id: str, pin: str,
                      new_pin: str | None = None) -> Actor:
    """Sign a trainee in with the PIN the server checks; keep the token it gives here.

    Raises :class:`PinMustChange` when the PIN is a first PIN (call again with
    ``new_pin``), :class:`NotAllowed` with the server's word on a wrong PIN, a wait or a
    lock, and :class:`SchoolError` when the server cannot be reached."""
    return _sign_in(store, url, person_id, pin, new_pin)[0]


def sitting_key(store: Store, url: str, person_id: str, pin: str) -> str:
    """The trainee types their PIN to start an exam: signed in again, and the key of one
    registration the server gave for it (kept in memory only, never in this desktop's
    file, where anyone at a shared desktop could read it). Raises as
    :func:`sign_in_at_school` does."""
    return _sign_in(store, url, person_id, pin, None)[1]


def _sign_in(store: Store, url: str, person_id: str, pin: str,
             new_pin: str | None) -> tuple[Actor, str]:
    name = store.person(person_id).name
    if new_pin is not None:
        check_pin_rule(new_pin)
    outcome, token, wait_s, key = _try_pin(url, person_id, pin, new_pin)
    if outcome == "ok":
        salt = pin_check_salt(person_id)
        with writing(store) as db:
            db.execute("INSERT OR REPLACE INTO school_sign_ins (person_id, token, signed_in_at, "
                       "salt, hash, n, r, p) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       [person_id, token, stamp(datetime.now(UTC)), salt.hex(),
                        pin_check(new_pin or pin, salt), SCRYPT_N, SCRYPT_R, SCRYPT_P])
        resume_sittings(store, url, person_id, token, key)
        return signed_in_by_server(store, person_id), key
    if outcome == "change":
        raise PinMustChange(Message.of(N_("This is {name}'s first PIN: choose a PIN of your "
                                          "own (4 to 8 digits)."), name=name))
    if outcome in ("wrong", "wait"):
        raise NotAllowed(Message.counted(
            "The PIN for {name} is not right. Try again in {count} second.",
            "The PIN for {name} is not right. Try again in {count} seconds.",
            wait_s, name=name) if outcome == "wrong" else Message.counted(
            "Too many wrong attempts for {name}. Try again in {count} second.",
            "Too many wrong attempts for {name}. Try again in {count} seconds.",
            wait_s, name=name))
    raise NotAllowed(Message.of(_REFUSED.get(outcome, _REFUSED["unknown"]), name=name))


def sign_in_trainee(store: Store, url: str, person_id: str, pin: str,
                    new_pin: str | None = None) -> Actor:
    """A trainee signs in on this desktop of a school: the server checks the PIN when it can
    be reached (:func:`sign_in_at_school`); while it cannot, this desktop checks it against
    the PIN check kept at the trainee's last sign-in here (slowed down after failures as
    every sign-in here is; a check that does not tell the PIN, see
    :func:`~trainer.progress.people.credentials.pin_check`). A trainee who never signed in
    here needs the server."""
    try:
        return sign_in_at_school(store, url, person_id, pin, new_pin)
    except SchoolError as error:
        if not error.offline or new_pin is not None or not _kept_here(store, person_id):
            raise
    name = store.person(person_id).name
    if not check_secret(store, Secret.PIN, person_id, name, pin, table="school_sign_ins"):
        raise NotAllowed(Message.of(N_("The PIN for {name} is not right."), name=name))
    return signed_in_by_server(store, person_id)


def _kept_here(store: Store, person_id: str) -> bool:
    with reading(store) as db:
        return token_of(db, person_id) is not None


def school_token(store: Store, person_id: str) -> str | None:
    """The token of a trainee signed in to the school server on this desktop (``None``: not
    signed in here)."""
    with reading(store) as db:
        return token_of(db, person_id)


def token_of(db: Database, person_id: str) -> str | None:
    """The token of a trainee signed in to the school server on this desktop."""
    row = db.execute("SELECT token FROM school_sign_ins WHERE person_id = ?",
                     [person_id]).fetchone()
    return row[0] if row else None


def tokens(db: Database) -> dict[str, str]:
    """Every trainee signed in to the school server here, with their token."""
    return dict(db.execute("SELECT person_id, token FROM school_sign_ins"))


def _try_pin(url: str, person_id: str, pin: str, new_pin: str | None) -> tuple[Any, ...]:
    """The server's verdict on a PIN: the try is made (and charged) in one transaction, and
    its outcome asked for in the next, once the charge is kept (see :mod:`.server.verdicts`)."""
    try:
        with connect(url, autocommit=True) as connection:
            check_schema(connection)
            ticket = one_row(connection.execute("SELECT trainee_sign_in(%s, %s, %s)",
                                                [person_id, pin, new_pin]))[0]
            return one_row(connection.execute(
                "SELECT outcome, token, wait_s, sitting_key FROM trainee_sign_in_outcome(%s)",
                [ticket]))
    except psycopg.errors.InsufficientPrivilege as error:
        raise not_this_login() from error
    except psycopg.Error as error:
        raise SchoolError(Message.of(N_("The school server stopped answering; try again in a "
                                        "moment.")), offline=True) from error


# The instructor's side ---------------------------------------------------------------------

@dataclass(frozen=True)
class SignInState:
    """A trainee's sign-in on the server, as the desk shows it."""

    person_id: str
    must_change: bool
    failures: int
    locked: bool
    tokens: int


def give_first_pins(url: str, login: str, password: str,
                    person_ids: list[str]) -> dict[str, str]:
    """A new random first PIN for each trainee (their old PIN, waits, lock and sitting keys
    gone), to hand out on a slip; each is changed at its trainee's first sign-in. The
    trainees must be on the server (a desk's sync publishes them)."""
    pins = {person: "".join(secrets.choice("0123456789") for _ in range(FIRST_PIN_DIGITS))
            for person in person_ids}
    with _instructor(url, login, password) as connection, connection.transaction():
        for person, pin in pins.items():
            connection.execute("SELECT end_sitting_keys(%s)", [person])
            connection.execute(
                "INSERT INTO trainee_pins (person_id, hash, must_change) VALUES "
                "(%s, crypt(%s, gen_salt('bf', 8)), true) ON CONFLICT (person_id) DO UPDATE "
                "SET hash = EXCLUDED.hash, must_change = true, set_at = now(), failures = 0, "
                "wait_until = NULL, locked_at = NULL", [person, pin])
    return pins


def unlock(url: str, login: str, password: str, person_id: str) -> bool:
    """The trainee may try their PIN again at once: their wait or lock goes, and so do the
    desktop sessions holding their sign-in (a try left open in a transaction keeps every
    other try "busy"). Whether anything was holding them."""
    with _instructor(url, login, password) as connection:
        ended = one_row(connection.execute("SELECT end_sign_in_holders(%s)", [person_id]))[0]
        return connection.execute(
            "UPDATE trainee_pins SET failures = 0, wait_until = NULL, locked_at = NULL "
            "WHERE person_id = %s AND (failures > 0 OR locked_at IS NOT NULL)",
            [person_id]).rowcount == 1 or ended > 0


def revoke_tokens(url: str, login: str, password: str, person_id: str) -> int:
    """Every desktop's token of this trainee stops working, and so does every sitting key
    their sign-ins gave: they sign in again with their PIN. How many tokens were revoked."""
    with _instructor(url, login, password) as connection, connection.transaction():
        connection.execute("SELECT end_sitting_keys(%s)", [person_id])
        return connection.execute(
            "UPDATE trainee_tokens SET revoked_at = now() WHERE person_id = %s AND "
            "revoked_at IS NULL", [person_id]).rowcount


def sign_in_states(url: str, login: str, password: str) -> dict[str, SignInState]:
    """Every trainee with a PIN on the server: whether it is still a first PIN, the wrong
    PINs in a row, whether locked, and how many desktops hold a token."""
    with _instructor(url, login, password) as connection:
        return {row[0]: SignInState(*row) for row in connection.execute(
            "SELECT p.person_id, p.must_change, p.failures, p.locked_at IS NOT NULL, "
            "(SELECT count(*) FROM trainee_tokens t WHERE t.person_id = p.person_id AND "
            "t.revoked_at IS NULL) FROM trainee_pins p")}


@contextmanager
def _instructor(url: str, login: str, password: str) -> Iterator[psycopg.Connection]:
    """A connection as an instructor's login (autocommit), its errors in words."""
    try:
        with connect(url, user=login, password=password, autocommit=True) as connection:
            check_schema(connection)
            yield connection
    except psycopg.errors.InsufficientPrivilege as error:
        raise not_this_login() from error
    except psycopg.Error as error:
        raise SchoolError(Message.of(N_(
            "The school server stopped answering; nothing was changed there. Try again "
            "in a moment.")), offline=True) from error
