"""Connecting to a school server, and the IT commands that make one: ``server init``,
``server add-desktop`` and ``server add-instructor`` (run with an administrator's URL, e.g.
the ``postgres`` user's)."""

from __future__ import annotations

import secrets
from typing import Any

import psycopg
from psycopg import sql

from i18n import N_, Message
from trainer.progress.school.server.access_lines import NewLogin
from trainer.progress.school.server.desktops import (
    CONNECTIONS_TAKEN,
    DESKTOP_CONNECTIONS,
    INSTRUCTOR_CONNECTIONS,
    LOGIN,
    connections_needed,
    desktop_login,
)
from trainer.progress.school.server.functions import functions
from trainer.progress.school.server.schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    SchoolError,
    role_names,
)

#: Seconds to wait for a school server before saying it cannot be reached.
CONNECT_TIMEOUT_S = 5


def connect(url: str, *, user: str | None = None, password: str | None = None,
            autocommit: bool = False) -> psycopg.Connection:
    """A connection to the school server; the password comes from ``password`` (typed at
    sign-in), else libpq's password file, never from the app's own files."""
    extra: dict[str, Any] = {"connect_timeout": CONNECT_TIMEOUT_S,
                             "application_name": "croupier-trainer"}
    if user:
        extra["user"] = user
    if password:
        extra["password"] = password
    try:
        return psycopg.connect(url, autocommit=autocommit, **extra)
    except psycopg.OperationalError as error:
        raise unreachable(error) from error
    except psycopg.ProgrammingError as error:  # a URL libpq cannot read
        raise SchoolError(Message.of(N_("The school server's address is not one this trainer "
                                        "reads."))) from error


def one_row(cursor: psycopg.Cursor[tuple[Any, ...]]) -> tuple[Any, ...]:
    """The row of a statement that always returns one: a SELECT of values or aggregates
    without a WHERE, or of a server function that returns one row or raises."""
    row = cursor.fetchone()
    assert row is not None, "a statement that always returns a row returned none"
    return row


def not_this_login() -> SchoolError:
    """The server refused a statement to the login in use (its role may not do that)."""
    return SchoolError(Message.of(N_("The school server refused: this login may not do "
                                     "that.")))


def unreachable(error: Exception) -> SchoolError:
    text = str(error).lower()
    if "certificate" in text or "ssl" in text:
        return SchoolError(Message.of(N_("The school server's certificate could not be "
                                         "checked, so this desktop did not connect (TLS).")))
    if ("password" in text or "authentication" in text
            or "role" in text and "does not exist" in text):  # peer: an OS user with no role
        return SchoolError(Message.of(N_("The school server refused the name or password.")))
    if "database" in text and "does not exist" in text:
        return SchoolError(Message.of(N_("The school server has no such school database.")))
    return SchoolError(Message.of(N_("The school server cannot be reached.")), offline=True)


def schema_version(connection: psycopg.Connection) -> int:
    """The server schema's version (0 for a database ``server init`` never touched)."""
    found = connection.execute("SELECT to_regclass('school_schema') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return 0
    row = one_row(connection.execute("SELECT max(version) FROM school_schema"))
    return int(row[0] or 0)


def check_schema(connection: psycopg.Connection) -> None:
    """Refuse a school server this app cannot use: never set up, or set up by a newer or
    an older app (whose tables lack what this one writes)."""
    version = schema_version(connection)
    if version == 0:
        raise SchoolError(Message.of(N_("This school server is not set up yet: run "
                                        "'server init' on it first.")))
    if version > SCHEMA_VERSION:
        raise newer_server(version)
    if version < SCHEMA_VERSION:
        raise SchoolError(Message.of(N_(
            "The school server was set up by an older version of the trainer (schema "
            "{version}): run 'server init' on it to bring it up to date."),
            version=str(version)))


def newer_server(version: int) -> SchoolError:
    return SchoolError(Message.of(N_("The school server was set up by a newer version of the "
                                     "trainer (schema {version}); update this trainer first."),
                                  version=str(version)))


def init_server(admin_url: str) -> int:
    """Create or migrate the school's schema and its two group roles, in one transaction;
    returns the schema version. Desktops log in with logins of their own
    (:func:`add_desktop_login`), instructors too (:func:`add_instructor_login`)."""
    with connect(admin_url) as connection:
        school = one_row(connection.execute("SELECT current_database()"))[0]
        desktop, instructor = role_names(school)
        version = schema_version(connection)
        if version > SCHEMA_VERSION:
            raise newer_server(version)
        existing = {row[0] for row in connection.execute(
            "SELECT rolname FROM pg_roles WHERE rolname = ANY(%s)", [[desktop, instructor]])}
        for role in (desktop, instructor):
            if role not in existing:
                connection.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(
                    sql.Identifier(role)))
        if version == 0:
            connection.execute("CREATE TABLE school_schema (version integer NOT NULL)")
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[step](school, ""):
                connection.execute(statement)
            connection.execute("INSERT INTO school_schema (version) VALUES (%s)", [step])
        if version < SCHEMA_VERSION == max(MIGRATIONS):  # the functions as they are now,
            # once the tables are too
            for statement in functions(desktop, instructor):
                connection.execute(statement)
        connection.commit()
    return SCHEMA_VERSION


def add_desktop_login(admin_url: str, login: str, password: str | None = None,
                      connections: int = DESKTOP_CONNECTIONS) -> str:
    """A desktop's own login (see :func:`make_desktop_login`); returns its password."""
    made = make_desktop_login(admin_url, login, password, connections).password
    assert made is not None, "a desktop's login always has a password"
    return made


def make_desktop_login(admin_url: str, login: str, password: str | None = None,
                       connections: int = DESKTOP_CONNECTIONS) -> NewLogin:
    """A desktop's own login (see :mod:`.desktops`), with its password, made now unless
    given, for that desktop's libpq password file, and the school and group it is in.
    Refused when every desktop at its limit would leave the instructors fewer than their
    connections."""
    if not LOGIN.fullmatch(login):
        raise SchoolError(Message.of(N_(
            "A desktop's login is 1 to 63 lower-case letters, digits and _, beginning with "
            "a letter: {login}"), login=login[:80]))
    made = password or secrets.token_urlsafe(18)
    with connect(admin_url) as connection:
        check_schema(connection)
        school = one_row(connection.execute("SELECT current_database()"))[0]
        desktop, _instructor = role_names(school)
        if connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [login]).fetchone():
            raise SchoolError(Message.of(N_("The school server already has a login named "
                                            "{login}."), login=login))
        taken = one_row(connection.execute(CONNECTIONS_TAKEN, [desktop]))
        if taken[3]:
            raise SchoolError(Message.of(N_(
                "A desktop login of this school has no connection limit: give it one "
                "(ALTER ROLE … CONNECTION LIMIT {connections}), then add this desktop."),
                connections=str(DESKTOP_CONNECTIONS)))
        needed = connections_needed(taken, connections)
        if needed is not None:
            raise SchoolError(Message.of(N_(
                "The school server takes {most} connections (max_connections): with one more "
                "desktop, every desktop at its limit and {kept} kept for instructors need "
                "{needed}. Raise max_connections, restart the server, then add this "
                "desktop."), most=str(taken[0]), kept=str(INSTRUCTOR_CONNECTIONS),
                needed=str(needed)))
        for statement in desktop_login(desktop, school, login, made, connections):
            connection.execute(statement)
        connection.commit()
    return NewLogin(login, school, desktop, made)


def add_instructor_login(admin_url: str, login: str, password: str) -> NewLogin:
    """An instructor's own login, a member of the school's instructor role (its password
    is the one given, never printed)."""
    if not login or len(login) > 63 or not password:
        raise SchoolError(Message.of(N_("An instructor's login needs a name and a password.")))
    with connect(admin_url) as connection:
        check_schema(connection)
        school = one_row(connection.execute("SELECT current_database()"))[0]
        _desktop, instructor = role_names(school)
        connection.execute(sql.SQL("CREATE ROLE {} LOGIN PASSWORD {} IN ROLE {}").format(
            sql.Identifier(login), sql.Literal(password), sql.Identifier(instructor)))
        connection.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
            sql.Identifier(school), sql.Identifier(login)))
        connection.commit()
    return NewLogin(login, school, instructor)
