"""What the Mah-Jong questions share: seats in words, hands as JSON, and a box of tiles
from which generators build hands on purpose.

A hand in a situation is ``{"concealed": "1m 2m 3m …", "melds": ["5p 5p 5p", …]}`` in the
core's notation (``format_tiles``); ``melds`` are the sets laid open on the table, and
``concealed_kongs`` (optional) the kongs declared from the hand. The generators draw every
tile from one :class:`Box` so that no situation holds a fifth copy of a tile.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, TypeVar

from i18n import N_, Message, listing
from questions.situation import Situation, absent, plain
from trainer.rules.mahjong import (
    Bars,
    ClaimKind,
    Meld,
    MeldKind,
    Refusal,
    Variant,
    Wind,
    format_tiles,
    parse_tiles,
)
from trainer.rules.mahjong.claims import Hands
from trainer.rules.mahjong.conduct import KongKind, Moment
from trainer.rules.mahjong.games import Start
from trainer.rules.mahjong.tile_words import set_words, tile_words, tiles_words
from trainer.rules.mahjong.tiles import KINDS, parse_tile

#: What the box gives: a tile, or a set.
_Found = TypeVar("_Found")
T = TypeVar("T")

SEAT_NAMES = {Wind.EAST: N_("East"), Wind.SOUTH: N_("South"), Wind.WEST: N_("West"),
              Wind.NORTH: N_("North")}


def seat_label(seat: Wind) -> Message:
    return Message.of(SEAT_NAMES[seat])


def tile_label(tile: str) -> Message:
    """A tile given in the core's notation, by its name in the language shown."""
    return tile_words(parse_tile(tile))


def tiles_text(text: str) -> Message:
    """Tiles given in the core's notation ("5m 5m 1s"), by their names."""
    return tiles_words(parse_tiles(text))


def melds_text(melds: Iterable[str]) -> Message:
    """Sets given in the core's notation, each by its tiles' names."""
    return listing([set_words(parse_tiles(meld)) for meld in melds])


def meld_of(text: str, concealed: bool = False) -> Meld:
    """A meld written as its tiles: four alike is a kong, three alike a pung, else a chow."""
    tiles = parse_tiles(text)
    if len(tiles) == 4:
        kind = MeldKind.KONG
    elif len(set(tiles)) == 1:
        kind = MeldKind.PUNG
    else:
        kind = MeldKind.CHOW
    return Meld(kind, tiles, concealed)


def present(value: T | None) -> T:
    """A field that this kind of situation always has (``absent()`` for the other kinds):
    one lacking it is refused, never read as nothing."""
    if value is None:
        raise ValueError("the situation lacks a field its kind always has")
    return value


@dataclass(frozen=True)
class TileHand(Situation):
    """A hand as a situation keeps it: the concealed tiles, the sets laid open and the
    kongs declared from the hand (absent when none), in the core's notation."""

    concealed: str
    melds: tuple[str, ...]
    concealed_kongs: tuple[str, ...] | None = absent()

    @classmethod
    def of(cls, concealed: Iterable[int], melds: Iterable[Meld] = ()) -> TileHand:
        melds = tuple(melds)
        hidden = tuple(str(m) for m in melds if m.concealed)
        return cls(format_tiles(sorted(concealed)),
                   tuple(str(m) for m in melds if not m.concealed), hidden or None)

    def read(self) -> tuple[tuple[int, ...], tuple[Meld, ...]]:
        """The concealed tiles and the declared melds, as the rules core takes them."""
        melds = [meld_of(text) for text in self.melds]
        melds += [meld_of(text, concealed=True) for text in self.concealed_kongs or ()]
        return parse_tiles(self.concealed), tuple(melds)


@dataclass(frozen=True)
class HandAsked(Situation):
    """A hand, and whether it wins (``winning``: 14 tiles) or which of the ``candidates``
    complete it (``waits``) (:mod:`.waits`)."""

    variant: Variant
    ask: Literal["winning", "waits"]
    hand: TileHand
    candidates: tuple[str, ...] | None = absent()


@dataclass(frozen=True)
class WinningHand(Situation):
    """A winning hand, its winning tile, the winds and the circumstances of the win, and
    what is asked: its ``total`` fán, or which of the pattern ``options`` it scores
    (:mod:`.fan`)."""

    variant: Variant
    seat_wind: Wind
    round_wind: Wind
    hand: TileHand
    winning_tile: str
    circumstances: tuple[str, ...]
    ask: Literal["total", "patterns"]
    options: tuple[str, ...] | None = absent()


@dataclass(frozen=True)
class Barred:
    """Art. 9: the seats that withdrew a pung call this game (a 2) and those that saw
    another's tiles (a 3, b 2)."""

    withdrew_pung: tuple[Wind, ...]
    saw_tiles: tuple[Wind, ...]

    def bars(self) -> Bars:
        """The bars as the rules core takes them."""
        return Bars(frozenset(self.withdrew_pung), frozenset(self.saw_tiles))


@dataclass(frozen=True)
class Discard(Situation):
    """A discard and every hand at the table, by seat ("E" …; the discarder's after his
    discard), with the Art. 9 bars (:mod:`.claims`)."""

    variant: Variant
    discarder: Wind
    discard: str
    hands: Mapping[str, TileHand]
    bars: Barred

    def table(self) -> tuple[Variant, Wind, int, Hands, Bars]:
        """The variant, the discarder, the discard, every hand and the bars, as the rules
        core takes them."""
        return (self.variant, self.discarder, parse_tile(self.discard),
                {Wind(seat): hand.read() for seat, hand in self.hands.items()},
                self.bars.bars())


@dataclass(frozen=True)
class DiscardCalled(Discard):
    """A discard and the ``calls`` made on it (by seat), with the refusals ``offered`` to
    tick, (seat, ground) in the order shown (:mod:`.claim_calls`)."""

    calls: Mapping[str, ClaimKind]
    offered: tuple[tuple[Wind, Refusal], ...]


@dataclass(frozen=True)
class DiscardAsked(Discard):
    """A discard, and the ``seat`` asked what he may do with it (:mod:`.claim_options`)."""

    seat: Wind


#: What a question on the wall asks (:mod:`.wall`).
WallAsk = Literal["wall", "first_stack", "left", "owner", "source"]
#: A tile's place in its stack.
Layer = Literal["top", "bottom"]


@dataclass(frozen=True)
class WallBroken(Situation):
    """The banker's dice and what is asked of the wall they break (:mod:`.wall`): which
    wall, the first stack, the stacks left; who is dealt the ``layer`` tile of ``stack``
    of ``wall`` ("owner"), or from whose wall ``seat``'s tile number ``tile`` comes
    ("source")."""

    variant: Variant
    banker: Wind
    dice: tuple[int, ...]
    ask: WallAsk
    wall: Wind | None = absent()
    stack: int | None = absent()
    layer: Layer | None = absent()
    seat: Wind | None = absent()
    tile: int | None = absent()


@dataclass(frozen=True)
class WinPaid(Situation):
    """A win to pay (:mod:`.payments`): the winner, the hand's grade in fán, and what is
    ``asked``: what a seat pays ("E" …) or the ``winner``'s total; the winner's
    ``capital`` in play where it may cut the shares, the ``players`` of a simplified table
    of 2 or 3 (Art. 3 (b))."""

    variant: Variant
    banker: Wind
    winner: Wind
    fan: int
    asked: str
    capital: Decimal | None = absent()
    players: tuple[Wind, ...] | None = absent()

    def seats(self) -> tuple[Wind, ...]:
        """The seats at the table: the players of a small table, else all four."""
        return self.players or tuple(Wind)


@dataclass(frozen=True)
class WinContested(Situation):
    """A false win declared, or a win on a discard whose discarder may be liable
    (:mod:`.liability`); ``case`` is the generator's recipe (for statistics, never read
    to answer).

    A false win has the ``declarer`` and his hand, what is ``asked`` ("total" or the seat
    paid) and a small table's ``players``. A fed win has the ``winner`` (his tiles before
    the winning one in ``hands``), the ``discarder`` and his ``discard``, the tiles
    ``on_view`` and ``kept``, whether he was ``waiting`` or ``broke`` his ready hand, a
    ``fourth_set`` pung and the ``winning_tile`` then drawn, the ``round_wind``, the
    grade in ``fan`` (scored when a question stored before it was lacks it), and what is
    ``asked`` ("who" or "amount")."""

    variant: Variant
    banker: Wind
    case: str
    asked: str
    hands: Mapping[str, TileHand]
    declarer: Wind | None = absent()
    players: tuple[Wind, ...] | None = absent()
    winner: Wind | None = absent()
    discarder: Wind | None = absent()
    round_wind: Wind | None = absent()
    discard: str | None = absent()
    on_view: str | None = absent()
    kept: str | None = absent()
    waiting: bool | None = absent()
    broke: bool | None = absent()
    fourth_set: bool | None = absent()
    winning_tile: str | None = absent()
    fan: int | None = absent()

    def seats(self) -> tuple[Wind, ...]:
        """The seats at the table: the players of a small table, else all four."""
        return self.players or tuple(Wind)


#: The scenes of table conduct (:mod:`.conduct_scenes`).
SceneName = Literal["take_back", "win", "kong", "chow", "exposure", "false_win", "capital",
                    "first_win", "bank"]
#: When a player withdrew a pung call or saw another's tiles: this game, or the one before.
When = Literal["this", "earlier"]


@dataclass(frozen=True)
class SceneAtTable(Situation):
    """A scene of table conduct (:mod:`.conduct`): the points ``offered`` to tick, the
    seats of a simplified table of 2 or 3 (``players``), and each scene's own fields
    (:mod:`.conduct_scenes`), absent() in the others. The bank's ``winner`` is None when
    nobody wins, and written so: its stored JSON has it as null."""

    scene: SceneName
    variant: Variant
    banker: Wind
    offered: tuple[str, ...]
    players: tuple[Wind, ...] | None = absent()
    seat: Wind | None = absent()
    discarder: Wind | None = absent()
    other: Wind | None = absent()
    tile: str | None = absent()
    instead: str | None = absent()
    withdrew: When | None = absent()
    saw: When | None = absent()
    called: str | None = absent()
    winning: str | None = absent()
    self_drawn: bool | None = absent()
    kind: KongKind | None = absent()
    held: str | None = absent()
    wrong: str | None = absent()
    moment: Moment | None = absent()
    tiles: str | None = absent()
    fan: int | None = absent()
    capital: Decimal | None = absent()
    start: Start | None = absent()
    round: Wind | None = absent()
    game: int | None = absent()
    winner: Wind | None = absent()

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.scene == "bank":
            data["winner"] = plain(self.winner)
        return data

    def seats(self) -> tuple[Wind, ...]:
        """The seats at the table: the players of a small table, else all four."""
        return self.players or tuple(Wind)


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
