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


def situation_of(question: Question, kind: type[S]) -> S:
    """``question``'s situation as the type ``kind`` its drawing reads (a chip form's is
    drawn from its typed skill's situation): another is a programming error."""
    situation = question.situation
    if not isinstance(situation, kind):
        raise TypeError(f"{question.skill}: a {type(situation).__name__} is drawn as a "
                        f"{kind.__name__}")
    return situation


def option_label(question: Question, value: Any) -> str:
    """How ``question``'s answer form names the option ``value`` (the value itself if no
    option has it): the name of a part a screen reader may pick."""
    return next((str(option.label) for option in question.form.options
                 if option.value == value), str(value))


class SituationView(Retranslating, QWidget):
    #: An option value picked by clicking on the table.
    optionPicked = Signal(object)  # noqa: N815 - Qt signal naming

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(parent)
        self.question = question

    def retranslate(self) -> None:
        """Re-set every text drawn or shown in the current language."""
        self.update()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """Optionally mark the answer on the table (the right place in green …)."""
