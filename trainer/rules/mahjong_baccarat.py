"""Mahjong Baccarat, Portaria 15/96/M: tiles, points, who wins, the bank and table settlement.

20 tiles, two each of K, 9, 8, 7, 6, 5, 4, 3, 2, A; ten places including the banker, all
dealt two tiles, counterclockwise from the place the banker's four dice pick (Art. 1–3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from i18n import N_, Message, Money
from trainer.rules import table
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import BANKER_PLACE, Outcome

PLACES = 10
ART_2_2 = Article(Regulation.MAHJONG_BACCARAT, 2, "2")
ART_5_1 = Article(Regulation.MAHJONG_BACCARAT, 5, "1")
ART_5_2 = Article(Regulation.MAHJONG_BACCARAT, 5, "2")
ART_5_3 = Article(Regulation.MAHJONG_BACCARAT, 5, "3")
ART_5_4 = Article(Regulation.MAHJONG_BACCARAT, 5, "4")
ART_6 = Article(Regulation.MAHJONG_BACCARAT, 6)
ART_7_1 = Article(Regulation.MAHJONG_BACCARAT, 7, "1")
ART_7_2 = Article(Regulation.MAHJONG_BACCARAT, 7, "2")
ART_8 = Article(Regulation.MAHJONG_BACCARAT, 8)
ART_9 = Article(Regulation.MAHJONG_BACCARAT, 9)
HI_SETTLE_ORDER = HouseInterpretation("HI-SETTLE-ORDER")


class Tile(Enum):
    """A tile, in the individual order of Art. 6.1: K > 9 > 8 > … > 2 > A."""

    KING = "K"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"
    ACE = "A"

    @property
    def points(self) -> int:
        """The king counts 0 and the ace 1 (Art. 6.1)."""
        return _SPECIAL_POINTS[self.value] if self.value in _SPECIAL_POINTS else int(self.value)

    @property
    def strength(self) -> int:
        """Larger is higher in the individual order: A = 1 … 9 = 9, K = 10."""
        return 10 if self is Tile.KING else self.points

    def __str__(self) -> str:
        return self.value


_SPECIAL_POINTS = {"K": 0, "A": 1}

#: The whole set: two of each tile (Art. 1.1).
TILE_SET: tuple[Tile, ...] = tuple(tile for tile in Tile for _copy in range(2))


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Tiles written by their values, ``parse_tiles("K 9")``; "R" (rei) is also a king."""
    tiles = []
    for token in text.upper().replace("R", "K").split():
        try:
            tiles.append(Tile(token))
        except ValueError:
            raise ValueError(f"not a Mahjong Baccarat tile: {token!r}") from None
    return tuple(tiles)


def check_hand(hand: Iterable[Tile]) -> tuple[Tile, Tile]:
    tiles = tuple(hand)
    if len(tiles) != 2 or not all(isinstance(t, Tile) for t in tiles):
        raise ValueError("a Mahjong Baccarat hand is two tiles")
    return tiles  # type: ignore[return-value]


def check_deal(hands: Iterable[Iterable[Tile]]) -> None:
    """Tiles dealt together come from one set: at most two of each value."""
    counts = Counter(tile for hand in hands for tile in check_hand(hand))
    if any(n > 2 for n in counts.values()):
        raise ValueError("the set holds only two tiles of each value")


def points(hand: Iterable[Tile]) -> int:
    """The sum of the two tiles' values, tens dropped: 9 is the best (Art. 6.2)."""
    return sum(tile.points for tile in check_hand(hand)) % 10


def high_tile(hand: Iterable[Tile]) -> Tile:
    return max(check_hand(hand), key=lambda tile: tile.strength)


def first_seat(dice_total: int) -> int:
    """The place receiving the first tiles, counted from the banker as 1 (Art. 2.2)."""
    return table.first_seat(dice_total, PLACES)


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome  # PLAYER or BANKER, never a tie
    reason: Reason


def compare(player_hand: Iterable[Tile], banker_hand: Iterable[Tile]) -> Verdict:
    """Who wins a place's hand against the banker's (Art. 7, 8): there is never a tie."""
    player_hand, banker_hand = check_hand(player_hand), check_hand(banker_hand)
    check_deal([player_hand, banker_hand])
    mine, theirs = points(player_hand), points(banker_hand)
    if mine == theirs == 0:
        return Verdict(Outcome.BANKER, Reason(Message.of(N_(
            "Both have zero points: the banker wins, whatever the tiles.")), ART_8))
    if mine != theirs:
        winner = Outcome.PLAYER if mine > theirs else Outcome.BANKER
        text = (N_("{player} points against the banker's {banker}: the player wins.")
                if winner is Outcome.PLAYER else
                N_("{player} points against the banker's {banker}: the banker wins."))
        return Verdict(winner, Reason(Message.of(text, player=mine, banker=theirs), ART_7_1))
    my_high, their_high = high_tile(player_hand), high_tile(banker_hand)
    if my_high.strength > their_high.strength:
        return Verdict(Outcome.PLAYER, Reason(Message.of(N_(
            "Both have {points} points; the player's {high} is higher than the banker's "
            "{other}: the player wins."), points=mine, high=str(my_high),
            other=str(their_high)), ART_7_2))
    if my_high.strength < their_high.strength:
        return Verdict(Outcome.BANKER, Reason(Message.of(N_(
            "Both have {points} points; the banker's {high} is higher than the player's "
            "{other}: the banker wins."), points=mine, high=str(their_high),
            other=str(my_high)), ART_7_2))
    return Verdict(Outcome.BANKER, Reason(Message.of(N_(
        "Equal points and equal tiles: the banker wins.")), ART_8))


# Table settlement ----------------------------------------------------------------------


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
    banker_commission = Decimal("0")
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
            banker_commission += rules.round_commission(amount * rate)
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
        "Settled counterclockwise from place {first}, skipping the banker; 5% commission on "
        "every amount won."), first=order[0] if order else first_seat), HI_SETTLE_ORDER)
    return TableSettlement(order, places, running, banker_commission,
                           (summary, Reason(Message.of(N_("The casino takes 5% of every "
                                                          "amount won.")), ART_9)))


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


# The bank -------------------------------------------------------------------------------


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
