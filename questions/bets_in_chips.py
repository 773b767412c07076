"""A bet settled in chips: the croupier pays it or collects it, and says which.

The chip form of a skill whose answer settles one bet (the 13-card, three-card and Mahjong
Baccarat payouts: their games list ``BetInChips(Payout())``) does not tell the trainee which
way the money goes — at 13-card level 3 whether the bet won is half the question. The
trainee pays the bet or collects it (``"way": "pay"`` or ``"collect"`` in the answer, besides
the chips and the change) and, where the house pays a win gross, takes the commission back
from a win paid (``"taken"``, none if nothing). Everything else is
:class:`questions.chips.InChips`: the amounts are the rules core's, the fewest chips graded
as the house says. The way counts only where money changes hands: a push is no chips and
no change, paid or collected. Taking something back where no commission is owed is wrong.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any, Generic, TypeVar

from i18n import N_, Message
from questions.answers import read_chips
from questions.chip_situation import COLLECT, PAY, PAY_GROSS, InChipsSituation
from questions.chips import TAKEN, InChips, Paid, amount_of, joined, paid_of
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer, Verdict
from questions.situation import Situation
from questions.skill import Solution
from trainer.rules.chips import total
from trainer.rules.house import CommissionInChips, HouseRules
from trainer.rules.mistakes import MistakeKind

#: The key of the way in a bet's answer.
ANSWER_WAY = "way"
_NOTHING: dict[str, Any] = {"chips": {}}
#: The typed skill's situation.
T = TypeVar("T", bound=Situation)


class BetInChips(InChips[T], Generic[T]):
    """The chip form of a bet settled: paid or collected, as the trainee says."""

    def how_to_answer(self, situation: InChipsSituation[T], difficulty: int) -> Message:
        return Message.of(N_(
            "Answer in chips: settle the bet — pay it or collect it — with chips from the "
            "tray (none if nothing changes hands), and type the change below the smallest "
            "chip beside them."))

    def terms(self, situation: InChipsSituation[T], rules: HouseRules, *,
              tray: bool = True) -> Message | None:
        terms = super().terms(situation, rules, tray=tray)
        if rules.chips.commission is not CommissionInChips.GROSS:
            return terms
        return joined(terms, Message.of(N_(
            "This house pays a win gross: pay the whole win, then take the commission back "
            "in chips.")))

    def form(self, situation: InChipsSituation[T]) -> AnswerForm:
        return AnswerForm(AnswerKind.CHIPS, (Option(PAY, Message.of(N_("Pay it"))),
                                             Option(COLLECT, Message.of(N_("Collect from it")))))

    def read(self, question: Question, answer: Any) -> Paid | tuple[Paid, Paid]:
        _way, plain, _taken = self._split(question, answer)
        return super().read(question, plain)

    def solve(self, question: Question) -> Solution:
        solution = super().solve(question)
        return dataclasses.replace(solution, answer={**solution.answer,
                                                     ANSWER_WAY: self.way(question)})

    def grade(self, question: Question, answer: Any) -> Verdict:
        way, _plain, taken = self._split(question, answer)
        verdict = super().grade(question, answer)
        chips, change = paid_of(verdict.expected)
        moves = self.dealt(question).in_chips == PAY_GROSS or total(chips) + change > 0
        if taken or (moves and way != self.way(question)):
            # a commission taken back where none is owed, or the bet settled the wrong way
            return _wrong(verdict, self.chip_mistakes(question, answer,
                                                      self.read(question, answer)))
        return verdict

    def given_amount(self, question: Question, answer: Any, given: Any) -> Decimal:
        """The amount the bet is settled with, signed by the way the trainee said: paid
        (less anything taken back) or collected."""
        way, _plain, _taken = self._split(question, answer)
        if self.dealt(question).in_chips == PAY_GROSS:
            paid, taken = amount_of(given[0]), amount_of(given[1])
        else:
            paid = amount_of(given)
            taken = amount_of(read_chips(answer.get(TAKEN) or _NOTHING,
                                         question.rules.chips.tray))
        return (paid if way == PAY else -paid) - taken

    def way(self, question: Question) -> str:
        """The way the rules core settles the bet."""
        return COLLECT if self.dealt(question).in_chips == COLLECT else PAY

    def _split(self, question: Question, answer: Any) -> tuple[str, dict[str, Any], bool]:
        """The way given; the answer as the plain chip form reads it for this situation;
        and whether something was taken back where this situation owes nothing back."""
        if not isinstance(answer, dict) or answer.get(ANSWER_WAY) not in (PAY, COLLECT):
            raise UnreadableAnswer(Message.of(N_(
                "Settle the bet: pay it or collect it, and say which.")))
        way = answer[ANSWER_WAY]
        plain = {k: v for k, v in answer.items() if k not in (ANSWER_WAY, TAKEN)}
        taken = answer.get(TAKEN)
        if taken is not None and (way != PAY or question.rules.chips.commission
                                  is not CommissionInChips.GROSS):
            raise UnreadableAnswer(Message.of(N_("Pay with the chips of the tray.")))
        if self.dealt(question).in_chips == PAY_GROSS:
            return way, {**plain, TAKEN: _NOTHING if taken is None else taken}, False
        if taken is None:
            return way, plain, False
        chips, change = read_chips(taken, question.rules.chips.tray)
        return way, plain, total(chips) + change > 0


def _wrong(verdict: Verdict, mistakes: tuple[MistakeKind, ...]) -> Verdict:
    return dataclasses.replace(verdict, correct=False, score=0.0, notes=(),
                               mistakes=mistakes)
