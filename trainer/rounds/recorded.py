"""A round's steps as answers: each step is recorded as an answer to its skill, with what
makes the round itself again, so that a stored step can be graded again (an answer that
arrives in a bundle or from the school server) and a whole round replayed step by step.

The question of a step names the skill, the round's seed, a difficulty (the way the round
was played), the house rules and ``round``: its id (the steps of one round share it), game,
way to play, the step's number and the round's number of steps. The answer is the action in
its text form and when it was given (ms from the round's start). Everything else — the
table, the right action, the reasons — comes back from the seed: a round is the same on every
desktop.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from trainer.rounds.actions import UnreadableAction
from trainer.rounds.games import GAMES, start
from trainer.rounds.modes import Mode
from trainer.rounds.play import Round, StepVerdict, judge
from trainer.rules.house import HouseRules

#: The version of a step's stored question (a question's JSON carries its version).
STEP_QUESTION_VERSION = 1
#: The difficulty a step counts at, by the way the round is played: a round played with its
#: steps named is the easiest, table-ready the hardest.
DIFFICULTY = {Mode.LEARN: 1, Mode.GUIDED: 1, Mode.PRACTICE: 2, Mode.TABLE_READY: 3}


def step_question(round_: Round[Any], step: int, round_id: str) -> dict[str, Any]:
    """The stored question of step ``step`` (1 for the first) of ``round_``."""
    return {"version": STEP_QUESTION_VERSION, "skill": round_.steps[step - 1].skill,
            "seed": round_.seed, "difficulty": DIFFICULTY[round_.mode],
            "rules": round_.rules.to_json(),
            "round": {"id": round_id, "game": round_.game, "mode": round_.mode.value,
                      "step": step, "steps": len(round_.steps)}}


def step_answer(verdict: StepVerdict) -> dict[str, Any]:
    """The stored answer of a step: the action as given and when."""
    return {"action": str(verdict.given), "at_ms": verdict.at_ms}


def is_round_step(question: Any) -> bool:
    """Whether a stored question is a step of a table round (not a question of a skill,
    nor a whole round asked as an exam item, :mod:`trainer.rounds.exam_items`)."""
    return (type(question) is dict and "round" in question
            and not (type(question["round"]) is dict and "step" not in question["round"]))


@dataclass(frozen=True)
class RoundKey:
    """What deals a stored round again."""

    id: str
    game: str
    seed: int
    mode: Mode
    rules: HouseRules
    steps: int


def round_key(question: Any) -> RoundKey | None:
    """The round a stored step's question names, or ``None`` if it names none this trainer
    deals (a malformed or foreign question)."""
    if not is_round_step(question):
        return None
    about = question["round"]
    try:
        key = RoundKey(about["id"], about["game"], question["seed"], Mode(about["mode"]),
                       HouseRules.from_json(question["rules"]), about["steps"])
    except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError):
        return None
    if (type(key.id) is not str or key.game not in GAMES or type(key.seed) is not int
            or type(key.steps) is not int):
        return None
    return key


@functools.lru_cache(maxsize=256)
def dealt(game: str, seed: int, mode: Mode, rules: HouseRules) -> Round[Any]:
    """A round dealt once: an import grades each of its steps again."""
    return start(game, seed, mode, rules)


def regraded_step(question: Any, answer: Any) -> tuple[dict[str, Any], bool, float] | None:
    """A stored step graded again by the engine: the question as the round gives it (to
    compare with the stored one), right or not and the score; ``None`` if the question names
    no round this trainer deals, a step it does not have, or the answer is not an action."""
    key = round_key(question)
    step = question["round"].get("step") if key is not None else None
    if key is None or type(step) is not int or type(answer) is not dict:
        return None
    try:
        round_ = dealt(key.game, key.seed, key.mode, key.rules)
    except (ValueError, ArithmeticError):  # house rules out of their ranges
        return None
    action, at_ms = answer.get("action"), answer.get("at_ms")
    if (key.steps != len(round_.steps) or not 1 <= step <= key.steps or type(action) is not str
            or not (at_ms is None or type(at_ms) is int)):
        return None
    try:
        verdict = judge(round_, step, action)
    except UnreadableAction:
        return None
    return step_question(round_, step, key.id), verdict.correct, float(verdict.correct)

