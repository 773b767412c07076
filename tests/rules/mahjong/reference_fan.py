"""The fán scorer as it was before the hand keys (test-only).

Kept from ``trainer/rules/mahjong/hands/fan.py`` as it stood before issue 39 (Step 8): each
reading walked tile by tile, each pattern's test on a hand whose properties are worked out
from its tiles. The tests check the new scorer against it: the same readings, the same
patterns (name, times, fán), the same fán before and after the cap. Never imported by the app.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from tests.rules.mahjong.reference_hand import decompositions
from trainer.rules.house import MahjongRules
from trainer.rules.mahjong.hands.fan import (
    ALL_CHOWS,
    ALL_HONOURS,
    ALL_PUNGS,
    ALL_TERMINALS,
    ART_6B,
    BIG_DRAGONS,
    BIG_WINDS,
    CAP,
    CONCEALED_PUNGS,
    DOUBLE_WIND,
    DRAGON_PUNG,
    EARTHLY,
    GREEN_DRAGON,
    HEAVENLY,
    KONG_ON_KONG,
    KONG_REPLACEMENT,
    LAST_TILE,
    MIXED_ALL_CHOWS,
    MIXED_ONE_SUIT,
    PURE_ONE_SUIT,
    ROBBING_KONG,
    ROUND_WIND,
    SEAT_WIND,
    SMALL_DRAGONS,
    SMALL_WINDS,
    TERMINALS_AND_HONOURS,
    THIRTEEN_ORPHANS,
    FanResult,
    Pattern,
    PatternHit,
    Win,
)
from trainer.rules.mahjong.hands.hand import Decomposition, Meld, MeldKind
from trainer.rules.mahjong.hands.tiles import (
    DRAGON_TILES,
    GREEN,
    WIND_TILES,
    Variant,
    Wind,
    is_honour,
    is_terminal,
    suit_of,
)


@dataclass(frozen=True)
class Hand:
    win: Win
    reading: Decomposition
    honours_may_score: bool

    @property
    def sets(self) -> tuple[Meld, ...]:
        return self.reading.sets

    @cached_property
    def tiles(self) -> list[int]:
        if self.reading.thirteen_orphans:
            return list(self.win.tiles)
        pair = [self.reading.pair] * 2 if self.reading.pair is not None else []
        return [t for meld in self.sets for t in meld.tiles] + pair

    @cached_property
    def pung_tiles(self) -> tuple[int, ...]:
        return tuple(m.first for m in self.sets if m.kind is not MeldKind.CHOW)

    @cached_property
    def dragon_pungs(self) -> int:
        return sum(1 for t in self.pung_tiles if t >= DRAGON_TILES.start)

    @cached_property
    def wind_pungs(self) -> int:
        return sum(1 for t in self.pung_tiles if t in WIND_TILES)

    def pungs_of(self, tiles: Iterable[int]) -> int:
        wanted = tiles if isinstance(tiles, range | set | frozenset) else set(tiles)
        return sum(1 for t in self.pung_tiles if t in wanted)

    @cached_property
    def all_chows(self) -> bool:
        return bool(self.sets) and all(m.kind is MeldKind.CHOW for m in self.sets)

    @cached_property
    def all_pungs(self) -> bool:
        return bool(self.sets) and all(m.kind is not MeldKind.CHOW for m in self.sets)

    @cached_property
    def suits(self) -> set[str]:
        return {suit for t in self.tiles if (suit := suit_of(t)) is not None}

    @cached_property
    def has_honours(self) -> bool:
        return any(is_honour(t) for t in self.tiles)

    def wind_tiles(self, *winds: Wind) -> set[int]:
        return {w.tile for w in winds}


def _seat_and_round_differ(hand: Hand) -> bool:
    return hand.win.seat_wind is not hand.win.round_wind


def _all_chows_pair_ok(hand: Hand) -> bool:
    pair = hand.reading.pair
    excluded = set(DRAGON_TILES) | hand.wind_tiles(hand.win.seat_wind, hand.win.round_wind)
    return hand.all_chows and pair is not None and pair not in excluded


def scoring_honours(hand: Hand) -> tuple[int, ...]:
    worth = set(DRAGON_TILES) | hand.wind_tiles(hand.win.seat_wind, hand.win.round_wind)
    return tuple(t for t in hand.pung_tiles if t in worth)


def _one_suit_and_honours(hand: Hand) -> bool:
    return len(hand.suits) == 1 and hand.has_honours and not hand.reading.thirteen_orphans


def _one_suit_with_honours(hand: Hand) -> bool:
    return _one_suit_and_honours(hand) and (hand.honours_may_score
                                            or not scoring_honours(hand))


def _only(hand: Hand, allowed: Callable[[int], bool]) -> bool:
    return not hand.reading.thirteen_orphans and all(allowed(t) for t in hand.tiles)


CONVENTIONAL_PATTERNS: tuple[Pattern, ...] = (
    Pattern(DRAGON_PUNG, 1, lambda h: h.dragon_pungs),
    Pattern(ROUND_WIND, 1, lambda h: _seat_and_round_differ(h)
          and h.pungs_of({h.win.round_wind.tile})),
    Pattern(SEAT_WIND, 1, lambda h: _seat_and_round_differ(h)
          and h.pungs_of({h.win.seat_wind.tile})),
    Pattern(ROBBING_KONG, 1, lambda h: h.win.robbing_kong),
    Pattern(KONG_REPLACEMENT, 1, lambda h: h.win.kong_replacement),
    Pattern(ALL_PUNGS, 1, lambda h: h.all_pungs),
    Pattern(ALL_CHOWS, 1, _all_chows_pair_ok),
    Pattern(MIXED_ONE_SUIT, 1, _one_suit_with_honours),
    Pattern(LAST_TILE, 1, lambda h: h.win.last_tile),
    Pattern(SMALL_DRAGONS, 1, lambda h: h.dragon_pungs == 2
          and h.reading.pair in DRAGON_TILES),
    Pattern(SMALL_WINDS, 1, lambda h: h.wind_pungs == 3
          and h.reading.pair in WIND_TILES),
    Pattern(TERMINALS_AND_HONOURS, 1, lambda h: _only(h, lambda t: is_honour(t) or is_terminal(t))
          and h.has_honours and bool(h.suits)),
    Pattern(HEAVENLY, 2, lambda h: h.win.heavenly),
    Pattern(EARTHLY, 2, lambda h: h.win.earthly),
    Pattern(DOUBLE_WIND, 2, lambda h: not _seat_and_round_differ(h)
          and h.pungs_of({h.win.seat_wind.tile})),
    Pattern(KONG_ON_KONG, 2, lambda h: h.win.kong_on_kong,
            supersedes=frozenset({KONG_REPLACEMENT})),
    Pattern(MIXED_ALL_CHOWS, 2, lambda h: h.all_chows and len(h.suits) == 1
          and h.reading.pair in WIND_TILES
          and h.reading.pair not in h.wind_tiles(h.win.seat_wind, h.win.round_wind),
          supersedes=frozenset({MIXED_ONE_SUIT, ALL_CHOWS})),
    Pattern(PURE_ONE_SUIT, 2, lambda h: len(h.suits) == 1 and not h.has_honours),
    Pattern(THIRTEEN_ORPHANS, 2, lambda h: h.reading.thirteen_orphans),
    Pattern(CONCEALED_PUNGS, 2, lambda h: h.all_pungs and h.win.self_drawn
          and all(m.concealed and m.kind is MeldKind.PUNG for m in h.sets),
          supersedes=frozenset({ALL_PUNGS})),
    Pattern(BIG_DRAGONS, 2, lambda h: h.dragon_pungs == 3,
            supersedes=frozenset({SMALL_DRAGONS})),
    Pattern(BIG_WINDS, 2, lambda h: h.wind_pungs == 4, supersedes=frozenset({SMALL_WINDS})),
    Pattern(ALL_TERMINALS, 2, lambda h: _only(h, is_terminal)),
    Pattern(ALL_HONOURS, 2, lambda h: _only(h, is_honour)),
)

SIMPLIFIED_PATTERNS: tuple[Pattern, ...] = (
    Pattern(ROBBING_KONG, 1, lambda h: h.win.robbing_kong, article=ART_6B),
    Pattern(LAST_TILE, 1, lambda h: h.win.last_tile, article=ART_6B),
    Pattern(GREEN_DRAGON, 1, lambda h: h.win.winning_tile == GREEN, article=ART_6B),
)


def _hits(hand: Hand, patterns: tuple[Pattern, ...]) -> tuple[PatternHit, ...]:
    hits = [PatternHit(p, n) for p in patterns if (n := int(p.test(hand)))]
    superseded = {name for hit in hits for name in hit.pattern.supersedes}
    return tuple(hit for hit in hits if hit.pattern.name not in superseded)


def readings(win: Win, rules: MahjongRules | None = None) -> tuple[FanResult, ...]:
    found = decompositions(win.tiles, win.melds, win.variant)
    if not found:
        raise ValueError("not a winning hand")
    patterns = (CONVENTIONAL_PATTERNS if win.variant is Variant.CONVENTIONAL
                else SIMPLIFIED_PATTERNS)
    may_score = (rules or MahjongRules()).wan_iat_sek_with_scoring_honours
    results = []
    for reading in found:
        hits = _hits(Hand(win, reading, may_score), patterns)
        raw = sum(hit.fan for hit in hits)
        results.append(FanResult(min(raw, CAP[win.variant]), raw, hits, reading))
    return tuple(results)


def equally_valuable(results: Iterable[FanResult]) -> tuple[FanResult, ...]:
    results = tuple(results)
    top = max(result.fan for result in results)
    return tuple(sorted((result for result in results if result.fan == top),
                        key=lambda result: -result.raw))


def all_best(win: Win, rules: MahjongRules | None = None) -> tuple[FanResult, ...]:
    return equally_valuable(readings(win, rules))


def score(win: Win, rules: MahjongRules | None = None) -> FanResult:
    return all_best(win, rules)[0]
