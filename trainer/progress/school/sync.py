"""One sync of a desktop with its school server (offline first, like a mail client).

- A **trainee desktop** (the untrusted desktop role) adds what it has that the server has not
  heard to the ``inbox`` as self-contained batches, then pulls the shared rows it may see:
  the people, exams, deletions, and the progress of the trainees who use it.
- An **instructor desk** (an instructor's own login) pulls everything, merges the inbox's
  batches into its own store through the bundle's checked merge (a batch is refused whole,
  as a bundle is, if anything in it is not what a desktop may write), and publishes what it
  has — its own work and the batches it accepted — to the shared tables.

Each step is one transaction on each side, and what is marked as sent is marked only after
the server committed: a sync cut off anywhere is finished by the next one, and nothing is
lost or written twice (rows are keyed by their UUIDs).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

import psycopg
import psycopg.errors
from psycopg import sql
from psycopg.types.json import Jsonb
from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.bundles.format import (
    COLUMNS,
    KEYS,
    TABLES,
    BundleError,
    is_house_rules,
    owner_column,
)
from trainer.progress.bundles.importing import merge_checked
from trainer.progress.bundles.rows import RowBatch
from trainer.progress.house_rules import PARS_SETTING
from trainer.progress.learning.targets import TargetTable
from trainer.progress.records import COLUMNS as RECORD_COLUMNS
from trainer.progress.records import RECORDS, take_records
from trainer.progress.school.exams import Registration, waiting_registrations
from trainer.progress.school.identity import tokens
from trainer.progress.school.outbox import (
    SENT_ANSWERS,
    Outgoing,
    hold,
    mark,
    mark_sent,
    read_anything,
    read_outgoing,
    set_mark,
)
from trainer.progress.school.reading import SharedReader, complete
from trainer.progress.school.refusals import Refusal, refused_batches
from trainer.progress.school.senders import by_trainee, check_sender
from trainer.progress.school.server.connection import (
    check_schema,
    connect,
    not_this_login,
    one_row,
)
from trainer.progress.school.server.schema import (
    DESKTOP_READS,
    ONE_WRITER_LOCK,
    SchoolError,
    shared,
)
from trainer.progress.school.sitting_secrets import forget, hold_unkept, kept, sittings_of
from trainer.progress.storage.database import connection, reading, writing
from trainer.progress.storage.schema import SCHOOL_SETTINGS
from trainer.progress.storage.store import Role, Store
from trainer.progress.storage.values import is_moment, is_uuid
from trainer.progress.xapi_home_page import SETTING as HOME_PAGE_SETTING
from trainer.progress.xapi_home_page import is_home_page
from trainer.rounds.pars import is_pars

log = logging.getLogger(__name__)

PULLED = "pulled_changes"
#: The server's word for a token it does not take (revoked, or its trainee deleted).
NOT_SIGNED_IN = "CT020"
#: The server's word for a sitting's rows sent without a secret it takes
#: (:mod:`.sitting_secrets`).
SECRET_NOT_TAKEN = "CT022"
#: What a shared row may still change when published again: nothing, but these.
_ON_CONFLICT = {
    "credentials": "DO UPDATE SET salt = EXCLUDED.salt, hash = EXCLUDED.hash, n = EXCLUDED.n, "
                   "r = EXCLUDED.r, p = EXCLUDED.p, set_at = EXCLUDED.set_at "
                   "WHERE EXCLUDED.set_at > shared_credentials.set_at",
    "pins": "DO UPDATE SET salt = EXCLUDED.salt, hash = EXCLUDED.hash, n = EXCLUDED.n, "
            "r = EXCLUDED.r, p = EXCLUDED.p, set_at = EXCLUDED.set_at "
            "WHERE EXCLUDED.set_at > shared_pins.set_at",
    "sessions": "DO UPDATE SET ended_at = EXCLUDED.ended_at WHERE shared_sessions.ended_at "
                "IS NULL AND EXCLUDED.ended_at IS NOT NULL",
    "sittings": "DO UPDATE SET submitted_at = EXCLUDED.submitted_at WHERE "
                "shared_sittings.submitted_at IS NULL AND EXCLUDED.submitted_at IS NOT NULL",
}


@dataclass(frozen=True)
class SyncResult:
    pushed: int
    pulled: int
    merged: int = 0
    refused: int = 0
    #: For an instructor's sync: the exam registrations whose sitting has not arrived.
    registrations: tuple[Registration, ...] = ()
    #: Rows of people deleted here that merged batches brought (on a trainee desktop: answers
    #: of a trainee deleted meanwhile, never sent): left out (a deletion is final), and said.
    left_out: int = 0
    #: For an instructor's sync: the latest batches refused, newest first.
    refusals: tuple[Refusal, ...] = ()

    def line(self) -> str:
        """The command line's one line (for scripts: not translated)."""
        return (f"pushed {self.pushed} rows, pulled {self.pulled} rows, merged "
                f"{self.merged} batches, refused {self.refused}"
                + (f", left out {self.left_out} rows of deleted people" if self.left_out
                   else ""))


def push(store: Store, connection: psycopg.Connection) -> int:
    """A desktop's rows the server has not heard, into the inbox (the desktop role): each
    trainee's rows in a batch of their own under their token (:mod:`.senders`), marked as
    sent once the server has committed them. The rows of a trainee not signed in to the
    server here wait for their sign-in; a token the server no longer takes is forgotten."""
    pushed = 0
    while True:
        with reading(store) as db:
            out = read_outgoing(db, trusted=False)
            signed_in = tokens(db)
        batches, held = by_trainee(out.tables, signed_in)
        secrets = kept(store)
        for token, whole in batches:
            rows = hold_unkept(whole, secrets, held)
            if not rows:
                continue
            try:
                with connection.transaction():
                    connection.execute("SELECT push_batch(%s, %s, %s)", [
                        token, Jsonb(rows), [secrets[s] for s in sorted(sittings_of(rows))]])
            except psycopg.Error as error:
                if error.sqlstate == NOT_SIGNED_IN:
                    _forget(store, token)
                elif error.sqlstate == SECRET_NOT_TAKEN:
                    forget(store, sittings_of(rows))
                else:
                    raise
                for table, found in rows.items():
                    held.setdefault(table, []).extend(found)
        if read_anything(out):
            with writing(store) as db:
                mark_sent(db, out)
                hold(db, held)
        pushed += out.row_count - sum(len(found) for found in held.values())
        if out.last_answer == out.after:  # no answer left to read
            return pushed


def _forget(store: Store, token: str) -> None:
    with writing(store) as db:
        db.execute("DELETE FROM school_sign_ins WHERE token = ?", [token])


@dataclass
class Published:
    """What a publish wrote, to mark once its transaction commits: the batches sent, and
    the server's changes before and after it (all of them this desk's own)."""

    rows: int
    sent: list[Outgoing]
    changes: tuple[int, int]


_LAST_CHANGE = "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM changes"


def publish(store: Store, connection: psycopg.Connection) -> Published:
    """Everything this desk has that the server lacks, into the shared tables (an
    instructor's login, inside the caller's transaction, holding the one writer's lock from
    its start: the changes it makes are the only ones between its first and last)."""
    sent: list[Outgoing] = []
    published = 0
    after = None
    connection.execute(f"SELECT pg_advisory_xact_lock({ONE_WRITER_LOCK})")
    first = one_row(connection.execute(_LAST_CHANGE))[0]
    while True:
        with reading(store) as db:
            out = read_outgoing(db, trusted=True, after=after, with_outbox=not sent)
        for table, rows in out.tables.items():
            published += _upsert(connection, table, rows)
        for row in out.deleted:
            published += _delete(connection, row)
        for table, found in out.records.items():
            published += _upsert_records(connection, table, found)
        for key, value in out.settings.items():
            published += connection.execute(
                "INSERT INTO shared_settings (key, value) VALUES (%s, %s) ON CONFLICT (key) "
                "DO UPDATE SET value = EXCLUDED.value WHERE shared_settings.value IS DISTINCT "
                "FROM EXCLUDED.value", [key, value]).rowcount
        sent.append(out)
        after = out.last_answer
        if out.last_answer == out.after:
            return Published(published, sent,
                             (first, one_row(connection.execute(_LAST_CHANGE))[0]))


def _upsert(connection: psycopg.Connection, table: str, rows: list[dict[str, Any]]) -> int:
    columns = list(COLUMNS[table])
    names = sql.SQL(", ").join(map(sql.Identifier, columns))
    connection.execute(sql.SQL(
        "CREATE TEMP TABLE IF NOT EXISTS {incoming} ON COMMIT DROP AS SELECT {names} FROM "
        "{shared} WITH NO DATA").format(incoming=sql.Identifier(f"incoming_{table}"),
                                        names=names, shared=sql.Identifier(shared(table))))
    connection.execute(sql.SQL("TRUNCATE {}").format(sql.Identifier(f"incoming_{table}")))
    with connection.cursor().copy(sql.SQL("COPY {} ({}) FROM STDIN").format(
            sql.Identifier(f"incoming_{table}"), names)) as copy:
        for row in rows:
            copy.write_row([row[c] for c in columns])
    person_column = owner_column(table)
    owner = sql.Identifier(person_column) if person_column else None
    alive = sql.SQL("WHERE NOT EXISTS (SELECT 1 FROM shared_deleted_people d WHERE "
                    "d.person_id = i.{})").format(owner) if owner else sql.SQL("")
    return connection.execute(sql.SQL(
        "INSERT INTO {shared} ({names}) SELECT {picked} FROM {incoming} i {alive} "
        "ON CONFLICT ({key}) {conflict}").format(
            shared=sql.Identifier(shared(table)), names=names,
            picked=sql.SQL(", ").join(sql.SQL("i.{}").format(sql.Identifier(c))
                                      for c in columns),
            incoming=sql.Identifier(f"incoming_{table}"), alive=alive,
            key=sql.Identifier(KEYS[table]),
            conflict=sql.SQL(_ON_CONFLICT.get(table, "DO NOTHING")))).rowcount


def _upsert_records(connection: psycopg.Connection, table: str,
                    rows: list[dict[str, Any]]) -> int:
    """Records, each replacing the server's unless the server's is the newer (the latest
    written wins, as :func:`trainer.progress.records.newer` says)."""
    columns = RECORD_COLUMNS[table]
    key = RECORDS[table]
    statement = sql.SQL(
        "INSERT INTO {shared} ({names}) VALUES ({values}) ON CONFLICT ({key}) DO UPDATE SET "
        "{updates} WHERE (EXCLUDED.set_at COLLATE \"C\", EXCLUDED.set_by COLLATE \"C\", "
        "json_build_array({excluded})::text COLLATE \"C\") > ({shared}.set_at COLLATE \"C\", "
        "{shared}.set_by COLLATE \"C\", json_build_array({ours})::text COLLATE \"C\")"
    ).format(
            shared=sql.Identifier(shared(table)),
            names=sql.SQL(", ").join(map(sql.Identifier, columns)),
            values=sql.SQL(", ").join(sql.Placeholder() for _ in columns),
            key=sql.Identifier(key),
            excluded=sql.SQL(", ").join(sql.SQL("EXCLUDED.{}").format(sql.Identifier(c))
                                        for c in columns),
            ours=sql.SQL(", ").join(sql.SQL("{}.{}").format(sql.Identifier(shared(table)),
                                                             sql.Identifier(c))
                                    for c in columns),
            updates=sql.SQL(", ").join(sql.SQL("{c} = EXCLUDED.{c}").format(
                c=sql.Identifier(c)) for c in columns if c != key))
    return sum(connection.execute(statement, [row[c] for c in columns]).rowcount
               for row in rows)


def _delete(connection: psycopg.Connection, row: dict[str, Any]) -> int:
    """A deletion travels: the person's rows leave the server, and a tombstone stays."""
    for table in TABLES:
        column = owner_column(table)
        if column is None:
            continue  # an exam stays with its sittings (the author's rows go)
        connection.execute(sql.SQL("DELETE FROM {} WHERE {} = %s").format(
            sql.Identifier(shared(table)), sql.Identifier(column)), [row["person_id"]])
    connection.execute("DELETE FROM shared_id_numbers WHERE person_id = %s",
                       [row["person_id"]])
    return connection.execute(
        "INSERT INTO shared_deleted_people (person_id, deleted_at, merged_into) "
        "VALUES (%s, %s, %s) ON CONFLICT (person_id) DO NOTHING",
        [row["person_id"], row["deleted_at"], row["merged_into"]]).rowcount


def pull(store: Store, connection: psycopg.Connection, *,
         instructor: bool) -> tuple[int, int]:
    """The shared rows changed since the last pull that this desktop may see, merged here
    through the bundle's checked merge; deletions applied. A trainee desktop reads the
    progress of the trainees signed in to the server here, by their tokens, and the whole
    history of those signed in since the last pull. The rows pulled, and the answers given
    here to trainees deleted meanwhile, which their deletion drops unsent."""
    with reading(store) as db:
        since = mark(db, PULLED)
        signed_in = {} if instructor else tokens(db)
        known = {row[0].removeprefix("pulled:") for row in db.execute(
            "SELECT name FROM school_marks WHERE name LIKE 'pulled:%'")}
    new = [person for person in signed_in if person not in known]
    reader = SharedReader(connection, since, None if instructor else list(signed_in.values()),
                     [signed_in[person] for person in new])
    rows: dict[str, list[dict[str, Any]]] = {}
    readable = [t for t in (*TABLES, "deleted_people", "settings", *RECORDS)
                if instructor or t in DESKTOP_READS]
    with connection.transaction():
        connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        newest = reader.newest(readable)
        if newest <= since and not new:
            return 0, 0  # nothing changed on the server: an idle sync is one query
        for table in TABLES:
            if reader.reads(table):  # a desktop reads no password or PIN
                rows[table] = reader.changed(table)
        complete(reader, rows)
        deleted = connection.execute(
            "SELECT person_id, deleted_at, merged_into FROM shared_deleted_people "
            "WHERE change > %s", [since]).fetchall()
        settings = connection.execute(
            "SELECT key, value FROM shared_settings WHERE change > %s ORDER BY change",
            [since]).fetchall()
        records = {table: [dict(zip(RECORD_COLUMNS[table], found, strict=True))
                           for found in connection.execute(sql.SQL(
                               "SELECT {} FROM {} WHERE change > %s ORDER BY change").format(
                               sql.SQL(", ").join(map(sql.Identifier, RECORD_COLUMNS[table])),
                               sql.Identifier(shared(table))), [since])]
                   for table in RECORDS if table in readable}
    pulled = sum(len(found) for found in rows.values())
    with writing(store) as db:  # first: the terms the sittings pulled are checked against
        taken = sum(take_records(db, table, found) for table, found in records.items())
    if pulled:
        _merge_pulled(store, rows)
    with writing(store) as db:
        dropped = sum(_unsent_answers(db, person) for person, _at, _into in deleted)
        for person, deleted_at, merged_into in deleted:
            take_deletion(db, person, deleted_at, merged_into)
        take_settings(db, settings)
        set_mark(db, PULLED, max(since, newest))
        for person in new:
            set_mark(db, f"pulled:{person}", newest)
    return pulled + len(deleted) + len(settings) + taken, dropped


def _unsent_answers(db: Database, person: str) -> int:
    """Answers of ``person`` the server has not had from this desktop (kept for their
    sign-in, or not yet sent): a deletion drops them, and the sync says how many."""
    unsent: int = db.execute(
        "SELECT count(*) FROM attempts WHERE person_id = ? AND (rowid > ? OR id IN "
        "(SELECT key FROM school_outbox WHERE tbl = 'attempts'))",
        [person, mark(db, SENT_ANSWERS)]).fetchone()[0]
    return unsent


def take_deletion(db: Database, person: str, deleted_at: str, merged_into: str | None) -> None:
    """A deletion from the server (written by an instructor's desk; checked all the same):
    the person goes with everything recorded for them, and the deletion is kept even for a
    person this desktop never had, so that nothing brings them back, and a merged trainee's
    practice that arrives later follows them."""
    if not is_uuid(person):
        return
    db.execute("DELETE FROM people WHERE id = ?", [person])
    db.execute("INSERT INTO deleted_people (person_id, deleted_at, merged_into) VALUES "
               "(?, coalesce(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), ?) "
               "ON CONFLICT (person_id) DO UPDATE SET "
               "merged_into = coalesce(deleted_people.merged_into, excluded.merged_into)",
               [person, deleted_at if is_moment(deleted_at) else None,
                merged_into if is_uuid(merged_into) else None])


def take_settings(db: Database, settings: list[tuple[str, str]]) -> None:
    """The school's settings from the server, each checked as the desk checks it when an
    instructor saves it (a value that is not one is left out); not sent back. A setting
    changed here and not yet sent stays: it is the latest, and goes to the server next."""
    before = db.execute("SELECT coalesce(max(id), 0) FROM school_outbox").fetchone()[0]
    unsent = {row[0] for row in db.execute(
        "SELECT key FROM school_outbox WHERE tbl = 'settings'")}  # changed here: sent next
    for key, value in settings:
        if key in SCHOOL_SETTINGS and key not in unsent and _readable_setting(key, value):
            db.execute("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO "
                       "UPDATE SET value = excluded.value", [key, value])
    db.execute("DELETE FROM school_outbox WHERE id > ? AND tbl = 'settings'", [before])


def _readable_setting(key: str, value: str) -> bool:
    if key == "house_rules":
        return is_house_rules(value)
    if key == PARS_SETTING:
        return is_pars(value)
    if key == HOME_PAGE_SETTING:
        return value == "" or is_home_page(value)
    try:
        TargetTable.from_json(json.loads(value))
    except (ValueError, TypeError, KeyError, AttributeError):
        return False
    return True


def _merge_pulled(store: Store, rows: dict[str, list[dict[str, Any]]]) -> None:
    """The shared tables are written only by instructors (the server's privileges see to
    it): their rows are taken as an instructor's bundle with its instructors accepted. What
    the merge adds here is not sent back."""
    with reading(store) as db:
        before_answer = db.execute("SELECT coalesce(max(rowid), 0) FROM attempts").fetchone()[0]
        before_note = db.execute("SELECT coalesce(max(id), 0) FROM school_outbox").fetchone()[0]
    try:
        batch = RowBatch(rows, with_instructors=True)
        instructors = tuple(row["name"] for row in batch.tables["people"]  # names as read
                            if row["role"] == Role.INSTRUCTOR)
        summary = merge_checked(store, batch, accept_instructors=instructors, regrade=False)
    except BundleError as error:
        raise SchoolError(error.message) from error
    with writing(store) as db:
        if mark(db, SENT_ANSWERS) == before_answer:
            after = db.execute("SELECT coalesce(max(rowid), 0), count(*) FROM attempts WHERE "
                               "rowid > ?", [before_answer]).fetchone()
            if after[1] == summary.count("attempts"):
                set_mark(db, SENT_ANSWERS, max(before_answer, after[0]))
        db.execute("DELETE FROM school_outbox WHERE id > ? AND tbl || ':' || key IN "
                   "(SELECT value FROM json_each(?))",
                   [before_note, _keys_json(rows)])


def _keys_json(rows: dict[str, list[dict[str, Any]]]) -> str:
    return json.dumps([f"{table}:{row[KEYS[table]]}" for table, found in rows.items()
                       for row in found if table != "attempts"])


def work_inbox(store: Store, connection: psycopg.Connection) -> tuple[int, int, int, int]:
    """Merge the inbox's batches here, one at a time, each refused whole or taken whole, and
    publish what they brought in the same server transaction that takes them off the inbox:
    the batches merged, refused, the rows published, and the rows of people deleted here
    that the batches brought (left out)."""
    merged = refused = published = left_out = 0
    while True:
        with connection.transaction():
            found = connection.execute(
                "SELECT id, pushed_by, pushed_at, person_id, batch FROM inbox ORDER BY id LIMIT 1 "
                "FOR UPDATE SKIP LOCKED").fetchone()
            if found is None:
                return merged, refused, published, left_out
            batch_id, pushed_by, pushed_at, sender, batch = found
            try:
                check_sender(connection, batch, sender, lambda person: _name(store, person))
                left_out += merge_checked(store, RowBatch(batch, with_instructors=False)
                                          ).skipped_deleted
                merged += 1
            except BundleError as error:
                refused += 1
                log.info("batch %s from %s refused: %s", batch_id, pushed_by, error.message)
                connection.execute(
                    "INSERT INTO refused_batches (id, pushed_by, pushed_at, person_id, batch, "
                    "reason) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                    [batch_id, pushed_by, pushed_at, sender, Jsonb(batch), str(error.message)])
            done = publish(store, connection)
            connection.execute("DELETE FROM inbox WHERE id = %s", [batch_id])
        _mark_all(store, done)
        published += done.rows


def _name(store: Store, person_id: str) -> str:
    row = connection(store).execute("SELECT name FROM people WHERE id = ?", [person_id]).fetchone()
    return row[0] if row else person_id


def _mark_all(store: Store, done: Published) -> None:
    """After the server committed a publish: its batches are sent, and a desk that had
    seen every change before it has seen its own too (it need not pull them back)."""
    with writing(store) as db:
        for out in done.sent:
            mark_sent(db, out)
        before, after = done.changes
        if mark(db, PULLED) == before:
            set_mark(db, PULLED, after)


def sync(store: Store, url: str, *, login: str | None = None,
         password: str | None = None) -> SyncResult:
    """One sync: as the desktop role (the URL's user and libpq's password file), or, given
    an instructor's ``login`` and the password typed at sign-in, as that instructor's desk."""
    who = f"the desk of {login}" if login else "a desktop"
    try:
        result = _sync(store, url, login, password)
    except SchoolError as error:
        log.warning("sync (%s) with %s failed: %s%s", who, server_of(url), error.message,
                    f" ({error.__cause__})" if error.__cause__ else "")
        raise
    log.info("sync (%s) with %s: %s", who, server_of(url), result.line())
    return result


def server_of(url: str) -> str:
    """The server a URL names, without its login or password (for the log)."""
    return url.rpartition("@")[2]


def _sync(store: Store, url: str, login: str | None, password: str | None) -> SyncResult:
    with connect(url, user=login, password=password, autocommit=True) as connection:
        try:
            check_schema(connection)
            if login is None:
                pushed = push(store, connection)
                pulled, dropped = pull(store, connection, instructor=False)
                return SyncResult(pushed, pulled, left_out=dropped)
            pulled, _dropped = pull(store, connection, instructor=True)
            merged, refused, published, left_out = work_inbox(store, connection)
            with connection.transaction():
                done = publish(store, connection)
            _mark_all(store, done)
            return SyncResult(published + done.rows, pulled, merged, refused,
                              waiting_registrations(connection), left_out,
                              refused_batches(connection))
        except psycopg.errors.InsufficientPrivilege as error:
            raise not_this_login() from error
        except psycopg.Error as error:
            raise SchoolError(Message.of(N_(
                "The school server stopped answering during the sync; the next sync "
                "finishes what this one could not.")), offline=True) from error
