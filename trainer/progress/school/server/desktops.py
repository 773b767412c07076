"""Version 12 of the school server's schema: a login of its own for each desktop.

Until version 11 every desktop logged in as ``<school>_desktop``, so the one password on
every desktop let anyone stop them all: PostgreSQL lets a login change its own password
(``ALTER ROLE CURRENT_USER PASSWORD …``: no other desktop's password file fits any more) and
its own session defaults (``… SET default_transaction_read_only = on``: every desktop's next
statement refused), and the role had no connection limit (one ``psql`` loop took every
connection the server has, instructors' included).

From version 12 ``<school>_desktop`` logs in no more: it is the group whose privileges every
desktop login inherits. IT gives each desktop a login of its own (``server add-desktop``),
a member of the group with :data:`DESKTOP_CONNECTIONS` connections at most and the time-outs
the group had. Whatever a desktop's login changes about itself then stops that desktop
only, and all desktops at their limit still leave :data:`INSTRUCTOR_CONNECTIONS` of the
server's connections to the instructors (``server add-desktop`` refuses a desktop past
that, saying how far to raise ``max_connections``). A member may ``SET ROLE`` to the group
and change the group's own password or defaults, but the group logs in nowhere and
PostgreSQL applies a role's defaults only to sessions that log in as it.
"""

from __future__ import annotations

import re

from psycopg import sql

from trainer.progress.school.server.identity import (
    IDLE_IN_TRANSACTION_TIMEOUT,
    LOCK_TIMEOUT,
    STATEMENT_TIMEOUT,
)
from trainer.progress.school.server.statements import Statement

#: The connections one desktop may hold at once: its sync, a sign-in and an exam's
#: registration can overlap; a fourth is to spare.
DESKTOP_CONNECTIONS = 4
#: Connections kept for the instructors' desks and ``server work`` when every desktop holds
#: all of its own.
INSTRUCTOR_CONNECTIONS = 10
#: A desktop's login: what IT types, and what can be put in a libpq password file as it is.
LOGIN = re.compile(r"[a-z][a-z0-9_]{0,62}")

#: The desktops' time-outs, set on each desktop's login (a group's are never applied).
_SETTINGS = {"statement_timeout": STATEMENT_TIMEOUT, "lock_timeout": LOCK_TIMEOUT,
             "idle_in_transaction_session_timeout": IDLE_IN_TRANSACTION_TIMEOUT}


def one_login_per_desktop(desktop: str, school: str) -> list[Statement]:
    """The statements of version 12: the shared login ends (IT adds one per desktop)."""
    return [sql.SQL("ALTER ROLE {} NOLOGIN PASSWORD NULL").format(sql.Identifier(desktop)),
            sql.SQL("ALTER ROLE {} IN DATABASE {} RESET ALL").format(
                sql.Identifier(desktop), sql.Identifier(school))]


def desktop_login(desktop: str, school: str, login: str, password: str,
                  connections: int) -> list[Statement]:
    """A desktop's own login: a member of the desktop group, with its limit and time-outs."""
    made = sql.Identifier(login)
    return [
        sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} CONNECTION LIMIT {} IN ROLE {}").format(
            made, sql.Literal(password), sql.Literal(connections), sql.Identifier(desktop)),
        *(sql.SQL("ALTER ROLE {} IN DATABASE {} SET {} = {}").format(
            made, sql.Identifier(school), sql.Identifier(name), sql.Literal(value))
          for name, value in _SETTINGS.items())]


#: What the server's connections are given to: its limit, those kept for superusers, and
#: what the desktop logins of the group (``%s``) may hold at most.
CONNECTIONS_TAKEN = """
SELECT current_setting('max_connections')::int,
       current_setting('superuser_reserved_connections')::int,
       coalesce(sum(r.rolconnlimit), 0)::int,
       count(*) FILTER (WHERE r.rolconnlimit < 0)::int
  FROM pg_roles r JOIN pg_auth_members m ON m.member = r.oid
 WHERE m.roleid = %s::regrole AND r.rolcanlogin
"""


def connections_needed(taken: tuple[int, int, int, int], connections: int) -> int | None:
    """The ``max_connections`` the server needs for one more desktop of ``connections``,
    or ``None`` when it has them (from :data:`CONNECTIONS_TAKEN`'s row; the count of
    desktop logins without a limit is the caller's to refuse)."""
    most, superusers, desktops, _unlimited = taken
    needed = superusers + INSTRUCTOR_CONNECTIONS + desktops + connections
    return needed if needed > most else None
