"""Incidents injected into a round: drawn from the seed, called, then ruled on.

At each moment of a round where something can go wrong (the shake, the deal…) the mode's
chance decides whether something does; the game says what can happen then and what the rules
core rules. The trainee must notice: the expected action is ``call KIND [PLACE]``, then
``decide DECISION``; anything else at the call misses the incident.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from i18n import N_, Message
from trainer.rounds.actions import Action, Value
from trainer.rounds.modes import Mode
from trainer.rounds.play import Step
from trainer.rules.regulations import Reason

Kind = TypeVar("Kind")


def draw_incident(rng: random.Random, mode: Mode, kinds: Sequence[Kind]) -> Kind | None:
    """What happens at one moment of the round, if anything (the mode's chance)."""
    if rng.random() < mode.incident_chance:
        return rng.choice(kinds)
    return None


def incident_steps(kind: str, place: int | None, decision: str, ruling: Reason,
                   scene: Message, reasons: tuple[Reason, ...] = ()) -> tuple[Step, Step]:
    """The call of an incident (with the place it happened at, if any) and the ruling;
    ``reasons``, when a ruling takes several, end with ``ruling`` (the one it is graded by)."""
    values: tuple[Value, ...] = (kind,) if place is None else (kind, place)
    reasons = reasons or (ruling,)
    return (Step(Action("call", values), Message.of(N_("Stop the round: something calls for "
                                                       "a ruling")),
                 reasons, ruling.source, scene, incident=True),
            Step(Action("decide", (decision,)), Message.of(N_("Rule on what happened")),
                 reasons, ruling.source))
