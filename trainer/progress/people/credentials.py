"""Secrets that prove who is signing in: instructors' passwords and trainees' PINs.

Both are hashed with ``hashlib.scrypt`` and a random salt, never stored in clear. Every
check is logged (who, when, which secret, whether it matched) so an instructor sees the
failures, and repeated failures slow the next attempt: after the first failure the next
check waits 1 s, then 2, 4, 8, 16 and at most 30 s, until a check succeeds. A waiting
sign-in is refused at once, without checking the secret, rather than made to sleep.

A trainee's PIN guards against casual use of another trainee's name at a shared
desktop, not against someone who can read the database file: a short PIN's hash can
be guessed offline. So the PIN a school server checks is kept on a desktop only as a
*PIN check* (:func:`pin_check`): the first :data:`PIN_CHECK_DIGITS` hex digit of its
hash, 4 bits, enough to stop a classmate's casual try while the server cannot be reached
(15 wrong PINs in 16 fail, slowed down as every sign-in is), far too little to tell the
PIN — any 4-digit PIN fits one check in 16, so about 625 of them fit each check, and the
server locks a trainee after 10 wrong PINs. Its salt is the trainee's own, the same at
every sign-in on every desktop (:func:`pin_check_salt`): with a new random salt each time,
the checks read at a shared desktop after each sign-in, or at several desktops, were 4
more bits each, and three of them left two or three PINs.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.storage.database import writing
from trainer.progress.storage.store import Store, StoreError, now
from trainer.progress.storage.values import stamp, utc

#: scrypt cost: 16 MiB and about 50 ms per check, so guessing is slow.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
#: The most a stored (or imported) cost may ask for, so a hostile bundle cannot stall sign-in.
SCRYPT_MAX_N = 2**17
_KEY_BYTES = 32
MIN_PASSWORD_LENGTH = 8
PIN_LENGTHS = range(4, 9)
FIRST_DELAY_S, LONGEST_DELAY_S = 1, 30
#: Hex digits of a hash kept as a PIN check, and the tables that keep PIN checks.
PIN_CHECK_DIGITS = 1
PIN_CHECKS = ("school_sign_ins",)


class Secret(StrEnum):
    PASSWORD = "password"
    PIN = "pin"

    @property
    def table(self) -> str:
        return "credentials" if self is Secret.PASSWORD else "pins"


class TooManyFailures(StoreError):
    """Sign-in is paused after repeated failures; the message says for how long."""


@dataclass(frozen=True)
class Failure:
    person_id: str
    name: str
    at: str
    secret: Secret


def scrypt_memory(n: int, r: int, p: int) -> int:
    """The bytes scrypt takes at these costs (OpenSSL's B and V blocks: 128·r·(n + p + 2)),
    given to it as the most it may take, not a byte more."""
    return 128 * r * (n + p + 2)


def hash_secret(secret: str, salt: bytes, n: int = SCRYPT_N, r: int = SCRYPT_R,
                p: int = SCRYPT_P) -> bytes:
    return hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=scrypt_memory(n, r, p), dklen=_KEY_BYTES)


def pin_check(pin: str, salt: bytes, n: int = SCRYPT_N, r: int = SCRYPT_R,
              p: int = SCRYPT_P) -> str:
    """What a desktop keeps of a PIN the school server checks: too little to tell it."""
    return hash_secret(pin, salt, n, r, p).hex()[:PIN_CHECK_DIGITS]


def pin_check_salt(person_id: str) -> bytes:
    """The salt of a trainee's PIN checks: the same wherever and however often one is made,
    so that every check of one PIN is the same digit (see the module's docstring)."""
    return hashlib.sha256(b"croupier-trainer PIN check\0" + person_id.encode()).digest()[:16]


def check_password_rule(password: str) -> None:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise StoreError(Message.of(N_("A password has at least {count} characters."),
                                    count=MIN_PASSWORD_LENGTH))


def check_pin_rule(pin: str) -> None:
    if not (pin.isascii() and pin.isdigit() and len(pin) in PIN_LENGTHS):
        raise StoreError(Message.of(N_("A PIN has {fewest} to {most} digits."),
                                    fewest=PIN_LENGTHS[0], most=PIN_LENGTHS[-1]))


def store_secret(db: Database, kind: Secret, person_id: str, secret: str) -> None:
    """Hash and keep ``secret`` (inside the caller's write transaction)."""
    salt = secrets.token_bytes(16)
    db.execute(
        f"INSERT OR REPLACE INTO {kind.table} (person_id, salt, hash, n, r, p, set_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [person_id, salt.hex(), hash_secret(secret, salt).hex(), SCRYPT_N, SCRYPT_R,
         SCRYPT_P, now()])


def has_secret(db: Database, kind: Secret, person_id: str) -> bool:
    return db.execute(f"SELECT 1 FROM {kind.table} WHERE person_id = ?",
                      [person_id]).fetchone() is not None


def check_secret(store: Store, kind: Secret, person_id: str, name: str, secret: str,
                 at: datetime | None = None, *, table: str | None = None) -> bool:
    """Whether ``secret`` is the person's; logged, and refused while sign-in is paused.
    ``table``: where the hash is kept, if not in the kind's own table (a PIN the school
    server took, kept for signing in here while it cannot be reached).

    The pause is read, the secret checked and the check logged in one write transaction,
    which holds the write lock from its start: tries at once, from other windows or
    programs on this database, each wait for the one before to be logged, and so meet its
    pause (read first and logged after, 60 tries at once had all passed it)."""
    at = at or datetime.now(UTC)
    with writing(store) as db:
        wait = seconds_to_wait(db, person_id, at)
        if wait > 0:
            raise TooManyFailures(Message.counted(
                "Too many wrong attempts for {name}. Try again in {count} second.",
                "Too many wrong attempts for {name}. Try again in {count} seconds.",
                wait, name=name))
        matched = _matches(db, table or kind.table, person_id, secret)
        db.execute("INSERT INTO sign_in_log (person_id, at, secret, ok) VALUES (?, ?, ?, ?)",
                   [person_id, stamp(at), kind.value, int(matched)])
    return matched


def seconds_to_wait(db: Database, person_id: str, at: datetime) -> int:
    """How long sign-in is paused for this person: 1 s after a failure, doubling with each
    failure in a row, at most 30 s; nothing after a success."""
    rows = db.execute("SELECT at, ok FROM sign_in_log WHERE person_id = ? ORDER BY id DESC "
                      "LIMIT 8", [person_id]).fetchall()
    failures = 0
    for _at, ok in rows:
        if ok:
            break
        failures += 1
    if not failures:
        return 0
    delay = min(LONGEST_DELAY_S, FIRST_DELAY_S * 2 ** (failures - 1))
    left = utc(rows[0][0]) + timedelta(seconds=delay) - at
    return max(0, math.ceil(left.total_seconds()))


def failures(db: Database, limit: int | None = None) -> list[Failure]:
    """The latest ``limit`` failed checks (every one for None), newest first, with the
    person's name."""
    rows = db.execute(
        "SELECT l.person_id, coalesce(p.name, l.person_id), l.at, l.secret FROM sign_in_log l "
        "LEFT JOIN people p ON p.id = l.person_id WHERE l.ok = 0 ORDER BY l.id DESC"
        + ("" if limit is None else " LIMIT ?"), [] if limit is None else [limit]).fetchall()
    return [Failure(person, name, at, Secret(kind)) for person, name, at, kind in rows]


def _matches(db: Database, table: str, person_id: str, secret: str) -> bool:
    row = db.execute(f"SELECT salt, hash, n, r, p FROM {table} WHERE person_id = ?",
                     [person_id]).fetchone()
    if row is None:
        return False
    salt, stored, n, r, p = row
    if n > SCRYPT_MAX_N:
        return False
    if table in PIN_CHECKS:
        return len(stored) == PIN_CHECK_DIGITS and hmac.compare_digest(
            pin_check(secret, bytes.fromhex(salt), n, r, p), stored)
    return hmac.compare_digest(hash_secret(secret, bytes.fromhex(salt), n, r, p),
                               bytes.fromhex(stored))
