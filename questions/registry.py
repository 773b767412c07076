"""Every skill the trainer teaches, by id ``<game>.<skill>``.

Each game's package lists its skills in ``SKILLS``; the order here is the order the
app shows them in.
"""

from __future__ import annotations

import importlib
from typing import Any

from i18n import Message
from questions.model import Question, use_skills
from questions.skill import Skill
from trainer.rounds.exam_items import is_round_item, round_item_skills, round_item_title
from trainer.rules.house import HouseRules

#: The games, by the name of their rules module, in the order the app lists them.
GAMES = ("thirteen", "mahjong_baccarat", "three_card", "sap_i_chi", "mahjong")

#: Each game's skills, by game, as loaded (a game is loaded whole or not at all).
_LOADED: dict[str, dict[str, Skill[Any]]] = {}


def _game(game: str) -> dict[str, Skill[Any]]:
    """One game's skills, loaded the first time they are asked for: all of them or none
    (a game that fails to load fails every call, never leaves a partial list)."""
    loaded = _LOADED.get(game)
    if loaded is None:
        module = importlib.import_module(f"questions.{game}")
        loaded = {}
        for item in module.SKILLS:
            if item.id in loaded or not item.id.startswith(f"{game}."):
                raise ValueError(f"skill {item.id!r} of {game} is named twice or "
                                 "outside its game")
            loaded[item.id] = item
        _LOADED[game] = loaded
    return loaded


def _load() -> dict[str, Skill[Any]]:
    """Every game's skills, in the order of :data:`GAMES`."""
    return {key: item for game in GAMES for key, item in _game(game).items()}


def skills(game: str | None = None) -> list[str]:
    """Skill ids, all of them or one game's."""
    if game is not None:
        return list(_game(game)) if game in GAMES else []
    return list(_load())


def skill(skill_id: str) -> Skill[Any]:
    """The skill ``skill_id``; only its game's skills are loaded for it (a question asked
    alone, as the command line and a test ask it, needs no other game's modules; the app's
    home screen names every skill, so it loads them all anyway)."""
    game = skill_id.split(".", 1)[0]
    found = _game(game).get(skill_id) if game in GAMES else None
    if found is None:
        raise KeyError(f"unknown skill {skill_id!r}; known: {', '.join(_load())}")
    return found


use_skills(skill)


def title(skill_id: str) -> Message:
    """The title a skill is shown with — a whole table round asked as an exam item too
    (``mahjong_baccarat.round``): the one place titles come from (``KeyError`` if unknown)."""
    if is_round_item(skill_id):
        return round_item_title(skill_id)
    return skill(skill_id).title


def titled() -> list[str]:
    """Every id :func:`title` names: the skills, then each game's round item."""
    return [*skills(), *round_item_skills()]


def generate(skill_id: str, seed: int, difficulty: int = 1,
             rules: HouseRules | None = None) -> Question:
    """The question for ``(skill, seed, difficulty, rules)``: the same on every machine."""
    return skill(skill_id).generate(seed, difficulty, rules or HouseRules())
