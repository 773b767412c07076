"""Sap I Chi: paying the board for the number drawn (Portaria 9/76, Art. 3).

Situation: ``drawn`` (1–12), ``bets`` (see :mod:`questions.sap_i_chi.board`), ``asked``
(the index of the bet asked about, or ``None`` for the whole board) and
``stake_included`` (whether the answer counts the stakes the winners keep, which the
prompt says in so many words).

Level 1: one bet; the prize alone (stake not included); it loses one time in four (0).
Level 2: 3–5 bets of different places on the board, one of them asked; with or without
its stake as the prompt says. Level 3: 5–8 bets, places with several bets, colours and
groups of 2, 3, 4 and 6 numbers (scattered groups where the house takes them), bigger
stakes; the total for the whole board, with or without the winners' stakes.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from i18n import N_, Message
from questions.answers import read_amount
from questions.labels import money_label
from questions.model import AnswerForm, AnswerKind, Question
from questions.sap_i_chi.board import KINDS, bet, bet_label, board_label, deal_bet
from questions.sap_i_chi.situations import Board
from questions.skill import Skill, Solution
from questions.stakes import unit
from trainer.rules.house import HouseRules
from trainer.rules.sap_i_chi.bets import NUMBERS, number_label, settle

BETS = {1: (1, 1), 2: (3, 5), 3: (5, 8)}
STAKE_CHIPS = {1: (1, 20), 2: (1, 30), 3: (2, 100)}  # stakes in chips of 10 (unit(10))
PLACES = 8


class Payout(Skill[Board]):
    id = "sap_i_chi.payout"
    title = Message.of(N_("Sap I Chi: paying the winning bets"))
    situation_type = Board

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> Board:
        drawn = rng.choice(NUMBERS)
        low, high = BETS[difficulty]
        count = rng.randint(low, high)
        if difficulty == 3:
            places = [rng.randint(1, PLACES) for _ in range(count)]
        else:
            places = rng.sample(range(1, PLACES + 1), count)
        # Every kind of bet in turn, so a board of five or more shows most of them.
        kinds = rng.sample(KINDS, len(KINDS)) * 2
        # About half the bets win, and never none of a board (a 0 total teaches little).
        wins = [rng.random() < 0.5 for _ in range(count)]
        asked = rng.randrange(count) if difficulty == 2 else None
        if difficulty == 1:
            wins = [rng.random() < 0.75]
        elif asked is not None:  # level 2 asks of one bet
            wins[asked] = rng.random() < 0.75
        elif not any(wins):
            wins[rng.randrange(count)] = True
        low, high = STAKE_CHIPS[difficulty]
        bets = [deal_bet(rng, place, unit(10) * rng.randint(low, high), drawn, won, rules,
                         kind=kind, scattered=difficulty == 3 and rng.random() < 0.5)
                for place, won, kind in zip(places, wins, kinds, strict=False)]
        bets.sort(key=lambda b: b.place)
        if asked is not None:
            asked = next(i for i, b in enumerate(bets) if b.place == places[asked])
        return Board(drawn, tuple(bets), 0 if difficulty == 1 else asked,
                     difficulty > 1 and rng.random() < 0.5)

    def prompt(self, situation: Board, difficulty: int) -> Message:
        # The number with its character and colour: a bet on red or black needs the colour.
        drawn, bets = number_label(situation.drawn), situation.bets
        with_stake = situation.stake_included
        if situation.asked is None:
            board = board_label(bets)
            if with_stake:
                return Message.of(N_(
                    "Sap I Chi: {drawn} is drawn. The board: {board}. What is handed "
                    "back to the players in total, counting the stakes the winners keep?"),
                    drawn=drawn, board=board)
            return Message.of(N_(
                "Sap I Chi: {drawn} is drawn. The board: {board}. What do the prizes "
                "come to in total, not counting the stakes the winners keep?"),
                drawn=drawn, board=board)
        asked = bets[situation.asked]
        if len(bets) == 1:
            return Message.of(N_(
                "Sap I Chi: {drawn} is drawn. {bet}. What prize is paid on this bet, "
                "not counting the stake the winner keeps?"),
                drawn=drawn, bet=bet_label(asked))
        board = board_label(bets)
        if with_stake:
            return Message.of(N_(
                "Sap I Chi: {drawn} is drawn. The board: {board}. What is handed back "
                "to place {place}, counting the stake the winner keeps?"),
                drawn=drawn, board=board, place=asked.place)
        return Message.of(N_(
            "Sap I Chi: {drawn} is drawn. The board: {board}. What prize is paid to "
            "place {place}, not counting the stake the winner keeps?"),
            drawn=drawn, board=board, place=asked.place)

    def how_to_answer(self, situation: Board, difficulty: int) -> Message | None:
        """Typed: a losing bet's 0 (said only where one bet is asked about)."""
        if situation.asked is None:
            return None
        if len(situation.bets) == 1:
            return Message.of(N_("Type 0 if it loses."))
        return Message.of(N_("Type 0 if the bet loses."))

    def form(self, situation: Board) -> AnswerForm:
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> Decimal:
        return read_amount(answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        bets = situation.bets
        if situation.asked is not None:
            bets = (bets[situation.asked],)
        results = settle([bet(b) for b in bets], situation.drawn, rules=question.rules)
        if situation.stake_included:
            total = sum((r.total for r in results), Decimal("0"))
        else:
            total = sum((r.prize for r in results), Decimal("0"))
        reasons = tuple(reason for result in results for reason in result.reasons)
        return Solution(total, money_label(total), reasons)
