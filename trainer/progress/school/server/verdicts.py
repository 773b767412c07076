"""Versions 9 and 10 of the school server's schema: the server tells a verdict only once
what it costs is kept, and an exam starts only with the PIN, typed for it.

Whoever holds the desktop role's password calls the server's functions inside a
transaction of their own, and may roll it back, or make the statement fail, once they have
read the answer. What a function wrote then goes with the rollback: under version 8 a wrong
PIN's count and wait went, so every PIN could be tried without a wait or a lock; and a
registration went, after its seed had told the sitting's questions (seen before a sitting
was used up, and drawn again until liked). So, from version 9:

- **A PIN try is charged before it is checked.** ``trainee_sign_in`` counts the try as a
  wrong one (the wait and, at :data:`~.identity.LOCK_AFTER`, the lock) before it
  compares the PIN, whatever the PIN, so that nothing in the transaction differs between a
  right PIN and a wrong one; it keeps the verdict on the server (``sign_in_tries``) and
  returns only a ticket. ``trainee_sign_in_outcome(ticket)`` tells the verdict (and on a
  right PIN takes the charge back, sets a new PIN and gives the token) only once the try's
  transaction has committed: a try rolled back tells nothing.
- **A sitting's seed is told once its registration is kept.** ``register_sitting`` gives
  the seed of a registration only once the transaction that made it has committed (the
  desktop asks twice: the sitting is then used up, and its time runs). It refuses an exam
  the server does not have before anything else, so that no lock is taken for it.

Version 10 keeps the sitting keys that a kept sign-in gives, one registration each, and
finds who holds a trainee's sign-in with ``pgrowlocks`` (PostgreSQL's contrib, beside
``pgcrypto``): see :mod:`.functions`.

Version 13 keeps the secrets of sittings: a registration made, or asked for again, with a
sitting key gives a secret of that sitting, kept on the server as its SHA-256 only and by
the desktop in memory only, never in its file; ``push_batch`` takes a sitting's rows only
with one of its secrets (see :mod:`.functions`).
"""

from __future__ import annotations

from psycopg import sql

from trainer.progress.school.server.statements import Statement

_TRIES = """
CREATE TABLE IF NOT EXISTS sign_in_tries (
  ticket bytea PRIMARY KEY, person_id text NOT NULL, xact xid8 NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(), verdict text NOT NULL,
  wait_s integer NOT NULL DEFAULT 0, new_pin_given boolean NOT NULL, new_hash text);
CREATE INDEX IF NOT EXISTS sign_in_tries_of_a_person ON sign_in_tries (person_id);
ALTER TABLE exam_registrations ADD COLUMN IF NOT EXISTS xact xid8;
"""

_SITTING_KEYS = """
CREATE EXTENSION IF NOT EXISTS pgrowlocks WITH SCHEMA public;
CREATE TABLE IF NOT EXISTS sitting_keys (
  hash bytea PRIMARY KEY, person_id text NOT NULL, made_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz);
CREATE INDEX IF NOT EXISTS sitting_keys_of_a_person ON sitting_keys (person_id);
"""


def kept_verdicts() -> list[Statement]:
    """The statements of version 9 (see the module's docstring)."""
    return [sql.SQL(_TRIES)]


def sitting_keys() -> list[Statement]:
    """The statements of version 10 (see the module's docstring)."""
    return [sql.SQL(_SITTING_KEYS)]


_SITTING_SECRETS = """
CREATE TABLE IF NOT EXISTS sitting_secrets (
  hash bytea PRIMARY KEY, sitting_id text NOT NULL, made_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS sitting_secrets_of_a_sitting ON sitting_secrets (sitting_id);
"""


def sitting_secrets() -> list[Statement]:
    """The statements of version 13 (see the module's docstring)."""
    return [sql.SQL(_SITTING_SECRETS)]
