"""Who takes a discard, given the calls the players make (Portaria 135/91/M, Art. 4, 5, 9).

A call is legal by the caller's own tiles, seat and bars: a chow only by the player at the
discarder's right with two tiles that make a run with it (Art. 5 (a)(3)); a pung with a pair
(Art. 5 (a)(4)); an open kong with three (Art. 5 (a)(5), (b)(4)), never by a player who saw
another's tiles (Art. 9 (a)(3), (b)(2)); a win only when the tile completes the hand (Art. 4)
and never by a player who called pung and withdrew (Art. 9 (a)(2)). The simplified form takes
a discard only to win or for an open kong (Art. 5 (b)(3)). Between legal calls: pung or kong
beats chow (Art. 5 (a)(3)); a win beats them all (HI-MJ-CLAIM, ours); of several winners the
nearest counterclockwise from the discarder takes it (chit vu, Art. 5 (a)(6), (b)(5)). A
player who could make several claims chooses: the text ranks only between players.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from i18n import N_, Message
from trainer.rules.mahjong.hands.hand import Meld, decompositions, is_winning
from trainer.rules.mahjong.hands.tiles import Variant, Wind, counts_of, is_honour
from trainer.rules.regulations import Article, HouseInterpretation, Reason, Regulation, Source

HI_MJ_CLAIM = HouseInterpretation("HI-MJ-CLAIM")
Hand = tuple[Iterable[int], Iterable[Meld]]
Hands = Mapping[Wind, Hand]


class ClaimKind(StrEnum):
    WIN = "win"
    KONG = "kong"
    PUNG = "pung"
    CHOW = "chow"


class Refusal(StrEnum):
    """Why a call is refused: its own fault first, then the call that beats it."""

    ONLY_WIN_OR_KONG = "simplified"  # Art. 5 (b)(3)
    NOT_NEXT = "not_next"  # Art. 5 (a)(3)
    NO_RUN = "no_run"  # Art. 5 (a)(3)
    NO_PAIR = "no_pair"  # Art. 5 (a)(4)
    NO_THREE = "no_three"  # Art. 5 (a)(5), (b)(4)
    NOT_COMPLETE = "not_complete"  # Art. 4 (a), (b)
    WITHDREW_PUNG = "withdrew_pung"  # Art. 9 (a)(2)
    SAW_TILES = "saw_tiles"  # Art. 9 (a)(3), (b)(2)
    WIN_FIRST = "win_first"  # HI-MJ-CLAIM
    PUNG_FIRST = "pung_first"  # Art. 5 (a)(3)
    NEARER_WINNER = "nearer_winner"  # Art. 5 (a)(6), (b)(5)

    def source(self, variant: Variant) -> Source:
        conventional = variant is Variant.CONVENTIONAL
        point = {Refusal.ONLY_WIN_OR_KONG: (5, "b(3)"), Refusal.NOT_NEXT: (5, "a(3)"),
                 Refusal.NO_RUN: (5, "a(3)"), Refusal.NO_PAIR: (5, "a(4)"),
                 Refusal.NO_THREE: (5, "a(5)" if conventional else "b(4)"),
                 Refusal.NOT_COMPLETE: (4, "a" if conventional else "b"),
                 Refusal.WITHDREW_PUNG: (9, "a(2)"),
                 Refusal.SAW_TILES: (9, "a(3)" if conventional else "b(2)"),
                 Refusal.PUNG_FIRST: (5, "a(3)"),
                 Refusal.NEARER_WINNER: (5, "a(6)" if conventional else "b(5)")}.get(self)
        return HI_MJ_CLAIM if point is None else Article(Regulation.MAHJONG, *point)


#: The grounds that can refuse each kind of call, in the order they are ruled.
GROUNDS = {
    ClaimKind.CHOW: (Refusal.ONLY_WIN_OR_KONG, Refusal.NOT_NEXT, Refusal.NO_RUN,
                     Refusal.WIN_FIRST, Refusal.PUNG_FIRST),
    ClaimKind.PUNG: (Refusal.ONLY_WIN_OR_KONG, Refusal.NO_PAIR, Refusal.WIN_FIRST),
    ClaimKind.KONG: (Refusal.NO_THREE, Refusal.SAW_TILES, Refusal.WIN_FIRST),
    ClaimKind.WIN: (Refusal.NOT_COMPLETE, Refusal.WITHDREW_PUNG, Refusal.NEARER_WINNER),
}
_OWN = frozenset(GROUNDS[ClaimKind.CHOW][:3] + GROUNDS[ClaimKind.PUNG][:2]
                 + GROUNDS[ClaimKind.KONG][:2] + GROUNDS[ClaimKind.WIN][:2])


@dataclass(frozen=True)
class Call:
    """What one player calls for the discard."""

    seat: Wind
    kind: ClaimKind


@dataclass(frozen=True)
class Bars:
    """Art. 9: who withdrew a pung call this game (a 2), who saw another's tiles (a 3, b 2)."""

    withdrew_pung: frozenset[Wind] = frozenset()
    saw_tiles: frozenset[Wind] = frozenset()


@dataclass(frozen=True)
class Ruling:
    """The call that takes the tile (None: it stays discarded), the ground on which each
    other call is refused, and every ground that holds for each call (the first is ruled)."""

    granted: Call | None
    refused: tuple[tuple[Call, Refusal], ...]
    grounds: Mapping[Call, tuple[Refusal, ...]]

    def ground(self, call: Call) -> Refusal | None:
        return dict(self.refused).get(call)


def runs_with(tile: int, concealed: Iterable[int]) -> bool:
    """Whether two concealed tiles make a run (chow) with ``tile``: one suit, in sequence."""
    if is_honour(tile):
        return False
    held, value = counts_of(concealed), tile % 9
    starts = [tile - value + low for low in (value - 2, value - 1, value) if 0 <= low <= 6]
    return any(all(held[t] for t in (low, low + 1, low + 2) if t != tile) for low in starts)


def faults(call: Call, discarder: Wind, tile: int, hand: Hand, variant: Variant,
           bars: Bars = Bars()) -> tuple[Refusal, ...]:
    """The grounds in the caller's own tiles, seat and bars that refuse ``call``."""
    concealed, melds = tuple(hand[0]), tuple(hand[1])
    held = counts_of(concealed)[tile]
    simplified = variant is Variant.SIMPLIFIED
    holds = {  # each looked at only for the calls it can refuse
        Refusal.ONLY_WIN_OR_KONG: lambda: simplified,
        Refusal.NOT_NEXT: lambda: call.seat != discarder.next(1),
        Refusal.NO_RUN: lambda: not runs_with(tile, concealed),
        Refusal.NO_PAIR: lambda: held < 2,
        Refusal.NO_THREE: lambda: held < 3,
        Refusal.SAW_TILES: lambda: call.seat in bars.saw_tiles,
        Refusal.NOT_COMPLETE: lambda: not is_winning((*concealed, tile), melds, variant),
        Refusal.WITHDREW_PUNG: lambda: not simplified and call.seat in bars.withdrew_pung,
    }
    return tuple(g for g in GROUNDS[call.kind] if g in _OWN and holds[g]())


def legal_claims(seat: Wind, discarder: Wind, tile: int, hand: Hand, variant: Variant,
                 bars: Bars = Bars()) -> frozenset[ClaimKind]:
    """Every claim ``seat`` may make on the discard by his own hand (he chooses among them)."""
    if seat == discarder:
        raise ValueError("the discarder cannot claim his own discard")
    return frozenset(kind for kind in ClaimKind
                     if not faults(Call(seat, kind), discarder, tile, hand, variant, bars))


#: The priority between legal calls of different players, each step a ground that refuses
#: the call it puts second: a win before any other claim (HI-MJ-CLAIM), a pung or kong
#: before a chow (Art. 5 (a)(3)), the winner nearest counterclockwise from the discarder
#: before a farther one (Art. 5 (a)(6), (b)(5)).
PRIORITY = (Refusal.WIN_FIRST, Refusal.PUNG_FIRST, Refusal.NEARER_WINNER)
_SETS = (ClaimKind.PUNG, ClaimKind.KONG)


def _before(step: Refusal, first: Call, second: Call, distance: Mapping[Wind, int]) -> bool:
    """Whether the priority's ``step`` puts ``first``'s legal call before ``second``'s (two
    players' calls)."""
    if first.seat == second.seat:
        return False
    if step is Refusal.WIN_FIRST:
        return first.kind is ClaimKind.WIN and second.kind is not ClaimKind.WIN
    if step is Refusal.PUNG_FIRST:
        return first.kind in _SETS and second.kind is ClaimKind.CHOW
    return (first.kind is second.kind is ClaimKind.WIN
            and distance[first.seat] < distance[second.seat])


def rule(discarder: Wind, tile: int, hands: Hands, calls: Iterable[Call],
         variant: Variant = Variant.CONVENTIONAL, bars: Bars = Bars(), *,
         reversed_step: Refusal | None = None) -> Ruling:
    """Who takes ``tile`` for what, given each player's call, and why every other call fails.

    ``reversed_step``, one step of :data:`PRIORITY`, rules as if that step were the other
    way round (the call it puts second taken first): the usual mistake of a priority
    reversed (:mod:`trainer.rules.mahjong.mistakes`), never a ruling.
    """
    if reversed_step is not None and reversed_step not in PRIORITY:
        raise ValueError(f"{reversed_step} is not a step of the claims' priority")
    calls = tuple(calls)
    seats = [call.seat for call in calls]
    if discarder in seats or len(set(seats)) < len(seats):
        raise ValueError("one call a player, and none by the discarder")
    _check_count(tile, [hands[seat] for seat in Wind if seat in hands and seat != discarder])
    own = {c: faults(c, discarder, tile, hands[c.seat], variant, bars) for c in calls}
    legal = [c for c in calls if not own[c]]
    distance = {discarder.next(step): step for step in (1, 2, 3)}
    grounds = {}
    for c in calls:
        beaten = {step for step in PRIORITY if any(
            _before(step, c, other, distance) if step is reversed_step
            else _before(step, other, c, distance) for other in legal)}
        order = GROUNDS[c.kind] + tuple(s for s in PRIORITY if s not in GROUNDS[c.kind])
        grounds[c] = own[c] + tuple(g for g in order if g in beaten)
    granted = next((c for c in calls if not grounds[c]), None)
    refused = tuple((c, grounds[c][0]) for c in calls if c != granted)
    return Ruling(granted, refused, grounds)


def _check_count(tile: int, hands: Iterable[Hand]) -> None:
    in_play = [tile] + [t for concealed, melds in hands
                        for t in (*concealed, *(x for m in melds for x in m.tiles))]
    if max(counts_of(in_play)) > 4:
        raise ValueError("the hands and the discard hold more than four of a tile")


_GRANTED = {
    ClaimKind.WIN: (N_("{seat} takes {tile} and wins: it completes his hand."), (4, "a", "b")),
    ClaimKind.KONG: (N_("{seat} takes {tile} for an open kong: he holds three of it."),
                     (5, "a(5)", "b(4)")),
    ClaimKind.PUNG: (N_("{seat} takes {tile} for a pung: he holds a pair of it."),
                     (5, "a(4)", "a(4)")),
    ClaimKind.CHOW: (N_("{seat} takes {tile} for a chow: he is the next to play and holds two "
                        "tiles that make a run with it."), (5, "a(3)", "a(3)")),
}


def granted_reason(call: Call, variant: Variant, seat: Message, tile: Message) -> Reason:
    """Why the granted call takes the tile, at its point."""
    text, (number, conventional, simplified) = _GRANTED[call.kind]
    item = conventional if variant is Variant.CONVENTIONAL else simplified
    return Reason(Message.of(text, seat=seat, tile=tile),
                  Article(Regulation.MAHJONG, number, item))


def nobody_reason(variant: Variant, tile: Message) -> Reason:
    """No call stands: the tile stays discarded (it cannot be taken back, Art. 9 (a)(1))."""
    item = "a(1)" if variant is Variant.CONVENTIONAL else "b(1)"
    return Reason(Message.of(N_("No call stands: {tile} stays discarded and play goes on."),
                             tile=tile), Article(Regulation.MAHJONG, 9, item))


def strongest(seat: Wind, discarder: Wind, tile: int, hand: Hand, variant: Variant,
              bars: Bars = Bars()) -> Call | None:
    """The strongest claim legal for ``seat``: win, kong, pung, chow in that order."""
    legal = legal_claims(seat, discarder, tile, hand, variant, bars)
    return next((Call(seat, kind) for kind in ClaimKind if kind in legal), None)


def claim(discarder: Wind, tile: int, hands: Hands, variant: Variant = Variant.CONVENTIONAL,
          *, barred_from_winning: Collection[Wind] = (),
          barred_from_kong: Collection[Wind] = ()) -> Call | None:
    """The call that takes ``tile`` when every player calls his strongest legal claim."""
    bars = Bars(frozenset(barred_from_winning), frozenset(barred_from_kong))
    calls = [strongest(discarder.next(step), discarder, tile, hands[discarder.next(step)],
                       variant, bars) for step in (1, 2, 3)]
    return rule(discarder, tile, hands, [c for c in calls if c], variant, bars).granted


def claimed_set(call: Call, tile: int, hand: Hand, variant: Variant) -> tuple[int, ...]:
    """The tiles the granted call lays open with the discard: the run (the lowest one his
    tiles make), the pung, the kong, or for a win the set or pair the tile completes."""
    concealed, melds = tuple(hand[0]), tuple(hand[1])
    if call.kind is ClaimKind.CHOW:
        value = tile % 9
        for low in (tile - value + v for v in (value - 2, value - 1, value) if 0 <= v <= 6):
            if runs_with(tile, [t for t in concealed if t in (low, low + 1, low + 2)]):
                return (low, low + 1, low + 2)
        raise ValueError("no run with the discard in this hand")
    if call.kind in (ClaimKind.PUNG, ClaimKind.KONG):
        return (tile,) * (3 if call.kind is ClaimKind.PUNG else 4)
    for reading in decompositions((*concealed, tile), melds, variant):
        if reading.thirteen_orphans:
            return (tile,)
        for meld in reading.sets[len(melds):]:
            if tile in meld.tiles:
                return meld.tiles
        if reading.pair == tile:
            return (tile, tile)
    raise ValueError("the discard does not complete this hand")
