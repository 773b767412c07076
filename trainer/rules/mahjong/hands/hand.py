"""Melds and winning hands (Portaria 135/91/M, Art. 4; Art. 6 for thirteen orphans).

Conventional: 14 tiles = four sets (pung, chow, or a kong counted as a set) and a pair, or
thirteen orphans (one of each terminal and honour plus one duplicate). Simplified: 5 tiles
= one set and a pair. Declared melds (claimed, or a concealed kong) count as sets.
:func:`reading_reason` and :func:`waits_reasons` say why, citing the article.

The tiles are held as a key, five bits of count per kind, and each suit is read from a table
built once (:mod:`~trainer.rules.mahjong.hands.hand_keys`): a hand is checked with four look-ups and
read with four more, never searched tile by tile. The readings come in the order the search
tile by tile found them (by the pair's tile, then lowest tile first, a pung before a chow).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, groupby, product
from operator import attrgetter

from i18n import N_, Message, listing
from trainer.rules.mahjong.hands.hand_keys import (
    GROUP_MASKS,
    ORPHAN_KEYS,
    READINGS,
    WEIGHT,
    count_in,
    more_than_four,
    reads,
)
from trainer.rules.mahjong.hands.melds import Decomposition, Meld, MeldKind
from trainer.rules.mahjong.hands.tile_words import set_words, tile_words
from trainer.rules.mahjong.hands.tiles import (
    KINDS,
    Variant,
    counts_of,
    is_honour,
    is_terminal,
    tile_name,
)
from trainer.rules.regulations import Article, Reason, Regulation

__all__ = ["Decomposition", "Meld", "MeldKind", "decompositions", "describe_reading",
           "is_winning", "read", "reading_reason", "waits", "waits_reasons"]

ORPHANS = tuple(t for t in range(KINDS) if is_honour(t) or is_terminal(t))
_ALLOWED = {variant: frozenset(variant.kinds) for variant in Variant}
_CHARACTERS, _CIRCLES, _BAMBOOS, _HONOURS = GROUP_MASKS
_WEIGHT_OF = WEIGHT.__getitem__
_CONVENTIONAL, _CHOW = Variant.CONVENTIONAL, MeldKind.CHOW
_SETS_NEEDED = {variant: variant.sets_needed for variant in Variant}
#: The counts of the kinds each form's set does not hold.
_FOREIGN = {variant: sum(WEIGHT[t] for t in range(KINDS) if t not in variant.kinds) * 31
            for variant in Variant}
#: Art. 4 (a) rules the conventional winning hand, Art. 4 (b) the simplified one.
ART_4 = {Variant.CONVENTIONAL: Article(Regulation.MAHJONG, 4, "a"),
         Variant.SIMPLIFIED: Article(Regulation.MAHJONG, 4, "b")}
#: Thirteen orphans is listed among the double-fán hands of Art. 6 (a).
ART_6A = Article(Regulation.MAHJONG, 6, "a")


def _check(concealed: tuple[int, ...], melds: tuple[Meld, ...], variant: Variant) -> None:
    """Raise what is wrong with the tiles: one not in the set, or more than four of a kind."""
    allowed = _ALLOWED[variant]
    every = list(concealed) + [t for meld in melds for t in meld.tiles]
    foreign = [t for t in every if t not in allowed]
    if foreign:
        raise ValueError(f"the {variant.value} set has no {tile_name(foreign[0])}")
    if max(counts_of(every)) > 4:
        raise ValueError("the set holds only four of each tile")


def _keys(concealed: tuple[int, ...], melds: tuple[Meld, ...],
          variant: Variant) -> tuple[int, int]:
    """The key of the concealed tiles and of the whole hand, checked as :func:`_check` does."""
    try:
        key = sum(map(_WEIGHT_OF, concealed))
        whole = key + sum([sum(map(_WEIGHT_OF, meld.tiles)) for meld in melds]) if melds else key
    except (KeyError, TypeError):
        _check(concealed, melds, variant)  # not a tile at all: it says which
        raise
    if whole & _FOREIGN[variant] or len(concealed) + 4 * len(melds) >= 32:
        _check(concealed, melds, variant)  # (32 of a kind would overflow its count)
    elif more_than_four(whole):
        raise ValueError("the set holds only four of each tile")
    return key, whole


def _needs(size: int, melds: tuple[Meld, ...], variant: Variant) -> bool:
    """Whether ``size`` concealed tiles are what the hand needs besides its declared sets."""
    needed = _SETS_NEEDED[variant] - len(melds)
    return needed >= 0 and size == 3 * needed + 2


def _wins(key: int, melds: tuple[Meld, ...], variant: Variant) -> bool:
    """Whether concealed tiles of the right number (``key``) complete the hand."""
    if key in ORPHAN_KEYS and not melds and variant is _CONVENTIONAL:
        return True
    return reads(key)


def is_winning(concealed: Iterable[int], melds: Iterable[Meld] = (),
               variant: Variant = Variant.CONVENTIONAL) -> bool:
    concealed, melds = tuple(concealed), tuple(melds)
    key, _whole = _keys(concealed, melds, variant)
    needed = _SETS_NEEDED[variant] - len(melds)
    return needed >= 0 and len(concealed) == 3 * needed + 2 and _wins(key, melds, variant)


def read(concealed: Iterable[int], melds: Iterable[Meld] = (),
         variant: Variant = Variant.CONVENTIONAL) -> tuple[int, list[Decomposition], list[int]]:
    """The whole hand's key, its readings (as :func:`decompositions`) and the number of
    chows in each."""
    concealed, melds = tuple(concealed), tuple(melds)
    key, whole = _keys(concealed, melds, variant)
    needed = _SETS_NEEDED[variant] - len(melds)
    if needed < 0 or len(concealed) != 3 * needed + 2:
        return whole, [], []
    if key in ORPHAN_KEYS and not melds and variant is _CONVENTIONAL:
        return whole, [Decomposition((), None, thirteen_orphans=True)], [0]  # no set reads
    (m_code, m), (p_code, p) = READINGS[key & _CHARACTERS], READINGS[key & _CIRCLES]
    (s_code, s), (h_code, h) = READINGS[key & _BAMBOOS], READINGS[key & _HONOURS]
    if m_code * p_code * s_code * h_code != 2:  # all read, one of them with the pair
        return whole, [], []
    melded = sum([meld.kind is _CHOW for meld in melds]) if melds else 0
    if len(m) == len(p) == len(s) == len(h) == 1:
        (m_sets, m_pair, m_chows), (p_sets, p_pair, p_chows) = m[0], p[0]
        (s_sets, s_pair, s_chows), (h_sets, h_pair, _none) = s[0], h[0]
        pair = m_pair if m_pair is not None else p_pair if p_pair is not None else (
            s_pair if s_pair is not None else h_pair)
        sets = m_sets + p_sets + s_sets + h_sets
        return whole, [Decomposition(melds + sets if melds else sets, pair)], [
            melded + m_chows + p_chows + s_chows]
    # Several readings: by the pair's tile, then each group's in turn (as the search finds them).
    found: list[Decomposition] = []
    chows: list[int] = []
    groups = [m, p, s, h]
    paired = next(index for index, group in enumerate(groups) if group[0].pair is not None)
    for _pair, block in groupby(groups[paired], key=attrgetter("pair")):
        parts = groups.copy()
        parts[paired] = tuple(block)
        for each in product(*parts):
            found.append(Decomposition(melds + tuple(chain.from_iterable(g.sets for g in each)),
                                       each[paired].pair))
            chows.append(melded + sum(g.chows for g in each))
    return whole, found, chows


def decompositions(concealed: Iterable[int], melds: Iterable[Meld] = (),
                   variant: Variant = Variant.CONVENTIONAL) -> list[Decomposition]:
    """All ways to read the hand as sets and a pair (declared melds included), or orphans."""
    return read(concealed, melds, variant)[1]


def _completing(concealed: Iterable[int], melds: Iterable[Meld],
                variant: Variant) -> Iterator[tuple[int, bool]]:
    """Each tile that would complete the hand, and whether all four are already in it."""
    concealed, melds = tuple(concealed), tuple(melds)
    key, whole = _keys(concealed, melds, variant)
    if not _needs(len(concealed) + 1, melds, variant):
        return
    for tile in variant.kinds:
        if _wins(key + WEIGHT[tile], melds, variant):
            yield tile, count_in(whole, tile) >= 4


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
