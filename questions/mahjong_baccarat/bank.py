"""Mahjong Baccarat: the bank — the next capital, or who banks the next round (Art. 5).

A banker who won and keeps the bank must keep his capital and everything won on the table
(net of commission, a house setting), may raise it and may never lower it (Art. 5.4). A
place banks at most two rounds in a row unless all others agree; the bank then passes
counterclockwise, and a place that declines passes it on to the nearest place that bet in
the round just played (Art. 5.1–5.2).

Situation (:class:`.situations.BankAfterRound`), ``kind`` = ``capital`` (an AMOUNT):
``banker`` (1), ``capital``, ``collected`` and ``paid`` ([{"place", "amount"}]: what the
banker won from and paid to each place) and ``change`` (what he asks to add, or with a
minus sign to take off; "0" for nothing). ``kind`` = ``next_banker`` (a CHOICE of place, or
"nobody"): ``banker`` (the place holding the bank), ``rounds_held``, ``keeps`` (he wants to
go on), ``all_others_agree``, ``declined`` and ``bet_last_round`` (lists of places). The
generator picks the answer place first and builds the turn of the bank that leads to it.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message, Money
from questions.answers import read_choice
from questions.labels import money_label, place_label
from questions.mahjong_baccarat.situations import (
    Amount,
    BankAfterRound,
    banker_commission_terms,
    bets_listing,
    places_listing,
    read_signed_amount,
    sentences,
    stake,
)
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.situation import present
from questions.skill import Skill, Solution
from questions.stakes import in_chips, unit
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import PLACES, capital_after_round, next_bank
from trainer.rules.table import BANKER_PLACE

NOBODY = "nobody"
#: Kinds of turn of the bank, by difficulty, with their weights.
_TURNS: dict[int, dict[str, float]] = {1: {"keeps": 1, "limit": 1, "gives_up": 1},
          2: {"keeps": 1, "agree": 1, "limit": 1, "gives_up": 1, "declines": 2},
          3: {"agree": 1, "limit": 1, "declines": 5, "nobody": 0.6}}
#: Capital, places won from and paid, chip and the largest skip, by difficulty.
_ROUNDS = {1: ((500, 3000), (1, 2), (0, 0), 100, 1), 2: ((1000, 5000), (2, 3), (1, 1), 10, 2),
           3: ((1000, 10000), (3, 5), (1, 3), 10, 6)}


def _cw(place: int, steps: int) -> int:
    """The place ``steps`` places counterclockwise from ``place`` (negative: back)."""
    return (place - 1 + steps) % PLACES + 1


class Bank(Skill[BankAfterRound]):
    id = "mahjong_baccarat.bank"
    title = Message.of(N_("Mahjong Baccarat: the bank's capital and who banks next"))
    situation_type = BankAfterRound

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> BankAfterRound:
        if rng.random() < 0.5:
            return self._capital(rng, difficulty)
        return self._turn(rng, difficulty, rules.mahjong_baccarat.max_rounds_in_a_row)

    def deal_amount(self, rng: random.Random, difficulty: int,
                    rules: HouseRules) -> BankAfterRound:
        """The next capital (who banks next is not an amount)."""
        return self._capital(rng, difficulty)

    def _capital(self, rng: random.Random, difficulty: int) -> BankAfterRound:
        (low, high), won_from, paid_to, chip, _skip = _ROUNDS[difficulty]
        chip = unit(chip)
        capital = stake(rng, low, high, chip=100)
        places = rng.sample(range(2, PLACES + 1), won_from[1] + paid_to[1])
        losers = places[:rng.randint(*won_from)]
        if in_chips():  # each loser pays a chip at least, and all of them at most the capital
            losers = losers[:max(1, int(capital) // chip)]
        collected = {p: stake(rng, chip, int(capital) // len(losers), chip) for p in losers}
        room = (sum(collected.values()) - chip) // max(paid_to[1], 1)
        winners = places[won_from[1]:won_from[1] + rng.randint(*paid_to)] if room >= chip else []
        paid = {p: stake(rng, chip, int(room), chip) for p in winners}
        change = rng.choice([0, 1, 1, -1] if difficulty > 1 else [0, 1])
        return BankAfterRound("capital", PLACES, BANKER_PLACE, capital=capital,
                        change=change * stake(rng, 100, 1000, 100),
                        collected=tuple(Amount(p, collected[p]) for p in sorted(collected)),
                        paid=tuple(Amount(p, paid[p]) for p in sorted(paid)))

    def _turn(self, rng: random.Random, difficulty: int, limit: int) -> BankAfterRound:
        kinds = {k: w for k, w in _TURNS[difficulty].items() if k != "keeps" or limit > 1}
        kind = rng.choices(list(kinds), weights=list(kinds.values()))[0]
        target = rng.randint(1, PLACES)
        rounds, keeps, agree = limit, True, kind == "agree"
        declined: set[int] = set()
        if kind in ("keeps", "agree"):
            current = target
            rounds = rng.randint(1, limit - 1) if kind == "keeps" else limit
        elif kind in ("limit", "gives_up"):
            current = _cw(target, -1)
            keeps = kind == "limit"
            rounds = limit if keeps else rng.randint(1, limit)
        else:
            keeps = rng.random() < 0.5
            rounds = limit if keeps else rng.randint(1, limit)
            skipped = rng.randint(1, _ROUNDS[difficulty][4]) if kind == "declines" else 0
            current = _cw(target, -skipped - 1)
            declined.add(_cw(current, 1))
        bettors = {p for p in range(1, PLACES + 1) if p != current and rng.random() < 0.5}
        if kind == "declines":
            for step in range(2, skipped + 1):  # between the turn and the target
                place = _cw(current, step)
                if place in bettors and rng.random() < 0.6:
                    declined.add(place)
                else:
                    bettors.discard(place)
            bettors.add(target)
        if kind == "nobody":
            declined |= bettors or {_cw(current, 3)}
            bettors = bettors or {_cw(current, 3)}
        return BankAfterRound("next_banker", PLACES, current, rounds_held=rounds, keeps=keeps,
                        all_others_agree=agree, declined=tuple(sorted(declined)),
                        bet_last_round=tuple(sorted(bettors)))

    def terms(self, situation: BankAfterRound, rules: HouseRules) -> Message:
        return banker_commission_terms(rules)

    def prompt(self, situation: BankAfterRound, difficulty: int) -> Message:
        if situation.kind == "capital":
            return self._capital_prompt(situation)
        banker, rounds = situation.banker, situation.rounds_held
        parts = [Message.of(N_("Place {place} has just banked its first round."), place=banker)
                 if rounds == 1 else
                 Message.of(N_("Place {place} has just banked its round {rounds} in a row."),
                            place=banker, rounds=rounds)]
        if not situation.keeps:
            parts.append(Message.of(N_("It gives up the bank.")))
        elif situation.all_others_agree:
            parts.append(Message.of(N_("It wants to keep the bank, and all the other places "
                                       "agree.")))
        else:
            parts.append(Message.of(N_("It wants to keep the bank.")))
        if situation.declined:
            parts.append(Message.of(N_("Offered the bank, these places decline it: {places}."),
                                    places=places_listing(situation.declined, banker)))
        parts.append(Message.of(N_("Places that bet in the round just played: {places}. Who "
                                   "banks the next round?"),
                                places=places_listing(present(situation.bet_last_round),
                                                      banker)))
        return sentences(*parts)

    def _capital_prompt(self, situation: BankAfterRound) -> Message:
        collected = {e.place: e.amount for e in present(situation.collected)}
        paid_to = {e.place: e.amount for e in present(situation.paid)}
        opening = Message.of(N_("The banker's capital was {capital}. This round he collected "
                                "from losing places: {collected}."),
                             capital=Money(present(situation.capital)),
                             collected=bets_listing(collected))
        paid = (Message.of(N_("He paid winning places: {paid}."),
                           paid=bets_listing(paid_to)) if paid_to
                else Message.of(N_("He paid no place.")))
        change = present(situation.change)
        if change > 0:
            keeps = Message.of(N_("He keeps the bank and adds {change} to his capital."),
                               change=Money(change))
        elif change < 0:
            keeps = Message.of(N_("He keeps the bank and asks to take {change} off his "
                                  "capital."), change=Money(-change))
        else:
            keeps = Message.of(N_("He keeps the bank."))
        return sentences(opening, paid, keeps, Message.of(N_("What is his capital for the next "
                                                       "round?")))

    def form(self, situation: BankAfterRound) -> AnswerForm:
        if situation.kind == "capital":
            return AnswerForm(AnswerKind.AMOUNT)
        return AnswerForm(AnswerKind.CHOICE, (
            *(Option(p, place_label(p, situation.banker)) for p in range(1, PLACES + 1)),
            Option(NOBODY, Message.of(N_("Nobody may take the bank")))))

    def read(self, question: Question, answer: Any) -> Any:
        if self.dealt(question).kind == "capital":
            return read_signed_amount(answer)
        return read_choice(question, answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        if situation.kind == "capital":
            ruling = capital_after_round(
                present(situation.capital), [e.amount for e in present(situation.collected)],
                [e.amount for e in present(situation.paid)], present(situation.change),
                question.rules)
            return Solution(ruling.capital, money_label(ruling.capital), ruling.reasons)
        turn = next_bank(situation.banker, present(situation.rounds_held),
                         present(situation.keeps), declined=present(situation.declined),
                         bet_last_round=present(situation.bet_last_round),
                         all_others_agree=present(situation.all_others_agree),
                         seats=situation.places, rules=question.rules)
        answer = NOBODY if turn.seat is None else turn.seat
        option = next(o for o in question.form.options if o.value == answer)
        return Solution(answer, option.label, (turn.reason,))
