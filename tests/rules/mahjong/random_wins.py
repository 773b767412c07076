"""Random Mah-Jong hands from a seed, for the equivalence sweep and the peers' benchmark.

:func:`random_win` deals a winning hand of either form with its circumstances: sets drawn
from the whole set or shaped towards the special hands of the fán list (one suit, honours,
terminals and honours, terminals alone, all chows, all pungs, winds, dragons, thirteen
orphans), some declared (chows, pungs, kongs in
the open, concealed kongs), the seat and round winds, and the win's flags. With
``consistent`` the flags are ones a real game can give together (robbing a kong only on a
discard, a kong replacement only self-drawn with a kong declared, the heavenly win only the
banker's, self-drawn with nothing declared …), as the riichi calculator asks; without, any
combination, to sweep every pattern's test. :func:`random_hand` deals the rest of the sweep:
random tiles, near wins, hands a tile short, hands with declared sets.
"""

from __future__ import annotations

import random

from trainer.rules.mahjong.hands.fan import Win
from trainer.rules.mahjong.hands.hand import Meld, MeldKind
from trainer.rules.mahjong.hands.tiles import DRAGON_TILES, GREEN, KINDS, WIND_TILES, Variant, Wind

ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, 34))
TERMINALS_AND_HONOURS = ORPHANS
HONOURS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
SHAPES = ("any",) * 12 + ("one suit", "one suit", "honours", "terminals", "ends", "chows",
                          "pungs", "winds", "dragons")


def _chow_starts(suits: tuple[int, ...]) -> list[int]:
    return [s * 9 + v for s in suits for v in range(7)]


def _set_for(rng: random.Random, shape: str, suit: int, variant: Variant) -> tuple[int, ...]:
    """A set (three tiles; a pung's tile thrice) for ``shape``."""
    if variant is Variant.SIMPLIFIED:
        if rng.random() < 0.5:
            start = rng.choice(_chow_starts((0, 1, 2)))
            return (start, start + 1, start + 2)
        return (rng.choice([*range(27), GREEN]),) * 3
    chow = {"chows": 1.0, "pungs": 0.0, "honours": 0.0, "terminals": 0.0, "ends": 0.0}.get(
        shape, 0.5)
    if rng.random() < chow:
        suits = (suit,) if shape == "one suit" else (0, 1, 2)
        start = rng.choice(_chow_starts(suits))
        return (start, start + 1, start + 2)
    pools = {"one suit": [*range(suit * 9, suit * 9 + 9), *HONOURS], "honours": HONOURS,
             "terminals": TERMINALS_AND_HONOURS, "ends": TERMINALS,
             "winds": [*WIND_TILES, *range(27)], "dragons": [*DRAGON_TILES, *range(27)]}
    return (rng.choice(pools.get(shape, range(KINDS))),) * 3


def _thirteen_orphans(rng: random.Random) -> list[int]:
    return [*ORPHANS, rng.choice(ORPHANS)]


def _flags(rng: random.Random, consistent: bool, self_drawn: bool, seat: Wind,
           melds: tuple[Meld, ...], variant: Variant) -> dict[str, bool]:
    def maybe(chance: float = 0.06) -> bool:
        return rng.random() < chance

    if variant is Variant.SIMPLIFIED:
        robbing = maybe(0.15) and not (consistent and self_drawn)
        return {"robbing_kong": robbing, "last_tile": maybe(0.15)}
    kong = any(m.kind is MeldKind.KONG for m in melds)
    flags = {"robbing_kong": maybe(), "kong_replacement": maybe(), "kong_on_kong": maybe(),
             "last_tile": maybe(), "heavenly": maybe(0.02), "earthly": maybe(0.02)}
    if consistent:
        flags["robbing_kong"] &= not self_drawn
        flags["kong_replacement"] &= self_drawn and kong
        flags["kong_on_kong"] &= flags["kong_replacement"]
        flags["last_tile"] &= not (flags["kong_replacement"] or flags["robbing_kong"])
        first_draw = self_drawn and not melds and not any(
            flags[name] for name in ("robbing_kong", "kong_replacement", "last_tile"))
        flags["heavenly"] &= first_draw and seat is Wind.EAST
        flags["earthly"] &= first_draw and seat is not Wind.EAST
    return flags


def random_win(rng: random.Random, variant: Variant = Variant.CONVENTIONAL,
               consistent: bool = True) -> Win:
    """A winning hand of ``variant`` and how it was won (see the module's docstring)."""
    seat, round_ = rng.choice(list(Wind)), rng.choice(list(Wind))
    self_drawn = rng.random() < 0.5
    if variant is Variant.CONVENTIONAL and rng.random() < 0.015:
        tiles = _thirteen_orphans(rng)
        rng.shuffle(tiles)
        return Win(tuple(tiles), (), rng.choice(tiles), self_drawn, seat, round_, variant,
                   **_flags(rng, consistent, self_drawn, seat, (), variant))
    shape = rng.choice(SHAPES) if variant is Variant.CONVENTIONAL else "any"
    suit = rng.randrange(3)
    counts = [0] * KINDS
    sets: list[tuple[int, ...]] = []
    while len(sets) < variant.sets_needed:
        group = _set_for(rng, shape, suit, variant)
        if all(counts[t] + group.count(t) <= 4 for t in group):
            for t in group:
                counts[t] += 1
            sets.append(group)
    pairs = [t for t in variant.kinds if counts[t] <= 2]
    if shape in ("honours", "terminals", "winds", "dragons") and rng.random() < 0.7:
        pairs = [t for t in pairs if t in TERMINALS_AND_HONOURS] or pairs
    if shape == "ends":
        pairs = [t for t in pairs if t in TERMINALS] or pairs
    pair = rng.choice(pairs)
    melds: list[Meld] = []
    concealed = [pair, pair]
    declared = rng.choice((0,) * 8 + (1, 2, 3, 4)) if variant is Variant.CONVENTIONAL else (
        rng.choice((0, 0, 1)))
    for index, group in enumerate(sets):
        if index >= declared:
            concealed += group
            continue
        if group[0] == group[1]:
            if counts[group[0]] == 3 and rng.random() < 0.35:
                counts[group[0]] += 1
                hidden = rng.random() < 0.4
                melds.append(Meld(MeldKind.KONG, (group[0],) * 4, concealed=hidden))
            else:
                melds.append(Meld(MeldKind.PUNG, group, concealed=rng.random() < 0.2))
        else:
            melds.append(Meld(MeldKind.CHOW, group, concealed=rng.random() < 0.2))
    rng.shuffle(concealed)
    winning = rng.choice(concealed)
    if variant is Variant.SIMPLIFIED and GREEN in concealed and rng.random() < 0.5:
        winning = GREEN
    return Win(tuple(concealed), tuple(melds), winning, self_drawn, seat, round_, variant,
               **_flags(rng, consistent, self_drawn, seat, tuple(melds), variant))


#: The seed of the 2,000 hands the peers' benchmark times and the sweep checks first.
BENCHMARK_SEED = 39_2026


def benchmark_hands(seed: int = BENCHMARK_SEED, hands: int = 2_000) -> list[Win]:
    rng = random.Random(seed)
    return [random_win(rng) for _ in range(hands)]


def random_hand(rng: random.Random, variant: Variant = Variant.CONVENTIONAL
                ) -> tuple[tuple[int, ...], tuple[Meld, ...]]:
    """Concealed tiles and declared sets, winning or (mostly) not: random tiles from the
    wall, a win with one tile changed, a win a tile short or a tile over."""
    kind = rng.randrange(4)
    if kind == 0:
        wall = [t for t in variant.kinds for _copy in range(4)]
        size = 3 * variant.sets_needed + 2
        return tuple(rng.sample(wall, rng.choice((size, size, size - 1, size + 1)))), ()
    win = random_win(rng, variant, consistent=False)
    tiles = list(win.tiles)
    if kind == 1:
        held = tiles + [t for m in win.melds for t in m.tiles]
        while True:
            replacement = rng.choice(variant.kinds)
            index = rng.randrange(len(tiles))
            if held.count(replacement) < 4 and replacement != tiles[index]:
                tiles[index] = replacement
                break
    elif kind == 2:
        tiles.pop(rng.randrange(len(tiles)))
    else:
        tiles.pop(rng.randrange(len(tiles)))
        tiles.append(rng.choice(variant.kinds))
    return tuple(tiles), win.melds
