"""Mahjong Baccarat: settling the table in chips, place by place, as the croupier does.

The chip form of :class:`~questions.mahjong_baccarat.settlement.Settlement` does not ask
one place's amount: the croupier walks the places in the settlement order
(counterclockwise from the place the dice picked, skipping the banker: HI-SETTLE-ORDER),
paying each place that wins — after commission (Art. 9), or, where the house pays gross,
the whole win with the commission taken back (``chips.commission``) — and collecting
from each place that loses, within the banker's capital (Art. 5.3): where it has run out
or has been reached, a place is paid or collected in part, or nothing changes hands.

**The situation** is the typed settlement's, dealt with stakes and capital in whole chips
(always a table banked by one player), and ``in_chips: "walk"``. **The answer** is a walk
(:mod:`questions.walks`): every place with a bet, once each, in the order the trainee
settled them. **The grade** comes from the rules core's settlement (``settle_table``): a
step is right when it is the right place at that point of the order, the right way, and
the right amounts; with the house's ``chips.fewest`` at ``graded``, a right step in more
chips than needed earns half. The score is the share of the steps earned; the answer is
right when every step is.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from i18n import N_, Message, Money, items_listing
from questions.chip_situation import WALK, InChipsSituation
from questions.chips import InChips, Paid, in_currency, joined
from questions.labels import place_label
from questions.mahjong_baccarat.settlement import Settlement, mistaken_settlements, settle
from questions.mahjong_baccarat.situations import Table, bets_of, sentences
from questions.model import AnswerForm, AnswerKind, Option, Question, Verdict
from questions.skill import Solution
from questions.stakes import drawn_in_chips
from questions.walks import (
    COLLECT,
    NOTHING,
    PAY,
    Step,
    amounts,
    change_in_chips,
    chips_words,
    more_chips,
    read_steps,
    step_answer,
    step_scores,
    step_words,
    steps_of,
)
from trainer.rules.chip_mistakes import CHANGE_IN_CHIPS
from trainer.rules.chips import HI_CHIP_CHANGE, ChipError, payment
from trainer.rules.house import CommissionInChips, FewestChips, HouseRules
from trainer.rules.mahjong_baccarat import TableSettlement, served, settlement_account
from trainer.rules.mistakes import OTHER, MistakeKind, recognise
from trainer.rules.regulations import Reason
from trainer.rules.table import Outcome


class SettlementInChips(InChips[Table]):
    """The table settled place by place in the tray's chips."""

    typed: Settlement

    def __init__(self, typed: Settlement):
        super().__init__(typed)
        self.title = Message.of(N_("Mahjong Baccarat: settling the table in chips, place by "
                                   "place"))

    # The question.

    def deal(self, rng: random.Random, difficulty: int,
             rules: HouseRules) -> InChipsSituation[Any]:
        """The chip form's situation says ``in_chips: "walk"``; no place is asked about."""
        with drawn_in_chips(rules.chips.tray[0]):
            table: Any = self.typed.deal_table(rng, difficulty, rules)
        if isinstance(table, Mapping):  # while Mahjong Baccarat's situations are JSON objects
            table = {key: value for key, value in table.items() if key != "asked"}
        else:
            table = dataclasses.replace(table, asked=None)
        return self.situation_kind(table, WALK)

    def generate(self, seed: int, difficulty: int, rules: HouseRules) -> Question:
        question = super().generate(seed, difficulty, rules)
        options = tuple(dataclasses.replace(option, label=in_currency(option.label, rules))
                        for option in question.form.options)  # the stakes in the tray's
        return dataclasses.replace(question, form=dataclasses.replace(question.form,
                                                                      options=options))

    def prompt(self, situation: InChipsSituation[Any], difficulty: int) -> Message:
        opening, table = self.typed.scene(situation.typed, difficulty)
        return sentences(opening, table, self._asked())

    def brief(self, situation: InChipsSituation[Any], difficulty: int) -> Message:
        """The capital, the dice, the tiles and the bets are drawn: only what to do."""
        return self._asked()

    def how_to_answer(self, situation: InChipsSituation[Any], difficulty: int) -> None:
        return None  # said in what is asked: a walk, not one amount

    @staticmethod
    def _asked() -> Message:
        return Message.of(N_(
            "Settle the table in chips, place by place in the settlement order: pay each "
            "place that wins after commission, collect from each place that loses, within "
            "the banker's capital; where nothing changes hands, say so. Type the change "
            "below the smallest chip beside the chips."))

    def terms(self, situation: InChipsSituation[Any], rules: HouseRules, *,
              tray: bool = True) -> Message | None:
        terms = super().terms(situation, rules, tray=tray)
        if rules.chips.commission is CommissionInChips.GROSS:
            return joined(terms, Message.of(N_(
                "This house pays a win gross: pay the whole win, then take the commission "
                "back in chips.")))
        return terms

    def form(self, situation: InChipsSituation[Any]) -> AnswerForm:
        """The places with a bet, in the order of the table, each with its stake."""
        bets = bets_of(situation.typed)
        return AnswerForm(AnswerKind.WALK, tuple(
            Option(place, Message.of(N_("{place}: {stake}"), place=place_label(place),
                                     stake=Money(bets[place])))
            for place in sorted(bets) if bets[place] > 0))

    # The answer.

    # A walk answered in chips: its steps, not InChips's one payment; score() and grade()
    # below are this class's own, so no code of InChips reads them as a payment.
    def read(self, question: Question,  # type: ignore[override]
             answer: Any) -> tuple[Step, ...]:
        return read_steps(question, answer)

    @staticmethod
    def steps(question: Question, result: TableSettlement) -> tuple[Step, ...]:
        """The rules core's settlement ``result``, step by step, in the fewest chips."""
        tray = question.rules.chips.tray
        gross = question.rules.chips.commission is CommissionInChips.GROSS
        steps = []
        for place in result.order:
            settled = result.places[place]
            if not settled.amount:
                steps.append(Step(place, NOTHING))
            elif settled.outcome is Outcome.BANKER:
                steps.append(Step(place, COLLECT, _fewest(settled.amount, tray)))
            elif gross:
                steps.append(Step(place, PAY, _fewest(settled.amount, tray),
                                  _fewest(settled.commission, tray)))
            else:
                steps.append(Step(place, PAY, _fewest(settled.net, tray)))
        return tuple(steps)

    def solve(self, question: Question) -> Solution:
        rules = question.rules
        currency = rules.chips.currency.value
        table = self.dealt(question).typed
        result = settle(table, rules)
        steps = self.steps(question, result)
        answer = {"steps": [step_answer(step) for step in steps]}
        text = items_listing([step_words(step, currency) for step in steps])
        account = settlement_account(table.capital, result, rules)
        reasons = tuple(Reason(in_currency(reason.text, rules), reason.source) for reason in
                        (*served(table.dice).reasons, result.reasons[0],
                         *account[:-1]))
        if any(step.paid[1] or step.taken[1] for step in steps):
            reasons += (Reason(Message.of(N_(
                "What is below the smallest chip, {smallest}, is paid or collected as change "
                "beside the chips."), smallest=Money(rules.chips.tray[0], currency)),
                HI_CHIP_CHANGE),)
        return Solution(answer, text, reasons)

    def score(self, question: Question, given: Any, solution: Solution) -> float:
        scores = step_scores(given, steps_of(solution.answer), question.rules.chips.fewest)
        return sum(scores) / len(scores)

    def grade(self, question: Question, answer: Any) -> Verdict:
        given = self.read(question, answer)
        solution = self.solve(question)
        expected = steps_of(solution.answer)
        fewest = question.rules.chips.fewest
        scores = step_scores(given, expected, fewest)
        score = sum(scores) / len(scores)
        currency = question.rules.chips.currency.value
        notes: list[Message] = []
        if fewest is not FewestChips.OFF:
            notes = [Message.of(N_("{place}, the fewest chips: {payment}."),
                                place=place_label(step.place),
                                payment=chips_words(right, currency))
                     for step, right, earned in zip(given, expected, scores, strict=True)
                     if earned > 0 and more_chips(step, right)]
        if notes and fewest is FewestChips.GRADED:
            notes.insert(0, Message.of(N_("A place paid or collected right but with more "
                                          "chips than needed earns half.")))
        mistakes = () if score >= 1.0 else self.walk_mistakes(question, given, expected)
        return Verdict(score >= 1.0, score, solution.answer, solution.answer_text,
                       solution.reasons, tuple(notes), mistakes=mistakes)

    # The mistakes.

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """The walk each usual mistake of the table's settlement walks (its places, ways
        and amounts in its order: :func:`questions.walks.amounts`)."""
        table = self.dealt(question).typed
        found = []
        for mistake, result in mistaken_settlements(table, question.rules):
            try:
                found.append((mistake, amounts(self.steps(question, result))))
            except ChipError:
                continue  # a place the mistake leaves owed less than nothing: no walk pays it
        return tuple(found)

    def walk_mistakes(self, question: Question, given: tuple[Step, ...],
                      expected: tuple[Step, ...]) -> tuple[MistakeKind, ...]:
        """The kinds of mistake a wrong walk is: a usual mistake's walk, the change paid in
        chips somewhere in the right walk, or else "other"."""
        found = [mistake for mistake in recognise(amounts(given), amounts(expected),
                                                  self.mistaken_answers(question))
                 if mistake is not OTHER]
        if change_in_chips(given, expected, question.rules.chips.tray):
            found.append(CHANGE_IN_CHIPS)
        return tuple(found) or (OTHER,)


def _fewest(amount: Decimal, tray: tuple[Decimal, ...]) -> Paid:
    found = payment(amount, tray)
    return found.chips, found.change
