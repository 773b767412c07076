"""The Mah-Jong table as the croupier sees it part-way through a scene, for drawing it.

Worked out from the scene the seed dealt and the actions done so far — the reference ones
(:meth:`trainer.rounds.play.RoundPlay.done`), so a slip never shows a wrong table: each
seat's sets on view and how many tiles it holds concealed, the discards in sight, the
discard on the table and the calls made for it, the claim ruled (the set then laid open),
a win declared (the hand laid open), its fán, who bears it (包), each payment, the
commission and the next bank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from trainer.rounds.actions import Action
from trainer.rounds.mahjong.hand import AT_THE_DRAW
from trainer.rounds.mahjong.opening import last_tiles
from trainer.rounds.mahjong.table import AT_A_DISCARD, VARIANT, Discard, Hand, MahjongTable
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claims import Call, ClaimKind, claimed_set
from trainer.rules.mahjong.play.wall_reasons import first_stack


@dataclass(frozen=True)
class SeatView:
    concealed: int  # how many tiles it holds face down
    melds: tuple[tuple[int, ...], ...]  # the sets on view
    #: The tiles laid open: a win declared (the winning tile last), or a false one.
    laid_open: tuple[int, ...] | None = None


@dataclass(frozen=True)
class TableView:
    round_wind: Wind
    game: int
    capital: Decimal
    seats: Mapping[Wind, SeatView]
    on_view: tuple[int, ...]  # the tiles discarded before, in sight
    discard: tuple[Wind, int] | None  # the discard on the table: who threw what
    calls: tuple[tuple[Wind, str], ...]  # who calls what for it
    #: The claim ruled on it: the seat and kind, or ``None`` (nobody takes it); absent
    #: (``ruled`` False) until it is ruled.
    ruled: bool
    claimed: tuple[Wind, str] | None
    winner: Wind | None  # once the win is laid open
    self_drawn: bool
    false_win: Wind | None  # who declared a win on tiles that do not win, once called
    fan: int | None
    liable: Wind | None
    nobody_liable: bool
    settled: Mapping[Wind, Decimal] = field(default_factory=dict)  # paid (+), collected (−)
    commission: Decimal | None = None
    next_bank: Wind | None = None
    asking: Wind | None = None  # the seat of the call the croupier makes now
    #: A whole hand: the tiles left in the wall, the banker's dice, where the wall was
    #: broken (the wall and the stack the deal starts with) once it is, and a drawn game
    #: once it is said.
    wall_left: int | None = None
    dice: tuple[int, ...] = ()
    broken: tuple[Wind, int] | None = None
    drawn_game: bool = False


def _seat(word: object) -> Wind | None:
    return Wind(str(word).upper()) if str(word) in ("e", "s", "w", "n") else None


def _seat_view(hand: Hand) -> SeatView:
    return SeatView(len(hand.concealed), tuple(meld.tiles for meld in hand.melds))


def _after_claim(discard: Discard, claimed: tuple[Wind, str] | None) -> dict[Wind, SeatView]:
    """The seats at ``discard``, the set a claim took laid open (a win waits for its fán)."""
    seats = {seat: _seat_view(hand) for seat, hand in discard.hands.items()}
    if claimed is None or claimed[1] == "win":
        return seats
    seat, kind = claimed
    hand = discard.hands[seat]
    laid = claimed_set(Call(seat, ClaimKind(kind)), discard.tile, hand.rules_hand(), VARIANT)
    held = len(hand.concealed) - (len(laid) - 1) + (kind == "kong")  # a kong's replacement
    seats[seat] = SeatView(held, (*seats[seat].melds, tuple(sorted(laid))))
    return seats


def _opens_a_discard(action: Action) -> bool:
    return action.verb == "claim" or (action.verb == "call" and action.values[0] in (
        *AT_A_DISCARD, *AT_THE_DRAW))


def _steps_at(table: MahjongTable, discard: Discard) -> int:
    """How many steps the croupier takes at a ruled discard (:mod:`.steps`): a call and its
    ruling for what went wrong there, the claim ruled (in a whole hand only when someone
    calls), a call and its ruling for wrong tiles laid open."""
    return (2 * (discard.incident is not None) + (bool(discard.calls) or not table.whole_hand)
            + 2 * discard.wrong_exposure)


def _hand_position(table: MahjongTable, count: int, done: list[Action]) -> tuple[int, bool]:
    """In a whole hand: the ruled discard the ``count``-th step is at, and whether its claim
    is ruled by then."""
    count -= sum(action.verb in OPENING for action in done)
    ruled = [d for d in table.discards if d.ruled]
    for index, discard in enumerate(ruled):
        steps = _steps_at(table, discard)
        if count < steps or index == len(ruled) - 1:
            claim = 2 * (discard.incident is not None) + 1
            ends = discard.incident is not None and discard.incident[0] == "false-win"
            return index, bool(discard.calls) and not ends and count >= claim
        count -= steps
    return 0, False


def table_view(table: MahjongTable, done: Iterable[Action],
               upcoming: Action | None = None) -> TableView:
    """The table after ``done`` (the reference actions of the steps played so far), as the
    croupier sees it before the ``upcoming`` step: the discard the scene now tells lies on
    the table as its calls are ruled."""
    done_list = list(done)
    if table.whole_hand and len(done_list) < _opening_steps(table):
        return _opening_view(table, done_list)
    seen = [*done_list, *([upcoming] if upcoming is not None else [])]
    at, ruled = 0, False
    for action in seen:  # the discard the scene is at: one more after each one ruled
        if _opens_a_discard(action) and ruled:
            at, ruled = at + 1, False
        ruled = ruled or action.verb == "claim"
    winning = any(action.verb == "fan" for action in seen)
    false_win: Wind | None = None
    fan: int | None = None
    liable: Wind | None = None
    nobody_liable = False
    settled: dict[Wind, Decimal] = {}
    commission: Decimal | None = None
    next_bank: Wind | None = None
    for action in done_list:
        first = action.values[0] if action.values else None
        match action.verb:
            case "call" if first == "false-win" and len(action.values) > 1:
                false_win = _seat(action.values[1])
            case "fan" if isinstance(first, int):
                fan = first
            case "liable":
                liable, nobody_liable = _seat(first), first == "none"
            case "collect" | "pay" if (seat := _seat(first)) is not None:
                amount = Decimal(action.values[1])
                settled[seat] = settled.get(seat, Decimal(0)) + (
                    amount if action.verb == "pay" else -amount)
            case "commission" if isinstance(first, Decimal):
                commission = first
            case "bank":
                next_bank = _seat(first)
    asking = _asking(upcoming)
    ruled, claimed = _ruling(done_list)
    discards = table.discards
    if table.whole_hand:
        discards = tuple(d for d in table.discards if d.ruled)
        at, hand_ruled = _hand_position(table, len(done_list), done_list)
    if winning and table.winner is not None:
        return _with_wall(table, _win(table, claimed, fan, liable, nobody_liable, settled,
                                      commission, next_bank), done_list)
    if not discards:  # a self-drawn win with nothing discarded before it
        seats = {seat: _seat_view(hand) for seat, hand in table.start.items()}
        return TableView(table.round_wind, table.game, table.capital, seats, (), None, (),
                         False, None, None, table.self_drawn, None, None, None, False,
                         settled, commission, next_bank, asking)
    at = min(at, len(discards) - 1)
    discard = discards[at]
    ruled = hand_ruled if table.whole_hand else ruled and _claims_done(done_list) > at
    seats = _after_claim(discard, claimed) if ruled else \
        {seat: _seat_view(hand) for seat, hand in discard.hands.items()}
    if false_win is not None:
        hand = discard.hands[false_win]
        seats[false_win] = SeatView(0, seats[false_win].melds,
                                    (*hand.concealed, discard.tile))
    calls = tuple((call.seat, call.kind.value) for call in discard.calls)
    if discard.incident is not None and discard.incident[0] == "false-win":
        calls += ((discard.incident[1], "win"),)
    return _with_wall(table, TableView(
        table.round_wind, table.game, table.capital, seats, discard.on_view,
        (discard.discarder, discard.tile), calls, ruled, claimed if ruled else None, None,
        False, false_win, None, None, False, settled, commission, next_bank, asking,
        drawn_game=any(action.verb == "drawn" for action in done_list)), done_list, discard)


#: The verbs of a whole hand's opening: the break and the deal.
OPENING = ("break", "deal", "deal-rest")


def _opening_steps(table: MahjongTable) -> int:
    """How many steps the opening takes: the break, the first round of the deal (a step a
    player), the rest of it, the last tiles (a step a player who takes any)."""
    last = sum(last_tiles(table.variant, seat) > 0 for seat in table.seats)
    return 1 + len(table.seats) + 1 + last


def _with_wall(table: MahjongTable, view: TableView, done: list[Action],
               at: Discard | None = None) -> TableView:
    """``view`` with a whole hand's wall and dice (a scene has none)."""
    if table.opening is None:
        return view
    left = at.wall_left if at is not None else (
        table.discards[-1].wall_left if table.discards else None)
    return replace(view, wall_left=left, dice=table.opening.dice,
                   broken=first_stack(table.opening.total, table.variant))


def _opening_view(table: MahjongTable, done: list[Action]) -> TableView:
    """The wall and the deal as far as it has gone: each player's tiles face down."""
    assert table.opening is not None
    dealt: dict[Wind, int] = dict.fromkeys(table.seats, 0)
    first: dict[Wind, int] = {}
    for action in done:
        if action.verb == "deal":
            seat, count = Wind(str(action.values[0]).upper()), int(str(action.values[1]))
            dealt[seat] += count
            first.setdefault(seat, count)
        elif action.verb == "deal-rest":
            rounds = 2 if table.variant is Variant.CONVENTIONAL else 1
            for seat, count in first.items():
                dealt[seat] += rounds * count
    seats = {seat: SeatView(dealt[seat], ()) for seat in table.seats}
    broken = any(action.verb == "break" for action in done)
    return TableView(table.round_wind, table.game, table.capital, seats, (), None, (), False,
                     None, None, False, None, None, None, False, {}, None, None, None,
                     len(table.opening.wall) - sum(dealt.values()), table.opening.dice,
                     first_stack(table.opening.total, table.variant) if broken else None)


def _claims_done(done: list[Action]) -> int:
    return sum(action.verb == "claim" for action in done)


def _ruling(done: list[Action]) -> tuple[bool, tuple[Wind, str] | None]:
    """Whether the last discard's calls are ruled, and what took it."""
    claims = [action for action in done if action.verb == "claim"]
    if not claims:
        return False, None
    last = claims[-1]
    seat = _seat(last.values[0])
    if seat is None or len(last.values) < 2:
        return True, None
    return True, (seat, str(last.values[1]))


def _win(table: MahjongTable, claimed: tuple[Wind, str] | None, fan: int | None,
         liable: Wind | None, nobody_liable: bool, settled: Mapping[Wind, Decimal],
         commission: Decimal | None, next_bank: Wind | None) -> TableView:
    """The win laid open: the winner's tiles, the winning tile last; the others' as they
    were at the last discard."""
    assert table.winner is not None and table.winning_tile is not None
    last = table.discards[-1] if table.discards else None
    hands = last.hands if last is not None else table.start
    seats = {seat: _seat_view(hand) for seat, hand in hands.items()}
    if last is not None and table.self_drawn and not table.whole_hand:
        seats = _after_claim(last, claimed)  # a scene's last claim (a hand's is in its hands)
    won = table.hand_of(table.winner)
    seats[table.winner] = SeatView(0, tuple(meld.tiles for meld in won.melds),
                                   (*won.concealed, table.winning_tile))
    discard = None if table.self_drawn or last is None else (last.discarder, last.tile)
    return TableView(table.round_wind, table.game, table.capital, seats,
                     last.on_view if last is not None else (), discard, (), True,
                     None if table.self_drawn else (table.winner, "win"), table.winner,
                     table.self_drawn, None, fan, liable, nobody_liable, settled, commission,
                     next_bank, None)


def _asking(upcoming: Action | None) -> Wind | None:
    """The seat of the call the croupier is to make now (what the scene tells of it)."""
    if upcoming is None or upcoming.verb != "call" or len(upcoming.values) < 2:
        return None
    return _seat(upcoming.values[1])
