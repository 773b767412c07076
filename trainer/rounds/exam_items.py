"""A whole table round as one exam item.

An exam part may hold rounds of a game: its skill is the pseudo-skill ``<game>.round``
(:func:`round_item_skill`), its difficulty the way the round is played
(:data:`ROUND_ITEM_MODES`: 2 practice, 3 table-ready; never with hints). The item is one
answer, like any exam item, so results, sittings, bundles and the school server carry it
unchanged:

- the question names the round (version, skill, seed, difficulty, house rules and
  ``round``: game, way to play, number of steps) — everything else comes back from the
  seed;
- the answer is the actions given, in order, in their text form and when
  (``{"actions": [{"action": text, "at_ms": ms}, …]}``); a round left unfinished has fewer;
- the score is the steps right over the round's steps (a step not played is wrong), and
  the item is right when every step is.

:func:`graded_round_item` grades such an answer again with the engine (:func:`judge` per
step), as an import or a review needs; an answer not of that shape, or an action that is
unreadable, grades to ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from i18n import N_, Message
from trainer.rounds.actions import UnreadableAction
from trainer.rounds.modes import Mode
from trainer.rounds.pars import ROUND_GAMES
from trainer.rounds.play import Round, StepVerdict, judge, solve
from trainer.rules.house import HouseRules

#: The version of a round item's stored question.
ROUND_ITEM_VERSION = 1
#: What follows the game's id in a round item's pseudo-skill.
ROUND_ITEM = "round"
#: The way a round item is played, by the exam part's difficulty: incidents now and then,
#: or often with a par time; there is no round item at difficulty 1 (its modes give hints).
ROUND_ITEM_MODES: dict[int, Mode] = {2: Mode.PRACTICE, 3: Mode.TABLE_READY}
#: Each game's round item, as a title.
_TITLES: dict[str, str] = {
    "mahjong_baccarat": N_("Mahjong Baccarat: a table round"),
    "thirteen": N_("13-card game: a table round"),
    "sap_i_chi": N_("Sap I Chi: a table round"),
    "three_card": N_("Three-card baccarat: a table round"),
    "mahjong": N_("Mah-Jong: a table scene, the last discards to the win"),
    "mahjong_hand": N_("Mah-Jong: a whole hand, from the wall to the payment"),
    "mahjong_simplified": N_("Simplified Mah-Jong: a whole hand, two to four players"),
}


def round_item_skill(game: str) -> str:
    """The pseudo-skill of ``game``'s round items (``mahjong_baccarat.round``)."""
    return f"{game}.{ROUND_ITEM}"


def round_item_skills() -> tuple[str, ...]:
    """Every game's round item, in the order the engine lists its games."""
    return tuple(round_item_skill(game) for game in ROUND_GAMES)


#: Every round item's pseudo-skill, to look one up.
ROUND_ITEM_SKILLS = frozenset(round_item_skills())


def is_round_item(skill: Any) -> bool:
    """Whether ``skill`` names a round item of a game this trainer deals."""
    return type(skill) is str and skill in ROUND_ITEM_SKILLS


def round_item_game(skill: str) -> str:
    """The game of a round item's pseudo-skill."""
    return skill.partition(".")[0]


def round_item_title(skill: str) -> Message:
    """The title a round item's pseudo-skill is shown with (``KeyError`` for any other)."""
    if not is_round_item(skill):
        raise KeyError(skill)
    return Message.of(_TITLES[round_item_game(skill)])


def round_item_mode(difficulty: int) -> Mode:
    """The way a round item of ``difficulty`` is played (``KeyError``: no round item is)."""
    return ROUND_ITEM_MODES[difficulty]


def round_of_item(skill: str, seed: int, difficulty: int, rules: HouseRules) -> Round[Any]:
    """The round an exam item deals: the same on every desktop."""
    from trainer.rounds.recorded import dealt  # the engines, once a round item is dealt

    if not is_round_item(skill):
        raise KeyError(skill)
    return dealt(round_item_game(skill), seed, round_item_mode(difficulty), rules)


def round_item_question(round_: Round[Any]) -> dict[str, Any]:
    """The stored question of a round played as an exam item."""
    difficulty = next(d for d, mode in ROUND_ITEM_MODES.items() if mode is round_.mode)
    return {"version": ROUND_ITEM_VERSION, "skill": round_item_skill(round_.game),
            "seed": round_.seed, "difficulty": difficulty, "rules": round_.rules.to_json(),
            "round": {"game": round_.game, "mode": round_.mode.value,
                      "steps": len(round_.steps)}}


def round_item_answer(verdicts: Sequence[StepVerdict]) -> dict[str, Any]:
    """The stored answer of a round item: the actions given, in order, and when."""
    return {"actions": [{"action": str(verdict.given), "at_ms": verdict.at_ms}
                        for verdict in verdicts]}


@dataclass(frozen=True)
class RoundItemGrade:
    """A round item graded: its round, the verdict on each action given, the score."""

    round: Round[Any]
    verdicts: tuple[StepVerdict, ...]

    @property
    def right(self) -> int:
        return sum(verdict.correct for verdict in self.verdicts)

    @property
    def score(self) -> float:
        """Steps right over the round's steps: a step not played counts wrong."""
        return self.right / len(self.round.steps)

    @property
    def correct(self) -> bool:
        return self.right == len(self.round.steps)

    @property
    def question(self) -> dict[str, Any]:
        return round_item_question(self.round)


def graded_round_item(skill: str, seed: int, difficulty: int, rules: HouseRules,
                      answer: Any) -> RoundItemGrade | None:
    """The answer to a round item graded by the engine, step by step; ``None`` if the item
    is no round this trainer deals or the answer is not the actions of one (not of the
    shape, more actions than steps, an unreadable action)."""
    if not is_round_item(skill) or difficulty not in ROUND_ITEM_MODES:
        return None
    try:
        round_ = round_of_item(skill, seed, difficulty, rules)
    except (ValueError, ArithmeticError):  # house rules out of their ranges
        return None
    actions = answer.get("actions") if type(answer) is dict and answer.keys() == {
        "actions"} else None
    if type(actions) is not list or len(actions) > len(round_.steps):
        return None
    verdicts: list[StepVerdict] = []
    for number, given in enumerate(actions, start=1):
        if type(given) is not dict or given.keys() != {"action", "at_ms"}:
            return None
        action, at_ms = given["action"], given["at_ms"]
        if type(action) is not str or not (at_ms is None or type(at_ms) is int):
            return None
        try:
            verdicts.append(judge(round_, number, action, at_ms))
        except UnreadableAction:
            return None
    return RoundItemGrade(round_, tuple(verdicts))


def round_item_answer_of(round_: Round[Any], right: bool) -> dict[str, Any] | None:
    """A whole round's actions as a trainee would give them: all right, or all right but
    one (another step's action where it does not fit); ``None`` when no step can be got
    wrong so."""
    actions = [str(action) for action in solve(round_)]
    if not right:
        wrong = next(((n, str(other.expected)) for n, step in enumerate(round_.steps)
                      for other in round_.steps if other.expected != step.expected), None)
        if wrong is None:
            return None
        actions[wrong[0]] = wrong[1]
    return {"actions": [{"action": action, "at_ms": None} for action in actions]}
