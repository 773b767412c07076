"""Practice over time for the progress screen: answers per day, and the median time per week.

The reports (:mod:`reports`) read the summary tables, which keep totals per week but not
the answers' times one by one, so neither a calendar of days nor a weekly *median* can
come from them. These two functions read one person's attempts instead: a few thousand
rows at most, found through the index that starts with ``person_id``. The same rule as
everywhere applies: a trainee sees only their own practice, an instructor anyone's.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from datetime import UTC, date, datetime, time, timedelta

from trainer.progress.learning.summaries import WEEK_SQL
from trainer.progress.people.leave import Leave
from trainer.progress.storage.database import reading
from trainer.progress.storage.values import stamp


def answers_per_day(leave: Leave, first: date, last: date,
                    utc_offset: timedelta = timedelta(0)) -> dict[date, int]:
    """How many answers the person gave on each day from ``first`` to ``last`` (included).

    Days are the desktop's local days: UTC shifted by ``utc_offset`` (Macau: +8 hours), so
    an answer at 07:00 in Macau counts on that day, not on the day before. Every day of
    the range is in the result, days without answers with 0.
    """
    store, person_id = leave.store, leave.person
    if last < first:
        return {}
    days = (last - first).days + 1
    start = datetime.combine(first, time(), UTC) - utc_offset
    end = start + timedelta(days=days)
    shift = f"{int(utc_offset.total_seconds()):+d} seconds"
    with reading(store) as db:
        rows = db.execute(
            "SELECT date(answered_at, ?) AS day, count(*) FROM attempts "
            "WHERE person_id = ? AND answered_at >= ? AND answered_at < ? GROUP BY day",
            [shift, person_id, stamp(start), stamp(end)]).fetchall()
    counts = {date.fromisoformat(day): count for day, count in rows}
    return {first + timedelta(days=n): counts.get(first + timedelta(days=n), 0)
            for n in range(days)}


def median_ms_per_week(leave: Leave) -> dict[date, int]:
    """The median response time of the person's answers in each week they answered.

    Weeks start on Monday (UTC), the same weeks as ``weekly_stats`` and so as the
    report's ``weeks``; the median is the lower one, like the report's medians.
    """
    store, person_id = leave.store, leave.person
    times: dict[str, list[int]] = defaultdict(list)
    with reading(store) as db:
        for week, ms in db.execute(f"SELECT {WEEK_SQL} AS week, response_ms FROM attempts "
                                   f"WHERE person_id = ?", [person_id]):
            times[week].append(ms)
    return {date.fromisoformat(week): statistics.median_low(values)
            for week, values in sorted(times.items())}
