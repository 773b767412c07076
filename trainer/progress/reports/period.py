"""The days a report covers: from a first to a last local day, both included.

Days are the instructor's local calendar days (UTC shifted by ``utc_offset``, as the
answer log counts them): an answer at 23:59:59 of the last day is in, one at 00:00:00 of
the next day is out. A report without a period is built from the summaries; one with a
period reads the answers of its days (the summaries cannot be cut by day), the weeks
counted on local days, and the exams submitted in it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from i18n import N_, Message
from trainer.progress.learning.targets import RECENT_KEPT, floor_sql
from trainer.progress.storage.damage import SOUND_ANSWER, damaged_answers
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Store, StoreError
from trainer.progress.storage.values import stamp


@dataclass(frozen=True)
class Period:
    #: The first and last local days (both included); None: no limit on that side.
    first: date | None = None
    last: date | None = None
    utc_offset: timedelta = timedelta(0)

    def __post_init__(self) -> None:
        if self.first is not None and self.last is not None and self.first > self.last:
            raise StoreError(Message.of(N_(
                "The first day of the report comes after its last day.")))

    @property
    def bounded(self) -> bool:
        return self.first is not None or self.last is not None

    def clauses(self, column: str) -> tuple[list[str], list[Any]]:
        """SQL conditions (and their arguments) keeping ``column``, a stored UTC stamp,
        inside the period."""
        clauses, args = [], []
        if self.first is not None:
            clauses.append(f"{column} >= ?")
            args.append(stamp(datetime.combine(self.first, time(), UTC) - self.utc_offset))
        if self.last is not None:
            clauses.append(f"{column} < ?")
            args.append(stamp(datetime.combine(self.last + timedelta(days=1), time(), UTC)
                              - self.utc_offset))
        return clauses, args

    def where(self, column: str, person_column: str, person_id: str | None,
              ) -> tuple[str, list[Any]]:
        clauses, args = self.clauses(column)
        if person_id is not None:
            clauses.append(f"{person_column} = ?")
            args.append(person_id)
        return " AND ".join(clauses or ["1"]), args


#: One person's answers of one skill in a period: (person, skill, answers, right,
#: milliseconds, last answered, the last answers as (right, milliseconds) oldest first).
Summary = tuple[str, str, int, int, int, str, list[tuple[int, int]]]


def summaries(store: Store, period: Period, person_id: str | None) -> Iterator[Summary]:
    """What the summaries say of each person and skill, from the period's answers only (the
    last answers, as the summaries keep them, without those too fast to count toward
    mastery; an answer whose figures are damaged is named in ``store.damaged_rows``, and
    left out)."""
    where, args = period.where("answered_at", "person_id", person_id)
    store.damaged_rows.extend(damaged_answers(connection(store), where, args))
    where = f"{where} AND {SOUND_ANSWER}"
    recent: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for person, skill, right, ms in connection(store).execute(
            f"SELECT person_id, skill, correct, response_ms FROM (SELECT person_id, skill, "
            f"correct, response_ms, answered_at, rowid AS r, row_number() OVER (PARTITION BY "
            f"person_id, skill ORDER BY answered_at DESC, rowid DESC) AS n FROM attempts "
            f"WHERE {where} AND response_ms >= {floor_sql('skill')}) WHERE n <= ? "
            f"ORDER BY answered_at, r", [*args, RECENT_KEPT]):
        recent[person, skill].append((right, ms))
    for person, skill, count, right, ms, last in connection(store).execute(
            f"SELECT person_id, skill, count(*), sum(correct), sum(response_ms), "
            f"max(answered_at) FROM attempts WHERE {where} GROUP BY person_id, skill", args):
        yield person, skill, count, right, ms, last, recent[person, skill]


def weeks(store: Store, period: Period, person_ids: set[str],
          ) -> dict[date, tuple[int, int, int]]:
    """Answers, right answers and milliseconds per local week (its Monday) of the period."""
    where, args = period.where("answered_at", "person_id", None)
    where = f"{where} AND {SOUND_ANSWER}"  # the damaged ones named by summaries()
    minutes = int(period.utc_offset.total_seconds() // 60)
    found: dict[date, tuple[int, int, int]] = {}
    for person, day, count, right, ms in connection(store).execute(
            f"SELECT person_id, date(answered_at, ?) AS day, count(*), sum(correct), "
            f"sum(response_ms) FROM attempts WHERE {where} GROUP BY person_id, day",
            [f"{minutes:+d} minutes", *args]):
        if person not in person_ids:
            continue
        local = date.fromisoformat(day)
        monday = local - timedelta(days=local.weekday())
        before = found.get(monday, (0, 0, 0))
        found[monday] = (before[0] + count, before[1] + right, before[2] + ms)
    return dict(sorted(found.items()))
