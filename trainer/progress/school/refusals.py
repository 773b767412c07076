"""The batches the desk refused, as the server keeps them (``refused_batches``): each with
the trainee it was sent for and the reason, so that a refusal is seen on the desk rather
than only in the server's tables. Only the instructor role reads them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import psycopg

#: The refusals an instructor's sync reads, newest first.
SHOWN = 50


@dataclass(frozen=True)
class Refusal:
    """A batch refused whole: when it was pushed, for whom (``None``: sent before tokens
    named the trainee), and why, in the words of the desk that refused it."""

    batch_id: int
    pushed_at: datetime
    person_id: str | None
    reason: str


def refused_batches(connection: psycopg.Connection, shown: int = SHOWN
                    ) -> tuple[Refusal, ...]:
    """The latest ``shown`` refusals, newest first (the instructor role)."""
    return tuple(Refusal(*row) for row in connection.execute(
        "SELECT id, pushed_at, person_id, reason FROM refused_batches "
        "ORDER BY pushed_at DESC, id DESC LIMIT %s", [shown]))
