"""Who bears a win fed by a discard, and the false win («nulo») (Portaria 135/91/M, Art. 10).

Normally every other player pays the winner his own share (Art. 7). In the cases of
Art. 10 (a)(1)–(6) (conventional) and (b)(1)–(2) (simplified) the discarder «suporta a
perda dos outros dois parceiros»: he pays all their shares (:func:`settle` with
``liable``). The exceptions (a)(9)–(10) and (b)(4) lift that burden in every one of those
cases: the text states them generally («ao descartar uma pedra que sirva para completar o
jogo do quarto parceiro»).

House readings this module applies, each cited in the reasons where it decides:

- HI-MJ-SEEN: a dragon or wind is «à vista na mesa» when a tile of its kind can be seen on
  the table before the discard — among the discards or in any exposed set (the winner's
  included). A discarded honour with no tile of its kind in sight frees the discarder
  (a)(10), (b)(4).
- HI-MJ-4TH: «a 4.ª pedra» of (a)(4), (b)(1) is the last tile of an honour whose other
  three are in sight (HI-MJ-SEEN).
- HI-MJ-LIAB3: in (a)(3) the discarded tile completes the big hand with its own kind — a
  dragon for big three dragons, a wind for big four winds.

The false win («nulo», HI-MJ-NULO) is :mod:`trainer.rules.mahjong.play.nulo`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from i18n import N_, Message
from trainer.rules.mahjong.hands.fan import (
    ALL_HONOURS,
    ALL_TERMINALS,
    BIG_DRAGONS,
    BIG_WINDS,
    PURE_ONE_SUIT,
    Win,
    score,
)
from trainer.rules.mahjong.hands.hand import Meld
from trainer.rules.mahjong.hands.tile_words import tile_words
from trainer.rules.mahjong.hands.tiles import (
    DRAGON_TILES,
    GREEN,
    WIND_TILES,
    Variant,
    is_honour,
    suit_of,
)
from trainer.rules.mahjong.play.nulo import declared_nulo as declared_nulo  # re-exported
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation, Source

HI_MJ_SEEN = HouseInterpretation("HI-MJ-SEEN")
HI_MJ_4TH = HouseInterpretation("HI-MJ-4TH")
HI_MJ_LIAB3 = HouseInterpretation("HI-MJ-LIAB3")


def art_10(item: str) -> Article:
    """One numbered case of Art. 10, e.g. ``art_10("a(5)")``."""
    return Article(Regulation.MAHJONG, 10, item)


@dataclass(frozen=True)
class Feed:
    """A discard that gave another player his win, as the table saw it.

    ``win`` is the winner's hand (its variant is the form played). ``discard`` is the
    tile discarded: the winning tile, or — with ``fourth_set`` (a)(2) — the tile claimed
    for the winner's fourth exposed set before he drew his winning tile. ``on_view`` lists
    the other tiles in sight before the discard (discards, other players' exposed sets);
    the winner's exposed sets count too. ``discarder_kept`` holds tiles the discarder
    still has after discarding (those that matter are enough). ``waiting``: the discarder
    was ready (waiting for a tile to win); ``broke``: he broke that ready hand with this
    discard instead of throwing the tile he had just drawn.
    """

    win: Win
    discard: int
    on_view: tuple[int, ...] = ()
    discarder_kept: tuple[int, ...] = ()
    waiting: bool = False
    broke: bool = False
    fourth_set: bool = False

    @property
    def variant(self) -> Variant:
        return self.win.variant

    @property
    def exposed(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.win.melds if not m.concealed)

    def in_sight(self, tile: int) -> int:
        """How many tiles of this kind were on view before the discard."""
        return self.on_view.count(tile) + sum(m.tiles.count(tile) for m in self.exposed)


@dataclass(frozen=True)
class Liability:
    """Whether the discarder pays all three shares; the cases and exceptions that decide."""

    liable: bool
    cases: tuple[Article, ...]
    exceptions: tuple[Article, ...]
    reasons: tuple[Reason, ...]


def liability(feed: Feed) -> Liability:
    """Decide Art. 10 for ``feed``: the discarder's liable cases, then the exceptions."""
    cases = _conventional_cases(feed) if feed.variant is Variant.CONVENTIONAL else (
        _simplified_cases(feed))
    if not cases:
        item = "a" if feed.variant is Variant.CONVENTIONAL else "b"
        reason = Reason(Message.of(N_("None of the cases of liability applies: each player "
                                      "pays the winner his own share.")), art_10(item))
        near = [Reason(text, art) for art, text in _near_misses(feed)]
        return Liability(False, (), (), (*near, reason))
    reasons = [Reason(text, art) for art, text in cases]
    exceptions = _exceptions(feed)
    reasons += [Reason(text, art) for art, text in exceptions]
    if exceptions:
        reasons.append(Reason(Message.of(N_("So the discarder does not bear the other two "
                                            "players' losses: each pays his own share.")),
                              exceptions[0][0]))
    else:
        reasons.append(Reason(Message.of(N_("So the discarder bears the other two players' "
                                            "losses: he pays all three shares.")),
                              cases[0][0]))
    return Liability(not exceptions, tuple(a for a, _t in cases if isinstance(a, Article)),
                     tuple(a for a, _t in exceptions if isinstance(a, Article)),
                     tuple(reasons))


def _patterns(feed: Feed) -> set[str]:
    return {hit.pattern.name for hit in score(feed.win).patterns}


def _conventional_cases(feed: Feed) -> list[tuple[Source, Message]]:
    found: list[tuple[Source, Message]] = []
    names = _patterns(feed)
    tile = tile_words(feed.discard)
    if PURE_ONE_SUIT in names:
        suit = suit_of(feed.win.tiles[0])
        shown = sum(1 for m in feed.exposed if suit_of(m.first) == suit)
        if feed.fourth_set and shown == 4:
            found.append((art_10("a(2)"), Message.of(N_(
                "Pure one suit: the discard {tile} made the winner's fourth set of the suit "
                "on view, and he drew his winning tile on his next turn."), tile=tile)))
        elif not feed.fourth_set and shown >= 3:
            found.append((art_10("a(1)"), Message.counted(
                "Pure one suit: the discard {tile} completed the hand of a winner with {count} "
                "set of the suit on view.",
                "Pure one suit: the discard {tile} completed the hand of a winner with {count} "
                "sets of the suit on view.", shown, tile=tile)))
    if not feed.fourth_set:
        # HI-MJ-LIAB3: the tile must be of the big hand's own kind (dragon / wind).
        if BIG_DRAGONS in names and feed.discard in DRAGON_TILES:
            found.append((art_10("a(3)"), Message.of(N_(
                "Big three dragons: the dragon {tile} discarded completed the hand."),
                tile=tile)))
        if BIG_WINDS in names and feed.discard in WIND_TILES:
            found.append((art_10("a(3)"), Message.of(N_(
                "Big four winds: the wind {tile} discarded completed the hand."), tile=tile)))
        if found and found[-1][0] == art_10("a(3)"):
            found.append(_BIG_HAND_READING)
    fourth = _fourth_held(feed, (*WIND_TILES, *DRAGON_TILES))
    if fourth is not None:
        found.append((art_10("a(4)"), Message.of(N_(
            "The discarder kept the fourth {held}, whose other three were on view, and "
            "discarded {tile} instead."), held=tile_words(fourth), tile=tile)))
        found.append(_FOURTH_READING)
    if not feed.waiting and feed.discarder_kept.count(feed.discard) >= 2:
        found.append((art_10("a(5)"), Message.of(N_(
            "Not waiting to win, the discarder broke a set of three {tile} in his hand."),
            tile=tile)))
    if feed.waiting and feed.broke:
        found.append((art_10("a(6)"), Message.of(N_(
            "Waiting to win, the discarder broke his ready hand to discard {tile}."),
            tile=tile)))
    return found


#: HI-MJ-LIAB3, said wherever case (a)(3) decides (it applies, or the tile is not of the kind).
_BIG_HAND_READING = (HI_MJ_LIAB3, Message.of(N_(
    "Case (a)(3) is read as the discard completing the big hand with its own kind: a dragon "
    "for big three dragons, a wind for big four winds.")))

#: HI-MJ-4TH, said wherever «a 4.ª pedra» decides a ruling.
_FOURTH_READING = (HI_MJ_4TH, Message.of(N_(
    "«The 4th tile» is read as the last tile of a dragon or wind whose other three are on "
    "view on the table.")))


def _simplified_cases(feed: Feed) -> list[tuple[Source, Message]]:
    found: list[tuple[Source, Message]] = []
    tile = tile_words(feed.discard)
    if _fourth_held(feed, (GREEN,)) is not None:
        found.append((art_10("b(1)"), Message.of(N_(
            "The discarder kept the fourth green dragon, whose other three were on view, "
            "and discarded {tile} instead."), tile=tile)))
        found.append(_FOURTH_READING)
    if feed.waiting and feed.discarder_kept.count(feed.discard) >= 2:
        found.append((art_10("b(2)"), Message.of(N_(
            "Waiting to win, the discarder broke a set of three {tile} in his hand."),
            tile=tile)))
    return found


def _near_misses(feed: Feed) -> list[tuple[Source, Message]]:
    """Why a case that nearly fits does not: said when no case applies."""
    found: list[tuple[Source, Message]] = []
    tile, conventional = tile_words(feed.discard), feed.variant is Variant.CONVENTIONAL
    names = _patterns(feed) if conventional else set()
    if PURE_ONE_SUIT in names:
        shown = sum(1 for m in feed.exposed if suit_of(m.first) == suit_of(feed.win.tiles[0]))
        found.append((art_10("a(1)"), Message.counted(
            "Pure one suit, but with {count} set of the suit on view the discarder is not "
            "liable: it takes three or four sets on view, or the fourth fed before a "
            "self-drawn win.",
            "Pure one suit, but with {count} sets of the suit on view the discarder is not "
            "liable: it takes three or four sets on view, or the fourth fed before a "
            "self-drawn win.", shown)))
    elif feed.fourth_set and conventional:
        found.append((art_10("a(2)"), Message.of(N_(
            "The discard made the winner's fourth set on view, but his hand is not pure one "
            "suit."))))
    if names & {BIG_DRAGONS, BIG_WINDS}:
        found.append((art_10("a(3)"), Message.of(N_(
            "The winning tile {tile} is not one of the dragons or winds of the big hand."),
            tile=tile)))
        found.append(_BIG_HAND_READING)
    for held in sorted(set(feed.discarder_kept)):
        if is_honour(held) and held != feed.discard and (conventional or held == GREEN):
            found.append((art_10("a(4)" if conventional else "b(1)"), Message.of(N_(
                "The discarder kept {held}, but only {seen} of its kind were on view: it was "
                "not the fourth."), held=tile_words(held), seen=feed.in_sight(held))))
            if _FOURTH_READING not in found:
                found.append(_FOURTH_READING)
    three = feed.discarder_kept.count(feed.discard) >= 2
    if three and conventional:
        found.append((art_10("a(5)"), Message.of(N_(
            "The discarder broke a set of three {tile}, but he was waiting to win, and he "
            "kept his hand ready."), tile=tile)))
    elif three:
        found.append((art_10("b(2)"), Message.of(N_(
            "The discarder broke a set of three {tile}, but he was not waiting to win."),
            tile=tile)))
    elif feed.discarder_kept.count(feed.discard) == 1 and not feed.waiting:
        found.append((art_10("a(5)" if conventional else "b(2)"), Message.of(N_(
            "The discarder broke only a pair of {tile}, not a set of three."), tile=tile)))
    if feed.waiting and not conventional and feed.broke:
        found.append((art_10("b(2)"), Message.of(N_(
            "In the simplified form, breaking a ready hand is not a case of liability unless "
            "the discard comes from a set of three."))))
    elif feed.waiting and conventional and not three:
        found.append((art_10("a(6)"), Message.of(N_(
            "Waiting to win, the discarder kept his ready hand whole."))))
    return found


def _fourth_held(feed: Feed, kinds: Iterable[int]) -> int | None:
    """An honour (not the discard) the discarder kept whose other three are in sight."""
    for held in kinds:
        if held != feed.discard and held in feed.discarder_kept and feed.in_sight(held) == 3:
            return held
    return None


def _exceptions(feed: Feed) -> list[tuple[Source, Message]]:
    found: list[tuple[Source, Message]] = []
    tile = tile_words(feed.discard)
    if feed.variant is Variant.CONVENTIONAL:
        names = _patterns(feed)
        if ALL_TERMINALS in names or ALL_HONOURS in names:
            pattern = ALL_TERMINALS if ALL_TERMINALS in names else ALL_HONOURS
            found.append((art_10("a(9)"), Message.of(N_(
                "{pattern}: the discarder is not liable for a winning hand of this kind."),
                pattern=Message.of(pattern))))
        if is_honour(feed.discard) and not feed.in_sight(feed.discard):
            found.append((art_10("a(10)"), Message.of(N_(
                "The discard {tile} is a dragon or wind with none of its kind on view: the "
                "discarder is not liable for it."), tile=tile)))
    elif feed.discard == GREEN and not feed.in_sight(GREEN):
        found.append((art_10("b(4)"), Message.of(N_(
            "The discard is the green dragon with none on view: the discarder is not "
            "liable for it."))))
    if is_honour(feed.discard) and not feed.in_sight(feed.discard) and found:
        found.append((HI_MJ_SEEN, Message.of(N_(
            "A dragon or wind is on view only if a tile of its kind could be seen on the "
            "table before the discard."))))
    return found
