"""Melds and winning hands (Portaria 135/91/M, Art. 4; Art. 6 for thirteen orphans).

Conventional: 14 tiles = four sets (pung, chow, or a kong counted as a set) and a pair, or
thirteen orphans (one of each terminal and honour plus one duplicate). Simplified: 5 tiles
= one set and a pair. Declared melds (claimed, or a concealed kong) count as sets.
:func:`reading_reason` and :func:`waits_reasons` say why, citing the article.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum

from i18n import N_, Message, listing
from trainer.rules.mahjong.tile_words import set_words, tile_words
from trainer.rules.mahjong.tiles import (
    KINDS,
    Variant,
    counts_of,
    format_tiles,
    is_honour,
    is_terminal,
    tile_name,
)
from trainer.rules.regulations import Article, Reason, Regulation

ORPHANS = tuple(t for t in range(KINDS) if is_honour(t) or is_terminal(t))
_ALLOWED = {variant: frozenset(variant.kinds) for variant in Variant}
#: Art. 4 (a) rules the conventional winning hand, Art. 4 (b) the simplified one.
ART_4 = {Variant.CONVENTIONAL: Article(Regulation.MAHJONG, 4, "a"),
         Variant.SIMPLIFIED: Article(Regulation.MAHJONG, 4, "b")}
#: Thirteen orphans is listed among the double-fán hands of Art. 6 (a).
ART_6A = Article(Regulation.MAHJONG, 6, "a")


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


#: Every concealed pung and chow, built once: readings reuse them instead of re-validating.
_PUNGS = {t: Meld(MeldKind.PUNG, (t,) * 3, concealed=True) for t in range(KINDS)}
_CHOWS = {t: Meld(MeldKind.CHOW, (t, t + 1, t + 2), concealed=True)
          for t in range(27) if t % 9 <= 6}


def _sets(counts: list[int], start: int = 0) -> Iterator[tuple[Meld, ...]]:
    """Every way to read ``counts`` entirely as pungs and chows (lowest tile first)."""
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
    """Whether ``counts`` reads entirely as pungs and chows: the fast path of is_winning."""
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
    """All ways to read the hand as sets and a pair (declared melds included), or orphans."""
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


def _completing(concealed: Iterable[int], melds: Iterable[Meld],
                variant: Variant) -> Iterator[tuple[int, bool]]:
    """Each tile that would complete the hand, and whether all four are already in it."""
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
    """The tiles that would complete the hand (none of which is already all in sight)."""
    return {tile_name(tile) for tile, all_held in _completing(concealed, melds, variant)
            if not all_held}


def describe_reading(reading: Decomposition, variant: Variant) -> Reason:
    """One reading in words: its sets and pair (Art. 4), or thirteen orphans (Art. 6 a)."""
    if reading.thirteen_orphans:
        return Reason(Message.of(N_("It is thirteen orphans: one of each 1 and 9 of every "
                                    "suit, each dragon and each wind, and one duplicate.")),
                      ART_6A)
    sets = listing([set_words(meld.tiles) for meld in reading.sets])
    assert reading.pair is not None  # only thirteen orphans reads without a pair
    pair = set_words((reading.pair, reading.pair))
    if variant is Variant.SIMPLIFIED:
        text = Message.of(N_("It reads as the set {set} and the pair {pair}."), set=sets,
                          pair=pair)
    else:
        text = Message.of(N_("It reads as the sets {sets} and the pair {pair}."), sets=sets,
                          pair=pair)
    return Reason(text, ART_4[variant])


def reading_reason(concealed: Iterable[int], melds: Iterable[Meld] = (),
                   variant: Variant = Variant.CONVENTIONAL) -> Reason:
    """Why the hand is complete (one reading of it) or why it is not."""
    readings = decompositions(concealed, melds, variant)
    if readings:
        return describe_reading(readings[0], variant)
    if variant is Variant.SIMPLIFIED:
        text = Message.of(N_("The tiles cannot be read as one set and a pair."))
    else:
        text = Message.of(N_("The tiles cannot be read as four sets and a pair, nor as "
                             "thirteen orphans."))
    return Reason(text, ART_4[variant])


def waits_reasons(concealed: Iterable[int], melds: Iterable[Meld] = (),
                  variant: Variant = Variant.CONVENTIONAL) -> tuple[Reason, ...]:
    """For each tile that would complete the hand, the reading it makes (see :func:`waits`)."""
    concealed, melds = tuple(concealed), tuple(melds)
    reasons = []
    for tile, all_held in _completing(concealed, melds, variant):
        name = tile_words(tile)
        if all_held:
            reasons.append(Reason(Message.of(N_("{tile} would complete the hand, but all four "
                                                "{tile} are already in it."), tile=name),
                                  ART_4[variant]))
            continue
        reading = describe_reading(decompositions(concealed + (tile,), melds, variant)[0],
                                   variant)
        reasons.append(Reason(Message.of(N_("With {tile}: {reading}"), tile=name,
                                         reading=reading.text), reading.source))
    if not reasons:
        reasons.append(Reason(Message.of(N_("No tile completes the hand: it is more than one "
                                            "tile away from a winning hand.")),
                              ART_4[variant]))
    return tuple(reasons)
