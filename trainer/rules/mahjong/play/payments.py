"""Paying a Mah-Jong win (Portaria 135/91/M, Art. 3, 7, 9, 10).

Every other player pays the winner the house amount for the hand's grade (HI-MJ-PAY:
kai vu, 1 fán, double fán); the banker always pays double to a winner and receives double
from all when he wins (Art. 7). A liable discarder bears the other players' losses
(Art. 10: he pays all their shares). A winner never receives more than his capital in play
(Art. 9 (a)(4), (b)(3)). HI-MJ-CAP: the shares are taken counterclockwise from the winner
(the order of play) until his capital is reached; the payers after that pay nothing.

The simplified form is played by 2 to 4 players (Art. 3 (b)): «os outros» are the other
players present, so only they pay, are paid, or bear a loss. The conventional form always
has four (Art. 3 (a)).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation

ART_7 = Article(Regulation.MAHJONG, 7)
#: The house's commission on every game won (its table is not in our files: a house setting).
ART_8 = Article(Regulation.MAHJONG, 8)
#: A winner never receives more than his capital in play: Art. 9 (a)(4), (b)(3).
ART_9_CAPITAL = {Variant.CONVENTIONAL: Article(Regulation.MAHJONG, 9, "a(4)"),
                 Variant.SIMPLIFIED: Article(Regulation.MAHJONG, 9, "b(3)")}
#: The false win («nulo») and what it pays: Art. 10 (a)(8), (b)(3).
ART_10_NULO = {Variant.CONVENTIONAL: Article(Regulation.MAHJONG, 10, "a(8)"),
               Variant.SIMPLIFIED: Article(Regulation.MAHJONG, 10, "b(3)")}
#: The number of players: four in the conventional form, 2 to 4 in the simplified one.
ART_3 = {Variant.CONVENTIONAL: Article(Regulation.MAHJONG, 3, "a"),
         Variant.SIMPLIFIED: Article(Regulation.MAHJONG, 3, "b")}
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


def table(variant: Variant = Variant.CONVENTIONAL, players: Sequence[Wind] | None = None,
          banker: Wind = Wind.EAST) -> tuple[Wind, ...]:
    """The seats at the table, in the order of play from the banker (Art. 3).

    The conventional form is played by four (Art. 3 (a)); the simplified one by 2 to 4
    (Art. 3 (b)), the banker always among them.
    """
    if players is None:
        return tuple(banker.next(step) for step in range(4))
    present = set(players)
    low = 4 if variant is Variant.CONVENTIONAL else 2
    if banker not in present or not low <= len(present) <= 4:
        raise ValueError(f"{variant.value} Mah-Jong is played by {low}–4 players with the "
                         f"banker among them, not {sorted(present)}")
    return tuple(s for s in (banker.next(step) for step in range(4)) if s in present)


def others(seat: Wind, seats: Sequence[Wind]) -> tuple[Wind, ...]:
    """The other players present, counterclockwise from ``seat`` (the order of play)."""
    return tuple(s for s in (seat.next(step) for step in (1, 2, 3)) if s in seats)


def small_table(seats: Sequence[Wind], variant: Variant) -> list[Reason]:
    """Art. 3 (b), said when fewer than four play: only the players present pay."""
    if len(seats) == 4:
        return []
    return [Reason(Message.counted(
        "A simplified table of {count} player: «the others» are only the players present.",
        "A simplified table of {count} players: «the others» are only the players present.",
        len(seats)), ART_3[variant])]


def settle(winner: Wind, fan: int, banker: Wind = Wind.EAST, *, discarder: Wind | None = None,
           liable: Wind | None = None, units: Mapping[int, Decimal] | None = None,
           capitals: Mapping[Wind, Decimal] | None = None,
           rules: HouseRules | None = None, variant: Variant = Variant.CONVENTIONAL,
           players: Sequence[Wind] | None = None, case: Article | None = None) -> Payments:
    """Who pays whom for ``winner``'s hand of ``fan`` (0 = kai vu).

    ``players`` are the seats present (simplified: 2–4); ``liable`` the discarder who
    bears the others' losses, under the point ``case`` of Art. 10 that makes him liable.
    """
    house = (rules or HouseRules()).mahjong
    seats = table(variant, players, banker)
    if fan not in (0, 1, 2):
        raise ValueError(f"a hand is kai vu, 1 fán or double fán, not {fan}")
    if winner in (discarder, liable):
        raise ValueError("the winner cannot have discarded his own winning tile")
    if winner not in seats or any(s is not None and s not in seats for s in (discarder, liable)):
        raise ValueError("the winner and the discarder must be at the table")
    base = units[fan] if units is not None else house.amount(fan)
    reasons = small_table(seats, variant)
    reasons.append(Reason(Message.of(N_("Each player pays {amount} for this hand."),
                                     amount=Money(base)), HI_MJ_PAY))
    shares = []
    for payer in others(winner, seats):
        doubled = banker in (payer, winner)
        shares.append((payer, base * 2 if doubled else base))
    reasons.append(Reason(Message.of(N_("The banker pays double to a winner and receives "
                                        "double from all when he wins.")), ART_7))
    if liable is not None:
        total = sum((amount for _payer, amount in shares), Decimal(0))
        shares = [(liable, total)]
        reasons.append(Reason(Message.of(N_("The liable discarder bears the other players' "
                                            "losses: he pays all {amount}."),
                                         amount=Money(total)),
                              case or Article(Regulation.MAHJONG, 10)))
    transfers = _capped(winner, shares, capitals, reasons, variant)
    return Payments(tuple(transfers), tuple(reasons))


def _capped(winner: Wind, shares: list[tuple[Wind, Decimal]],
            capitals: Mapping[Wind, Decimal] | None, reasons: list[Reason],
            variant: Variant) -> list[Transfer]:
    """HI-MJ-CAP: the shares, counterclockwise from the winner, until his capital is
    reached (Art. 9 (a)(4), (b)(3)); the rest is not paid."""
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
                                         capital=Money(capitals[winner])), ART_9_CAPITAL[variant]))
        reasons.append(Reason(Message.of(N_("The shares are taken counterclockwise from the "
                                            "winner until the capital is reached.")),
                              HI_MJ_CAP))
    return transfers


@dataclass(frozen=True)
class Commission:
    """What the house takes from a win (Art. 8), and why."""

    amount: Decimal
    reason: Reason


def commission(received: Decimal, rules: HouseRules | None = None) -> Commission:
    """The house's commission on a win of ``received`` (Art. 8: «de todos os jogos ganhos a
    Casa cobra uma comissão»): the house's rate of what the winner receives, rounded to its
    commission unit (its table is not in our files; the house sets the rate, default none)."""
    if received < 0:
        raise ValueError("a winner receives, he does not pay")
    house = rules or HouseRules()
    rate = house.mahjong.commission_rate
    amount = house.round_commission(received * rate)
    if not rate:
        text = Message.of(N_("The house takes no commission on a win."))
    else:
        text = Message.of(N_("The house takes {rate} per cent of the {received} the winner "
                             "receives: {amount}."), rate=f"{(rate * 100).normalize():f}",
                          received=Money(received), amount=Money(amount))
    return Commission(amount, Reason(text, ART_8))


def false_win(declarer: Wind, banker: Wind = Wind.EAST,
              variant: Variant = Variant.CONVENTIONAL,
              rules: HouseRules | None = None,
              players: Sequence[Wind] | None = None) -> Payments:
    """What a win declared «nulo» pays: Art. 10 (a)(8) and (b)(3).

    Conventional: a banker pays each of the three the double-fán amount; another player
    pays the banker the double-fán amount and the other two the 1-fán amount. Simplified:
    each of the other players present the 1-fán amount.
    """
    house = (rules or HouseRules()).mahjong
    seats = table(variant, players, banker)
    if declarer not in seats:
        raise ValueError("the declarer must be at the table")
    paid = others(declarer, seats)
    article = ART_10_NULO[variant]
    reasons = small_table(seats, variant)
    if variant is Variant.SIMPLIFIED:
        amount = house.one_fan_amount
        transfers = [Transfer(declarer, seat, amount) for seat in paid]
        reasons.append(Reason(Message.of(N_("A false win pays each of the others the 1-fán "
                                            "amount, {amount}."), amount=Money(amount)),
                              article))
    elif declarer is banker:
        amount = house.double_fan_amount
        transfers = [Transfer(declarer, seat, amount) for seat in paid]
        reasons.append(Reason(Message.of(N_("A banker's false win pays each of the three the "
                                            "double-fán amount, {amount}."),
                                         amount=Money(amount)), article))
    else:
        transfers = [Transfer(declarer, seat, house.double_fan_amount if seat is banker
                              else house.one_fan_amount) for seat in paid]
        reasons.append(Reason(Message.of(N_("A false win pays the banker the double-fán "
                                            "amount, {double}, and the other two the 1-fán "
                                            "amount, {single}."),
                                         double=Money(house.double_fan_amount),
                                         single=Money(house.one_fan_amount)), article))
    return Payments(tuple(transfers), tuple(reasons))
