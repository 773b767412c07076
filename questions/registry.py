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

_SKILLS: dict[str, Skill[Any]] = {}


def _load() -> dict[str, Skill[Any]]:
    """Every game's skills, loaded the first time they are asked for: all of them or none
    (a game that fails to load fails every call, never leaves a partial list)."""
    if not _SKILLS:
        found: dict[str, Skill[Any]] = {}
        for game in GAMES:
            module = importlib.import_module(f"questions.{game}")
            for item in module.SKILLS:
                if item.id in found or not item.id.startswith(f"{game}."):
                    raise ValueError(f"skill {item.id!r} of {game} is named twice or "
                                     "outside its game")
                found[item.id] = item
        _SKILLS.update(found)
    return _SKILLS


def skills(game: str | None = None) -> list[str]:
    """Skill ids, all of them or one game's."""
    return [key for key in _load() if game is None or key.split(".", 1)[0] == game]


def skill(skill_id: str) -> Skill[Any]:
    try:
        return _load()[skill_id]
    except KeyError:
        raise KeyError(f"unknown skill {skill_id!r}; known: {', '.join(_load())}") from None


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
