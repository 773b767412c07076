"""Fán: what a winning hand is worth (Portaria 135/91/M, Art. 6).

Each pattern is a small named rule with its value, its article and its translatable name,
the way the riichi ``mahjong`` package does yaku. Conventional patterns add up and the
total is capped at 2 (double fán, «leong fán»); a win with none is the minimum hand, kai
vu. In the simplified form the only fán (the maximum) is for robbing a kong, the last tile
or winning on the green dragon (HI: the winning tile is 發). :func:`fan_reasons` explains a
score pattern by pattern, each with its article. A hand may read several ways
(:func:`readings`); :func:`equally_valuable` says which are worth the most, after the cap
(HI-MJ-INCLUDES).

What the patterns ask (the suits, honours and simples present, the honour pungs, whether a
reading is all chows or all pungs) is read from the hand's key
(:mod:`~trainer.rules.mahjong.hands.hand_keys`) and the reading's count of chows, never by walking
the tiles: :class:`Hand` works it out once per reading.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from i18n import N_, Message, listing
from trainer.rules.house import MahjongRules
from trainer.rules.mahjong.hands.hand import (
    Decomposition,
    Meld,
    MeldKind,
    describe_reading,
    read,
)
from trainer.rules.mahjong.hands.hand_keys import (
    BITS,
    GROUP_MASKS,
    SIMPLES,
    WEIGHT,
    key_of,
    pungs_in,
)
from trainer.rules.mahjong.hands.tile_words import tile_words
from trainer.rules.mahjong.hands.tiles import (
    DRAGON_TILES,
    GREEN,
    WIND_TILES,
    Variant,
    Wind,
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
_HOUSE = MahjongRules()


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


_CHARACTERS, _CIRCLES, _BAMBOOS, _HONOURS = GROUP_MASKS
_DRAGON_PUNGS = sum(WEIGHT[t] << 2 for t in DRAGON_TILES)
_WIND_PUNGS = sum(WEIGHT[t] << 2 for t in WIND_TILES)
_TILE_OF = {wind: wind.tile for wind in Wind}
_SCORING_DRAGONS = frozenset(DRAGON_TILES)
_CHOW, _PUNG = MeldKind.CHOW, MeldKind.PUNG


class Hand:
    """One reading of the win, with what the patterns ask about it.

    Worked out from the whole hand's key (:mod:`~trainer.rules.mahjong.hands.hand_keys`), not tile
    by tile: the suits, honours and simples present, and the honours held three or four times
    (in a winning hand, exactly its honour pungs and kongs). :func:`readings` gives the key
    (``whole``) and the number of chows in the reading; given none, the hand works them out.
    """

    __slots__ = ("win", "reading", "honours_may_score", "all_chows", "all_pungs",
                 "thirteen_orphans", "pair", "suit_count", "has_honours", "has_simples",
                 "dragon_pungs", "wind_pungs", "seat_pungs", "round_pungs", "winds_differ")
    win: Win
    reading: Decomposition
    #: Whether one suit with honours scores even when an honour set is itself worth fán
    #: (False, the reading of Art. 6 (a): «sem valerem fán ou fán dobrado»; the house
    #: setting ``MahjongRules.wan_iat_sek_with_scoring_honours``, always given).
    honours_may_score: bool
    all_chows: bool
    all_pungs: bool
    thirteen_orphans: bool
    pair: int | None
    suit_count: int
    has_honours: bool
    has_simples: bool
    dragon_pungs: int
    wind_pungs: int
    seat_pungs: int  # 1 or 0
    round_pungs: int
    winds_differ: bool

    def __init__(self, win: Win, reading: Decomposition, honours_may_score: bool,
                 whole: int | None = None, chows: int | None = None) -> None:
        self.win = win
        self.reading = reading
        self.honours_may_score = honours_may_score
        if whole is None:
            whole = key_of(self.tiles)
        if chows is None:
            chows = sum(1 for meld in reading.sets if meld.kind is _CHOW)
        sets = len(reading.sets)
        self.all_chows = sets > 0 and chows == sets
        self.all_pungs = sets > 0 and chows == 0
        self.thirteen_orphans = reading.thirteen_orphans
        self.pair = reading.pair
        self.suit_count = ((whole & _CHARACTERS != 0) + (whole & _CIRCLES != 0)
                           + (whole & _BAMBOOS != 0))
        self.has_simples = whole & SIMPLES != 0
        self.winds_differ = win.seat_wind is not win.round_wind
        self.has_honours = honours = whole & _HONOURS != 0
        if honours:
            pungs = pungs_in(whole)
            self.dragon_pungs = (pungs & _DRAGON_PUNGS).bit_count()
            self.wind_pungs = (pungs & _WIND_PUNGS).bit_count()
            self.seat_pungs = pungs >> (BITS * _TILE_OF[win.seat_wind] + 2) & 1
            self.round_pungs = pungs >> (BITS * _TILE_OF[win.round_wind] + 2) & 1
        else:
            self.dragon_pungs = self.wind_pungs = self.seat_pungs = self.round_pungs = 0

    @property
    def seat_tile(self) -> int:
        return _TILE_OF[self.win.seat_wind]

    @property
    def round_tile(self) -> int:
        return _TILE_OF[self.win.round_wind]

    @property
    def melds_concealed_pungs(self) -> bool:
        """Whether every declared set is a concealed pung (none in the open, no kong)."""
        return all(meld.concealed and meld.kind is _PUNG for meld in self.win.melds)

    @property
    def sets(self) -> tuple[Meld, ...]:
        return self.reading.sets

    @property
    def tiles(self) -> list[int]:
        if self.reading.thirteen_orphans:
            return list(self.win.tiles)
        pair = [self.reading.pair] * 2 if self.reading.pair is not None else []
        return [t for meld in self.sets for t in meld.tiles] + pair

    @property
    def pung_tiles(self) -> tuple[int, ...]:
        """The tile of each pung or kong."""
        return tuple(m.first for m in self.sets if m.kind is not MeldKind.CHOW)

    def pungs_of(self, tiles: Iterable[int]) -> int:
        wanted = tiles if isinstance(tiles, range | set | frozenset) else set(tiles)
        return sum(1 for t in self.pung_tiles if t in wanted)

    @property
    def suits(self) -> set[str]:
        """The suits present (:data:`~trainer.rules.mahjong.hands.tiles.SUITS`)."""
        return {suit for t in self.tiles if (suit := suit_of(t)) is not None}

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


def _all_chows_pair_ok(hand: Hand) -> bool:
    pair = hand.pair
    return (hand.all_chows and pair is not None and pair not in _SCORING_DRAGONS
            and pair != hand.seat_tile and pair != hand.round_tile)


def scoring_honours(hand: Hand) -> tuple[int, ...]:
    """The honour tiles of the hand's pungs and kongs that are themselves worth fán: every
    dragon, the seat wind and the round wind."""
    worth = set(DRAGON_TILES) | hand.wind_tiles(hand.win.seat_wind, hand.win.round_wind)
    return tuple(t for t in hand.pung_tiles if t in worth)


def _one_suit_and_honours(hand: Hand) -> bool:
    """The shape of wân iat sêk: the tiles of one suit and honours (not thirteen orphans)."""
    return hand.suit_count == 1 and hand.has_honours and not hand.thirteen_orphans


def _one_suit_with_honours(hand: Hand) -> bool:
    """Wân iat sêk (Art. 6 (a)): one suit with honours «sem valerem fán ou fán dobrado» —
    none of its honours is itself worth fán (Art. 6 (a)): no dragon pung, no pung of the
    seat or round wind (:func:`scoring_honours`)."""
    return _one_suit_and_honours(hand) and (
        hand.honours_may_score
        or not (hand.dragon_pungs or hand.seat_pungs or hand.round_pungs))


def _terminals_and_honours(hand: Hand) -> bool:
    """Fá iu-kau: only terminals and honours, both present (not thirteen orphans)."""
    return (not hand.thirteen_orphans and not hand.has_simples and hand.has_honours
            and hand.suit_count > 0)


def _all_terminals(hand: Hand) -> bool:
    return not hand.thirteen_orphans and not hand.has_simples and not hand.has_honours


def _all_honours(hand: Hand) -> bool:
    return not hand.thirteen_orphans and hand.suit_count == 0


def _mixed_all_chows(hand: Hand) -> bool:
    """One suit, all chows, and a pair of a wind that is neither the seat's nor the round's."""
    pair = hand.pair
    return (hand.all_chows and hand.suit_count == 1 and pair in WIND_TILES
            and pair != hand.seat_tile and pair != hand.round_tile)


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
    # A pung of the seat wind that is also the round's is both, and double wind includes
    # them (HI-MJ-INCLUDES).
    Pattern(ROUND_WIND, 1, lambda h: h.round_pungs),
    Pattern(SEAT_WIND, 1, lambda h: h.seat_pungs),
    Pattern(ROBBING_KONG, 1, lambda h: h.win.robbing_kong),
    Pattern(KONG_REPLACEMENT, 1, lambda h: h.win.kong_replacement),
    Pattern(ALL_PUNGS, 1, lambda h: h.all_pungs),
    Pattern(ALL_CHOWS, 1, _all_chows_pair_ok),
    Pattern(MIXED_ONE_SUIT, 1, _one_suit_with_honours),
    Pattern(LAST_TILE, 1, lambda h: h.win.last_tile),
    Pattern(SMALL_DRAGONS, 1, lambda h: h.dragon_pungs == 2 and h.pair in DRAGON_TILES),
    Pattern(SMALL_WINDS, 1, lambda h: h.wind_pungs == 3 and h.pair in WIND_TILES),
    Pattern(TERMINALS_AND_HONOURS, 1, _terminals_and_honours),
    Pattern(HEAVENLY, 2, lambda h: h.win.heavenly),
    Pattern(EARTHLY, 2, lambda h: h.win.earthly),
    Pattern(DOUBLE_WIND, 2, lambda h: not h.winds_differ and h.seat_pungs,
            supersedes=frozenset({ROUND_WIND, SEAT_WIND})),
    Pattern(KONG_ON_KONG, 2, lambda h: h.win.kong_on_kong,
            supersedes=frozenset({KONG_REPLACEMENT})),
    Pattern(MIXED_ALL_CHOWS, 2, _mixed_all_chows,
            supersedes=frozenset({MIXED_ONE_SUIT, ALL_CHOWS})),
    Pattern(PURE_ONE_SUIT, 2, lambda h: h.suit_count == 1 and not h.has_honours),
    Pattern(THIRTEEN_ORPHANS, 2, lambda h: h.thirteen_orphans),
    # Every set a pung, none declared in the open (a kong is not a pung here).
    Pattern(CONCEALED_PUNGS, 2, lambda h: h.all_pungs and h.win.self_drawn
          and h.melds_concealed_pungs, supersedes=frozenset({ALL_PUNGS})),
    # HI-MJ-INCLUDES: a big form replaces only its small form; every dragon and wind pung
    # that scores, and all pungs, are listed beside it.
    Pattern(BIG_DRAGONS, 2, lambda h: h.dragon_pungs == 3,
            supersedes=frozenset({SMALL_DRAGONS})),
    Pattern(BIG_WINDS, 2, lambda h: h.wind_pungs == 4, supersedes=frozenset({SMALL_WINDS})),
    Pattern(ALL_TERMINALS, 2, _all_terminals),
    Pattern(ALL_HONOURS, 2, _all_honours),
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


_Tests = tuple[tuple[Pattern, Callable[[Hand], int | bool], tuple[PatternHit, ...]], ...]
#: Each form's patterns in order, as :func:`readings` runs them: with its test, and its hit
#: once, twice … four times (made once: a hit is a value).
_TESTS: dict[Variant, _Tests] = {
    variant: tuple((pattern, pattern.test, tuple(PatternHit(pattern, n) for n in range(5)))
                   for pattern in table)
    for variant, table in ((Variant.CONVENTIONAL, CONVENTIONAL_PATTERNS),
                           (Variant.SIMPLIFIED, SIMPLIFIED_PATTERNS))}


def _hits(hand: Hand, tests: _Tests, inclusion: bool = True) -> tuple[PatternHit, ...]:
    hits = [made[n] if n < 5 else PatternHit(p, int(n))
            for p, test, made in tests if (n := test(hand))]
    if not hits or not inclusion:
        return tuple(hits)
    superseded = {name for hit in hits for name in hit.pattern.supersedes}
    if not superseded:
        return tuple(hits)
    return tuple(hit for hit in hits if hit.pattern.name not in superseded)


def score(win: Win, rules: MahjongRules | None = None, *,
          inclusion: bool = True) -> FanResult:
    """The fán of ``win``, reading the hand the way worth most: ``all_best(win, rules)[0]``
    (the first reading with the most fán after the cap, then before it).

    ``inclusion=False`` skips HI-MJ-INCLUDES: a pattern a bigger one includes is counted
    too, its fán added — the usual mistake of a fán counted twice
    (:mod:`trainer.rules.mahjong.mistakes`), never a score."""
    found = _results(win, rules, inclusion)
    best = found[0]
    if len(found) > 1:
        for result in found:
            if (result.fan, result.raw) > (best.fan, best.raw):
                best = result
    return best


def readings(win: Win, rules: MahjongRules | None = None, *,
             inclusion: bool = True) -> tuple[FanResult, ...]:
    """Every reading of ``win`` as sets and a pair (Art. 4), each with the patterns it
    scores and its fán before and after the cap (``inclusion``: as :func:`score`)."""
    return tuple(_results(win, rules, inclusion))


def _results(win: Win, rules: MahjongRules | None, inclusion: bool = True
             ) -> list[FanResult]:
    whole, found, chows = read(win.tiles, win.melds, win.variant)
    if not found:
        raise ValueError("not a winning hand")
    tests = _TESTS[win.variant]
    may_score = (rules or _HOUSE).wan_iat_sek_with_scoring_honours
    cap = CAP[win.variant]
    results = []
    for reading, chows_in_it in zip(found, chows, strict=True):
        hits = _hits(Hand(win, reading, may_score, whole, chows_in_it), tests, inclusion)
        raw = 0
        for hit in hits:
            raw += hit.pattern.fan * hit.times
        results.append(FanResult(min(raw, cap), raw, hits, reading))
    return results


def equally_valuable(results: Iterable[FanResult]) -> tuple[FanResult, ...]:
    """Of the readings ``results``, those worth the most, valued after the cap: two readings
    that both reach double fán are equally valuable, and a hand with two equally valuable
    readings may be listed either way (HI-MJ-INCLUDES). The one place that decides it.
    First (the one :func:`score` gives and explains) the most fán before the cap."""
    results = tuple(results)
    top = max(result.fan for result in results)
    return tuple(sorted((result for result in results if result.fan == top),
                        key=lambda result: -result.raw))


def all_best(win: Win, rules: MahjongRules | None = None, *,
             inclusion: bool = True) -> tuple[FanResult, ...]:
    """Every reading of ``win`` worth the most after the cap (:func:`equally_valuable`;
    ``inclusion``: as :func:`score`)."""
    return equally_valuable(readings(win, rules, inclusion=inclusion))


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
