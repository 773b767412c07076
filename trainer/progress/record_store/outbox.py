"""The desk's outbox of xAPI statements: each statement's id, queued once, and whether the
learning record store acknowledged it (sent) or refused it (with its reason).

Queuing goes past two marks, the last answer and the last exam result queued (by their
order in the store), so answers merged from a bundle or the school server are queued as
the desk's own are, and nothing is queued twice: a statement's id is its key. A statement
waits in the outbox until it can be sent — its trainee has an ID number, its sitting
counts — and one whose answer or result is gone (its trainee deleted) leaves the outbox.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlite_utils import Database

from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.reports.statements import (
    ANSWER_KIND,
    COMPLETED_KIND,
    VERDICT_KIND,
    statement_id,
)
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import Role, Store, now

ANSWERS_MARK, RESULTS_MARK = "answers", "results"
#: A refusal's reason is kept to this many characters.
REASON_LENGTH = 500
#: The statements of one exam result: the sitting completed, and passed or failed.
SITTING_KINDS = (COMPLETED_KIND, VERDICT_KIND)
_TRAINEE = f"person_id IN (SELECT id FROM people WHERE role = '{Role.TRAINEE.value}')"


@dataclass(frozen=True)
class Counts:
    """How many statements wait in the outbox, were acknowledged, were refused."""

    queued: int
    sent: int
    refused: int


@dataclass(frozen=True)
class Waiting:
    """One statement waiting: its id, what it is of and the row it comes from."""

    statement_id: str
    kind: str
    source: str


def _mark(db: Database, name: str) -> int:
    row = db.execute("SELECT value FROM xapi_marks WHERE name = ?", [name]).fetchone()
    return int(row[0]) if row else 0


def queue_statements(store: Store) -> int:
    """Queue the statements of the answers and exam results recorded since the last time
    (the trainees' only); how many were queued."""
    at, queued = now(), 0
    with writing(store) as db:
        answers = db.execute(
            f"SELECT rowid, id FROM attempts WHERE rowid > ? AND {_TRAINEE} ORDER BY rowid",
            [_mark(db, ANSWERS_MARK)]).fetchall()
        results = db.execute(
            f"SELECT rowid, sitting_id FROM exam_results WHERE rowid > ? AND {_TRAINEE} "
            "ORDER BY rowid", [_mark(db, RESULTS_MARK)]).fetchall()
        rows = [(ANSWER_KIND, source) for _r, source in answers] + [
            (kind, source) for _r, source in results for kind in SITTING_KINDS]
        for kind, source in rows:
            queued += db.execute(
                "INSERT INTO xapi_outbox (statement_id, kind, source, queued_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (statement_id) DO NOTHING",
                [statement_id(kind, source), kind, source, at]).rowcount
        for name, found in ((ANSWERS_MARK, answers), (RESULTS_MARK, results)):
            if found:
                db.execute("INSERT INTO xapi_marks (name, value) VALUES (?, ?) ON CONFLICT "
                           "(name) DO UPDATE SET value = excluded.value", [name, found[-1][0]])
    return queued


def waiting(store: Store, after: int, limit: int) -> list[tuple[int, Waiting]]:
    """Up to ``limit`` statements neither sent nor refused, queued after the outbox's
    row ``after``, in the order they were queued (with their rows)."""
    with reading(store) as db:
        return [(row, Waiting(statement, kind, source)) for row, statement, kind, source in
                db.execute("SELECT rowid, statement_id, kind, source FROM xapi_outbox "
                           "WHERE rowid > ? AND sent_at IS NULL AND refused_at IS NULL "
                           "ORDER BY rowid LIMIT ?", [after, limit])]


def mark_sent(store: Store, statement_ids: Iterable[str]) -> None:
    """The record store acknowledged these: they are never sent again."""
    at = now()
    with writing(store) as db:
        db.conn.executemany("UPDATE xapi_outbox SET sent_at = ? WHERE statement_id = ?",
                       [(at, statement) for statement in statement_ids])


def mark_refused(store: Store, statement: str, reason: str) -> None:
    """The record store refused it: kept with why, not sent again."""
    with writing(store) as db:
        db.execute("UPDATE xapi_outbox SET refused_at = ?, refusal = ? WHERE statement_id = ?",
                   [now(), reason[:REASON_LENGTH], statement])


def drop_gone(store: Store, statement_ids: Iterable[str]) -> None:
    """Statements whose answer or result is gone with its trainee: nothing to send."""
    with writing(store) as db:
        db.conn.executemany("DELETE FROM xapi_outbox WHERE statement_id = ? AND sent_at IS NULL",
                       [(statement,) for statement in statement_ids])


def counts(store: Store) -> Counts:
    """The outbox's statements by state; queued counts too the statements of what was
    recorded since the last send (queued when the next send begins)."""
    with reading(store) as db:
        queued, sent, refused = db.execute(
            "SELECT count(*) FILTER (WHERE sent_at IS NULL AND refused_at IS NULL), "
            "count(sent_at), count(refused_at) FROM xapi_outbox").fetchone()
        answers = db.execute(f"SELECT count(*) FROM attempts WHERE rowid > ? AND {_TRAINEE}",
                             [_mark(db, ANSWERS_MARK)]).fetchone()[0]
        results = db.execute(
            f"SELECT count(*) FROM exam_results WHERE rowid > ? AND {_TRAINEE}",
            [_mark(db, RESULTS_MARK)]).fetchone()[0]
    return Counts(queued + answers + len(SITTING_KINDS) * results, sent, refused)


def send_refused_again(store: Store, actor: Actor) -> int:
    """An instructor puts the refused statements back in the queue (the record store's
    cause fixed, or the statements' — a trainee's ID number): the next send sends them
    again. How many went back."""
    require_instructor(store, actor)
    with writing(store) as db:
        return int(db.execute("UPDATE xapi_outbox SET refused_at = NULL, refusal = NULL "
                              "WHERE refused_at IS NOT NULL AND sent_at IS NULL").rowcount)


def refusals(store: Store) -> list[tuple[str, str]]:
    """Each refused statement's id and the record store's reason, latest first."""
    with reading(store) as db:
        return [(row[0], row[1] or "") for row in db.execute(
            "SELECT statement_id, refusal FROM xapi_outbox WHERE refused_at IS NOT NULL "
            "ORDER BY refused_at DESC, rowid DESC")]
