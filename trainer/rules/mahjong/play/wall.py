"""Building the wall and dealing (Portaria 135/91/M, Art. 3).

Conventional: 4 double rows of 17 stacks, 3 dice; simplified: 4 of 14 stacks, 2 dice. The
dice total is counted from the banker counterclockwise to pick the wall; from its right end
as many stacks as the total are set apart and the deal starts with the stacks after them,
moving along the wall to the left (clockwise round the table).

``wall_tiles`` lists the tiles in that drawing order as seen before the break: the right
end of East's wall first, stack by stack (top tile, then bottom tile), along East's wall,
then North's, West's and South's (each next wall lies to the left of the one before).

HI-WALL: when the total exceeds the stacks left in the picked wall, the count goes on into
the next wall. HI-DEAL: «o banqueiro tira mais duas pedras, alternadamente, da fila de
cima» is read as the usual jump: the banker takes the top tiles of the first and third
stacks ahead, then South the bottom of the first, West the top of the second and North the
bottom of the second.

The simplified form may be played by 2 or 3 (Art. 3 (b)): the four double rows are laid out
all the same (the text counts the walls, not the players), and only the players present
take tiles, in the order of play from the banker.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.payments import table

STACKS = {Variant.CONVENTIONAL: 17, Variant.SIMPLIFIED: 14}
DICE = {Variant.CONVENTIONAL: 3, Variant.SIMPLIFIED: 2}
#: Walls in drawing order round the table (each next one to the left of the one before).
WALL_ORDER = (Wind.EAST, Wind.NORTH, Wind.WEST, Wind.SOUTH)
SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


def break_wall(dice_total: int, variant: Variant = Variant.CONVENTIONAL) -> tuple[Wind, int]:
    """The wall picked (the seat it lies before) and how many stacks are set apart."""
    dice = DICE[variant]
    if not dice <= dice_total <= 6 * dice:
        raise ValueError(f"{dice} dice total {dice}–{6 * dice}, not {dice_total}")
    return Wind.EAST.next(dice_total - 1), dice_total


@dataclass(frozen=True)
class Deal:
    hands: dict[Wind, tuple[int, ...]]
    next_draw: int  # index in wall_tiles of the next tile to draw


def deal_positions(dice_total: int, variant: Variant = Variant.CONVENTIONAL,
                   players: Sequence[Wind] | None = None) -> Deal:
    """Which places of the wall (indices into ``wall_tiles``) each seat present is dealt."""
    seats = table(variant, players)
    stacks = STACKS[variant]
    size = 4 * stacks * 2
    wall, apart = break_wall(dice_total, variant)
    start = (WALL_ORDER.index(wall) * stacks + apart) * 2

    def at(offset: int) -> int:
        return (start + offset) % size

    hands: dict[Wind, list[int]] = {seat: [] for seat in seats}
    taken = 0
    rounds, per_turn = (3, 4) if variant is Variant.CONVENTIONAL else (2, 2)
    for _round in range(rounds):
        for seat in seats:
            hands[seat].extend(at(taken + i) for i in range(per_turn))
            taken += per_turn
    if variant is Variant.CONVENTIONAL:
        # The jump: the tops of stacks 1 and 3 to the banker, then bottom 1, top 2, bottom 2.
        hands[Wind.EAST] += [at(taken), at(taken + 4)]
        hands[Wind.SOUTH].append(at(taken + 1))
        hands[Wind.WEST].append(at(taken + 2))
        hands[Wind.NORTH].append(at(taken + 3))
        taken += 5
    else:
        hands[Wind.EAST].append(at(taken))
        taken += 1
    return Deal({seat: tuple(places) for seat, places in hands.items()}, at(taken))


def deal(wall_tiles: Sequence[int], dice_total: int,
         variant: Variant = Variant.CONVENTIONAL, players: Sequence[Wind] | None = None) -> Deal:
    """The starting hands: banker 14 and others 13 (conventional), or 5 and 4 (simplified)."""
    size = 4 * STACKS[variant] * 2
    if len(wall_tiles) != size or max(Counter(wall_tiles).values()) > 4:
        raise ValueError(f"a {variant.value} wall has {size} tiles, at most four of each")
    places = deal_positions(dice_total, variant, players)
    return Deal({seat: tuple(wall_tiles[i] for i in spots)
                 for seat, spots in places.hands.items()}, places.next_draw)


def next_game(banker: Wind, round_wind: Wind, game: int, winner: Wind | None,
              players: Sequence[Wind] | None = None) -> tuple[Wind, Wind, int]:
    """(banker, round wind, game number 1–16) of the next game (Art. 3).

    The banker keeps the bank while he wins; when another wins, the bank passes to the
    player at his right (the next player present, at a simplified table of 2 or 3).
    HI-MJ-DRAWN: a drawn game (``winner`` None) keeps the bank. Each round of four changes
    of bank takes the next wind: East, South, West, North.
    """
    seats = table(Variant.CONVENTIONAL if players is None else Variant.SIMPLIFIED,
                  players, banker)
    if winner is not None and winner not in seats:
        raise ValueError("the winner must be at the table")
    if winner is None or winner is banker:
        return banker, round_wind, game
    game += 1
    if (game - 1) % 4 == 0:
        round_wind = round_wind.next()
    return seats[1], round_wind, game
