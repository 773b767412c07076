"""A person's practice as it happens: their sessions and answers, each taken by the
signed-in person themselves.

What the quiz modes call. An answer is recorded for the acting person only, in a session
of theirs; nobody records an answer in someone else's name (an exam's answers go through
:func:`trainer.progress.exams.sittings.answer_exam_item`, which checks the sitting). A
person's answers are read by themselves or an instructor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, NotAllowed, require_access
from trainer.progress.storage import ledger
from trainer.progress.storage.store import Attempt, Store


def start_practice(store: Store, actor: Actor, mode: str) -> str:
    """A new session of ``mode`` for the acting person: its id."""
    require_access(store, actor, actor.person.id)
    return ledger.start_session(store, actor.person.id, mode)


def end_practice(store: Store, actor: Actor, session_id: str) -> None:
    _require_own_session(store, actor, session_id)
    ledger.end_session(store, session_id)


def record_answer(store: Store, actor: Actor, session_id: str | None,
                  question: dict[str, Any], answer: Any, correct: bool, score: float,
                  response_ms: int, mistake_kinds: Sequence[str] = ()) -> str:
    """Store the acting person's graded answer (in their session, if one is given), with
    the ids of the kinds of mistake it made, and fold it into their summaries; its id."""
    if session_id is None:
        require_access(store, actor, actor.person.id)
    else:
        _require_own_session(store, actor, session_id)
    return ledger.record_attempt(store, actor.person.id, session_id, question, answer,
                                 correct, score, response_ms,
                                 mistake_kinds=mistake_kinds)


def answers_of(store: Store, actor: Actor, person_id: str) -> list[Attempt]:
    """Every answer of the person, oldest first: their own, or anyone's for an instructor."""
    require_access(store, actor, person_id)
    return ledger.stored_attempts(store, person_id)


def _require_own_session(store: Store, actor: Actor, session_id: str) -> None:
    require_access(store, actor, actor.person.id)
    if ledger.session_owner(store, session_id) != actor.person.id:
        raise NotAllowed(Message.of(N_("This practice session is someone else's.")))
