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
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from i18n import N_, Message
from trainer.progress.bundles.format import (
    EVERYONE,
    FORMAT,
    MANIFEST,
    TABLES,
    VERSION,
    BundleError,
    BundleLimits,
    bad_value,
    checked_row,
    member,
    read_json,
    refused,
    with_allowed_name,
)
from trainer.progress.progress_steps import Progress, Steps
from trainer.progress.records import MOST_SITTINGS
from trainer.progress.storage.backups import why
from trainer.progress.storage.values import is_uuid

#: Every refusal is one sentence of bounded length, in the user's language: the details
#: are the bundle's own member names (cut short) and figures, never a library's English.
_MOST_NAMES = 3
_LONGEST_NAME = 60
#: How much of a member is unpacked at a time.
_PIECE = 1 << 20


def damaged(detail: Message | str) -> BundleError:
    return refused(N_("This bundle is damaged or incomplete ({detail}). Nothing was imported."),
                   detail=detail)


def unreadable(name: str) -> BundleError:
    return damaged(Message.of(N_("{member} cannot be unpacked"), member=_short(name)))


def too_large(detail: Message | str) -> BundleError:
    return refused(N_("This bundle is larger than this desktop accepts ({detail}). Nothing "
                      "was imported."), detail=detail)


def _bytes(count: int) -> Message:
    return Message.counted("{count} byte", "{count} bytes", count)


def _short(name: str) -> str:
    return name if len(name) <= _LONGEST_NAME else name[:_LONGEST_NAME - 1] + "…"


def _names(names: list[str]) -> str:
    """A few of ``names``, cut short, and how many more there are."""
    shown = ", ".join(_short(name) for name in names[:_MOST_NAMES])
    return shown + (f" … (+{len(names) - _MOST_NAMES})" if len(names) > _MOST_NAMES else "")


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
                raise too_large(_bytes(size))
            self.zip = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, zlib.error, ValueError, EOFError) as error:
            raise refused(N_("This file is not a progress bundle ({detail})."),
                          detail=_short(Path(path).name)) from error
        except OSError as error:
            raise refused(N_("The bundle {path} cannot be read ({detail})."), path=str(path),
                          detail=why(error)) from error
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
                          detail=_names(sorted(set(names) ^ expected) or sorted(names)))
        raw = self._read_small(MANIFEST)
        try:
            manifest = json.loads(raw)
        except (ValueError, RecursionError) as error:
            raise unreadable(MANIFEST) from error
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
            raise unreadable(MANIFEST)
        self._check_tables(manifest.get("tables"))
        allowed = manifest.get("sittings_allowed", {})
        if type(allowed) is not dict or not all(
                is_uuid(k) and type(v) is int and 1 < v <= MOST_SITTINGS
                for k, v in allowed.items()):
            raise unreadable(MANIFEST)
        return manifest

    @property
    def scope(self) -> str | None:
        """The one trainee whose progress the bundle says it holds, or ``None`` for everyone."""
        scope = self.manifest["scope"]
        return None if scope == EVERYONE else scope

    @property
    def with_instructors(self) -> bool:
        """Whether the bundle says an instructor exported it with instructor data."""
        instructors: bool = self.manifest["instructors"]  # checked a bool when read
        return instructors

    @property
    def sittings_allowed(self) -> dict[str, int]:
        """The exams that allow retakes, and how many sittings (an instructor's bundle's)."""
        return dict(self.manifest.get("sittings_allowed", {})) if self.with_instructors else {}

    def _check_tables(self, tables: Any) -> None:
        if type(tables) is not dict or set(tables) != set(TABLES):
            raise unreadable(MANIFEST)
        total = rows = 0
        for table in TABLES:
            entry = tables[table]
            if (type(entry) is not dict or entry.get("member") != member(table)
                    or type(entry.get("rows")) is not int or type(entry.get("bytes")) is not int
                    or type(entry.get("sha256")) is not str or entry["rows"] < 0
                    or entry["bytes"] < 0):
                raise unreadable(MANIFEST)
            rows += entry["rows"]
            if rows > self.limits.rows:
                raise too_large(Message.counted("{count} row", "{count} rows", rows))
            if self.zip.getinfo(member(table)).file_size != entry["bytes"]:
                raise damaged(Message.of(N_("{member}: the size does not match"),
                                         member=member(table)))
            total += entry["bytes"]
        if total > self.limits.unpacked_bytes:
            raise too_large(Message.counted("{count} byte unpacked", "{count} bytes unpacked",
                                            total))

    def _read_small(self, name: str) -> bytes:
        info = self.zip.getinfo(name)
        if info.file_size > self.limits.manifest_bytes:
            raise too_large(Message.of(N_("{member}: {size}"), member=name,
                                       size=_bytes(info.file_size)))
        try:
            with self.zip.open(info) as handle:
                raw = handle.read(self.limits.manifest_bytes + 1)
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as error:
            raise unreadable(name) from error
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

    def batches(self, table: str, size: int) -> Iterator[list[tuple[int, Any]]]:
        """The table's rows with their line numbers, read but not checked, ``size`` at a time.

        A line that cannot be read is said only after the rows before it: so that, checked
        in turn, a bad value before it is said first (as :meth:`rows` does)."""
        batch: list[tuple[int, Any]] = []
        try:
            for line_no, line in self._lines(table):
                batch.append((line_no, self._parse(table, line_no, line, False)))
                if len(batch) == size:
                    yield batch
                    batch = []
        except BundleError:
            if batch:
                yield batch
            raise
        if batch:
            yield batch

    def _lines(self, table: str) -> Iterator[tuple[int, bytes]]:
        entry = self.manifest["tables"][table]
        info = self.zip.getinfo(member(table))
        cap = min(entry["bytes"], self.limits.ratio * max(info.compress_size, 4096))
        if entry["bytes"] > cap:
            raise too_large(Message.of(N_("{member}: packed {ratio}× or more"),
                                       member=member(table), ratio=self.limits.ratio))
        longest = self.limits.line_bytes
        digest, size, line_no, rest = hashlib.sha256(), 0, 0, b""
        try:
            with self.zip.open(info) as handle:
                # Read in large pieces and split them (a zip member's readline is slow);
                # never hold more than a piece and one line's worth of what comes before.
                while piece := handle.read(_PIECE):
                    size += len(piece)
                    if size > cap:
                        raise too_large(Message.of(N_("{member}: more than {size}"),
                                                   member=member(table), size=_bytes(cap)))
                    digest.update(piece)
                    lines = (rest + piece).split(b"\n")
                    rest = lines.pop()
                    for line in lines:
                        line_no += 1
                        if len(line) >= longest:  # with its newline, longer than a line may be
                            raise bad_value(table, line_no, "—")
                        yield line_no, line
                    if len(rest) >= longest:
                        raise bad_value(table, line_no + 1, "—")
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as error:
            raise unreadable(member(table)) from error
        if rest:  # the last line has no newline
            raise bad_value(table, line_no + 1, "—")
        if digest.hexdigest() != entry["sha256"] or line_no != entry["rows"]:
            raise damaged(Message.of(N_("{member}: the checksum does not match"),
                                     member=member(table)))

    def _parse(self, table: str, line_no: int, line: bytes, check: bool) -> dict[str, Any]:
        try:
            row = read_json(line)
        except ValueError as error:
            raise bad_value(table, line_no, "—") from error
        if table == "people":
            row = with_allowed_name(row)
        return checked_row(table, line_no, row) if check else row
