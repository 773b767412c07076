"""Exams with a school server: a sitting is registered on the server before it starts.

No sitting starts offline: the server gives the start time (its own clock, not the
desktop's) and refuses a second sitting of the same exam by the same trainee, whichever
desktop asks. A sitting registered but never started here (the desktop stopped) is found
again by its id and started with the server's time.
"""

from __future__ import annotations

from datetime import datetime

import psycopg

from i18n import N_, Message
from trainer.progress.school.server import check_schema, connect
from trainer.progress.school.server_schema import SchoolError


def register_sitting(url: str, exam_id: str, person_id: str, sitting_id: str) -> datetime:
    """Register the sitting on the school server (the desktop role); its start time there."""
    try:
        with connect(url) as connection:  # one transaction, committed as it closes
            check_schema(connection)
            row = connection.execute(
                "INSERT INTO exam_registrations (sitting_id, exam_id, person_id) VALUES "
                "(%s, %s, %s) ON CONFLICT DO NOTHING RETURNING started_at",
                [sitting_id, exam_id, person_id]).fetchone()
            if row is None:
                row = connection.execute(
                    "SELECT started_at FROM exam_registrations WHERE sitting_id = %s AND "
                    "exam_id = %s AND person_id = %s", [sitting_id, exam_id, person_id]
                ).fetchone()
            if row is None:
                raise SchoolError(Message.of(N_(
                    "This exam was already started for you on another desktop; finish it "
                    "there, or ask an instructor.")))
            return row[0]
    except psycopg.errors.ForeignKeyViolation as error:
        raise SchoolError(Message.of(N_(
            "The school server does not have this exam yet; ask an instructor to sync the "
            "desk."))) from error
    except SchoolError as error:
        if error.offline:
            raise SchoolError(Message.of(N_(
                "An exam starts only when the school server can be reached, and it cannot be "
                "now. Try again in a moment, or ask an instructor.")), offline=True) from error
        raise
    except psycopg.Error as error:
        raise SchoolError(Message.of(N_(
            "An exam starts only when the school server can be reached, and it cannot be "
            "now. Try again in a moment, or ask an instructor.")), offline=True) from error
