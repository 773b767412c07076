"""Recording a table round as it is played: each step, the moment it is given, as the
acting trainee's answer to the step's skill, in a practice session of theirs."""

from __future__ import annotations

import uuid
from typing import Any

from trainer.progress.people.accounts import Actor
from trainer.progress.practice import end_practice, record_answer, start_practice
from trainer.progress.storage.store import Store, StoreError
from trainer.rounds.play import Round, StepVerdict
from trainer.rounds.recorded import step_answer, step_question

#: The mode of the practice session a round is played in.
ROUND_SESSION = "table-round"


def new_round_id() -> str:
    """The id the steps of one round share."""
    return str(uuid.uuid4())


def record_step(store: Store, actor: Actor, session_id: str | None, round_: Round[Any],
                round_id: str, verdict: StepVerdict, response_ms: int) -> str:
    """Store the acting trainee's step ``verdict`` of ``round_`` (``response_ms``: the time
    since the step before) as their answer to the step's skill; its id."""
    question = step_question(round_, verdict.step, round_id)
    return record_answer(store, actor, session_id, question, step_answer(verdict),
                         verdict.correct, float(verdict.correct), max(0, response_ms))


class RoundRecording:
    """One round recorded as it is played, for the acting trainee: a practice session of
    its own, opened at the first step; each step stored the moment it is given, or kept
    and stored with the next one while the store refuses (locked, full): nothing is lost
    while the round goes on.

    A round resumed (:func:`trainer.progress.table_rounds.resume.resume`) goes on being
    recorded under its ``round_id``, its times from the last recorded step's (``since_ms``),
    in a session of its own: the steps given before are not recorded again."""

    def __init__(self, store: Store, actor: Actor, round_: Round[Any], *,
                 round_id: str | None = None, since_ms: int = 0):
        self.store, self.actor, self.round = store, actor, round_
        self.round_id = round_id or new_round_id()
        self.session: str | None = None
        self.waiting: list[tuple[StepVerdict, int]] = []
        self._last_ms = since_ms

    def step(self, verdict: StepVerdict) -> StoreError | None:
        """Record ``verdict``; the store's error if it is kept for later."""
        at_ms = verdict.at_ms if verdict.at_ms is not None else self._last_ms
        self.waiting.append((verdict, at_ms - self._last_ms))
        self._last_ms = at_ms
        return self.save()

    def save(self) -> StoreError | None:
        """Store the steps kept; the store's error if it still refuses."""
        try:
            if self.session is None and self.waiting:
                self.session = start_practice(self.store, self.actor, ROUND_SESSION)
            while self.waiting:
                verdict, response_ms = self.waiting[0]
                record_step(self.store, self.actor, self.session, self.round, self.round_id,
                            verdict, response_ms)
                self.waiting.pop(0)
        except StoreError as error:
            return error
        return None

    def close(self) -> StoreError | None:
        """The round is left or over: store what is kept and end the session."""
        problem = self.save()
        if problem is None and self.session is not None:
            try:
                end_practice(self.store, self.actor, self.session)
            except StoreError as error:
                return error
            self.session = None
        return problem
