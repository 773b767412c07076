"""Version 8 of the school server's schema: a trainee proves who they are to the server.

The desktop role's password is on every desktop, so the role itself proves nothing about
who is at the keyboard. From version 8 the server tells trainees apart:

- **PINs on the server.** Each trainee's PIN is hashed by the server (pgcrypto's bcrypt) in
  ``trainee_pins``, which the desktop role cannot read. ``trainee_sign_in`` (a
  ``SECURITY DEFINER`` function, the one way in) checks a PIN with the slowdown kept on the
  server per trainee: a wrong PIN doubles the wait before the next try (1 s, 2 s, … at most
  :data:`LONGEST_WAIT_S`), and after :data:`LOCK_AFTER` wrong PINs in a row the trainee is
  locked until an instructor unlocks them. Tries for one trainee are serialised (a second
  try while one is being checked is told "busy" at once, without a check), so concurrent
  tries gain nothing. A first PIN given by an instructor must be changed at first sign-in.
- **Tokens.** A sign-in returns a trainee token: random, kept only as its SHA-256 on the
  server, revocable by an instructor, long-lived (a desktop keeps practising offline after
  one sign-in). A deleted trainee's tokens stop working; those of a trainee merged into a
  namesake keep sending, so that practice given before the merge was heard follows them.
  Everything a desktop sends names a token: ``push_batch`` puts the batch in the inbox with
  the token's trainee beside it (the desk's merge takes only that trainee's rows), and
  ``register_sitting`` registers an exam sitting for the token's trainee only.
- **Questions.** ``register_sitting`` draws the seed of the sitting's questions, or, for an
  exam that gives everyone the same questions, the exam's one seed on the server (drawn at
  its first registration, never the seed the exam's row shows): nobody knows a sitting's
  questions before it is registered, by the trainee whose token registers it. The desk's
  merge takes a sitting only with the seed the server drew for it.
- **Reads.** The desktop role reads a trainee's own progress only through
  ``trainee_progress_*``, given that trainee's token; it no longer reads the progress
  tables, the inbox or anyone's registrations.
- **Locks and powers.** The desktop role cannot take a lock that the merge or another
  trainee waits for: the advisory lock functions and the powers to cancel or end other
  sessions are taken from ``PUBLIC`` in the school's database (instructors keep the advisory
  locks the publish and the registrations use), and the role has statement and lock time-outs.

The functions themselves, as they are now, are in :mod:`.functions`.
"""

from __future__ import annotations

from psycopg import sql

from trainer.progress.school.server.statements import Statement

#: Wrong PINs in a row after which a trainee is locked until an instructor unlocks them.
LOCK_AFTER = 10
#: The longest wait after a wrong PIN (the waits double from 1 s up to it).
LONGEST_WAIT_S = 300
#: A batch in the inbox: at most this many bytes (as JSON text) and rows.
BATCH_BYTES = 5 * 1024 * 1024
BATCH_ROWS = 20_000
#: Registrations one trainee may make in a minute (a sitting registered again is free).
REGISTRATIONS_PER_MINUTE = 5
#: The desktop role's time-outs (a school's statements take milliseconds).
STATEMENT_TIMEOUT = "30s"
LOCK_TIMEOUT = "5s"
IDLE_IN_TRANSACTION_TIMEOUT = "60s"
#: The progress tables a desktop reads only through a trainee's token.
TOKEN_READS = ("extra_time", "sessions", "sittings", "attempts", "results")
#: The functions that take or hold locks any role may call, and those that cancel or end
#: another session: not the desktop role's (instructors keep the advisory locks).
_ADVISORY = [f"{name}({args})" for name in (
    "pg_advisory_lock", "pg_advisory_lock_shared", "pg_advisory_xact_lock",
    "pg_advisory_xact_lock_shared", "pg_try_advisory_lock", "pg_try_advisory_lock_shared",
    "pg_try_advisory_xact_lock", "pg_try_advisory_xact_lock_shared", "pg_advisory_unlock",
    "pg_advisory_unlock_shared") for args in ("bigint", "integer, integer")]
_SIGNALS = ["pg_cancel_backend(integer)", "pg_terminate_backend(integer, bigint)"]

#: How every function the desktop role calls is declared: as its owner, on a fixed path.
DEFINER = "LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp"

_TABLES = """
CREATE EXTENSION IF NOT EXISTS pgcrypto WITH SCHEMA public;
CREATE TABLE IF NOT EXISTS trainee_pins (
  person_id text PRIMARY KEY, hash text NOT NULL, must_change boolean NOT NULL DEFAULT true,
  set_at timestamptz NOT NULL DEFAULT now(), failures integer NOT NULL DEFAULT 0,
  wait_until timestamptz, locked_at timestamptz);
CREATE TABLE IF NOT EXISTS trainee_tokens (
  hash bytea PRIMARY KEY, person_id text NOT NULL, made_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz);
CREATE INDEX IF NOT EXISTS trainee_tokens_of_a_person ON trainee_tokens (person_id);
ALTER TABLE inbox ADD COLUMN IF NOT EXISTS person_id text;
ALTER TABLE refused_batches ADD COLUMN IF NOT EXISTS person_id text;
ALTER TABLE exam_registrations ADD COLUMN IF NOT EXISTS token_hash bytea;
ALTER TABLE exam_registrations ADD COLUMN IF NOT EXISTS seed bigint;
ALTER TABLE shared_sittings ADD COLUMN IF NOT EXISTS seed bigint;
ALTER TABLE shared_exams ADD COLUMN IF NOT EXISTS same_questions bigint NOT NULL DEFAULT 1;
CREATE TABLE IF NOT EXISTS exam_question_seeds (exam_id text PRIMARY KEY, seed bigint NOT NULL);
CREATE INDEX IF NOT EXISTS exam_registrations_by_time ON exam_registrations (person_id, started_at);
"""


def _progress_index(table: str) -> Statement:
    """What ``trainee_progress_<table>`` reads by (:mod:`.functions`)."""
    return sql.SQL("CREATE INDEX IF NOT EXISTS {index} ON {table} (person_id, change)").format(
        index=sql.Identifier(f"shared_{table}_of_a_person"),
        table=sql.Identifier(f"shared_{table}"))


def identity(desktop: str, instructor: str, school: str) -> list[Statement]:
    """The statements of version 8 (see the module's docstring)."""
    d, i = sql.Identifier(desktop), sql.Identifier(instructor)
    statements: list[Statement] = [
        sql.SQL(_TABLES), *(_progress_index(table) for table in TOKEN_READS)]
    for function in (*_ADVISORY, *_SIGNALS):
        statements.append(sql.SQL(f"REVOKE EXECUTE ON FUNCTION pg_catalog.{function} "
                                  f"FROM PUBLIC"))
    for function in _ADVISORY:
        statements.append(sql.SQL(f"GRANT EXECUTE ON FUNCTION pg_catalog.{function} TO {{}}"
                                  ).format(i))
    statements += [
        sql.SQL("REVOKE INSERT ON inbox FROM {}").format(d),
        sql.SQL("REVOKE ALL ON exam_registrations, exam_question_seeds FROM {}").format(d),
        sql.SQL("GRANT SELECT ON exam_question_seeds TO {}").format(i),
        sql.SQL("REVOKE SELECT ON {} FROM {}").format(
            sql.SQL(", ").join(sql.Identifier(f"shared_{t}") for t in TOKEN_READS), d),
        sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON trainee_pins, trainee_tokens TO {}"
                ).format(i),
        sql.SQL("ALTER ROLE {} IN DATABASE {} SET statement_timeout = {}").format(
            d, sql.Identifier(school), sql.Literal(STATEMENT_TIMEOUT)),
        sql.SQL("ALTER ROLE {} IN DATABASE {} SET lock_timeout = {}").format(
            d, sql.Identifier(school), sql.Literal(LOCK_TIMEOUT)),
        sql.SQL("ALTER ROLE {} IN DATABASE {} SET idle_in_transaction_session_timeout = {}"
                ).format(d, sql.Identifier(school), sql.Literal(IDLE_IN_TRANSACTION_TIMEOUT)),
    ]
    return statements
