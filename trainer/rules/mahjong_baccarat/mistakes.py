"""Mahjong Baccarat: the usual wrong settlements, each the rules core's own with one step
changed (Art. 5.3, 9; HI-SETTLE-ORDER, HI-MB-COMMISSION).

:func:`mistaken_settlements` settles a table as each usual mistake settles it: the question
that asked about the table reads from each the same figure it reads from the right
settlement, and :func:`trainer.rules.mistakes.recognise` names the answer's kinds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from decimal import Decimal

from i18n import N_
from trainer.rules.house import BankerCommission, HouseRules
from trainer.rules.mahjong_baccarat.settlement import (
    ART_5_3,
    ART_9,
    HI_MB_COMMISSION,
    HI_SETTLE_ORDER,
    TableSettlement,
    settle_table,
)
from trainer.rules.mahjong_baccarat.tiles_and_points import Tile
from trainer.rules.mistakes import MistakeKind, kind
from trainer.rules.table import BANKER_PLACE, Outcome

GAME = "mahjong_baccarat"

COMMISSION_FORGOTTEN = kind(
    GAME, "commission_forgotten", N_("Commission forgotten"),
    N_("You left out the commission: the casino takes it on every amount won"), ART_9)
COMMISSION_ON_GROSS = kind(
    GAME, "commission_on_gross", N_("Commission taken on the gross"),
    N_("You took the commission on the stake returned as well as the win: it is taken on "
       "the amount won only"), ART_9)
BANKER_COMMISSION_ON_LOSING_ROUND = kind(
    GAME, "banker_commission_on_losing_round",
    N_("Commission taken from the banker on a round he lost"),
    N_("You took commission on every amount the banker collected: he pays it only on his "
       "net gain of a round he wins"), HI_MB_COMMISSION)
CAPITAL_IGNORED = kind(
    GAME, "capital_ignored", N_("The banker's capital ignored"),
    N_("You paid and collected every bet in full: the banker's win or loss in a round "
       "never exceeds his capital"), ART_5_3)
CAPITAL_WRONG_ORDER = kind(
    GAME, "capital_wrong_order", N_("The banker's capital applied in the wrong order"),
    N_("You settled from the banker's right instead of from the place the dice picked, so "
       "the capital ran out at the wrong place"), HI_SETTLE_ORDER)

KINDS = (COMMISSION_FORGOTTEN, COMMISSION_ON_GROSS, BANKER_COMMISSION_ON_LOSING_ROUND,
         CAPITAL_IGNORED, CAPITAL_WRONG_ORDER)


def mistaken_settlements(capital: Decimal, first_seat: int, banker_hand: Iterable[Tile],
                         hands: Mapping[int, Iterable[Tile]], bets: Mapping[int, Decimal],
                         rules: HouseRules | None = None
                         ) -> tuple[tuple[MistakeKind, TableSettlement], ...]:
    """The table as each usual mistake settles it (:func:`settle_table`'s arguments)."""
    rules = rules or HouseRules()
    banker_hand = tuple(banker_hand)
    hands = {place: tuple(hand) for place, hand in hands.items()}
    game = rules.mahjong_baccarat

    def settled(capital: Decimal = capital, first: int = first_seat,
                house: HouseRules = rules) -> TableSettlement:
        return settle_table(capital, first, banker_hand, hands, bets, house)

    right = settled()
    found = [
        (COMMISSION_FORGOTTEN,
         settled(house=replace(rules, mahjong_baccarat=replace(game, commission_rate=Decimal(0))))),
        (COMMISSION_ON_GROSS, _commission_on_gross(right, rules)),
        (BANKER_COMMISSION_ON_LOSING_ROUND, settled(house=replace(rules, mahjong_baccarat=replace(
            game, banker_commission=BankerCommission.PER_WON_BET)))),
        (CAPITAL_IGNORED, settled(capital=max(capital, sum(bets.values(), Decimal(0))))),
    ]
    if first_seat not in (BANKER_PLACE, BANKER_PLACE + 1):
        found.append((CAPITAL_WRONG_ORDER, settled(first=BANKER_PLACE + 1)))
    return tuple(found)


def _commission_on_gross(right: TableSettlement, rules: HouseRules) -> TableSettlement:
    """Every winning place's commission taken on its stake returned and its win together
    (what it is handed back), the rest as settled."""
    rate = rules.mahjong_baccarat.commission_rate
    places = {}
    for place, settled in right.places.items():
        if settled.outcome is not Outcome.BANKER and settled.amount > 0:
            commission = rules.round_commission((settled.stake + settled.amount) * rate)
            settled = replace(settled, commission=commission,
                              net=settled.amount - commission)
        places[place] = settled
    return replace(right, places=places)
