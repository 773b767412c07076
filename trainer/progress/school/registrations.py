"""The school server's exam registrations, read by the desk to check the sittings it takes.

Only an instructor's login may read them (the desktop role may not: a trainee would learn
who sits what, and when). The desk's merge reads them on the connection it works the
inbox with; the import of a trainee's bundle, with the login of the instructor signed in
at the desk (:class:`ServerRegistrations`), once for all the bundle's new sittings — and
refuses the bundle whole when the server cannot tell, since an unchecked sitting would
count. The rule they are compared by is :func:`trainer.progress.exams.registrations.registered_as`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

import psycopg

from i18n import N_
from trainer.progress.bundles.format import BundleError, refused
from trainer.progress.exams.registrations import ServerRegistration
from trainer.progress.school.server.connection import check_schema, connect
from trainer.progress.school.server.schema import SchoolError


def read_registrations(connection: psycopg.Connection,
                       sitting_ids: Collection[str]) -> dict[str, ServerRegistration]:
    """The registrations of ``sitting_ids`` the server has, in one query (an instructor's
    connection)."""
    if not sitting_ids:
        return {}
    return {row[0]: ServerRegistration(*row[1:]) for row in connection.execute(
        "SELECT sitting_id, exam_id, person_id, started_at, seed FROM exam_registrations "
        "WHERE sitting_id = ANY(%s)", [list(sitting_ids)])}


@dataclass(frozen=True)
class ServerRegistrations:
    """Reads the registrations of a bundle's sittings from the server at ``url``, as
    ``login`` (the instructor signed in at the desk; ``None``: as the URL says). A value,
    so that it travels with the import to the thread that runs it."""

    url: str
    login: str | None = None
    password: str | None = field(default=None, repr=False)

    def __call__(self, sitting_ids: Collection[str]) -> dict[str, ServerRegistration]:
        try:
            with connect(self.url, user=self.login, password=self.password) as connection:
                check_schema(connection)
                return read_registrations(connection, sitting_ids)
        except psycopg.errors.InsufficientPrivilege as error:
            raise refused(N_(
                "This bundle holds exam sittings, which the school server's registrations "
                "must prove, and only an instructor's login there may read them. Sign in to "
                "the school server as an instructor, then import the bundle again. Nothing "
                "was imported.")) from error
        except SchoolError as error:
            if error.offline:
                raise _unreachable() from error
            raise refused(N_("The school server could not check the exam sittings in this "
                             "bundle: {reason} Nothing was imported."),
                          reason=error.message) from error
        except psycopg.Error as error:
            raise _unreachable() from error


def _unreachable() -> BundleError:
    """The server must check a bundle's sittings, and cannot be reached now."""
    return refused(N_("This bundle holds exam sittings, which the school server must check, "
                      "and it cannot be reached now. Nothing was imported: import the bundle "
                      "again when the server answers."))
