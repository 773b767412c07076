"""A table round left before its end, resumed by the trainee who played it (issue 37: a long
round — a Mah-Jong hand — is played in several sittings).

Nothing has to be saved when a round is left: each step was stored the moment it was given
(:mod:`.recording`). A round is resumed from what is stored: dealt again from its game, seed
and way to play under the house rules *as recorded* (not today's: the table must be the one
the trainee left), at today's par (a round's par is not recorded: it is no part of a step's
question, :mod:`trainer.rounds.pars`); its recorded actions are given again, in order, with
their times, and each verdict must be the one recorded. The round then goes on being
recorded under the same round id, from the last step's time: the steps given before are
neither recorded nor counted again.

A round graded under readings that have changed since cannot be resumed: its steps would be
graded by two readings, and a step right then may be wrong now (or the other way). It is
refused, with nothing changed; it stays in the trainee's progress and replay as it was.

Only the trainee's own rounds are offered and resumed: the store's gate scopes every read to
the signed-in trainee (an instructor resumes only rounds they played themselves). An exam's
round is never resumable outside its exam: it is one answer to an exam item, given within
the sitting's time and submitted with it (:mod:`trainer.rounds.exam_items`), not steps
recorded one by one; played again outside the sitting, it would be a second answer to an
item already answered, or a look at an exam's round before it is sat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_access
from trainer.progress.storage import ledger
from trainer.progress.storage.store import Attempt, Store, StoreError
from trainer.progress.table_rounds.recording import RoundRecording
from trainer.rounds.actions import UnreadableAction
from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import RoundPlay
from trainer.rounds.recorded import RoundKey, round_key
from trainer.rules.house import READINGS


class NotResumable(StoreError):
    """A round that is not the trainee's to resume, or cannot be resumed as recorded."""


@dataclass(frozen=True)
class UnfinishedRound:
    """A round of the trainee's left before its end, as the Table round page lists it."""

    id: str
    game: str
    mode: Mode
    started_at: str  # when its first step was given
    left_at: str  # when its last step was given
    done: int  # the steps given
    steps: int  # the round's steps
    taken_ms: int  # the time from its start to its last step given


@dataclass(frozen=True)
class ResumedRound:
    """A round dealt again with its recorded steps given: ``play`` goes on from step
    ``done + 1``, each new step recorded by ``recording`` into the same round; the clock
    goes on from ``taken_ms``."""

    play: RoundPlay[Any]
    recording: RoundRecording
    taken_ms: int


def unfinished_rounds(store: Store, actor: Actor) -> list[UnfinishedRound]:
    """The acting trainee's own rounds left before their end, not discarded, the one left
    last first. A round with no step given is not stored, so never listed."""
    return sorted((_unfinished(key, steps) for key, steps in _own_rounds(store, actor).items()),
                  key=lambda unfinished: unfinished.left_at, reverse=True)


def resume(store: Store, actor: Actor, round_id: str, pars: Pars | None = None) -> ResumedRound:
    """The acting trainee's unfinished round ``round_id`` dealt again (its recorded house
    rules; ``pars``, today's, for its par) with its recorded actions given again. Refused
    (:class:`NotResumable`, nothing changed) when it is not one of theirs left unfinished,
    or when it no longer grades as it was recorded."""
    key, steps = _own(store, actor, round_id)
    if any(attempt.readings != READINGS for attempt in steps):
        raise NotResumable(_changed_readings())
    try:
        round_ = start(key.game, key.seed, key.mode, key.rules, pars)
    except (ValueError, ArithmeticError) as error:  # house rules out of today's ranges
        raise NotResumable(_changed_readings()) from error
    if len(round_.steps) != key.steps:
        raise NotResumable(_changed_readings())
    play = RoundPlay(round_)
    for attempt in steps:
        action, at_ms = _given(attempt)
        try:
            verdict = play.give(action, at_ms)
        except UnreadableAction as error:
            raise NotResumable(_changed_step(len(play.verdicts) + 1)) from error
        if verdict.correct != attempt.correct:
            raise NotResumable(_changed_step(verdict.step))
    taken_ms = _taken_ms(steps)
    return ResumedRound(play, RoundRecording(store, actor, round_, round_id=key.id,
                                             since_ms=taken_ms), taken_ms)


def abandon(store: Store, actor: Actor, round_id: str) -> None:
    """Discard the acting trainee's unfinished round ``round_id``: no longer offered to
    resume; its steps stay, answers like any other, for the desk and its replay."""
    _own(store, actor, round_id)
    ledger.abandon_round(store, actor.person.id, round_id)


def _own(store: Store, actor: Actor, round_id: str) -> tuple[RoundKey, list[Attempt]]:
    found = _own_rounds(store, actor)
    for key, steps in found.items():
        if key.id == round_id:
            return key, steps
    raise NotResumable(Message.of(N_(
        "This round is not one of your unfinished table rounds: it was finished, discarded, "
        "or played by someone else.")))


def _own_rounds(store: Store, actor: Actor) -> dict[RoundKey, list[Attempt]]:
    """The acting trainee's rounds left unfinished and not discarded, each with its steps
    given, in order. A round with a step missing or repeated is not offered: resumed, it
    would record a step twice."""
    require_access(store, actor, actor.person.id)
    abandoned = ledger.abandoned_rounds(store, actor.person.id)
    grouped: dict[str, tuple[RoundKey, list[Attempt]]] = {}
    for attempt in ledger.stored_round_steps(store, actor.person.id):
        key = round_key(attempt.question)
        if key is None or attempt.sitting_id is not None or key.id in abandoned:
            continue
        grouped.setdefault(key.id, (key, []))[1].append(attempt)
    rounds = {}
    for key, steps in grouped.values():
        steps.sort(key=lambda attempt: _number(attempt.question["round"].get("step")))
        numbers = [_number(attempt.question["round"].get("step")) for attempt in steps]
        if (numbers == list(range(1, len(steps) + 1))
                and len(steps) < key.steps
                and all(round_key(attempt.question) == key for attempt in steps)):
            rounds[key] = steps
    return rounds


def _number(number: object) -> int:
    """A step's number, or past every step when it is not a whole number."""
    return number if type(number) is int else 2**63


def _unfinished(key: RoundKey, steps: list[Attempt]) -> UnfinishedRound:
    return UnfinishedRound(key.id, key.game, key.mode, steps[0].answered_at,
                           steps[-1].answered_at, len(steps), key.steps, _taken_ms(steps))


def _given(attempt: Attempt) -> tuple[str, int | None]:
    """The action a stored step gave and when (``None``: not recorded)."""
    answer = attempt.answer
    action = answer.get("action") if type(answer) is dict else None
    at_ms = answer.get("at_ms") if type(answer) is dict else None
    return (action if type(action) is str else ""), (at_ms if type(at_ms) is int else None)


def _taken_ms(steps: list[Attempt]) -> int:
    """The time from the round's start to its last step: the last step's time, or the sum
    of the steps' response times when the round was played without a clock."""
    last = _given(steps[-1])[1]
    return last if last is not None else sum(attempt.response_ms for attempt in steps)


def _changed_readings() -> Message:
    return Message.of(N_(
        "This round was recorded under readings of the rules that have changed since: it "
        "cannot be resumed (its steps would be graded two ways). It stays in your progress "
        "as it is; start a new round."))


def _changed_step(step: int) -> Message:
    return Message.of(N_(
        "Step {step} of this round no longer grades as it was recorded (the readings of the "
        "rules have changed since): the round cannot be resumed. It stays in your progress "
        "as it is; start a new round."), step=step)
