"""The secrets of this desktop's exam sittings, kept in memory only (schema 13).

A token in a desktop's file is enough to send practice; a sitting started at a shared
desktop and left there must not be finished by whoever copies that file. So the server
gives a secret with each registration made with the trainee's PIN (and again whenever they
type it on a desktop where their sitting waits), and takes the sitting's rows — its
answers, its submission, its result — only with one of its secrets. The secret lives in
this process, beside the store it belongs to, and never in the store's file: a copy of the
file has the token, not the secret. Rows of a sitting whose secret this process does not
hold wait in the outbox (:func:`hold_unkept`) until its trainee types their PIN here again
(:func:`resume_sittings`, at every sign-in with the server).
"""

from __future__ import annotations

import threading
from typing import Any
from weakref import WeakKeyDictionary

from sqlite_utils import Database

from trainer.progress.school.outbox import SENT_ANSWERS, mark
from trainer.progress.storage.database import reading
from trainer.progress.storage.store import Store

_KEPT: WeakKeyDictionary[Store, dict[str, str]] = WeakKeyDictionary()
_LOCK = threading.Lock()


def keep(store: Store, sitting_id: str, secret: str | None) -> None:
    """Keep a sitting's secret for this store's process (a ``None`` keeps nothing)."""
    if secret:
        with _LOCK:
            _KEPT.setdefault(store, {})[sitting_id] = secret


def kept(store: Store) -> dict[str, str]:
    """The secrets kept for this store, by sitting id."""
    with _LOCK:
        return dict(_KEPT.get(store, {}))


def forget(store: Store, sitting_ids: set[str]) -> None:
    """Forget secrets the server no longer takes."""
    with _LOCK:
        for sitting_id in sitting_ids:
            _KEPT.get(store, {}).pop(sitting_id, None)


def sittings_of(rows: dict[str, list[dict[str, Any]]]) -> set[str]:
    """The sittings a batch's rows belong to (as the server's ``batch_sittings`` reads)."""
    return ({row["id"] for row in rows.get("sittings", [])}
            | {row["sitting_id"] for table in ("attempts", "results")
               for row in rows.get(table, []) if row.get("sitting_id")})


def hold_unkept(rows: dict[str, list[dict[str, Any]]], secrets: dict[str, str],
                held: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """A trainee's batch without the rows of sittings whose secret is not kept here: those
    go to ``held`` (back to the outbox), the rest is sent."""
    waiting = sittings_of(rows) - set(secrets)
    if not waiting:
        return rows
    sent: dict[str, list[dict[str, Any]]] = {}
    for table, found in rows.items():
        for row in found:
            sitting = row.get("id") if table == "sittings" else row.get("sitting_id")
            target = held if sitting in waiting else sent
            target.setdefault(table, []).append(row)
    return sent


def resumable(db: Database, person_id: str) -> list[str]:
    """This trainee's sittings here that may still send rows: not submitted, or with rows
    waiting."""
    return [row[0] for row in db.execute(
        "SELECT s.id FROM exam_sittings s WHERE s.person_id = ? AND ("
        "s.submitted_at IS NULL OR s.id IN (SELECT key FROM school_outbox WHERE tbl IN "
        "('sittings', 'results')) OR EXISTS (SELECT 1 FROM attempts a WHERE a.sitting_id = "
        "s.id AND (a.rowid > ? OR a.id IN (SELECT key FROM school_outbox WHERE tbl = "
        "'attempts')))) ORDER BY s.started_at", [person_id, mark(db, SENT_ANSWERS)])]


def held_sittings(store: Store) -> set[str]:
    """The sittings with rows waiting here whose secret this process does not hold: the
    sync holds them back until their trainee types their PIN here again."""
    with reading(store) as db:
        held = {row[0] for row in db.execute(
            "SELECT key FROM school_outbox WHERE tbl IN ('sittings', 'results') UNION "
            "SELECT a.sitting_id FROM attempts a JOIN school_outbox o ON o.tbl = 'attempts' "
            "AND o.key = a.id WHERE a.sitting_id IS NOT NULL")}
    return held - set(kept(store))


def resume_sittings(store: Store, url: str, person_id: str, token: str, key: str) -> None:
    """The trainee typed their PIN here: a new secret for each of their sittings here that
    may still send rows (the server gives one only for the token's own registrations, and
    none for a sitting it never registered). Each is kept as soon as the server gives it:
    a server that stops answering leaves the rest waiting for the next sign-in."""
    import psycopg  # the server's driver, loaded only when the server is talked to

    from trainer.progress.school.server.connection import connect, one_row
    from trainer.progress.school.server.schema import SchoolError

    with reading(store) as db:
        waiting = resumable(db, person_id)
    if not waiting:
        return
    try:
        with connect(url, autocommit=True) as connection:
            for sitting_id in waiting:
                keep(store, sitting_id, one_row(connection.execute(
                    "SELECT resume_sitting(%s, %s, %s)", [token, sitting_id, key]))[0])
    except (psycopg.Error, SchoolError):
        pass  # the sign-in stands; the sitting's rows wait for the next one
