"""What every drawing of a question's situation offers the quiz view.

A :class:`SituationView` draws the table as a croupier sees it — places, cards, tiles,
dice, chips, the deal log — from ``question.situation``. Where a thing drawn is itself
an answer (a place on the table for "which place…", a seat for "who claims…") clicking
it emits ``optionPicked`` with that option's value, so the trainee can answer on the
table as well as with the answer control.
"""

from __future__ import annotations

from typing import Any, TypeVar

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from questions import Question, Verdict
from ui.translated import Retranslating

S = TypeVar("S")


class SituationView(Retranslating, QWidget):
    #: An option value picked by clicking on the table.
    optionPicked = Signal(object)  # noqa: N815 - Qt signal naming

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(parent)
        self.question = question

    def situation_as(self, kind: type[S]) -> S:
        """The question's situation, which this view draws, as its type ``kind``."""
        situation = self.question.situation
        if not isinstance(situation, kind):
            raise TypeError(f"{type(self).__name__} draws a {kind.__name__}, not a "
                            f"{type(situation).__name__}")
        return situation

    def retranslate(self) -> None:
        """Re-set every text drawn or shown in the current language."""
        self.update()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """Optionally mark the answer on the table (the right place in green …)."""
