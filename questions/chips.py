"""Paying with chips, the way a croupier does at the table: every money skill's chip form.

At the table a croupier does not type an amount: he cuts chips from the float. Each skill
whose answer is an amount (``AnswerKind.AMOUNT``) is registered twice, typed and
:class:`InChips`: the chip form (id ``<typed id>_in_chips``) asks the same question and
takes the answer in the house's chips, with the change below the smallest chip typed
beside them (HI-CHIP-CHANGE).

- **The situation** is the typed skill's, dealt with every stake a whole number of the
  smallest chip (:mod:`questions.stakes`), plus ``in_chips``: ``"pay"`` or ``"collect"``
  (:class:`~questions.chip_situation.InChipsSituation`).
- **The amount** is the rules core's, from the typed skill's solution, never a stored key.
  A typed answer that is negative (a bet lost, a place that pays) is collected, not paid:
  the chip form asks for its size and says in its prompt that it is collected — the
  croupier knows which way the money goes before he cuts the chips; the typed form is
  where the sign is taught. ``in_chips`` keeps the way the prompt said; the size graded is
  always the rules core's.
- **The grade**: a wrong amount earns nothing. The right amount earns, by the house's
  ``chips.fewest``: ``off`` full marks; ``hint`` full marks, and with more chips than
  needed a note with the fewest way; ``graded`` with more chips than needed half marks
  (not correct) and the same note.
- **Gross payment** (the house's ``chips.commission`` is ``gross``): a win that owes
  commission (a typed skill whose :meth:`~questions.skill.Skill.gross_and_commission` gives
  one: not a loss, a push or a commission of 0) is paid whole, then the commission is taken
  back in chips. The situation says so with ``in_chips: "pay_gross"`` (the answer control
  reads it to add its "Taken back" area), and the answer is
  ``{"chips": …, "change": …, "taken": {"chips": …, "change": …}}``: the gross win paid and
  the commission taken back, each read by :func:`questions.answers.read_chips`, each graded
  on its amount and, by ``chips.fewest``, on its chips (a note for each part).
- **The currency**: the chips, the change and every amount the chip form says are in the
  tray's currency (MOP, or HKD as a house setting), counted at par with the question's
  figures: a table plays in its chips' currency.
- **The mistakes**: a wrong amount is named as the typed skill's would be — the amount
  given (collected: negative; paid gross: the win paid less the commission taken back)
  equal to the answer a usual mistake of the typed skill gives is that kind — or as the
  change paid in chips (:mod:`trainer.rules.chip_mistakes`: the part below the smallest
  chip rounded to a chip, up or down, in the payment or in the commission taken back);
  else "other", as is the right amount in more chips than needed where it is graded.
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from typing import Any, Generic, TypeVar

from i18n import N_, Message, Money, listing
from questions.answers import read_amount, read_chips
from questions.chip_situation import (
    COLLECT,
    PAY,
    PAY_GROSS,
    InChipsSituation,
    Way,
    in_chips_situation,
)
from questions.model import AnswerForm, AnswerKind, Question, UnreadableAnswer, Verdict
from questions.situation import Situation
from questions.skill import Skill, Solution
from questions.stakes import drawn_in_chips
from trainer.rules.chip_mistakes import KINDS as CHIP_KINDS
from trainer.rules.chip_mistakes import mistaken_payments
from trainer.rules.chips import MOST_OF_ONE, chip_count, payment, total
from trainer.rules.house import CommissionInChips, FewestChips, HouseRules
from trainer.rules.mistakes import OTHER, MistakeKind, recognise
from trainer.rules.regulations import Reason

#: A chip form's id is its typed skill's and this.
SUFFIX = "_in_chips"
#: The key of the part taken back in a gross payment's answer.
TAKEN = "taken"
#: Deals tried for a payment the tray can make (see :meth:`InChips.deal`).
_TRIES = 50

Chips = dict[Decimal, int]
#: A payment as read: the chips and the change.
Paid = tuple[Chips, Decimal]
#: The typed skill's situation.
T = TypeVar("T", bound=Situation)


class InChips(Skill[InChipsSituation[T]], Generic[T]):
    """The chip form of a money skill: the same question, paid in the tray's chips."""

    def __init__(self, typed: Skill[T]):
        self.typed = typed
        self.id = typed.id + SUFFIX
        self.title = Message.of(N_("{title} — paid in chips"), title=typed.title)
        #: The class of this chip form's situations (it reads ``typed`` as the typed
        #: skill's situation type).
        self.situation_kind = in_chips_situation(typed.situation_type)
        self.situation_type = self.situation_kind
        #: The typed skill's kinds, and the change paid in chips.
        self.mistake_kinds = (*typed.mistake_kinds, *CHIP_KINDS)

    # The question.

    def generate(self, seed: int, difficulty: int, rules: HouseRules) -> Question:
        question = super().generate(seed, difficulty, rules)
        return dataclasses.replace(question, prompt=in_currency(question.prompt, rules))

    def deal(self, rng: random.Random, difficulty: int,
             rules: HouseRules) -> InChipsSituation[T]:
        """The typed skill's situation, stakes in whole chips; dealt again (from the same
        random numbers) in the rare case the tray's largest chip is too small to pay it
        with at most :data:`~trainer.rules.chips.MOST_OF_ONE` of a kind."""
        tray = rules.chips.tray
        for _attempt in range(_TRIES):
            with drawn_in_chips(tray[0]):
                situation = self.typed.deal_amount(rng, difficulty, rules)
            typed = self._typed_question(situation, difficulty, rules)
            if typed.form.kind is not AnswerKind.AMOUNT:
                raise AssertionError(f"{self.typed.id} dealt a question that is not an amount")
            amount = Decimal(self.typed.solve(typed).answer)
            way: Way = COLLECT if amount < 0 else PAY
            gross = self._gross(typed) if rules.chips.commission is CommissionInChips.GROSS \
                else None
            if gross is not None:
                way, amount = PAY_GROSS, gross[0]
            if max(payment(abs(amount), tray).chips.values(), default=0) <= MOST_OF_ONE:
                return self.situation_kind(situation, way)
        raise ValueError(f"the tray {rules.chips.denominations!r} cannot pay {self.id} "
                         f"questions of level {difficulty}: its largest chip is too small")

    def prompt(self, situation: InChipsSituation[T], difficulty: int) -> Message:
        return self.typed.prompt(situation.typed, difficulty)

    def how_to_answer(self, situation: InChipsSituation[T],
                      difficulty: int) -> Message | None:
        """In chips, never the typed skill's way (a minus sign, 0 for nothing)."""
        if situation.in_chips == PAY_GROSS:
            how = Message.of(N_("Answer in chips, as the house's procedure says: this house "
                                "pays such a win gross. Instead of the net, pay the whole win "
                                "before commission with chips from the tray, then take the "
                                "commission back in chips; type the change below the "
                                "smallest chip beside each."))
        elif situation.in_chips == COLLECT:
            how = Message.of(N_("Answer in chips: this amount is collected, not paid. Give "
                                "it with chips from the tray, without a minus sign, and type "
                                "the change below the smallest chip beside them."))
        else:
            how = Message.of(N_("Answer in chips: give the amount with chips from the tray "
                                "(none if it is nothing), and type the change below the "
                                "smallest chip beside them."))
        return how

    def terms(self, situation: InChipsSituation[T], rules: HouseRules, *,
              tray: bool = True) -> Message | None:
        """The typed skill's figures and the tray's chips (``tray``: listed in words; the
        tray drawn beside the question shows them)."""
        currency = rules.chips.currency.value
        parts = [self.typed.terms(situation.typed, rules)]
        if tray:
            parts.append(Message.of(N_("The chips in the tray: {chips}."),
                                    chips=listing([Message.of(N_("{amount}"),
                                                              amount=Money(chip, currency))
                                                   for chip in rules.chips.tray])))
        if rules.chips.fewest is FewestChips.GRADED:
            parts.append(Message.of(N_("The right amount in more chips than needed earns "
                                       "half.")))
        return joined(*parts)

    def terms_beside_drawing(self, situation: InChipsSituation[T],
                             rules: HouseRules) -> Message | None:
        return self.terms(situation, rules, tray=False)

    def brief(self, situation: InChipsSituation[T], difficulty: int) -> Message:
        """The tray is drawn: the question without the chips listed in words."""
        typed = situation.typed
        return self.typed.brief(typed, difficulty) or self.typed.prompt(typed, difficulty)

    def form(self, situation: InChipsSituation[T]) -> AnswerForm:
        return AnswerForm(AnswerKind.CHIPS)

    # The answer.

    def read(self, question: Question, answer: Any) -> Paid | tuple[Paid, Paid]:
        """The payment ``(chips, change)``; for a gross payment, the payment and what is
        taken back, each a payment."""
        tray = question.rules.chips.tray
        if self.dealt(question).in_chips != PAY_GROSS:
            return read_chips(answer, tray)
        if not isinstance(answer, dict) or not isinstance(answer.get(TAKEN), dict):
            raise UnreadableAnswer(Message.of(N_(
                "Pay the whole win in chips, then take the commission back in chips: give "
                "both.")))
        paid = {key: value for key, value in answer.items() if key != TAKEN}
        return read_chips(paid, tray), read_chips(answer[TAKEN], tray)

    def solve(self, question: Question) -> Solution:
        rules = question.rules
        situation = self.dealt(question)
        typed = self.typed.solve(self._typed_question(situation.typed, question.difficulty,
                                                      rules, question.seed))
        amount = abs(Decimal(typed.answer))
        currency = rules.chips.currency.value
        if situation.in_chips == PAY_GROSS:
            return self._solve_gross(question, typed)
        paid = payment(amount, rules.chips.tray, currency)
        answer = answer_of(paid.chips, paid.change)
        words = payment_words(paid.chips, paid.change, currency)
        if not amount:
            text = Message.of(N_("nothing is paid: no chips and no change"))
        elif situation.in_chips == COLLECT:
            text = Message.of(N_("{amount} collected in chips: {payment}"),
                              amount=Money(amount, currency), payment=words)
        else:
            text = Message.of(N_("{amount} in chips: {payment}"),
                              amount=Money(amount, currency), payment=words)
        reasons = tuple(Reason(in_currency(reason.text, rules), reason.source)
                        for reason in typed.reasons) + paid.reasons
        return Solution(answer, text, reasons)

    def score(self, question: Question, given: Any, solution: Solution) -> float:
        parts = _parts(question, given, solution)
        if any(total(chips) + change != total(expected) + expected_change
               for (chips, change), (expected, expected_change) in parts):
            return 0.0
        if (question.rules.chips.fewest is FewestChips.GRADED
                and any(chip_count(chips) > chip_count(expected)
                        for (chips, _change), (expected, _right) in parts)):
            return 0.5
        return 1.0

    def grade(self, question: Question, answer: Any) -> Verdict:
        given = self.read(question, answer)
        solution = self.solve(question)
        score = self.score(question, given, solution)
        gross = self.dealt(question).in_chips == PAY_GROSS
        notes: list[Message] = []
        fewest = question.rules.chips.fewest
        currency = question.rules.chips.currency.value
        for index, ((chips, _change), (expected, change)) in enumerate(
                _parts(question, given, solution)):
            if score <= 0 or fewest is FewestChips.OFF or chip_count(chips) <= chip_count(
                    expected):
                continue
            words = payment_words(expected, change, currency)
            count = chip_count(expected)
            if not gross:
                notes.append(Message.counted("The fewest chips: {payment} ({count} chip).",
                                             "The fewest chips: {payment} ({count} chips).",
                                             count, payment=words))
            elif index == 0:
                notes.append(Message.counted(
                    "The fewest chips to pay: {payment} ({count} chip).",
                    "The fewest chips to pay: {payment} ({count} chips).", count,
                    payment=words))
            else:
                notes.append(Message.counted(
                    "The fewest chips to take back: {payment} ({count} chip).",
                    "The fewest chips to take back: {payment} ({count} chips).", count,
                    payment=words))
        if notes and fewest is FewestChips.GRADED:
            notes.insert(0, Message.of(N_("The amount is right, but paid with more chips "
                                          "than needed: half marks.")))
        mistakes = () if score >= 1.0 else self.chip_mistakes(question, answer, given)
        return Verdict(score >= 1.0, score, solution.answer, solution.answer_text,
                       solution.reasons, tuple(notes), mistakes=mistakes)

    # The mistakes.

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """The amount (signed as the typed skill's answer) each usual mistake gives: the
        typed skill's, and the change paid in chips (in the win paid gross, in the
        commission taken back, or both)."""
        situation = self.dealt(question)
        typed = self._typed_question(situation.typed, question.difficulty, question.rules,
                                     question.seed)
        found: list[tuple[MistakeKind, Any]] = list(self.typed.mistaken_answers(typed))
        right = Decimal(self.typed.solve(typed).answer)
        tray = question.rules.chips.tray
        gross = self._gross(typed) if situation.in_chips == PAY_GROSS else None
        if gross is None:
            sign = -1 if right < 0 else 1
            found += [(mistake, sign * amount)
                      for mistake, amount in mistaken_payments(abs(right), tray)]
            return tuple(found)
        paid = {gross[0]: (), **{amount: (mistake,) for mistake, amount
                                 in mistaken_payments(gross[0], tray)}}
        taken = {gross[1]: (), **{amount: (mistake,) for mistake, amount
                                  in mistaken_payments(gross[1], tray)}}
        found += [(mistake, whole - commission) for whole, one in paid.items()
                  for commission, other in taken.items()
                  for mistake in dict.fromkeys((*one, *other))]
        return tuple(found)

    def given_amount(self, question: Question, answer: Any, given: Any) -> Decimal:
        """The amount ``given`` (read from ``answer``) settles, signed as the typed skill's
        answer: collected negative; paid gross, the win less the commission taken back."""
        way = self.dealt(question).in_chips
        if way == PAY_GROSS:
            return amount_of(given[0]) - amount_of(given[1])
        return -amount_of(given) if way == COLLECT else amount_of(given)

    def chip_mistakes(self, question: Question, answer: Any,
                      given: Any) -> tuple[MistakeKind, ...]:
        """The kinds of mistake a wrong answer is (at least one: "other" when it is none of
        the usual ones, or settles the right amount in a wrong way)."""
        situation = self.dealt(question)
        typed = self._typed_question(situation.typed, question.difficulty, question.rules,
                                     question.seed)
        right = Decimal(self.typed.solve(typed).answer)
        return recognise(self.given_amount(question, answer, given), right,
                         self.mistaken_answers(question)) or (OTHER,)

    def _gross(self, typed: Question) -> tuple[Decimal, Decimal] | None:
        """The typed skill's gross win and commission, checked against its net answer."""
        found = self.typed.gross_and_commission(typed)
        if found is None:
            return None
        gross, commission = found
        net = Decimal(self.typed.solve(typed).answer)
        if gross - commission != net or commission <= 0 or net <= 0:
            raise AssertionError(f"{self.typed.id}: gross {gross} less commission "
                                 f"{commission} is not the net {net}")
        return found

    def _solve_gross(self, question: Question, typed: Solution) -> Solution:
        """The whole win paid in chips, and the commission taken back in chips."""
        rules = question.rules
        found = self._gross(self._typed_question(self.dealt(question).typed,
                                                 question.difficulty, rules, question.seed))
        if found is None:
            raise AssertionError(f"{self.id}: a gross payment with no commission to take")
        gross, commission = found
        currency = rules.chips.currency.value
        paid = payment(gross, rules.chips.tray, currency)
        taken = payment(commission, rules.chips.tray, currency)
        answer = answer_of(paid.chips, paid.change)
        answer[TAKEN] = answer_of(taken.chips, taken.change)
        text = Message.of(N_("{gross} paid in chips: {payment}; then {commission} commission "
                             "taken back: {taken}"),
                          gross=Money(gross, currency), commission=Money(commission, currency),
                          payment=payment_words(paid.chips, paid.change, currency),
                          taken=payment_words(taken.chips, taken.change, currency))
        reasons = tuple(Reason(in_currency(reason.text, rules), reason.source)
                        for reason in typed.reasons)
        reasons += tuple(dict.fromkeys(paid.reasons + taken.reasons))
        return Solution(answer, text, reasons)

    def _typed_question(self, typed: T, difficulty: int, rules: HouseRules,
                        seed: int = 0) -> Question:
        """The typed skill's question on its situation ``typed`` (for its rules core
        answer)."""
        return Question(self.typed.id, seed, difficulty, typed,
                        self.typed.prompt(typed, difficulty), self.typed.form(typed), rules)


def joined(*parts: Message | None) -> Message | None:
    """Sentences one after another (``None`` for none)."""
    text: Message | None = None
    for part in parts:
        if part is not None:
            text = part if text is None else Message.of(N_("{text} {more}"), text=text,
                                                        more=part)
    return text


def typed_and_in_chips(typed: Skill[T]) -> tuple[Skill[T], InChips[T]]:
    """A money skill and its chip form, to list side by side."""
    return typed, InChips(typed)


def way_of(question: Question) -> Way | None:
    """The way the money goes in ``question``, a chip form's (``None``: not a chip
    form's question)."""
    situation = question.situation
    return situation.in_chips if isinstance(situation, InChipsSituation) else None


def answer_of(chips: Chips, change: Decimal) -> dict[str, Any]:
    """A payment as an answer: the chips largest first, and the change if any."""
    answer: dict[str, Any] = {"chips": {str(chip): chips[chip]
                                        for chip in sorted(chips, reverse=True)}}
    if change:
        answer["change"] = change
    return answer


def amount_of(paid: Paid) -> Decimal:
    """What a payment is worth: its chips and its change."""
    chips, change = paid
    return total(chips) + change


def paid_of(answer: dict[str, Any]) -> Paid:
    return ({Decimal(chip): count for chip, count in answer["chips"].items()},
            Decimal(answer.get("change", 0)))


def _parts(question: Question, given: Any, solution: Solution) -> list[tuple[Paid, Paid]]:
    """Each part of a payment as given, beside the rules core's: the payment, and for a
    gross payment what is taken back."""
    if way_of(question) != PAY_GROSS:
        return [(given, paid_of(solution.answer))]
    return [(given[0], paid_of(solution.answer)),
            (given[1], paid_of(solution.answer[TAKEN]))]


def payment_words(chips: Chips, change: Decimal, currency: str) -> Message:
    """"1 × MOP$1,000.00, 2 × MOP$100.00 and MOP$2.50 change": the chips largest first."""
    counted = listing([Message.of(N_("{count} × {chip}"), count=chips[chip],
                                  chip=Money(chip, currency))
                       for chip in sorted(chips, reverse=True) if chips[chip]])
    if any(chips.values()) and change:
        return Message.of(N_("{chips} and {change} change"), chips=counted,
                          change=Money(change, currency))
    if any(chips.values()):
        return counted
    if change:
        return Message.of(N_("no chips, {change} change"), change=Money(change, currency))
    return Message.of(N_("no chips and no change"))


def answer_words(question: Question, answer: Any) -> Message | None:
    """A chip answer as it was given, in words ("3 × MOP$100.00 and 2,50 change": the
    change as typed when it cannot be read now; a gross payment's part taken back after
    it); None when it is not a payment from the question's tray."""
    if isinstance(answer, dict) and TAKEN in answer:
        paid = answer_words(question, {k: v for k, v in answer.items() if k != TAKEN})
        taken = answer_words(question, answer[TAKEN])
        if paid is None or taken is None:
            return None
        return Message.of(N_("{payment}; taken back: {taken}"), payment=paid, taken=taken)
    tray = question.rules.chips.tray
    currency = question.rules.chips.currency.value
    if not isinstance(answer, dict) or not isinstance(answer.get("chips", {}), dict):
        return None
    chips: Chips = {}
    for key, count in answer.get("chips", {}).items():
        try:
            chip = Decimal(str(key))
        except ArithmeticError:
            return None
        if chip not in tray or type(count) is not int or not 0 <= count <= MOST_OF_ONE:
            return None
        chips[chip] = chips.get(chip, 0) + count
    typed = answer.get("change") or ""
    try:
        change = read_amount(typed) if str(typed).strip() else Decimal(0)
    except UnreadableAnswer:  # typed in another language's conventions: shown as typed
        if not any(chips.values()):
            return Message.of(N_("no chips, {change} change"), change=str(typed).strip())
        return Message.of(N_("{chips} and {change} change"), change=str(typed).strip(),
                          chips=payment_words(chips, Decimal(0), currency))
    if sum(chips.values()) + bool(change) < 2:  # one chip, or only change: its own total
        return payment_words(chips, change, currency)
    # the total beside the chips: the right answer is said as an amount
    return Message.of(N_("{payment} ({total} in all)"),
                      payment=payment_words(chips, change, currency),
                      total=Money(sum((chip * count for chip, count in chips.items()),
                                      change), currency))


def in_currency(message: Message, rules: HouseRules) -> Message:
    """``message`` with every amount in it named in the tray's currency."""
    currency = rules.chips.currency.value
    if currency == "MOP":
        return message
    return _message_in(message, currency)


def _message_in(message: Message, currency: str) -> Message:
    return dataclasses.replace(message, params=tuple(
        (name, _param_in(param, currency)) for name, param in message.params))


def _param_in(value: Any, currency: str) -> Any:
    if isinstance(value, Money):
        return Money(value.amount, currency)
    if isinstance(value, Message):
        return _message_in(value, currency)
    return value
