"""The school's IT sets the server up as the README says, against a real PostgreSQL: the
admin URL through the local socket, each login's lines printed as IT copies them (the
desktop's password file line, the ``pg_hba.conf`` line binding a login to one address, the
group role's name), and ``server work`` as the service runs it (``--db`` after ``work``, the
password from the environment or libpq's password file, nobody to type it)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from trainer.progress.school.server.access_lines import hba_address, server_address
from trainer.progress.school.server.connection import add_instructor_login, init_server
from trainer.progress.school.server.schema import SCHEMA_VERSION, SchoolError

ROOT = Path(__file__).parents[2]
PASSWORD = "a long instructor password"
#: Not taken from the tests' own environment: each test gives what its command reads.
SECRETS = ("CROUPIER_TRAINER_PASSWORD", "PGPASSWORD", "PGUSER", "PGPASSFILE")


def command(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "trainer.progress", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
                          env={**{name: value for name, value in os.environ.items()
                                  if name not in SECRETS}, **(env or {})})


def as_superuser(cluster) -> dict[str, str]:
    """How ``sudo -u postgres`` is the superuser through the socket on Debian (peer): here,
    the tests' server asks the superuser's password on its socket too."""
    return {"PGUSER": cluster.superuser, "PGPASSWORD": cluster.password}


@pytest.mark.parametrize("form", ["query", "encoded"])
def test_server_init_through_the_local_socket(cluster, school, form):
    """``postgresql:///school`` is the socket in libpq's default folder (Debian's
    /var/run/postgresql, psycopg's libpq too); the tests' server has its socket in its own
    folder, named the two ways libpq reads a socket folder."""
    folder = str(cluster.folder)
    url = (f"postgresql:///{school}?host={folder}&port={cluster.port}" if form == "query"
           else f"postgresql://{quote(folder, safe='')}:{cluster.port}/{school}")
    made = command("server", "init", "--url", url, env=as_superuser(cluster))
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith(f"school server schema {SCHEMA_VERSION};")
    with psycopg.connect(cluster.url(school)) as admin:
        assert admin.execute("SELECT max(version) FROM school_schema").fetchone()[0] \
            == SCHEMA_VERSION
    added = command("server", "add-desktop", "--url", url, f"{school}_pc1",
                    env=as_superuser(cluster))
    assert added.returncode == 0, added.stderr
    host = socket.gethostname()  # through the socket: the server is this machine
    assert f"\n{host}:{cluster.port}:{school}:{school}_pc1:" in added.stdout


def test_the_libpq_default_socket_is_debians():
    """``postgresql:///school`` names /var/run/postgresql, where Debian's server has its
    socket (psycopg's own libpq agrees)."""
    assert server_address("postgresql:///school") == (socket.gethostname(), 5432)
    with pytest.raises(psycopg.OperationalError, match="/var/run/postgresql/.s.PGSQL.1"):
        psycopg.connect("postgresql:///school?port=1", connect_timeout=2)


def test_add_desktop_prints_its_group_its_pgpass_line_and_its_pg_hba_line(
        cluster, school, tmp_path):
    init_server(cluster.url(school))
    login = f"{school}_pc7"
    added = command("server", "add-desktop", "--url", cluster.url(school), login,
                    "--address", "192.0.2.21")
    assert added.returncode == 0, added.stderr
    lines = added.stdout.splitlines()
    assert lines[0] == (f"{login}: a desktop login of the school {school}, a member of its "
                        f"group role {school}_desktop (at most 4 connections).")
    pgpass = lines[2]
    assert pgpass.startswith(f"127.0.0.1:{cluster.port}:{school}:{login}:")
    assert lines[3].endswith(f"postgresql://{login}@127.0.0.1:{cluster.port}/{school}"
                             f"?sslmode=require")
    assert "from 192.0.2.21 only" in lines[4] and "/etc/postgresql/15/main/pg_hba.conf" \
        in lines[4] and "systemctl reload postgresql" in lines[4]
    assert lines[5] == f"hostssl {school} {login} 192.0.2.21/32 scram-sha-256"
    assert len(lines) == 6
    with psycopg.connect(cluster.url(school)) as admin:
        assert admin.execute(  # the group role the line names is the one it is in
            "SELECT pg_has_role(%s, %s, 'MEMBER')", [login, f"{school}_desktop"]).fetchone()[0]
    assert hba_rule(cluster, lines[5], login) == (
        "hostssl", [school], "192.0.2.21", "255.255.255.255", "scram-sha-256", None)
    (tmp_path / "pgpass").write_text(pgpass + "\n")
    (tmp_path / "pgpass").chmod(0o600)
    synced = command("--db", str(tmp_path / "p.sqlite3"), "--server",
                     lines[3].rpartition(": ")[2], "sync",
                     env={"PGPASSFILE": str(tmp_path / "pgpass")})
    assert synced.returncode == 0, synced.stderr  # the printed line and URL are the login's


def hba_rule(cluster, line: str, login: str) -> tuple:
    """How PostgreSQL reads ``line`` in its ``pg_hba.conf`` (the file on disk, through
    ``pg_hba_file_rules``: nothing is reloaded), the file then put back as it was."""
    hba = cluster.folder / "data" / "pg_hba.conf"
    kept = hba.read_text()
    hba.write_text(kept + line + "\n")
    try:
        with psycopg.connect(cluster.url()) as admin:
            return admin.execute(
                "SELECT type, database, address, netmask, auth_method, error "
                "FROM pg_hba_file_rules WHERE %s = ANY(user_name)", [login]).fetchone()
    finally:
        hba.write_text(kept)


def test_add_desktop_names_the_server_and_an_address_to_write(cluster, school):
    init_server(cluster.url(school))
    login = f"{school}_pc8"
    added = command("server", "add-desktop", "--url", cluster.url(school), login,
                    "--host", "trainer.school.lan")
    assert added.returncode == 0, added.stderr
    lines = added.stdout.splitlines()
    assert lines[2].startswith(f"trainer.school.lan:{cluster.port}:{school}:{login}:")
    assert "write the desktop's IP address for ADDRESS" in lines[4]
    assert lines[5] == f"hostssl {school} {login} ADDRESS/32 scram-sha-256"


def test_an_address_that_is_not_one_is_refused_before_anything_is_made(cluster, school):
    init_server(cluster.url(school))
    refused = command("server", "add-desktop", "--url", cluster.url(school), f"{school}_pc9",
                      "--address", "room1-pc9")
    assert refused.returncode == 1
    assert refused.stderr.strip() == ("room1-pc9 is not an IP address: give the machine's "
                                      "address, such as 192.168.1.21.")
    with psycopg.connect(cluster.url(school)) as admin:
        assert admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s",
                             [f"{school}_pc9"]).fetchone() is None
    assert hba_address("2001:db8::7") == "2001:db8::7/128"
    with pytest.raises(SchoolError, match="not an IP address"):
        hba_address("192.0.2.300")


def test_add_instructor_prints_its_group_and_its_pg_hba_line(cluster, school):
    init_server(cluster.url(school))
    login = f"{school}_lei"
    added = command("server", "add-instructor", "--url", cluster.url(school), login,
                    "--address", "192.0.2.40", env={"CROUPIER_TRAINER_PASSWORD": PASSWORD})
    assert added.returncode == 0, added.stderr
    lines = added.stdout.splitlines()
    assert lines[0] == (f"{login}: an instructor login of the school {school}, a member of "
                        f"its group role {school}_instructor.")
    assert lines[2] == f"hostssl {school} {login} 192.0.2.40/32 scram-sha-256"
    assert hba_rule(cluster, lines[2], login)[-1] is None  # PostgreSQL reads it
    assert PASSWORD not in added.stdout


def test_server_work_runs_as_the_service_runs_it(cluster, school, tmp_path):
    """``server work --db …`` after ``work`` (the installed ``croupier-trainer server work``),
    the password from the environment, then from libpq's password file alone."""
    init_server(cluster.url(school))
    login = f"{school}_work"
    add_instructor_login(cluster.url(school), login, PASSWORD)
    url = f"postgresql://127.0.0.1:{cluster.port}/{school}"
    db = tmp_path / "work" / "school.sqlite3"
    done = command("server", "work", "--db", str(db), "--url", url, "--login", login,
                   "--once", env={"CROUPIER_TRAINER_PASSWORD": PASSWORD})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith("pushed 0 rows")
    assert db.exists() and (db.parent / "croupier-trainer.log").exists()
    pgpass = tmp_path / "pgpass"
    pgpass.write_text(f"127.0.0.1:{cluster.port}:{school}:{login}:{PASSWORD}\n")
    pgpass.chmod(0o600)
    done = command("server", "work", "--db", str(db), "--url", url, "--login", login,
                   "--once", env={"PGPASSFILE": str(pgpass)})
    assert done.returncode == 0, done.stderr
    refused = command("server", "work", "--db", str(db), "--url", url, "--login", login,
                      "--once", env={"PGPASSFILE": str(tmp_path / "none")})
    assert (refused.returncode, refused.stderr.strip()) == (
        1, "The school server refused the name or password.")


def test_an_instructor_desks_sync_names_its_server_login_with_login(cluster, school, tmp_path):
    init_server(cluster.url(school))
    login = f"{school}_desk"
    add_instructor_login(cluster.url(school), login, PASSWORD)
    db = tmp_path / "desk.sqlite3"
    url = f"postgresql://127.0.0.1:{cluster.port}/{school}"
    synced = command("--db", str(db), "--server", url, "sync", "--login", login,
                     env={"CROUPIER_TRAINER_PASSWORD": PASSWORD})
    assert synced.returncode == 0, synced.stderr
    assert synced.stdout.strip().startswith("pushed ")
    older = command("--db", str(db), "--server", url, "--instructor", login, "sync",
                    env={"CROUPIER_TRAINER_PASSWORD": PASSWORD})  # the older spelling
    assert older.returncode == 0, older.stderr
    wrong = command("--db", str(db), "--server", url, "sync", "--login", login,
                    env={"CROUPIER_TRAINER_PASSWORD": "not it"})
    assert wrong.stderr.strip() == "The school server refused the name or password."


def test_a_user_with_no_role_on_the_socket_is_refused_not_unreachable():
    """``server init`` run without ``sudo -u postgres`` on Debian: the local socket's peer
    authentication tells the OS user has no role (seen on a real peer-authenticating
    server); that is a refusal, not a server that cannot be reached."""
    from trainer.progress.school.server.connection import unreachable

    told = unreachable(Exception('connection failed: connection to server on socket '
                                 '"/var/run/postgresql/.s.PGSQL.5432" failed: FATAL:  role '
                                 '"alice" does not exist'))
    assert str(told.message) == "The school server refused the name or password."
    assert not told.offline
