"""Export a person's (or everyone's) progress to a bundle file, for another desktop.

A bundle holds trainees' progress: one trainee's (their person, sessions, answers,
sittings and results — a trainee may export their own, with their PIN when they have
one) or everyone's. Instructor data — instructor accounts, passwords, PINs and exam
definitions — travel only when an instructor asks for them (``with_instructors``), and
the importing instructor must then accept each instructor account by name. A row damaged
in the database is named and left out, with what refers to it (:mod:`left_out`). A sitting
refers to its exam by id: the desktop that imports it must know the exam; one waiting for
an instructor's confirmation stays here. The file is
written to a temporary name and renamed when complete, so a half-written (or
cancelled) bundle never looks like a finished one.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from i18n import N_, Message
from trainer.progress.bundles.format import (
    COLUMNS,
    EVERYONE,
    FORMAT,
    MANIFEST,
    STORED_IN,
    TABLES,
    VERSION,
    member,
)
from trainer.progress.bundles.left_out import LeftOut
from trainer.progress.exams.confirmations import counted
from trainer.progress.people.accounts import Actor, require_instructor, require_proof
from trainer.progress.progress_steps import Progress, Steps, whole_file
from trainer.progress.storage.database import connection, reading
from trainer.progress.storage.schema import migrations
from trainer.progress.storage.store import Role, Store, StoreError, now

_NOTHING = "0"
_TRAINEES = f"person_id IN (SELECT id FROM people WHERE role = '{Role.TRAINEE}')"
#: Which rows belong to one trainee's bundle: no instructor data at all.
_ONE_PERSON = {
    "people": "id = :person", "credentials": _NOTHING, "pins": _NOTHING,
    "extra_time": _NOTHING,
    "sessions": "person_id = :person", "exams": _NOTHING, "sittings": "person_id = :person",
    "attempts": "person_id = :person", "results": "person_id = :person",
}
#: Everyone's trainees, without instructor data.
_TRAINEES_ONLY = {
    "people": f"role = '{Role.TRAINEE}'", "credentials": _NOTHING, "pins": _NOTHING,
    "extra_time": _NOTHING,
    "sessions": _TRAINEES, "exams": _NOTHING, "sittings": _TRAINEES,
    "attempts": _TRAINEES, "results": _TRAINEES,
}
#: Everything, instructors and their data included.
_EVERYTHING = {
    **dict.fromkeys(STORED_IN, "1"),
    "credentials": f"person_id IN (SELECT id FROM people WHERE role = '{Role.INSTRUCTOR}')",
}
#: A sitting waiting for an instructor's confirmation stays on this desk (elsewhere it would
#: count at once), with its answers and result.
_CONFIRMED = {"sittings": counted("id"), "results": counted("sitting_id"),
              "attempts": f"(sitting_id IS NULL OR {counted('sitting_id')})"}
for _where in (_ONE_PERSON, _TRAINEES_ONLY, _EVERYTHING):
    _where.update({table: f"({_where[table]}) AND {held}" for table, held in _CONFIRMED.items()})


@dataclass(frozen=True)
class BundleContents:
    path: Path
    rows: tuple[tuple[str, int], ...]

    def count(self, table: str) -> int:
        return dict(self.rows)[table]


def export_bundle(store: Store, actor: Actor, out: Path, person_id: str | None = None, *,
                  with_instructors: bool = False,
                  progress: Progress | None = None) -> BundleContents:
    """Write one trainee's progress (a trainee may export their own) or everyone's,
    with the instructors' accounts, passwords, PINs and exams only if asked.

    ``progress`` is told the entries (rows of every table) written, see
    :mod:`progress_steps`; a cancelled export leaves no file.
    """
    if person_id is None or with_instructors:
        require_instructor(store, actor)
    else:
        require_proof(store, actor, person_id)
        if store.person(person_id).role != "trainee":
            raise StoreError(Message.of(N_(
                "An instructor's account travels only in everyone's bundle, with the "
                "instructors.")))
    where = _ONE_PERSON if person_id else _EVERYTHING if with_instructors else _TRAINEES_ONLY
    tables: dict[str, dict[str, Any]] = {}
    with whole_file(Path(out)) as partial, zipfile.ZipFile(  # zlib's default level, 6
            partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        with reading(store):  # one consistent snapshot while others keep answering
            steps = Steps(progress, _count(store, where, person_id) if progress else 0)
            left_out = LeftOut(store, lambda table, only: _rows(store, table, where, person_id,
                                                                only))
            for table in TABLES:
                rows = left_out.kept(table, _rows(store, table, where, person_id))
                tables[table] = _write_member(archive, member(table), rows, steps)
            manifest = {"format": FORMAT, "version": VERSION, "created_at": now(),
                        "schema": [m.name for m in migrations.applied(connection(store))],
                        "scope": person_id or EVERYONE, "instructors": with_instructors,
                        "tables": tables}
            if with_instructors:  # the retakes each exam allows, for the desk that imports
                manifest["sittings_allowed"] = dict(connection(store).execute(
                    "SELECT exam_id, sittings_allowed FROM exam_terms WHERE "
                    "sittings_allowed > 1 AND exam_id IN (SELECT id FROM exams)").fetchall())
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1))
        steps.finish()
    return BundleContents(Path(out), tuple((t, tables[t]["rows"]) for t in TABLES))


def _count(store: Store, where: dict[str, str], person_id: str | None) -> int:
    """How many rows the bundle will hold (counted for the progress only)."""
    return sum(connection(store).execute(
            f"SELECT count(*) FROM {STORED_IN[table]} WHERE {where[table]}",
                                {"person": person_id}).fetchone()[0]
               for table in TABLES)


def _rows(store: Store, table: str, where: dict[str, str], person_id: str | None,
          only: str = "1") -> Iterator[dict[str, Any]]:
    """The bundle's rows of ``table`` (those ``only`` keeps of them)."""
    columns = list(COLUMNS[table])
    cursor = connection(store).execute(
        f"SELECT {', '.join(columns)} FROM {STORED_IN[table]} WHERE {where[table]} "
        f"AND {only} ORDER BY rowid", {"person": person_id})
    for row in cursor:  # as many values as columns, by the SELECT
        yield {column: row[n] for n, column in enumerate(columns)}


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
