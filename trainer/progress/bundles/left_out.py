"""What a bundle leaves out: rows of the progress database that are damaged (the importer
would refuse the whole bundle for one of them), and the rows that refer to one, so that the
rest still moves. Each damaged row is named in ``store.damaged_rows``.

A row is damaged if :func:`~trainer.progress.bundles.format.checked_row`, the importer's own
check, refuses it. Every table but the answers is checked before anything is written (they
are few); ordinary answers are checked as they are written, a batch at a time in C
(:func:`~trainer.progress.bundles.format.valid_rows`). Exam answers are checked first: the
importer grades a sitting again from all its answers, so one damaged answer leaves its
whole sitting out, with its result.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from i18n import N_, Message
from trainer.progress.bundles.format import (
    COLUMNS,
    KEYS,
    KINDS,
    TABLES,
    BundleError,
    checked_row,
    valid_rows,
    with_allowed_name,
)
from trainer.progress.storage.store import Store

#: Which table each column that refers to another row points into.
REFERENCES: dict[str, dict[str, str]] = {
    "credentials": {"person_id": "people"}, "pins": {"person_id": "people"},
    "extra_time": {"person_id": "people", "set_by": "people"},
    "sessions": {"person_id": "people"}, "exams": {"created_by": "people"},
    "sittings": {"exam_id": "exams", "person_id": "people"},
    "attempts": {"person_id": "people", "session_id": "sessions", "sitting_id": "sittings"},
    "results": {"sitting_id": "sittings", "exam_id": "exams", "person_id": "people"},
}
#: How many answers are checked together.
BATCH = 1_000

#: Reads a table's rows (as the bundle holds them) for the export.
Reader = Callable[[str, str], Iterable[dict[str, Any]]]


def damaged_note(table: str, row: dict[str, Any], column: str) -> Message:
    return Message.of(N_("The {kind} {id} in the progress database is damaged ({column}); it "
                         "was left out of the bundle, with what refers to it."),
                      kind=Message.of(KINDS[table]), id=str(row.get(KEYS[table])),
                      column=column)


def _damage(table: str, row: dict[str, Any]) -> str | None:
    """The column of ``row`` that the importer would refuse, if any (a name an older version
    let in is read in its allowed form, as the importer reads it)."""
    try:
        checked_row(table, 0, with_allowed_name(row) if table == "people" else row)
    except BundleError as error:
        return str(dict(error.message.params).get("field", "—"))
    return None


class LeftOut:
    """The keys of the rows a bundle leaves out, table by table."""

    def __init__(self, store: Store, read: Reader):
        self.store = store
        self.gone: dict[str, set[Any]] = defaultdict(set)
        for table in TABLES:
            rows = read(table, "sitting_id IS NOT NULL" if table == "attempts" else "1")
            for row in rows:
                if self._refers_to_gone(table, row):
                    self.gone[table].add(row[KEYS[table]])
                elif (column := _damage(table, row)) is not None:
                    self._leave_out(table, row, column)

    def _leave_out(self, table: str, row: dict[str, Any], column: str) -> None:
        self.store.damaged_rows.append(damaged_note(table, row, column))
        self.gone[table].add(row.get(KEYS[table]))
        if table in ("attempts", "results") and type(row.get("sitting_id")) is str:
            self.gone["sittings"].add(row["sitting_id"])  # graded again whole, or not at all

    def _refers_to_gone(self, table: str, row: dict[str, Any]) -> bool:
        return any(row.get(column) in self.gone[target]
                   for column, target in REFERENCES.get(table, {}).items())

    def kept(self, table: str, rows: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """``rows`` without those left out; ordinary answers are checked on the way."""
        if table != "attempts":
            for row in rows:
                if row[KEYS[table]] not in self.gone[table] and not self._refers_to_gone(
                        table, row):
                    yield row
            return
        batch: list[dict[str, Any]] = []
        for row in rows:
            if self._refers_to_gone(table, row) or row["id"] in self.gone[table]:
                continue
            batch.append(row)
            if len(batch) >= BATCH:
                yield from self._sound(batch)
                batch = []
        yield from self._sound(batch)

    def _sound(self, batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if valid_rows("attempts", batch):
            return batch
        kept = []
        for row in batch:
            column = _damage("attempts", row)
            if column is None:
                kept.append(row)
            else:
                self._leave_out("attempts", row, column)
        return kept


assert set(REFERENCES) | {"people"} == set(TABLES) == set(COLUMNS)
