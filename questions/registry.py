"""Every skill the trainer teaches, by id ``<game>.<skill>``.

Each game's package lists its skills in ``SKILLS``; the order here is the order the
app shows them in.
"""

from __future__ import annotations

import importlib

from questions.model import Question
from questions.skill import Skill
from trainer.rules.house import HouseRules

#: The games, by the name of their rules module, in the order the app lists them.
GAMES = ("thirteen", "mahjong_baccarat", "three_card", "sap_i_chi", "mahjong")

_SKILLS: dict[str, Skill] = {}


def _load() -> dict[str, Skill]:
    if not _SKILLS:
        for game in GAMES:
            module = importlib.import_module(f"questions.{game}")
            for item in getattr(module, "SKILLS", ()):
                _SKILLS[item.id] = item
    return _SKILLS


def skills(game: str | None = None) -> list[str]:
    """Skill ids, all of them or one game's."""
    return [key for key in _load() if game is None or key.split(".", 1)[0] == game]


def skill(skill_id: str) -> Skill:
    try:
        return _load()[skill_id]
    except KeyError:
        raise KeyError(f"unknown skill {skill_id!r}; known: {', '.join(_load())}") from None


def generate(skill_id: str, seed: int, difficulty: int = 1,
             rules: HouseRules | None = None) -> Question:
    """The question for ``(skill, seed, difficulty, rules)``: the same on every machine."""
    return skill(skill_id).generate(seed, difficulty, rules or HouseRules())
