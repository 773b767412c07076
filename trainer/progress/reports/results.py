"""The exam results a report reads: those that count, each checked before it is used.

A result counts once its sitting is confirmed (:func:`~trainer.progress.exams.confirmations.
counted`); a result with a damaged value is named in the store's damaged rows and left out
(the damaged-row rule of :mod:`trainer.progress.storage.damage`), never read as a figure.
"""

from __future__ import annotations

from collections.abc import Container, Iterator
from typing import Any

from trainer.progress.exams.confirmations import counted
from trainer.progress.storage.damage import RESULT, damaged_column, result_skipped
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Store


def sound_results(store: Store, columns: str, people: Container[str], *,
                  where: tuple[str, ...] = (), args: tuple[Any, ...] = (),
                  order: str) -> Iterator[dict[str, Any]]:
    """Each counted result of one of ``people``, as ``columns`` of ``exam_results r``
    joined with its exam ``e`` (by name, with ``person_id`` and ``sitting_id``), in
    ``order``; those of others are not read further, damaged ones are named and skipped."""
    clauses = " AND ".join((*where, counted("r.sitting_id")))
    cursor = connection(store).execute(
        f"SELECT {columns}, r.person_id, r.sitting_id FROM exam_results r "
        f"JOIN exams e ON e.id = r.exam_id WHERE {clauses} ORDER BY {order}", args)
    names = [c[0] for c in cursor.description]
    for row in cursor:
        found = dict(zip(names, row, strict=True))
        if found["person_id"] not in people:
            continue
        column = damaged_column(RESULT, found)
        if column != "—":
            store.damaged_rows.append(result_skipped(found["sitting_id"], column))
            continue
        yield found
