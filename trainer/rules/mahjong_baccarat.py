"""Mahjong Baccarat, Portaria 15/96/M: tiles, points, who wins, the bank and table settlement.

20 tiles, two each of K, 9, 8, 7, 6, 5, 4, 3, 2, A; ten places including the banker, all
dealt two tiles, counterclockwise from the place the banker's four dice pick (Art. 1–3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum, StrEnum

from i18n import N_, Message, Money
from trainer.rules import table
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation
from trainer.rules.table import BANKER_PLACE, Outcome

PLACES = 10
ART_2_2 = Article(Regulation.MAHJONG_BACCARAT, 2, "2")
ART_2_3 = Article(Regulation.MAHJONG_BACCARAT, 2, "3")
ART_2_4 = Article(Regulation.MAHJONG_BACCARAT, 2, "4")
ART_2_5 = Article(Regulation.MAHJONG_BACCARAT, 2, "5")
ART_2_6 = Article(Regulation.MAHJONG_BACCARAT, 2, "6")
ART_2_7 = Article(Regulation.MAHJONG_BACCARAT, 2, "7")
ART_2_8 = Article(Regulation.MAHJONG_BACCARAT, 2, "8")
ART_4 = Article(Regulation.MAHJONG_BACCARAT, 4)
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
class Served:
    place: int
    reasons: tuple[Reason, ...]


def served(dice: Sequence[int], stack: int = 1) -> Served:
    """The place that receives stack ``stack`` (1 = the first) after the banker's four dice.

    The total counts places from the banker as 1, counterclockwise, and nobody may change
    it (Art. 2.2–2.3). The tiles lie in stacks of two (Art. 2.1) and every place receives
    two tiles (Art. 2.4): one stack to each place in turn.
    """
    if len(dice) != 4 or not all(1 <= face <= 6 for face in dice):
        raise ValueError("the banker shakes four dice, each showing 1 to 6")
    if not 1 <= stack <= PLACES:
        raise ValueError(f"one stack goes to each of the {PLACES} places")
    total = sum(dice)
    place = table.seat_for_card(total, PLACES, stack)
    reasons = [Reason(Message.of(N_("The dice show {dice}: a total of {total}, which nobody "
                                    "may add to or subtract from."),
                                 dice=" + ".join(str(face) for face in dice), total=total),
                      ART_2_3),
               Reason(table.counting_explanation(total, PLACES), ART_2_2)]
    if stack > 1:
        reasons.append(Reason(Message.of(N_(
            "Every place receives one stack of two tiles in turn, counterclockwise from place "
            "{first}: stack {stack} goes to place {place}."),
            first=first_seat(total), stack=stack, place=place), ART_2_4))
    return Served(place, tuple(reasons))


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


def settlement_account(capital: Decimal, result: TableSettlement,
                       rules: HouseRules | None = None) -> tuple[Reason, ...]:
    """Place by place, what changed hands and the banker's running net, then his result.

    The croupier's own account of a settlement (HI-SETTLE-ORDER): it shows where the
    capital ran out or was reached (Art. 5.3) and the commission on every win (Art. 9).
    """
    rate = _percent(rules or HouseRules())
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
    lines.append(Reason(Message.of(N_(
        "The banker's net is {net} before commission; {rate}% of the {won} he won is "
        "{commission}, so his result is {result}."), net=Money(result.banker_net), rate=rate,
        won=Money(won), commission=Money(result.banker_commission),
        result=Money(result.banker_net - result.banker_commission)), ART_9))
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


def _percent(rules: HouseRules) -> str:
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
class NewCapital:
    capital: Decimal
    reasons: tuple[Reason, ...]


def capital_after_round(capital: Decimal, collected: Iterable[Decimal], paid: Iterable[Decimal],
                        change: Decimal = Decimal("0"),
                        rules: HouseRules | None = None) -> NewCapital:
    """The next capital of a banker who won the round and keeps the bank (Art. 5.4).

    ``collected`` are the amounts won from losing places (each pays 5% commission, Art. 9),
    ``paid`` those paid to winning places; ``change`` is what the banker asks to add (> 0)
    or take off (< 0): he may raise his capital, never lower it. Whether the winnings count
    net of commission is the house setting ``capital_net_of_commission``.
    """
    rules = rules or HouseRules()
    collected = tuple(collected)
    won = sum(collected, Decimal("0")) - sum(paid, Decimal("0"))
    if not 0 < won <= capital:
        raise ValueError("a banker who won keeps at most his capital's worth of winnings")
    rate = rules.mahjong_baccarat.commission_rate
    commission = sum((rules.round_commission(a * rate) for a in collected), Decimal("0"))
    if rules.mahjong_baccarat.capital_net_of_commission:
        kept = won - commission
        first = Reason(Message.of(N_(
            "The banker won {won}; {rate}% commission on each amount he collected comes to "
            "{commission}, so he has {kept} to keep."), won=Money(won), rate=_percent(rules),
            commission=Money(commission), kept=Money(kept)), HI_SETTLE_ORDER)
    else:
        kept = won
        first = Reason(Message.of(N_("The banker won {won}; this house counts his winnings "
                                     "before commission."), won=Money(won)), HI_SETTLE_ORDER)
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


# Procedure at the table -----------------------------------------------------------------


class Incident(StrEnum):
    """Things that happen at the table and call for a ruling from the croupier."""

    DICE_OUT_OF_BOWL = "dice_out_of_bowl"
    DICE_BADLY_SETTLED = "dice_badly_settled"
    TILE_EXPOSED = "tile_exposed"  # turned up by accident while dealing
    BET_AFTER_DICE = "bet_after_dice"  # a new bet once the dice are shaken
    BET_CHANGED_AFTER_DICE = "bet_changed_after_dice"  # added to, withdrawn or moved
    BET_ON_WRONG_PLACE = "bet_on_wrong_place"  # a player says he meant another place
    TOTAL_ADJUSTED = "total_adjusted"  # the banker asks to count another total
    PLAYER_SHAKES = "player_shakes"  # someone other than the banker asks to shake


class Decision(StrEnum):
    RESHAKE = "reshake"  # the banker shakes the dice again
    PLAY_ON = "play_on"  # everything stays as it is and the round goes on
    ALLOW = "allow"
    REFUSE = "refuse"
    SETTLE_AS_PLACED = "settle_as_placed"  # pay or collect at the place where the bet lies


@dataclass(frozen=True)
class Ruling:
    decision: Decision
    reason: Reason


_RULINGS = {
    Incident.DICE_OUT_OF_BOWL: (Decision.RESHAKE, N_(
        "A die that leaves the bowl does not count: the banker shakes the dice again."),
        ART_2_5),
    Incident.DICE_BADLY_SETTLED: (Decision.RESHAKE, N_(
        "A die that is not settled flat does not count: the banker shakes the dice again."),
        ART_2_5),
    Incident.TILE_EXPOSED: (Decision.PLAY_ON, N_(
        "Tiles turned up by accident while dealing stay valid and the round goes on."), ART_4),
    Incident.BET_AFTER_DICE: (Decision.REFUSE, N_(
        "Bets go on the table before the banker shakes the dice; after that no new bet is "
        "accepted."), ART_2_7),
    Incident.BET_CHANGED_AFTER_DICE: (Decision.REFUSE, N_(
        "Once the dice are shaken no bet may be added to, withdrawn or moved to another "
        "place."), ART_2_7),
    Incident.BET_ON_WRONG_PLACE: (Decision.SETTLE_AS_PLACED, N_(
        "Bets are paid or collected at the place where they lie, even if placed there by "
        "mistake."), ART_2_8),
    Incident.TOTAL_ADJUSTED: (Decision.REFUSE, N_(
        "Nobody may add to or subtract from the total of the dice."), ART_2_3),
    Incident.PLAYER_SHAKES: (Decision.REFUSE, N_("Only the banker shakes the dice."), ART_2_2),
}


def rule_on(incident: Incident) -> Ruling:
    """What the croupier does about ``incident``, and the article that says so."""
    decision, text, article = _RULINGS[Incident(incident)]
    return Ruling(decision, Reason(Message.of(text), article))


@dataclass(frozen=True)
class Reorder:
    """A request to re-order the stacks: by a place (1 = the banker), with how many hands."""

    place: int
    hands: int = 1
    after_dice: bool = False


def rule_on_reorders(requests: Iterable[Reorder]) -> tuple[Ruling, ...]:
    """Rule on each request of a round to re-order the stacks, in the order made (Art. 2.6).

    Only before the dice and with one hand; players first, at most two of them a round;
    the banker last, and nobody after him. A refused request does not use up a turn.
    """
    rulings: list[Ruling] = []
    players, banker_done, seen, dice_shaken = 0, False, set(), False
    for request in requests:
        if request.place in seen or not 1 <= request.place <= PLACES:
            raise ValueError("one request from each place 1 to 10 a round")
        if dice_shaken and not request.after_dice:
            raise ValueError("requests come in the order made: the dice are shaken once")
        seen.add(request.place)
        dice_shaken = request.after_dice
        if request.after_dice:
            text = N_("The dice have been shaken: the stacks may be re-ordered only before.")
        elif request.hands != 1:
            text = N_("The stacks may be re-ordered with one hand only.")
        elif banker_done:
            text = N_("The banker has re-ordered the stacks: nobody may re-order after him.")
        elif request.place == BANKER_PLACE:
            banker_done = True
            rulings.append(_reorder(Decision.ALLOW, Message.of(N_(
                "The banker re-orders last, before the dice, with one hand: allowed."))))
            continue
        elif players == 2:
            text = N_("Two players have already re-ordered the stacks this round: no more "
                      "players may.")
        else:
            players += 1
            rulings.append(_reorder(Decision.ALLOW, Message.of(N_(
                "A player may re-order the stacks before the dice with one hand: this is "
                "player {count} of the two allowed this round."), count=players)))
            continue
        rulings.append(_reorder(Decision.REFUSE, Message.of(text)))
    return tuple(rulings)


def _reorder(decision: Decision, text: Message) -> Ruling:
    return Ruling(decision, Reason(text, ART_2_6))
