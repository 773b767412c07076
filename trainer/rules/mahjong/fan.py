"""Fán: what a winning hand is worth (Portaria 135/91/M, Art. 6).

Each pattern is a small named rule with its value, its article and its translatable name,
the way the riichi ``mahjong`` package does yaku. Conventional patterns add up and the
total is capped at 2 (double fán, «leong fán»); a win with none is the minimum hand, kai
vu. In the simplified form the only fán (the maximum) is for robbing a kong, the last tile
or winning on the green dragon (HI: the winning tile is 發). :func:`fan_reasons` explains a
score pattern by pattern, each with its article. A hand may read several ways
(:func:`readings`); :func:`equally_valuable` says which are worth the most, after the cap
(HI-MJ-INCLUDES).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from i18n import N_, Message, listing
from trainer.rules.house import MahjongRules
from trainer.rules.mahjong.hand import (
    Decomposition,
    Meld,
    MeldKind,
    decompositions,
    describe_reading,
)
from trainer.rules.mahjong.tile_words import tile_words
from trainer.rules.mahjong.tiles import (
    DRAGON_TILES,
    GREEN,
    WIND_TILES,
    Variant,
    Wind,
    is_honour,
    is_terminal,
    suit_of,
)
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation

ART_6A = Article(Regulation.MAHJONG, 6, "a")
ART_6B = Article(Regulation.MAHJONG, 6, "b")
#: The text gives each pattern's value, not how they combine: they add up, to the cap.
HI_MJ_ADD = HouseInterpretation("HI-MJ-ADD")
#: A stronger form of a pattern replaces the weaker one, and nothing else (RULES.md).
HI_MJ_INCLUDES = HouseInterpretation("HI-MJ-INCLUDES")
#: Winning "on the green dragon" (simplified form): the winning tile is 發.
HI_MJ_GREEN = HouseInterpretation("HI-MJ-GREEN")
CAP = {Variant.CONVENTIONAL: 2, Variant.SIMPLIFIED: 1}


@dataclass(frozen=True)
class Win:
    """A declared win. ``tiles`` are the concealed tiles including the winning tile."""

    tiles: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: int | None = None
    self_drawn: bool = False
    seat_wind: Wind = Wind.EAST
    round_wind: Wind = Wind.EAST
    variant: Variant = Variant.CONVENTIONAL
    robbing_kong: bool = False
    kong_replacement: bool = False
    kong_on_kong: bool = False
    last_tile: bool = False
    heavenly: bool = False
    earthly: bool = False


@dataclass(frozen=True)
class Hand:
    """One reading of the win, with what the patterns ask about it."""

    win: Win
    reading: Decomposition
    #: Whether one suit with honours scores even when an honour set is itself worth fán
    #: (False, the reading of Art. 6 (a): «sem valerem fán ou fán dobrado»; the house
    #: setting ``MahjongRules.wan_iat_sek_with_scoring_honours``, always given).
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
        """The tile of each pung or kong."""
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
        """The suits present (:data:`~trainer.rules.mahjong.tiles.SUITS`)."""
        return {suit for t in self.tiles if (suit := suit_of(t)) is not None}

    @cached_property
    def has_honours(self) -> bool:
        return any(is_honour(t) for t in self.tiles)

    def wind_tiles(self, *winds: Wind) -> set[int]:
        return {w.tile for w in winds}


@dataclass(frozen=True)
class Pattern:
    """A named rule: ``test`` says whether (or how many times) it scores in a hand."""

    name: str  # an N_() message id
    fan: int
    test: Callable[[Hand], int | bool]
    article: Article = ART_6A
    supersedes: frozenset[str] = frozenset()


def _seat_and_round_differ(hand: Hand) -> bool:
    return hand.win.seat_wind is not hand.win.round_wind


def _all_chows_pair_ok(hand: Hand) -> bool:
    pair = hand.reading.pair
    excluded = set(DRAGON_TILES) | hand.wind_tiles(hand.win.seat_wind, hand.win.round_wind)
    return hand.all_chows and pair is not None and pair not in excluded


def scoring_honours(hand: Hand) -> tuple[int, ...]:
    """The honour tiles of the hand's pungs and kongs that are themselves worth fán: every
    dragon, the seat wind and the round wind."""
    worth = set(DRAGON_TILES) | hand.wind_tiles(hand.win.seat_wind, hand.win.round_wind)
    return tuple(t for t in hand.pung_tiles if t in worth)


def _one_suit_and_honours(hand: Hand) -> bool:
    """The shape of wân iat sêk: the tiles of one suit and honours (not thirteen orphans)."""
    return len(hand.suits) == 1 and hand.has_honours and not hand.reading.thirteen_orphans


def _one_suit_with_honours(hand: Hand) -> bool:
    """Wân iat sêk (Art. 6 (a)): one suit with honours «sem valerem fán ou fán dobrado» —
    none of its honours is itself worth fán (Art. 6 (a))."""
    return _one_suit_and_honours(hand) and (hand.honours_may_score
                                            or not scoring_honours(hand))


def _only(hand: Hand, allowed: Callable[[int], bool]) -> bool:
    return not hand.reading.thirteen_orphans and all(allowed(t) for t in hand.tiles)


DRAGON_PUNG = N_("Dragon pung")
ROUND_WIND = N_("Round wind pung")
SEAT_WIND = N_("Seat wind pung")
ROBBING_KONG = N_("Robbing a kong (ch'eóng kóng)")
KONG_REPLACEMENT = N_("Win on a kong replacement (kóng seong fá)")
ALL_PUNGS = N_("All pungs (tôi-tôi vu)")
ALL_CHOWS = N_("All chows and a pair (p'êng vu)")
MIXED_ONE_SUIT = N_("One suit with honours (wân iat sêk)")
LAST_TILE = N_("Win on the last tile (hoi tai lau yuet)")
SMALL_DRAGONS = N_("Small three dragons (siu sam un)")
SMALL_WINDS = N_("Small four winds (siu sei hei)")
TERMINALS_AND_HONOURS = N_("Terminals and honours (fá iu-kau)")
HEAVENLY = N_("Heavenly win (t'in vu)")
EARTHLY = N_("Earthly win (tei vu)")
DOUBLE_WIND = N_("Double wind (seong fán)")
KONG_ON_KONG = N_("Kong on kong (kóng seong kóng)")
MIXED_ALL_CHOWS = N_("One suit, all chows (wân iat sêk p'êng vu)")
PURE_ONE_SUIT = N_("Pure one suit (ch'êng iat sêk)")
THIRTEEN_ORPHANS = N_("Thirteen orphans (sap-sám iu)")
CONCEALED_PUNGS = N_("All concealed pungs, self-drawn (kan-kan vu)")
BIG_DRAGONS = N_("Big three dragons (tai sam un)")
BIG_WINDS = N_("Big four winds (tai sei hei)")
ALL_TERMINALS = N_("All terminals (cheng iu)")
ALL_HONOURS = N_("All honours (chun chu)")
GREEN_DRAGON = N_("Win on the green dragon (fát chói)")

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
    # HI-MJ-INCLUDES: a big form replaces only its small form; every dragon and wind pung
    # that scores, and all pungs, are listed beside it.
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


@dataclass(frozen=True)
class PatternHit:
    pattern: Pattern
    times: int

    @property
    def fan(self) -> int:
        return self.pattern.fan * self.times

    @property
    def label(self) -> Message:
        return Message.of(self.pattern.name)


@dataclass(frozen=True)
class FanResult:
    fan: int  # after the cap; 0 is kai vu
    raw: int  # before the cap
    patterns: tuple[PatternHit, ...]
    reading: Decomposition

    @property
    def kai_vu(self) -> bool:
        return self.fan == 0

    @property
    def names(self) -> frozenset[str]:
        """The patterns scored, by name: the list a listing answer gives."""
        return frozenset(hit.pattern.name for hit in self.patterns)


def _hits(hand: Hand, patterns: tuple[Pattern, ...]) -> tuple[PatternHit, ...]:
    hits = [PatternHit(p, n) for p in patterns if (n := int(p.test(hand)))]
    superseded = {name for hit in hits for name in hit.pattern.supersedes}
    return tuple(hit for hit in hits if hit.pattern.name not in superseded)


def score(win: Win, rules: MahjongRules | None = None) -> FanResult:
    """The fán of ``win``, reading the hand the way worth most."""
    return all_best(win, rules)[0]


def readings(win: Win, rules: MahjongRules | None = None) -> tuple[FanResult, ...]:
    """Every reading of ``win`` as sets and a pair (Art. 4), each with the patterns it
    scores and its fán before and after the cap."""
    found = decompositions(win.tiles, win.melds, win.variant)
    if not found:
        raise ValueError("not a winning hand")
    patterns = _table(win.variant)
    may_score = (rules or MahjongRules()).wan_iat_sek_with_scoring_honours
    results = []
    for reading in found:
        hits = _hits(Hand(win, reading, may_score), patterns)
        raw = sum(hit.fan for hit in hits)
        results.append(FanResult(min(raw, CAP[win.variant]), raw, hits, reading))
    return tuple(results)


def equally_valuable(results: Iterable[FanResult]) -> tuple[FanResult, ...]:
    """Of the readings ``results``, those worth the most, valued after the cap: two readings
    that both reach double fán are equally valuable, and a hand with two equally valuable
    readings may be listed either way (HI-MJ-INCLUDES). The one place that decides it.
    First (the one :func:`score` gives and explains) the most fán before the cap."""
    results = tuple(results)
    top = max(result.fan for result in results)
    return tuple(sorted((result for result in results if result.fan == top),
                        key=lambda result: -result.raw))


def all_best(win: Win, rules: MahjongRules | None = None) -> tuple[FanResult, ...]:
    """Every reading of ``win`` worth the most after the cap (:func:`equally_valuable`)."""
    return equally_valuable(readings(win, rules))


def _table(variant: Variant) -> tuple[Pattern, ...]:
    return CONVENTIONAL_PATTERNS if variant is Variant.CONVENTIONAL else SIMPLIFIED_PATTERNS


def fan_reasons(win: Win, result: FanResult | None = None,
                rules: MahjongRules | None = None) -> tuple[Reason, ...]:
    """Why ``win`` is worth what :func:`score` says: its reading, each pattern that scores
    (and those a bigger pattern already includes), why one suit with honours does not score
    when its honours are worth fán, and the cap or the minimum hand."""
    result = result or score(win, rules)
    article = ART_6A if win.variant is Variant.CONVENTIONAL else ART_6B
    reasons = [describe_reading(result.reading, win.variant)]
    hand = Hand(win, result.reading,
                (rules or MahjongRules()).wan_iat_sek_with_scoring_honours)
    for hit in result.patterns:
        if hit.times > 1:
            text = Message.of(N_("{pattern}, {times} times: {fan} fán."), pattern=hit.label,
                              times=hit.times, fan=hit.fan)
        else:
            text = Message.of(N_("{pattern}: {fan} fán."), pattern=hit.label, fan=hit.fan)
        reasons.append(Reason(text, hit.pattern.article))
        if hit.pattern.name == GREEN_DRAGON:
            reasons.append(Reason(Message.of(N_(
                "The winning tile is the green dragon 發: that is winning on the green "
                "dragon.")), HI_MJ_GREEN))
        for other in _table(win.variant):
            if other.name in hit.pattern.supersedes and other.test(hand):
                reasons.append(Reason(Message.of(
                    N_("{pattern} already includes {other}, which is not counted again."),
                    pattern=hit.label, other=Message.of(other.name)), HI_MJ_INCLUDES))
    if (win.variant is Variant.CONVENTIONAL and _one_suit_and_honours(hand)
            and not _one_suit_with_honours(hand)):
        worth = list(dict.fromkeys(scoring_honours(hand)))
        reasons.append(Reason(Message.counted(
            "One suit with honours (wân iat sêk) does not score: it counts only when none of "
            "its honours is itself worth fán, and here the pung of {tiles} is.",
            "One suit with honours (wân iat sêk) does not score: it counts only when none of "
            "its honours is itself worth fán, and here the pungs of {tiles} are.",
            len(worth), tiles=listing([tile_words(t) for t in worth])), article))
    if not result.patterns:
        reasons.append(Reason(Message.of(N_("No pattern scores: the hand is the minimum, "
                                            "kai vu.")), article))
    elif result.raw > result.fan:
        reasons.append(Reason(Message.of(N_("The patterns add up to {raw} fán, but {cap} fán "
                                            "is the maximum."), raw=result.raw,
                                         cap=result.fan), HI_MJ_ADD))
    elif len(result.patterns) > 1 or result.patterns[0].times > 1:
        reasons.append(Reason(Message.of(N_("The patterns add up: {fan} fán."),
                                         fan=result.fan), HI_MJ_ADD))
    return tuple(reasons)
