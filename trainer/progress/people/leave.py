"""Who may read whose progress, decided once, where a request enters the store.

The functions that read a person's progress — the report, the mastery of each skill, the
calendar and the speed per week — take a :class:`Leave` instead of an actor and a person.
Only :func:`leave_to_see` and :func:`own_leave` give one, after the check, so none of those
functions can be reached without it, and none checks again: opening a trainee's progress
page checks the actor's rights once, for all its figures.

The rights are those of :mod:`trainer.progress.people.accounts`: an instructor sees
everyone; a trainee sees only their own progress, once they typed their PIN if they have
one; a trainee practising reads their own mastery (the self-study choice) without it.
"""

from __future__ import annotations

from dataclasses import dataclass

from trainer.progress.people.accounts import (
    Actor,
    require_access,
    require_instructor,
    require_proof,
)
from trainer.progress.storage.store import Store

_GIVEN_HERE = object()


@dataclass(frozen=True)
class Leave:
    """Leave to read one person's progress (``person_id``), or every trainee's (``None``)."""

    store: Store
    actor: Actor
    person_id: str | None
    given: object = None  # the check's mark: see __post_init__

    def __post_init__(self) -> None:
        if self.given is not _GIVEN_HERE:
            raise TypeError("a Leave is given by leave_to_see() or own_leave(), after the check")

    @property
    def person(self) -> str:
        """The one person this leave is for (a leave for everyone has none)."""
        if self.person_id is None:
            raise ValueError("this leave is for every trainee, not for one person")
        return self.person_id


def leave_to_see(store: Store, actor: Actor, person_id: str | None = None) -> Leave:
    """Leave to see ``person_id``'s progress, or every trainee's (an instructor only)."""
    if person_id is None:
        require_instructor(store, actor)
    else:
        require_proof(store, actor, person_id)  # a trainee with a PIN has typed it
    return Leave(store, actor, person_id, _GIVEN_HERE)


def own_leave(store: Store, actor: Actor) -> Leave:
    """Leave for the signed-in person to read their own progress while practising."""
    require_access(store, actor, actor.person.id)
    return Leave(store, actor, actor.person.id, _GIVEN_HERE)
