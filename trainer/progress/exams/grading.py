"""How the store has an answer graded again, without importing the questions.

The store never trusts a grade that arrives from outside (a bundle, the school server's
inbox): it has the question regenerated from its seed and house rules (an exam's, or those
the practice question was asked under) and the answer graded by the rules core.
Questions live above the store, so the store names what it needs here
(:class:`ExamGrader`) and the questions package provides it
(``questions.regrade.GRADER``), registered under the entry point group
``croupier_trainer.exam_grader`` for the command line.
"""

from __future__ import annotations

from collections.abc import Hashable
from importlib.metadata import entry_points
from typing import Any, Protocol

from i18n import N_, Message
from trainer.progress.storage.store import StoreError
from trainer.rules.house import HouseRules

ENTRY_POINT_GROUP = "croupier_trainer.exam_grader"


class ExamGrader(Hashable, Protocol):
    """What grades an answer again; hashable, as any object is unless it says otherwise:
    the demo classroom keeps the answers it made by grader."""

    def knows(self, skill: str) -> bool:
        """Whether ``skill`` is one the questions teach: an answer to any other cannot have
        been given by this trainer (distinct from an answer that cannot be read)."""

    def regrade(self, skill: str, seed: int, difficulty: int, rules: HouseRules,
                answer: Any, correct_then: bool | None = None
                ) -> tuple[dict[str, Any], bool, float] | None:
        """The question regenerated (its JSON) and the rules core's grade of ``answer``
        (correct, score) — of the reading that agrees with ``correct_then``, for amounts
        typed in a language's conventions — or ``None`` if it cannot be read at all.
        ``skill`` must be one the grader :meth:`knows`."""

    def answer(self, skill: str, seed: int, difficulty: int, rules: HouseRules,
               right: bool) -> Any:
        """A right (or a wrong) answer to the question, as a trainee would give it; ``None``
        when no wrong answer is found. The demo classroom answers with these."""


def installed_grader() -> ExamGrader:
    """The grader the installed questions package registered."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    for entry in found:
        grader: ExamGrader = entry.load()  # what the entry point names: questions.regrade
        return grader
    raise StoreError(Message.of(N_(
        "The trainer is not installed completely: nothing can grade exam answers. Install "
        "it again (make run).")))
