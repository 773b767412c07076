"""Every skill the trainer teaches, by id ``<game>.<skill>``."""

from __future__ import annotations

from questions.model import Question
from questions.skill import Skill
from questions.thirteen.first_seat import FirstSeat
from trainer.rules.house import HouseRules

_SKILLS: dict[str, Skill] = {s.id: s for s in (FirstSeat(),)}


def skills() -> list[str]:
    return list(_SKILLS)


def skill(skill_id: str) -> Skill:
    try:
        return _SKILLS[skill_id]
    except KeyError:
        raise KeyError(f"unknown skill {skill_id!r}; known: {', '.join(_SKILLS)}") from None


def generate(skill_id: str, seed: int, difficulty: int = 1,
             rules: HouseRules | None = None) -> Question:
    """The question for ``(skill, seed, difficulty, rules)``: the same on every machine."""
    return skill(skill_id).generate(seed, difficulty, rules or HouseRules())
