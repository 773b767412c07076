"""Exams with a school server: a sitting is registered on the server before it starts.

No sitting starts offline: the server gives the start time (its own clock, not the
desktop's) and refuses a second sitting of the same exam by the same trainee, whichever
desktop asks. A sitting registered but never started here (the desktop stopped) is found
again by its id and started with the server's time.

Anyone with the desktop role's password could register a sitting in another trainee's name
and so keep them from starting that exam: an instructor's desk lists the registrations whose
sitting has not reached the server (:func:`waiting_registrations`, with each instructor
sync) and clears one (:func:`clear_registration`); only the instructor role may.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import psycopg

from i18n import N_, Message
from trainer.progress.school.identity import sitting_key
from trainer.progress.school.server.connection import (
    check_schema,
    connect,
    not_this_login,
    one_row,
)
from trainer.progress.school.server.schema import SchoolError
from trainer.progress.school.sitting_secrets import keep
from trainer.progress.storage.store import Store


def register_sitting(url: str, token: str | None, exam_id: str, sitting_id: str,
                     key: str | None, keep_for: Store | None = None) -> tuple[datetime, int]:
    """Register the sitting on the school server for the trainee whose ``token`` it is (the
    desktop role), with the ``key`` their PIN, typed to start it, gave
    (:func:`~.identity.sitting_key`): its start time there, and the seed of its questions
    the server drew. A sitting registered already is told again without a key. The
    sitting's secret, which its rows need to reach the server, is kept in memory for
    ``keep_for`` (:mod:`.sitting_secrets`)."""
    if token is None:
        raise SchoolError(Message.of(N_(
            "Sign in to the school server with your PIN first: an exam starts only for a "
            "trainee the server knows is here.")))
    try:
        with connect(url, autocommit=True) as connection:
            check_schema(connection)
            asked = "SELECT started_at, seed, secret FROM register_sitting(%s, %s, %s, %s)"
            started, seed, secret = one_row(connection.execute(
                asked, [token, exam_id, sitting_id, key]))
            if keep_for is not None:
                keep(keep_for, sitting_id, secret)
            if seed is None:  # registered now: its questions are told once it is kept
                started, seed, _none = one_row(connection.execute(
                    asked, [token, exam_id, sitting_id, None]))
            return started, seed
    except psycopg.DatabaseError as error:
        refusal = _REFUSALS.get(error.sqlstate or "")
        if refusal is None:
            raise _offline() from error
        raise SchoolError(Message.of(refusal)) from error
    except SchoolError as error:
        if error.offline:
            raise _offline() from error
        raise
    except psycopg.Error as error:
        raise _offline() from error


def exam_key(store: Store, url: str, person_id: str, pin: str) -> str:
    """The trainee typed their PIN to start an exam: the key of its registration
    (:func:`~.identity.sitting_key`), a server that cannot be reached told as an exam's."""
    try:
        return sitting_key(store, url, person_id, pin)
    except SchoolError as error:
        if error.offline:
            raise _offline() from error
        raise


#: The server's refusals of a registration (by SQLSTATE), as a trainee reads them.
_REFUSALS = {
    "23514": N_("This exam is not open now by the school server's clock: see when it opens "
                "and closes in the exam list."),
    "CT002": N_("You have sat this exam, or started it on another desktop, as many times as "
                "it allows. Ask an instructor if you should sit it again."),
    "CT003": N_("This exam is not set for you."),
    "23503": N_("The school server does not have this exam yet; ask an instructor to sync "
                "the desk."),
    "CT004": N_("Too many exam starts in a minute. Wait a minute, then try again."),
    "CT007": N_("An exam starts only with your PIN, typed to start it. Start the exam "
                "again and type your PIN."),
    "CT006": N_("This exam was already started for you on another desktop; finish it there, "
                "or ask an instructor."),
    "CT020": N_("The school server no longer takes your sign-in on this desktop. Sign in "
                "again with your PIN."),
}


def _offline() -> SchoolError:
    return SchoolError(Message.of(N_(
        "An exam starts only when the school server can be reached, and it cannot be now. "
        "Try again in a moment, or ask an instructor.")), offline=True)


@dataclass(frozen=True)
class Registration:
    """A sitting registered on the server whose sitting has not reached it yet."""

    sitting_id: str
    exam_id: str
    person_id: str
    started_at: datetime


def waiting_registrations(connection: psycopg.Connection) -> tuple[Registration, ...]:
    """The registrations with no sitting on the server yet, oldest first (the instructor
    role: a desktop may see its own registration only by its sitting's id)."""
    return tuple(Registration(*row) for row in connection.execute(
        "SELECT r.sitting_id, r.exam_id, r.person_id, r.started_at FROM exam_registrations r "
        "WHERE NOT EXISTS (SELECT 1 FROM shared_sittings s WHERE s.id = r.sitting_id) "
        "ORDER BY r.started_at, r.sitting_id"))


def clear_registration(url: str, login: str | None, password: str | None,
                       sitting_id: str) -> bool:
    """Clear a registration whose sitting has not reached the server (an instructor's
    login): the trainee may then start that exam again. Whether one was cleared."""
    try:
        with connect(url, user=login, password=password) as connection:
            check_schema(connection)
            return connection.execute(
                "DELETE FROM exam_registrations r WHERE r.sitting_id = %s AND NOT EXISTS "
                "(SELECT 1 FROM shared_sittings s WHERE s.id = r.sitting_id)",
                [sitting_id]).rowcount == 1
    except psycopg.errors.InsufficientPrivilege as error:
        raise not_this_login() from error
    except psycopg.Error as error:
        raise SchoolError(Message.of(N_(
            "The school server stopped answering; nothing was changed there. Try again in a "
            "moment.")), offline=True) from error
