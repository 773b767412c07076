"""A Mah-Jong scene drawn from a round's seed: four players near the end of a hand of the
conventional form (Portaria 135/91/M), East the banker, and the last discards to the win.

The scene is played out here, the app playing the four players' tiles: one player is
waiting to win; the others draw and discard, now and then call for a discard (the rules
core rules who takes it: :func:`trainer.rules.mahjong.play.claims.rule`) and lay the set open;
the last discard, or the waiting player's own draw, completes his hand. What goes wrong
(a chow called out of turn, a kong by a player who saw another's tiles, wrong tiles laid
open, a win declared on tiles that do not win) is drawn at each discard with the mode's
chance. Everything comes from generators seeded with the game, the seed and the mode, so a
seed and a mode give the same scene on every desktop.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from trainer.rounds.incidents import draw_incident
from trainer.rounds.modes import Mode
from trainer.rules.mahjong.hands.hand import Meld, MeldKind, is_winning, waits
from trainer.rules.mahjong.hands.tiles import DRAGON_TILES, Variant, Wind, tile_name
from trainer.rules.mahjong.play.claims import (
    Bars,
    Call,
    ClaimKind,
    claimed_set,
    legal_claims,
    rule,
)
from trainer.rules.mahjong.play.games import Start

VARIANT = Variant.CONVENTIONAL
BANKER = Wind.EAST
#: What the croupier calls, by its call word.
CALLS = ("chow-out-of-turn", "barred-kong", "wrong-exposure", "false-win")
#: And in a whole hand: at a player's draw, before his discard.
HAND_CALLS = (*CALLS, "wrong-end", "late-kong")
#: The calls at a discard (before it is ruled), and after a set laid open.
AT_A_DISCARD = ("chow-out-of-turn", "barred-kong", "false-win")
AFTER_A_SET = ("wrong-exposure",)
#: The winner's hands, by what they are made of (so that every pattern and liability case
#: comes up): any sets; dragons; one suit, laid open; honours and one suit.
SHAPES = ("plain", "plain", "dragons", "one-suit", "honours")
EARLIER_DISCARDS = (1, 2, 3)
CALLS_A_SET = 0.5  # a player who may take a discard for a set does, so often
CLAIMABLE_DISCARD = 0.6  # a discard chosen among the tiles another may claim
EXPOSED = (0, 1, 1, 2, 3)
CAPITAL_IN_TENS = (6, 40)  # the winner's capital in play: sometimes less than he is owed
BREAKS_A_THREE = 0.3  # the last discarder throws a tile of which he holds three
NO_BARS = Bars()


@dataclass(frozen=True)
class Hand:
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()

    def rules_hand(self) -> tuple[tuple[int, ...], tuple[Meld, ...]]:
        return self.concealed, self.melds


@dataclass(frozen=True)
class Discard:
    """One discard of the scene: who threw what, with the hands as they were, the calls
    made for it, and what went wrong there (a call word, the seat)."""

    discarder: Wind
    tile: int
    hands: Mapping[Wind, Hand]
    calls: tuple[Call, ...]
    on_view: tuple[int, ...]  # the tiles discarded before it, in sight
    drawn: int | None  # the tile the discarder drew before throwing this one
    incident: tuple[str, Wind] | None = None
    #: After a set is laid open for it: the claimer laid the wrong tiles (corrected).
    wrong_exposure: bool = False
    #: Whether the croupier rules on it (a step): in a scene every discard; in a whole
    #: hand those with a call, an incident or the win.
    ruled: bool = True
    #: The tiles left in the wall as it is thrown (a whole hand; ``None`` in a scene).
    wall_left: int | None = None
    #: Who may not do what at this discard (Art. 9) in a whole hand, where it changes as
    #: the hand goes on; ``None`` in a scene (the scene's own bars).
    bars: Bars | None = None
    #: The tile drawn before it was a kong's replacement (from the end of the wall).
    from_replacement: bool = False


@dataclass(frozen=True)
class Opening:
    """How a whole hand begins: the wall, in the core's drawing order before the break
    (:mod:`trainer.rules.mahjong.play.wall`), and the banker's dice."""

    wall: tuple[int, ...]
    dice: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.dice)


@dataclass(frozen=True)
class MahjongTable:
    round_wind: Wind
    game: int  # the game of the round, 1–4
    start: Mapping[Wind, Hand]  # the hands as the scene opens
    discards: tuple[Discard, ...]
    #: How it ends: the winner, by a discard (the last one) or self-drawn, and the tile;
    #: or a false win declared (the last discard's incident).
    winner: Wind | None
    winning_tile: int | None
    self_drawn: bool
    capital: Decimal  # the winner's capital in play
    bars: Bars = field(default_factory=Bars)
    #: A whole hand: the form, the players present (the order of play from the banker),
    #: the wall and the dice; a scene has none of it (the conventional form, four players).
    variant: Variant = Variant.CONVENTIONAL
    seats: tuple[Wind, ...] = tuple(Wind)
    opening: Opening | None = None
    #: The winner's tiles just before the winning tile (``None``: as the scene opened, or at
    #: the last discard), and how the win came (Art. 5, 6).
    winning_hand: Hand | None = None
    kong_replacement: bool = False
    last_tile: bool = False
    first: Start | None = None  # heavenly (dealt) or earthly (the banker's first discard)
    #: A self-drawn win right after the winner took this discard for his fourth set on
    #: view (Art. 10 (a)(2)).
    fed_fourth: Discard | None = None
    drawn_game: bool = False  # the wall ran out with nobody winning (HI-MJ-DRAWN)

    @property
    def false_win(self) -> bool:
        return self.winner is None and not self.drawn_game

    @property
    def whole_hand(self) -> bool:
        return self.opening is not None

    def hand_of(self, seat: Wind) -> Hand:
        """The winner's hand before the winning tile."""
        if self.winning_hand is not None:
            return self.winning_hand
        last = self.discards[-1] if self.discards and not self.self_drawn else None
        return (last.hands if last is not None else self.start)[seat]


class _Box:
    """The tiles not in anyone's hand: the wall, drawn from at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left = [4] * 34

    def take(self, *tiles: int) -> bool:
        if any(self.left[t] < tiles.count(t) for t in tiles):
            return False
        for t in tiles:
            self.left[t] -= 1
        return True

    def draw(self) -> int:
        tile: int = self.rng.choice([t for t in range(34) for _ in range(self.left[t])])
        self.left[tile] -= 1
        return tile


def draw_table(seed: int, mode: Mode) -> MahjongTable:
    for attempt in range(50):
        rng = random.Random(f"round/mahjong/{seed}/{mode}/{attempt}")
        table = _scene(rng, mode)
        if table is not None:
            return table
    raise AssertionError(f"no scene for seed {seed}")  # pragma: no cover - never seen


def _winning_sets(rng: random.Random, box: _Box, shape: str) -> list[Meld] | None:
    suit = rng.randrange(3)
    sets: list[Meld] = []
    if shape == "dragons":
        for tile in DRAGON_TILES:
            if not box.take(tile, tile, tile):
                return None
            sets.append(Meld(MeldKind.PUNG, (tile,) * 3))
    if shape == "honours":
        honour = rng.choice(range(27, 34))
        if not box.take(honour, honour, honour):
            return None
        sets.append(Meld(MeldKind.PUNG, (honour,) * 3))
    while len(sets) < 4:
        base = 9 * (suit if shape in ("one-suit", "honours") else rng.randrange(3))
        if rng.random() < 0.4:
            tile = base + rng.randrange(9)
            meld = Meld(MeldKind.PUNG, (tile,) * 3)
        else:
            low = base + rng.randrange(7)
            meld = Meld(MeldKind.CHOW, (low, low + 1, low + 2))
        if box.take(*meld.tiles):
            sets.append(meld)
    return sets


def _winner_hand(rng: random.Random, box: _Box) -> tuple[Hand, int] | None:
    """A waiting hand of thirteen tiles (some sets laid open) and the tile it waits for."""
    shape = rng.choice(SHAPES)
    sets = _winning_sets(rng, box, shape)
    if sets is None:
        return None
    pair = rng.choice(range(27, 34)) if shape == "dragons" and rng.random() < 0.5 else (
        9 * (sets[-1].first // 9 if sets[-1].first < 27 else 0) + rng.randrange(9))
    if not box.take(pair, pair):
        return None
    rng.shuffle(sets)
    opened = 3 if shape == "one-suit" else rng.choice(EXPOSED)
    melds = tuple(sets[:opened])
    concealed = [t for meld in sets[opened:] for t in meld.tiles] + [pair, pair]
    winning = rng.choice(concealed)
    concealed.remove(winning)  # kept out of the wall: the tile that completes the hand
    return Hand(tuple(sorted(concealed)), melds), winning


def _scene(rng: random.Random, mode: Mode) -> MahjongTable | None:
    box = _Box(rng)
    made = _winner_hand(rng, box)
    if made is None:
        return None
    winner_hand, winning = made
    winner = rng.choice(list(Wind))
    others = [seat for seat in Wind if seat != winner]
    kong_seat = rng.choice(others)
    kong_tile = next((t for t in rng.sample(range(34), 34)
                      if box.left[t] == 4 and t != winning), None)
    if kong_tile is None or not box.take(kong_tile, kong_tile, kong_tile, kong_tile):
        return None
    hands: dict[Wind, Hand] = {winner: winner_hand}
    for seat in others:
        held = [kong_tile] * 3 if seat == kong_seat else []
        held += [box.draw() for _ in range(13 - len(held))]
        hands[seat] = Hand(tuple(sorted(held)))
    if any(waits(*hands[seat].rules_hand()) & {tile_name(winning)} for seat in others):
        return None  # another would win on the same tile: not this scene
    box.left[kong_tile] += 1  # the fourth back in the wall
    start = dict(hands)
    round_wind, game = rng.choice(list(Wind)), rng.randint(1, 4)
    capital = Decimal(10 * rng.randint(*CAPITAL_IN_TENS))
    saw: set[Wind] = set()
    discards: list[Discard] = []
    on_view: list[int] = []
    turn = rng.choice(others)
    drawn_already = False  # the discarder took a discard for a set: he draws nothing
    for left in range(rng.choice(EARLIER_DISCARDS), -1, -1):
        if turn == winner:  # his own draw completes his hand, or he throws it
            tile = winning if left == 0 else box.draw()
            if tile == winning or is_winning((*hands[winner].concealed, tile),
                                             hands[winner].melds):
                return MahjongTable(round_wind, game, start, tuple(discards), winner, tile,
                                    True, capital, Bars(saw_tiles=frozenset(saw)))
            discards.append(Discard(winner, tile, dict(hands), (), tuple(on_view), tile))
            on_view.append(tile)
            turn = winner.next()
            continue
        incident = draw_incident(rng, mode, AT_A_DISCARD if left else ("chow-out-of-turn",))
        hand = hands[turn]
        if left == 0:
            drawn: int | None = winning
            tile = winning
            if rng.random() < BREAKS_A_THREE and box.take(winning, winning):
                hand = Hand(tuple(sorted((*hand.concealed[2:], winning, winning))), hand.melds)
        elif incident == "barred-kong" and turn != kong_seat and box.left[kong_tile]:
            drawn = tile = kong_tile
            box.left[kong_tile] -= 1
        else:
            drawn = None if drawn_already else box.draw()
            tile = _discard(rng, turn, [*hand.concealed, *([drawn] if drawn is not None
                                                           else [])], hands, winner,
                            winning)
        held = [*hand.concealed, *([drawn] if drawn is not None and left else [])]
        if left:
            held.remove(tile)
        hands[turn] = Hand(tuple(sorted(held)), hand.melds)
        calls, happening = calls_for(rng, turn, tile, hands, winner, incident, kong_seat,
                                     saw)
        if happening is not None and happening[0] == "false-win":
            discards.append(Discard(turn, tile, dict(hands), calls, tuple(on_view), drawn,
                                    happening))
            return MahjongTable(round_wind, game, start, tuple(discards), None, None, False,
                                capital, Bars(saw_tiles=frozenset(saw)))
        bars = Bars(saw_tiles=frozenset(saw))
        ruling = rule(turn, tile, {s: h.rules_hand() for s, h in hands.items()}, calls,
                      VARIANT, bars)
        granted = ruling.granted
        wrong = granted is not None and granted.kind in (ClaimKind.PUNG, ClaimKind.CHOW) \
            and draw_incident(rng, mode, AFTER_A_SET) is not None
        discards.append(Discard(turn, tile, dict(hands), calls, tuple(on_view), drawn,
                                happening, wrong))
        if granted is not None and granted.kind is ClaimKind.WIN:
            return MahjongTable(round_wind, game, start, tuple(discards), granted.seat, tile,
                                False, capital, bars)
        if left == 0:
            return None  # the winning tile was taken for a set: not this scene
        if granted is None:
            on_view.append(tile)
            turn, drawn_already = turn.next(), False
            continue
        taker = hands[granted.seat]
        laid = list(claimed_set(granted, tile, taker.rules_hand(), VARIANT))
        laid.remove(tile)
        concealed = list(taker.concealed)
        for t in laid:
            concealed.remove(t)
        meld = Meld(MeldKind(granted.kind.value), (*laid, tile))
        if granted.kind is ClaimKind.KONG:  # the replacement from the wall's end
            concealed.append(box.draw())
        hands[granted.seat] = Hand(tuple(sorted(concealed)), (*taker.melds, meld))
        turn, drawn_already = granted.seat, True
    return None


def _claimers(seat: Wind, tile: int, hands: Mapping[Wind, Hand], winner: Wind | None,
              variant: Variant = VARIANT) -> bool:
    """Whether a player other than the discarder and the winner may take ``tile``."""
    return any(legal_claims(other, seat, tile, hands[other].rules_hand(), variant)
               - {ClaimKind.WIN} for other in hands if other not in (seat, winner))


def _discard(rng: random.Random, seat: Wind, held: list[int], hands: Mapping[Wind, Hand],
             winner: Wind, winning: int) -> int:
    """What a player throws: often a tile another may take, never the winning tile."""
    choices = [t for t in held if t != winning]
    if rng.random() < CLAIMABLE_DISCARD:
        kinds = sorted(set(choices))
        claimable = next((t for t in rng.sample(kinds, len(kinds))
                          if _claimers(seat, t, hands, winner)), None)
        if claimable is not None:
            return claimable
    return int(rng.choice(choices))


def calls_for(rng: random.Random, discarder: Wind, tile: int, hands: Mapping[Wind, Hand],
              winner: Wind | None, incident: str | None, kong_seat: Wind | None,
              saw: set[Wind], variant: Variant = VARIANT,
              bars: Bars = NO_BARS) -> tuple[tuple[Call, ...], tuple[str, Wind] | None]:
    """The calls made for a discard, nearest first, and what went wrong there: a player who
    may win on it calls a win; another who may take it for a set does, now and then (the
    waiting ``winner`` of a scene never does)."""
    calls: list[Call] = []
    happening: tuple[str, Wind] | None = None
    for step in (1, 2, 3):
        seat = discarder.next(step)
        if seat not in hands or (incident == "barred-kong" and seat == kong_seat):
            continue
        legal = legal_claims(seat, discarder, tile, hands[seat].rules_hand(), variant, bars)
        if ClaimKind.WIN in legal:
            calls.append(Call(seat, ClaimKind.WIN))
        elif seat != winner and legal and rng.random() < CALLS_A_SET:
            calls.append(Call(seat, rng.choice(sorted(legal))))
    callers = {call.seat for call in calls}
    if incident == "barred-kong" and kong_seat is not None \
            and hands[kong_seat].concealed.count(tile) == 3 and kong_seat not in callers:
        saw.add(kong_seat)
        calls.append(Call(kong_seat, ClaimKind.KONG))
        happening = ("barred-kong", kong_seat)
    elif incident == "chow-out-of-turn" and tile < 27:
        free = [discarder.next(s) for s in (2, 3) if discarder.next(s) in hands
                and discarder.next(s) not in callers and discarder.next(s) != winner]
        if free:
            seat = rng.choice(free)
            calls.append(Call(seat, ClaimKind.CHOW))
            happening = ("chow-out-of-turn", seat)
    elif incident == "false-win":
        free = [s for s in hands if s not in (discarder, winner) and s not in callers
                and not is_winning((*hands[s].concealed, tile), hands[s].melds, variant)]
        if free:
            happening = ("false-win", rng.choice(free))
    order = {discarder.next(step): step for step in (1, 2, 3)}
    return tuple(sorted(calls, key=lambda call: order[call.seat])), happening
