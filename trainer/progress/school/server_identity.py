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
"""

from __future__ import annotations

from psycopg import sql

from trainer.progress.bundles.format import COLUMNS, KEYS

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

_TABLES = f"""
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
CREATE OR REPLACE FUNCTION random_seed() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT ('x' || encode(gen_random_bytes(8), 'hex'))::bit(64)::bigint & 9223372036854775807 $$;
CREATE INDEX IF NOT EXISTS exam_registrations_by_time ON exam_registrations (person_id, started_at);

CREATE OR REPLACE FUNCTION token_trainee(token text) RETURNS text {DEFINER} STABLE AS $$
BEGIN
  RETURN (SELECT t.person_id FROM trainee_tokens t
          WHERE t.hash = digest(coalesce(token, ''), 'sha256') AND t.revoked_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM shared_deleted_people d
                          WHERE d.person_id = t.person_id AND d.merged_into IS NULL));
END $$;

CREATE OR REPLACE FUNCTION signed_in_trainee(token text) RETURNS text {DEFINER} STABLE AS $$
DECLARE who text := token_trainee(token);
BEGIN
  IF who IS NULL THEN
    RAISE EXCEPTION 'this trainee is not signed in to the school server'
      USING ERRCODE = 'CT020';
  END IF;
  RETURN who;
END $$;
"""

_SIGN_IN = f"""
CREATE OR REPLACE FUNCTION trainee_sign_in(person text, pin text, new_pin text DEFAULT NULL)
RETURNS TABLE (outcome text, token text, wait_s integer) {DEFINER} AS $$
DECLARE
  p trainee_pins;
  made text;
  waits integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM shared_people WHERE id = person AND role = 'trainee')
     OR EXISTS (SELECT 1 FROM shared_deleted_people WHERE person_id = person) THEN
    RETURN QUERY SELECT 'unknown'::text, NULL::text, 0; RETURN;
  END IF;
  BEGIN
    SELECT * INTO p FROM trainee_pins WHERE person_id = person FOR UPDATE NOWAIT;
  EXCEPTION WHEN lock_not_available THEN
    RETURN QUERY SELECT 'busy'::text, NULL::text, 0; RETURN;
  END;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_pin'::text, NULL::text, 0; RETURN;
  END IF;
  IF p.locked_at IS NOT NULL THEN
    RETURN QUERY SELECT 'locked'::text, NULL::text, 0; RETURN;
  END IF;
  IF p.wait_until > clock_timestamp() THEN
    RETURN QUERY SELECT 'wait'::text, NULL::text,
      ceil(extract(epoch FROM p.wait_until - clock_timestamp()))::integer;
    RETURN;
  END IF;
  IF pin IS NULL OR p.hash <> crypt(pin, p.hash) THEN
    IF p.failures + 1 >= {LOCK_AFTER} THEN
      UPDATE trainee_pins SET failures = failures + 1, locked_at = now(), wait_until = NULL
        WHERE person_id = person;
      RETURN QUERY SELECT 'locked'::text, NULL::text, 0; RETURN;
    END IF;
    waits := least({LONGEST_WAIT_S}, power(2, p.failures)::integer);
    UPDATE trainee_pins SET failures = failures + 1,
      wait_until = clock_timestamp() + make_interval(secs => waits) WHERE person_id = person;
    RETURN QUERY SELECT 'wrong'::text, NULL::text, waits; RETURN;
  END IF;
  UPDATE trainee_pins SET failures = 0, wait_until = NULL WHERE person_id = person;
  IF new_pin IS NOT NULL THEN
    IF new_pin !~ '^[0-9]{{4,8}}$' OR new_pin = pin THEN
      RETURN QUERY SELECT 'bad_new_pin'::text, NULL::text, 0; RETURN;
    END IF;
    UPDATE trainee_pins SET hash = crypt(new_pin, gen_salt('bf', 8)), must_change = false,
      set_at = now() WHERE person_id = person;
  ELSIF p.must_change THEN
    RETURN QUERY SELECT 'change'::text, NULL::text, 0; RETURN;
  END IF;
  made := encode(gen_random_bytes(32), 'hex');
  INSERT INTO trainee_tokens (hash, person_id) VALUES (digest(made, 'sha256'), person);
  RETURN QUERY SELECT 'ok'::text, made, 0;
END $$;
"""

_PUSH_AND_REGISTER = f"""
CREATE OR REPLACE FUNCTION push_batch(token text, batch jsonb) RETURNS bigint {DEFINER} AS $$
DECLARE
  who text := signed_in_trainee(token);
  made bigint;
BEGIN
  IF jsonb_typeof(batch) IS DISTINCT FROM 'object' OR octet_length(batch::text) > {BATCH_BYTES}
     OR (SELECT coalesce(sum(CASE WHEN jsonb_typeof(value) = 'array'
                                  THEN jsonb_array_length(value) ELSE 1 END), 0)
         FROM jsonb_each(batch)) > {BATCH_ROWS} THEN
    RAISE EXCEPTION 'a batch is at most {BATCH_BYTES} bytes and {BATCH_ROWS} rows'
      USING ERRCODE = 'CT021';
  END IF;
  INSERT INTO inbox (batch, person_id) VALUES (batch, who) RETURNING id INTO made;
  RETURN made;
END $$;

CREATE OR REPLACE FUNCTION register_sitting(token text, exam text, sitting text)
RETURNS TABLE (started_at timestamptz, seed bigint) {DEFINER} AS $$
#variable_conflict use_column
DECLARE
  who text := signed_in_trainee(token);
  known exam_registrations;
  drawn bigint;
BEGIN
  SELECT * INTO known FROM exam_registrations r
    WHERE r.sitting_id = sitting AND r.exam_id = exam AND r.person_id = who;
  IF FOUND THEN
    RETURN QUERY SELECT known.started_at, known.seed; RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM exam_registrations WHERE sitting_id = sitting) THEN
    RAISE EXCEPTION 'this sitting is registered for someone else' USING ERRCODE = 'CT006';
  END IF;
  IF (SELECT count(*) FROM exam_registrations WHERE person_id = who
      AND started_at > now() - interval '1 minute') >= {REGISTRATIONS_PER_MINUTE} THEN
    RAISE EXCEPTION 'too many registrations in a minute' USING ERRCODE = 'CT004';
  END IF;
  IF (SELECT e.same_questions FROM shared_exams e WHERE e.id = exam) = 1 THEN
    INSERT INTO exam_question_seeds (exam_id, seed) VALUES (exam, random_seed())
      ON CONFLICT (exam_id) DO NOTHING;
    drawn := (SELECT q.seed FROM exam_question_seeds q WHERE q.exam_id = exam);
  ELSE
    drawn := random_seed();
  END IF;
  INSERT INTO exam_registrations (sitting_id, exam_id, person_id, token_hash, seed)
    VALUES (sitting, exam, who, digest(token, 'sha256'), drawn);
  RETURN QUERY SELECT r.started_at, r.seed FROM exam_registrations r
    WHERE r.sitting_id = sitting;
END $$;
"""


def _progress_reader(table: str) -> sql.Composable:
    """``trainee_progress_<table>(tokens, since, fresh, keys)``: rows of the trainees whose
    tokens are given — changed since ``since``, all of those of the ``fresh`` tokens'
    trainees (signed in here since the last pull: their history comes at once), and those
    whose key is in ``keys`` (what changed rows refer to)."""
    columns = sql.SQL(", ").join(sql.SQL("r.{}").format(sql.Identifier(c))
                                 for c in (*COLUMNS[table], "change"))
    return sql.SQL(
        "CREATE INDEX IF NOT EXISTS {index} ON {table} (person_id, change); "
        "CREATE OR REPLACE FUNCTION {function}(tokens text[], since bigint, fresh text[], "
        "keys text[]) "
        "RETURNS SETOF {table} " + DEFINER + " STABLE AS $$ BEGIN RETURN QUERY "
        "SELECT {columns} FROM {table} r WHERE r.person_id IN (SELECT token_trainee(t) FROM "
        "unnest(tokens) t) AND (r.change > since OR r.{key} = ANY(keys) OR r.person_id IN "
        "(SELECT token_trainee(t) FROM unnest(fresh) t)); END $$").format(
            function=sql.Identifier(f"trainee_progress_{table}"),
            index=sql.Identifier(f"shared_{table}_of_a_person"),
            table=sql.Identifier(f"shared_{table}"), columns=columns,
            key=sql.Identifier(KEYS[table]))


_NEWEST = sql.SQL(
    "CREATE OR REPLACE FUNCTION trainee_progress_newest(tokens text[]) RETURNS bigint " + DEFINER
    + " STABLE AS $$ BEGIN RETURN greatest(" + ", ".join(
        f"(SELECT max(change) FROM shared_{t} WHERE person_id IN (SELECT token_trainee(x) "
        f"FROM unnest(tokens) x))" for t in TOKEN_READS) + ", 0); END $$")


def identity(desktop: str, instructor: str, school: str) -> list[sql.Composable]:
    """The statements of version 8 (see the module's docstring)."""
    d, i = sql.Identifier(desktop), sql.Identifier(instructor)
    statements: list[sql.Composable] = [
        sql.SQL(_TABLES), sql.SQL(_SIGN_IN), sql.SQL(_PUSH_AND_REGISTER),
        *(_progress_reader(table) for table in TOKEN_READS), _NEWEST]
    mine = ["trainee_sign_in(text, text, text)", "push_batch(text, jsonb)",
            "register_sitting(text, text, text)",
            "trainee_progress_newest(text[])",
            *(f"trainee_progress_{t}(text[], bigint, text[], text[])" for t in TOKEN_READS)]
    internal = ["token_trainee(text)", "signed_in_trainee(text)", "random_seed()"]
    for function in (*mine, *internal):
        statements.append(sql.SQL(f"REVOKE ALL ON FUNCTION {function} FROM PUBLIC"))
    for function in mine:
        statements.append(sql.SQL(f"GRANT EXECUTE ON FUNCTION {function} TO {{}}, {{}}").format(
            d, i))
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
