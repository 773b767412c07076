"""The Mah-Jong win check and readings as they were before the hand keys (test-only).

Kept word for word from ``trainer/rules/mahjong/hands/hand.py`` as it stood before issue 39 (Step 8)
moved it onto per-suit tables, so that the tests can check the new evaluator against it on
every hand: the same winning hands, the same readings in the same order. It walks the 34
counts recursively, tile by tile. Never imported by the app.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from trainer.rules.mahjong.hands.hand import Decomposition, Meld, MeldKind
from trainer.rules.mahjong.hands.tiles import (
    KINDS,
    Variant,
    counts_of,
    is_honour,
    is_terminal,
    tile_name,
)

ORPHANS = tuple(t for t in range(KINDS) if is_honour(t) or is_terminal(t))
_ALLOWED = {variant: frozenset(variant.kinds) for variant in Variant}


def _check(concealed: Iterable[int], melds: Iterable[Meld],
           variant: Variant) -> tuple[list[int], tuple[Meld, ...]]:
    concealed = tuple(concealed)
    melds = tuple(melds)
    allowed = _ALLOWED[variant]
    every = list(concealed) + [t for meld in melds for t in meld.tiles]
    foreign = [t for t in every if t not in allowed]
    if foreign:
        raise ValueError(f"the {variant.value} set has no {tile_name(foreign[0])}")
    counts = counts_of(every)
    if max(counts) > 4:
        raise ValueError("the set holds only four of each tile")
    return counts_of(concealed), melds


_PUNGS = {t: Meld(MeldKind.PUNG, (t,) * 3, concealed=True) for t in range(KINDS)}
_CHOWS = {t: Meld(MeldKind.CHOW, (t, t + 1, t + 2), concealed=True)
          for t in range(27) if t % 9 <= 6}


def _sets(counts: list[int], start: int = 0) -> Iterator[tuple[Meld, ...]]:
    tile = start
    while tile < KINDS and counts[tile] == 0:
        tile += 1
    if tile == KINDS:
        yield ()
        return
    if counts[tile] >= 3:
        counts[tile] -= 3
        for rest in _sets(counts, tile):
            yield (_PUNGS[tile], *rest)
        counts[tile] += 3
    if tile < 27 and tile % 9 <= 6 and counts[tile + 1] and counts[tile + 2]:
        for t in (tile, tile + 1, tile + 2):
            counts[t] -= 1
        for rest in _sets(counts, tile):
            yield (_CHOWS[tile], *rest)
        for t in (tile, tile + 1, tile + 2):
            counts[t] += 1


def _has_sets(counts: list[int], start: int = 0) -> bool:
    tile = start
    while tile < KINDS and counts[tile] == 0:
        tile += 1
    if tile == KINDS:
        return True
    if counts[tile] >= 3:
        counts[tile] -= 3
        found = _has_sets(counts, tile)
        counts[tile] += 3
        if found:
            return True
    if tile < 27 and tile % 9 <= 6 and counts[tile + 1] and counts[tile + 2]:
        for t in (tile, tile + 1, tile + 2):
            counts[t] -= 1
        found = _has_sets(counts, tile)
        for t in (tile, tile + 1, tile + 2):
            counts[t] += 1
        return found
    return False


def _right_size(counts: list[int], melds: tuple[Meld, ...], variant: Variant) -> bool:
    needed = variant.sets_needed - len(melds)
    return needed >= 0 and sum(counts) == 3 * needed + 2


def _is_thirteen_orphans(counts: list[int], melds: tuple[Meld, ...], variant: Variant) -> bool:
    return (variant is Variant.CONVENTIONAL and not melds and sum(counts) == 14
            and all(counts[t] >= 1 for t in ORPHANS)
            and sum(counts[t] for t in ORPHANS) == 14)


def is_winning(concealed: Iterable[int], melds: Iterable[Meld] = (),
               variant: Variant = Variant.CONVENTIONAL) -> bool:
    counts, melds = _check(concealed, melds, variant)
    return _is_winning_counts(counts, melds, variant)


def _is_winning_counts(counts: list[int], melds: tuple[Meld, ...], variant: Variant) -> bool:
    if not _right_size(counts, melds, variant):
        return False
    if _is_thirteen_orphans(counts, melds, variant):
        return True
    for pair in range(KINDS):
        if counts[pair] >= 2:
            counts[pair] -= 2
            found = _has_sets(counts)
            counts[pair] += 2
            if found:
                return True
    return False


def decompositions(concealed: Iterable[int], melds: Iterable[Meld] = (),
                   variant: Variant = Variant.CONVENTIONAL) -> list[Decomposition]:
    counts, melds = _check(concealed, melds, variant)
    if not _right_size(counts, melds, variant):
        return []
    found = []
    if _is_thirteen_orphans(counts, melds, variant):
        found.append(Decomposition((), None, thirteen_orphans=True))
    for pair in range(KINDS):
        if counts[pair] >= 2:
            counts[pair] -= 2
            found.extend(Decomposition(melds + sets, pair) for sets in _sets(counts))
            counts[pair] += 2
    return found


def completing(concealed: Iterable[int], melds: Iterable[Meld],
               variant: Variant) -> Iterator[tuple[int, bool]]:
    concealed = tuple(concealed)
    counts, melds = _check(concealed, melds, variant)
    in_sight = counts_of(list(concealed) + [t for m in melds for t in m.tiles])
    for tile in variant.kinds:
        counts[tile] += 1
        if _is_winning_counts(counts, melds, variant):
            yield tile, in_sight[tile] >= 4
        counts[tile] -= 1


def waits(concealed: Iterable[int], melds: Iterable[Meld] = (),
          variant: Variant = Variant.CONVENTIONAL) -> set[str]:
    return {tile_name(tile) for tile, all_held in completing(concealed, melds, variant)
            if not all_held}
