"""Mahjong Baccarat procedure at the table: the croupier's rulings on incidents (Art. 2, 4,
5 (4)).

Dice that leave the bowl, tiles turned up while dealing, late or changed bets, requests
to re-order the stacks before the dice, and a banker who keeps the bank but puts down less
than his new capital.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from i18n import N_, Message, Money
from trainer.rules.mahjong_baccarat.bank import ART_5_4
from trainer.rules.mahjong_baccarat.dealing import ART_2_2, ART_2_3
from trainer.rules.mahjong_baccarat.tiles_and_points import PLACES
from trainer.rules.regulations import Article, Reason, Regulation
from trainer.rules.table import BANKER_PLACE

ART_2_5 = Article(Regulation.MAHJONG_BACCARAT, 2, "5")
ART_2_6 = Article(Regulation.MAHJONG_BACCARAT, 2, "6")
ART_2_7 = Article(Regulation.MAHJONG_BACCARAT, 2, "7")
ART_2_8 = Article(Regulation.MAHJONG_BACCARAT, 2, "8")
ART_4 = Article(Regulation.MAHJONG_BACCARAT, 4)


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
    #: A banker who keeps the bank puts down less than his new capital (a short stake).
    CAPITAL_REDUCED = "capital_reduced"


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
    Incident.CAPITAL_REDUCED: (Decision.REFUSE, N_(
        "A banker who keeps the bank must keep on the table all he won plus his capital as "
        "his new capital: he may raise it, never reduce it."), ART_5_4),
}


def rule_on(incident: Incident) -> Ruling:
    """What the croupier does about ``incident``, and the article that says so."""
    decision, text, article = _RULINGS[Incident(incident)]
    return Ruling(decision, Reason(Message.of(text), article))


def rule_on_new_stake(new_capital: Decimal, staked: Decimal) -> Ruling:
    """What the croupier does when a banker who keeps the bank puts down ``staked`` as the
    capital of the next round, his new capital being ``new_capital`` (Art. 5 (4)).

    Less is a short stake (:attr:`Incident.CAPITAL_REDUCED`): refused, the new capital is
    never reduced. As much, or more (he may raise it), is his capital: allowed.
    """
    if new_capital <= 0 or staked <= 0:
        raise ValueError("a banker keeps the bank with a capital, and puts money down")
    if staked < new_capital:
        decision, _text, article = _RULINGS[Incident.CAPITAL_REDUCED]
        return Ruling(decision, Reason(Message.of(N_(
            "His new capital is {capital}: he puts down {staked}, {short} short. He may raise "
            "his capital, never reduce it."), capital=Money(new_capital), staked=Money(staked),
            short=Money(new_capital - staked)), article))
    text = (N_("He puts down his new capital, {capital}.") if staked == new_capital else
            N_("His new capital is {capital}: he puts down {staked}, raising it, as he may."))
    return Ruling(Decision.ALLOW, Reason(Message.of(text, capital=Money(new_capital),
                                                    staked=Money(staked)), ART_5_4))


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
