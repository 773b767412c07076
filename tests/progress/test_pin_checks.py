"""What a desktop keeps of a PIN the school server checks: a PIN check, too little to tell
the PIN (anyone at a shared desktop can read its file), enough to stop a casual wrong PIN
while the server cannot be reached."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from trainer.progress.people.credentials import (
    PIN_CHECK_DIGITS,
    SCRYPT_MAX_N,
    SCRYPT_N,
    SCRYPT_P,
    SCRYPT_R,
    Secret,
    check_secret,
    hash_secret,
    pin_check,
    scrypt_memory,
)
from trainer.progress.storage.database import connection, writing
from trainer.progress.storage.schema import m019_pin_checks

#: A cheap scrypt cost, to try every 4-digit PIN (the check's share does not depend on it).
CHEAP = (2**4, 1, 1)


@pytest.mark.parametrize("salt", [bytes(16), b"\xff" * 16, bytes(range(16))])
def test_every_pin_check_fits_hundreds_of_4_digit_pins(salt):
    """Of the 10,000 4-digit PINs, each of the 16 checks fits about 625 (500 to 750 for
    these salts): trying them all against a kept check leaves hundreds, and the server
    locks a trainee after 10 wrong PINs."""
    fits = Counter(pin_check(f"{k:04d}", salt, *CHEAP) for k in range(10_000))
    assert sorted(fits) == [f"{digit:x}" for digit in range(16)]
    assert 500 <= min(fits.values()) and max(fits.values()) <= 750


def test_a_pin_check_is_the_first_hex_digit_of_the_pins_hash():
    salt = bytes(range(16))
    assert PIN_CHECK_DIGITS == 1
    assert pin_check("2468", salt, *CHEAP) == hash_secret("2468", salt, *CHEAP).hex()[:1]


def _kept(store, person_id: str, pin: str, *, kept: str | None = None) -> None:
    salt = bytes(range(16))
    with writing(store) as db:
        db.execute("INSERT OR REPLACE INTO school_sign_ins (person_id, token, signed_in_at, "
                   "salt, hash, n, r, p) VALUES (?, 'token', '2026-12-03T09:00:00.000Z', ?, ?, "
                   "?, ?, ?)", [person_id, salt.hex(),
                                pin_check(pin, salt, *CHEAP) if kept is None else kept, *CHEAP])


def _other_check(pin: str) -> str:
    """A PIN whose check is not ``pin``'s."""
    salt = bytes(range(16))
    return next(f"{k:04d}" for k in range(10_000)
                if pin_check(f"{k:04d}", salt, *CHEAP) != pin_check(pin, salt, *CHEAP))


def test_a_kept_check_lets_the_right_pin_in_and_stops_a_pin_of_another_check(store, ana):
    _kept(store, ana.person.id, "2468")
    assert check_secret(store, Secret.PIN, ana.person.id, "Ana", "2468", table="school_sign_ins")
    assert not check_secret(store, Secret.PIN, ana.person.id, "Ana", _other_check("2468"),
                            table="school_sign_ins")


@pytest.mark.parametrize("kept", ["", "ab"])
def test_a_kept_check_of_another_length_lets_nobody_in(store, ana, kept):
    """A check edited to nothing (which would fit any PIN's prefix) or to two digits is
    not a check this trainer wrote: no PIN fits it."""
    salt = bytes(range(16))
    right = hash_secret("2468", salt, *CHEAP).hex()
    _kept(store, ana.person.id, "2468", kept=right[:len(kept)] if kept else "")
    assert not check_secret(store, Secret.PIN, ana.person.id, "Ana", "2468",
                            table="school_sign_ins")


def test_the_hashes_kept_before_become_checks(store, ana):
    """m019: a whole hash kept by an older version becomes its first hex digit, and the
    PIN it was made from still fits."""
    salt = bytes(range(16))
    whole = hash_secret("2468", salt, *CHEAP).hex()
    _kept(store, ana.person.id, "2468", kept=whole)
    with writing(store) as db:
        m019_pin_checks(db)
    assert connection(store).execute("SELECT hash FROM school_sign_ins").fetchone() == (whole[0],)
    assert check_secret(store, Secret.PIN, ana.person.id, "Ana", "2468", table="school_sign_ins")


@pytest.mark.parametrize("n, r, p", [(SCRYPT_N, SCRYPT_R, SCRYPT_P), (SCRYPT_MAX_N, 8, 1),
                                     (16, 1, 1), (1024, 8, 2)])
def test_scrypt_is_given_exactly_the_memory_it_takes(n, r, p):
    """The bound is not loose: a byte less and OpenSSL refuses (so a hostile cost cannot
    be paid for by a bound grown larger than the costs allowed need)."""
    hashlib.scrypt(b"pin", salt=b"salt", n=n, r=r, p=p, maxmem=scrypt_memory(n, r, p))
    with pytest.raises(ValueError, match="memory limit exceeded"):
        hashlib.scrypt(b"pin", salt=b"salt", n=n, r=r, p=p, maxmem=scrypt_memory(n, r, p) - 1)
    assert hash_secret("1234", b"salt", n, r, p) == hashlib.scrypt(
        b"1234", salt=b"salt", n=n, r=r, p=p, maxmem=scrypt_memory(n, r, p), dklen=32)
