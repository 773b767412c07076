"""Mahjong Baccarat conduct at the table: places, holders, the bank's capital, co-bankers and
opening the tiles (Art. 3, 5.3, 5.5, 5.6), ruled with every point that applies.

Each ruling carries the reasons behind it, one per point of the text, so a trainee can be
asked both what the croupier does and which points say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from i18n import N_, Message, Money
from trainer.rules.mahjong_baccarat.bank import ART_5_4
from trainer.rules.mahjong_baccarat.cobank import ART_5_5
from trainer.rules.mahjong_baccarat.procedure import Decision
from trainer.rules.mahjong_baccarat.settlement import ART_5_3
from trainer.rules.regulations import Article, Reason, Regulation

ART_3_1 = Article(Regulation.MAHJONG_BACCARAT, 3, "1")
ART_3_2 = Article(Regulation.MAHJONG_BACCARAT, 3, "2")
ART_3_3 = Article(Regulation.MAHJONG_BACCARAT, 3, "3")
ART_5_6 = Article(Regulation.MAHJONG_BACCARAT, 5, "6")


class Conduct(StrEnum):
    """Requests and doings at the table that the croupier allows or refuses."""

    ELEVENTH_PLACE = "eleventh_place"  # someone asks for a place beyond the ten
    BETS_ON_SEVERAL_PLACES = "bets_on_several_places"
    SHARED_PLACE = "shared_place"  # a second player bets on a place
    SECOND_HOLDER = "second_holder"  # the smaller bettor on a place wants to hold a tile
    TILES_OFF_TABLE = "tiles_off_table"  # a holder takes the tiles away from the table
    CAPITAL_NOT_ON_TABLE = "capital_not_on_table"  # the banker's capital not in chips
    DICE_BEFORE_ANNOUNCING = "dice_before_announcing"  # the dealing not announced
    COBANKER_BETS = "cobanker_bets"  # a player who joined the bank bets on a place
    CASINO_JOINS = "casino_joins"  # with a capital fixed in advance
    BANKER_OPENS_EARLY = "banker_opens_early"  # before every player has seen his tiles
    PLAYER_OPENS = "player_opens"  # a player turns his own tiles up
    BANKER_OPENS = "banker_opens"  # after every player has seen his tiles


_TEXTS = {
    ART_3_1: N_("Each table has ten places, the banker's included."),
    ART_3_2: N_("A player may bet on more than one place, and more than one player on the "
                "same place; the one who bet the most on a place holds its tiles."),
    ART_3_3: N_("Apart from the banker, only one player holds the tiles of a place, and no "
                "tile is handled away from the table during a round."),
    ART_5_3: N_("The banker puts his capital on the table in chips and announces how the "
                "tiles will be dealt before he shakes the dice."),
    ART_5_5: N_("The casino may join the bank with a capital fixed in advance; a player who "
                "joins the bank entrusts his stake to it and may not bet on another place "
                "that round."),
    ART_5_6: N_("Once every player has looked at his tiles and put them on the table, the "
                "banker opens his; the croupier opens the players' tiles."),
}

_RULINGS: dict[Conduct, tuple[Decision, tuple[Article, ...]]] = {
    Conduct.ELEVENTH_PLACE: (Decision.REFUSE, (ART_3_1,)),
    Conduct.BETS_ON_SEVERAL_PLACES: (Decision.ALLOW, (ART_3_2,)),
    Conduct.SHARED_PLACE: (Decision.ALLOW, (ART_3_2,)),
    Conduct.SECOND_HOLDER: (Decision.REFUSE, (ART_3_2, ART_3_3)),
    Conduct.TILES_OFF_TABLE: (Decision.REFUSE, (ART_3_3,)),
    Conduct.CAPITAL_NOT_ON_TABLE: (Decision.REFUSE, (ART_5_3,)),
    Conduct.DICE_BEFORE_ANNOUNCING: (Decision.REFUSE, (ART_5_3,)),
    Conduct.COBANKER_BETS: (Decision.REFUSE, (ART_5_5,)),
    Conduct.CASINO_JOINS: (Decision.ALLOW, (ART_5_5,)),
    Conduct.BANKER_OPENS_EARLY: (Decision.REFUSE, (ART_5_6,)),
    Conduct.PLAYER_OPENS: (Decision.REFUSE, (ART_5_6,)),
    Conduct.BANKER_OPENS: (Decision.ALLOW, (ART_5_6,)),
}

#: Points a ruling on conduct may rest on, for the reasons a trainee ticks.
CONDUCT_POINTS: tuple[Article, ...] = (ART_3_1, ART_3_2, ART_3_3, ART_5_3, ART_5_4, ART_5_5,
                                       ART_5_6)


@dataclass(frozen=True)
class ConductRuling:
    decision: Decision
    reasons: tuple[Reason, ...]  # one per point that applies


def rule_on_conduct(conduct: Conduct) -> ConductRuling:
    """Whether the croupier allows ``conduct``, and every point of the text that says so."""
    decision, articles = _RULINGS[Conduct(conduct)]
    return ConductRuling(decision, tuple(Reason(Message.of(_TEXTS[article]), article)
                                         for article in articles))


@dataclass(frozen=True)
class Holder:
    """Who holds a place's tiles: the index of the bettor among those given."""

    bettor: int
    reasons: tuple[Reason, ...]


def tiles_holder(stakes: tuple[Decimal, ...]) -> Holder:
    """Of the players who bet on one place (their stakes), the one who holds its tiles:
    the highest bettor, and only he (Art. 3.2–3.3)."""
    if len(stakes) < 2 or any(stake <= 0 for stake in stakes):
        raise ValueError("at least two players with a bet on the place")
    highest = max(stakes)
    if stakes.count(highest) > 1:
        raise ValueError("the text names no holder between equal highest bets")
    return Holder(stakes.index(highest), (
        Reason(Message.of(N_("The player who bet the most on a place, {stake}, holds its "
                             "tiles."), stake=Money(highest)), ART_3_2),
        Reason(Message.of(_TEXTS[ART_3_3]), ART_3_3)))
