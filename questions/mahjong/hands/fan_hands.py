"""Winning hands built on purpose, one builder per fán pattern of Art. 6 (a) and (b).

The fán question picks a pattern with the rng, and the pattern's builder lays down what
the pattern needs (the sets, the pair, the seat and round winds, the circumstances); plain
sets of suit tiles fill the rest. The rules core's ``score`` then says what the hand is
worth: the builder only makes the intended pattern likely, it never decides the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from questions.mahjong.hands.box import Box
from trainer.rules.mahjong import Meld, MeldKind, Variant, Win, Wind
from trainer.rules.mahjong.hands import fan as f
from trainer.rules.mahjong.hands.hand import ORPHANS
from trainer.rules.mahjong.hands.tiles import GREEN, tile_name

KAI_VU = "kai-vu"
SUIT_TILES = tuple(range(27))
TERMINALS = tuple(t for t in SUIT_TILES if t % 9 in (0, 8))
WINDS = tuple(range(27, 31))
DRAGONS = tuple(range(31, 34))
SELF_DRAWN = ("kong_replacement", "kong_on_kong", "last_tile", "heavenly")
CIRCUMSTANCES = ("self_drawn", "robbing_kong", "kong_replacement", "kong_on_kong",
                 "last_tile", "heavenly", "earthly")
EXPOSE = {1: 0.15, 2: 0.3, 3: 0.35}


def _suit(suit: int) -> tuple[int, ...]:
    return tuple(range(9 * suit, 9 * suit + 9))


class Plan:
    """A winning hand being laid down: sets, pair, winds and circumstances."""

    def __init__(self, rng: random.Random, variant: Variant, difficulty: int):
        self.rng, self.variant, self.difficulty = rng, variant, difficulty
        self.box = Box(variant, rng)
        self.sets: list[Meld] = []
        self.pair: int | None = None
        self.orphans: list[int] | None = None
        self.seat, self.round = rng.choice(list(Wind)), rng.choice(list(Wind))
        self.flags: set[str] = set()
        self.hidden = False  # nothing laid open: heavenly, earthly, concealed pungs
        self.expose_one = False
        self.winning: int | None = None
        self.kind, self.tiles = "mixed", SUIT_TILES  # how the plain sets fill the rest
        self.plain: list[Meld] = []  # those plain sets

    @property
    def room(self) -> int:
        return self.variant.sets_needed - len(self.sets)

    def pung(self, tile: int, kong: bool = False) -> None:
        size = 4 if kong else 3
        self.box.take([tile] * size)
        self.sets.append(Meld(MeldKind.KONG if kong else MeldKind.PUNG, (tile,) * size,
                              concealed=True))

    def pungs(self, tiles: tuple[int, ...], count: int) -> None:
        for tile in self.rng.sample([t for t in tiles if self.box.left[t] >= 3], count):
            self.pung(tile)

    def pair_of(self, tiles: tuple[int, ...]) -> int:
        pair = self.pair = self.rng.choice([t for t in tiles if self.box.left[t] >= 2])
        self.box.take([pair] * 2)
        return pair

    def unvalued_wind(self) -> int:
        """A wind that is neither the seat's nor the round's."""
        return self.rng.choice([t for t in WINDS if t not in (self.seat.tile, self.round.tile)])

    def fill(self, kind: str = "mixed", tiles: tuple[int, ...] = SUIT_TILES) -> None:
        """Plain sets (and the pair, if none yet) of ``tiles``; "mixed" has a chow and a pung."""
        while self.room > 0:
            chows = any(m.kind is MeldKind.CHOW for m in self.sets)
            pungs = any(m.kind is not MeldKind.CHOW for m in self.sets)
            want = kind
            if kind == "mixed":
                want = "chow" if not chows else "pung" if not pungs else "any"
            meld = self.box.meld(want, allowed=tiles)
            if meld is None:
                raise LookupError("the box ran out of sets")
            self.sets.append(meld)
            self.plain.append(meld)
        if self.pair is None:
            self.pair_of(tuple(t for t in tiles if self.box.left[t] >= 2))

    def finish(self) -> Win | None:
        """The win and its situation, or None when no winning tile fits the plan."""
        kongs = [m for m in self.sets if m.kind is MeldKind.KONG]
        in_hand = [m for m in self.sets if m.kind is not MeldKind.KONG]
        shown: set[int] = set()
        if not self.hidden:
            shown = {i for i in range(len(in_hand)) if self.rng.random() < EXPOSE[self.difficulty]}
            if self.expose_one and not shown and in_hand:
                shown = {self.rng.randrange(len(in_hand))}
        melds = [Meld(m.kind, m.tiles, concealed=False) for i, m in enumerate(in_hand)
                 if i in shown]
        in_hand = [m for i, m in enumerate(in_hand) if i not in shown]
        melds += [Meld(m.kind, m.tiles, concealed=self.rng.random() < 0.4) for m in kongs]
        if self.orphans is not None:
            tiles = list(self.orphans)
        else:
            assert self.pair is not None  # fill() gives every hand but the orphans a pair
            tiles = [t for m in in_hand for t in m.tiles] + [self.pair] * 2
        winning = self._winning_tile(in_hand, tiles, melds)
        if winning is None:
            return None
        drawn = ("self_drawn" in self.flags or bool(self.flags & set(SELF_DRAWN))
                 or (not self.flags & {"robbing_kong", "earthly"} and self.rng.random() < 0.5))
        flags = self.flags - {"self_drawn"} | ({"self_drawn"} if drawn else set())
        return Win(tuple(sorted(tiles)), tuple(melds), winning, seat_wind=self.seat,
                   round_wind=self.round, variant=self.variant,
                   **{flag: True for flag in flags})

    def _winning_tile(self, in_hand: list[Meld], tiles: list[int],
                      melds: list[Meld]) -> int | None:
        if self.winning is not None:
            return self.winning if self.winning in tiles else None
        if "robbing_kong" in self.flags:  # the fourth of another's pung: held once, in a chow
            every = tiles + [t for m in melds for t in m.tiles]
            choices = [t for m in in_hand if m.kind is MeldKind.CHOW for t in m.tiles
                       if every.count(t) == 1]
        elif self.variant is Variant.SIMPLIFIED:  # 發 wins a fán of its own: only on purpose
            choices = [t for t in tiles if t != GREEN] or tiles
        else:
            choices = tiles
        return self.rng.choice(choices) if choices else None


def _other_seat(plan: Plan, wind: Wind) -> Wind:
    return plan.rng.choice([w for w in Wind if w is not wind])


def dragon_pung(p: Plan) -> None:
    p.pungs(DRAGONS, 2 if p.difficulty > 1 and p.rng.random() < 0.25 else 1)


def round_wind(p: Plan) -> None:
    p.seat = _other_seat(p, p.round)
    p.pung(p.round.tile)


def seat_wind(p: Plan) -> None:
    p.round = _other_seat(p, p.seat)
    p.pung(p.seat.tile)


def double_wind(p: Plan) -> None:
    p.round = p.seat
    p.pung(p.seat.tile)


def robbing_kong(p: Plan) -> None:
    p.flags.add("robbing_kong")


def kong_replacement(p: Plan) -> None:
    p.flags.add("kong_replacement")
    p.pung(p.rng.choice([t for t in SUIT_TILES if p.box.left[t] == 4]), kong=True)


def kong_on_kong(p: Plan) -> None:
    p.flags |= {"kong_on_kong", "kong_replacement"}
    for tile in p.rng.sample(SUIT_TILES, 2):
        p.pung(tile, kong=True)


def all_pungs(p: Plan) -> None:
    p.expose_one, p.kind = True, "pung"


def concealed_pungs(p: Plan) -> None:
    p.hidden, p.kind = True, "pung"
    p.flags.add("self_drawn")


def all_chows(p: Plan) -> None:
    if p.difficulty > 1 and p.rng.random() < 0.3:
        p.pair_of((p.unvalued_wind(),))
    p.kind = "chow"


def mixed_one_suit(p: Plan) -> None:
    honours = (p.unvalued_wind(),) if p.difficulty == 1 else WINDS + DRAGONS
    if p.rng.random() < 0.5:
        p.pungs(honours, 1)
    else:
        p.pair_of(honours)
    p.tiles = _suit(p.rng.randrange(3))


def mixed_all_chows(p: Plan) -> None:
    p.pair_of((p.unvalued_wind(),))
    p.kind, p.tiles = "chow", _suit(p.rng.randrange(3))


def pure_one_suit(p: Plan) -> None:
    p.kind, p.tiles = "any", _suit(p.rng.randrange(3))


def small_dragons(p: Plan) -> None:
    p.pungs(DRAGONS, 2)
    p.pair_of(tuple(t for t in DRAGONS if p.box.left[t] == 4))


def big_dragons(p: Plan) -> None:
    p.pungs(DRAGONS, 3)


def small_winds(p: Plan) -> None:
    p.pungs(WINDS, 3)
    pair = p.pair_of(tuple(t for t in WINDS if p.box.left[t] == 4))
    if p.difficulty == 1:  # no wind fán besides: the seat and the round are the pair's
        p.seat = p.round = Wind(tile_name(pair))


def big_winds(p: Plan) -> None:
    p.pungs(WINDS, 4)


def terminals_and_honours(p: Plan) -> None:
    honours = (p.unvalued_wind(),) if p.difficulty == 1 else WINDS + DRAGONS
    p.pungs(honours, 1)
    p.pungs(TERMINALS, 2)
    p.kind, p.tiles = "pung", TERMINALS + honours


def all_terminals(p: Plan) -> None:
    p.kind, p.tiles = "pung", TERMINALS


def all_honours(p: Plan) -> None:
    p.kind, p.tiles = "pung", WINDS + DRAGONS


def thirteen_orphans(p: Plan) -> None:
    p.hidden = True
    p.orphans = [*ORPHANS, p.rng.choice(ORPHANS)]


def heavenly(p: Plan) -> None:
    p.hidden, p.seat = True, Wind.EAST
    p.flags.add("heavenly")


def earthly(p: Plan) -> None:
    p.hidden, p.seat = True, _other_seat(p, Wind.EAST)
    p.flags.add("earthly")


def last_tile(p: Plan) -> None:
    p.flags |= {"last_tile", "self_drawn"}


def kai_vu(p: Plan) -> None:
    """No fán, often a near miss: all chows but a valued pair, or an unvalued wind pung."""
    trap = p.rng.choice(("plain", "chows", "wind")) if p.difficulty > 1 else "plain"
    if trap == "chows":
        p.pair_of(DRAGONS + (p.seat.tile, p.round.tile))
        p.kind = "chow"
    elif trap == "wind" and p.seat is not p.round:
        p.pung(p.unvalued_wind())


def simple_green(p: Plan) -> None:
    if p.rng.random() < 0.5:
        p.pung(GREEN)
    else:
        p.pair_of((GREEN,))
    p.winning, p.kind = GREEN, "any"


def simple_kai_vu(p: Plan) -> None:
    if p.rng.random() < 0.3:  # 發 in the hand, but not the winning tile
        p.pair_of((GREEN,))
    p.kind = "any"


def simple_flag(flag: str) -> Callable[[Plan], None]:
    def build(p: Plan) -> None:
        p.flags.add(flag)
        p.kind = "chow" if flag == "robbing_kong" else "any"
    return build


def extra_kong(p: Plan) -> None:
    """After the fill: one of the pungs becomes a kong, and the win is on its replacement."""
    pungs = [m for m in p.sets if m.kind is MeldKind.PUNG and p.box.left[m.first]]
    if not pungs:
        raise LookupError("no pung to make a kong of")
    meld = p.rng.choice(pungs)
    p.box.take([meld.first])
    p.sets[p.sets.index(meld)] = Meld(MeldKind.KONG, (meld.first,) * 4, concealed=True)
    p.flags.add("kong_replacement")


def extra_dragon(p: Plan) -> None:
    """After the fill: a plain set gives way to a dragon pung."""
    if not p.plain:
        raise LookupError("no plain set to replace")
    meld = p.rng.choice(p.plain)
    for tile in meld.tiles:
        p.box.left[tile] += 1
    p.sets.remove(meld)
    p.pungs(DRAGONS, 1)


CONVENTIONAL_BUILDERS: dict[str, Callable[[Plan], None]] = {
    f.DRAGON_PUNG: dragon_pung, f.ROUND_WIND: round_wind, f.SEAT_WIND: seat_wind,
    f.ROBBING_KONG: robbing_kong, f.KONG_REPLACEMENT: kong_replacement,
    f.ALL_PUNGS: all_pungs, f.ALL_CHOWS: all_chows, f.MIXED_ONE_SUIT: mixed_one_suit,
    f.LAST_TILE: last_tile, f.SMALL_DRAGONS: small_dragons, f.SMALL_WINDS: small_winds,
    f.TERMINALS_AND_HONOURS: terminals_and_honours, f.HEAVENLY: heavenly,
    f.EARTHLY: earthly, f.DOUBLE_WIND: double_wind, f.KONG_ON_KONG: kong_on_kong,
    f.MIXED_ALL_CHOWS: mixed_all_chows, f.PURE_ONE_SUIT: pure_one_suit,
    f.THIRTEEN_ORPHANS: thirteen_orphans, f.CONCEALED_PUNGS: concealed_pungs,
    f.BIG_DRAGONS: big_dragons, f.BIG_WINDS: big_winds, f.ALL_TERMINALS: all_terminals,
    f.ALL_HONOURS: all_honours, KAI_VU: kai_vu,
}
SIMPLIFIED_BUILDERS: dict[str, Callable[[Plan], None]] = {
    f.ROBBING_KONG: simple_flag("robbing_kong"), f.LAST_TILE: simple_flag("last_tile"),
    f.GREEN_DRAGON: simple_green, KAI_VU: simple_kai_vu,
}
#: Patterns that come with the one built (small three dragons has two dragon pungs…).
INHERENT = {f.SMALL_DRAGONS: {f.DRAGON_PUNG}, f.TERMINALS_AND_HONOURS: {f.ALL_PUNGS},
            f.SMALL_WINDS: {f.ROUND_WIND, f.SEAT_WIND, f.DOUBLE_WIND},
            f.BIG_WINDS: {f.DRAGON_PUNG}, f.ALL_HONOURS: {f.DRAGON_PUNG, f.BIG_DRAGONS,
                                                          f.SMALL_DRAGONS, f.ROUND_WIND,
                                                          f.SEAT_WIND, f.DOUBLE_WIND}}
#: Patterns a difficult question may add to the one built, and the bases they suit.
EXTRAS: dict[str, tuple[Callable[[Plan], None], frozenset[str]]] = {
    f.LAST_TILE: (last_tile, frozenset(CONVENTIONAL_BUILDERS) - {
        f.HEAVENLY, f.EARTHLY, f.ROBBING_KONG, f.LAST_TILE, KAI_VU}),
    f.DRAGON_PUNG: (extra_dragon, frozenset({
        f.ROUND_WIND, f.SEAT_WIND, f.DOUBLE_WIND, f.ROBBING_KONG, f.KONG_REPLACEMENT,
        f.ALL_PUNGS, f.LAST_TILE, f.HEAVENLY, f.EARTHLY, f.CONCEALED_PUNGS,
        f.KONG_ON_KONG, f.SMALL_WINDS, f.DRAGON_PUNG})),
    f.KONG_REPLACEMENT: (extra_kong, frozenset({
        f.DRAGON_PUNG, f.ROUND_WIND, f.SEAT_WIND, f.DOUBLE_WIND, f.ALL_PUNGS,
        f.MIXED_ONE_SUIT, f.PURE_ONE_SUIT, f.SMALL_DRAGONS, f.BIG_DRAGONS, f.BIG_WINDS,
        f.ALL_TERMINALS, f.ALL_HONOURS, f.TERMINALS_AND_HONOURS, f.SMALL_WINDS})),
}
_TRIES = 8


def extras_for(base: str) -> list[str]:
    """The patterns :func:`build` can add to ``base``."""
    return [name for name, (_, bases) in EXTRAS.items() if base in bases]


def _attempt(rng: random.Random, variant: Variant, difficulty: int,
             wanted: tuple[str, ...]) -> Win | None:
    builders = CONVENTIONAL_BUILDERS if variant is Variant.CONVENTIONAL else SIMPLIFIED_BUILDERS
    plan = Plan(rng, variant, difficulty)
    try:
        builders[wanted[0]](plan)
        if plan.orphans is None:
            plan.fill(plan.kind, plan.tiles)
        for name in wanted[1:]:
            EXTRAS[name][0](plan)
        return plan.finish()
    except (LookupError, IndexError, ValueError):
        return None


def build(rng: random.Random, variant: Variant, difficulty: int, wanted: tuple[str, ...],
          ) -> Win:
    """A winning hand scoring the ``wanted`` patterns (the first built, the others added;
    KAI_VU for none), as cleanly as the rng allows: of a few tries, the first whose other
    patterns all come with the wanted ones."""
    allowed = set(wanted) | {x for name in wanted for x in INHERENT.get(name, ())}
    best = None
    for attempt in range(_TRIES + 2):
        # The last tries build the base pattern alone, should the extras not fit.
        built = _attempt(rng, variant, difficulty, wanted if attempt < _TRIES else wanted[:1])
        if built is None:
            continue
        hits = {hit.pattern.name for hit in f.score(built).patterns}
        extra = len(hits - allowed) + len((set(wanted) - {KAI_VU}) - hits)
        if best is None or extra < best[0]:
            best = (extra, built)
        if extra == 0:
            break
    if best is None:
        raise AssertionError(f"no hand could be built for {wanted}")
    return best[1]
