"""The school server's schema and roles (PostgreSQL), made and migrated by ``server init``.

The shared tables are the bundle's tables (:data:`~trainer.progress.bundles.format.COLUMNS`),
with the column types of the local store's own tables: one description serves the desktop's
SQLite file, the bundle files and the server. Each shared row carries ``change``, a number
from one sequence, set whenever the row is written; every writing transaction takes one lock
first, so a desktop that has seen every change up to ``n`` misses none below it.

Two roles per school (PostgreSQL's own privileges decide, not the client):

- ``<school>_desktop`` is the group of the desktops' logins (one per desktop, ``server
  add-desktop``, from version 12; :mod:`.desktops`), and anyone may use a desktop's
  password with ``psql``. It may add batches to the ``inbox`` and read the shared tables a
  trainee desktop needs; it can change nothing shared, read no password or PIN, and read no
  inbox.
- ``<school>_instructor`` (no login) holds what the instructor desk does: it writes the
  shared tables and empties the inbox. Each instructor logs in with a login of their own that
  is a member of it (``server add-instructor``), typed at sign-in and never stored.

What must never change does not change on the server either, whoever writes: answers and
exams are never updated, a session's end and a sitting's submission are set once, results
are final; rows go only with their person.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from psycopg import sql

from trainer.progress.bundles.format import COLUMNS, KEYS, STORED_IN, TABLES
from trainer.progress.records import COLUMNS as RECORD_COLUMNS
from trainer.progress.records import RECORDS
from trainer.progress.school.errors import SchoolError as SchoolError  # where it was
from trainer.progress.school.server.desktops import one_login_per_desktop
from trainer.progress.school.server.identity import identity
from trainer.progress.school.server.statements import Statement
from trainer.progress.school.server.verdicts import (
    kept_verdicts,
    sitting_keys,
    sitting_secrets,
)
from trainer.progress.storage.database import connection

#: The newest schema this app knows; ``server init`` refuses a server with a newer one.
SCHEMA_VERSION = 13
_TYPES = {"TEXT": "text", "INTEGER": "bigint", "REAL": "double precision", "FLOAT":
          "double precision"}
_SCHOOL = re.compile(r"[a-z][a-z0-9_]{0,40}")
#: Columns a shared row may change, once, from empty to set; every other column never changes.
SET_ONCE = {"sessions": ("ended_at",), "sittings": ("submitted_at",)}
#: Shared tables a desktop reads itself (never passwords, PINs or anyone's progress: a
#: trainee's own progress only through their token, see :mod:`.identity`).
DESKTOP_READS = ("people", "exams", "deleted_people", "settings", "classes", "exam_terms")


def shared(table: str) -> str:
    return f"shared_{table}"


def role_names(school: str) -> tuple[str, str]:
    """The desktop role and the instructors' group role of a school (its database name)."""
    if not _SCHOOL.fullmatch(school):
        raise ValueError(f"a school's database name is lower-case letters, digits and _: "
                         f"{school!r}")
    return f"{school}_desktop", f"{school}_instructor"


def local_types() -> dict[str, dict[str, str]]:
    """Each bundle table's columns with the PostgreSQL type of the local store's column."""
    from trainer.progress.storage.store import Store  # the local schema, made as a desktop makes it
    with tempfile.TemporaryDirectory() as folder:
        with Store(Path(folder) / "schema.sqlite3", backup=False) as store:
            found = {table: {row[1]: row[2] for row in connection(store).execute(
                f"PRAGMA table_info({STORED_IN[table]})")} for table in TABLES}
    return {table: {column: _TYPES[found[table][column].upper()]
                    for column in COLUMNS[table]} for table in TABLES}


#: The advisory lock of the one writer of the shared tables at a time (an instructor's
#: publishing, each statement that changes them): the changes' numbers then follow the
#: order of commits. Only the instructors' logins can take it (the desktop role's
#: functions never do), so no desktop can hold up a merge with it.
ONE_WRITER_LOCK = 7277


def _tables(types: dict[str, dict[str, str]]) -> list[Statement]:
    statements: list[Statement] = [sql.SQL(
        "CREATE SEQUENCE changes; "
        "CREATE FUNCTION one_writer_at_a_time() RETURNS trigger LANGUAGE plpgsql AS $$ "
        f"BEGIN PERFORM pg_advisory_xact_lock({ONE_WRITER_LOCK}); RETURN NULL; END $$; "
        "CREATE FUNCTION stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$ "
        "BEGIN NEW.change := nextval('changes'); RETURN NEW; END $$")]
    for table in TABLES:
        columns = sql.SQL(", ").join(
            sql.SQL("{} {}").format(sql.Identifier(name), sql.SQL(kind))
            for name, kind in types[table].items())
        statements.append(sql.SQL(
            "CREATE TABLE {table} ({columns}, change bigint NOT NULL, PRIMARY KEY ({key}))"
        ).format(table=sql.Identifier(shared(table)), columns=columns,
                 key=sql.Identifier(KEYS[table])))
    statements.append(sql.SQL(
        "CREATE TABLE shared_deleted_people (person_id text PRIMARY KEY, deleted_at text "
        "NOT NULL, change bigint NOT NULL)"))
    for table in (*TABLES, "deleted_people"):
        name = sql.Identifier(shared(table))
        statements.append(sql.SQL(
            "CREATE INDEX ON {table} (change); "
            "CREATE TRIGGER one_writer BEFORE INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION one_writer_at_a_time(); "
            "CREATE TRIGGER changed BEFORE INSERT OR UPDATE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION stamp_change()").format(table=name))
    statements.append(sql.SQL(
        "CREATE TABLE inbox (id bigserial PRIMARY KEY, pushed_by name NOT NULL DEFAULT "
        "session_user, pushed_at timestamptz NOT NULL DEFAULT now(), batch jsonb NOT NULL); "
        "CREATE TABLE refused_batches (id bigint PRIMARY KEY, pushed_by name NOT NULL, "
        "pushed_at timestamptz NOT NULL, batch jsonb NOT NULL, reason text NOT NULL, "
        "refused_at timestamptz NOT NULL DEFAULT now())"))
    return statements


def _frozen() -> list[Statement]:
    """Triggers: what the desk may never change, refused by the server whoever writes."""
    statements: list[Statement] = []
    for table, what in (("attempts", "answers are never changed"),
                        ("exams", "exams are never changed"),
                        ("results", "exam results are final"),
                        ("extra_time", "extra time grants are never changed")):
        statements.append(sql.SQL(
            "CREATE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "RAISE EXCEPTION {what}; END $$; "
            "CREATE TRIGGER never_changed BEFORE UPDATE ON {table} FOR EACH ROW "
            "EXECUTE FUNCTION {function}()").format(
                function=sql.Identifier(f"refuse_changing_{table}"),
                what=sql.Literal(what), table=sql.Identifier(shared(table))))
    for table, columns in SET_ONCE.items():
        changes = sql.SQL(" OR ").join(
            sql.SQL("NEW.{c} IS DISTINCT FROM OLD.{c}").format(c=sql.Identifier(c))
            for c in COLUMNS[table] if c not in columns)
        once = sql.SQL(" OR ").join(
            sql.SQL("(OLD.{c} IS NOT NULL AND NEW.{c} IS DISTINCT FROM OLD.{c})").format(
                c=sql.Identifier(c)) for c in columns)
        statements.append(sql.SQL(
            "CREATE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "IF {changes} OR {once} THEN RAISE EXCEPTION {what}; END IF; RETURN NEW; END $$; "
            "CREATE TRIGGER set_once BEFORE UPDATE ON {table} FOR EACH ROW "
            "EXECUTE FUNCTION {function}()").format(
                function=sql.Identifier(f"set_once_{table}"), changes=changes, once=once,
                what=sql.Literal(f"a {table[:-1]} changes only once, by {columns[0]}"),
                table=sql.Identifier(shared(table))))
    return statements


def _roles(school: str, desktop_password: str) -> list[Statement]:
    desktop, instructor = role_names(school)
    everything = [sql.Identifier(shared(t)) for t in (*TABLES, "deleted_people")]
    reads = [sql.Identifier(shared(t)) for t in DESKTOP_READS  # settings v2, records v7
             if t in (*TABLES, "deleted_people")]
    return [
        sql.SQL("REVOKE ALL ON SCHEMA public FROM PUBLIC"),
        sql.SQL("REVOKE ALL ON DATABASE {db} FROM PUBLIC").format(db=sql.Identifier(school)),
        sql.SQL("GRANT CONNECT ON DATABASE {db} TO {d}, {i}; GRANT TEMPORARY ON DATABASE {db} "
                "TO {i}").format(
            db=sql.Identifier(school), d=sql.Identifier(desktop), i=sql.Identifier(instructor)),
        sql.SQL("GRANT USAGE ON SCHEMA public TO {d}, {i}").format(
            d=sql.Identifier(desktop), i=sql.Identifier(instructor)),
        sql.SQL("GRANT INSERT (batch) ON inbox TO {d}").format(d=sql.Identifier(desktop)),
        sql.SQL("GRANT USAGE ON SEQUENCE inbox_id_seq TO {d}").format(
            d=sql.Identifier(desktop)),
        sql.SQL("GRANT SELECT ON {tables} TO {d}").format(
            tables=sql.SQL(", ").join(reads), d=sql.Identifier(desktop)),
        sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON {tables}, inbox, refused_batches "
                "TO {i}").format(
            tables=sql.SQL(", ").join(everything), i=sql.Identifier(instructor)),
        sql.SQL("GRANT USAGE ON SEQUENCE changes, inbox_id_seq TO {i}").format(
            i=sql.Identifier(instructor)),
        sql.SQL("GRANT SELECT ON school_schema TO {d}, {i}").format(
            d=sql.Identifier(desktop), i=sql.Identifier(instructor)),
    ]


def _school_settings(school: str) -> list[Statement]:
    """Version 2: the school's settings (house rules, mastery targets); the latest written
    wins. Desktops read them; only instructors write them."""
    desktop, instructor = role_names(school)
    return [sql.SQL(
        "CREATE TABLE shared_settings (key text PRIMARY KEY, value text NOT NULL, "
        "change bigint NOT NULL); CREATE INDEX ON shared_settings (change); "
        "CREATE TRIGGER one_writer BEFORE INSERT OR UPDATE OR DELETE ON shared_settings "
        "FOR EACH STATEMENT EXECUTE FUNCTION one_writer_at_a_time(); "
        "CREATE TRIGGER changed BEFORE INSERT OR UPDATE ON shared_settings "
        "FOR EACH ROW EXECUTE FUNCTION stamp_change(); "
        "GRANT SELECT ON shared_settings TO {d}; "
        "GRANT SELECT, INSERT, UPDATE ON shared_settings TO {i}").format(
            d=sql.Identifier(desktop), i=sql.Identifier(instructor))]


def _exam_registrations(school: str) -> list[Statement]:
    """Version 3: an exam sitting is registered on the server before it starts, at the
    server's time: one sitting per trainee and exam, whichever desktop starts it."""
    desktop, instructor = role_names(school)
    return [sql.SQL(
        "CREATE TABLE exam_registrations (sitting_id text PRIMARY KEY, exam_id text NOT NULL "
        "REFERENCES shared_exams (id), person_id text NOT NULL, started_at timestamptz NOT "
        "NULL DEFAULT now(), UNIQUE (exam_id, person_id)); "
        "GRANT SELECT, INSERT (sitting_id, exam_id, person_id) ON exam_registrations TO {d}; "
        "GRANT SELECT, INSERT, DELETE ON exam_registrations TO {i}").format(
            d=sql.Identifier(desktop), i=sql.Identifier(instructor))]


def _exam_dates() -> list[Statement]:
    """Version 5: an exam may have an opening and a closing moment, and the server refuses
    a registration outside them by its own clock (whichever desktop asks, whatever its
    clock says). Servers made since the local store had the columns have them already."""
    return [sql.SQL(
        "ALTER TABLE shared_exams ADD COLUMN IF NOT EXISTS opens_at text, "
        "ADD COLUMN IF NOT EXISTS closes_at text; "
        "CREATE OR REPLACE FUNCTION registered_while_open() RETURNS trigger LANGUAGE plpgsql AS $$ "
        "BEGIN IF EXISTS (SELECT 1 FROM shared_exams e WHERE e.id = NEW.exam_id AND "
        "((e.opens_at IS NOT NULL AND now() < e.opens_at::timestamptz) OR "
        "(e.closes_at IS NOT NULL AND now() >= e.closes_at::timestamptz))) THEN "
        "RAISE EXCEPTION 'the exam is not open now' USING ERRCODE = 'check_violation'; "
        "END IF; RETURN NEW; END $$; "
        "DROP TRIGGER IF EXISTS registered_while_open ON exam_registrations; "
        "CREATE TRIGGER registered_while_open BEFORE INSERT ON exam_registrations "
        "FOR EACH ROW EXECUTE FUNCTION registered_while_open()")]


def _merged_namesakes() -> list[Statement]:
    """Version 6: a trainee merged into a namesake is deleted naming the person kept, so
    that practice given to the merged record elsewhere follows it (written by instructors
    only, as every deletion)."""
    return [sql.SQL("ALTER TABLE shared_deleted_people ADD COLUMN IF NOT EXISTS merged_into "
                    "text")]


def _records(school: str) -> list[Statement]:
    """Version 7: the records an instructor keeps (classes, ID numbers, exam terms), the
    latest written winning; desktops read classes and terms (not ID numbers), only
    instructors write. A trainee registers for an exam only as its terms allow — set for
    them, not closed early or replaced, and fewer sittings than allowed — checked by the
    server whichever desktop asks."""
    desktop, instructor = role_names(school)
    types = {"sittings_allowed": "bigint", "removed": "bigint"}
    statements: list[Statement] = []
    for table, columns in RECORD_COLUMNS.items():
        name = sql.Identifier(shared(table))
        statements.append(sql.SQL(
            "CREATE TABLE IF NOT EXISTS {table} ({columns}, change bigint NOT NULL, "
            "PRIMARY KEY ({key})); "
            "CREATE INDEX IF NOT EXISTS {index} ON {table} (change); "
            "DROP TRIGGER IF EXISTS one_writer ON {table}; "
            "CREATE TRIGGER one_writer BEFORE INSERT OR UPDATE OR DELETE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION one_writer_at_a_time(); "
            "DROP TRIGGER IF EXISTS changed ON {table}; "
            "CREATE TRIGGER changed BEFORE INSERT OR UPDATE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION stamp_change(); "
            "GRANT SELECT, INSERT, UPDATE, DELETE ON {table} TO {i}").format(
                table=name, key=sql.Identifier(RECORDS[table]), i=sql.Identifier(instructor),
                index=sql.Identifier(f"{shared(table)}_change"),
                columns=sql.SQL(", ").join(
                    sql.SQL("{} {}").format(sql.Identifier(c), sql.SQL(types.get(c, "text")))
                    for c in columns)))
        if table != "id_numbers":
            statements.append(sql.SQL("GRANT SELECT ON {} TO {}").format(
                name, sql.Identifier(desktop)))
    statements.append(sql.SQL(
        "ALTER TABLE exam_registrations DROP CONSTRAINT IF EXISTS "
        "exam_registrations_exam_id_person_id_key; "
        "CREATE INDEX IF NOT EXISTS exam_registrations_of_a_person ON exam_registrations "
        "(exam_id, person_id); "
        "CREATE OR REPLACE FUNCTION registered_as_the_terms_allow() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ "
        "DECLARE t shared_exam_terms; "
        "BEGIN PERFORM pg_advisory_xact_lock(hashtext(NEW.exam_id || NEW.person_id)); "
        "IF EXISTS (SELECT 1 FROM exam_registrations WHERE sitting_id = NEW.sitting_id) "
        "THEN RETURN NEW; END IF; "  # registered before: the insert does nothing
        "SELECT * INTO t FROM shared_exam_terms WHERE exam_id = NEW.exam_id; "
        "IF EXISTS (SELECT 1 FROM shared_people WHERE id = NEW.person_id AND role = "
        "'instructor') THEN RETURN NEW; END IF; "
        "IF t.closed_at IS NOT NULL AND now() >= t.closed_at::timestamptz "
        "OR t.replaced_by IS NOT NULL THEN "
        "RAISE EXCEPTION 'the exam is closed' USING ERRCODE = 'check_violation'; END IF; "
        "IF (SELECT count(*) FROM exam_registrations WHERE exam_id = NEW.exam_id AND "
        "person_id = NEW.person_id) >= coalesce(t.sittings_allowed, 1) THEN "
        "RAISE EXCEPTION 'no sitting left' USING ERRCODE = 'CT002'; END IF; "
        "IF t.assignees IS NOT NULL AND t.assignees::jsonb <> '[]'::jsonb "
        "AND NOT t.assignees::jsonb ? NEW.person_id AND NOT EXISTS (SELECT 1 FROM "
        "shared_classes c WHERE c.removed = 0 AND t.assignees::jsonb ? c.id "
        "AND c.members::jsonb ? NEW.person_id) THEN "
        "RAISE EXCEPTION 'not set for this trainee' USING ERRCODE = 'CT003'; END IF; "
        "RETURN NEW; END $$; "
        "DROP TRIGGER IF EXISTS registered_as_the_terms_allow ON exam_registrations; "
        "CREATE TRIGGER registered_as_the_terms_allow BEFORE INSERT ON exam_registrations "
        "FOR EACH ROW EXECUTE FUNCTION registered_as_the_terms_allow()"))
    return statements


#: Migrations: version → the statements that bring the schema from version - 1 to it.
MIGRATIONS: dict[int, Callable[[str, str], list[Statement]]] = {
    1: lambda school, password: [*_tables(local_types()), *_frozen(),
                                 *_roles(school, password)],
    2: lambda school, password: _school_settings(school),
    3: lambda school, password: _exam_registrations(school),
    4: lambda school, password: [sql.SQL(  # a desk reads where the changes stand
        "GRANT SELECT ON SEQUENCE changes TO {i}").format(
            i=sql.Identifier(role_names(school)[1]))],
    5: lambda school, password: _exam_dates(),
    6: lambda school, password: _merged_namesakes(),
    7: lambda school, password: _records(school),
    8: lambda school, password: identity(*role_names(school), school),
    9: lambda school, password: kept_verdicts(),
    10: lambda school, password: sitting_keys(),
    # 11: an exam's one seed drawn when it reaches the server: functions only
    11: lambda school, password: [],
    12: lambda school, password: one_login_per_desktop(role_names(school)[0], school),
    13: lambda school, password: sitting_secrets(),
}
assert max(MIGRATIONS) == SCHEMA_VERSION
