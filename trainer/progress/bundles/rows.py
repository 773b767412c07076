"""Rows that arrive without a bundle file: a school server's batch or its shared tables.

:class:`RowBatch` reads like a :class:`~trainer.progress.bundles.archive.BundleArchive`
(``rows``, ``scope``, ``with_instructors``, ``row_count``, ``verify``), so that rows from the
server take the same path as a bundle: every value checked, every reference resolved, the
trust checks of their writer, then the one merge (:func:`~trainer.progress.bundles.importing
.merge_checked`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from i18n import N_
from trainer.progress.bundles.format import (
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
        limits = limits or BundleLimits()
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
