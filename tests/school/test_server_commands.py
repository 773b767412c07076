"""IT's commands and a desktop's sync from the command line, against a real server; the
desktop's password lives in libpq's password file, never in the app's files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from trainer.progress.school.server.connection import add_desktop_login, init_server
from trainer.progress.school.server.schema import SCHEMA_VERSION, SchoolError
from trainer.progress.storage.ledger import add_person

ROOT = Path(__file__).parents[2]


def command(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "trainer.progress", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})


def test_server_init_then_a_desktop_syncs_with_its_password_file(cluster, school, tmp_path):
    made = command("server", "init", "--url", cluster.url(school))
    assert made.returncode == 0, made.stderr
    told = (f"school server schema {SCHEMA_VERSION}; give each desktop a login of its own "
            f"with 'server add-desktop'")
    assert made.stdout.strip() == told
    assert command("server", "init", "--url", cluster.url(school)).stdout.strip() == told
    login = f"{school}_pc1"
    added = command("server", "add-desktop", "--url", cluster.url(school), login)
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith(f"{login}: a desktop login of the school {school}")
    password = added.stdout.splitlines()[2].rpartition(":")[2]
    assert len(password) >= 20
    pgpass = tmp_path / "pgpass"
    pgpass.write_text(f"127.0.0.1:{cluster.port}:{school}:{login}:{password}\n")
    pgpass.chmod(0o600)
    url = f"postgresql://{login}@127.0.0.1:{cluster.port}/{school}"
    db = tmp_path / "desktop" / "progress.sqlite3"
    synced = command("--db", str(db), "--server", url, "sync",
                     env={"PGPASSFILE": str(pgpass)})
    assert synced.returncode == 0, synced.stderr
    assert synced.stdout.strip() == "pushed 0 rows, pulled 0 rows, merged 0 batches, refused 0"
    assert password not in db.read_bytes().decode("latin-1")
    refused = command("--db", str(db), "--server", url, "sync",
                      env={"PGPASSFILE": str(tmp_path / "none")})
    assert refused.returncode == 1
    assert refused.stderr.strip() == "The school server refused the name or password."


def test_a_server_set_up_by_a_newer_trainer_is_refused(cluster, school):
    init_server(cluster.url(school))
    with psycopg.connect(cluster.url(school)) as admin:
        admin.execute("INSERT INTO school_schema (version) VALUES (%s)", [SCHEMA_VERSION + 1])
    with pytest.raises(SchoolError, match="set up by a newer version of the trainer") as refused:
        init_server(cluster.url(school))
    assert not refused.value.offline  # reached, and refused: trying again will not help


def test_a_database_never_set_up_is_refused_with_what_to_do(cluster, school, tmp_path):
    url = cluster.url(school)
    synced = command("--db", str(tmp_path / "p.sqlite3"), "--server", url, "sync")
    assert synced.returncode == 1
    assert "not set up yet: run 'server init'" in synced.stderr


def test_an_unreachable_server_is_one_sentence(tmp_path):
    synced = command("--db", str(tmp_path / "p.sqlite3"), "--server",
                     "postgresql://nobody@127.0.0.1:1/none", "sync")
    assert synced.returncode == 1
    assert synced.stderr.strip() == "The school server cannot be reached."


def test_server_init_migrates_a_server_of_an_older_schema(cluster, school, monkeypatch):
    monkeypatch.setattr("trainer.progress.school.server.connection.SCHEMA_VERSION", 1)
    assert init_server(cluster.url(school)) == 1
    with psycopg.connect(cluster.url(school)) as admin:
        assert admin.execute("SELECT to_regclass('shared_settings')").fetchone()[0] is None
    monkeypatch.undo()
    assert init_server(cluster.url(school)) == SCHEMA_VERSION
    with psycopg.connect(cluster.url(school)) as admin:
        assert admin.execute("SELECT to_regclass('shared_settings')").fetchone()[0] is not None
        assert [v for (v,) in admin.execute("SELECT version FROM school_schema ORDER BY 1")] \
            == list(range(1, SCHEMA_VERSION + 1))


def test_a_url_asking_for_tls_gets_an_encrypted_connection(cluster, school, tmp_path):
    from trainer.progress import Store
    from trainer.progress.school.server.connection import connect
    from trainer.progress.school.sync import sync

    init_server(cluster.url(school))
    login = f"{school}_pc1"
    url = cluster.url(school, login, add_desktop_login(cluster.url(school), login)) \
        + "?sslmode=require"
    with connect(url) as connection:
        assert connection.execute(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").fetchone()[0] is True
    with Store(tmp_path / "p.sqlite3", backup=False) as store:
        assert sync(store, url).line().startswith("pushed 0 rows")
        unverified = url.replace("sslmode=require", "sslmode=verify-full")  # no school CA here
        with pytest.raises(SchoolError, match="certificate could not be checked"):
            sync(store, unverified)


def test_server_work_adds_up_its_rounds_until_told_to_stop(school_setup, monkeypatch):
    import argparse

    import trainer.progress.school.server.commands as commands
    from tests.school.school import PASSWORD, Desktop, answer, push_as
    from trainer.progress.school.server.commands import school_command
    from trainer.progress.school.sync import SyncResult

    rounds: list[SyncResult] = []
    real_sync = commands.sync
    monkeypatch.setattr(commands, "sync",
                        lambda *a, **k: rounds.append(real_sync(*a, **k)) or rounds[-1])

    desk = school_setup.desk
    desktops = [school_setup.desktop(), school_setup.desktop()]
    for n, desktop in enumerate(desktops):
        person = school_setup.trainee(desktop, f"Trainee {n}")
        answer(desktop.store, person.id, 2)
    desktops[0].sync()  # one batch waits for the first round
    other_desk = Desktop(school_setup.open("other-desk"), desk.url, desk.login)

    class Rounds:
        """Stops after the second round; between the rounds another batch arrives."""

        waited = 0

        def wait(self, _seconds):
            self.waited += 1
            if self.waited == 1:
                add_person(other_desk.store, "Set at the other desk")
                other_desk.sync()  # published, for this desk to pull
                desktops[1].sync()  # a batch for this desk to merge
                push_as(school_setup, desktops[1], {"people": [  # a forged batch
                    {"id": "6f1c9a52-3d0e-4c59-9d7e-2b0f6d7b1a11", "name": "Eve",
                     "role": "instructor", "language": None,
                     "created_at": "2026-01-05T10:00:00.000Z"}]})
            return self.waited == 2

    monkeypatch.setenv("CROUPIER_TRAINER_PASSWORD", PASSWORD)  # as the service has it
    args = argparse.Namespace(command="work", url=desk.url, login=desk.login, once=False,
                              every=0)
    line = school_command(args, desk.store, lambda _login: PASSWORD, Rounds())
    assert len(rounds) == 2 and [r.merged for r in rounds] == [1, 1]  # a batch each round
    assert [r.refused for r in rounds] == [0, 1]  # and a forged one in the second
    assert line == SyncResult(*(sum(figures) for figures in zip(
        *[(r.pushed, r.pulled, r.merged, r.refused) for r in rounds], strict=True))).line()
    assert rounds[0].pushed > 0 and rounds[1].pulled > 0, rounds  # every figure counts
    assert {p.name for p in desk.store.people()} >= {"Trainee 0", "Trainee 1"}


def test_a_schema_table_with_no_version_is_a_server_never_set_up(cluster, school):
    from trainer.progress.school.server.connection import check_schema, connect, schema_version

    with psycopg.connect(cluster.url(school)) as admin:
        admin.execute("CREATE TABLE school_schema (version integer NOT NULL)")
    with connect(cluster.url(school)) as connection:
        assert schema_version(connection) == 0
        with pytest.raises(SchoolError, match="not set up yet"):
            check_schema(connection)


def test_a_migration_failing_halfway_leaves_the_server_as_it_was(cluster, school, monkeypatch):
    """``server init`` is one transaction: a step that fails undoes the steps before it."""
    from psycopg import sql

    from trainer.progress.school.server import schema as server_schema

    init_server(cluster.url(school))
    broken = {**server_schema.MIGRATIONS, SCHEMA_VERSION + 1: lambda _school, _password: [
        sql.SQL("CREATE TABLE half_done (x integer)"), sql.SQL("SELECT 1 / 0")]}
    monkeypatch.setattr("trainer.progress.school.server.connection.MIGRATIONS", broken)
    monkeypatch.setattr("trainer.progress.school.server.connection.SCHEMA_VERSION",
                        SCHEMA_VERSION + 1)
    with pytest.raises(psycopg.errors.DivisionByZero, match="division by zero"):
        init_server(cluster.url(school))
    with psycopg.connect(cluster.url(school)) as admin:
        assert admin.execute("SELECT to_regclass('half_done')").fetchone()[0] is None
        assert admin.execute("SELECT max(version) FROM school_schema").fetchone()[0] \
            == SCHEMA_VERSION
