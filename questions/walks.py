"""A table settled place by place in chips: the form of such an answer, read, graded
step by step against the rules core's steps, and said in words.

A walk is a list of steps, one per place with a bet, in the order the trainee settled
them: ``{"place": 5, "way": "pay", "chips": {…}, "change": "…"}`` (with ``"taken": {"chips":
…, "change": …}`` where a win is paid gross and the commission taken back), ``{"place": 7,
"way": "collect", …}`` or ``{"place": 3, "way": "nothing"}``. The skill that asks for one
(:mod:`questions.mahjong_baccarat.settlement_in_chips`) gives the rules core's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from i18n import N_, Message, Money, items_listing
from questions.answers import read_chips
from questions.chips import Chips, Paid, answer_of, answer_words, paid_of, payment_words
from questions.labels import place_label
from questions.model import Question, UnreadableAnswer
from trainer.rules.chip_mistakes import mistaken_payments
from trainer.rules.chips import chip_count, total
from trainer.rules.house import CommissionInChips, FewestChips

#: The ways a place is settled.
PAY, COLLECT, NOTHING = "pay", "collect", "nothing"
WAYS = (PAY, COLLECT, NOTHING)
#: The part of a win paid gross that is taken back.
TAKEN = "taken"
_NONE: Paid = ({}, Decimal(0))


@dataclass(frozen=True)
class Step:
    """One place settled: the place, the way, what was paid or collected, and what was
    taken back from a win paid gross (nothing else: an empty payment)."""

    place: int
    way: str
    paid: Paid = _NONE
    taken: Paid = _NONE


def every_place() -> Message:
    return Message.of(N_("Settle every place that has a bet, once each: pay it, collect from "
                         "it, or say that nothing changes hands."))


def read_steps(question: Question, answer: Any) -> tuple[Step, ...]:
    """The steps of ``answer``: every place of the question's form once, each a way and
    payments from the tray; raises :class:`UnreadableAnswer` saying what to do."""
    tray = question.rules.chips.tray
    gross = question.rules.chips.commission is CommissionInChips.GROSS
    places = {option.value for option in question.form.options}
    steps = answer.get("steps") if isinstance(answer, dict) else None
    if not isinstance(steps, list) or len(steps) != len(places):
        raise UnreadableAnswer(every_place())
    read: list[Step] = []
    for given in steps:
        if not isinstance(given, dict) or given.get("way") not in WAYS:
            raise UnreadableAnswer(every_place())
        place, way = given.get("place"), given["way"]
        if type(place) is not int or place not in places or place in {s.place for s in read}:
            raise UnreadableAnswer(every_place())
        if set(given) - {"place", "way", "chips", "change", TAKEN} or (
                way == NOTHING and set(given) != {"place", "way"}) or (
                TAKEN in given and not (gross and way == PAY)):
            raise UnreadableAnswer(every_place())
        if way == NOTHING:
            read.append(Step(place, way))
            continue
        paid = read_chips({k: v for k, v in given.items() if k in ("chips", "change")}, tray)
        taken = read_chips(given[TAKEN], tray) if TAKEN in given else _NONE
        read.append(Step(place, way, paid, taken))
    return tuple(read)


def step_scores(given: Sequence[Step], expected: Sequence[Step],
                fewest: FewestChips) -> list[float]:
    """What each step given earns against the rules core's step at that point of the
    order: 1; ½ right in more chips than needed, where the house grades it; else 0."""
    scores = []
    for step, right in zip(given, expected, strict=True):
        parts = ((step.paid, right.paid), (step.taken, right.taken))
        if (step.place, step.way) != (right.place, right.way) or any(
                total(mine) + change != total(theirs) + their_change
                for (mine, change), (theirs, their_change) in parts):
            scores.append(0.0)
        elif fewest is FewestChips.GRADED and more_chips(step, right):
            scores.append(0.5)
        else:
            scores.append(1.0)
    return scores


#: A step as the grade compares it, chips aside: the place, the way, the amount paid or
#: collected and the amount taken back.
Settled = tuple[int, str, Decimal, Decimal]


def amounts(steps: Sequence[Step]) -> tuple[Settled, ...]:
    """A walk's places, ways and amounts, in its order (what a mistake is compared on)."""
    return tuple((step.place, step.way, total(step.paid[0]) + step.paid[1],
                  total(step.taken[0]) + step.taken[1]) for step in steps)


def change_in_chips(given: Sequence[Step], expected: Sequence[Step],
                    tray: tuple[Decimal, ...]) -> bool:
    """Whether ``given`` is the rules core's walk ``expected`` with the change of one
    payment or more rounded to a chip (HI-CHIP-CHANGE), and nothing else changed."""
    rounded = False
    for mine, right in zip(amounts(given), amounts(expected), strict=True):
        if mine[:2] != right[:2]:
            return False
        for amount, right_amount in zip(mine[2:], right[2:], strict=True):
            if amount == right_amount:
                continue
            if amount not in {wrong for _kind, wrong in mistaken_payments(right_amount, tray)}:
                return False
            rounded = True
    return rounded


def more_chips(step: Step, right: Step) -> bool:
    """Whether ``step`` uses more chips than ``right`` in a part of it."""
    return any(chip_count(mine[0]) > chip_count(theirs[0])
               for mine, theirs in ((step.paid, right.paid), (step.taken, right.taken)))


def steps_of(answer: dict[str, Any]) -> tuple[Step, ...]:
    """The steps of the rules core's own answer (a verdict's ``expected``)."""
    return tuple(Step(given["place"], given["way"]) if given["way"] == NOTHING else
                 Step(given["place"], given["way"], paid_of(given),
                      paid_of(given[TAKEN]) if TAKEN in given else _NONE)
                 for given in answer["steps"])


def step_answer(step: Step) -> dict[str, Any]:
    """A step as an answer's JSON."""
    if step.way == NOTHING:
        return {"place": step.place, "way": NOTHING}
    answer = {"place": step.place, "way": step.way, **answer_of(*step.paid)}
    if chip_count(step.taken[0]) or step.taken[1]:
        answer[TAKEN] = answer_of(*step.taken)
    return answer


def step_words(step: Step, currency: str) -> Message:
    """"Place 5: pay MOP$285.00: …", "Place 3: nothing changes hands"."""
    place = place_label(step.place)
    if step.way == NOTHING:
        return Message.of(N_("{place}: nothing changes hands"), place=place)
    chips: Chips
    chips, change = step.paid
    amount = Money(total(chips) + change, currency)
    words = payment_words(chips, change, currency)
    if step.way == COLLECT:
        return Message.of(N_("{place}: collect {amount}: {payment}"), place=place,
                          amount=amount, payment=words)
    taken_chips, taken_change = step.taken
    if chip_count(taken_chips) or taken_change:
        return Message.of(N_("{place}: pay {amount}: {payment}; take back {taken}: "
                             "{taken_payment}"), place=place, amount=amount, payment=words,
                          taken=Money(total(taken_chips) + taken_change, currency),
                          taken_payment=payment_words(taken_chips, taken_change, currency))
    return Message.of(N_("{place}: pay {amount}: {payment}"), place=place, amount=amount,
                      payment=words)


def chips_words(step: Step, currency: str) -> Message:
    """The chips of a step that moves money: "1 × MOP$100.00 and MOP$2.00 change", and
    what is taken back from a win paid gross."""
    paid = payment_words(*step.paid, currency)
    if not (chip_count(step.taken[0]) or step.taken[1]):
        return paid
    return Message.of(N_("{payment}; taken back: {taken}"), payment=paid,
                      taken=payment_words(*step.taken, currency))


def walk_words(question: Question, answer: Any) -> Message | None:
    """A walk as it was given, step by step in its order (each payment's change as typed
    when it cannot be read now); None when it is not a walk."""
    steps = answer.get("steps") if isinstance(answer, dict) else None
    if not isinstance(steps, list) or not steps:
        return None
    said = []
    for given in steps:
        if not isinstance(given, dict) or type(given.get("place")) is not int:
            return None
        place, way = place_label(given["place"]), given.get("way")
        if way == NOTHING:
            said.append(Message.of(N_("{place}: nothing changes hands"), place=place))
            continue
        paid = answer_words(question, {k: v for k, v in given.items()
                                       if k in ("chips", "change")})
        taken = answer_words(question, given[TAKEN]) if TAKEN in given else None
        if paid is None or way not in (PAY, COLLECT) or (TAKEN in given and taken is None):
            return None
        if way == COLLECT:
            said.append(Message.of(N_("{place}: collect {payment}"), place=place,
                                   payment=paid))
        elif taken is not None:
            said.append(Message.of(N_("{place}: pay {payment}; take back {taken}"),
                                   place=place, payment=paid, taken=taken))
        else:
            said.append(Message.of(N_("{place}: pay {payment}"), place=place, payment=paid))
    return items_listing(said)
