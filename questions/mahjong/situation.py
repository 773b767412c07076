"""What the Mah-Jong questions share: seats and tiles in words, and each skill's situation.

Each skill's situation is a frozen :class:`~questions.situation.Situation` whose fields are
the JSON keys stored since the first version: seats as winds ("E" …; hands by seat as text
keys), tiles in the core's notation (``format_tiles``), money as :class:`~decimal.Decimal`
(text in the JSON); a field one kind of question lacks is ``absent()``. A hand
(:class:`TileHand`) is ``{"concealed": "1m 2m 3m …", "melds": ["5p 5p 5p", …]}``; ``melds``
are the sets laid open on the table, and ``concealed_kongs`` (optional) the kongs declared
from the hand. The generators build hands from one :class:`~questions.mahjong.hands.box.Box`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, TypeVar

from i18n import Message, listing
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
from trainer.rules.mahjong.hands.tile_words import set_words, tile_words, tiles_words
from trainer.rules.mahjong.hands.tiles import parse_tile
from trainer.rules.mahjong.play.claim_reasons import SEAT_NAMES as SEAT_NAMES
from trainer.rules.mahjong.play.claim_reasons import seat_label as seat_label
from trainer.rules.mahjong.play.claims import Hands
from trainer.rules.mahjong.play.conduct import KongKind, Moment
from trainer.rules.mahjong.play.games import Start

T = TypeVar("T")

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
