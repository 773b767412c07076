"""The progress rooms' way into the database: the one gate, inside ``trainer.progress``.

A :class:`~trainer.progress.storage.store.Store` keeps its connection to itself; the modules of
``trainer.progress`` (people, learning, exams, reports, bundles, the school) reach it only
here, each read in :func:`reading` (one snapshot) and each change in :func:`writing` (one
all-or-nothing transaction), and offer the rest of the app an API that takes the acting
person. The UI may not import this module (an import contract in ``pyproject.toml``): it
reaches progress only through those APIs.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from sqlite_utils import Database

if TYPE_CHECKING:  # the store takes its backup through this gate: no import at run time
    from trainer.progress.storage.store import Store


def writing(store: Store) -> AbstractContextManager[Database]:
    """One all-or-nothing write transaction, holding the write lock from its start
    (``BEGIN IMMEDIATE``: a second app instance waits instead of reading a summary that
    this one is about to change); SQLite's failures become messages a person can act on."""
    return store._transaction()  # this module is the store's one gate


def reading(store: Store) -> AbstractContextManager[Database]:
    """One consistent snapshot for several reads, without keeping writers waiting."""
    return store._snapshot()  # this module is the store's one gate


def connection(store: Store) -> Database:
    """The connection itself, for a read that needs no snapshot of its own (inside
    :func:`reading` or :func:`writing`, or a single statement)."""
    return store._db  # this module is the store's one gate
