"""Mahjong Baccarat: paying one place, or the banker's win from it, with the 5% commission.

The casino takes 5% of every amount won (Portaria 15/96/M, Art. 9): a place's win, and the
banker's net gain of a round he wins (HI-MB-COMMISSION; here one bet, so his win from it);
the commission is rounded half-up to the house's unit (HI-MONEY). The rules core
settles the bet (``settle_table`` with this one place) and explains it.

Situation (:class:`.situations.OneBet`): ``places``, ``banker``, ``place``, ``stake``
(text), ``hands`` (the banker's and the place's), ``ask``: ``paid`` (what a winning place
is paid), ``place_commission``, ``banker_commission`` (on the banker's win from the place),
``banker_keeps`` (his win after commission) or ``result`` (the place's signed result; the
tiles decide who wins). Difficulty 1: whole-hundred stakes, the winner is told; 2: stakes
in tens, so the commission has cents; 3: large stakes, and mostly the tiles (edges of Art.
7–8 included) decide who wins.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from i18n import N_, Message, Money
from questions.labels import money_label
from questions.mahjong_baccarat.showdown import WEIGHTS, pick_category
from questions.mahjong_baccarat.situations import (
    Ask,
    OneBet,
    banker_commission_terms,
    hand_text,
    hands_json,
    hands_of,
    pair,
    read_signed_amount,
    stake,
)
from questions.model import AnswerForm, AnswerKind, Question
from questions.skill import Skill, Solution
from questions.stakes import unit
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import (
    PLACES,
    TableSettlement,
    compare,
    settle_table,
    settlement_account,
)
from trainer.rules.mahjong_baccarat import mistakes as usual
from trainer.rules.mistakes import MistakeKind
from trainer.rules.table import BANKER_PLACE, Outcome

PLAYER_ASKS: tuple[Ask, ...] = ("paid", "place_commission")
BANKER_ASKS: tuple[Ask, ...] = ("banker_commission", "banker_keeps")

_PROMPTS = {
    "paid": N_("Place {place} bet {stake} and beats the banker. How much is the place paid, "
               "after commission?"),
    "place_commission": N_("Place {place} bet {stake} and beats the banker. How much "
                           "commission does the casino take on the place's win?"),
    "banker_commission": N_("The banker beats place {place}, which bet {stake}. How much "
                            "commission does the banker pay on this win?"),
    "banker_keeps": N_("The banker beats place {place}, which bet {stake}. How much of it "
                       "does the banker keep, after commission?"),
}


class Payout(Skill[OneBet]):
    id = "mahjong_baccarat.payout"
    title = Message.of(N_("Mahjong Baccarat: paying a bet, less the 5 per cent commission"))
    situation_type = OneBet
    mistake_kinds = usual.KINDS

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> OneBet:
        ask: Ask
        if difficulty == 1:
            ask = rng.choice(("paid", "banker_commission"))
            amount = stake(rng, 100, 2000, chip=100)
        elif difficulty == 2:
            ask = rng.choice(PLAYER_ASKS + BANKER_ASKS)
            amount = stake(rng, 10, 990, chip=20) + unit(10)  # an odd number of tens: cents
        else:
            ask = rng.choice(("result", "result", "result", "result", *PLAYER_ASKS,
                              *BANKER_ASKS))
            amount = stake(rng, 1010, 9990)
        if ask == "result":
            outcome = rng.choice((Outcome.PLAYER, Outcome.BANKER))
        else:
            outcome = Outcome.PLAYER if ask in PLAYER_ASKS else Outcome.BANKER
        category = pick_category(rng, WEIGHTS[min(difficulty, 2)][outcome])
        player, banker = pair(rng, category, outcome)
        place = rng.randint(2, PLACES)
        return OneBet(PLACES, BANKER_PLACE, place, amount, ask,
                      hands_json({BANKER_PLACE: banker, place: player}))

    def terms(self, situation: OneBet, rules: HouseRules) -> Message:
        return banker_commission_terms(rules)

    def prompt(self, situation: OneBet, difficulty: int) -> Message:
        place, amount = situation.place, Money(situation.stake)
        if situation.ask == "result":
            hands = hands_of(situation)
            return Message.of(N_(
                "Place {place} bet {stake} and holds {player}; the banker holds {banker}. "
                "What is the place's result after commission? Answer with the amount it is "
                "paid, or with a minus sign the amount it pays."), place=place, stake=amount,
                player=hand_text(hands[place]), banker=hand_text(hands[BANKER_PLACE]))
        return Message.of(_PROMPTS[situation.ask], place=place, stake=amount)

    def form(self, situation: OneBet) -> AnswerForm:
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> Decimal:
        return read_signed_amount(answer)

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        situation = self.dealt(question)
        hands, place, amount = hands_of(situation), situation.place, situation.stake
        return tuple((mistake, _asked(situation, result)) for mistake, result in
                     usual.mistaken_settlements(amount, place, hands[BANKER_PLACE],
                                                {place: hands[place]}, {place: amount},
                                                question.rules))

    def _settled(self, question: Question) -> TableSettlement:
        situation = self.dealt(question)
        hands, place, amount = hands_of(situation), situation.place, situation.stake
        return settle_table(amount, place, hands[BANKER_PLACE], {place: hands[place]},
                            {place: amount}, question.rules)

    def gross_and_commission(self, question: Question) -> tuple[Decimal, Decimal] | None:
        """What the place won and the commission on it, when a winning place is paid
        (``paid``, ``result``); the banker's win from the place and his commission on it
        (``banker_keeps``); ``None`` when the amount asked is a commission or a loss."""
        situation = self.dealt(question)
        ask = situation.ask
        result = self._settled(question)
        settled = result.places[situation.place]
        if ask in ("paid", "result") and settled.outcome is not Outcome.BANKER \
                and settled.commission > 0:
            return settled.amount, settled.commission
        if ask == "banker_keeps" and result.banker_commission > 0:
            return result.banker_net, result.banker_commission
        return None

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        hands, place, amount = hands_of(situation), situation.place, situation.stake
        result = self._settled(question)
        settled = result.places[place]
        account = settlement_account(amount, result, question.rules)
        reasons = (*compare(hands[place], hands[BANKER_PLACE]).reasons, account[0])
        answer = _asked(situation, result)
        if settled.outcome is Outcome.BANKER:  # the commission is then the banker's
            reasons += (result.reasons[1], account[-1])
        return Solution(answer, money_label(answer), reasons)


def _asked(situation: OneBet, result: TableSettlement) -> Decimal:
    """The figure ``situation`` asks for, read from a settlement of its one bet."""
    settled = result.places[situation.place]
    return {
        "paid": settled.net,
        "place_commission": settled.commission,
        "banker_commission": result.banker_commission,
        "banker_keeps": result.banker_net - result.banker_commission,
        "result": settled.net,
    }[situation.ask]
