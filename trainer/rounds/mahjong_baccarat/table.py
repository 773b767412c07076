"""A Mahjong Baccarat table drawn from a round's seed: the capital, the bets, the requests to
re-order the stacks, the dice, the tiles, what goes wrong and what the next banker wants, and
now and then the casino and players who join the bank (Art. 5 (5), HI-MB-COBANK).

Everything is drawn from generators seeded with the game, the seed and the mode, so a seed
and a mode give the same round on every desktop (who joins the bank, and a short stake of a
banker who kept it, from generators of their own, so that the tables drawn before them are
drawn as they were). Stakes are in chip units of
10 (RULES.md), so every amount is exact.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.rounds.incidents import draw_incident
from trainer.rounds.modes import Mode
from trainer.rules.mahjong_baccarat import PLACES, TILE_SET, Incident, Reorder, Tile, served

#: What a player (or the banker) says or does that the croupier must call, by its call word.
CALLS: dict[str, Incident | None] = {
    **{incident.value.replace("_", "-"): incident for incident in Incident},
    "reorder-after-dice": None,  # ruled by rule_on_reorders, not rule_on (Art. 2 (6))
}
#: The moments of a round where something can go wrong, and what can happen at each.
AT_THE_SHAKE = ("player-shakes", "dice-out-of-bowl", "dice-badly-settled")
AFTER_THE_DICE = ("total-adjusted", "bet-after-dice", "bet-changed-after-dice",
                  "reorder-after-dice")
IN_THE_DEAL = ("tile-exposed",)
IN_THE_SETTLEMENT = ("bet-on-wrong-place",)
#: A banker who kept the bank from the last round puts his new capital on the table, first
#: of all (Art. 5 (3)–(4)).
AS_THE_KEPT_BANK_STAKES = ("capital-reduced",)
#: The calls that name the place where it happened.
AT_A_PLACE = frozenset({"player-shakes", "bet-after-dice", "bet-changed-after-dice",
                        "reorder-after-dice", "tile-exposed", "bet-on-wrong-place"})

#: How often a table asks for things that are not incidents, and how big its money is.
REORDER_REQUESTS = (0, 0, 1, 1, 2, 3)
TWO_HANDED = 0.15
KEEPS_THE_BANK = 0.6
SHORT_IN_HUNDREDS = (1, 4)  # a short stake: less than the new capital, by so much
ALL_OTHERS_AGREE = 0.2
DECLINES_THE_BANK = 0.25
CAPITAL_IN_HUNDREDS = (5, 100)
STAKE_IN_TENS = (1, 100)
#: How often others join the bank, and with what.
COBANKED = 0.25
CASINO_JOINS = 0.6
CASINO_IN_HUNDREDS = (5, 50)
PLAYERS_JOINING = (0, 1, 1, 2)


@dataclass(frozen=True)
class Happening:
    """An incident of the round: its call word, the place, and the stack or place it
    happens at (the deal, the settlement); for a short stake (``capital-reduced``), how much
    less than his new capital the banker who kept the bank puts down."""

    call: str
    place: int | None = None
    at: int = 0
    short: Decimal = Decimal(0)


@dataclass(frozen=True)
class Succession:
    """What decides the next bank: how long the banker has held it, whether he wants to
    keep it (if he wins), by how much he asks to change his capital, who would decline."""

    rounds_held: int
    keeps: bool
    all_others_agree: bool
    change: Decimal
    declined: frozenset[int]


@dataclass(frozen=True)
class CoBank:
    """Who joins the banker's bank this round (Art. 5 (5)): the casino with a capital fixed
    in advance (0: it does not), and players, by place and stake, in the order they placed
    their stakes (none of them bets on a place that round)."""

    casino: Decimal
    players: tuple[tuple[int, Decimal], ...]


@dataclass(frozen=True)
class MahjongBaccaratTable:
    capital: Decimal
    bets: Mapping[int, Decimal]  # place → stake, places 2 to 10
    reorders: tuple[Reorder, ...]  # before the dice, in the order made
    dice: tuple[int, int, int, int]
    hands: Mapping[int, tuple[Tile, Tile]]  # place → its two tiles; place 1 is the banker
    happenings: tuple[Happening, ...]
    succession: Succession
    cobank: CoBank | None = None  # nobody joins the bank

    def happening(self, *moments: str) -> Happening | None:
        """The incident of the round at one of ``moments``' calls, if any."""
        return next((h for h in self.happenings if h.call in moments), None)


def draw_table(seed: int, mode: Mode, max_rounds_in_a_row: int) -> MahjongBaccaratTable:
    rng = random.Random(f"round/mahjong_baccarat/{seed}/{mode}")
    capital = Decimal(100 * rng.randint(*CAPITAL_IN_HUNDREDS))
    bettors = sorted(rng.sample(range(2, PLACES + 1), rng.randint(1, PLACES - 1)))
    bets = {place: Decimal(10 * rng.randint(*STAKE_IN_TENS)) for place in bettors}
    asking = rng.sample(range(1, PLACES + 1), rng.choice(REORDER_REQUESTS))
    reorders = tuple(Reorder(place, 2 if rng.random() < TWO_HANDED else 1) for place in asking)
    dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
    tiles = list(TILE_SET)
    rng.shuffle(tiles)
    hands = {served(dice, stack).place: (tiles[2 * stack - 2], tiles[2 * stack - 1])
             for stack in range(1, PLACES + 1)}
    happenings = _happenings(rng, mode, dice, bettors, asking)
    succession = Succession(rng.randint(1, max(max_rounds_in_a_row, 1)),
                            rng.random() < KEEPS_THE_BANK, rng.random() < ALL_OTHERS_AGREE,
                            Decimal(100 * rng.choice((0, 0, 0, 5, 10, -2))),
                            frozenset(p for p in range(2, PLACES + 1)
                                      if rng.random() < DECLINES_THE_BANK))
    cobank = _cobank(random.Random(f"round/mahjong_baccarat/{seed}/{mode}/cobank"), bettors)
    if cobank is not None:  # the text sets no next capital for a bank others joined
        succession = replace(succession, keeps=False)
    if succession.rounds_held > 1:  # he kept the bank from the last round
        happenings += _short_stake(random.Random(f"round/mahjong_baccarat/{seed}/{mode}/stake"),
                                   mode)
    return MahjongBaccaratTable(capital, bets, reorders, dice, hands, happenings, succession,
                                cobank)


def _cobank(rng: random.Random, bettors: list[int]) -> CoBank | None:
    """Now and then the casino, players who bet on no place, or both join the bank."""
    if rng.random() >= COBANKED:
        return None
    casino = Decimal(100 * rng.randint(*CASINO_IN_HUNDREDS)) if rng.random() < CASINO_JOINS \
        else Decimal(0)
    free = [place for place in range(2, PLACES + 1) if place not in bettors]
    joining = rng.sample(free, min(len(free), rng.choice(PLAYERS_JOINING)))
    players = tuple((place, Decimal(10 * rng.randint(*STAKE_IN_TENS))) for place in joining)
    return CoBank(casino, players) if casino or players else None


def _short_stake(rng: random.Random, mode: Mode) -> tuple[Happening, ...]:
    """Now and then a banker who kept the bank puts down less than his new capital: by 100
    to 400, so still money down, his capital being at least 500."""
    call = draw_incident(rng, mode, AS_THE_KEPT_BANK_STAKES)
    if call is None:
        return ()
    return (Happening(call, short=Decimal(100 * rng.randint(*SHORT_IN_HUNDREDS))),)


def _happenings(rng: random.Random, mode: Mode, dice: tuple[int, int, int, int],
                bettors: list[int], asking: list[int]) -> tuple[Happening, ...]:
    """At most one incident at each moment: the shake, after the dice, the deal, the
    settlement."""
    players = range(2, PLACES + 1)
    drawn = []
    for moment in (AT_THE_SHAKE, AFTER_THE_DICE, IN_THE_DEAL, IN_THE_SETTLEMENT):
        call = draw_incident(rng, mode, moment)
        if call is None:
            continue
        if call == "tile-exposed":
            stack = rng.randint(1, PLACES)
            drawn.append(Happening(call, served(dice, stack).place, stack))
        elif call in ("bet-changed-after-dice", "bet-on-wrong-place"):
            drawn.append(Happening(call, rng.choice(bettors)))
        elif call == "reorder-after-dice":
            drawn.append(Happening(call, rng.choice([p for p in range(1, PLACES + 1)
                                                     if p not in asking])))
        elif call in AT_A_PLACE:
            drawn.append(Happening(call, rng.choice(players)))
        else:
            drawn.append(Happening(call))
    return tuple(drawn)

