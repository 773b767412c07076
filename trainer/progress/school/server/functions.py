"""The functions the school server's roles call, as they are now, made again by every
``server init`` that migrates the schema.

The tables change by versions (:mod:`.schema`'s migrations); a function is simply
replaced, so each is written once, here, in its current form: the versions that changed
them (8, 9, 10) say why in their own modules (:mod:`.identity`,
:mod:`.verdicts`), and :func:`functions` makes these after the last migration step.

Version 13 gives each sitting secrets of its own (:mod:`.verdicts`): ``register_sitting``
returns one with a registration made with a sitting key (or told again with one), and
``resume_sitting`` another when the trainee types their PIN on a desktop where their
sitting waits; ``push_batch`` takes a batch holding any row of a sitting (the sitting, its
answers, its result) only with one of that sitting's :data:`SECRETS_KEPT` newest secrets.

Version 10 adds two things:

- **An exam starts with the PIN, typed for it.** A token kept on a desktop is enough to
  practise (and a shared desktop's file holds the tokens of everyone who signed in there);
  it is not enough to start an exam. Each kept sign-in also gives a *sitting key*: random,
  never written to a desktop's file, good for :data:`SITTING_KEY_LIFETIME` and one
  registration of the trainee who typed the PIN. ``register_sitting`` makes a new
  registration only with such a key (a sitting registered already is told again without).
  An instructor who signs a trainee out everywhere or gives them a first PIN ends their
  keys too (``end_sitting_keys``): a key taken with a PIN seen over a shoulder dies with
  the sign-ins it came with.
- **An instructor ends what holds a trainee's sign-in.** A PIN try holds its trainee's row
  of ``trainee_pins`` until the caller's transaction ends, and the desktop role may lift
  its own time-outs: ``end_sign_in_holders`` (the instructor role's, called by the desk's
  Unlock) ends the desktop sessions holding that row.
"""

from __future__ import annotations

from psycopg import sql

from trainer.progress.bundles.format import COLUMNS, KEYS
from trainer.progress.school.server.identity import (
    BATCH_BYTES,
    BATCH_ROWS,
    DEFINER,
    LOCK_AFTER,
    LONGEST_WAIT_S,
    REGISTRATIONS_PER_MINUTE,
    TOKEN_READS,
)
from trainer.progress.school.server.statements import Statement

#: A try whose verdict was never asked for is forgotten after this long.
TRY_KEPT = "1 hour"
#: How long a sitting key is good for, from the sign-in that gave it.
SITTING_KEY_LIFETIME = "5 minutes"
#: The newest secrets of a sitting the server takes (one per desktop where its trainee
#: typed the PIN for it; an older one ends when a newer is given past these).
SECRETS_KEPT = 8

_TOKENS = """
CREATE FUNCTION token_trainee(token text) RETURNS text {definer} STABLE AS $$
BEGIN
  RETURN (SELECT t.person_id FROM trainee_tokens t
          WHERE t.hash = digest(coalesce(token, ''), 'sha256') AND t.revoked_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM shared_deleted_people d
                          WHERE d.person_id = t.person_id AND d.merged_into IS NULL));
END $$;

CREATE FUNCTION signed_in_trainee(token text) RETURNS text {definer} STABLE AS $$
DECLARE who text := token_trainee(token);
BEGIN
  IF who IS NULL THEN
    RAISE EXCEPTION 'this trainee is not signed in to the school server'
      USING ERRCODE = 'CT020';
  END IF;
  RETURN who;
END $$;

CREATE FUNCTION random_seed() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT ('x' || encode(gen_random_bytes(8), 'hex'))::bit(64)::bigint & 9223372036854775807 $$;
"""

#: A try is charged (as a wrong PIN) before it is checked, its verdict kept for
#: ``trainee_sign_in_outcome`` to tell once the try's transaction has committed. It clears
#: the trainee's old tries that nobody holds: a try whose verdict is asked for in a
#: transaction left open holds its row, and the desk's Unlock looks only at ``trainee_pins``.
_SIGN_IN = """
CREATE FUNCTION trainee_sign_in(person text, pin text, new_pin text DEFAULT NULL)
RETURNS text {definer} AS $$
DECLARE
  p trainee_pins;
  verdict text;
  waits integer := 0;
  made text := encode(gen_random_bytes(32), 'hex');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM shared_people WHERE id = person AND role = 'trainee')
     OR EXISTS (SELECT 1 FROM shared_deleted_people WHERE person_id = person) THEN
    verdict := 'unknown';
  ELSE
    BEGIN
      SELECT * INTO STRICT p FROM trainee_pins WHERE person_id = person FOR UPDATE NOWAIT;
    EXCEPTION
      WHEN lock_not_available THEN verdict := 'busy';
      WHEN no_data_found THEN verdict := 'no_pin';
    END;
  END IF;
  IF verdict IS NULL THEN
    DELETE FROM sign_in_tries t WHERE t.ticket IN (SELECT s.ticket FROM sign_in_tries s
      WHERE s.person_id = person AND s.made_at < now() - interval '{try_kept}'
      FOR UPDATE SKIP LOCKED);
    IF p.locked_at IS NOT NULL THEN
      verdict := 'locked';
    ELSIF p.wait_until > clock_timestamp() THEN
      verdict := 'wait';
      waits := ceil(extract(epoch FROM p.wait_until - clock_timestamp()))::integer;
    ELSE
      waits := least({longest_wait}, power(2, p.failures)::integer);
      UPDATE trainee_pins SET failures = failures + 1,
        wait_until = clock_timestamp() + make_interval(secs => waits),
        locked_at = CASE WHEN failures + 1 >= {lock_after} THEN now() END
        WHERE person_id = person;
      verdict := CASE WHEN pin IS NOT NULL AND p.hash = crypt(pin, p.hash) THEN 'right'
                      ELSE 'wrong' END;
    END IF;
  END IF;
  INSERT INTO sign_in_tries (ticket, person_id, xact, verdict, wait_s, new_pin_given, new_hash)
    VALUES (digest(made, 'sha256'), person, pg_current_xact_id(), verdict, waits,
            new_pin IS NOT NULL,
            CASE WHEN new_pin ~ '^[0-9]{{4,8}}$' AND new_pin IS DISTINCT FROM pin
                 THEN crypt(new_pin, gen_salt('bf', 8)) END);
  RETURN made;
END $$;

CREATE FUNCTION trainee_sign_in_outcome(ticket text)
RETURNS TABLE (outcome text, token text, wait_s integer, sitting_key text) {definer} AS $$
DECLARE
  t sign_in_tries;
  made text;
  key text;
BEGIN
  SELECT * INTO t FROM sign_in_tries s
    WHERE s.ticket = digest(coalesce(trainee_sign_in_outcome.ticket, ''), 'sha256') FOR UPDATE;
  IF NOT FOUND OR pg_xact_status(t.xact) IS DISTINCT FROM 'committed' THEN
    RAISE EXCEPTION 'this sign-in was not kept on the school server' USING ERRCODE = 'CT022';
  END IF;
  DELETE FROM sign_in_tries s WHERE s.ticket = t.ticket;
  IF t.verdict <> 'right' THEN
    RETURN QUERY SELECT CASE WHEN t.verdict = 'wrong' AND EXISTS (
        SELECT 1 FROM trainee_pins p WHERE p.person_id = t.person_id
        AND p.locked_at IS NOT NULL) THEN 'locked' ELSE t.verdict END, NULL::text, t.wait_s,
      NULL::text;
    RETURN;
  END IF;
  UPDATE trainee_pins SET failures = 0, wait_until = NULL, locked_at = NULL
    WHERE person_id = t.person_id;
  IF t.new_pin_given THEN
    IF t.new_hash IS NULL THEN
      RETURN QUERY SELECT 'bad_new_pin'::text, NULL::text, 0, NULL::text; RETURN;
    END IF;
    UPDATE trainee_pins SET hash = t.new_hash, must_change = false, set_at = now()
      WHERE person_id = t.person_id;
  ELSIF (SELECT p.must_change FROM trainee_pins p WHERE p.person_id = t.person_id) THEN
    RETURN QUERY SELECT 'change'::text, NULL::text, 0, NULL::text; RETURN;
  END IF;
  made := encode(gen_random_bytes(32), 'hex');
  key := encode(gen_random_bytes(32), 'hex');
  INSERT INTO trainee_tokens (hash, person_id) VALUES (digest(made, 'sha256'), t.person_id);
  DELETE FROM sitting_keys k WHERE k.person_id = t.person_id
    AND k.made_at < now() - interval '{try_kept}';
  INSERT INTO sitting_keys (hash, person_id) VALUES (digest(key, 'sha256'), t.person_id);
  RETURN QUERY SELECT 'ok'::text, made, 0, key;
END $$;
"""

_PUSH_AND_REGISTER = """
CREATE FUNCTION push_batch(token text, batch jsonb, secrets text[] DEFAULT '{{}}')
RETURNS bigint {definer} AS $$
DECLARE
  who text := signed_in_trainee(token);
  made bigint;
BEGIN
  IF jsonb_typeof(batch) IS DISTINCT FROM 'object' OR octet_length(batch::text) > {batch_bytes}
     OR (SELECT coalesce(sum(CASE WHEN jsonb_typeof(value) = 'array'
                                  THEN jsonb_array_length(value) ELSE 1 END), 0)
         FROM jsonb_each(batch)) > {batch_rows} THEN
    RAISE EXCEPTION 'a batch is at most {batch_bytes} bytes and {batch_rows} rows'
      USING ERRCODE = 'CT021';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_each(batch) t
             WHERE jsonb_typeof(t.value) <> 'array'
             OR jsonb_array_length(batch_rows(batch, t.key)) <> jsonb_array_length(
               CASE WHEN jsonb_typeof(t.value) = 'array' THEN t.value ELSE '[]' END)
             OR EXISTS (SELECT 1 FROM jsonb_array_elements(batch_rows(batch, t.key)) r,
                        jsonb_each(r) c WHERE jsonb_typeof(c.value) IN ('object', 'array')))
  THEN  -- what no desktop sends, and a desk could not read (nested thousands deep)
    RAISE EXCEPTION 'a batch is an object of tables, each an array of rows of plain values'
      USING ERRCODE = 'CT021';
  END IF;
  IF EXISTS (SELECT 1 FROM batch_sittings(batch) b(sitting) WHERE NOT EXISTS (
      SELECT 1 FROM sitting_secrets s JOIN exam_registrations r ON r.sitting_id = s.sitting_id
      WHERE s.sitting_id = b.sitting AND r.person_id = who AND s.hash IN (
        SELECT digest(given, 'sha256') FROM unnest(secrets) given))) THEN
    RAISE EXCEPTION 'a sitting''s rows go only with a secret its registration gave'
      USING ERRCODE = 'CT022';
  END IF;
  INSERT INTO inbox (batch, person_id) VALUES (batch, who) RETURNING id INTO made;
  RETURN made;
END $$;

CREATE FUNCTION batch_sittings(batch jsonb) RETURNS SETOF text {definer} IMMUTABLE AS $$
BEGIN
  RETURN QUERY SELECT DISTINCT x.sitting FROM (
    SELECT r ->> 'id' FROM jsonb_array_elements(batch_rows(batch, 'sittings')) r
    UNION ALL SELECT r ->> 'sitting_id' FROM jsonb_array_elements(batch_rows(batch, 'attempts')) r
    UNION ALL SELECT r ->> 'sitting_id' FROM jsonb_array_elements(batch_rows(batch, 'results')) r
  ) x(sitting) WHERE x.sitting IS NOT NULL;
END $$;

CREATE FUNCTION batch_rows(batch jsonb, tbl text) RETURNS jsonb {definer} IMMUTABLE AS $$
BEGIN
  RETURN (SELECT CASE WHEN jsonb_typeof(batch -> tbl) = 'array'
                      THEN (SELECT coalesce(jsonb_agg(r), '[]') FROM jsonb_array_elements(
                              batch -> tbl) r WHERE jsonb_typeof(r) = 'object')
                      ELSE '[]' END);
END $$;

CREATE FUNCTION register_sitting(token text, exam text, sitting text, key text)
RETURNS TABLE (started_at timestamptz, seed bigint, secret text) {definer} AS $$
#variable_conflict use_column
DECLARE
  who text := signed_in_trainee(token);
  known exam_registrations;
  drawn bigint;
BEGIN
  SELECT * INTO known FROM exam_registrations r
    WHERE r.sitting_id = sitting AND r.exam_id = exam AND r.person_id = who;
  IF FOUND THEN  -- told again; with a key of its trainee, a new secret too (a resumed sitting)
    RETURN QUERY SELECT known.started_at, CASE WHEN known.xact IS NULL
      OR pg_xact_status(known.xact) = 'committed' THEN known.seed END,
      resume_sitting(token, sitting, register_sitting.key);
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM exam_registrations WHERE sitting_id = sitting) THEN
    RAISE EXCEPTION 'this sitting is registered for someone else' USING ERRCODE = 'CT006';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM shared_exams e WHERE e.id = exam) THEN
    RAISE EXCEPTION 'the school server has no such exam' USING ERRCODE = 'foreign_key_violation';
  END IF;
  UPDATE sitting_keys k SET used_at = now()
    WHERE k.hash = digest(coalesce(register_sitting.key, ''), 'sha256') AND k.person_id = who
    AND k.used_at IS NULL AND k.made_at > now() - interval '{key_lifetime}';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'an exam starts only with the PIN of its trainee, typed for it'
      USING ERRCODE = 'CT007';
  END IF;
  IF (SELECT count(*) FROM exam_registrations WHERE person_id = who
      AND started_at > now() - interval '1 minute') >= {per_minute} THEN
    RAISE EXCEPTION 'too many registrations in a minute' USING ERRCODE = 'CT004';
  END IF;
  IF (SELECT e.same_questions FROM shared_exams e WHERE e.id = exam) = 1 THEN
    INSERT INTO exam_question_seeds (exam_id, seed) VALUES (exam, random_seed())
      ON CONFLICT (exam_id) DO NOTHING;
    drawn := (SELECT q.seed FROM exam_question_seeds q WHERE q.exam_id = exam);
  ELSE
    drawn := random_seed();
  END IF;
  INSERT INTO exam_registrations (sitting_id, exam_id, person_id, token_hash, seed, xact)
    VALUES (sitting, exam, who, digest(token, 'sha256'), drawn, pg_current_xact_id());
  RETURN QUERY SELECT r.started_at, NULL::bigint, sitting_secret(sitting)
    FROM exam_registrations r WHERE r.sitting_id = sitting;
END $$;

CREATE FUNCTION resume_sitting(token text, sitting text, key text) RETURNS text {definer} AS $$
DECLARE who text := signed_in_trainee(token);
BEGIN
  IF EXISTS (SELECT 1 FROM exam_registrations r WHERE r.sitting_id = sitting
             AND r.person_id = who AND (r.xact IS NULL OR pg_xact_status(r.xact) = 'committed'))
     AND EXISTS (SELECT 1 FROM sitting_keys k
                 WHERE k.hash = digest(coalesce(key, ''), 'sha256') AND k.person_id = who
                 AND k.made_at > now() - interval '{key_lifetime}') THEN
    RETURN sitting_secret(sitting);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION sitting_secret(sitting text) RETURNS text {definer} AS $$
DECLARE made text := encode(gen_random_bytes(32), 'hex');
BEGIN
  DELETE FROM sitting_secrets s WHERE s.sitting_id = sitting AND s.hash NOT IN (
    SELECT k.hash FROM sitting_secrets k WHERE k.sitting_id = sitting
    ORDER BY k.made_at DESC LIMIT {secrets_kept} - 1);
  INSERT INTO sitting_secrets (hash, sitting_id) VALUES (digest(made, 'sha256'), sitting);
  RETURN made;
END $$;
"""

#: An exam that gives everyone the same questions gets its one seed when it reaches the
#: server (version 11), not at its first registration: a first registration left open held
#: that seed's row, not committed, and every classmate's registration waited for it. The
#: exams already on the server get theirs now (made again by each migrating ``server init``:
#: an exam that has one keeps it).
_EXAM_SEEDS = """
CREATE FUNCTION exam_seed_drawn() RETURNS trigger {definer} AS $$
BEGIN
  IF NEW.same_questions = 1 THEN
    INSERT INTO exam_question_seeds (exam_id, seed) VALUES (NEW.id, random_seed())
      ON CONFLICT (exam_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS exam_seed_drawn ON shared_exams;
CREATE TRIGGER exam_seed_drawn AFTER INSERT ON shared_exams
  FOR EACH ROW EXECUTE FUNCTION exam_seed_drawn();
INSERT INTO exam_question_seeds (exam_id, seed)
  SELECT e.id, random_seed() FROM shared_exams e WHERE e.same_questions = 1
  ON CONFLICT (exam_id) DO NOTHING;
"""

#: The desktop sessions whose transaction holds a trainee's row of ``trainee_pins``, as
#: ``pgrowlocks`` finds them (a row lock is not in ``pg_locks``; the row's ``xmax`` is a
#: multixact once the try has locked and then written it).
_HOLDERS = """
CREATE FUNCTION end_sign_in_holders(person text) RETURNS integer {definer} AS $$
DECLARE
  ended integer := 0;
  holder integer;
BEGIN
  FOR holder IN SELECT DISTINCT h.pid FROM trainee_pins p
      JOIN pgrowlocks('trainee_pins') r ON r.locked_row = p.ctid
      CROSS JOIN unnest(r.pids) h(pid) JOIN pg_stat_activity a ON a.pid = h.pid
      WHERE p.person_id = person AND h.pid <> pg_backend_pid() AND a.usesysid IN (
        SELECT m.member FROM pg_auth_members m WHERE m.roleid = {desktop}::regrole) LOOP
    IF pg_terminate_backend(holder) THEN
      ended := ended + 1;
    END IF;
  END LOOP;
  RETURN ended;
END $$;

CREATE FUNCTION end_sitting_keys(person text) RETURNS integer {definer} AS $$
DECLARE ended integer;
BEGIN
  DELETE FROM sitting_keys k WHERE k.person_id = person;
  GET DIAGNOSTICS ended = ROW_COUNT;
  RETURN ended;
END $$;
"""


def _progress_reader(table: str) -> Statement:
    """``trainee_progress_<table>(tokens, since, fresh, keys)``: rows of the trainees whose
    tokens are given — changed since ``since``, all of those of the ``fresh`` tokens'
    trainees (signed in here since the last pull: their history comes at once), and those
    whose key is in ``keys`` (what changed rows refer to)."""
    columns = sql.SQL(", ").join(sql.SQL("r.{}").format(sql.Identifier(c))
                                 for c in (*COLUMNS[table], "change"))
    return sql.SQL(
        "CREATE FUNCTION {function}(tokens text[], since bigint, fresh text[], keys text[]) "
        "RETURNS SETOF {table} " + DEFINER + " STABLE AS $$ BEGIN RETURN QUERY "
        "SELECT {columns} FROM {table} r WHERE r.person_id IN (SELECT token_trainee(t) FROM "
        "unnest(tokens) t) AND (r.change > since OR r.{key} = ANY(keys) OR r.person_id IN "
        "(SELECT token_trainee(t) FROM unnest(fresh) t)); END $$").format(
            function=sql.Identifier(f"trainee_progress_{table}"),
            table=sql.Identifier(f"shared_{table}"), columns=columns,
            key=sql.Identifier(KEYS[table]))


_NEWEST = sql.SQL(
    "CREATE FUNCTION trainee_progress_newest(tokens text[]) RETURNS bigint " + DEFINER
    + " STABLE AS $$ BEGIN RETURN greatest(" + ", ".join(
        f"(SELECT max(change) FROM shared_{t} WHERE person_id IN (SELECT token_trainee(x) "
        f"FROM unnest(tokens) x))" for t in TOKEN_READS) + ", 0); END $$")

#: The functions a desktop calls (the instructor role may call them too).
DESKTOPS = ("trainee_sign_in(text, text, text)", "trainee_sign_in_outcome(text)",
            "push_batch(text, jsonb, text[])", "register_sitting(text, text, text, text)",
            "resume_sitting(text, text, text)",
            "trainee_progress_newest(text[])",
            *(f"trainee_progress_{t}(text[], bigint, text[], text[])" for t in TOKEN_READS))
#: The functions only instructors call.
INSTRUCTORS = ("end_sign_in_holders(text)", "end_sitting_keys(text)")
#: The functions only the others call.
INTERNAL = ("token_trainee(text)", "signed_in_trainee(text)", "random_seed()",
            "exam_seed_drawn()", "sitting_secret(text)", "batch_sittings(jsonb)",
            "batch_rows(jsonb, text)")
#: Every signature any version made, dropped before the current ones are made.
_MADE_BEFORE = (*DESKTOPS, *INSTRUCTORS, *INTERNAL, "register_sitting(text, text, text)",
                "push_batch(text, jsonb)")


def functions(desktop: str, instructor: str) -> list[Statement]:
    """Drop every function of a version before, make the current ones, and grant each to
    whom it is for (see the module's docstring)."""
    d, i = sql.Identifier(desktop), sql.Identifier(instructor)
    values = {"definer": DEFINER, "try_kept": TRY_KEPT, "longest_wait": LONGEST_WAIT_S,
              "lock_after": LOCK_AFTER, "batch_bytes": BATCH_BYTES, "batch_rows": BATCH_ROWS,
              "key_lifetime": SITTING_KEY_LIFETIME, "per_minute": REGISTRATIONS_PER_MINUTE,
              "secrets_kept": SECRETS_KEPT}
    statements: list[Statement] = [
        sql.SQL(f"DROP FUNCTION IF EXISTS {function} CASCADE")  # a trigger made again below
        for function in _MADE_BEFORE]
    statements += [sql.SQL(text.format(**values)) for text in (_TOKENS, _SIGN_IN,
                                                                _PUSH_AND_REGISTER,
                                                                _EXAM_SEEDS)]
    statements += [sql.SQL(_HOLDERS.format(definer=DEFINER, desktop="{desktop}")).format(
        desktop=sql.Literal(desktop))]
    statements += [*(_progress_reader(table) for table in TOKEN_READS), _NEWEST]
    statements += [sql.SQL(f"REVOKE ALL ON FUNCTION {function} FROM PUBLIC")
                   for function in (*DESKTOPS, *INSTRUCTORS, *INTERNAL)]
    statements += [sql.SQL(f"GRANT EXECUTE ON FUNCTION {function} TO {{}}, {{}}").format(d, i)
                   for function in DESKTOPS]
    statements += [sql.SQL(f"GRANT EXECUTE ON FUNCTION {function} TO {{}}").format(i)
                   for function in INSTRUCTORS]
    return statements
