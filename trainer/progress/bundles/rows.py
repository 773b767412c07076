"""Rows that arrive without a bundle file: a school server's batch or its shared tables.

:class:`RowBatch` reads like a :class:`~trainer.progress.bundles.archive.BundleArchive`
(``rows``, ``scope``, ``with_instructors``, ``row_count``, ``verify``), so that rows from the
server take the same path as a bundle: every value checked, every reference resolved, the
trust checks of their writer, then the one merge (:func:`~trainer.progress.bundles.importing
.merge_checked`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import orjson

from i18n import N_
from trainer.progress.bundles.format import (
    INBOX_BATCH,
    TABLES,
    BundleLimits,
    checked_row,
    refused,
    with_allowed_name,
)
from trainer.progress.progress_steps import Progress, Steps


class RowBatch:
    """The rows of each bundle table, as a bundle would hold them (a mapping of table to a
    list of row mappings); anything else is refused whole, with one translated sentence. A
    person's name written by an older version is read in its allowed form, as a bundle's is
    (:func:`~trainer.progress.bundles.format.with_allowed_name`)."""

    def __init__(self, tables: Any, *, with_instructors: bool,
                 limits: BundleLimits | None = None):
        """``limits``: by default, a trainee desktop's batch (``with_instructors`` False) is
        held to :data:`INBOX_BATCH`, its rows and its size as JSON; the shared tables, which
        only instructors write, to an instructor's bundle's rows."""
        limits = limits or (BundleLimits() if with_instructors else INBOX_BATCH)
        if not isinstance(tables, Mapping) or set(tables) - set(TABLES) or not all(
                isinstance(rows, Sequence) and not isinstance(rows, str | bytes)
                for rows in tables.values()):
            raise refused(N_("This batch of rows is not one this trainer reads. Nothing was "
                             "imported."))
        self.tables = {table: list(tables.get(table, ())) for table in TABLES}
        if self.row_count > limits.rows:
            raise refused(N_("This batch holds more rows than a bundle may. Nothing was "
                             "imported."))
        self.tables["people"] = list(map(with_allowed_name, self.tables["people"]))
        if not with_instructors and json_size(self.tables, limits.unpacked_bytes) > (
                limits.unpacked_bytes):
            raise refused(N_("This batch is larger than {size} bytes, the most a batch may be. "
                             "Nothing was imported."), size=limits.unpacked_bytes)
        self.with_instructors = with_instructors
        #: Retakes travel as records on the server, not with its rows.
        self.sittings_allowed: dict[str, int] = {}
        self.scope: str | None = None  # rows of many trainees: the trust checks say whose

    @property
    def row_count(self) -> int:
        return sum(len(rows) for rows in self.tables.values())

    def verify(self, progress: Progress | None = None) -> None:
        """Nothing to read through: the rows are already in memory."""
        Steps(progress, self.row_count).finish()

    def batches(self, table: str, size: int) -> Iterator[list[tuple[int, Any]]]:
        """The table's rows with their line numbers (from 1), not checked, ``size`` at a time."""
        rows = self.tables[table]
        for start in range(0, len(rows), size):
            yield list(enumerate(rows[start:start + size], start=start + 1))

    def rows(self, table: str, check: bool) -> Iterator[tuple[int, dict[str, Any]]]:
        for line, row in enumerate(self.tables[table], start=1):
            yield line, checked_row(table, line, row) if check else row


#: How many rows are measured at a time.
_MEASURED = 1_000


def json_size(tables: dict[str, list[Any]], most: int) -> int:
    """The size of ``tables`` written as JSON (as a desktop sends a batch), measured a few
    rows at a time; once past ``most``, some size past it. (A value orjson cannot write,
    such as a whole number past 64 bits, is measured as the standard writer puts it: the
    checks say what is wrong with it.)"""
    size = 0
    for rows in tables.values():
        for start in range(0, len(rows), _MEASURED):
            chunk = rows[start:start + _MEASURED]
            try:
                size += len(orjson.dumps(chunk))
            except TypeError:
                size += len(json.dumps(chunk, default=repr).encode())
            if size > most:
                return size
    return size
