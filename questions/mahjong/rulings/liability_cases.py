"""Mah-Jong: building each case of Art. 10 on purpose, from one set of tiles.

A :class:`Table` draws the winner's hand, the discard, the tiles on view and those the
discarder still holds so that no tile appears a fifth time; :data:`RECIPES` says what each
case (a level's recipe in :mod:`questions.mahjong.rulings.liability`) is made of, and :func:`build`
lays it out. :func:`nulo_hand` makes the hand of a false win.
"""

from __future__ import annotations

import random
from typing import TypeVar

from questions.mahjong.situation import TileHand, WinContested
from trainer.rules.mahjong.hands.hand import is_winning
from trainer.rules.mahjong.hands.tiles import GREEN, Variant, Wind, format_tiles

#: How many times tiles are drawn again before giving up.
TRIES = 20
#: What a draw gives: a tile, or a set of them.
_Drawn = TypeVar("_Drawn")


def nulo_hand(rng: random.Random, variant: Variant) -> list[int]:
    """A hand one tile away from winning: a winning hand with one tile changed."""
    table = Table(rng, "nulo", Wind.EAST, Wind.SOUTH, variant)
    sets, pair = table.ordinary()
    tiles = [t for group in sets for t in group] + [pair, pair]
    for _attempt in range(TRIES):
        swap = rng.randrange(len(tiles))
        other = rng.choice([k for k in variant.kinds if table.left[k] and k != tiles[swap]])
        changed = tiles[:swap] + [other] + tiles[swap + 1:]
        if not is_winning(changed, (), variant):
            return changed
    return tiles[:-1] + [next(k for k in variant.kinds if k not in tiles)]


class Table:
    """The tiles of one fed win, drawn from one set so that no tile appears a fifth time."""

    def __init__(self, rng: random.Random, case: str, winner: Wind, discarder: Wind,
                 variant: Variant | None = None):
        self.rng, self.case, self.winner, self.discarder = rng, case, winner, discarder
        self.variant = variant or (Variant.SIMPLIFIED if case.startswith(("b", "plain_s"))
                                   else Variant.CONVENTIONAL)
        self.left = [4 if kind in self.variant.kinds else 0 for kind in range(34)]
        self.concealed: list[int] = []
        self.melds: list[list[int]] = []
        self.on_view: list[int] = []
        self.kept: list[int] = []
        self.discard = self.winning = -1
        self.waiting = self.broke = self.fourth_set = False

    def take(self, *tiles: int) -> bool:
        if any(self.left[t] < tiles.count(t) for t in tiles):
            return False
        for t in tiles:
            self.left[t] -= 1
        return True

    def group(self, suit: int, pung: bool | None = None) -> list[int] | None:
        """A chow or pung of ``suit`` (0–2) still in the set, or None."""
        for _attempt in range(TRIES):
            if pung or (pung is None and self.rng.random() < 0.4):
                tiles = [suit * 9 + self.rng.randrange(9)] * 3
            else:
                low = suit * 9 + self.rng.randrange(7)
                tiles = [low, low + 1, low + 2]
            if self.take(*tiles):
                return tiles
        return None

    def pair_of(self, kinds: list[int]) -> int | None:
        usable = [k for k in kinds if self.left[k] >= 2]
        if not usable:
            return None
        pair = self.rng.choice(usable)
        self.take(pair, pair)
        return pair

    def ordinary(self) -> tuple[list[list[int]], int]:
        """Sets and a pair of suit tiles from at least two suits (one set when simplified)."""
        count = self.variant.sets_needed
        suits = [self.rng.randrange(3) for _ in range(count)]
        if count > 1 and len(set(suits)) == 1:
            suits[0] = (suits[0] + 1) % 3
        groups = [self.group(suit) for suit in suits]
        pair = self.pair_of(list(range(27)))
        return [_drawn(group) for group in groups], _drawn(pair)

    def seat(self, sets: list[list[int]], pair: int, shown: int, need: int = 0,
             winning: int | None = None) -> int:
        """Lay out the winner's hand: ``shown`` sets on view, one concealed tile is his win.

        ``need``: copies of the winning tile that must remain for the discarder's hand.
        """
        self.melds = [list(group) for group in sets[:shown]]
        tiles = [t for group in sets[shown:] for t in group] + [pair, pair]
        if winning is None:
            choices = [t for t in tiles if self.left[t] >= need]
            if not choices:
                raise _Retry
            winning = self.rng.choice(choices)
        tiles.remove(winning)
        self.concealed, self.discard = tiles, winning
        return winning

    def keep(self, *tiles: int, shown: bool = False) -> None:
        """Tiles the discarder still holds (or, ``shown``, more tiles on view)."""
        if not self.take(*tiles):
            raise _Retry
        (self.on_view if shown else self.kept).extend(tiles)

    def fill(self) -> None:
        """A few more tiles on view, none of the kinds the case turns on."""
        special = {self.discard, *self.kept, *self.on_view}
        pool = [k for k in self.variant.kinds for _ in range(self.left[k]) if k not in special]
        for tile in self.rng.sample(pool, self.rng.randint(0, 6)):
            self.take(tile)
            self.on_view.append(tile)

    def decoy(self) -> None:
        """Sometimes a pair of another tile still in the discarder's hand."""
        spare = [k for k in range(27) if self.left[k] >= 2 and k != self.discard]
        if self.rng.random() < 0.5 and spare:
            self.keep(*[self.rng.choice(spare)] * 2)

    def situation(self, banker: Wind, round_wind: Wind, asked: str) -> WinContested:
        """The fed win laid out, the grade not yet stated."""
        hand = TileHand(format_tiles(sorted(self.concealed)),
                        tuple(format_tiles(group) for group in self.melds))
        return WinContested(
            self.variant, banker, self.case, asked, {self.winner.value: hand},
            winner=self.winner, discarder=self.discarder, round_wind=round_wind,
            discard=format_tiles([self.discard]), on_view=format_tiles(sorted(self.on_view)),
            kept=format_tiles(sorted(self.kept)), waiting=self.waiting, broke=self.broke,
            fourth_set=self.fourth_set,
            winning_tile=format_tiles([self.winning]) if self.fourth_set else None)


class _Retry(Exception):
    """The tiles drawn cannot make this case: build it again."""


def _winner(t: Table, hand: str, need: int) -> int:
    """Lay out the winner's hand of the kind ``hand``; return its winning tile.

    ``need``: copies of the winning tile that must stay free for the discarder's hand.
    """
    suit = t.rng.randrange(3)
    if hand in ("ordinary", "honour_pair", "green_pair"):
        return _ordinary_winner(t, hand, need)
    if hand in ("pure2", "pure3", "pure4", "pure_fed", "mixed_fed"):
        return _pure_winner(t, hand, need, suit)
    if hand == "terminals":
        kinds = t.rng.sample([k for k in range(27) if k % 9 in (0, 8)], 5)
        if not all(t.take(k, k, k) for k in kinds[:4]) or t.pair_of(kinds[4:]) is None:
            raise _Retry
        return t.seat([[k] * 3 for k in kinds[:4]], kinds[4], t.rng.randint(0, 2), need)
    return _honours_winner(t, hand, suit)


def _ordinary_winner(t: Table, hand: str, need: int) -> int:
    """Sets and a pair; an honour pair instead for ``honour_pair`` and ``green_pair``."""
    sets, pair = t.ordinary()
    if hand != "ordinary":  # an honour pair instead, which the discard completes
        t.left[pair] += 2
        pair = _drawn(t.pair_of([GREEN] if hand == "green_pair" else list(range(27, 34))))
    shown = t.rng.randint(0, 2) if t.variant.sets_needed > 1 else 0
    return t.seat(sets, pair, shown, need, pair if hand != "ordinary" else None)


def _pure_winner(t: Table, hand: str, need: int, suit: int) -> int:
    """One suit (with honours for ``mixed_fed``); fed: the discard gave the fourth pung."""
    fed = hand.endswith("fed")
    groups = [t.group(suit, pung=True if fed and i == 3 else None) for i in range(4)]
    pair = _drawn(t.pair_of(list(range(27, 34)) if hand == "mixed_fed" else
                            list(range(suit * 9, suit * 9 + 9))))
    sets = [_drawn(group) for group in groups]
    if not fed:
        return t.seat(sets, pair, int(hand[-1]), need)
    t.melds, t.concealed, t.fourth_set = sets, [pair], True
    t.discard, t.winning = sets[3][0], pair
    return t.discard


def _honours_winner(t: Table, hand: str, suit: int) -> int:
    """Big three dragons, big four winds, or all honours with big three dragons."""
    kinds = list(range(27, 31) if hand == "winds" else range(31, 34))
    x = t.rng.choice(kinds)
    sets = [[k] * 3 for k in kinds if k != x]
    shown = len(sets)
    for group in sets:
        t.take(*group)
    chow: list[int] | None = []
    if hand == "honours":
        extra = t.rng.choice(range(27, 31))
        t.take(extra, extra, extra)
        sets.append([extra] * 3)
        pair = t.pair_of([k for k in range(27, 31) if k != extra])
    else:
        if hand != "winds":
            chow = t.group(suit, pung=False)
        pair = t.pair_of(list(range(27)))
    t.take(x, x, x)
    if pair is None or chow is None:
        raise _Retry
    if chow:
        sets.append(chow)
    sets.append([x] * 3)
    winning = t.rng.choice([*sets[-2], pair]) if hand == "dragons_pair" else x
    return t.seat(sets, pair, shown, winning=winning)


def _drawn(tiles: _Drawn | None) -> _Drawn:
    """The tiles drawn, or build the case again when the set had run out of them."""
    if tiles is None:
        raise _Retry
    return tiles


def _discarder(t: Table, act: str, x: int) -> None:
    """What the discarder did and still holds (``act``), and the tiles on view."""
    if act.startswith("fourth"):  # he kept the last tile of an honour
        h = t.rng.choice([k for k in range(27, 34) if t.left[k] == 4]
                         if t.variant is Variant.CONVENTIONAL else [GREEN])
        t.keep(*[h] * (2 if act == "fourth_two" else 3), shown=True)
        t.keep(h)
    t.waiting = act in ("broke", "ready", "three_ready") or (act == "" and t.rng.random() < .5)
    t.broke = act == "broke"
    if act in ("three", "three_ready"):
        t.keep(x, x)
    elif act == "pair":
        t.keep(x)
    else:
        t.decoy()


#: case: (the winner's hand, what the discarder did, tiles of the discard's kind on view)
RECIPES = {
    "plain": ("ordinary", "", 0), "plain_simplified": ("ordinary", "", 0),
    "a1": ("pure3", "", 0), "a1_four": ("pure4", "", 0), "a1_two": ("pure2", "", 0),
    "a2": ("pure_fed", "", 0), "a2_honours": ("mixed_fed", "", 0),
    "a3": ("dragons", "", 1), "a3_winds": ("winds", "", 1), "a10_dragons": ("dragons", "", 0),
    "a3_pair": ("dragons_pair", "", 0), "a9_honours": ("honours", "", 1),
    "a9_terminals": ("terminals", "any", 0), "a4": ("ordinary", "fourth", 0),
    "a4_two": ("ordinary", "fourth_two", 0), "a5": ("ordinary", "three", 0),
    "a5_pair": ("ordinary", "pair", 0), "a5_waiting": ("ordinary", "three_ready", 0),
    "a6": ("ordinary", "broke", 0), "a6_ready": ("ordinary", "ready", 0),
    "a6_honour": ("honour_pair", "broke", 1), "a10_set": ("honour_pair", "three", 0),
    "b1": ("ordinary", "fourth", 0), "b2": ("ordinary", "three_ready", 0),
    "b2_not_waiting": ("ordinary", "three", 0), "b2_broke": ("ordinary", "broke", 0),
    "b4": ("green_pair", "three_ready", 0),
}


def build(t: Table) -> bool:
    """Build ``t.case`` on the table; False if these tiles could not make it."""
    hand, act, seen = RECIPES[t.case]
    if act == "any":
        act = t.rng.choice(("three", "broke", "fourth"))
    try:
        need = 2 if act.startswith("three") else 1 if act == "pair" else 0
        x = _winner(t, hand, need)
        t.keep(*[x] * seen, shown=True)
        _discarder(t, act, x)
        t.fill()
    except _Retry:
        return False
    return True
