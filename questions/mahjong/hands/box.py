"""A box of Mah-Jong tiles from which the generators build hands on purpose: every tile of
a situation drawn from one :class:`Box`, so that none holds a fifth copy of a tile."""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from typing import TypeVar

from trainer.rules.mahjong import Meld, MeldKind, Variant, format_tiles
from trainer.rules.mahjong.hands.tiles import KINDS

#: What the box gives: a tile, or a set.
_Found = TypeVar("_Found")


def suit_neighbours(tile: int, reach: int = 2) -> set[int]:
    """The tiles of the same suit within ``reach`` of ``tile`` (none for an honour)."""
    if tile >= 27:
        return set()
    return {t for t in range(tile - reach, tile + reach + 1) if t // 9 == tile // 9 and t >= 0}


def chow_partials(tile: int) -> list[tuple[int, int]]:
    """The pairs of tiles that make a chow with ``tile``: both sides, the middle, the edge."""
    if tile >= 27:
        return []
    value = tile % 9
    found = []
    for low in (value - 2, value - 1, value):
        if 0 <= low <= 6:
            first = tile - value + low
            one, other = (t for t in (first, first + 1, first + 2) if t != tile)
            found.append((one, other))
    return found


def drawn(found: _Found | None) -> _Found:
    """What :class:`Box` gave (a set, a pair's tile) where a generator counts on the box
    having one: a box run out of it is the generator's mistake, and fails loudly."""
    if found is None:
        raise LookupError("the box ran out of the tiles a hand needs")
    return found


class Box:
    """The tiles of one set (four of each kind of the variant) not yet placed in a hand."""

    def __init__(self, variant: Variant, rng: random.Random):
        self.variant = variant
        self.rng = rng
        self.left = [0] * KINDS
        for tile in variant.kinds:
            self.left[tile] = 4

    def has(self, tiles: Iterable[int]) -> bool:
        need: dict[int, int] = {}
        for tile in tiles:
            need[tile] = need.get(tile, 0) + 1
        return all(self.left[t] >= n for t, n in need.items())

    def take(self, tiles: Iterable[int]) -> list[int]:
        tiles = list(tiles)
        if not self.has(tiles):
            raise ValueError(f"the box has no more {format_tiles(tiles)}")
        for tile in tiles:
            self.left[tile] -= 1
        return tiles

    def snapshot(self) -> list[int]:
        return list(self.left)

    def restore(self, snapshot: list[int]) -> None:
        self.left = list(snapshot)

    def _allowed(self, allowed: Collection[int] | None, avoid: Collection[int]) -> list[int]:
        kinds = self.variant.kinds if allowed is None else allowed
        return [t for t in kinds if t not in avoid and self.left[t] > 0]

    def pung(self, allowed: Collection[int] | None = None, avoid: Collection[int] = (),
             size: int = 3) -> int | None:
        """Take a pung (or ``size`` alike) of a random allowed kind; its tile, or None."""
        kinds = [t for t in self._allowed(allowed, avoid) if self.left[t] >= size]
        if not kinds:
            return None
        tile = self.rng.choice(kinds)
        self.take([tile] * size)
        return tile

    def chow(self, allowed: Collection[int] | None = None,
             avoid: Collection[int] = ()) -> int | None:
        """Take a chow whose three tiles are all allowed; its lowest tile, or None."""
        ok = set(self._allowed(allowed, avoid))
        firsts = [t for t in ok if t < 27 and t % 9 <= 6 and t + 1 in ok and t + 2 in ok]
        if not firsts:
            return None
        first = self.rng.choice(sorted(firsts))
        self.take([first, first + 1, first + 2])
        return first

    def meld(self, kind: str = "any", allowed: Collection[int] | None = None,
             avoid: Collection[int] = (), concealed: bool = True) -> Meld | None:
        """A random pung or chow (``kind`` "pung", "chow" or "any") taken from the box."""
        order = {"pung": ("pung",), "chow": ("chow",)}.get(
            kind, self.rng.sample(("pung", "chow"), 2))
        for each in order:
            if each == "pung" and (tile := self.pung(allowed, avoid)) is not None:
                return Meld(MeldKind.PUNG, (tile,) * 3, concealed)
            if each == "chow" and (tile := self.chow(allowed, avoid)) is not None:
                return Meld(MeldKind.CHOW, (tile, tile + 1, tile + 2), concealed)
        return None

    def partial(self, tile: int) -> list[int]:
        """Take two tiles that make a chow with ``tile`` (none if the box has no such two)."""
        ready = [pair for pair in chow_partials(tile) if self.has(pair)]
        return self.take(self.rng.choice(ready)) if ready else []

    def singles(self, count: int, allowed: Collection[int] | None = None,
                avoid: Collection[int] = ()) -> list[int]:
        """``count`` random tiles, any kind allowed and still in the box."""
        tiles = []
        for _ in range(count):
            kinds = self._allowed(allowed, avoid)
            tiles += self.take([self.rng.choice(kinds)])
        return tiles

    def loose_hand(self, count: int, avoid: Collection[int] = ()) -> list[int]:
        """``count`` tiles that look like a hand in play: some sets and pairs, some singles."""
        tiles: list[int] = []
        while count - len(tiles) >= 3 and self.rng.random() < 0.45:
            meld = self.meld(avoid=avoid)
            if meld is None:
                break
            tiles += meld.tiles
        if count - len(tiles) >= 2 and self.rng.random() < 0.5:
            pair = self.pung(avoid=avoid, size=2)
            if pair is not None:
                tiles += [pair, pair]
        return tiles + self.singles(count - len(tiles), avoid=avoid)
