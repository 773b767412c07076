"""Three-card baccarat: what a bet comes to on a dealt coup (HI-3C-PAY, HI-3C-RANK).

Situation: ``player`` and ``banker`` (three cards each) and ``bets``, a list of
``{"kind": "player" | "banker" | "tie" | "three-figures" | "banker-points",
"stake": "100"}``, with ``"side": "player" | "banker"`` for three figures and
``"points": 0–9`` for the banker's points. The answer is the bettor's NET result, as the
prompt says: what he is paid after commission (the stake he keeps not counted), 0 when
his stake is returned on a tie, minus the stake when the bet loses; at level 3 the total
over his 2–3 bets.

Level 1: one bet on the player, the banker or the tie. Level 2: one bet of any kind,
including the side bets and the push of a player or banker bet on a tie. Level 3: several
bets of one bettor, bigger stakes whose commission falls on cents, and the edge cases on
purpose (three figures count 0 for the banker's points; ten-and-two-figures is not three
figures).
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from typing import Any, Literal

from i18n import N_, Message, Money, listing
from questions.answers import read_amount
from questions.labels import money_label, rate_label
from questions.model import AnswerForm, AnswerKind, Question
from questions.skill import Skill, Solution
from questions.stakes import unit
from questions.three_card.deal import (
    Tens,
    cards,
    deal_class,
    points_and_figures,
    text,
)
from questions.three_card.situations import Bet, Coup
from trainer.rules.cards import Card, cards_shown
from trainer.rules.house import HouseRules
from trainer.rules.mistakes import MistakeKind
from trainer.rules.regulations import Reason
from trainer.rules.table import Outcome
from trainer.rules.three_card import mistakes as usual
from trainer.rules.three_card.classes import CLASS_COUNT, THREE_FIGURES_CLASS, class_of
from trainer.rules.three_card.pay import BetKind, BetResult, Settlement, settle

BET_LABELS = {
    BetKind.PLAYER: N_("the player"),
    BetKind.BANKER: N_("the banker"),
    BetKind.TIE: N_("a tie"),
}
STAKE_CHIPS = {1: (1, 20), 2: (1, 50), 3: (3, 120)}  # stakes in chips of 10 (unit(10))
#: A ten with two figures: zero points, the nearest miss of three figures (class 29).
ZERO_WITH_TWO_FIGURES = class_of(0, 2)
#: The classes a losing three-figures hand is drawn from: mostly a near miss (a ten and two
#: figures, twice as often; a ten and one figure), now and then a plain nine or eight.
#: A side as a three-figures bet names it.
_SIDES: dict[Outcome, Literal["player", "banker"]] = {Outcome.PLAYER: "player",
                                                      Outcome.BANKER: "banker"}
NEAR_MISSES = (ZERO_WITH_TWO_FIGURES, ZERO_WITH_TWO_FIGURES, class_of(0, 1), class_of(9, 2),
               class_of(8, 2))


def bet_label(bet: Bet) -> Message:
    kind = bet.kind
    if kind is BetKind.THREE_FIGURES and bet.side == Outcome.PLAYER.value:
        return Message.of(N_("three figures in the player's hand"))
    if kind is BetKind.THREE_FIGURES:
        return Message.of(N_("three figures in the banker's hand"))
    if kind is BetKind.BANKER_POINTS:
        return Message.counted("the banker scoring {count} point",
                               "the banker scoring {count} points", bet.points or 0)
    return Message.of(BET_LABELS[kind])


def _stake(rng: random.Random, difficulty: int) -> Decimal:
    low, high = STAKE_CHIPS[difficulty]
    return Decimal(unit(10) * rng.randint(low, high))


def _classes_for(rng: random.Random, outcome: Outcome) -> tuple[int, int]:
    """The player's and the banker's classes for a coup with this outcome."""
    if outcome is Outcome.TIE:
        same = rng.randint(1, CLASS_COUNT)
        return same, same
    low, high = sorted(rng.sample(range(1, CLASS_COUNT + 1), 2))
    return (low, high) if outcome is Outcome.PLAYER else (high, low)


def _one_bet(rng: random.Random, difficulty: int) -> tuple[Bet, int, int]:
    """A bet, and the classes of a coup that gives it the result picked for it."""
    kinds = list(BET_LABELS) if difficulty == 1 else list(BetKind)
    kind = rng.choice(kinds)
    bet = Bet(kind, _stake(rng, difficulty))
    wins = rng.random() < 0.5
    if kind in (BetKind.PLAYER, BetKind.BANKER):
        backed = Outcome.PLAYER if kind is BetKind.PLAYER else Outcome.BANKER
        other = Outcome.BANKER if kind is BetKind.PLAYER else Outcome.PLAYER
        outcome = backed if wins else rng.choice((other, other, Outcome.TIE))
        return (bet, *_classes_for(rng, outcome))
    if kind is BetKind.TIE:
        return (bet, *_classes_for(rng, Outcome.TIE if wins else
                                   rng.choice((Outcome.PLAYER, Outcome.BANKER))))
    if kind is BetKind.THREE_FIGURES:
        side: Literal["player", "banker"] = rng.choice(("player", "banker"))
        bet = dataclasses.replace(bet, side=side)
        # A losing three-figures hand is mostly a near miss: a ten and two figures.
        mine = THREE_FIGURES_CLASS if wins else rng.choice(NEAR_MISSES)
        theirs = rng.randint(1, CLASS_COUNT)
        return (bet, mine, theirs) if side == "player" else (bet, theirs, mine)
    points = rng.randint(0, 9)
    bet = dataclasses.replace(bet, points=points)
    if wins:
        banker = THREE_FIGURES_CLASS if points == 0 and rng.random() < 0.4 else \
            class_of(points, rng.randint(0, 2))
    else:
        banker = class_of(points + rng.choice((1, -1)), rng.randint(0, 2))
    return bet, rng.randint(1, CLASS_COUNT), banker


def _edge_coup(rng: random.Random) -> tuple[int, int, Outcome]:
    """The classes of a level-3 coup built round an edge case, and the side it is on.

    Three figures in one hand; a ten with two figures (zero points, not three figures);
    a tie, which returns player and banker bets; or a plain coup.
    """
    side = rng.choice((Outcome.PLAYER, Outcome.BANKER))
    edge = rng.randrange(4)
    if edge == 2:
        same = rng.randint(1, CLASS_COUNT)
        return same, same, side
    mine = (THREE_FIGURES_CLASS, ZERO_WITH_TWO_FIGURES, None, None)[edge] or \
        rng.randint(1, CLASS_COUNT)
    theirs = rng.randint(1, CLASS_COUNT)
    return (mine, theirs, side) if side is Outcome.PLAYER else (theirs, mine, side)


def _bets_on(rng: random.Random, player: int, banker: int,
             side: Outcome) -> tuple[Bet, ...]:
    """Two or three bets of one bettor on the coup (level 3), each of a different kind."""
    bets = []
    for kind in rng.sample(list(BetKind), rng.randint(2, 3)):
        bet = Bet(kind, _stake(rng, 3))
        if kind is BetKind.THREE_FIGURES:
            bet = dataclasses.replace(bet, side=_SIDES[side])
        elif kind is BetKind.BANKER_POINTS:
            actual = points_and_figures(banker)[0]
            bet = dataclasses.replace(
                bet, points=actual if rng.random() < 0.6 else (actual + 1) % 10)
        bets.append(bet)
    return tuple(bets)


class Payout(Skill[Coup]):
    id = "three_card.payout"
    title = Message.of(N_("Three-card baccarat: what a bet is paid"))
    situation_type = Coup
    mistake_kinds = usual.KINDS

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> Coup:
        if difficulty == 3:
            player, banker, side = _edge_coup(rng)
            bets = _bets_on(rng, player, banker, side)
        else:
            bet, player, banker = _one_bet(rng, difficulty)
            bets = (bet,)
        used: set[Card] = set()
        tens = Tens.AVOID if difficulty == 1 else Tens.ANY
        return Coup(text(deal_class(rng, player, used, tens)),
                    text(deal_class(rng, banker, used, tens)), bets)

    def terms(self, situation: Coup, rules: HouseRules) -> Message:
        table = rules.three_card
        return Message.of(N_("The house pays the player and the banker 1 to 1 less a "
                             "commission of {rate}; a tie {tie} to 1; three figures {figures} "
                             "to 1; the banker's points {points} to 1."),
                          rate=rate_label(table.commission_rate),
                          tie=f"{table.tie_pays.normalize():f}",
                          figures=f"{table.three_figures_pays.normalize():f}",
                          points=f"{table.banker_points_pays.normalize():f}")

    def prompt(self, situation: Coup, difficulty: int) -> Message:
        hands = {"player": cards_shown(situation.player),
                 "banker": cards_shown(situation.banker)}
        if len(situation.bets) == 1:
            bet = situation.bets[0]
            return Message.of(N_(
                "Three-card baccarat: the player holds {player} and the banker {banker}. A "
                "bettor staked {stake} on {bet}."),
                stake=Money(bet.stake), bet=bet_label(bet), **hands)
        staked = listing([Message.of(N_("{stake} on {bet}"), stake=Money(b.stake),
                                     bet=bet_label(b)) for b in situation.bets])
        return Message.of(N_(
            "Three-card baccarat: the player holds {player} and the banker {banker}. A bettor "
            "has {bets}."), bets=staked, **hands)

    def how_to_answer(self, situation: Coup, difficulty: int) -> Message:
        if len(situation.bets) == 1:
            return Message.of(N_(
                "Type his net result: what he is paid after commission (not counting the "
                "stake he keeps), 0 if his stake is returned, or minus the stake if the bet "
                "loses (e.g. -100)."))
        return Message.of(N_(
            "Type his net result for the coup over all his bets: what he is paid after "
            "commission (not counting stakes he keeps), less the stakes he loses; negative "
            "if he loses more than he wins."))

    def form(self, situation: Coup) -> AnswerForm:
        return AnswerForm(AnswerKind.AMOUNT)

    def read(self, question: Question, answer: Any) -> Decimal:
        return read_amount(answer)

    def solve(self, question: Question) -> Solution:
        total = Decimal("0")
        reasons: dict[Reason, None] = {}
        for settled in _settlements(question):
            total += settled.net
            reasons.update(dict.fromkeys(settled.reasons))
        return Solution(total, money_label(total), tuple(reasons))

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """The bettor's net over his bets as each usual mistake settles them."""
        situation = self.dealt(question)
        bets = [(bet.kind, bet.stake, None if bet.side is None else Outcome(bet.side),
                 bet.points) for bet in situation.bets]
        return tuple((mistake, sum((s.net for s in settled), Decimal("0")))
                     for mistake, settled in usual.mistaken_settlements(
                         bets, cards(situation.player), cards(situation.banker),
                         question.rules))

    def gross_and_commission(self, question: Question) -> tuple[Decimal, Decimal] | None:
        """The bettor's result before commission (each winning bet's winnings, less the
        stakes lost) and the commission on his wins, when he comes out ahead and owes it."""
        settled = _settlements(question)
        gross = sum((s.winnings if s.outcome is BetResult.WIN else s.net for s in settled),
                    Decimal("0"))
        commission = sum((s.commission for s in settled), Decimal("0"))
        if commission <= 0 or gross - commission <= 0:
            return None
        return gross, commission


def _settlements(question: Question) -> list[Settlement]:
    """Each of the bettor's bets settled by the rules core."""
    situation = question.situation
    if not isinstance(situation, Coup):
        raise TypeError(f"{question.skill}: a {type(situation).__name__} is not a Coup")
    player, banker = cards(situation.player), cards(situation.banker)
    settled = []
    for bet in situation.bets:
        side = None if bet.side is None else Outcome(bet.side)
        settled.append(settle(bet.kind, bet.stake, player, banker, side=side,
                              points=bet.points, rules=question.rules))
    return settled
