"""The table rounds a person played, read back whole from their steps' answers, for the
instructor's replay step by step.

Each round is dealt again from its seed, way to play and house rules, and each recorded
action graded again by the round engine — the verdicts the trainee had, with the reasons
and articles of today's reading. A round left before its end is read back as far as it went (and
said discarded if the trainee discarded it rather than resume it, :mod:`.resume`);
a step whose question names no round this trainer deals (written by another version or by
hand) is left out, as a damaged answer is.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any

from trainer.progress.people.accounts import Actor, require_access
from trainer.progress.storage import ledger
from trainer.progress.storage.store import Attempt, Store
from trainer.rounds.actions import UnreadableAction
from trainer.rounds.play import Round, StepVerdict, judge
from trainer.rounds.recorded import RoundKey, dealt, round_key


@dataclass(frozen=True)
class PlayedStep:
    """A step as it was recorded: when and how fast it was given, as graded then."""

    verdict: StepVerdict  # graded again by today's engine; ``at_ms`` as given
    answered_at: str
    response_ms: int
    correct_then: bool


@dataclass(frozen=True)
class PlayedRound:
    """A round as a person played it: the round dealt again and their steps in order."""

    id: str
    person_id: str
    round: Round[Any]
    steps: tuple[PlayedStep, ...]
    abandoned: bool = False  # left unfinished, then discarded: no longer offered to resume

    @property
    def started_at(self) -> str:
        return self.steps[0].answered_at

    @property
    def finished(self) -> bool:
        return len(self.steps) == len(self.round.steps)

    @property
    def right(self) -> int:
        return sum(step.verdict.correct for step in self.steps)

    @property
    def taken_ms(self) -> int:
        """The time from the round's start to its last step given."""
        last = self.steps[-1].verdict.at_ms
        return last if last is not None else sum(step.response_ms for step in self.steps)


def rounds_played(store: Store, actor: Actor, person_id: str) -> list[PlayedRound]:
    """Every table round the person played, oldest first: their own, or anyone's for an
    instructor."""
    require_access(store, actor, person_id)
    steps = [(key, attempt) for attempt in ledger.stored_round_steps(store, person_id)
             if (key := round_key(attempt.question)) is not None]
    abandoned = ledger.abandoned_rounds(store, person_id)
    played = []
    for _, group in groupby(sorted(steps, key=lambda pair: (pair[0].id, _number(pair[1]))),
                            key=lambda pair: pair[0].id):
        found = _played(person_id, list(group))
        if found is not None:
            played.append(replace(found, abandoned=found.id in abandoned))
    return sorted(played, key=lambda p: p.started_at)


#: Where a step whose number is not a whole number sorts: after every step, so that the
#: round is read back as far as the steps before it.
_NOT_A_NUMBER = 2**63


def _number(attempt: Attempt) -> int:
    number = attempt.question["round"].get("step")
    return number if type(number) is int else _NOT_A_NUMBER


def _played(person_id: str, group: list[tuple[RoundKey, Attempt]]) -> PlayedRound | None:
    key = group[0][0]
    try:
        round_ = dealt(key.game, key.seed, key.mode, key.rules)
    except (ValueError, ArithmeticError):
        return None
    if key.steps != len(round_.steps):
        return None  # not the round its seed deals here: another version's engine dealt it
    steps: list[PlayedStep] = []
    for same, attempt in group:
        step = _step(round_, attempt, len(steps) + 1) if same == key else None
        if step is None:
            break  # a gap, a repeat or a step of another round: the round as far as it went
        steps.append(step)
    return PlayedRound(key.id, person_id, round_, tuple(steps)) if steps else None


def _step(round_: Round[Any], attempt: Attempt, number: int) -> PlayedStep | None:
    answer = attempt.answer
    if (_number(attempt) != number or number > len(round_.steps)
            or type(answer) is not dict or type(answer.get("action")) is not str):
        return None
    at_ms = answer.get("at_ms")
    try:
        verdict = judge(round_, number, answer["action"], at_ms if type(at_ms) is int else None)
    except UnreadableAction:
        return None
    return PlayedStep(verdict, attempt.answered_at, attempt.response_ms, attempt.correct)
