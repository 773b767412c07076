"""Whose a batch is: split by trainee on the desktop, checked against its token on the desk.

A desktop sends each trainee's rows in a batch of their own, under the token the server gave
that trainee at sign-in (:mod:`.identity`); the server puts the token's trainee beside the
batch in the inbox. The desk's merge then takes a batch only if every row in it is that
trainee's, and every exam sitting in it was registered on the server for that trainee — by
their token, at the server's time, with the seed of its questions the server drew — before
it started (:func:`check_sender`). Anything else is
refused whole, kept in ``refused_batches`` with its reason, and listed on the desk.
"""

from __future__ import annotations

from typing import Any

import psycopg

from i18n import N_
from trainer.progress.bundles.format import COLUMNS, owner_column, refused
from trainer.progress.exams.registrations import registered_as
from trainer.progress.school.registrations import read_registrations

#: A batch's rows, by table.
Tables = dict[str, list[dict[str, Any]]]


def by_trainee(tables: Tables,
               signed_in: dict[str, str]) -> tuple[list[tuple[str, Tables]], Tables]:
    """The batch's rows split by their trainee: ``(token, rows)`` for each trainee signed in
    here, and the rows of the others (kept here until they sign in), by table."""
    mine: dict[str, Tables] = {}
    held: Tables = {}
    for table, rows in tables.items():
        for row in rows:
            owner = _owner(table, row)
            if owner in signed_in:
                mine.setdefault(owner, {}).setdefault(table, []).append(row)
            else:
                held.setdefault(table, []).append(row)
    return [(signed_in[person], rows) for person, rows in mine.items()], held


def _owner(table: str, row: Any) -> Any:
    column = owner_column(table) or "created_by"
    return row.get(column) if type(row) is dict else None


def check_sender(connection: psycopg.Connection, batch: Any, sender: str | None,
                 name_of: Any) -> None:
    """Refuse a batch (a :class:`BundleError`) unless every row is its sender's — the
    trainee whose token sent it — and each of its sittings was registered for them.
    Malformed rows are left to the merge's own checks, which refuse them."""
    if sender is None:
        raise refused(N_("This batch was sent without a trainee signed in to the school "
                         "server. Nothing was merged."))
    if type(batch) is not dict:
        return
    for table, rows in batch.items():
        if table not in COLUMNS:
            continue  # no table of the merge's: it refuses the batch whole
        for row in _rows(rows):
            if _owner(table, row) != sender:
                raise refused(N_("This batch, sent for {name}, holds rows of someone else. "
                                 "Nothing was merged."), name=name_of(sender))
    _check_registered(connection, _rows(batch.get("sittings")), sender, name_of)


def _rows(rows: Any) -> list[dict[str, Any]]:
    return [row for row in rows if type(row) is dict] if type(rows) is list else []


def _check_registered(connection: psycopg.Connection, sittings: list[dict[str, Any]],
                      sender: str, name_of: Any) -> None:
    registrations = read_registrations(connection, [str(row.get("id")) for row in sittings])
    if not all(registered_as(row, registrations.get(str(row.get("id"))), sender)
               for row in sittings):
        raise refused(N_("This batch holds an exam sitting by {name} that was not registered "
                         "on the school server for them when it started. Nothing was merged."),
                      name=name_of(sender))
