"""Building Sap I Chi questions from a chosen situation."""

from questions import skill
from trainer.rules.house import HouseRules


def question_for(skill_id, situation, difficulty=2, rules=None):
    """The question a skill would ask about ``situation`` (not generated from a seed)."""
    return skill(skill_id).ask(situation, 0, difficulty, rules or HouseRules())
