"""Mahjong Baccarat co-bankers: the casino and players who join the bank (Art. 5.5).

HI-MB-COBANK: the casino's capital, fixed in advance, joins the banker's in one pool whose
result is shared in proportion to the two capitals; players who join the bank («apostar no
lugar do banqueiro») are settled after that pool, one by one in the order they placed
their stakes: each takes the bank's result, win or loss, up to his own stake, once the
pool's capital is used up. Each co-banker pays commission on his own net gain
(HI-MB-COMMISSION; the casino does not pay itself) and may not bet on another place that
round. The table is settled against the whole bank: the pool and every stake.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat.settlement import (
    HI_MB_COMMISSION,
    TableSettlement,
    commission_percent,
    settle_table,
)
from trainer.rules.mahjong_baccarat.tiles_and_points import PLACES, Tile
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import BANKER_PLACE

ART_5_5 = Article(Regulation.MAHJONG_BACCARAT, 5, "5")
HI_MB_COBANK = HouseInterpretation("HI-MB-COBANK")
#: The casino's key among the shares (places are 1 to 10).
CASINO = 0
ZERO = Decimal("0")


@dataclass(frozen=True)
class Share:
    """One co-banker's part of the bank's result: the banker (place 1), the casino (0) or
    a player who joined the bank (his place)."""

    who: int
    capital: Decimal
    result: Decimal  # signed, before commission
    commission: Decimal
    reasons: tuple[Reason, ...]

    @property
    def net(self) -> Decimal:
        return self.result - self.commission


@dataclass(frozen=True)
class CoBankSettlement:
    table: TableSettlement  # settled against the whole bank
    capital: Decimal  # the whole bank: the pool and every player's stake
    shares: dict[int, Share]
    reasons: tuple[Reason, ...]


def settle_cobanked_table(capital: Decimal, casino: Decimal,
                          cobankers: Sequence[tuple[int, Decimal]], first_seat: int,
                          banker_hand: Iterable[Tile], hands: Mapping[int, Iterable[Tile]],
                          bets: Mapping[int, Decimal],
                          rules: HouseRules | None = None) -> CoBankSettlement:
    """Settle a table whose bank the casino (``casino``, 0 for none) and players
    (``cobankers``: (place, stake) in the order they placed their stakes) joined."""
    rules = rules or HouseRules()
    _check(capital, casino, cobankers, bets)
    pool = capital + casino
    whole = pool + sum((stake for _place, stake in cobankers), ZERO)
    table = settle_table(whole, first_seat, banker_hand, hands, bets, rules)
    net = table.banker_net
    sign = Decimal(1 if net >= 0 else -1)
    pooled = sign * min(abs(net), pool) if net else ZERO
    banker = rules.round_money(pooled * capital / pool)
    opening = Reason(Message.of(N_(
        "The bank is the pool of the banker's {capital} and the casino's {casino}, then the "
        "stakes of the players who joined it: {whole} in all, against which the table is "
        "settled."), capital=Money(capital), casino=Money(casino), whole=Money(whole)),
        HI_MB_COBANK)
    split = Reason(Message.of(N_(
        "The bank's net is {net}; the pool, up to its capital of {pool}, takes {pooled}, "
        "shared in proportion to the capitals: the banker {banker}, the casino {casino}."),
        net=Money(net), pool=Money(pool), pooled=Money(pooled), banker=Money(banker),
        casino=Money(pooled - banker)), HI_MB_COBANK)
    shares = {BANKER_PLACE: _share(BANKER_PLACE, capital, banker, (split,), rules),
              CASINO: Share(CASINO, casino, pooled - banker, ZERO, (split,))}
    left = abs(net) - abs(pooled)
    for place, stake in cobankers:
        taken = min(left, stake)
        left -= taken
        if taken:
            text = Message.of(N_(
                "The pool's capital is used up; place {place}, who joined the bank with "
                "{stake}, takes {result} of the rest, in the order the stakes were placed."),
                place=place, stake=Money(stake), result=Money(sign * taken))
        else:
            text = Message.of(N_(
                "Place {place}, who joined the bank with {stake}, takes nothing: nothing is "
                "left once the pool and the stakes placed before his have taken their part."),
                place=place, stake=Money(stake))
        shares[place] = _share(place, stake, sign * taken if taken else ZERO,
                               (Reason(text, ART_5_5),), rules)
    order = Reason(Message.of(N_(
        "The casino may join the bank with a capital fixed in advance; players who join it "
        "are paid or collected after the banker, in the order they placed their stakes, and "
        "may not bet on another place that round.")), ART_5_5)
    return CoBankSettlement(table, whole, shares, (opening, order))


def _share(who: int, capital: Decimal, result: Decimal, reasons: tuple[Reason, ...],
           rules: HouseRules) -> Share:
    """A co-banker pays commission on his own net gain (HI-MB-COMMISSION, HI-MB-COBANK)."""
    commission = rules.round_commission(max(result, ZERO)
                                        * rules.mahjong_baccarat.commission_rate)
    values = {"result": Money(result), "rate": commission_percent(rules),
              "commission": Money(commission), "net": Money(result - commission)}
    if result > 0:
        text = Message.of(N_("A co-banker pays commission on his own net gain: {rate} per "
                             "cent of {result} is {commission}, so he ends with {net}."),
                          **values)
    else:
        text = Message.of(N_("A co-banker pays commission only on a net gain: with {result} "
                             "he pays none, so he ends with {net}."), **values)
    return Share(who, capital, result, commission,
                 (*reasons, Reason(text, HI_MB_COMMISSION)))


def _check(capital: Decimal, casino: Decimal, cobankers: Sequence[tuple[int, Decimal]],
           bets: Mapping[int, Decimal]) -> None:
    if not isinstance(casino, Decimal) or casino < 0:
        raise ValueError("the casino's capital is a Decimal, never negative")
    if not isinstance(capital, Decimal) or capital <= 0:
        raise ValueError("the banker's capital is a positive Decimal")
    places = [place for place, _stake in cobankers]
    if len(set(places)) != len(places):
        raise ValueError("each player joins the bank once")
    for place, stake in cobankers:
        if not 2 <= place <= PLACES:
            raise ValueError(f"co-bankers sit at places 2 to {PLACES}, not {place}")
        if not isinstance(stake, Decimal) or stake <= 0:
            raise ValueError("a co-banker's stake is a positive Decimal")
        if bets.get(place, ZERO) > 0:
            raise ValueError(f"place {place} joined the bank: it may not bet on a place "
                             "that round (Art. 5.5)")
