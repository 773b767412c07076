"""Mah-Jong claims: tables built on purpose, each seat given a role towards the discard.

A role says what a seat's hand lets it do with the discard: "win", "kong", "pung", "chow"
(the next player with two tiles of a run), "both" (the next player with a pair and two
tiles of a run: he may chow or pung), "decoy" (a run shape, not at the discarder's right),
"none"; "win!" is a winner who withdrew a pung call (Art. 9 (a)(2)), "kong!" a holder of
three who saw another's tiles (Art. 9 (a)(3), (b)(2)). The rules core decides the rest.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from questions.mahjong.hands.box import Box, drawn, suit_neighbours
from questions.mahjong.situation import Barred, Discard, TileHand
from trainer.rules.mahjong import Meld, Variant, Wind, is_winning
from trainer.rules.mahjong.hands.tiles import GREEN, tile_name

Table = Sequence[tuple[tuple[str, ...], int]]
#: How many of the discard each role holds.
HELD = {"kong": 3, "pung": 2, "both": 2}

#: Scenarios by difficulty: the roles of the three other seats, with weights.
CONVENTIONAL = {
    1: [(("win", "none", "none"), 3), (("win", "pung", "none"), 3), (("pung", "none", "none"), 2),
        (("pung", "chow", "none"), 3), (("kong", "none", "none"), 2),
        (("kong", "chow", "none"), 2), (("chow", "none", "none"), 3),
        (("none", "none", "none"), 2), (("both", "none", "none"), 2)],
    2: [(("win", "pung", "none"), 2), (("win", "kong", "none"), 1), (("win", "chow", "none"), 1),
        (("win", "win", "none"), 2), (("pung", "chow", "none"), 2), (("pung", "decoy", "none"), 2),
        (("kong", "chow", "none"), 2), (("kong", "none", "none"), 1),
        (("chow", "decoy", "none"), 3), (("none", "decoy", "none"), 2),
        (("both", "decoy", "none"), 1), (("both", "none", "none"), 1)],
    3: [(("win", "win", "pung"), 2), (("win", "win", "win"), 1), (("win!", "win", "none"), 2),
        (("win", "kong!", "none"), 1), (("win", "kong", "chow"), 1),
        (("win!", "pung", "none"), 2), (("kong!", "chow", "none"), 2),
        (("kong!", "none", "none"), 1), (("pung", "decoy", "chow"), 1),
        (("win!", "kong!", "chow"), 1), (("kong", "decoy", "none"), 1),
        (("kong", "chow", "win!"), 2), (("win!", "chow", "none"), 1),
        (("chow", "decoy", "win!"), 2), (("win!", "none", "none"), 1),
        (("win!", "decoy", "none"), 1), (("win", "both", "none"), 1)],
}
SIMPLIFIED = {
    1: [(("win", "none", "none"), 3), (("kong", "none", "none"), 2), (("win", "kong", "none"), 3),
        (("none", "none", "none"), 1)],
    2: [(("win", "win", "none"), 2), (("win", "kong", "none"), 2), (("kong", "none", "none"), 3),
        (("win", "none", "none"), 1), (("none", "none", "none"), 1)],
    3: [(("win", "win", "win"), 1), (("win", "win", "kong"), 1), (("kong!", "win", "none"), 1),
        (("win", "kong!", "none"), 1), (("kong", "none", "none"), 3),
        (("kong!", "none", "none"), 1)],
}
_TRIES = 6


def variant_for(rng: random.Random, difficulty: int) -> Variant:
    simplified = {1: 0.0, 2: 0.25, 3: 0.3}[difficulty]
    return Variant.SIMPLIFIED if rng.random() < simplified else Variant.CONVENTIONAL


def pick(rng: random.Random, table: Table) -> list[str]:
    roles, = rng.choices([roles for roles, _ in table], [w for _, w in table])
    return list(roles)


def place(rng: random.Random, roles: list[str]) -> list[str]:
    """Roles for the seats 1, 2, 3 turns after the discarder; a real chow sits next."""
    rng.shuffle(roles)
    nexts = [role for role in roles if role in ("chow", "both")]
    if nexts:
        at = roles.index(nexts[0])
        roles[0], roles[at] = roles[at], roles[0]
    elif roles[0] == "decoy":
        at = rng.choice([1, 2])
        roles[0], roles[at] = roles[at], roles[0]
    return roles


def _discard(rng: random.Random, variant: Variant, roles: list[str]) -> int:
    """A tile that lets every role be played: chows and copy-less waits need a suit tile."""
    base = [r.rstrip("!") for r in roles]
    held = sum(HELD.get(role, 0) for role in base)
    needs_suit = bool({"chow", "both", "decoy"} & set(base)) or base.count("win") > 3 - held
    if variant is Variant.SIMPLIFIED:
        honours = [GREEN]
    else:
        honours = list(range(27, 34))
    if not needs_suit and rng.random() < 0.25:
        return rng.choice(honours)
    return rng.randrange(27)


def _winner(box: Box, tile: int, copies: int, melds: int, variant: Variant,
            ) -> tuple[list[int], list[Meld]]:
    """A hand one tile from winning, ``tile`` completing it, holding ``copies`` of it."""
    avoid = {tile}
    sets = variant.sets_needed - melds
    if copies == 0:
        block = box.partial(tile)
        block += [drawn(box.pung(avoid=avoid, size=2))] * 2
        sets -= 1
    elif copies == 1:
        block = box.take([tile])
    else:
        block = box.take([tile, tile]) + [drawn(box.pung(avoid=avoid, size=2))] * 2
        sets -= 1
    open_melds = [drawn(box.meld(avoid=avoid, concealed=False)) for _ in range(melds)]
    for _ in range(sets):
        block += drawn(box.meld(avoid=avoid)).tiles
    return block, open_melds


def _other(box: Box, role: str, tile: int, melds: int, variant: Variant, next_seat: bool,
           ) -> tuple[list[int], list[Meld]]:
    """A hand that wants ``tile`` only as its role says, and cannot win on it."""
    size = 3 * variant.sets_needed + 1 - 3 * melds
    avoid = {tile} | (suit_neighbours(tile) if next_seat and role in ("none", "decoy") else set())
    saved = box.snapshot()
    for _ in range(_TRIES):
        box.restore(saved)
        open_melds = [drawn(box.meld(avoid=avoid, concealed=False)) for _ in range(melds)]
        core = box.take([tile] * HELD.get(role, 0))
        if role in ("chow", "both", "decoy"):
            core += box.partial(tile)
        tiles = core + box.loose_hand(size - len(core), avoid=avoid)
        if not is_winning([*tiles, tile], open_melds, variant):
            break
    return tiles, open_melds


def _copies(rng: random.Random, roles: list[str], tile: int) -> dict[int, int]:
    """How many of the discard each winner holds, within the four in the set."""
    base = [r.rstrip("!") for r in roles]
    left = 3 - sum(HELD.get(role, 0) for role in base)
    winners = [at for at in rng.sample(range(3), 3) if base[at] == "win"]
    copies = {}
    for index, at in enumerate(winners):
        # An honour cannot be waited on without holding one: keep one for each winner after.
        reserve = 0 if tile < 27 else len(winners) - index - 1
        options = [c for c in (0, 1, 2) if c <= left - reserve and (c or tile < 27)]
        copies[at] = rng.choice(options)
        left -= copies[at]
    return copies


def deal_roles(rng: random.Random, difficulty: int, variant: Variant, roles: list[str],
               ) -> Discard:
    """A table where the seats after the discarder play ``roles`` (placed by :func:`place`)."""
    discarder = rng.choice(list(Wind))
    tile = _discard(rng, variant, roles)
    box = Box(variant, rng)
    box.take([tile])
    copies = _copies(rng, roles, tile)
    hands: dict[str, TileHand] = {}
    withdrew: list[Wind] = []
    saw: list[Wind] = []
    for at, role in enumerate(roles):
        seat = discarder.next(at + 1)
        melds = rng.choice((0, 0, 1, 1, 2)) if difficulty > 1 and variant is (
            Variant.CONVENTIONAL) else 0
        if role.startswith("win"):
            concealed, open_melds = _winner(box, tile, copies[at], melds, variant)
        else:
            concealed, open_melds = _other(box, role.rstrip("!"), tile, melds, variant, at == 0)
        hands[seat.value] = TileHand.of(concealed, open_melds)
        if role == "win!":
            withdrew.append(seat)
        if role == "kong!":
            saw.append(seat)
    hands[discarder.value] = TileHand.of(box.loose_hand(3 * variant.sets_needed + 1, {tile}))
    return Discard(variant, discarder, tile_name(tile),
                   {seat.value: hands[seat.value] for seat in Wind},
                   Barred(tuple(withdrew), tuple(saw)))


