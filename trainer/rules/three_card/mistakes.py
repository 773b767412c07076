"""Three-card baccarat: the usual wrong settlements of a bettor's bets, each the rules
core's own with one step changed (HI-3C-PAY, HI-3C-TIE).

The house banks the game: the commission (5 % by default, a setting) is taken from a bet
on the player or the banker that wins, on its winnings only, and from nothing else — not
from a stake returned on a tie, not from a bet paid at odds (the tie, three figures, the
banker's points). There is no player-banker whose losing round could be charged: the
three-card form of that mistake is the commission taken where none is owed.
:func:`mistaken_settlements` settles the bets as each mistake settles them; the payout
question sums their nets, and :func:`trainer.rules.mistakes.recognise` names the answer's
kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal

from i18n import N_
from trainer.rules.cards import Card
from trainer.rules.house import HouseRules
from trainer.rules.mistakes import MistakeKind, kind
from trainer.rules.table import Outcome
from trainer.rules.three_card.classes import HI_3C_TIE
from trainer.rules.three_card.pay import HI_3C_PAY, BetKind, BetResult, Settlement, settle

GAME = "three_card"

COMMISSION_FORGOTTEN = kind(
    GAME, "commission_forgotten", N_("Commission forgotten"),
    N_("You paid the whole win: the house takes its commission from a winning bet on the "
       "player or the banker"), HI_3C_PAY)
COMMISSION_ON_GROSS = kind(
    GAME, "commission_on_gross", N_("Commission taken on the gross"),
    N_("You took the commission on the stake returned as well as the win: it is taken on "
       "the amount won only"), HI_3C_PAY)
COMMISSION_NOT_OWED = kind(
    GAME, "commission_not_owed", N_("Commission taken where none is owed"),
    N_("You took commission from a stake returned on a tie or from a bet paid at odds: "
       "only a winning bet on the player or the banker pays it"), HI_3C_TIE)

KINDS = (COMMISSION_FORGOTTEN, COMMISSION_ON_GROSS, COMMISSION_NOT_OWED)

#: A bet as the rules core settles it: its kind, stake, side (three figures) and points
#: (the banker's points).
Bet = tuple[BetKind, Decimal, Outcome | None, int | None]
_EVEN_MONEY = (BetKind.PLAYER, BetKind.BANKER)


def mistaken_settlements(bets: Sequence[Bet], player: Sequence[Card], banker: Sequence[Card],
                         rules: HouseRules | None = None, decks: int = 1
                         ) -> tuple[tuple[MistakeKind, tuple[Settlement, ...]], ...]:
    """The bettor's ``bets`` on the coup as each usual mistake settles them."""
    rules = rules or HouseRules()
    rate = rules.three_card.commission_rate

    def settled(house: HouseRules = rules) -> tuple[Settlement, ...]:
        return tuple(settle(bet, stake, player, banker, side=side, points=points,
                            rules=house, decks=decks) for bet, stake, side, points in bets)

    def charged(right: Settlement, on: Callable[[Settlement], Decimal]) -> Settlement:
        commission = rules.round_commission(on(right) * rate)
        return replace(right, commission=commission, net=right.net + right.commission
                       - commission)

    right = settled()
    free = replace(rules, three_card=replace(rules.three_card, commission_rate=Decimal(0)))
    return (
        (COMMISSION_FORGOTTEN, settled(free)),
        (COMMISSION_ON_GROSS, tuple(
            charged(s, lambda s: s.stake + s.winnings) if _owes(s) else s for s in right)),
        (COMMISSION_NOT_OWED, tuple(
            charged(s, lambda s: s.winnings or s.returned) if _owes_none(s) else s
            for s in right)),
    )


def _owes(settled: Settlement) -> bool:
    """A winning bet on the player or the banker: it pays commission."""
    return settled.bet in _EVEN_MONEY and settled.outcome is BetResult.WIN


def _owes_none(settled: Settlement) -> bool:
    """A bet handed money back without commission: a stake returned on a tie, or a win
    paid at odds."""
    return (settled.outcome is BetResult.PUSH and settled.bet in _EVEN_MONEY) or (
        settled.outcome is BetResult.WIN and settled.bet not in _EVEN_MONEY)
