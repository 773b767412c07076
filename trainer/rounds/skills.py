"""Which skill each step of a round is an answer to.

Every step of a round is the same decision as one of the game's skills (the dice and the
deal: who is served first; opening a place: the settlement; a ruling: the comparison; money:
the payout…), so a round counts in mastery, self-study, targets and reports as answers to
those skills. Each game names its skills by verb, and by kind of call for an incident; the
ruling after a call is an answer to the call's skill.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from trainer.rounds.play import Step


def with_skills(game: str, steps: Iterable[Step], by_verb: Mapping[str, str],
                by_call: Mapping[str, str]) -> tuple[Step, ...]:
    """``steps`` with each one's skill (``game.skill``): by its verb, a call by its kind
    (else the verb ``call``'s), a ruling by the call before it."""
    skilled: list[Step] = []
    called = by_verb["call"]
    for step in steps:
        verb = step.expected.verb
        if verb == "call":
            called = by_call.get(str(step.expected.values[0]), by_verb["call"])
            skill = called
        elif verb == "decide":
            skill = called
        else:
            skill = by_verb[verb]
        skilled.append(replace(step, skill=f"{game}.{skill}"))
    return tuple(skilled)
