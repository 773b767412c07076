"""Sets (chows, pungs, kongs) and the readings of a hand made of them (Art. 4).

:mod:`trainer.rules.mahjong.hands.hand` re-exports these; they live here so that the table of suit
readings (:mod:`trainer.rules.mahjong.hands.hand_keys`) can build sets without importing the win
check that uses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from trainer.rules.mahjong.hands.tiles import format_tiles, is_honour


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    tiles: tuple[int, ...]
    concealed: bool = False

    def __post_init__(self) -> None:
        tiles = tuple(sorted(self.tiles))
        object.__setattr__(self, "tiles", tiles)
        if self.kind is MeldKind.CHOW:
            ok = (len(tiles) == 3 and not is_honour(tiles[0]) and tiles[0] // 9 == tiles[2] // 9
                  and tiles == (tiles[0], tiles[0] + 1, tiles[0] + 2))
        else:
            size = 3 if self.kind is MeldKind.PUNG else 4
            ok = len(tiles) == size and len(set(tiles)) == 1
        if not ok:
            raise ValueError(f"{format_tiles(tiles)} is not a {self.kind.value}")

    @property
    def first(self) -> int:
        return self.tiles[0]

    def __str__(self) -> str:
        return format_tiles(self.tiles)


@dataclass(frozen=True)
class Decomposition:
    """One reading of a complete hand: its sets and pair, or thirteen orphans."""

    sets: tuple[Meld, ...]
    pair: int | None
    thirteen_orphans: bool = False
