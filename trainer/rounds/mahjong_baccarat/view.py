"""The table as the croupier sees it part-way through a round, for drawing it.

Worked out from the table the seed dealt and the actions done so far — the reference ones
(:meth:`trainer.rounds.play.RoundPlay.done`), so a slip never shows a wrong table: the dice
once the banker has shaken, the stacks dealt face down (a tile turned up in the deal face
up), the tiles opened, who won at each
place, what was paid or collected, the commission and the next bank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from trainer.rounds.actions import Action
from trainer.rounds.mahjong_baccarat.table import MahjongBaccaratTable
from trainer.rules.mahjong_baccarat import Tile
from trainer.rules.table import BANKER_PLACE


@dataclass(frozen=True)
class TableView:
    capital: Decimal
    bets: Mapping[int, Decimal]  # place → stake
    dice: tuple[int, ...] | None  # once the banker has shaken
    dealt: tuple[int, ...]  # the places that have their stack, in the order dealt
    opened: Mapping[int, tuple[Tile, Tile]]  # place → its tiles, face up
    rulings: Mapping[int, str]  # place → "player" or "banker", who won there
    settled: Mapping[int, Decimal]  # place → paid to it (collected from it, if negative)
    commission: Decimal | None
    next_bank: Action | None
    asking: int | None = None  # the place whose request or move the croupier is to rule on
    #: With co-bankers: who joined the bank (place → stake; 0 is the casino's capital) and
    #: each one's share said so far, net of commission (1 is the banker's).
    joined: Mapping[int, Decimal] = field(default_factory=dict)
    shares: Mapping[int, Decimal] = field(default_factory=dict)
    #: A tile that turned face up as it was dealt (place → the tile), until its place opens.
    exposed: Mapping[int, Tile] = field(default_factory=dict)


def table_view(table: MahjongBaccaratTable, done: Iterable[Action],
               upcoming: Action | None = None) -> TableView:
    """The table after ``done`` (the reference actions of the steps played so far), as the
    croupier sees it before the ``upcoming`` step: the dice lie in the bowl when he is to
    read the first place from them."""
    dice = table.dice if upcoming is not None and upcoming.verb == "first" else None
    dealt: list[int] = []
    opened: dict[int, tuple[Tile, Tile]] = {}
    rulings: dict[int, str] = {}
    settled: dict[int, Decimal] = {}
    commission: Decimal | None = None
    next_bank: Action | None = None
    shares: dict[int, Decimal] = {}
    done_list = list(done)
    for action in done_list:
        first = action.values[0] if action.values else None
        match action.verb:
            case "first":
                dice = table.dice
            case "deal" if isinstance(first, int):
                dealt.append(first)
            case "open" if isinstance(first, int):  # the banker opens before the first place
                opened[BANKER_PLACE] = table.hands[BANKER_PLACE]
                opened[first] = table.hands[first]
            case "rule" if isinstance(first, int):
                rulings[first] = str(action.values[1])
            case "pay" | "collect" if isinstance(first, int):
                amount = Decimal(action.values[1])
                settled[first] = amount if action.verb == "pay" else -amount
            case "commission" if isinstance(first, Decimal):
                commission = first
            case "share" if isinstance(first, int):
                shares[first] = Decimal(action.values[1])
            case "casino" if isinstance(first, Decimal):
                shares[0] = first
            case "bank":
                next_bank = action
    turned = table.happening("tile-exposed")
    exposed = {turned.place: table.hands[turned.place][0]} \
        if turned is not None and turned.place is not None and len(dealt) >= turned.at \
        and turned.place not in opened else {}
    cobank = table.cobank
    joined = {} if cobank is None else {
        **({0: cobank.casino} if cobank.casino else {}), **dict(cobank.players)}
    return TableView(table.capital, table.bets, dice, tuple(dealt), opened, rulings, settled,
                     commission, next_bank, _asking(table, done_list, upcoming), joined,
                     shares, exposed)


def _asking(table: MahjongBaccaratTable, done: list[Action],
            upcoming: Action | None) -> int | None:
    """The place that asks or does something now: a request to re-order the stacks, or the
    place of an incident (what the scene tells, shown at its place)."""
    if upcoming is None:
        return None
    if upcoming.verb == "reorder":
        return table.reorders[sum(action.verb == "reorder" for action in done)].place
    place = upcoming.values[1] if upcoming.verb == "call" and len(upcoming.values) > 1 else None
    return place if isinstance(place, int) else None
