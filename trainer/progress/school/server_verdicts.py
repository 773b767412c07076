"""Version 9 of the school server's schema: the server tells a verdict only once what it
costs is kept.

Whoever holds the desktop role's password calls the server's functions inside a
transaction of their own, and may roll it back, or make the statement fail, once they have
read the answer. What a function wrote then goes with the rollback: under version 8 a wrong
PIN's count and wait went, so every PIN could be tried without a wait or a lock; and a
registration went, after its seed had told the sitting's questions (seen before a sitting
was used up, and drawn again until liked). So:

- **A PIN try is charged before it is checked.** ``trainee_sign_in`` counts the try as a
  wrong one (the wait and, at :data:`~.server_identity.LOCK_AFTER`, the lock) before it
  compares the PIN, whatever the PIN, so that nothing in the transaction differs between a
  right PIN and a wrong one; it keeps the verdict on the server and returns only a ticket.
  ``trainee_sign_in_outcome(ticket)`` tells the verdict (and on a right PIN takes the
  charge back, sets a new PIN and gives the token) only once the try's transaction has
  committed: a try rolled back tells nothing.
- **A sitting's seed is told once its registration is kept.** ``register_sitting`` gives
  the seed of a registration only once the transaction that made it has committed (the
  desktop asks twice: the sitting is then used up, and its time runs). It refuses an exam
  the server does not have before anything else, so that no lock is taken for it.
"""

from __future__ import annotations

from psycopg import sql

from trainer.progress.school.server_identity import (
    DEFINER,
    LOCK_AFTER,
    LONGEST_WAIT_S,
    REGISTRATIONS_PER_MINUTE,
)

#: A try whose verdict was never asked for is forgotten after this long.
TRY_KEPT = "1 hour"

_TRIES = f"""
CREATE TABLE IF NOT EXISTS sign_in_tries (
  ticket bytea PRIMARY KEY, person_id text NOT NULL, xact xid8 NOT NULL,
  made_at timestamptz NOT NULL DEFAULT now(), verdict text NOT NULL,
  wait_s integer NOT NULL DEFAULT 0, new_pin_given boolean NOT NULL, new_hash text);
CREATE INDEX IF NOT EXISTS sign_in_tries_of_a_person ON sign_in_tries (person_id);
ALTER TABLE exam_registrations ADD COLUMN IF NOT EXISTS xact xid8;
DROP FUNCTION IF EXISTS trainee_sign_in(text, text, text);

CREATE FUNCTION trainee_sign_in(person text, pin text, new_pin text DEFAULT NULL)
RETURNS text {DEFINER} AS $$
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
    DELETE FROM sign_in_tries t WHERE t.person_id = person
      AND t.made_at < now() - interval '{TRY_KEPT}';
    IF p.locked_at IS NOT NULL THEN
      verdict := 'locked';
    ELSIF p.wait_until > clock_timestamp() THEN
      verdict := 'wait';
      waits := ceil(extract(epoch FROM p.wait_until - clock_timestamp()))::integer;
    ELSE
      waits := least({LONGEST_WAIT_S}, power(2, p.failures)::integer);
      UPDATE trainee_pins SET failures = failures + 1,
        wait_until = clock_timestamp() + make_interval(secs => waits),
        locked_at = CASE WHEN failures + 1 >= {LOCK_AFTER} THEN now() END
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

CREATE OR REPLACE FUNCTION trainee_sign_in_outcome(ticket text)
RETURNS TABLE (outcome text, token text, wait_s integer) {DEFINER} AS $$
DECLARE
  t sign_in_tries;
  made text;
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
        AND p.locked_at IS NOT NULL) THEN 'locked' ELSE t.verdict END, NULL::text, t.wait_s;
    RETURN;
  END IF;
  UPDATE trainee_pins SET failures = 0, wait_until = NULL, locked_at = NULL
    WHERE person_id = t.person_id;
  IF t.new_pin_given THEN
    IF t.new_hash IS NULL THEN
      RETURN QUERY SELECT 'bad_new_pin'::text, NULL::text, 0; RETURN;
    END IF;
    UPDATE trainee_pins SET hash = t.new_hash, must_change = false, set_at = now()
      WHERE person_id = t.person_id;
  ELSIF (SELECT p.must_change FROM trainee_pins p WHERE p.person_id = t.person_id) THEN
    RETURN QUERY SELECT 'change'::text, NULL::text, 0; RETURN;
  END IF;
  made := encode(gen_random_bytes(32), 'hex');
  INSERT INTO trainee_tokens (hash, person_id) VALUES (digest(made, 'sha256'), t.person_id);
  RETURN QUERY SELECT 'ok'::text, made, 0;
END $$;
"""

_REGISTER = f"""
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
    RETURN QUERY SELECT known.started_at, CASE WHEN known.xact IS NULL
      OR pg_xact_status(known.xact) = 'committed' THEN known.seed END;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM exam_registrations WHERE sitting_id = sitting) THEN
    RAISE EXCEPTION 'this sitting is registered for someone else' USING ERRCODE = 'CT006';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM shared_exams e WHERE e.id = exam) THEN
    RAISE EXCEPTION 'the school server has no such exam' USING ERRCODE = 'foreign_key_violation';
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
  INSERT INTO exam_registrations (sitting_id, exam_id, person_id, token_hash, seed, xact)
    VALUES (sitting, exam, who, digest(token, 'sha256'), drawn, pg_current_xact_id());
  RETURN QUERY SELECT r.started_at, NULL::bigint FROM exam_registrations r
    WHERE r.sitting_id = sitting;
END $$;
"""


def kept_verdicts(desktop: str, instructor: str) -> list[sql.Composable]:
    """The statements of version 9 (see the module's docstring)."""
    d, i = sql.Identifier(desktop), sql.Identifier(instructor)
    statements: list[sql.Composable] = [sql.SQL(_TRIES), sql.SQL(_REGISTER)]
    for function in ("trainee_sign_in(text, text, text)", "trainee_sign_in_outcome(text)"):
        statements += [
            sql.SQL(f"REVOKE ALL ON FUNCTION {function} FROM PUBLIC"),
            sql.SQL(f"GRANT EXECUTE ON FUNCTION {function} TO {{}}, {{}}").format(d, i)]
    return statements
