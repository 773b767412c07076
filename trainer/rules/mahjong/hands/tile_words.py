"""The tiles as each language names them, for prompts and explanations.

The notation (``8s``, ``E``) is ours, for the situation that the app draws and for tests;
a trainee reads "8 of bamboos", "8 de bambus" or 八索 (Portaria 135/91/M's «bambus»,
«números», «círculos», «ventos» and «trunfos»).
"""

from __future__ import annotations

from collections.abc import Iterable

from i18n import N_, Message, listing
from trainer.rules.mahjong.hands.tiles import KINDS

#: Every tile kind's name, in the order of the tile indices (see :mod:`tiles`).
TILE_NAMES = (
    # characters
    N_("1 of characters"),
    N_("2 of characters"),
    N_("3 of characters"),
    N_("4 of characters"),
    N_("5 of characters"),
    N_("6 of characters"),
    N_("7 of characters"),
    N_("8 of characters"),
    N_("9 of characters"),
    # circles
    N_("1 of circles"),
    N_("2 of circles"),
    N_("3 of circles"),
    N_("4 of circles"),
    N_("5 of circles"),
    N_("6 of circles"),
    N_("7 of circles"),
    N_("8 of circles"),
    N_("9 of circles"),
    # bamboos
    N_("1 of bamboos"),
    N_("2 of bamboos"),
    N_("3 of bamboos"),
    N_("4 of bamboos"),
    N_("5 of bamboos"),
    N_("6 of bamboos"),
    N_("7 of bamboos"),
    N_("8 of bamboos"),
    N_("9 of bamboos"),
    # winds, then dragons
    N_("East wind"),
    N_("South wind"),
    N_("West wind"),
    N_("North wind"),
    N_("red dragon"),
    N_("green dragon"),
    N_("white dragon"),
)
assert len(TILE_NAMES) == KINDS


def tile_words(tile: int) -> Message:
    """One tile by its name in the language shown: "8 of bamboos", 八索."""
    return Message.of(TILE_NAMES[tile])


def tiles_words(tiles: Iterable[int]) -> Message:
    """Tiles by their names, in order: "1 of circles, 2 of circles, 3 of circles"."""
    return listing([tile_words(tile) for tile in tiles])


def set_words(tiles: Iterable[int]) -> Message:
    """A set of tiles, its tiles held together: "[1 of circles, 2 of circles, …]"."""
    return Message.of(N_("[{tiles}]"), tiles=tiles_words(tiles))
