"""A round as the croupier plays it: the reference steps, and the runner that grades each
action the moment it is given.

A round is worked out whole when it starts (from the game, the seed, the mode and the house
rules), as the steps a croupier takes and the right action at each, from the rules core. A
wrong action never changes what the engine believes: the reference action is applied, so the
state after step k is the reference state whatever was typed and one slip does not ruin the
rest of the round. Times are passed in (the engine has no clock).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Generic, TypeVar

from i18n import N_, Message, TranslatedError
from trainer.rounds.actions import Action, Grammar
from trainer.rounds.modes import Mode
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Reason, Source

#: The game's own picture of the table a round is played on (tiles, bets, dice…).
Table = TypeVar("Table")


class RoundOver(TranslatedError, ValueError):
    """An action given after the last step of the round."""


@dataclass(frozen=True)
class Move:
    """Money changing hands at a step: ``party`` ("banker", "casino", "place 3") gains
    ``amount`` (negative: pays it)."""

    party: str
    amount: Decimal


@dataclass(frozen=True)
class Step:
    """One thing the croupier does, and everything needed to grade and explain it."""

    expected: Action
    name: Message  # what the step is, without its answer ("Deal stack 3 of ten")
    reasons: tuple[Reason, ...]
    article: Source  # what the step is graded by
    scene: Message | None = None  # what happens at the table just before the step
    incident: bool = False  # a call: any other action misses the incident
    moves: tuple[Move, ...] = ()
    #: The skill the step is an answer to (``game.skill``, one the questions teach), set
    #: by :func:`trainer.rounds.skills.with_skills` when the round is dealt.
    skill: str = ""


class Mistake(StrEnum):
    WRONG = "wrong"  # not the right action
    MISSED = "missed"  # an incident happened and was not called


@dataclass(frozen=True)
class StepVerdict:
    step: int  # 1 for the first step of the round
    given: Action
    expected: Action
    mistake: Mistake | None
    reasons: tuple[Reason, ...]
    article: Source
    at_ms: int | None = None  # when the action was given, from the round's start

    @property
    def correct(self) -> bool:
        return self.mistake is None


@dataclass(frozen=True)
class Round(Generic[Table]):
    """A whole round: who deals it (game, seed, mode, house rules), its table and its steps."""

    game: str
    seed: int
    mode: Mode
    rules: HouseRules
    grammar: Grammar
    table: Table
    steps: tuple[Step, ...]
    par_seconds: int  # the game's par time, the pace of a table-ready croupier

    def balances(self) -> dict[str, Decimal]:
        """What each party won (lost, if negative) over the round, from its steps' moves.

        Money is conserved: the balances always add up to zero."""
        totals: dict[str, Decimal] = defaultdict(Decimal)
        for step in self.steps:
            for move in step.moves:
                totals[move.party] += move.amount
        return dict(totals)


_MISSED = Message.of(N_("Something happened here that calls for a ruling and it was not "
                        "called: the croupier stops the round and rules on it first."))


def hint_for(step: Step, grammar: Grammar) -> Message:
    """The step named, with its right action in words (``grammar.say``)."""
    return Message.of(N_("{step}: {action}"), step=step.name,
                      action=grammar.say(step.expected))


class RoundPlay(Generic[Table]):
    """A round being played: where it has got to and the verdicts so far."""

    def __init__(self, round_: Round[Table]) -> None:
        self.round = round_
        self.verdicts: list[StepVerdict] = []

    @property
    def finished(self) -> bool:
        return len(self.verdicts) == len(self.round.steps)

    @property
    def step(self) -> Step:
        """The next step (the reference): what the croupier should do now."""
        self._not_over()
        return self.round.steps[len(self.verdicts)]

    def _not_over(self) -> None:
        if self.finished:
            raise RoundOver(Message.counted(
                "The round is over after its {count} step.",
                "The round is over after its {count} steps.", len(self.round.steps)))

    def hint(self) -> Message | None:
        """The next step and its action in words, in the modes that give hints."""
        if not self.round.mode.hints or self.finished:
            return None
        return hint_for(self.step, self.round.grammar)

    def done(self) -> tuple[Action, ...]:
        """The actions applied so far — the reference ones, whatever was typed."""
        return tuple(step.expected for step in self.round.steps[:len(self.verdicts)])

    def give(self, action: Action | str, at_ms: int | None = None) -> StepVerdict:
        """Grade ``action`` against the next step and move on (an unreadable line raises
        :class:`~trainer.rounds.actions.UnreadableAction` and changes nothing)."""
        self._not_over()
        verdict = judge(self.round, len(self.verdicts) + 1, action, at_ms)
        self.verdicts.append(verdict)
        return verdict


def judge(round_: Round[Table], number: int, action: Action | str,
          at_ms: int | None = None) -> StepVerdict:
    """The verdict on ``action`` at step ``number`` (1 for the first) of the round: the
    steps before it are the reference ones whatever was given there, so a step is graded
    alone (an unreadable line raises :class:`~trainer.rounds.actions.UnreadableAction`)."""
    step = round_.steps[number - 1]
    given = round_.grammar.read(action) if isinstance(action, str) else action
    mistake, reasons = None, step.reasons
    if given != step.expected and step.incident:
        mistake, reasons = Mistake.MISSED, (Reason(_MISSED, step.article), *reasons)
    elif given != step.expected:
        mistake = Mistake.WRONG
    return StepVerdict(number, given, step.expected, mistake, reasons, step.article, at_ms)


def solve(round_: Round[Table]) -> tuple[Action, ...]:
    """The right actions of the round, incidents called and ruled."""
    return tuple(step.expected for step in round_.steps)


def play(round_: Round[Table], actions: Iterable[Action | str]) -> tuple[StepVerdict, ...]:
    """Replay ``actions`` on the round, one step each, and the verdict on each."""
    played = RoundPlay(round_)
    return tuple(played.give(action) for action in actions)
