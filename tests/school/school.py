"""A school for the sync tests: a server set up with ``server init``, an instructor desk and
trainee desktops, each with its own SQLite file."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg.types.json import Jsonb

from tests.progress.conftest import answered
from tests.school.cluster import Cluster
from trainer.progress import Store
from trainer.progress.bundles.format import COLUMNS, KEYS, STORED_IN, TABLES
from trainer.progress.exams.sittings import Registrar
from trainer.progress.people.accounts import add_instructor
from trainer.progress.people.credentials import pin_check
from trainer.progress.school.exams import register_sitting
from trainer.progress.school.identity import (
    give_first_pins,
    sign_in_at_school,
    sitting_key,
    token_of,
)
from trainer.progress.school.server.connection import (
    add_desktop_login,
    add_instructor_login,
    init_server,
)
from trainer.progress.school.server.desktops import DESKTOP_CONNECTIONS
from trainer.progress.school.server.schema import shared
from trainer.progress.school.sitting_secrets import kept
from trainer.progress.school.sync import SyncResult, sync
from trainer.progress.storage.database import connection, reading
from trainer.progress.storage.ledger import add_person, end_session, record_attempt, start_session
from trainer.progress.storage.store import Person

PASSWORD = "correct horse battery"
#: The PIN each trainee of the tests chooses at their first sign-in.
PIN = "2468"
#: The connections the tests' own desktop login (``Server.desktop_url``) may hold at once.
PSQL_CONNECTIONS = 16
QUESTION = {"version": 1, "skill": "three_card.order", "seed": 1, "difficulty": 1}


@dataclass
class Server:
    admin: str
    cluster: Cluster
    school: str
    login: str
    desktop_url: str = ""

    def desktop_login(self, name: str, connections: int = DESKTOP_CONNECTIONS) -> str:
        """The URL of a new desktop login ``<school>_<name>`` (IT's ``server add-desktop``)."""
        login = f"{self.school}_{name}"
        return self.cluster.url(self.school, login,
                                add_desktop_login(self.admin, login, connections=connections))


@dataclass
class Desktop:
    store: Store
    url: str
    login: str | None = None

    def sync(self) -> SyncResult:
        return sync(self.store, self.url, login=self.login,
                    password=PASSWORD if self.login else None)

    def registrar(self, pin: str = PIN) -> Registrar:
        """What registers a sitting on the server for a trainee signed in here, who types
        ``pin`` to start it (as the app's)."""
        return lambda exam_id, person_id, sitting_id: self.register(person_id, exam_id,
                                                                    sitting_id, pin)

    def register(self, person_id: str, exam_id: str, sitting_id: str,
                 pin: str = PIN) -> tuple:
        """The trainee types ``pin`` to start the exam; the sitting is registered with the
        key it gave (its secret kept in this desktop's memory)."""
        key = sitting_key(self.store, self.url, person_id, pin)
        return register_sitting(self.url, token_of(connection(self.store), person_id), exam_id,
                                sitting_id, key, keep_for=self.store)


@dataclass
class SchoolSetup:
    server: Server
    folder: Path
    stack: contextlib.ExitStack
    desk: Desktop = field(init=False)
    count: int = 0

    def open(self, name: str) -> Store:
        return self.stack.enter_context(Store(self.folder / name / "progress.sqlite3",
                                              backup=False))

    def desktop(self) -> Desktop:
        """A new desktop of the school, with a server login of its own."""
        self.count += 1
        return Desktop(self.open(f"desktop{self.count}"),
                       self.server.desktop_login(f"pc{self.count}"))

    def trainee(self, desktop: Desktop, name: str, pin: str = PIN,
                desk: Desktop | None = None) -> Person:
        """A trainee as a school makes one: added on the desk (or on ``desk``), published,
        given a first PIN on the server, then signed in on ``desktop`` (their own PIN chosen
        there)."""
        desk = desk or self.desk
        found = [p for p in desk.store.people() if p.name == name]
        person = found[0] if found else add_person(desk.store, name)
        desk.sync()
        first = give_first_pins(self.desk.url, self.desk.login, PASSWORD, [person.id])
        desktop.sync()
        sign_in_at_school(desktop.store, desktop.url, person.id, first[person.id], pin)
        return person


def make_school(cluster, school: str, folder: Path, stack: contextlib.ExitStack) -> SchoolSetup:
    admin = cluster.url(school)
    init_server(admin)
    login = f"{school}_mestre"
    add_instructor_login(admin, login, PASSWORD)
    server = Server(admin, cluster, school, login)
    #: a desktop's login as a script uses it: the tests' own psql, with room for threads
    server.desktop_url = server.desktop_login("psql", connections=PSQL_CONNECTIONS)
    setup = SchoolSetup(server, folder, stack)
    desk_store = setup.open("desk")
    add_instructor(desk_store, "Mestre Lei", PASSWORD)
    setup.desk = Desktop(desk_store, cluster.url(school, login), login)
    return setup


def answer(store: Store, person_id: str, count: int) -> list[str]:
    session = start_session(store, person_id, "practice")
    made = [record_attempt(store, person_id, session, *real(n, right=n % 2 == 0), 900 + n)
            for n in range(count)]
    end_session(store, session)
    return made


def real(seed: int, right: bool = True) -> tuple:
    """:data:`QUESTION` with ``seed``, a real answer to it and its grade (the desk grades a
    desktop's answers again), as ``record_attempt`` takes them."""
    _whole, *graded = answered(QUESTION["skill"], seed, QUESTION["difficulty"], right)
    return ({**QUESTION, "seed": seed}, *graded)


def _owner(table: str) -> str:
    if table == "people":
        return "id"
    return "person_id" if "person_id" in COLUMNS[table] else KEYS[table]


def rows_of(store: Store, table: str, people: set[str] | None = None) -> set[tuple]:
    columns = list(COLUMNS[table])
    owner = _owner(table)
    found = {tuple(row) for row in connection(store).execute(
        f"SELECT {', '.join(columns)}, {owner} FROM {STORED_IN[table]}")}
    return {row[:-1] for row in found if people is None or row[-1] in people}


def server_rows(server: Server, table: str, people: set[str] | None = None) -> set[tuple]:
    columns = list(COLUMNS[table])
    owner = _owner(table)
    with psycopg.connect(server.admin) as admin:
        found = {tuple(row) for row in admin.execute(
            f"SELECT {', '.join(columns)}, {owner} FROM {shared(table)}")}
    return {row[:-1] for row in found if people is None or row[-1] in people}


def same_rows(server: Server, desk: Desktop, *desktops: Desktop) -> None:
    """The server and the desk hold exactly the same rows; each desktop holds exactly the
    server's rows of its own trainees (compared by content)."""
    for table in TABLES:
        assert rows_of(desk.store, table) == server_rows(server, table), table
    for desktop in desktops:
        trainees = {row[0] for row in connection(desktop.store).execute(
            "SELECT DISTINCT person_id FROM sessions")}
        for table in ("sessions", "sittings", "attempts", "results"):
            assert rows_of(desktop.store, table) == server_rows(server, table, trainees), table


def push_as(school: SchoolSetup, desktop: Desktop, batch: Any, person_id: str | None = None
            ) -> int:
    """A batch put in the inbox as a trainee's desktop can, with psql and a desktop's
    password: under the token of a trainee signed in on ``desktop`` (its only one by
    default), with every sitting secret ``desktop`` keeps in memory."""
    with reading(desktop.store) as db:
        found = dict(db.execute("SELECT person_id, token FROM school_sign_ins"))
    token = found[person_id] if person_id else next(iter(found.values()))
    with psycopg.connect(school.server.desktop_url, autocommit=True) as connection:
        return connection.execute("SELECT push_batch(%s, %s, %s)", [
            token, Jsonb(batch), list(kept(desktop.store).values())]).fetchone()[0]


def take_every_connection(url: str, held: contextlib.ExitStack) -> int:
    """Connections to ``url`` opened and kept in ``held`` until its login may open no more
    (as an attacker would, to keep others out); how many it took."""
    taken = 0
    with pytest.raises(psycopg.OperationalError, match="too many connections for role"):
        while True:
            held.enter_context(psycopg.connect(url, autocommit=True))
            taken += 1
    return taken


def put_in_inbox(school: SchoolSetup, batch: Any, person_id: str) -> None:
    """A batch in the inbox as if the server's own checks had let it through (the admin),
    for the desk's checks of what it merges, which hold whatever reaches the inbox."""
    with psycopg.connect(school.server.admin, autocommit=True) as admin:
        admin.execute("INSERT INTO inbox (batch, person_id) VALUES (%s, %s)",
                      [Jsonb(batch), person_id])


def a_pin_the_check_stops(store: Store, person_id: str, right: str = PIN) -> str:
    """A wrong PIN that this desktop's PIN check for the trainee tells from the right one
    (one wrong PIN in 16 fits a check: see tests/progress/test_pin_checks.py)."""
    salt, kept, n, r, p = connection(store).execute(
        "SELECT salt, hash, n, r, p FROM school_sign_ins WHERE person_id = ?",
        [person_id]).fetchone()
    return next(guess for guess in (f"{k:04d}" for k in range(10_000)) if guess != right
                and pin_check(guess, bytes.fromhex(salt), n, r, p) != kept)


def registrations(server: Server) -> list[tuple]:
    """The server's exam registrations, as (trainee, sitting), in the order they were made."""
    with psycopg.connect(server.admin) as admin:
        return admin.execute("SELECT person_id, sitting_id FROM exam_registrations "
                             "ORDER BY started_at, sitting_id").fetchall()
