"""Mah-Jong: what a player pays, or the winner receives, for a win (Portaria 135/91/M).

Every other player pays the winner the house amount for the hand's grade (HI-MJ-PAY); the
banker pays double to a winner and receives double from all when he wins (Art. 7); a
winner never receives more than his capital in play (Art. 9), the shares being taken
counterclockwise from him until it is reached (HI-MJ-CAP).

Situation (:class:`.situation.WinPaid`): ``variant`` ("conventional"/"simplified"),
``banker`` (always "E": the banker's seat is East, Art. 3), ``winner`` (a seat wind "E" "S"
"W" "N"), ``fan`` (0 kai vu, 1, 2), ``asked`` (a seat wind: what that player pays; or
"winner": the winner's total), at levels 2–3 ``capital`` (the winner's capital in play,
e.g. "100"), and for a simplified table of 2 or 3 (Art. 3 (b)) ``players`` (the seats
present, e.g. ["E", "S"]).

Level 1: no capital; one player's payment or the winner's total. Level 2: half the
questions give a capital that cuts the shares. Level 3: the capital always bites, and the
question asks about the player whose share it cuts (partly or wholly) or the winner's total.
At levels 2–3 about a third of the simplified questions deal a table of 2 or 3.
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from typing import Any

from i18n import N_, Message, Money, listing
from questions.answers import read_amount
from questions.labels import mahjong_terms, money_label
from questions.mahjong.situation import WinPaid
from questions.model import AnswerForm, AnswerKind, Question
from questions.skill import Skill, Solution
from questions.stakes import in_chips, unit
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.payments import Payments, others, settle

BANKER = Wind.EAST  # the banker's seat is always East (Art. 3)
CHIP = Decimal("10")
#: The simplified tables of fewer than four dealt (Art. 3 (b)): the banker and the seats at
#: his right.
SMALL_TABLES = (("E", "S"), ("E", "S", "W"))
WINNER = "winner"

_SEATS = {Wind.EAST: N_("East"), Wind.SOUTH: N_("South"), Wind.WEST: N_("West"),
          Wind.NORTH: N_("North")}
_FORMS = {Variant.CONVENTIONAL: N_("Conventional Mah-Jong"),
          Variant.SIMPLIFIED: N_("Simplified Mah-Jong")}
_GRADES = (N_("kai vu (the minimum hand)"), N_("1 fán"), N_("double fán"))


def seat_label(seat: Wind | str) -> Message:
    """"South", or "East (banker)" for the banker's seat."""
    seat = Wind(seat)
    if seat is BANKER:
        return Message.of(N_("{seat} (banker)"), seat=Message.of(_SEATS[seat]))
    return Message.of(_SEATS[seat])


def form_label(variant: Variant | str) -> Message:
    return Message.of(_FORMS[Variant(variant)])


def grade_label(fan: int) -> Message:
    return Message.of(_GRADES[fan])


def pick_variant(rng: random.Random) -> Variant:
    return Variant.CONVENTIONAL if rng.random() < 0.6 else Variant.SIMPLIFIED


class WinPayments(Skill[WinPaid]):
    id = "mahjong.payments"
    title = Message.of(N_("Mah-Jong: paying a win"))
    situation_type = WinPaid

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> WinPaid:
        variant = pick_variant(rng)
        seats = tuple(Wind)
        if variant is Variant.SIMPLIFIED and difficulty > 1 and rng.random() < 0.35:
            seats = tuple(map(Wind, rng.choice(SMALL_TABLES)))
        winner = rng.choice(seats)
        top = 2 if variant is Variant.CONVENTIONAL else 1
        fan = rng.randint(1 if difficulty == 3 else 0, top)
        dealt = WinPaid(variant, BANKER, winner, fan, WINNER,
                        players=seats if len(seats) < 4 else None)
        payers = list(others(winner, seats))
        if difficulty == 1 or (difficulty == 2 and rng.random() < 0.5):
            asked = WINNER if rng.random() < 0.4 else rng.choice(payers).value
            return dataclasses.replace(dealt, asked=asked)
        shares = settle(winner, fan, BANKER, rules=rules, variant=variant,
                        players=seats).transfers  # counterclockwise
        bite = _capital_that_bites(rng, [t.amount for t in shares])
        if bite is None:  # a lone share of one chip cannot be cut
            return dealt
        capital, cut = bite
        roll = rng.random()
        if difficulty == 2 or roll < 0.3:
            asked = WINNER
        elif roll < 0.8:
            asked = shares[cut].payer.value  # the share the capital cuts
        else:
            asked = rng.choice(payers).value
        return dataclasses.replace(dealt, asked=asked, capital=capital)

    def terms(self, situation: WinPaid, rules: HouseRules) -> Message:
        return mahjong_terms(rules)

    def prompt(self, situation: WinPaid, difficulty: int) -> Message:
        text = Message.of(N_("{form}: {winner} wins with a hand of {grade}."),
                          form=form_label(situation.variant),
                          winner=seat_label(situation.winner),
                          grade=grade_label(situation.fan))
        if situation.players:
            text = Message.of(N_("{text} Only {seats} play at this table."), text=text,
                              seats=listing([seat_label(p) for p in situation.players]))
        if situation.capital is not None:
            text = Message.of(N_("{text} The winner's capital in play is {capital}."),
                              text=text, capital=Money(situation.capital))
        if situation.asked == WINNER:
            ask = Message.of(N_("How much does the winner receive in all? Answer with the "
                                "total he receives, as a positive number."))
        else:
            ask = Message.of(N_("How much does {seat} pay the winner? Answer with the amount "
                                "paid, as a positive number, or 0 if he pays nothing."),
                             seat=seat_label(situation.asked))
        return Message.of(N_("{text} {question}"), text=text, question=ask)

    def form(self, situation: WinPaid) -> AnswerForm:
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> Decimal:
        return read_amount(answer)

    def solve(self, question: Question) -> Solution:
        s = self.dealt(question)
        capital = None if s.capital is None else {s.winner: s.capital}
        paid = settle(s.winner, s.fan, s.banker, capitals=capital, rules=question.rules,
                      variant=s.variant, players=list(s.seats()))
        amount = amount_asked(paid, s.asked, s.winner)
        return Solution(amount, money_label(amount), paid.reasons)


def amount_asked(paid: Payments, asked: str, winner: Wind) -> Decimal:
    """The winner's total, or what the seat ``asked`` pays (0 if nothing), as positive."""
    if asked == WINNER:
        return paid.net[winner]
    return sum((t.amount for t in paid.transfers if t.payer is Wind(asked)), Decimal("0"))


def _capital_that_bites(rng: random.Random, shares: list[Decimal]
                        ) -> tuple[Decimal, int] | None:
    """A capital below the total, and the index of the first share it cuts.

    Either it falls inside a share, in chips (that payer pays part of his share), or
    exactly on the sum of the first shares (the next payers pay nothing). Paid in chips
    (:mod:`questions.stakes`), the capital is a whole number of the smallest chip: the
    shares, house amounts, need not be.
    """
    choices = []
    for cut, share in enumerate(shares):
        before = sum(shares[:cut], Decimal("0"))
        if in_chips():
            chip = unit(1)
            inside = [Decimal(chip * k) for k in range(int(before // chip) + 1,
                                                       int((before + share) // chip) + 1)
                      if before < chip * k < before + share]
            on_edge = bool(cut) and before % chip == 0
        else:
            inside = [before + CHIP * k for k in range(1, int(share / CHIP) + 1)
                      if CHIP * k < share]
            on_edge = bool(cut)
        if inside or on_edge:
            choices.append((cut, before, inside, on_edge))
    if not choices:
        return None
    cut, before, inside, on_edge = rng.choice(choices)
    if on_edge and (not inside or rng.random() < 0.4):
        return before, cut
    return rng.choice(inside), cut
