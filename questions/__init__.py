"""Questions: generated from the rules core, graded by it, explained with its articles."""

from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer, Verdict
from questions.registry import generate, skill, skills, title, titled

__all__ = ["AnswerForm", "AnswerKind", "Option", "Question", "UnreadableAnswer", "Verdict",
           "generate", "skill", "skills", "title", "titled"]
