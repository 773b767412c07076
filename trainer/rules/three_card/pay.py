"""Three-card baccarat: what each bet of the house's table is paid on a coup (HI-3C-PAY).

The 1996 regulation of the game is not in our files, so the payout table is a house
interpretation whose numbers are settings in ``HouseRules().three_card``; the coup itself
is decided by :func:`trainer.rules.three_card.classes.showdown`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from i18n import N_, Message, Money
from trainer.rules.cards import Card
from trainer.rules.house import HouseRules
from trainer.rules.regulations import HouseInterpretation, Reason
from trainer.rules.table import Outcome
from trainer.rules.three_card.classes import HI_3C_TIE, figure_count, hand_points, showdown

HI_3C_PAY = HouseInterpretation("HI-3C-PAY")
ZERO = Decimal("0")


class BetKind(StrEnum):
    """The bets of the house's table (HI-3C-PAY).

    The 1996 regulation of the game is not in our files; the table follows public
    descriptions of the Macau game, and what each bet pays is a ``ThreeCardRules`` setting
    (its defaults are said there, once). Player and banker bets are returned, without
    commission, when the hands tie (HI-3C-TIE); three figures needs the ``side`` (player or
    banker) whose hand must hold them; the banker's points needs the ``points`` (0–9) bet
    on, three figures counting 0 points for it, as their sum does.
    """

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    THREE_FIGURES = "three-figures"
    BANKER_POINTS = "banker-points"


_BACKED_HAND = {BetKind.PLAYER: Outcome.PLAYER, BetKind.BANKER: Outcome.BANKER}


class BetResult(StrEnum):
    """What happened to a bet: it won, it lost its stake, or it was returned (a push)."""

    WIN = "win"
    LOSS = "loss"
    PUSH = "push"


@dataclass(frozen=True)
class Settlement:
    """A settled bet, all amounts as Decimal from the bettor's side.

    ``winnings`` is what the bet won before commission (0 unless it won); ``returned`` is
    the stake handed back (on a win, and on a push); ``net`` is the bettor's gain:
    winnings − commission on a win, 0 on a push, −stake on a loss.
    """

    bet: BetKind
    stake: Decimal
    coup: Outcome
    outcome: BetResult
    winnings: Decimal
    commission: Decimal
    returned: Decimal
    net: Decimal
    reasons: tuple[Reason, ...]


def _plain(number: Decimal) -> str:
    """A rate or odds such as 20 or 2.5 without exponent or trailing zeros."""
    return f"{number.normalize():f}"


def _check_bet(bet_kind: BetKind, stake: Decimal, side: Outcome | None,
               points_bet: int | None) -> None:
    """Refuse a bet a croupier could not take, so a wrong question never gets an answer."""
    if not isinstance(bet_kind, BetKind):
        raise ValueError(f"not a three-card bet: {bet_kind!r}")
    if not isinstance(stake, Decimal) or not stake.is_finite() or stake <= 0:
        raise ValueError(f"a stake is a positive Decimal, not {stake!r}")
    if bet_kind is BetKind.THREE_FIGURES:
        if side not in (Outcome.PLAYER, Outcome.BANKER):
            raise ValueError(f"a three-figures bet is on the player or the banker, not {side!r}")
    elif side is not None:
        raise ValueError(f"only a three-figures bet takes a side, not a {bet_kind} bet")
    if bet_kind is BetKind.BANKER_POINTS:
        if type(points_bet) is not int or not 0 <= points_bet <= 9:
            raise ValueError(f"a bet on the banker's points names 0 to 9, not {points_bet!r}")
    elif points_bet is not None:
        raise ValueError(f"only a bet on the banker's points takes points, not a {bet_kind} bet")


def settle(bet_kind: BetKind, stake: Decimal, player: Sequence[Card], banker: Sequence[Card],
           *, side: Outcome | None = None, points: int | None = None,
           rules: HouseRules | None = None, decks: int = 1) -> Settlement:
    """Settle one bet on a coup (HI-3C-PAY), with the showdown's reasons first; a player
    or banker bet on a tie is returned (HI-3C-TIE). ``decks``: the coup is dealt from a
    shoe of so many decks, where the hands may hold the same card."""
    rules = rules or HouseRules()
    table = rules.three_card
    points_bet = points  # the name of the bet's parameter, not of hand_points()
    _check_bet(bet_kind, stake, side, points_bet)
    coup = showdown(player, banker, decks=decks)
    reasons = list(coup.reasons)
    pays, commission_rate = Decimal("1"), ZERO

    def lose(why: Message) -> Settlement:
        reasons.append(Reason(why, HI_3C_PAY))
        return Settlement(bet_kind, stake, coup.outcome, BetResult.LOSS, ZERO, ZERO, ZERO,
                          -stake, tuple(reasons))

    if bet_kind in (BetKind.PLAYER, BetKind.BANKER):
        if coup.outcome is Outcome.TIE:
            reasons.append(Reason(Message.of(
                N_("The hands tie: a bet on the player or on the banker neither wins nor "
                   "loses, and no commission is taken; the stake of {stake} is returned."),
                stake=Money(stake)), HI_3C_TIE))
            return Settlement(bet_kind, stake, coup.outcome, BetResult.PUSH, ZERO, ZERO,
                              stake, ZERO, tuple(reasons))
        if coup.outcome is not _BACKED_HAND[bet_kind]:
            return lose(Message.of(N_("The bet is on the losing hand: it loses its stake of "
                                      "{stake}."), stake=Money(stake)))
        commission_rate = table.commission_rate
    elif bet_kind is BetKind.TIE:
        if coup.outcome is not Outcome.TIE:
            return lose(Message.of(N_("The coup is not a tie: the tie bet loses its stake of "
                                      "{stake}."), stake=Money(stake)))
        pays = table.tie_pays
    elif bet_kind is BetKind.THREE_FIGURES:
        hand = player if side is Outcome.PLAYER else banker
        if figure_count(hand, decks=decks) != 3:
            if side is Outcome.PLAYER:
                return lose(Message.of(N_("The player does not hold three figures: the bet "
                                          "loses its stake of {stake}."), stake=Money(stake)))
            return lose(Message.of(N_("The banker does not hold three figures: the bet loses "
                                      "its stake of {stake}."), stake=Money(stake)))
        pays = table.three_figures_pays
    else:
        actual = hand_points(banker, decks=decks)
        if actual != points_bet:
            return lose(Message.counted(
                "The banker has {count} point, not {points} as bet: the bet loses its stake "
                "of {stake}.",
                "The banker has {count} points, not {points} as bet: the bet loses its stake "
                "of {stake}.", actual, points=points_bet, stake=Money(stake)))
        pays = table.banker_points_pays

    winnings = rules.round_money(stake * pays)
    commission = rules.round_commission(winnings * commission_rate)
    net = winnings - commission
    reasons.append(Reason(_win_reason(bet_kind, side, points_bet, pays, commission_rate,
                                      winnings, commission), HI_3C_PAY))
    return Settlement(bet_kind, stake, coup.outcome, BetResult.WIN, winnings, commission,
                      stake, net, tuple(reasons))


def _win_reason(bet_kind: BetKind, side: Outcome | None, points_bet: int | None,
                pays: Decimal, rate: Decimal, winnings: Decimal, commission: Decimal) -> Message:
    """Why a winning bet is paid what it is: one whole sentence per bet, for translators."""
    paid = {"pays": _plain(pays), "winnings": Money(winnings)}
    if bet_kind in (BetKind.PLAYER, BetKind.BANKER):
        return Message.of(N_("The bet is on the winning hand and is paid even money: "
                             "{winnings}, less the {rate} per cent commission of {commission}, "
                             "nets {net}; the stake is returned."), winnings=Money(winnings),
                          rate=_plain(rate * 100), commission=Money(commission),
                          net=Money(winnings - commission))
    if bet_kind is BetKind.TIE:
        return Message.of(N_("The coup is a tie: the tie bet is paid {pays} to 1, {winnings}; "
                             "the stake is returned."), **paid)
    if bet_kind is BetKind.THREE_FIGURES and side is Outcome.PLAYER:
        return Message.of(N_("The player holds three figures: the bet is paid {pays} to 1, "
                             "{winnings}; the stake is returned."), **paid)
    if bet_kind is BetKind.THREE_FIGURES:
        return Message.of(N_("The banker holds three figures: the bet is paid {pays} to 1, "
                             "{winnings}; the stake is returned."), **paid)
    assert points_bet is not None  # _check_bet: a bet on the banker's points names them
    return Message.counted("The banker has {count} point, as bet: the bet is paid {pays} to 1, "
                           "{winnings}; the stake is returned.",
                           "The banker has {count} points, as bet: the bet is paid {pays} to "
                           "1, {winnings}; the stake is returned.", points_bet, **paid)
