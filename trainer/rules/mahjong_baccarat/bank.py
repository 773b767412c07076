"""Mahjong Baccarat: the bank — the banker's next capital and who banks next (Art. 5)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat.settlement import (
    HI_MB_COMMISSION,
    banker_commission,
    commission_reason,
)
from trainer.rules.mahjong_baccarat.tiles_and_points import PLACES
from trainer.rules.regulations import Article, Reason, Regulation

ART_5_1 = Article(Regulation.MAHJONG_BACCARAT, 5, "1")
ART_5_2 = Article(Regulation.MAHJONG_BACCARAT, 5, "2")
ART_5_4 = Article(Regulation.MAHJONG_BACCARAT, 5, "4")


def next_capital(capital: Decimal, net_won: Decimal, raise_by: Decimal = Decimal("0")) -> Decimal:
    """The capital for the next round of a banker who keeps the bank (Art. 5.4).

    A banker who won keeps his capital plus everything won (HI: net of commission, so pass
    the net after commission) and may raise it, never lower it.
    """
    if raise_by < 0:
        raise ValueError("the banker may raise his capital, never lower it")
    if net_won < -capital:
        raise ValueError("a banker cannot lose more than his capital")
    return capital + net_won + raise_by


@dataclass(frozen=True)
class NewCapital:
    capital: Decimal
    reasons: tuple[Reason, ...]


def capital_after_round(capital: Decimal, collected: Iterable[Decimal], paid: Iterable[Decimal],
                        change: Decimal = Decimal("0"),
                        rules: HouseRules | None = None) -> NewCapital:
    """The next capital of a banker who won the round and keeps the bank (Art. 5.4).

    ``collected`` are the amounts won from losing places, ``paid`` those paid to winning
    places; ``change`` is what the banker asks to add (> 0) or take off (< 0): he may raise
    his capital, never lower it. He pays commission on his net gain (HI-MB-COMMISSION, or
    on every amount collected, a house setting); whether the winnings count net of
    commission is the house setting ``capital_net_of_commission``.
    """
    rules = rules or HouseRules()
    collected = tuple(collected)
    won = sum(collected, Decimal("0")) - sum(paid, Decimal("0"))
    if not 0 < won <= capital:
        raise ValueError("a banker who won keeps at most his capital's worth of winnings")
    commission = banker_commission(won, collected, rules)
    if rules.mahjong_baccarat.capital_net_of_commission:
        kept = won - commission
        first = commission_reason(won, sum(collected, Decimal("0")), commission, rules)
    else:
        kept = won
        first = Reason(Message.of(N_("The banker won {won}; this house counts his winnings "
                                     "before commission."), won=Money(won)), HI_MB_COMMISSION)
    new = next_capital(capital, kept, max(change, Decimal("0")))
    reasons = [first, Reason(Message.of(N_(
        "To keep the bank he must leave his capital of {capital} and the {kept} on the "
        "table: {total}."), capital=Money(capital), kept=Money(kept),
        total=Money(capital + kept)), ART_5_4)]
    if change > 0:
        reasons.append(Reason(Message.of(N_("He may raise it: adding {change} makes {new}."),
                                         change=Money(change), new=Money(new)), ART_5_4))
    elif change < 0:
        reasons.append(Reason(Message.of(N_(
            "He may not take {change} off: the capital is never lowered, so it stays {new}."),
            change=Money(-change), new=Money(new)), ART_5_4))
    return NewCapital(new, tuple(reasons))


@dataclass(frozen=True)
class BankTurn:
    seat: int | None  # None: nobody may take the bank
    rounds_in_a_row: int
    reason: Reason


def next_bank(current: int, rounds_held: int, keeps: bool, *,
              declined: Iterable[int] = (), bet_last_round: Iterable[int] = (),
              all_others_agree: bool = False, seats: int = PLACES,
              rules: HouseRules | None = None) -> BankTurn:
    """Who banks the next round (Art. 5.1–5.2); seats are numbered counterclockwise.

    The banker keeps the bank at most two rounds in a row unless all others agree. The turn
    then passes counterclockwise; if that seat declines, the bank goes to the nearest seat
    counterclockwise that bet in the previous round.
    """
    limit = (rules or HouseRules()).mahjong_baccarat.max_rounds_in_a_row
    if keeps and (rounds_held < limit or all_others_agree):
        return BankTurn(current, rounds_held + 1, Reason(Message.of(N_(
            "The banker keeps the bank: round {round} in a row."), round=rounds_held + 1),
            ART_5_1))
    declined, bettors = set(declined), set(bet_last_round)
    turn = current % seats + 1
    if turn not in declined:
        return BankTurn(turn, 1, Reason(Message.of(N_(
            "The bank passes in turn, counterclockwise, to seat {seat}."), seat=turn), ART_5_1))
    for step in range(1, seats):
        seat = (turn - 1 + step) % seats + 1
        if seat != current and seat not in declined and seat in bettors:
            return BankTurn(seat, 1, Reason(Message.of(N_(
                "Seat {turn} declines; the bank passes counterclockwise to seat {seat}, the "
                "nearest that bet in the last round."), turn=turn, seat=seat), ART_5_2))
    return BankTurn(None, 0, Reason(Message.of(N_(
        "Every seat that bet in the last round declined the bank.")), ART_5_2))
