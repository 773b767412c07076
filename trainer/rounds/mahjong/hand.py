"""A whole hand of Mah-Jong drawn from a round's seed (Portaria 135/91/M): the wall built and
broken by the dice, the deal, then the play to a win, a false win or a drawn game.

The app plays the players' tiles: each draws from the front of the wall and throws the tile
that helps his hand least; a player who may win on a discard calls it, one who may take it for
a set now and then does (the rules core rules who takes it,
:func:`trainer.rules.mahjong.play.claims.rule`); four alike are now and then made a kong, whose
replacement comes from the end of the wall (Art. 5 (a)(5), (b)(4)). The conventional form is
played by four; the simplified form by two, three or four (Art. 3 (b)) — the players present
only, never empty seats. What goes wrong is drawn at a few turns of the hand with the mode's
chance: a chow called out of turn, a kong by a player who saw another's tiles, a win declared
on tiles that do not win, wrong tiles laid open for a set, a tile taken from the wrong end of
the wall (HI-MJ-WALL-END), a kong declared after the discard (HI-MJ-KONG-TURN).

The result is a :class:`~trainer.rounds.mahjong.table.MahjongTable` with its opening (the wall
and the dice), so that the steps of a scene and of a hand are worked out by the same code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from decimal import Decimal

from trainer.rounds.incidents import draw_incident
from trainer.rounds.mahjong.table import (
    CAPITAL_IN_TENS,
    Discard,
    Hand,
    MahjongTable,
    Opening,
    calls_for,
)
from trainer.rounds.modes import Mode
from trainer.rules.mahjong.hands.hand import Meld, MeldKind, is_winning
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claims import Bars, ClaimKind, claimed_set, legal_claims, rule
from trainer.rules.mahjong.play.games import Start
from trainer.rules.mahjong.play.payments import table as seats_at
from trainer.rules.mahjong.play.wall import DICE, STACKS, deal

#: How many players sit at a simplified table (Art. 3 (b)), drawn from the seed.
SIMPLIFIED_PLAYERS = (2, 3, 4)
#: How many turns of a hand may see something go wrong (each with the mode's chance).
INCIDENT_TURNS = 4
#: What can go wrong, by form: at a player's draw or at his discard.
AT_A_TURN = {
    Variant.CONVENTIONAL: ("chow-out-of-turn", "barred-kong", "wrong-exposure", "wrong-end",
                           "late-kong"),
    Variant.SIMPLIFIED: ("barred-kong", "wrong-end", "late-kong"),
}
AT_THE_DRAW = ("wrong-end", "late-kong")
#: A win declared on tiles that do not win ends the hand: drawn once a hand, with this share
#: of the mode's chance, so that most hands run to their end.
FALSE_WIN_SHARE = 0.4
MAKES_A_KONG = 0.7  # a player holding four alike makes the kong, so often


@dataclass
class _Player:
    """A player's tiles as the hand goes on."""

    concealed: list[int]
    melds: list[Meld] = field(default_factory=list)

    def hand(self) -> Hand:
        return Hand(tuple(sorted(self.concealed)), tuple(self.melds))

    def kong_tile(self) -> int | None:
        """A tile he may make a kong of in his turn: four concealed, or the fourth of a pung
        on view."""
        for tile in sorted(set(self.concealed)):
            if self.concealed.count(tile) == 4 or any(
                    m.kind is MeldKind.PUNG and m.first == tile for m in self.melds):
                return tile
        return None

    def make_kong(self, tile: int) -> None:
        pung = next((m for m in self.melds if m.kind is MeldKind.PUNG and m.first == tile),
                    None)
        if pung is not None:  # added to the pung on view
            self.concealed.remove(tile)
            self.melds[self.melds.index(pung)] = Meld(MeldKind.KONG, (tile,) * 4)
        else:  # four concealed
            for _ in range(4):
                self.concealed.remove(tile)
            self.melds.append(Meld(MeldKind.KONG, (tile,) * 4, concealed=True))


def _worth(tile: int, counts: list[int]) -> int:
    """How much a tile helps its hand: alike tiles held, neighbours in its suit."""
    worth = {1: 0, 2: 4}.get(counts[tile], 6)
    if tile < 27:
        value = tile % 9
        for step, gain in ((-2, 2), (-1, 3), (1, 3), (2, 2)):
            if 0 <= value + step <= 8 and counts[tile + step]:
                worth += gain
    return worth


def _throw(rng: random.Random, player: _Player, keep: int | None = None) -> int:
    """The tile that helps the hand least (``keep`` never thrown)."""
    counts = [0] * 34
    for tile in player.concealed:
        counts[tile] += 1
    choices = sorted(set(player.concealed) - {keep})
    return min(choices, key=lambda t: (_worth(t, counts), rng.random()))


def draw_hand(seed: int, mode: Mode, variant: Variant = Variant.CONVENTIONAL) -> MahjongTable:
    """The whole hand ``seed`` deals in ``mode``: the same on every desktop."""
    form = "hand" if variant is Variant.CONVENTIONAL else "simplified"
    rng = random.Random(f"round/mahjong-{form}/{seed}/{mode}")
    return _Hand(rng, mode, variant).play()


class _Hand:
    """One hand played out, the app playing every player's tiles."""

    def __init__(self, rng: random.Random, mode: Mode, variant: Variant) -> None:
        self.rng, self.mode, self.variant = rng, mode, variant
        count = 4 if variant is Variant.CONVENTIONAL else rng.choice(SIMPLIFIED_PLAYERS)
        others = [Wind.SOUTH, Wind.WEST, Wind.NORTH]
        self.seats = seats_at(variant, None if count == 4 else
                              [Wind.EAST, *rng.sample(others, count - 1)])
        tiles = [kind for kind in variant.kinds for _ in range(4)]
        rng.shuffle(tiles)
        dice = tuple(rng.randint(1, 6) for _ in range(DICE[variant]))
        self.opening = Opening(tuple(tiles), dice)
        dealt = deal(tiles, sum(dice), variant, None if count == 4 else self.seats)
        size = len(tiles)
        taken = sum(len(hand) for hand in dealt.hands.values())
        self.live = [tiles[(dealt.next_draw + i) % size] for i in range(size - taken)]
        self.players = {seat: _Player(list(hand)) for seat, hand in dealt.hands.items()}
        self.start = self.hands()
        self.round_wind, self.game = rng.choice(list(Wind)), rng.randint(1, 4)
        self.capital = Decimal(10 * rng.randint(*CAPITAL_IN_TENS))
        self.saw: set[Wind] = set()
        self.discards: list[Discard] = []
        self.on_view: list[int] = []
        turns = range(1, 4 * STACKS[variant])
        self.incident_turns = set(rng.sample(turns, INCIDENT_TURNS))
        self.false_win_turn = rng.choice(turns) if rng.random() < (
            mode.incident_chance * FALSE_WIN_SHARE) else None
        #: Incidents drawn and waiting for a turn where they can happen (a kong to declare
        #: late, a set to lay open wrongly, a suited discard to chow out of turn…).
        self.pending: list[str] = []

    def _arrive(self, number: int) -> None:
        """Whether something is to go wrong from this turn on (the mode's chance)."""
        if number == self.false_win_turn:
            self.pending.append("false-win")
        if number in self.incident_turns:
            drawn = draw_incident(self.rng, self.mode, AT_A_TURN[self.variant])
            if drawn is not None:
                self.pending.append(drawn)

    def _incident(self, can: dict[str, bool]) -> str | None:
        """What goes wrong now, if anything is waiting: ``can`` says which kinds may (never
        the kind that went wrong at the last discard ruled: the same call twice in a row
        would tell nothing apart)."""
        ruled = next((d for d in reversed(self.discards) if d.ruled), None)
        last = ruled.incident if ruled is not None else None
        kind = next((kind for kind in self.pending if can.get(kind, False)
                     and (last is None or last[0] != kind)), None)
        if kind is not None:
            self.pending.remove(kind)
        return kind

    def hands(self) -> dict[Wind, Hand]:
        return {seat: player.hand() for seat, player in self.players.items()}

    def bars(self) -> Bars:
        return Bars(saw_tiles=frozenset(self.saw))

    def _table(self, **ending: object) -> MahjongTable:
        base: dict[str, object] = dict(
            round_wind=self.round_wind, game=self.game, start=self.start,
            discards=tuple(self.discards), winner=None, winning_tile=None, self_drawn=False,
            capital=self.capital, bars=self.bars(), variant=self.variant, seats=self.seats,
            opening=self.opening)
        base.update(ending)
        return MahjongTable(**base)  # type: ignore[arg-type]

    def _self_drawn(self, seat: Wind, tile: int, before: Hand, **how: object) -> MahjongTable:
        return self._table(winner=seat, winning_tile=tile, self_drawn=True,
                           winning_hand=before, last_tile=not self.live, **how)

    def play(self) -> MahjongTable:
        banker = self.players[Wind.EAST]
        if is_winning(banker.concealed, banker.melds, self.variant):  # a heavenly win
            tile = banker.concealed[-1]
            rest = list(banker.concealed)
            rest.remove(tile)
            return self._self_drawn(Wind.EAST, tile, Hand(tuple(sorted(rest))),
                                    first=Start.DEALT)
        turn, draws = Wind.EAST, False
        fourth: tuple[Wind, Discard] | None = None  # a discard taken for a fourth set
        given: int | None = None  # an open kong's replacement, drawn before the discard
        for number in range(1, 1000):
            player = self.players[turn]
            self._arrive(number)
            drawn: int | None = given
            slip: tuple[str, Wind] | None = None
            replacement, given = given is not None, None
            if draws:
                if not self.live:
                    return self._table(drawn_game=True)
                before = player.hand()
                drawn = self.live.pop(0)
                player.concealed.append(drawn)
                if is_winning(player.concealed, player.melds, self.variant):
                    fed = fourth[1] if fourth is not None and fourth[0] == turn else None
                    return self._self_drawn(turn, drawn, before, fed_fourth=fed)
                fourth = None
                kong = player.kong_tile() if turn not in self.saw else None
                incident = self._incident({"late-kong": kong is not None, "wrong-end": True})
                if incident == "late-kong":
                    slip = ("late-kong", turn)  # declared after his discard: refused
                elif kong is not None and self.rng.random() < MAKES_A_KONG:
                    if not self.live:
                        return self._table(drawn_game=True)
                    player.make_kong(kong)
                    before = player.hand()
                    drawn = self.live.pop()  # the replacement, from the end of the wall
                    replacement = True
                    player.concealed.append(drawn)
                    if is_winning(player.concealed, player.melds, self.variant):
                        return self._self_drawn(turn, drawn, before, kong_replacement=True)
                if incident == "wrong-end":
                    slip = ("wrong-end", turn)
            keep = player.kong_tile() if slip is not None and slip[0] == "late-kong" else None
            tile = _throw(self.rng, player, keep)
            player.concealed.remove(tile)
            hands = self.hands()
            kong_seat = next((seat for seat in self.seats if seat != turn
                              and hands[seat].concealed.count(tile) == 3), None)
            takers = [seat for seat in self.seats if seat != turn and seat not in self.saw]
            at_discard = None if slip is not None else self._incident({
                "false-win": True, "chow-out-of-turn": tile < 27 and len(self.seats) > 2,
                "barred-kong": kong_seat is not None,
                "wrong-exposure": any(ClaimKind.PUNG in legal_claims(
                    seat, turn, tile, hands[seat].rules_hand(), self.variant)
                    for seat in takers)})
            wrong_exposure = at_discard == "wrong-exposure"
            if wrong_exposure:
                at_discard = None
            calls, happening = calls_for(self.rng, turn, tile, hands, None, at_discard,
                                         kong_seat, self.saw, self.variant, self.bars())
            if at_discard is not None and happening is None:
                self.pending.append(at_discard)  # it could not happen after all: later
            bars = self.bars()
            first_discard = not self.discards
            discard = Discard(turn, tile, hands, calls, tuple(self.on_view), drawn,
                              happening or slip, ruled=bool(calls or happening or slip),
                              wall_left=len(self.live), bars=bars,
                              from_replacement=replacement)
            if happening is not None and happening[0] == "false-win":
                self.discards.append(discard)
                return self._table()
            ruling = rule(turn, tile, {s: h.rules_hand() for s, h in hands.items()}, calls,
                          self.variant, bars)
            granted = ruling.granted
            wrong = wrong_exposure and granted is not None \
                and granted.kind in (ClaimKind.PUNG, ClaimKind.CHOW)
            if wrong:
                discard = replace(discard, wrong_exposure=True)
            elif wrong_exposure:
                self.pending.append("wrong-exposure")
            self.discards.append(discard)
            if granted is None:
                self.on_view.append(tile)
                turn, draws = self._next(turn), True
                continue
            if granted.kind is ClaimKind.WIN:
                return self._table(winner=granted.seat, winning_tile=tile,
                                   first=Start.BANKER_FIRST_DISCARD if first_discard else None)
            taker = self.players[granted.seat]
            laid = list(claimed_set(granted, tile, hands[granted.seat].rules_hand(),
                                    self.variant))
            laid.remove(tile)
            for t in laid:
                taker.concealed.remove(t)
            taker.melds.append(Meld(MeldKind(granted.kind.value), (*laid, tile)))
            if sum(not m.concealed for m in taker.melds) == 4:
                fourth = (granted.seat, discard)
            turn, draws = granted.seat, False
            if granted.kind is ClaimKind.KONG:
                if not self.live:
                    return self._table(drawn_game=True)
                before = taker.hand()
                given = self.live.pop()
                taker.concealed.append(given)
                if is_winning(taker.concealed, taker.melds, self.variant):
                    return self._self_drawn(granted.seat, given, before, kong_replacement=True)
        raise AssertionError("a hand ends when its wall does")  # pragma: no cover

    def _next(self, seat: Wind) -> Wind:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

