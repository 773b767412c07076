"""IT's ``server add-desktop``: a login of its own for each desktop (schema 12), a member of
the desktops' group with a connection limit, refused when the instructors would be left
fewer connections than they keep."""

from __future__ import annotations

import psycopg
import pytest

from trainer.progress.school.server.connection import add_desktop_login, init_server
from trainer.progress.school.server.desktops import (
    DESKTOP_CONNECTIONS,
    INSTRUCTOR_CONNECTIONS,
    connections_needed,
    one_login_per_desktop,
)
from trainer.progress.school.server.identity import STATEMENT_TIMEOUT
from trainer.progress.school.server.schema import SchoolError


def _role(admin: str, login: str) -> tuple | None:
    with psycopg.connect(admin) as connection:
        return connection.execute(
            "SELECT r.rolcanlogin, r.rolconnlimit, array(SELECT g.rolname FROM pg_auth_members "
            "m JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid) FROM pg_roles r "
            "WHERE r.rolname = %s", [login]).fetchone()


def _room(admin: str) -> int:
    """The connections a school's desktops may have in all, none added yet."""
    with psycopg.connect(admin) as connection:
        most, superusers = connection.execute(
            "SELECT current_setting('max_connections')::int, "
            "current_setting('superuser_reserved_connections')::int").fetchone()
    return most - superusers - INSTRUCTOR_CONNECTIONS


def test_a_desktop_login_is_a_limited_member_of_the_group_with_the_time_outs(cluster, school):
    admin = cluster.url(school)
    init_server(admin)
    password = add_desktop_login(admin, f"{school}_pc1")
    assert _role(admin, f"{school}_pc1") == (True, DESKTOP_CONNECTIONS, [f"{school}_desktop"])
    assert _role(admin, f"{school}_desktop")[0] is False
    url = cluster.url(school, f"{school}_pc1", password)
    with psycopg.connect(url) as desktop:
        assert desktop.execute("SHOW statement_timeout").fetchone()[0] == STATEMENT_TIMEOUT
        assert desktop.execute("SELECT count(*) FROM shared_people").fetchone() == (0,)
    another = add_desktop_login(admin, f"{school}_pc2", "a password IT chose")
    assert another == "a password IT chose" != password


@pytest.mark.parametrize("login", ["", "PC1", "pc-1", "1pc", "pc 1", "p" * 64, "pç1"])
def test_a_login_that_is_not_lower_case_letters_digits_and_underscores_is_refused(
        cluster, school, login):
    init_server(cluster.url(school))
    with pytest.raises(SchoolError, match="1 to 63 lower-case letters, digits and _"):
        add_desktop_login(cluster.url(school), login)


def test_the_longest_login_is_taken_and_an_existing_one_refused(cluster, school):
    admin = cluster.url(school)
    init_server(admin)
    longest = (school + "_" + "p" * 63)[:63]
    add_desktop_login(admin, longest)
    assert _role(admin, longest)[0] is True
    with pytest.raises(SchoolError, match=f"already has a login named {longest}"):
        add_desktop_login(admin, longest)
    with pytest.raises(SchoolError, match=f"already has a login named {school}_desktop"):
        add_desktop_login(admin, f"{school}_desktop")


def test_a_desktop_past_the_servers_connections_is_refused_saying_how_many(cluster, school):
    """Every desktop at its limit must leave the instructors theirs: the last connection
    given is taken, one more refused (the other schools' desktops on the server aside)."""
    admin = cluster.url(school)
    init_server(admin)
    room = _room(admin)
    add_desktop_login(admin, f"{school}_all", connections=room - DESKTOP_CONNECTIONS)
    add_desktop_login(admin, f"{school}_last")
    with pytest.raises(SchoolError, match=(
            rf"takes {room + INSTRUCTOR_CONNECTIONS + 3} connections \(max_connections\).*"
            rf"{INSTRUCTOR_CONNECTIONS} kept for instructors need "
            rf"{room + INSTRUCTOR_CONNECTIONS + 3 + 1}\. Raise max_connections")):
        add_desktop_login(admin, f"{school}_over", connections=1)
    assert _role(admin, f"{school}_over") is None


def test_a_desktop_login_made_by_hand_without_a_limit_stops_the_next(cluster, school):
    admin = cluster.url(school)
    init_server(admin)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE ROLE {school}_byhand LOGIN IN ROLE {school}_desktop")
    with pytest.raises(SchoolError, match="has no connection limit: give it one"):
        add_desktop_login(admin, f"{school}_pc1")


def test_the_shared_login_of_a_schema_11_server_ends_at_version_12(cluster, school):
    """A school set up before schema 12 had one desktop login with a password on every
    desktop: the migration makes it the group, logging in nowhere, its defaults gone."""
    admin = cluster.url(school)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE ROLE {school}_desktop LOGIN PASSWORD 'onEveryDesktop'")
        connection.execute(f"ALTER ROLE {school}_desktop IN DATABASE {school} "
                           f"SET statement_timeout = '30s'")
        for statement in one_login_per_desktop(f"{school}_desktop", school):
            connection.execute(statement)
        assert connection.execute(
            "SELECT rolcanlogin, rolpassword IS NULL FROM pg_authid WHERE rolname = %s",
            [f"{school}_desktop"]).fetchone() == (False, True)
        assert connection.execute(
            "SELECT count(*) FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole "
            "WHERE r.rolname = %s", [f"{school}_desktop"]).fetchone() == (0,)
    with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
        psycopg.connect(cluster.url(school, f"{school}_desktop", "onEveryDesktop"))


def test_forty_desktops_need_the_173_connections_the_readme_tells_it():
    """IT's figure (README): 40 desktops of 4 connections, 10 kept for the instructors and
    PostgreSQL's 3 for superusers — 173, and one fewer is refused."""
    thirty_nine = (39 * DESKTOP_CONNECTIONS, 0)
    assert connections_needed((173, 3, *thirty_nine), DESKTOP_CONNECTIONS) is None
    assert connections_needed((172, 3, *thirty_nine), DESKTOP_CONNECTIONS) == 173
    assert (DESKTOP_CONNECTIONS, INSTRUCTOR_CONNECTIONS) == (4, 10)
