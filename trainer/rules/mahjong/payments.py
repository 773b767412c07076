"""Paying a Mah-Jong win (Portaria 135/91/M, Art. 7, 9, 10).

Every other player pays the winner the house amount for the hand's grade (HI-MJ-PAY:
kai vu, 1 fán, double fán); the banker always pays double to a winner and receives double
from all when he wins (Art. 7). A liable discarder bears the other two players' losses
(Art. 10: he pays all three shares). A winner never receives more than his capital in play
(Art. 9): HI-MJ-CAP takes the shares counterclockwise from the winner until it is reached.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.tiles import Variant, Wind
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation

ART_7 = Article(Regulation.MAHJONG, 7)
ART_9 = Article(Regulation.MAHJONG, 9)
ART_10A = Article(Regulation.MAHJONG, 10, "a")
ART_10B = Article(Regulation.MAHJONG, 10, "b")
HI_MJ_PAY = HouseInterpretation("HI-MJ-PAY")
HI_MJ_CAP = HouseInterpretation("HI-MJ-CAP")


@dataclass(frozen=True)
class Transfer:
    payer: Wind
    payee: Wind
    amount: Decimal


@dataclass(frozen=True)
class Payments:
    transfers: tuple[Transfer, ...]
    reasons: tuple[Reason, ...]

    @property
    def net(self) -> dict[Wind, Decimal]:
        """Each seat's signed result."""
        result = {seat: Decimal("0") for seat in Wind}
        for t in self.transfers:
            result[t.payer] -= t.amount
            result[t.payee] += t.amount
        return result


def settle(winner: Wind, fan: int, banker: Wind = Wind.EAST, *, discarder: Wind | None = None,
           liable: Wind | None = None, units: Mapping[int, Decimal] | None = None,
           capitals: Mapping[Wind, Decimal] | None = None,
           rules: HouseRules | None = None) -> Payments:
    """Who pays whom for ``winner``'s hand of ``fan`` (0 = kai vu)."""
    house = (rules or HouseRules()).mahjong
    if fan not in (0, 1, 2):
        raise ValueError(f"a hand is kai vu, 1 fán or double fán, not {fan}")
    if winner in (discarder, liable):
        raise ValueError("the winner cannot have discarded his own winning tile")
    base = units[fan] if units is not None else house.amount(fan)
    reasons = [Reason(Message.of(N_("Each player pays {amount} for this hand."),
                                 amount=Money(base)), HI_MJ_PAY)]
    shares = []
    for step in (1, 2, 3):
        payer = winner.next(step)
        doubled = banker in (payer, winner)
        shares.append((payer, base * 2 if doubled else base))
    reasons.append(Reason(Message.of(N_("The banker pays double to a winner and receives "
                                        "double from all when he wins.")), ART_7))
    if liable is not None:
        total = sum(amount for _payer, amount in shares)
        shares = [(liable, total)]
        reasons.append(Reason(Message.of(N_("The liable discarder bears the other two "
                                            "players' losses: he pays all {amount}."),
                                         amount=Money(total)), ART_10A))
    transfers = _capped(winner, shares, capitals, reasons)
    return Payments(tuple(transfers), tuple(reasons))


def _capped(winner: Wind, shares: list[tuple[Wind, Decimal]],
            capitals: Mapping[Wind, Decimal] | None, reasons: list[Reason]) -> list[Transfer]:
    if capitals is None or winner not in capitals:
        return [Transfer(payer, winner, amount) for payer, amount in shares]
    room = capitals[winner]
    transfers = []
    for payer, amount in shares:
        paid = min(amount, room)
        room -= paid
        if paid:
            transfers.append(Transfer(payer, winner, paid))
    if sum(t.amount for t in transfers) < sum(amount for _p, amount in shares):
        reasons.append(Reason(Message.of(N_("A winner never receives more than his capital "
                                            "in play, {capital}."),
                                         capital=Money(capitals[winner])), ART_9))
        reasons.append(Reason(Message.of(N_("The shares are taken counterclockwise from the "
                                            "winner until the capital is reached.")),
                              HI_MJ_CAP))
    return transfers


def false_win(declarer: Wind, banker: Wind = Wind.EAST,
              variant: Variant = Variant.CONVENTIONAL,
              rules: HouseRules | None = None) -> Payments:
    """A win declared without a winning hand («nulo»): Art. 10 (a)(8) and (b)(3)."""
    house = (rules or HouseRules()).mahjong
    others = [declarer.next(step) for step in (1, 2, 3)]
    if variant is Variant.SIMPLIFIED:
        amount = house.amount(1)
        transfers = [Transfer(declarer, seat, amount) for seat in others]
        reason = Reason(Message.of(N_("A false win pays each of the three the 1-fán amount, "
                                      "{amount}."), amount=Money(amount)), ART_10B)
    elif declarer is banker:
        amount = house.amount(2)
        transfers = [Transfer(declarer, seat, amount) for seat in others]
        reason = Reason(Message.of(N_("A banker's false win pays each of the three the "
                                      "double-fán amount, {amount}."), amount=Money(amount)),
                        ART_10A)
    else:
        transfers = [Transfer(declarer, seat, house.amount(2 if seat is banker else 1))
                     for seat in others]
        reason = Reason(Message.of(N_("A false win pays the banker the double-fán amount, "
                                      "{double}, and the other two the 1-fán amount, {single}."),
                                   double=Money(house.amount(2)), single=Money(house.amount(1))),
                        ART_10A)
    return Payments(tuple(transfers), (reason,))
