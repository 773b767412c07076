"""The table as the croupier sees it part-way through a Sap I Chi round, for drawing it.

Worked out from the table the seed dealt and the actions done so far — the reference ones
(:meth:`trainer.rounds.play.RoundPlay.done`), so a slip never shows a wrong table: the bets
on the board as the granted requests left them, the bell, the cloth in its case (rolled,
fallen in a void round, unrolled), the card confirmed in the chute, the cloth and tube put
away, and what was paid or collected at each place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from trainer.rounds.actions import Action
from trainer.rounds.sap_i_chi.table import SapIChiTable, bets_after
from trainer.rules.sap_i_chi.bets import Bet

#: Where the cloth is: not yet fixed, rolled in the case, fallen (a void round), unrolled,
#: or gone through the hatch.
NONE, ROLLED, VOID, SHOWN, AWAY = "none", "rolled", "void", "shown", "away"


@dataclass(frozen=True)
class TableView:
    bets: Mapping[int, Bet]  # place → its bet on the board now
    bell: bool  # the bell has rung: the markings are over
    cloth: str  # one of NONE, ROLLED, VOID, SHOWN, AWAY
    drawn: int | None  # the number on the cloth, once unrolled
    card: int | None  # the number confirmed in the chute
    settled: Mapping[int, Decimal]  # place → paid to it (collected from it, if negative)
    asking: int | None = None  # the place whose request or marking the croupier rules on


def table_view(table: SapIChiTable, done: Iterable[Action],
               upcoming: Action | None = None) -> TableView:
    """The table after ``done`` (the reference actions of the steps played so far), as the
    croupier sees it before the ``upcoming`` step."""
    bell, cloth, drawn, card = False, NONE, None, None
    requests = 0
    settled: dict[int, Decimal] = {}
    for action in done:
        first = action.values[0] if action.values else None
        match action.verb:
            case "cloth":
                bell, cloth = False, ROLLED
            case "change":
                requests += 1
            case "bell":
                bell = True
            case "decide" if first == "void":
                cloth = VOID
            case "unroll":
                cloth, drawn = SHOWN, table.drawn
            case "confirm" if isinstance(first, int):
                card = first
            case "hatches":
                cloth = AWAY
            case "pay" | "collect" if isinstance(first, int):
                amount = Decimal(action.values[1])
                settled[first] = amount if action.verb == "pay" else -amount
    return TableView(bets_after(table, requests), bell, cloth, drawn, card, settled,
                     _asking(table, requests, upcoming))


def _asking(table: SapIChiTable, requests: int, upcoming: Action | None) -> int | None:
    """The place that asks or does something now: a request, or the place of an incident."""
    if upcoming is None:
        return None
    if upcoming.verb == "change":
        return table.requests[requests].place
    place = upcoming.values[1] if upcoming.verb == "call" and len(upcoming.values) > 1 else None
    return place if isinstance(place, int) else None
