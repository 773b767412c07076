"""The answer controls, one for each form of answer: ``answer_input(question)`` picks it.

=============  =====================================================================
form           control
=============  =====================================================================
choice         a button per option (:mod:`ui.answers.choice`)
ordering       a list dragged into order, highest first (:mod:`ui.answers.ordering`)
amount         money typed in the language's conventions (:mod:`ui.answers.amount`)
choices        a box to tick per option, none allowed (:mod:`ui.answers.choices`)
moves          misdealt cards carried to their places (:mod:`ui.answers.moves`)
arrangement    the banker's 13 cards into three tiers (:mod:`ui.answers.arrangement`)
ruling         one ruling picked and its reasons ticked (:mod:`ui.answers.ruling`)
chips          a payment built from the house's chips, and change (:mod:`ui.answers.chips`)
walk           a table settled place by place in chips (:mod:`ui.answers.walk`)
=============  =====================================================================
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from questions import AnswerKind, Question
from ui.answers.base import AnswerInput


def answer_input(question: Question, parent: QWidget | None = None) -> AnswerInput:
    """The control for ``question``'s form of answer."""
    from ui.answers.amount import AmountInput
    from ui.answers.arrangement import ArrangementInput
    from ui.answers.chips import ChipTray
    from ui.answers.choice import ChoiceInput
    from ui.answers.choices import ChoicesInput
    from ui.answers.moves import MovesInput
    from ui.answers.ordering import OrderingInput
    from ui.answers.ruling import RulingInput
    from ui.answers.walk import SettlementWalk

    controls: dict[AnswerKind, type[AnswerInput]] = {
        AnswerKind.CHOICE: ChoiceInput,
        AnswerKind.ORDERING: OrderingInput,
        AnswerKind.AMOUNT: AmountInput,
        AnswerKind.CHOICES: ChoicesInput,
        AnswerKind.MOVES: MovesInput,
        AnswerKind.ARRANGEMENT: ArrangementInput,
        AnswerKind.RULING: RulingInput,
        AnswerKind.CHIPS: ChipTray,
        AnswerKind.WALK: SettlementWalk,
    }
    return controls[question.form.kind](question, parent)


__all__ = ["AnswerInput", "answer_input"]
