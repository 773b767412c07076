"""Mahjong Baccarat table settlement: place by place within the banker's capital (Art. 5.3, 9).

Settled counterclockwise from the place the dice picked, skipping the banker
(HI-SETTLE-ORDER); the banker's result never exceeds his capital (Art. 5.3). Every amount a
place wins pays commission; the banker pays it on his net gain of a round he wins, or (a
house setting) on every amount he collects (HI-MB-COMMISSION).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules import table
from trainer.rules.house import BankerCommission, HouseRules
from trainer.rules.mahjong_baccarat.tiles_and_points import PLACES, Tile, check_deal, compare
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import BANKER_PLACE, Outcome

ART_5_3 = Article(Regulation.MAHJONG_BACCARAT, 5, "3")
ART_9 = Article(Regulation.MAHJONG_BACCARAT, 9)
HI_SETTLE_ORDER = HouseInterpretation("HI-SETTLE-ORDER")
HI_MB_COMMISSION = HouseInterpretation("HI-MB-COMMISSION")


@dataclass(frozen=True)
class PlaceSettlement:
    place: int
    stake: Decimal
    outcome: Outcome
    amount: Decimal  # what actually changed hands, ≥ 0
    commission: Decimal  # 5% of an amount the place won
    returned: Decimal  # stake left untouched because the capital ran out or was reached
    net: Decimal  # signed, the place's side, after commission
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class TableSettlement:
    order: tuple[int, ...]
    places: dict[int, PlaceSettlement]
    banker_net: Decimal  # signed, before commission
    banker_commission: Decimal
    reasons: tuple[Reason, ...]


def settlement_order(first: int) -> tuple[int, ...]:
    """Counterclockwise from the dice-picked place, skipping the banker (HI-SETTLE-ORDER)."""
    start = first if first != BANKER_PLACE else BANKER_PLACE + 1
    return tuple(p for p in table.dealing_order(start, PLACES) if p != BANKER_PLACE)


def settle_table(capital: Decimal, first_seat: int, banker_hand: Iterable[Tile],
                 hands: Mapping[int, Iterable[Tile]], bets: Mapping[int, Decimal],
                 rules: HouseRules | None = None) -> TableSettlement:
    """Pay and collect place by place; the banker's result never exceeds his capital."""
    rules = rules or HouseRules()
    _check_table(capital, first_seat, banker_hand, hands, bets)
    rate = rules.mahjong_baccarat.commission_rate
    running = Decimal("0")  # the banker's net so far, before commission
    collected = []
    order = tuple(p for p in settlement_order(first_seat) if bets.get(p, 0) > 0)
    places = {}
    for place in order:
        stake = bets[place]
        verdict = compare(hands[place], banker_hand)
        reasons = [verdict.reason]
        if verdict.outcome is Outcome.BANKER:
            amount = min(stake, capital - running)
            running += amount
            commission = Decimal("0")
            collected.append(amount)
            net = -amount
        else:
            amount = min(stake, capital + running)
            running -= amount
            commission = rules.round_commission(amount * rate)
            net = amount - commission
        if amount < stake:
            reasons.append(Reason(_capital_message(verdict.outcome, stake - amount), ART_5_3))
        places[place] = PlaceSettlement(place, stake, verdict.outcome, amount, commission,
                                        stake - amount, net, tuple(reasons))
    summary = Reason(Message.of(N_(
        "Settled counterclockwise from place {first}, skipping the banker."),
        first=order[0] if order else first_seat), HI_SETTLE_ORDER)
    return TableSettlement(order, places, running,
                           banker_commission(running, collected, rules),
                           (summary, Reason(Message.of(N_(
                               "The casino takes {rate} per cent of every amount won.")
                           , rate=commission_percent(rules)), ART_9)))


def banker_commission(net: Decimal, collected: Iterable[Decimal],
                      rules: HouseRules | None = None) -> Decimal:
    """What the banker pays the casino for a round (HI-MB-COMMISSION).

    By default 5% of his net gain ``net``, and only when he wins the round, so neither his
    gain nor his loss exceeds his capital (Art. 5.3); with the setting "per won bet", 5% of
    every amount he ``collected``, whether he wins the round or not.
    """
    rules = rules or HouseRules()
    rate = rules.mahjong_baccarat.commission_rate
    if rules.mahjong_baccarat.banker_commission is BankerCommission.PER_WON_BET:
        return sum((rules.round_commission(a * rate) for a in collected), Decimal("0"))
    return rules.round_commission(max(net, Decimal("0")) * rate)


def commission_reason(net: Decimal, won: Decimal, commission: Decimal,
                      rules: HouseRules) -> Reason:
    """Why the banker pays ``commission`` on a round whose net is ``net`` (he collected
    ``won`` in all), and his result (HI-MB-COMMISSION)."""
    values = {"net": Money(net), "rate": commission_percent(rules), "won": Money(won),
              "commission": Money(commission), "result": Money(net - commission)}
    if rules.mahjong_baccarat.banker_commission is BankerCommission.PER_WON_BET:
        return Reason(Message.of(N_(
            "The banker's net is {net} before commission; this house takes {rate} per cent "
            "of every amount he collects: of the {won} he collected that is {commission}, so "
            "his result is {result}."), **values), HI_MB_COMMISSION)
    if net > 0:
        return Reason(Message.of(N_(
            "The banker wins the round by {net}: he pays {rate} per cent of that net gain, "
            "{commission}, so his result is {result}."), **values), HI_MB_COMMISSION)
    return Reason(Message.of(N_(
        "The banker's net for the round is {net}: he has not won it, so he pays no "
        "commission and his result is {result}."), **values),
        HI_MB_COMMISSION)


def settlement_account(capital: Decimal, result: TableSettlement,
                       rules: HouseRules | None = None) -> tuple[Reason, ...]:
    """Place by place, what changed hands and the banker's running net, then his result.

    The croupier's own account of a settlement (HI-SETTLE-ORDER): it shows where the
    capital ran out or was reached (Art. 5.3) and the commission on every win (Art. 9).
    """
    rules = rules or HouseRules()
    running = Decimal("0")
    won = Decimal("0")
    lines = []
    for place in result.order:
        settled = result.places[place]
        if settled.outcome is Outcome.BANKER:
            running += settled.amount
            won += settled.amount
        else:
            running -= settled.amount
        lines.append(_account_line(settled, Money(running), Money(capital)))
    lines.append(commission_reason(result.banker_net, won, result.banker_commission, rules))
    return tuple(lines)


def _account_line(settled: PlaceSettlement, running: Money, capital: Money) -> Reason:
    place, amount, stake = settled.place, Money(settled.amount), Money(settled.stake)
    if settled.outcome is Outcome.BANKER:
        if not settled.returned:
            return Reason(Message.of(N_("Place {place} loses and pays {amount}; the banker's "
                                        "running net is {running}."),
                                     place=place, amount=amount, running=running),
                          HI_SETTLE_ORDER)
        if settled.amount:
            return Reason(Message.of(N_("Place {place} loses {stake} but pays only {amount}: "
                                        "the banker's win has reached his capital of "
                                        "{capital}."),
                                     place=place, stake=stake, amount=amount, capital=capital),
                          ART_5_3)
        return Reason(Message.of(N_("Place {place} loses but pays nothing: the banker has "
                                    "already won his capital of {capital}."),
                                 place=place, capital=capital), ART_5_3)
    net, commission = Money(settled.net), Money(settled.commission)
    if not settled.returned:
        return Reason(Message.of(N_("Place {place} wins {amount} and is paid {net} after "
                                    "{commission} commission; the banker's running net is "
                                    "{running}."), place=place, amount=amount, net=net,
                                 commission=commission, running=running), ART_9)
    if settled.amount:
        return Reason(Message.of(N_("Place {place} wins {stake}, but only {amount} is left of "
                                    "the banker's capital of {capital}: it is paid {net} "
                                    "after {commission} commission."),
                                 place=place, stake=stake, amount=amount, capital=capital,
                                 net=net, commission=commission), ART_5_3)
    return Reason(Message.of(N_("Place {place} wins but is paid nothing: the banker's capital "
                                "of {capital} is exhausted."), place=place, capital=capital),
                  ART_5_3)


def commission_percent(rules: HouseRules) -> str:
    """The commission rate as a percentage without trailing zeros: "5", "2.5"."""
    return f"{(rules.mahjong_baccarat.commission_rate * 100).normalize():f}"


def _capital_message(outcome: Outcome, left: Decimal) -> Message:
    if outcome is Outcome.BANKER:
        return Message.of(N_("The banker's win has reached his capital: {left} of the stake "
                             "is returned."), left=Money(left))
    return Message.of(N_("The banker's capital is exhausted: {left} of the stake is not paid "
                         "and is returned."), left=Money(left))


def _check_table(capital: Decimal, first: int, banker_hand: Iterable[Tile],
                 hands: Mapping[int, Iterable[Tile]], bets: Mapping[int, Decimal]) -> None:
    if not isinstance(capital, Decimal) or capital <= 0:
        raise ValueError("the banker's capital is a positive Decimal")
    if not 1 <= first <= PLACES:
        raise ValueError(f"places are 1 to {PLACES}")
    for place, stake in bets.items():
        if not 2 <= place <= PLACES:
            raise ValueError(f"bets lie on places 2 to {PLACES}, not {place}")
        if not isinstance(stake, Decimal) or stake < 0:
            raise ValueError("a stake is a Decimal, never negative")
        if stake > 0 and place not in hands:
            raise ValueError(f"place {place} has a bet but no hand")
    check_deal([banker_hand, *hands.values()])
