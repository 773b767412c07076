"""Building Sap I Chi questions from a chosen situation."""

from questions import Question, skill
from trainer.rules.house import HouseRules


def question_for(skill_id, situation, difficulty=2, rules=None):
    """The question a skill would ask about ``situation`` (not generated from a seed)."""
    chosen = skill(skill_id)
    return Question(skill_id, 0, difficulty, situation, chosen.prompt(situation, difficulty),
                    chosen.form(situation), rules or HouseRules())
