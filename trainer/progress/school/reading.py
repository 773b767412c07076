"""How a sync reads the school server's shared tables: an instructor's login reads them all;
the desktop role reads a trainee's progress only through that trainee's token (the functions
``trainee_progress_*`` of :mod:`.server.identity`), and the rest directly. What the changed
rows refer to comes with them, as in a bundle."""

from __future__ import annotations

from typing import Any

import psycopg
from psycopg import sql

from trainer.progress.bundles.format import COLUMNS, KEYS
from trainer.progress.school.server.connection import one_row
from trainer.progress.school.server.identity import TOKEN_READS
from trainer.progress.school.server.schema import DESKTOP_READS, shared
from trainer.progress.storage.store import Role


class SharedReader:
    """How a sync reads the shared tables: an instructor's login reads them all; the desktop
    role reads the progress tables only through its trainees' tokens (``tokens``; ``fresh``:
    those whose whole history is read now), the other tables it may read directly."""

    def __init__(self, connection: psycopg.Connection, since: int, tokens: list[str] | None,
                 fresh: list[str]):
        self.connection, self.since, self.tokens, self.fresh = connection, since, tokens, fresh

    def reads(self, table: str) -> bool:
        return self.tokens is None or table in DESKTOP_READS or table in TOKEN_READS

    def newest(self, readable: list[str]) -> int:
        """The latest change this sync may read (0 if none)."""
        latest: list[sql.Composable] = [sql.SQL("(SELECT coalesce(max(change), 0) FROM {})").format(
            sql.Identifier(shared(t))) for t in readable]
        if self.tokens is not None:
            latest.append(sql.SQL("trainee_progress_newest(%s)"))
        args = [] if self.tokens is None else [self.tokens]
        newest: int = one_row(self.connection.execute(sql.SQL("SELECT greatest({})").format(
            sql.SQL(", ").join(latest)), args))[0]
        return newest

    def changed(self, table: str) -> list[dict[str, Any]]:
        if self._by_token(table):
            return self._through_tokens(table, self.since, self.fresh, [])
        return self._select(table, sql.SQL("change > %s"), [self.since])

    def by_keys(self, table: str, keys: list[str]) -> list[dict[str, Any]]:
        if self._by_token(table):
            return self._through_tokens(table, 2**62, [], keys)
        return self._select(table, sql.SQL("{} = ANY(%s)").format(sql.Identifier(KEYS[table])),
                            [keys])

    def _by_token(self, table: str) -> bool:
        return self.tokens is not None and table in TOKEN_READS

    def _through_tokens(self, table: str, since: int, fresh: list[str],
                        keys: list[str]) -> list[dict[str, Any]]:
        columns = list(COLUMNS[table])
        return [dict(zip(columns, found, strict=True)) for found in self.connection.execute(
            sql.SQL("SELECT {} FROM {}(%s, %s, %s, %s) ORDER BY change").format(
                sql.SQL(", ").join(map(sql.Identifier, columns)),
                sql.Identifier(f"trainee_progress_{table}")), [self.tokens, since, fresh, keys])]

    def _select(self, table: str, where: sql.Composable, args: list[Any]
                ) -> list[dict[str, Any]]:
        columns = list(COLUMNS[table])
        return [dict(zip(columns, found, strict=True)) for found in self.connection.execute(
            sql.SQL("SELECT {} FROM {} WHERE {} ORDER BY change").format(
                sql.SQL(", ").join(map(sql.Identifier, columns)),
                sql.Identifier(shared(table)), where), args)]


def complete(reader: SharedReader, rows: dict[str, list[dict[str, Any]]]) -> None:
    """What the changed rows refer to comes with them, as in a bundle (the same snapshot):
    the sessions and sittings of answers, the results of submitted sittings, every person."""
    def keys(table: str) -> set[str]:
        return {row[KEYS[table]] for row in rows.get(table, [])}

    def fetch(table: str, wanted: set[str]) -> None:
        missing = sorted(wanted - keys(table))
        if missing:
            rows.setdefault(table, []).extend(reader.by_keys(table, missing))

    answers = rows.get("attempts", [])
    fetch("sessions", {row["session_id"] for row in answers if row["session_id"]})
    fetch("sittings", {row["sitting_id"] for row in answers if row["sitting_id"]}
          | {row["sitting_id"] for row in rows.get("results", [])})
    fetch("results", {row["id"] for row in rows.get("sittings", []) if row["submitted_at"]})
    owners = {row["person_id"] for table, found in rows.items() if table != "people"
              for row in found if "person_id" in row}
    owners |= {row["set_by"] for row in rows.get("extra_time", [])}
    owners |= {row["created_by"] for row in rows.get("exams", [])}
    if any(rows.get(table) for table in ("credentials", "pins", "exams", "extra_time")):
        # instructor data comes with its instructors
        owners |= {found[0] for found in reader.connection.execute(
            "SELECT id FROM shared_people WHERE role = %s", [Role.INSTRUCTOR.value])}
    fetch("people", owners)
