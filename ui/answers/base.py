"""What every answer control does, whatever the form of the answer.

The quiz view puts one :class:`AnswerInput` under the situation. The control collects an
answer in the value the question's skill reads (an option value, an ordering, typed
money text, a set of options, card moves, an arrangement) and emits ``submitted``;
grading stays in ``questions``. A problem with the answer (text that is not an amount,
an ordering not finished) is shown inline by :meth:`show_problem`, never as a dialog.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from questions import Question, Verdict
from ui.translated import Retranslating


class AnswerInput(Retranslating, QWidget):
    #: The answer, in a value ``question.grade()`` accepts.
    submitted = Signal(object)

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(parent)
        self.question = question

    def retranslate(self) -> None:
        """Re-set every text in the current language (labels come from the question)."""

    def show_problem(self, text: str) -> None:
        """Say inline, next to the control, why the answer cannot be graded yet."""
        raise NotImplementedError

    def show_given(self, given: Any) -> None:
        """Put a recorded answer into the control, as the trainee gave it (a review shows
        it before its verdict, so the control, the verdict and the words agree)."""

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """Mark what was given against what was expected, and stop taking answers."""
        raise NotImplementedError

    def take_option(self, value: Any) -> bool:
        """An option picked on the table (a place clicked): True when the control takes it
        as part of the answer it is building (a walk picks the place it settles next),
        False when the option is the answer itself."""
        return False

    def take_side(self) -> QWidget | None:
        """The part of the control that works best beside the table rather than under it
        (a walk's ways, chip tray and payment), taken out of the control for its holder to
        put there; None when the control has no such part (the default). A control asked
        nothing keeps it under its other parts."""
        return None

    def focus_first(self) -> None:
        """Put the keyboard focus where the trainee starts answering."""
        self.setFocus()
