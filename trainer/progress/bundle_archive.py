"""Reading a bundle file defensively: sizes capped, manifest checked, checksums verified.

Nothing here trusts the file: the zip's own sizes, the manifest's figures and the bytes
actually unpacked are all held against :class:`BundleLimits`, and every member's
SHA-256 and row count must match the manifest once it has been read to the end.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from i18n import N_
from trainer.progress.bundle_format import (
    EVERYONE,
    FORMAT,
    MANIFEST,
    TABLES,
    VERSION,
    BundleError,
    BundleLimits,
    bad_value,
    checked_row,
    is_uuid,
    member,
    refused,
)
from trainer.progress.progress_steps import Progress, Steps


def damaged(detail: str) -> BundleError:
    return refused(N_("This bundle is damaged or incomplete ({detail}). Nothing was imported."),
                   detail=detail)


def too_large(detail: str) -> BundleError:
    return refused(N_("This bundle is larger than this desktop accepts ({detail}). Nothing "
                      "was imported."), detail=detail)


class BundleArchive:
    """An open bundle: the checked manifest, and its tables read row by row.

    Opening it checks the manifest; :meth:`verify` then reads every member through once,
    so damage is found before any value is looked at.
    """

    def __init__(self, path: Path, limits: BundleLimits):
        self.limits = limits
        try:
            size = os.path.getsize(path)
            if size > limits.file_bytes:
                raise too_large(f"{size:,} bytes")
            self.zip = zipfile.ZipFile(path)
        except zipfile.BadZipFile as error:
            raise refused(N_("This file is not a progress bundle ({detail})."),
                          detail=str(error)) from error
        except OSError as error:
            raise refused(N_("The bundle {path} cannot be read ({detail})."), path=str(path),
                          detail=error.strerror or str(error)) from error
        try:
            self.manifest = self._manifest()
        except BaseException:
            self.zip.close()
            raise

    @property
    def row_count(self) -> int:
        """How many rows the manifest says the bundle holds, in all its tables."""
        return sum(self.manifest["tables"][table]["rows"] for table in TABLES)

    def close(self) -> None:
        self.zip.close()

    def __enter__(self) -> BundleArchive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _manifest(self) -> dict[str, Any]:
        names = [info.filename for info in self.zip.infolist()]
        expected = {MANIFEST, *(member(t) for t in TABLES)}
        if len(names) != len(set(names)) or set(names) != expected:
            raise refused(N_("This file is not a progress bundle ({detail})."),
                          detail=", ".join(sorted(set(names) ^ expected)) or "duplicates")
        raw = self._read_small(MANIFEST)
        try:
            manifest = json.loads(raw)
        except (ValueError, RecursionError) as error:
            raise damaged(f"{MANIFEST}: {error}") from error
        if type(manifest) is not dict or manifest.get("format") != FORMAT:
            raise refused(N_("This file is not a progress bundle ({detail})."), detail=MANIFEST)
        version = manifest.get("version")
        if type(version) is int and version > VERSION:
            raise refused(N_("This bundle was made by a newer version of the trainer (format "
                             "{version}). Update the trainer on this desktop first."),
                          version=version)
        if type(version) is int and 0 < version < VERSION:
            raise refused(N_("This bundle was made by an older version of the trainer (format "
                             "{version}), which did not record all this version checks. Export "
                             "it again with this version."), version=version)
        if version != VERSION:
            raise refused(N_("This bundle's format ({version}) is not one this trainer reads."),
                          version=str(version))
        scope, instructors = manifest.get("scope"), manifest.get("instructors")
        if not (scope == EVERYONE or is_uuid(scope)) or type(instructors) is not bool:
            raise damaged(f"{MANIFEST}: scope")
        self._check_tables(manifest.get("tables"))
        return manifest

    @property
    def scope(self) -> str | None:
        """The one trainee whose progress the bundle says it holds, or ``None`` for everyone."""
        scope = self.manifest["scope"]
        return None if scope == EVERYONE else scope

    @property
    def with_instructors(self) -> bool:
        """Whether the bundle says an instructor exported it with instructor data."""
        return self.manifest["instructors"]

    def _check_tables(self, tables: Any) -> None:
        if type(tables) is not dict or set(tables) != set(TABLES):
            raise damaged(f"{MANIFEST}: tables")
        total = 0
        for table in TABLES:
            entry = tables[table]
            if (type(entry) is not dict or entry.get("member") != member(table)
                    or type(entry.get("rows")) is not int or type(entry.get("bytes")) is not int
                    or type(entry.get("sha256")) is not str or entry["rows"] < 0
                    or entry["bytes"] < 0):
                raise damaged(f"{MANIFEST}: {table}")
            if entry["rows"] > self.limits.rows:
                raise too_large(f"{member(table)}: {entry['rows']:,} rows")
            if self.zip.getinfo(member(table)).file_size != entry["bytes"]:
                raise damaged(f"{member(table)}: size")
            total += entry["bytes"]
        if total > self.limits.unpacked_bytes:
            raise too_large(f"{total:,} bytes unpacked")

    def _read_small(self, name: str) -> bytes:
        info = self.zip.getinfo(name)
        if info.file_size > self.limits.manifest_bytes:
            raise too_large(f"{name}: {info.file_size:,} bytes")
        try:
            with self.zip.open(info) as handle:
                raw = handle.read(self.limits.manifest_bytes + 1)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
            raise damaged(f"{name}: {error}") from error
        if len(raw) > self.limits.manifest_bytes:
            raise too_large(name)
        return raw

    def verify(self, progress: Progress | None = None) -> None:
        """Read every member to the end once, so damage is reported as damage, not as values.

        ``progress`` is told the rows read (see :mod:`progress_steps`).
        """
        steps = Steps(progress, self.row_count)
        count, mark = 0, steps.next_at
        for table in TABLES:
            for _line in self._lines(table):
                count += 1
                if count >= mark:
                    mark = steps.reach(count)
        steps.finish()

    def rows(self, table: str, check: bool) -> Iterator[tuple[int, dict[str, Any]]]:
        """The table's rows with their line numbers; ``check`` validates every value.

        Every member was read through and its checksum compared by :meth:`verify`; it is
        compared again at the end of each reading, in case the file changes in between.
        """
        for line_no, line in self._lines(table):
            yield line_no, self._parse(table, line_no, line, check)

    def _lines(self, table: str) -> Iterator[tuple[int, bytes]]:
        entry = self.manifest["tables"][table]
        info = self.zip.getinfo(member(table))
        cap = min(entry["bytes"], self.limits.ratio * max(info.compress_size, 4096))
        if entry["bytes"] > cap:
            raise too_large(f"{member(table)}: packed {self.limits.ratio}× or more")
        digest, size, line_no = hashlib.sha256(), 0, 0
        try:
            with self.zip.open(info) as handle:
                while line := handle.readline(self.limits.line_bytes + 1):
                    size += len(line)
                    line_no += 1
                    if size > cap:
                        raise too_large(f"{member(table)}: more than {cap:,} bytes")
                    if len(line) > self.limits.line_bytes or not line.endswith(b"\n"):
                        raise bad_value(table, line_no, "—")
                    digest.update(line)
                    yield line_no, line
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as error:
            raise damaged(f"{member(table)}: {error}") from error
        if digest.hexdigest() != entry["sha256"] or line_no != entry["rows"]:
            raise damaged(f"{member(table)}: checksum")

    def _parse(self, table: str, line_no: int, line: bytes, check: bool) -> dict[str, Any]:
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as error:
            raise bad_value(table, line_no, "—") from error
        return checked_row(table, line_no, row) if check else row
