"""The school server's commands of ``python -m trainer.progress`` (see its command line)."""

from __future__ import annotations

import argparse
import os
import threading
from collections.abc import Callable

from i18n import N_, Message
from trainer.progress.people.accounts import find_person
from trainer.progress.school.identity import PinMustChange, sign_in_at_school
from trainer.progress.school.server.access_lines import (
    NewLogin,
    hba_address,
    hba_line,
    pgpass_line,
    server_address,
)
from trainer.progress.school.server.connection import (
    add_instructor_login,
    init_server,
    make_desktop_login,
)
from trainer.progress.school.server.desktops import DESKTOP_CONNECTIONS
from trainer.progress.school.sync import SyncResult, sync
from trainer.progress.storage.store import Store, StoreError

PIN_ENV = "CROUPIER_TRAINER_PIN"
PASSWORD_ENV = "CROUPIER_TRAINER_PASSWORD"
NEW_PIN_ENV = "CROUPIER_TRAINER_NEW_PIN"


def school_admin(args: argparse.Namespace, password_for: Callable[..., str]) -> str:
    """``server init``, ``server add-desktop`` and ``server add-instructor``: IT's
    commands, with an admin's URL (``postgresql:///school`` as ``postgres`` through the
    local socket on the server itself)."""
    if args.task == "init":
        return (f"school server schema {init_server(args.url)}; give each desktop a login "
                f"of its own with 'server add-desktop'")
    hba_address(args.address)  # an address that is not one: refused before any login is made
    if args.task == "add-desktop":
        host, port = server_address(args.url, args.host)
        made = make_desktop_login(args.url, args.login)
        return "\n".join([
            f"{made.login}: a desktop login of the school {made.school}, a member of its "
            f"group role {made.group} (at most {DESKTOP_CONNECTIONS} connections).",
            "Its password is shown this once. Put this line in that desktop's ~/.pgpass "
            "(mode 0600; on no other desktop):",
            pgpass_line(host, port, made),
            f"and the server's address in that desktop's settings: "
            f"postgresql://{made.login}@{host}:{port}/{made.school}?sslmode=require",
            *_bound(made, args.address, "desktop")])
    made = add_instructor_login(args.url, args.login, password_for(args.login))
    return "\n".join([
        f"{made.login}: an instructor login of the school {made.school}, a member of its "
        f"group role {made.group}.", *_bound(made, args.address, "instructor's machine")])


def _bound(made: NewLogin, address: str | None, machine: str) -> list[str]:
    """What binds a new login to its machine's address in ``pg_hba.conf``."""
    where = (f"from {address} only" if address else
             f"from one address (write the {machine}'s IP address for ADDRESS)")
    return [f"Let it in {where}: add this line to pg_hba.conf (Debian: "
            f"/etc/postgresql/15/main/pg_hba.conf) before any other line that matches it, "
            f"then 'systemctl reload postgresql':", hba_line(made, address)]


def _sign_in(args: argparse.Namespace, store: Store, password_for: Callable[..., str]) -> str:
    """A trainee signs in to the school server on this desktop (the school's people are
    pulled first), choosing their own PIN if theirs is a first PIN."""
    if not args.server:
        raise StoreError(Message.of(N_("No school server is set: give --server URL or set "
                                       "CROUPIER_TRAINER_SERVER.")))
    sync(store, args.server)
    person = find_person(store, args.name)
    pin = password_for(person.name, PIN_ENV)
    try:
        sign_in_at_school(store, args.server, person.id, pin)
    except PinMustChange:
        sign_in_at_school(store, args.server, person.id, pin,
                          password_for(person.name, NEW_PIN_ENV))
    return f"{person.name}: signed in to the school server"


def school_command(args: argparse.Namespace, store: Store,
                   password_for: Callable[..., str],
                   stop: threading.Event | None = None) -> str:
    """``sync`` (as this desktop, or as the desk of the server login ``--login``), ``sign-in``
    (a trainee, with the PIN the server checks) and ``server work`` (as ``--login``, its
    password from ``$CROUPIER_TRAINER_PASSWORD`` or else libpq's password file: a service
    has no one to type it)."""
    if args.command == "sign-in":
        return _sign_in(args, store, password_for)
    if args.command == "sync":
        if not args.server:
            raise StoreError(Message.of(N_("No school server is set: give --server URL or set "
                                           "CROUPIER_TRAINER_SERVER.")))
        login = args.login or args.instructor  # --instructor: the older spelling
        password = password_for(login) if login else None
        return sync(store, args.server, login=login, password=password).line()
    password = os.environ.get(PASSWORD_ENV)  # else libpq's password file (~/.pgpass)
    stop = stop or threading.Event()
    done = SyncResult(0, 0)
    while True:
        found = sync(store, args.url, login=args.login, password=password)
        done = SyncResult(done.pushed + found.pushed, done.pulled + found.pulled,
                          done.merged + found.merged, done.refused + found.refused,
                          left_out=done.left_out + found.left_out)
        if args.once or stop.wait(args.every):
            return done.line()
