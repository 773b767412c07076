"""A hand as one number, and every suit's readings worked out once (Art. 4).

A hand's *key* holds the count of each of the 34 tile kinds in five bits (tile ``t`` at bits
``5t`` to ``5t + 4``): the key of some tiles is the sum of their weights, adding a tile is one
addition, and the tiles of one suit (or the honours) are one mask away. Sets never cross from
one suit into another, so a hand reads as sets and a pair exactly when each suit and the
honours read on their own — as sets only, or (one of them) as sets and the pair.

Two tables say which patterns read, built together once at first use (:func:`build`, about
15 ms): every pattern of one suit's nine kinds that reads as at most four sets, without a pair
(3,346) or with one (26,213), counted with up to five of a kind since a wait may add a fifth;
and the same for the seven honours, which read only as pungs and a pair (99 and 693). A
pattern not in them does not read. The readings of a pattern that does (its sets in the order
the search finds them, lowest tile first, a pung before a chow) are worked out when a hand
first needs them and kept (:data:`READINGS`): only patterns that read, a few thousand at most.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from trainer.rules.mahjong.hands.melds import Meld, MeldKind
from trainer.rules.mahjong.hands.tiles import KINDS, is_honour, is_terminal

BITS = 5
#: The key of one tile of each kind.
WEIGHT: dict[int, int] = {tile: 1 << (BITS * tile) for tile in range(KINDS)}
_FIELD = (1 << BITS) - 1
#: One suit's nine counts, and the honours' seven, once shifted down.
SUIT_FIELDS = (1 << (9 * BITS)) - 1
_CIRCLES, _BAMBOOS, HONOUR_SHIFT = 9 * BITS, 18 * BITS, 27 * BITS
#: The counts of the characters, circles, bamboos and honours, in place.
GROUP_MASKS = (SUIT_FIELDS, SUIT_FIELDS << _CIRCLES, SUIT_FIELDS << _BAMBOOS,
               ((1 << (7 * BITS)) - 1) << HONOUR_SHIFT)
_EACH = sum(1 << (BITS * tile) for tile in range(KINDS))
_BIT_2 = _EACH << 2
_BITS_3_4 = (_EACH << 3) | (_EACH << 4)
#: The counts of the simples (2 to 8 of each suit).
SIMPLES = sum(_FIELD << (BITS * tile) for tile in range(27) if not is_terminal(tile))
#: The keys of the thirteen orphans: one of each terminal and honour, one of them twice.
ORPHAN_KEYS = frozenset(
    sum(WEIGHT[t] for t in range(KINDS) if is_honour(t) or is_terminal(t)) + WEIGHT[twice]
    for twice in range(KINDS) if is_honour(twice) or is_terminal(twice))


def key_of(tiles: Iterable[int]) -> int:
    """The key of ``tiles`` (a ``KeyError`` for anything that is not a tile 0–33)."""
    return sum(map(WEIGHT.__getitem__, tiles))


def count_in(key: int, tile: int) -> int:
    return (key >> (BITS * tile)) & _FIELD


def more_than_four(key: int) -> bool:
    """Whether some kind is counted five times or more (each count below 32)."""
    return bool(key & _BITS_3_4 or key & _BIT_2 & ((key << 1) | (key << 2)))


def pungs_in(key: int) -> int:
    """A bit (bit 2 of its count) for each kind counted three or four times (counts ≤ 4)."""
    return (key | ((key << 1) & (key << 2))) & _BIT_2


class _Unread(dict[int, int]):
    """Which patterns read: 1 as sets only (or no tile), 2 as sets and a pair; else 0."""

    def __missing__(self, key: int) -> int:
        return 0


SUIT_CODES = _Unread()
HONOUR_CODES = _Unread()


def _more_than_five(key: int) -> bool:
    return bool(key & _BITS_3_4 or key & _BIT_2 & (key << 1))


def _patterns(set_keys: list[int], kinds: int) -> dict[int, int]:
    """Every pattern of up to four of ``set_keys`` (1), and each with a pair added (2), no
    kind more than five times."""
    codes = {0: 1}
    level = {0}
    for _ in range(4):
        level = {key + set_key for key in level for set_key in set_keys
                 if not _more_than_five(key + set_key)}
        codes.update(dict.fromkeys(level, 1))
    sets_only = list(codes)
    for key in sets_only:
        for tile in range(kinds):
            with_pair = key + (2 << (BITS * tile))
            if not _more_than_five(with_pair):
                codes[with_pair] = 2
    return codes


def build() -> None:
    """Fill :data:`HONOUR_CODES`, then :data:`SUIT_CODES` (once; later calls do nothing).

    Each table is filled by one ``update`` from a finished dict, the suits' last: a thread
    that finds :data:`SUIT_CODES` filled finds both whole, one that finds it empty builds too.
    """
    if SUIT_CODES:
        return
    chows = [WEIGHT[t] + WEIGHT[t + 1] + WEIGHT[t + 2] for t in range(7)]
    pungs = [3 * WEIGHT[t] for t in range(9)]
    HONOUR_CODES.update(_patterns(pungs[:7], 7))
    SUIT_CODES.update(_patterns(chows + pungs, 9))


def reads(key: int) -> bool:
    """Whether the concealed tiles of ``key`` read as sets and exactly one pair."""
    if not SUIT_CODES:
        build()
    codes = SUIT_CODES
    return (codes[key & SUIT_FIELDS] * codes[(key >> _CIRCLES) & SUIT_FIELDS]
            * codes[(key >> _BAMBOOS) & SUIT_FIELDS] * HONOUR_CODES[key >> HONOUR_SHIFT]) == 2


class GroupReading(NamedTuple):
    """One reading of one suit's (or the honours') tiles."""

    sets: tuple[Meld, ...]
    pair: int | None
    chows: int


_PUNGS = {t: Meld(MeldKind.PUNG, (t,) * 3, concealed=True) for t in range(KINDS)}
_CHOWS = {t: Meld(MeldKind.CHOW, (t, t + 1, t + 2), concealed=True)
          for t in range(27) if t % 9 <= 6}


def _sets(counts: list[int], first: int, start: int = 0) -> Iterator[tuple[Meld, ...]]:
    """Every way to read one group's ``counts`` (``first`` its first tile) as pungs and
    chows, lowest tile first, a pung before a chow."""
    index = start
    while index < len(counts) and counts[index] == 0:
        index += 1
    if index == len(counts):
        yield ()
        return
    tile = first + index
    if counts[index] >= 3:
        counts[index] -= 3
        for rest in _sets(counts, first, index):
            yield (_PUNGS[tile], *rest)
        counts[index] += 3
    if tile < 27 and index <= 6 and counts[index + 1] and counts[index + 2]:
        for i in (index, index + 1, index + 2):
            counts[i] -= 1
        for rest in _sets(counts, first, index):
            yield (_CHOWS[tile], *rest)
        for i in (index, index + 1, index + 2):
            counts[i] += 1


def _chows(sets: tuple[Meld, ...]) -> int:
    return sum(1 for meld in sets if meld.kind is MeldKind.CHOW)


def _read_group(key: int) -> tuple[GroupReading, ...]:
    if not key:
        return (GroupReading((), None, 0),)
    group = (key.bit_length() - 1) // (9 * BITS)
    first = 9 * group
    counts = [count_in(key, tile) for tile in range(first, first + (9 if group < 3 else 7))]
    if sum(counts) % 3 == 0:
        return tuple(GroupReading(sets, None, _chows(sets)) for sets in _sets(counts, first))
    found: list[GroupReading] = []
    for index, held in enumerate(counts):
        if held >= 2:
            counts[index] -= 2
            found.extend(GroupReading(sets, first + index, _chows(sets))
                         for sets in _sets(counts, first))
            counts[index] += 2
    return tuple(found)


def code_of(key: int) -> int:
    """The code (as :data:`SUIT_CODES`) of one group's pattern, in place (a masked key)."""
    if not SUIT_CODES:
        build()
    group = (key.bit_length() - 1) // (9 * BITS)
    return (HONOUR_CODES if group == 3 else SUIT_CODES)[key >> (9 * BITS * group)]


_NOT_READ: tuple[int, tuple[GroupReading, ...]] = (0, ())


class _Readings(dict[int, tuple[int, tuple[GroupReading, ...]]]):
    """Each group pattern met so far that reads, by its masked key: its code (1 or 2, as
    :data:`SUIT_CODES`) and its readings. One that does not read gives ``(0, ())``, kept
    nowhere, so that the memo holds only patterns that read."""

    def __missing__(self, key: int) -> tuple[int, tuple[GroupReading, ...]]:
        code = code_of(key) if key else 1
        if not code:
            return _NOT_READ
        found = self[key] = (code, _read_group(key))
        return found


READINGS = _Readings()
