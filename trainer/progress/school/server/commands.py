"""The school server's commands of ``python -m trainer.progress`` (see its command line)."""

from __future__ import annotations

import argparse
import threading
from collections.abc import Callable

from i18n import N_, Message
from trainer.progress.people.accounts import find_person
from trainer.progress.school.identity import PinMustChange, sign_in_at_school
from trainer.progress.school.server.connection import (
    add_desktop_login,
    add_instructor_login,
    init_server,
)
from trainer.progress.school.sync import SyncResult, sync
from trainer.progress.storage.store import Store, StoreError

PIN_ENV = "CROUPIER_TRAINER_PIN"
NEW_PIN_ENV = "CROUPIER_TRAINER_NEW_PIN"


def school_admin(args: argparse.Namespace, password_for: Callable[..., str]) -> str:
    """``server init``, ``server add-desktop`` and ``server add-instructor``: IT's
    commands, with an admin's URL."""
    if args.task == "init":
        return (f"school server schema {init_server(args.url)}; give each desktop a login "
                f"of its own with 'server add-desktop'")
    if args.task == "add-desktop":
        made = add_desktop_login(args.url, args.login)
        return (f"{args.login}: a desktop login; its password (put it in that desktop's "
                f"pgpass, and on no other desktop): {made}")
    add_instructor_login(args.url, args.login, password_for(args.login))
    return f"{args.login}: an instructor login"


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
    """``sync`` (as this desktop, or as ``--instructor``'s desk), ``sign-in`` (a trainee,
    with the PIN the server checks) and ``server work``."""
    if args.command == "sign-in":
        return _sign_in(args, store, password_for)
    if args.command == "sync":
        if not args.server:
            raise StoreError(Message.of(N_("No school server is set: give --server URL or set "
                                           "CROUPIER_TRAINER_SERVER.")))
        login = args.instructor
        password = password_for(login) if login else None
        return sync(store, args.server, login=login, password=password).line()
    password = password_for(args.login)
    stop = stop or threading.Event()
    done = SyncResult(0, 0)
    while True:
        found = sync(store, args.url, login=args.login, password=password)
        done = SyncResult(done.pushed + found.pushed, done.pulled + found.pulled,
                          done.merged + found.merged, done.refused + found.refused,
                          left_out=done.left_out + found.left_out)
        if args.once or stop.wait(args.every):
            return done.line()
