"""13-card game: what the player receives, or loses, after a showdown (Art. 11, HI-13-PAY).

Situation: a showdown as :func:`questions.thirteen.dealing.showdowns.deal_showdown` (``places``,
``banker``, ``place``, ``arrangements``) and ``bets``, one ``{"place", "stake", "terms"}``
(stake a string of a chip multiple, terms 1, 2 or 3 points). The answer is the player's
signed net, a ``Decimal``: what the player is paid after the 2% commission (positive),
minus what the player loses (negative), or 0 for a tie, as the core's ``settle`` gives it.
It is typed as money in the current language ("147", "147.00", "MOP$147", "-100").

Level 1: bets in terms of 1 point, the points of each side given. Level 2: terms 1–3,
the points of each tier given. Level 3: the trainee judges the hands (naturals, fouls),
margins beyond the terms, stakes whose commission has cents.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from i18n import N_, NP_, Message, Money
from questions.answers import read_amount
from questions.labels import commission_terms, money_label
from questions.model import AnswerForm, AnswerKind, Question
from questions.skill import Skill, Solution
from questions.stakes import unit
from questions.thirteen.dealing.showdowns import deal_showdown, sides
from questions.thirteen.situations import Bet, BetShowdown, Points, SetHands, TierPoints
from trainer.rules.house import HouseRules
from trainer.rules.mistakes import MistakeKind
from trainer.rules.table import Outcome
from trainer.rules.thirteen import mistakes as usual
from trainer.rules.thirteen.payment import points_message, settle
from trainer.rules.thirteen.showdown import Showdown, showdown

_TIER_WON = {Outcome.PLAYER: NP_("{tier}: the player, {count} point",
                                 "{tier}: the player, {count} points"),
             Outcome.BANKER: NP_("{tier}: the banker, {count} point",
                                 "{tier}: the banker, {count} points")}
_HOW_TO_ANSWER = N_("Type the net amount the player is paid after the commission, or the "
                    "amount the player loses with a minus sign (0 for a tie).")


def _stake(rng: random.Random, difficulty: int, terms: int) -> Decimal:
    """Round stakes at levels 1 and 2; at level 3 one unit is an odd number of tens, so
    half of it (the prize) is not a round number and its 2% has cents."""
    if difficulty < 3:
        return Decimal(terms * unit(100) * rng.randint(1, 10 if terms == 1 else 5))
    tens = rng.choice([n for n in range(1, 60) if n % 10])
    return Decimal(terms * unit(10) * tens)


class Payout(Skill[BetShowdown]):
    id = "thirteen.payout"
    title = Message.of(N_("13-card game: paying a bet after the showdown"))
    situation_type = BetShowdown
    mistake_kinds = usual.KINDS

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> BetShowdown:
        table = deal_showdown(rng, difficulty, rules.thirteen)
        terms = 1 if difficulty == 1 else rng.randint(1, 3)
        bet = Bet(table.place, _stake(rng, difficulty, terms), terms)
        # What the prompt tells (levels 1 and 2 are never decided by a natural or a foul).
        result = self._showdown(table, rules)
        points = Points(result.player_points, result.banker_points) if difficulty == 1 \
            else None
        tier_points = tuple(TierPoints(r.tier, r.winner, r.points)
                            for r in result.tiers) if difficulty == 2 else None
        return BetShowdown(table.places, table.banker, table.place, table.arrangements,
                           (bet,), points, tier_points)

    def _showdown(self, situation: SetHands, rules: HouseRules) -> Showdown:
        player, banker = sides(situation)
        return showdown(player, banker, rules.thirteen)

    def terms(self, situation: BetShowdown, rules: HouseRules) -> Message:
        return commission_terms(rules.thirteen.commission_rate)

    def prompt(self, situation: BetShowdown, difficulty: int) -> Message:
        bet = situation.bets[0]
        terms = bet.terms
        words = {"place": situation.place, "stake": Money(bet.stake)}
        if situation.points is not None:
            return Message.counted(
                "Place {place} bet {stake} in terms of {count} point. The player scores "
                "{player}, the banker {banker}.",
                "Place {place} bet {stake} in terms of {count} points. The player scores "
                "{player}, the banker {banker}.",
                terms, player=points_message(situation.points.player),
                banker=points_message(situation.points.banker), **words)
        if situation.tier_points is not None:
            front, middle, back = (_tier_message(t) for t in situation.tier_points)
            return Message.counted(
                "Place {place} bet {stake} in terms of {count} point. The tiers went: "
                "{front}; {middle}; {back}.",
                "Place {place} bet {stake} in terms of {count} points. The tiers went: "
                "{front}; {middle}; {back}.",
                terms, front=front, middle=middle, back=back, **words)
        return Message.counted(
            "Place {place} bet {stake} in terms of {count} point. Judge the hands shown and "
            "settle the bet.",
            "Place {place} bet {stake} in terms of {count} points. Judge the hands shown and "
            "settle the bet.", terms, **words)

    def how_to_answer(self, situation: BetShowdown, difficulty: int) -> Message:
        return Message.of(_HOW_TO_ANSWER)

    def form(self, situation: BetShowdown) -> AnswerForm:
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> Decimal:
        return read_amount(answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        bet = situation.bets[0]
        result = self._showdown(situation, question.rules)
        paid = settle(bet.stake, bet.terms, result, question.rules)
        return Solution(paid.net, money_label(paid.net), result.reasons + paid.reasons)

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        situation = self.dealt(question)
        bet = situation.bets[0]
        player, banker = sides(situation)
        return tuple((mistake, paid.net) for mistake, paid in usual.mistaken_settlements(
            bet.stake, bet.terms, player, banker, question.rules))

    def gross_and_commission(self, question: Question) -> tuple[Decimal, Decimal] | None:
        """The player's prize and the House's commission on it, when the player wins."""
        situation = self.dealt(question)
        bet = situation.bets[0]
        result = self._showdown(situation, question.rules)
        paid = settle(bet.stake, bet.terms, result, question.rules)
        if paid.outcome is not Outcome.PLAYER or paid.commission <= 0:
            return None
        return paid.prize, paid.commission


def _tier_message(tier: TierPoints) -> Message:
    return Message.counted(*_TIER_WON[tier.winner], tier.points, tier=tier.tier.label)
