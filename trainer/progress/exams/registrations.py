"""At a school with a server, an exam sitting counts only if the server registered it first.

The server registers a sitting for the trainee whose token asks (the PIN checked when the
token was given), at its own time and with the seed of the questions it drew
(:mod:`trainer.progress.school.exams`). A sitting that arrives at the desk — in a desktop's
batch (:mod:`trainer.progress.school.senders`) or in a trainee's bundle
(:mod:`trainer.progress.bundles.source`) — is taken only if it is the one registered: this
module is the one rule both ask.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import UTC, datetime
from typing import Any, NamedTuple

from trainer.progress.storage.values import stamp


class ServerRegistration(NamedTuple):
    """A sitting as the school server registered it (by its sitting id)."""

    exam_id: str
    person_id: str
    started_at: datetime
    seed: int | None


#: What reads the school server's registrations of the sittings named (by id): those it
#: has. It may refuse (a :class:`~trainer.progress.bundles.format.BundleError`) when the
#: server cannot tell, so that nothing unchecked is taken.
ReadRegistrations = Callable[[Collection[str]], dict[str, ServerRegistration]]


def registered_as(sitting: dict[str, Any], registration: ServerRegistration | None,
                  person_id: str) -> bool:
    """Whether ``sitting`` (a row as a batch or bundle brings it) is the one the server
    registered for ``person_id``: the same exam and trainee, the same start as the store
    stamps it (to the millisecond), and the same seed."""
    return (registration is not None
            and registration.exam_id == sitting.get("exam_id")
            and registration.person_id == person_id == sitting.get("person_id")
            and stamp(registration.started_at.astimezone(UTC)) == sitting.get("started_at")
            and registration.seed == sitting.get("seed"))
