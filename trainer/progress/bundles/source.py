"""Whom a bundle is from, as the importing instructor says: the file cannot say it.

Without a school server a trainee's desktop proves nothing about who wrote its file (its owner
controls it, PIN hashes included), and a bundle's manifest is the writer's word. So the
instructor who imports names its source:

- **a trainee** this desk knows (or the bundle's one trainee, new here): every row must be
  that trainee's own — their person, sessions, answers, sittings and results — whatever the
  manifest says; a row naming anyone else, an instructor, any instructor data (accounts,
  passwords, PINs, exams, extra time) refuses it whole; its exam sittings count only once an
  instructor confirms them (:mod:`trainer.progress.exams.confirmations`) — and at a school
  with a server, each new one must be the sitting the server registered for that trainee
  (:mod:`trainer.progress.exams.registrations`: the server checked their PIN), one that is
  not refusing the bundle whole;
- **an instructor's desk**: the importing instructor vouches for it (the checks of
  :mod:`trainer.progress.bundles.trust` still hold), and its sittings count at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message, listing
from trainer.progress.bundles.format import refused
from trainer.progress.exams.registrations import ReadRegistrations, registered_as
from trainer.progress.storage.store import Role


@dataclass(frozen=True)
class BundleSource:
    """A trainee's bundle (their person id) or, with ``trainee`` None, an instructor's desk's.
    ``registrations``: at a school with a server, what reads its exam registrations (read
    only when a trainee's bundle holds sittings new here)."""

    trainee: str | None = None
    registrations: ReadRegistrations | None = field(default=None, compare=False)

    @classmethod
    def of_trainee(cls, person_id: str,
                   registrations: ReadRegistrations | None = None) -> BundleSource:
        return cls(person_id, registrations)

    def check_registered(self, db: Database, sittings: dict[str, dict[str, Any]],
                         people: dict[str, dict[str, Any]]) -> None:
        """At a school with a server, refuse the bundle whole unless each of the trainee's
        ``sittings`` new here is the one the server registered for them, as it was sat.
        Registered or not, they wait for an instructor's confirmation: the server took a
        sitting's rows only with a secret the trainee's desktop kept in memory, and a
        bundle, made from a file anyone who copied it holds, carries none."""
        if self.trainee is None or self.registrations is None:
            return
        new = {key: row for key, row in sittings.items() if db.execute(
            "SELECT 1 FROM exam_sittings WHERE id = ?", [key]).fetchone() is None}
        if not new:
            return  # practice only: imported without the server
        found = self.registrations(sorted(new))
        if not all(registered_as(row, found.get(key), self.trainee) for key, row in new.items()):
            raise refused(N_("This bundle holds an exam sitting by {name} that was not "
                             "registered on the school server for them when it started. "
                             "Nothing was imported."), name=_name(db, self.trainee, people))


#: The importing instructor vouches for the bundle: another desk of the school wrote it.
INSTRUCTOR_DESK = BundleSource()


def check_from_trainee(db: Database, trainee: str, people: dict[str, dict[str, Any]],
                       owners: set[str], instructor_data: list[Message]) -> None:
    """A bundle from ``trainee`` holds that one trainee's own rows, and nothing else."""
    name = _name(db, trainee, people)
    if trainee not in people:
        raise refused(N_("This bundle does not hold the progress of {name}. Nothing was "
                         "imported."), name=name)
    what: list[Message] = []
    if set(people) - {trainee} or owners - {trainee}:
        what.append(Message.of(N_("other people's progress")))
    if any(row["role"] != Role.TRAINEE.value for row in people.values()):
        what.append(Message.of(N_("an instructor")))
    what += instructor_data
    if what:
        raise refused(N_("This bundle is to hold only the progress of {name}, but it also "
                         "holds {what}. Nothing was imported."), name=name, what=listing(what))


def _name(db: Database, person_id: str, people: dict[str, dict[str, Any]]) -> str:
    """The trainee's name as this desk knows it, else as the bundle gives it."""
    here = db.execute("SELECT name FROM people WHERE id = ?", [person_id]).fetchone()
    if here is not None:
        name: str = here[0]
        return name
    return people[person_id]["name"] if person_id in people else person_id
