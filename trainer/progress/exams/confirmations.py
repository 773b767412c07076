"""Exam sittings from a trainee's bundle count only once an instructor confirms them.

Without a school server nothing a trainee's desktop writes can prove who sat: its owner
controls the file, PIN hashes included. So a sitting imported from a trainee's bundle is kept
(its answers graded again, frozen like every sitting) but noted as *sat on a trainee desktop —
identity not proven* (``unconfirmed_sittings``, migration m014): its result is listed as
unconfirmed and counts nowhere — results lists, best results, passes, reports, gradebooks, the
trainee's best so far — until an instructor confirms it, which is recorded beside it (who,
when), since a sitting and its result never change. Sittings sat on this desk, or arriving
through the school server, count at once.

There is no rejecting one: a sitting is kept for good, as every sitting is (the triggers see
to it), and one never confirmed never counts. Until it is confirmed it stays on this desk:
neither the school server nor a bundle carries it, since wherever it arrived from a desk's
hands it would count at once. Confirmations are kept on this desk only: a confirmed sitting
then travels as any other, and counts wherever it arrives.
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.storage.database import writing
from trainer.progress.storage.store import Store, StoreError, now


def counted(sitting_id: str) -> str:
    """An SQL condition: the sitting whose id is the column ``sitting_id`` counts (it was
    never unconfirmed, or an instructor confirmed it)."""
    return (f"NOT EXISTS (SELECT 1 FROM unconfirmed_sittings u WHERE u.sitting_id = "
            f"{sitting_id} AND u.confirmed_at IS NULL)")


def note_unconfirmed(db: Database, sitting_ids: Iterable[str], imported_by: str) -> int:
    """Note sittings just imported from a trainee's bundle as not proven (in the import's
    transaction); how many."""
    at = now()
    return sum(db.execute(
        "INSERT INTO unconfirmed_sittings (sitting_id, imported_by, imported_at) VALUES "
        "(?, ?, ?) ON CONFLICT (sitting_id) DO NOTHING", [sitting, imported_by, at]).rowcount
        for sitting in sitting_ids)


def confirm_sitting(store: Store, actor: Actor, sitting_id: str) -> None:
    """The instructor vouches that the trainee named sat this sitting: its result counts
    from now on, and it goes to the school server with the next sync."""
    require_instructor(store, actor)
    with writing(store) as db:
        confirmed = db.execute(
            "UPDATE unconfirmed_sittings SET confirmed_by = ?, confirmed_at = ? "
            "WHERE sitting_id = ? AND confirmed_at IS NULL",
            [actor.person.id, now(), sitting_id]).rowcount
        if not confirmed:
            raise StoreError(Message.of(N_(
                "This sitting is not waiting for a confirmation: it counts already.")))
        for table in ("sittings", "results"):  # left out of every sync until now
            db.execute("INSERT INTO school_outbox (tbl, key) VALUES (?, ?)", [table, sitting_id])


def unconfirmed(db: Database) -> set[str]:
    """The sittings waiting for an instructor's confirmation."""
    return {row[0] for row in db.execute(
        "SELECT sitting_id FROM unconfirmed_sittings WHERE confirmed_at IS NULL")}
