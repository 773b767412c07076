"""Where this desktop's school server is, and how much it has yet to hear."""

from __future__ import annotations

import os

from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.school.outbox import SENT_ANSWERS, held_answers, mark
from trainer.progress.school.sitting_secrets import held_sittings
from trainer.progress.storage.database import reading
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.progress.storage.paths import machine_setting
from trainer.progress.storage.store import Store

#: The local setting holding the school server's URL (never a password): a desktop's own
#: setting, which never leaves it.
SERVER_SETTING = "school_server"
SERVER_ENV = "CROUPIER_TRAINER_SERVER"


def server_url(store: Store, given: str | None = None) -> str | None:
    """The school server: given on the command line, else ``$CROUPIER_TRAINER_SERVER``, else
    the one an instructor set on this desktop, else the machine-wide one IT set for every
    user of the desktop (``server`` in ``school.ini``: :mod:`..storage.paths`); ``None`` for
    a desktop on its own."""
    return (given or os.environ.get(SERVER_ENV) or stored_setting(store, SERVER_SETTING)
            or machine_setting("server") or None)


def set_server_url(store: Store, actor: Actor, url: str | None) -> None:
    """An instructor sets the school server of this desktop (every trainee's answers go
    there: a trainee may not point them elsewhere)."""
    require_instructor(store, actor)
    store_setting(store, SERVER_SETTING, (url or "").strip())


def waiting_answers(store: Store) -> int:
    """Answers given here that the school server has not had yet (those waiting for their
    trainee to sign in to the server here included)."""
    with reading(store) as db:
        unsent: int = db.execute("SELECT count(*) FROM attempts WHERE rowid > ?",
                                 [mark(db, SENT_ANSWERS)]).fetchone()[0]
        return unsent + held_answers(db)


def sittings_waiting_for_a_pin(store: Store) -> int:
    """Exam sittings given here whose rows wait for their trainee to type their PIN here
    again (the desktop stopped before it sent them: see :mod:`.sitting_secrets`)."""
    return len(held_sittings(store))
