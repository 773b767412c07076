"""Mahjong Baccarat: settling the table against the banker's capital.

The croupier pays and collects counterclockwise from the place the dice picked, skipping
the banker (Art. 2.3, HI-SETTLE-ORDER); the banker's win or loss in a round never exceeds
his capital (Art. 5.3), so a place may be paid or collected only in part, or not at all;
every amount a place wins pays 5% commission (Art. 9), the banker only on his net gain of a
round he wins (HI-MB-COMMISSION). The rules core (``settle_table``) settles.

Situation (:class:`.situations.Table`): ``places``, ``banker``, ``dice``, ``capital``
(text), ``hands`` (all ten), ``bets`` ([{"place", "stake"}]), ``asked``: the place whose
signed result is asked (after commission; positive = receives), or 1 for the banker's
result after his commission. About half the questions get a capital that runs out on
purpose, usually with a place paid or collected only in part; the dice-picked first place
is drawn uniformly. Difficulty 1: 3–4 bets in hundreds, the first place told; 2: 5–6 bets
in tens, the dice shown; 3: 7–9 bets up to 5,000, and often the banker's result is asked;
or (two in five) a bank the casino and players joined (:mod:`.cobanked`, Art. 5.5,
HI-MB-COBANK).
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import ROUND_CEILING, Decimal
from typing import Any

from i18n import N_, Message, Money
from questions.labels import money_label
from questions.mahjong_baccarat.cobanked import (
    cobanked_opening,
    cobanked_question,
    deal_cobanked,
    solve_cobanked,
)
from questions.mahjong_baccarat.situations import (
    Stake,
    Table,
    banker_commission_terms,
    bets_listing,
    bets_of,
    deal_around,
    dice_for_place,
    edge_pair,
    hands_json,
    hands_listing,
    hands_of,
    read_signed_amount,
    sentences,
    stake,
)
from questions.model import AnswerForm, AnswerKind, Question
from questions.situation import present
from questions.skill import Skill, Solution
from questions.stakes import unit as stake_unit
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import (
    PLACES,
    TableSettlement,
    first_seat,
    served,
    settle_table,
    settlement_account,
)
from trainer.rules.mahjong_baccarat import mistakes as usual
from trainer.rules.mistakes import MistakeKind
from trainer.rules.table import BANKER_PLACE, Outcome

#: Bets on the table, stake range and chip, capital unit, by difficulty.
_TABLES = {1: ((3, 4), (100, 1000), 100, 50), 2: ((5, 6), (50, 1000), 10, 10),
           3: ((7, 9), (100, 5000), 10, 10)}


#: The share of difficulty-3 tables whose bank the casino and players joined (Art. 5.5).
_COBANKED = 0.4


def settle(table: Table, rules: HouseRules | None = None) -> TableSettlement:
    hands = hands_of(table)
    others = {place: hand for place, hand in hands.items() if place != BANKER_PLACE}
    return settle_table(table.capital, first_seat(sum(table.dice)), hands[BANKER_PLACE],
                        others, bets_of(table), rules)


def mistaken_settlements(table: Table, rules: HouseRules
                         ) -> tuple[tuple[MistakeKind, TableSettlement], ...]:
    """``table`` as each usual mistake settles it
    (:mod:`trainer.rules.mahjong_baccarat.mistakes`)."""
    hands = hands_of(table)
    others = {place: hand for place, hand in hands.items() if place != BANKER_PLACE}
    return usual.mistaken_settlements(table.capital, first_seat(sum(table.dice)),
                                      hands[BANKER_PLACE], others, bets_of(table), rules)


def asked_result(table: Table, result: TableSettlement) -> Decimal:
    """The result ``table`` asks for, read from a settlement: the asked place's net, or the
    banker's after his commission."""
    asked = present(table.asked)
    if asked == BANKER_PLACE:
        return result.banker_net - result.banker_commission
    return result.places[asked].net


class Settlement(Skill[Table]):
    id = "mahjong_baccarat.settlement"
    title = Message.of(N_("Mahjong Baccarat: settling the table with the banker's capital"))
    situation_type = Table
    mistake_kinds = usual.KINDS

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> Table:
        if difficulty == 3 and rng.random() < _COBANKED:
            return deal_cobanked(rng, rules)
        return self.deal_table(rng, difficulty, rules)

    def deal_table(self, rng: random.Random, difficulty: int,
                   rules: HouseRules) -> Table:
        """A table banked by one player (not a bank the casino joined), and the place
        asked about."""
        (fewest, most), (low, high), chip, unit = _TABLES[difficulty]
        player, banker = edge_pair(rng)
        betting = rng.sample(range(2, PLACES + 1), rng.randint(fewest, most))
        hands = deal_around(rng, {BANKER_PLACE: banker, betting[0]: player})
        bets = {place: stake(rng, low, high, chip) for place in betting}
        table = Table(PLACES, BANKER_PLACE, dice_for_place(rng, rng.randint(1, PLACES)),
                      sum(bets.values(), Decimal(0)), hands_json(hands),
                      tuple(Stake(p, bets[p]) for p in sorted(bets)))
        unlimited = settle(table, rules)  # a capital that can never run out
        running, path = Decimal("0"), []
        for place in unlimited.order:
            settled = unlimited.places[place]
            running += settled.amount if settled.outcome is Outcome.BANKER else -settled.amount
            path.append((place, abs(running)))
        capital, bitten = self._capital(rng, path, stake_unit(unit))
        asked = self._asked(rng, difficulty, unlimited.order, bitten)
        return replace(table, capital=capital, asked=asked)

    @staticmethod
    def _capital(rng: random.Random, path: list[tuple[int, Decimal]],
                 unit: int) -> tuple[Decimal, int | None]:
        """Half the time a capital that runs out at a place, which is then paid or
        collected in part; otherwise one that covers every bet."""
        records, highest = [], Decimal("0")
        for index, (place, reach) in enumerate(path):
            if reach > highest:
                inside = [highest + unit * i for i in range(1, int((reach - highest) / unit))]
                if inside:
                    records.append((index, place, inside))
                highest = reach
        if records and rng.random() < 0.5:
            mid_way = [r for r in records if r[0] > 0] or records
            _index, place, inside = rng.choice(mid_way)
            return rng.choice(inside), place
        hundred = stake_unit(100)
        covering = (highest / hundred).to_integral_value(rounding=ROUND_CEILING) * hundred
        return covering + hundred * rng.randint(0, 8), None

    @staticmethod
    def _asked(rng: random.Random, difficulty: int, order: tuple[int, ...],
               bitten: int | None) -> int:
        if rng.random() < (0, 0, 0.25, 0.5)[difficulty]:
            return BANKER_PLACE
        if bitten is not None and rng.random() < 0.75:
            later = order[order.index(bitten) + 1:]
            return rng.choice(later) if later and rng.random() < 0.35 else bitten
        return rng.choice(order)

    def terms(self, situation: Table, rules: HouseRules) -> Message:
        return banker_commission_terms(rules)

    def prompt(self, situation: Table, difficulty: int) -> Message:
        return sentences(*self.scene(situation, difficulty), self._question(situation))

    def brief(self, situation: Table, difficulty: int) -> Message | None:
        """The capital, the dice, the tiles and the bets are drawn: only the question (a
        shared bank's shares are not drawn: the whole prompt then)."""
        return None if situation.joined_bank() is not None else self._question(situation)

    @staticmethod
    def _question(situation: Table) -> Message:
        cobanked = cobanked_question(situation)
        if cobanked is not None:
            return cobanked
        if situation.asked == BANKER_PLACE:
            return Message.of(N_("What is the banker's result for the round after his "
                                 "commission? Give his gain, or with a minus sign his loss."))
        return Message.of(N_("What does place {place} receive after commission? Give "
                             "the amount, or with a minus sign what it pays."),
                          place=situation.asked)

    def scene(self, situation: Table, difficulty: int) -> tuple[Message, Message]:
        """The capital and the dice (or at level 1 the place they pick); the tiles and the
        bets: the table as the croupier sees it before settling."""
        capital = Money(situation.capital)
        dice = situation.dice
        joined = situation.joined_bank()
        if joined is not None:
            opening = cobanked_opening(situation, *joined)
        elif difficulty == 1:
            opening = Message.of(N_("The banker's capital is {capital} and the dice pick place "
                                    "{place}."), capital=capital, place=first_seat(sum(dice)))
        else:
            opening = Message.of(N_("The banker's capital is {capital} and his dice show "
                                    "{dice}."), capital=capital,
                                 dice=", ".join(str(face) for face in dice))
        table = Message.of(N_("Tiles: {hands}. Bets: {bets}."),
                           hands=hands_listing(hands_of(situation)),
                           bets=bets_listing(bets_of(situation)))
        return opening, table

    def form(self, situation: Table) -> AnswerForm:
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> Decimal:
        return read_signed_amount(answer)

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """The usual mistakes of a table settled by its banker alone (a bank the casino and
        players joined is not modelled: its wrong answers are "other")."""
        situation = self.dealt(question)
        if situation.joined_bank() is not None:
            return ()
        return tuple((mistake, asked_result(situation, result))
                     for mistake, result in mistaken_settlements(situation, question.rules))

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        if situation.joined_bank() is not None:
            return solve_cobanked(situation, question.rules)
        result = settle(situation, question.rules)
        account = settlement_account(situation.capital, result, question.rules)
        opening = (*served(situation.dice).reasons, result.reasons[0])
        asked = present(situation.asked)
        if asked == BANKER_PLACE:
            answer = result.banker_net - result.banker_commission
            return Solution(answer, money_label(answer), opening + account)
        upto = result.order.index(asked) + 1
        settled = result.places[asked]
        return Solution(settled.net, money_label(settled.net),
                        opening + (settled.reasons[0],) + account[:upto])

