"""Mah-Jong tiles, seats and the two forms of the game (Portarias 52/89/M and 135/91/M).

Notation used everywhere (parsing, tests, question JSON): ``1m``–``9m`` characters
(números, 萬), ``1p``–``9p`` circles (círculos, 筒), ``1s``–``9s`` bamboos (bambus, 索),
winds ``E S W N``, dragons ``C`` red 中, ``F`` green 發, ``P`` white 白.

A tile is an index 0–33 (suits in blocks of nine, then winds, then dragons), so that a
hand can be held as 34 counts and searched quickly.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

SUITS = ("m", "p", "s")
HONOURS = ("E", "S", "W", "N", "C", "F", "P")
KINDS = 34
WIND_TILES = range(27, 31)
DRAGON_TILES = range(31, 34)
RED, GREEN, WHITE = 31, 32, 33


class Variant(StrEnum):
    CONVENTIONAL = "conventional"  # 136 tiles, 14-tile hands
    SIMPLIFIED = "simplified"  # 112 tiles: the green dragon and the three suits, 5-tile hands

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds in this form's set (four of each)."""
        if self is Variant.SIMPLIFIED:
            return (*range(27), GREEN)
        return tuple(range(KINDS))

    @property
    def sets_needed(self) -> int:
        """Sets in a complete hand besides the pair: 4 (14 tiles) or 1 (5 tiles)."""
        return 4 if self is Variant.CONVENTIONAL else 1


class Wind(StrEnum):
    """Seats: the banker is East, South at his right, West opposite, North at his left.

    Turns go counterclockwise E → S → W → N.
    """

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def tile(self) -> int:
        return _WIND_TILE[self.value]

    def next(self, steps: int = 1) -> Wind:
        """The seat ``steps`` turns later, counterclockwise."""
        order = list(Wind)
        return order[(order.index(self) + steps) % 4]


_WIND_TILE = {"E": 27, "S": 28, "W": 29, "N": 30}


def is_honour(tile: int) -> bool:
    return tile >= 27


def suit_of(tile: int) -> str | None:
    return None if is_honour(tile) else SUITS[tile // 9]


def is_terminal(tile: int) -> bool:
    return not is_honour(tile) and tile % 9 in (0, 8)


def tile_name(tile: int) -> str:
    if is_honour(tile):
        return HONOURS[tile - 27]
    return f"{tile % 9 + 1}{SUITS[tile // 9]}"


def parse_tile(token: str) -> int:
    text = token.strip()
    if text.upper() in HONOURS and len(text) == 1:
        return 27 + HONOURS.index(text.upper())
    if len(text) == 2 and text[0] in "123456789" and text[1].lower() in SUITS:
        return SUITS.index(text[1].lower()) * 9 + int(text[0]) - 1
    raise ValueError(f"not a Mah-Jong tile: {token!r}")


def parse_tiles(text: str) -> tuple[int, ...]:
    """``parse_tiles("1m 2m 3m E E E")`` → tile indices, in the order written."""
    return tuple(parse_tile(token) for token in text.split())


def format_tiles(tiles: Iterable[int]) -> str:
    return " ".join(tile_name(t) for t in tiles)


def counts_of(tiles: Iterable[int]) -> list[int]:
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts
