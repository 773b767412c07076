"""Merging a checked bundle: staged outside the write lock, merged in one short transaction.

A bundle of a school's term holds hundreds of thousands of answers; while it is merged, a
trainee on the same desktop keeps answering. So the rows are first copied, row by row and
outside the write lock, into a private staging database attached to the connection
(``ATTACH '' AS staging``: a temporary file SQLite deletes when it is detached). The merge
is then a few set-based statements per table inside one ``BEGIN IMMEDIATE`` transaction:
compare what is already here, insert what is new, carry the few columns that may change
(passwords, PINs, a session's end, a sitting's submission), rebuild the summaries of the
trainees and skills that got answers. The answers, nearly all of a bundle, are compared and
put in order before the lock (answers never change), and their per-row insert triggers give
way to one check of the whole set (:meth:`StagedMerge._answers_checked_as_a_set`). An answer
given meanwhile waits for that transaction (the busy timeout) and is saved after it; a
refusal or a cancel rolls everything back.
"""

from __future__ import annotations

import gc
import sqlite3
import threading
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from operator import itemgetter
from typing import Any

import orjson
from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.bundles.format import (
    COLUMNS,
    KEYS,
    KINDS,
    STORED_IN,
    TABLES,
    BundleError,
    owner_column,
)
from trainer.progress.learning import summaries
from trainer.progress.people.namesakes import forwarded_id
from trainer.progress.progress_steps import Progress, Steps
from trainer.progress.storage.schema import PROTECTIVE_TRIGGERS
from trainer.progress.storage.values import only

#: Columns that may differ between desktops without a conflict (merged, not compared).
MUTABLE = {"people": {"language"}, "credentials": set(COLUMNS["credentials"]),
           "pins": set(COLUMNS["pins"]), "sessions": {"ended_at"},
           "sittings": {"submitted_at"}}
#: The triggers checking each answer inserted, checked as a set by the merge instead.
ANSWER_INSERT_TRIGGERS = ("attempts_are_never_replaced", "exam_answers_are_never_replaced",
                          "exam_answers_only_while_the_sitting_is_open")
#: How many staged rows go to SQLite in one call.
BATCH = 5_000
#: How many merges of a merged trainee are followed (a chain longer than that, or a loop,
#: which no desk makes, leaves the practice with its deleted trainee: it is dropped).
MOST_FORWARDS = 8
#: The order the staged answers are inserted in (by an index of their own).
_ORDER = "answered_at, id"
#: The trainees and skills the staged answers are of.
_STAGED_PAIRS = "SELECT DISTINCT person_id, skill FROM staging.attempts"
#: What the summaries are folded from, in an order that sorts as they are folded (by person,
#: skill, time and id): :data:`summaries.HISTORY_COLUMNS` with the id after the time.
_HISTORY_COLUMNS = ("person_id", "skill", "answered_at", "id", "correct", "score",
                    "response_ms", "difficulty", "rating")
_HISTORY = itemgetter(*map(list(COLUMNS["attempts"]).index, _HISTORY_COLUMNS))
_WITHOUT_ID = itemgetter(0, 1, 2, 4, 5, 6, 7, 8)
assert ", ".join(_HISTORY_COLUMNS[:3] + _HISTORY_COLUMNS[4:]) == summaries.HISTORY_COLUMNS
#: How many answers' histories are kept in memory to fold from (about 50 MB), the staged
#: ones and those here of the same trainees and skills; more are read back sorted by
#: SQLite as they are folded (200,000 took 100 MB, a third of an import's 300 MB).
MOST_HISTORY_KEPT = 100_000


def differs(table: str, key: Any) -> BundleError:
    return BundleError(Message.of(N_(
        "The {kind} {id} in this bundle differs from the one on this desktop. Nothing was "
        "imported."), kind=Message.of(KINDS[table]), id=key))


#: Pages of cache (in KiB when negative) while a bundle is merged: the answers' indexes
#: take a few hundred thousand inserts in one transaction (SQLite's default is 2 MiB), and
#: 200,000 answers with their indexes fill about 110 MiB; a cache as large (256 MiB was
#: tried) spills nothing to the write-ahead log inside the write lock, but takes that much
#: memory for a school's bundle of a million answers, past the import's 300 MB. So it is
#: capped at a quarter of that; the write lock may then spill pages (0.82 s per 200,000
#: answers with 256 MiB, 1.01 s at 64 MiB, measured earlier on a quiet machine; side by side
#: on a busy one, 4.6–6.4 s against 4.9–5.5 s). It bounds SQLite's sorter too, which sorts
#: the answers the summaries are folded from. Taken only while needed, given back after.
MERGE_CACHE_KIB = 65_536


@contextmanager
def staging(db: Database) -> Iterator[None]:
    """A private, temporary ``staging`` database beside ``main`` on the connection (and a
    larger page cache while it is there)."""
    cache = db.execute("PRAGMA cache_size").fetchone()[0]
    db.execute(f"PRAGMA cache_size = {-MERGE_CACHE_KIB}")
    db.execute("ATTACH DATABASE '' AS staging")
    try:
        for table in TABLES:
            db.execute(f"CREATE TABLE staging.{table} AS SELECT {', '.join(COLUMNS[table])} "
                       f"FROM main.{STORED_IN[table]} WHERE 0")
            if table != "attempts":  # the answers' table is made again, indexed, once staged
                db.execute(f"CREATE INDEX staging.{table}_key ON {table} ({KEYS[table]})")
        db.execute("CREATE TABLE staging.known (answers INTEGER NOT NULL)")
        db.execute("CREATE TABLE staging.answer_ids (id TEXT NOT NULL)")
        yield
    finally:
        if db.conn.in_transaction:
            db.conn.rollback()
        db.execute("DETACH DATABASE staging")
        db.execute(f"PRAGMA cache_size = {int(cache)}")


class _Collector:
    """Python's cycle collector, paused while rows are merged (:func:`collector_paused`)."""

    lock = threading.Lock()
    pauses = 0
    was_on = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused (for every thread) while the rows of an import are
    read, staged and folded, and back as it was once the last import running is done.

    The rows make no cycles, but the hundreds of thousands of them that stay alive until
    the merge made the collector go through all of them again and again: a tenth of a
    first import's time (measured: 0.25 s of 2.4 s for 100,000 answers)."""
    with _Collector.lock:
        if _Collector.pauses == 0:
            _Collector.was_on = gc.isenabled()
            gc.disable()
        _Collector.pauses += 1
    try:
        yield
    finally:
        with _Collector.lock:
            _Collector.pauses -= 1
            if _Collector.pauses == 0 and _Collector.was_on:
                gc.enable()


class Stager:
    """Rows copied into ``staging`` as they are read and checked, a batch at a time, in one
    transaction of the private staging database (no lock on the progress database)."""

    def __init__(self, db: Database):
        self.db = db
        self._inserts = {table: (f"INSERT INTO staging.{table} ({', '.join(columns)}) VALUES "
                                 f"({', '.join('?' for _ in columns)})")
                         for table, columns in COLUMNS.items()}
        #: Answers found here already (:meth:`known`), which are not staged.
        self.found = 0
        self._any_here = True  # whether any answer is here (asked again once it begins)
        #: What the summaries are folded from, of every answer staged (:data:`_HISTORY`), kept
        #: while there are at most :data:`MOST_HISTORY_KEPT`; ``None`` beyond.
        self.history: list[tuple[Any, ...]] | None = []
        self._here = (f"SELECT {', '.join(COLUMNS['attempts'])} FROM main.attempts "
                      f"WHERE id IN (SELECT value FROM json_each(?))")

    def __enter__(self) -> Stager:
        self.db.execute("BEGIN")  # writes only the private staging database
        self._any_here = self.db.execute("SELECT EXISTS (SELECT 1 FROM main.attempts)"
                                         ).fetchone()[0]
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        if kind is None:
            self.db.execute("INSERT INTO staging.known (answers) VALUES (?)", [self.found])
            self.db.conn.commit()  # else staging() rolls it back

    def known(self, table: str, values: list[tuple[Any, ...]]) -> set[str]:
        """The ids of the answers among ``values`` (rows read as their values, in the order of
        :data:`COLUMNS`) that are here already with the same values, of the same types: they
        change nothing."""
        if table != "attempts" or not self._any_here or not values:
            return set()
        ids = [value[0] for value in values]  # the id comes first
        if not only(ids, str):
            return set()
        lenient, self.db.conn.text_factory = self.db.conn.text_factory, str  # decoded in C
        try:
            here = {row[0]: row for row in self.db.execute(
                self._here, [orjson.dumps(ids).decode()]).fetchall()}
        except sqlite3.OperationalError:  # text that is not UTF-8 here: no answer is the same
            return set()
        finally:
            self.db.conn.text_factory = lenient
        if not here:
            return set()
        same = {row[0] for row in values if row[0] in here and here[row[0]] == row
                and list(map(type, here[row[0]])) == list(map(type, row))}
        self.found += len(same)
        return same

    def note_read(self, ids: list[str]) -> None:
        """Note the ids of a batch of answers, in the order read: a bundle's answers are too
        many to keep their ids in memory (five million, 400 MB in a set of Python's). They
        are checked for one read twice once all are read (:meth:`read_twice`): a key kept
        as they come, in the random order of their ids, took as long as the rest of the
        reading (measured: 400,000 answers, 18 s then 38 s)."""
        self.db.execute("INSERT INTO staging.answer_ids (id) SELECT value FROM json_each(?)",
                        [orjson.dumps(ids).decode()])

    def read_before(self, ids: list[str]) -> set[str]:
        """Which of the answer ids ``ids`` were noted already (:meth:`note_read`): read
        through, once, for a batch in which something is off."""
        return {row[0] for row in self.db.execute(
            "SELECT id FROM staging.answer_ids WHERE id IN (SELECT value FROM json_each(?))",
            [orjson.dumps(ids).decode()])}

    def read_twice(self) -> str | None:
        """The id of the first answer noted a second time, in the order read, or ``None``."""
        try:
            self.db.execute("CREATE UNIQUE INDEX staging.answers_read ON answer_ids (id)")
            return None
        except sqlite3.IntegrityError:  # sorted, and two the same: which came first?
            self.db.execute("CREATE INDEX staging.answers_read ON answer_ids (id)")
        first: str = self.db.execute(
            "SELECT id FROM staging.answer_ids AS b WHERE EXISTS (SELECT 1 FROM "
            "staging.answer_ids AS a WHERE a.id = b.id AND a.rowid < b.rowid) "
            "ORDER BY rowid LIMIT 1").fetchone()[0]
        return first

    def session_owners(self, ids: set[str]) -> dict[str, str]:
        """The trainee of each of the sessions ``ids`` staged, by session."""
        return dict(self.db.execute(
            "SELECT id, person_id FROM staging.sessions WHERE id IN "
            "(SELECT value FROM json_each(?))", [orjson.dumps(list(ids)).decode()]).fetchall())

    def put(self, table: str, rows: list[tuple[Any, ...]]) -> None:
        """Rows of ``table``, each its values in the order of :data:`COLUMNS`."""
        self.db.conn.executemany(self._inserts[table], rows)
        if table == "attempts" and self.history is not None:
            self.history.extend(map(_HISTORY, rows))
            if len(self.history) > MOST_HISTORY_KEPT:
                self.history = None


def _in_order(history: list[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    """``history`` (:data:`_HISTORY_COLUMNS`) sorted, as the fold reads it: sorted once the
    fold starts reading (beside the SQL of :meth:`StagedMerge.prepare`)."""
    yield from map(_WITHOUT_ID, sorted(history))


class _Beside:
    """SQL statements run one after another on another thread while the caller works in
    Python (``with``); leaving waits for them, and raises what one of them raised.

    Each statement must run in one step of SQLite (no rows to fetch): between steps the
    thread would wait for Python's lock, which the caller's work holds for milliseconds at
    a time. The caller must not use the connection meanwhile."""

    def __init__(self, conn: sqlite3.Connection, statements: list[str]):
        self.conn, self.statements = conn, statements
        self.failed: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="staging", daemon=True)

    def _run(self) -> None:
        try:
            for statement in self.statements:
                self.conn.execute(statement)
        except BaseException as error:  # said by __exit__, on the caller's thread
            self.failed = error

    def __enter__(self) -> _Beside:
        self.thread.start()
        return self

    def __exit__(self, kind: object, *exc: object) -> None:
        self.thread.join()
        if self.failed is not None and kind is None:
            raise self.failed


class StagedMerge:
    """Merge ``staging`` into ``main``: :meth:`prepare` outside the write lock (the answers'
    summaries folded ahead), then :meth:`run` inside the caller's write transaction."""

    def __init__(self, db: Database, history: list[tuple[Any, ...]] | None = None):
        self.db = db
        #: The staged answers' histories, kept as they were staged (:attr:`Stager.history`).
        self.history = history
        self.added: Counter[str] = Counter()
        self.already_here = 0
        self.skipped = 0
        self.mark = 0
        self.folded: list[dict[str, Any]] = []
        self.weeks: list[tuple[Any, ...]] = []

    def prepare(self, folding: Progress | None = None) -> None:
        """Before the lock, on one snapshot: compare the staged answers with the answers here
        (answers never change, so a match stays a match) and keep only the new ones, in the
        order of the answers' main index; fold the summaries they will make. The last answer
        here is marked, so that the merge compares only answers added meanwhile and can tell
        which summaries another program changed.

        The fold is Python's work and the rest SQLite's, which runs without Python's lock:
        while the answers are folded here, the staged answers are indexed and their weeks
        summed on another thread (:class:`_Beside`), on the second core."""
        steps = Steps(folding, 2)  # compared, then folded
        answers = (f"SELECT id, {summaries.HISTORY_COLUMNS} FROM main.attempts WHERE "
                   f"(person_id, skill) IN ({_STAGED_PAIRS}) UNION ALL "
                   f"SELECT id, {summaries.HISTORY_COLUMNS} FROM staging.attempts")
        self.db.execute("BEGIN")
        try:
            self.mark = self.db.execute(
                "SELECT coalesce(max(rowid), 0) FROM main.attempts").fetchone()[0]
            self.already_here += self.db.execute(
                "SELECT coalesce(sum(answers), 0) FROM staging.known").fetchone()[0]
            forwarded = self._forward_merged()
            self.already_here += self._compare("attempts")
            dropped = self.db.execute("DELETE FROM staging.attempts AS s WHERE EXISTS "
                                      "(SELECT 1 FROM main.attempts m WHERE m.id = s.id)"
                                      ).rowcount
            history = self._kept_history(kept=not (forwarded or dropped))
            steps.advance()
            with _Beside(self.db.conn, [  # each one statement, run in one step
                    f"CREATE INDEX staging.attempts_key ON attempts ({KEYS['attempts']})",
                    f"CREATE INDEX staging.attempts_order ON attempts ({_ORDER})",
                    "CREATE TABLE staging.weeks AS " + summaries.WEEKS.format(answers=answers)]):
                if history is not None:
                    self.folded = summaries.fold(history)
            if history is None:  # read as it is folded, once the connection is free again
                self.folded = summaries.fold(self.db.execute(
                    f"SELECT {summaries.HISTORY_COLUMNS} FROM ({answers}) "
                    f"ORDER BY person_id, skill, answered_at, id"))
            self.weeks = self.db.execute("SELECT * FROM staging.weeks").fetchall()
            self.history = None  # folded: not held through the merge
        except BaseException:
            self.db.conn.rollback()
            raise
        self.db.conn.commit()  # only the staging database was written
        steps.finish()

    def _kept_history(self, kept: bool) -> Iterable[tuple[Any, ...]] | None:
        """What the summaries are folded from, in order, if it is small enough to hold: every
        answer here of the staged trainees and skills, and the staged answers kept as they
        were staged, if they are still as staged (``kept``: none forwarded to a namesake,
        none found here since). They are sorted here (faster than sorting them in SQLite and
        reading them back). ``None`` if there are more than :data:`MOST_HISTORY_KEPT`: they
        are read back sorted by SQLite, as they are folded."""
        if self.history is None or not kept:
            return None
        here = self.db.execute(f"SELECT {', '.join(_HISTORY_COLUMNS)} FROM main.attempts "
                               f"WHERE (person_id, skill) IN ({_STAGED_PAIRS})")
        found = list(islice(here, MOST_HISTORY_KEPT - len(self.history) + 1))
        here.close()
        if len(found) + len(self.history) > MOST_HISTORY_KEPT:
            return None
        return _in_order(found + self.history)

    def _forward_merged(self) -> int:
        """Practice of a trainee merged here into a namesake goes to the person kept, under
        the ids the merge gave its copies (so what it copied is found already here). An
        exam sitting stays with its trainee, and goes with them."""
        self.db.conn.create_function("forwarded_id", 1, forwarded_id, deterministic=True)
        merged = ("FROM main.deleted_people AS d WHERE s.person_id = d.person_id AND "
                  "d.merged_into IN (SELECT id FROM main.people UNION SELECT id FROM "
                  "staging.people UNION SELECT person_id FROM main.deleted_people)")
        forwarded = 0
        for _forward in range(MOST_FORWARDS):  # a merged trainee may be merged again
            found = self.db.execute(
                f"UPDATE staging.sessions AS s SET id = forwarded_id(s.id), "
                f"person_id = d.merged_into {merged}").rowcount
            found += self.db.execute(
                f"UPDATE staging.attempts AS s SET id = forwarded_id(s.id), "
                f"person_id = d.merged_into, session_id = forwarded_id(s.session_id) "
                f"{merged} AND s.sitting_id IS NULL").rowcount
            forwarded += found
            if not found:
                break
        return forwarded

    def run(self, finished: Progress | None = None) -> None:
        # Trainees and skills another program answered since the summaries were folded
        # (asked before this merge adds answers of its own).
        self.meanwhile = set(map(tuple, self.db.execute(
            "SELECT DISTINCT person_id, skill FROM main.attempts WHERE rowid > ?",
            [self.mark]).fetchall()))
        self.skipped = self._drop_deleted()
        for table in TABLES:
            if table == "results":
                self._submit_sittings()
            self.already_here += self._compare(table, since=self.mark if table == "attempts"
                                               else None)
            self._carry(table)
            self._insert(table)
        self._summaries()
        Steps(finished, 1).finish()  # the last chance to cancel: nothing is committed yet

    def _summaries(self) -> None:
        """The summaries folded ahead, but for trainees and skills that another program
        answered meanwhile (made again here, from every answer) and people deleted."""
        meanwhile = self.meanwhile
        present = {row[0] for row in self.db.execute("SELECT id FROM main.people")}
        ready = [row for row in self.folded if row["person_id"] in present
                 and (row["person_id"], row["skill"]) not in meanwhile]
        kept = {(row["person_id"], row["skill"]) for row in ready}
        summaries.replace_folded(self.db, ready,
                                 [week for week in self.weeks if (week[0], week[1]) in kept])
        staged = set(map(tuple, self.db.execute(_STAGED_PAIRS).fetchall()))
        summaries.rebuild(self.db, sorted(meanwhile & staged))

    def _drop_deleted(self) -> int:
        """Rows of people deleted here do not come back from a bundle."""
        dropped = 0
        for table in TABLES:
            owner = owner_column(table)  # rows of deleted people stay out
            if owner is not None:
                dropped += self.db.execute(
                    f"DELETE FROM staging.{table} WHERE {owner} IN "
                    f"(SELECT person_id FROM main.deleted_people)").rowcount
        return dropped

    def _compare(self, table: str, since: int | None = None) -> int:
        """A row already here must be the same, but for the columns that may change; how
        many are here. ``since``: only rows here added after that rowid are compared."""
        key = KEYS[table]
        fixed = [c for c in COLUMNS[table] if c not in MUTABLE.get(table, ()) and c != key]
        where = " OR ".join(f"m.{c} IS NOT s.{c}" for c in fixed) or "0"
        joined = (f"staging.{table} s JOIN main.{STORED_IN[table]} m ON m.{key} = s.{key}"
                  + ("" if since is None else f" AND m.rowid > {int(since)}"))
        found = self.db.execute(f"SELECT s.{key} FROM {joined} WHERE {where} LIMIT 1"
                                ).fetchone()
        if found is not None:
            raise differs(table, found[0])
        if table == "sittings":
            found = self.db.execute(
                "SELECT s.id FROM staging.sittings s JOIN main.exam_sittings m ON m.id = s.id "
                "WHERE m.submitted_at IS NOT NULL AND s.submitted_at IS NOT NULL "
                "AND m.submitted_at != s.submitted_at LIMIT 1").fetchone()
            if found is not None:  # one sitting handed in at two different times
                raise differs(table, found[0])
        joined_rows: int = self.db.execute(f"SELECT count(*) FROM {joined}").fetchone()[0]
        return joined_rows

    def _carry(self, table: str) -> None:
        """Newer passwords and PINs (accepted with their instructors) and finished sessions
        travel; a sitting's submission waits for its answers (see the triggers)."""
        if table in ("credentials", "pins"):
            self.db.execute(
                f"UPDATE main.{table} AS m SET salt = s.salt, hash = s.hash, n = s.n, r = s.r, "
                f"p = s.p, set_at = s.set_at FROM staging.{table} AS s "
                f"WHERE m.person_id = s.person_id AND s.set_at > m.set_at")
        elif table == "sessions":
            self.db.execute(
                "UPDATE main.sessions AS m SET ended_at = s.ended_at FROM staging.sessions AS s "
                "WHERE m.id = s.id AND m.ended_at IS NULL AND s.ended_at IS NOT NULL")

    def _insert(self, table: str) -> None:
        if table == "attempts":
            with self._answers_checked_as_a_set():
                self._insert_rows(table)
        else:
            self._insert_rows(table)

    @contextmanager
    def _answers_checked_as_a_set(self) -> Iterator[None]:
        """The answers' insert triggers, run once per row, take half the merge's time. Inside
        this transaction (no other program can write until it commits, and a rollback brings
        them back) they are set aside while the staged answers go in, and what they refuse is
        checked once for all of them: an answer that would replace one here (the plain
        insert of a known id or exam item fails on the unique indexes) or that answers an
        exam sitting that is not open here for its trainee."""
        found = self.db.execute(
            "SELECT s.id FROM staging.attempts s WHERE s.sitting_id IS NOT NULL AND NOT EXISTS "
            "(SELECT 1 FROM main.exam_sittings m WHERE m.id = s.sitting_id AND "
            "m.person_id = s.person_id AND m.submitted_at IS NULL) LIMIT 1").fetchone()
        if found is not None:
            raise integrity_refusal()
        for name in ANSWER_INSERT_TRIGGERS:
            self.db.execute(f"DROP TRIGGER main.{name}")
        yield
        for name in ANSWER_INSERT_TRIGGERS:
            self.db.execute(PROTECTIVE_TRIGGERS[name])

    def _insert_rows(self, table: str) -> None:
        columns = COLUMNS[table]
        chosen = ", ".join("NULL" if table == "sittings" and c == "submitted_at" else f"s.{c}"
                           for c in columns)
        key = KEYS[table]
        if table == "attempts":
            # The staged answers left are those not here before the lock: only answers added
            # since (a concurrent import of the same bundle) can be here already. They leave
            # the staging first, so that the insert reads no answer here: reading the table
            # it writes, SQLite would copy every staged answer aside before inserting it.
            self.db.execute(f"DELETE FROM staging.attempts WHERE {key} IN "
                            f"(SELECT {key} FROM main.attempts WHERE rowid > {int(self.mark)})")
            self.added[table] += self.db.execute(
                f"INSERT INTO main.attempts ({', '.join(columns)}) SELECT {chosen} "
                f"FROM staging.attempts s ORDER BY {_ORDER}").rowcount
            return
        here = f"EXISTS (SELECT 1 FROM main.{STORED_IN[table]} m WHERE m.{key} = s.{key})"
        self.added[table] += self.db.execute(
            f"INSERT INTO main.{STORED_IN[table]} ({', '.join(columns)}) SELECT {chosen} "
            f"FROM staging.{table} s WHERE NOT {here} ORDER BY s.rowid").rowcount

    def _submit_sittings(self) -> None:
        """A sitting handed in elsewhere is handed in here once its answers are in."""
        self.db.execute(
            "UPDATE main.exam_sittings AS m SET submitted_at = s.submitted_at "
            "FROM staging.sittings AS s WHERE m.id = s.id AND m.submitted_at IS NULL "
            "AND s.submitted_at IS NOT NULL")


def integrity_refusal() -> BundleError:
    return BundleError(Message.of(N_("This bundle does not fit the progress on this desktop. "
                                     "Nothing was imported.")))
