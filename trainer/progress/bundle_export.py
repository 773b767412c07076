"""Export a person's (or everyone's) progress to a bundle file, for another desktop.

A bundle is self-contained: every row it holds refers only to rows it also holds
(the person, their sessions, the exams they sat). It is written to a temporary name
and renamed when complete, so a half-written (or cancelled) bundle never looks like a
finished one.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trainer.progress.bundle_format import COLUMNS, FORMAT, MANIFEST, TABLES, VERSION, member
from trainer.progress.people import Actor, require_access, require_instructor
from trainer.progress.progress_steps import Progress, Steps, whole_file
from trainer.progress.schema import migrations
from trainer.progress.store import Store, now

_SOURCES = {"people": "people", "credentials": "credentials", "sessions": "sessions",
            "exams": "exams", "sittings": "exam_sittings", "attempts": "attempts",
            "results": "exam_results"}
#: Which rows belong to one person's bundle.
_ONE_PERSON = {
    "people": "id = :person",
    "credentials": "person_id = :person",
    "sessions": "person_id = :person",
    "exams": "id IN (SELECT exam_id FROM exam_sittings WHERE person_id = :person)",
    "sittings": "person_id = :person",
    "attempts": "person_id = :person",
    "results": "person_id = :person",
}


@dataclass(frozen=True)
class BundleContents:
    path: Path
    rows: tuple[tuple[str, int], ...]

    def count(self, table: str) -> int:
        return dict(self.rows)[table]


def export_bundle(store: Store, actor: Actor, out: Path, person_id: str | None = None, *,
                  progress: Progress | None = None) -> BundleContents:
    """Write one person's progress (a trainee may export their own) or everyone's.

    ``progress`` is told the entries (rows of every table) written, see
    :mod:`progress_steps`; a cancelled export leaves no file.
    """
    if person_id is None:
        require_instructor(store, actor)
    else:
        require_access(store, actor, person_id)
    tables: dict[str, dict[str, Any]] = {}
    with whole_file(Path(out)) as partial, zipfile.ZipFile(
            partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        with store.read():  # one consistent snapshot while others keep answering
            steps = Steps(progress, _count(store, person_id) if progress else 0)
            for table in TABLES:
                tables[table] = _write_member(archive, member(table),
                                              _rows(store, table, person_id), steps)
            manifest = {"format": FORMAT, "version": VERSION, "created_at": now(),
                        "schema": [m.name for m in migrations.applied(store.db)],
                        "scope": person_id or "everyone", "tables": tables}
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1))
        steps.finish()
    return BundleContents(Path(out), tuple((t, tables[t]["rows"]) for t in TABLES))


def _where(table: str, person_id: str | None) -> str:
    if person_id:
        return f" WHERE {_ONE_PERSON[table]}"
    if table == "credentials":
        return " WHERE person_id IN (SELECT id FROM people WHERE role = 'instructor')"
    return ""


def _count(store: Store, person_id: str | None) -> int:
    """How many rows the bundle will hold (counted for the progress only)."""
    return sum(store.db.execute(f"SELECT count(*) FROM {_SOURCES[table]}"
                                f"{_where(table, person_id)}",
                                {"person": person_id} if person_id else {}).fetchone()[0]
               for table in TABLES)


def _rows(store: Store, table: str, person_id: str | None) -> Iterator[dict[str, Any]]:
    columns = list(COLUMNS[table])
    cursor = store.db.execute(
        f"SELECT {', '.join(columns)} FROM {_SOURCES[table]}{_where(table, person_id)} "
        f"ORDER BY rowid",
        {"person": person_id} if person_id else {})
    for row in cursor:
        yield dict(zip(columns, row, strict=True))


def _write_member(archive: zipfile.ZipFile, name: str, rows: Iterator[dict[str, Any]],
                  steps: Steps) -> dict[str, Any]:
    digest = hashlib.sha256()
    count = size = 0
    with archive.open(name, "w", force_zip64=True) as handle:
        buffer: list[bytes] = []
        for row in rows:
            line = (json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
            buffer.append(line)
            count += 1
            if len(buffer) >= 4096:
                size += _flush(handle, digest, buffer)
                steps.advance(4096)
        steps.advance(len(buffer))
        size += _flush(handle, digest, buffer)
    return {"member": name, "rows": count, "bytes": size, "sha256": digest.hexdigest()}


def _flush(handle: Any, digest: Any, buffer: list[bytes]) -> int:
    chunk = b"".join(buffer)
    buffer.clear()
    digest.update(chunk)
    handle.write(chunk)
    return len(chunk)
