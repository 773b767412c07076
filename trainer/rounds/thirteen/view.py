"""The 13-card table as the croupier sees it part-way through a round, for drawing it.

Worked out from the table the seed dealt and the actions done so far — the reference ones
(:meth:`trainer.rounds.play.RoundPlay.done`), so a slip never shows a wrong table: who
shakes and the dice once shaken, the cards dealt to each place (face down; a card that
turned face up in the deal shown), the banker's hand once set, each place's hand once it is
shown in the showdown, the tiers and the places ruled, and the money paid, collected or
pushed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from trainer.rounds.actions import Action
from trainer.rounds.thirteen.table import Bet, ThirteenTable
from trainer.rules.cards import Card
from trainer.rules.table import BANKER_PLACE
from trainer.rules.thirteen import Arrangement, deal_order
from trainer.rules.thirteen.dealing import PLACES

#: Every place holds this many cards once the deal is done.
HAND = 13


@dataclass(frozen=True)
class ThirteenView:
    bets: Mapping[int, Bet]  # place → its bet (places 2 to 4)
    shaker: int | None  # the place named to shake the dice, once named
    dice: tuple[int, ...] | None  # once shaken
    first: int | None  # the first place, once read from the dice
    dealt: Mapping[int, int]  # place → how many cards it holds, face down
    exposed: Mapping[int, Card]  # place → a card that turned face up in the deal
    shown: Mapping[int, Arrangement]  # place → its hand set and shown (the banker's first)
    tiers: Mapping[int, Mapping[str, str]]  # place → tier → who won it
    rulings: Mapping[int, str]  # place → "player", "banker" or "tie"
    settled: Mapping[int, Decimal]  # place → paid to it (collected from it if negative)
    pushed: frozenset[int]  # places whose bet stands, neither paid nor collected
    asking: int | None = None  # the place of an incident the croupier is to call now


def table_view(table: ThirteenTable, done: Iterable[Action],
               upcoming: Action | None = None) -> ThirteenView:
    """The table after ``done`` (the reference actions of the steps played so far), as the
    croupier sees it before the ``upcoming`` step."""
    shaker: int | None = None
    first: int | None = None
    dealt: Counter[int] = Counter()
    exposed: dict[int, Card] = {}
    shown: dict[int, Arrangement] = {}
    tiers: dict[int, dict[str, str]] = {}
    rulings: dict[int, str] = {}
    settled: dict[int, Decimal] = {}
    pushed: set[int] = set()
    astray = _astray(table)  # where a misdealt card lies and where it belongs, if one is
    for action in done:
        place = action.values[0] if action.values and isinstance(action.values[0], int) \
            else None
        match action.verb:
            case "shaker":
                shaker = place
            case "first":
                first = place
            case "deal" if place is not None:
                dealt[place] += 1
            case "deal-rest":
                dealt = Counter(dict.fromkeys(range(1, PLACES + 1), HAND))
                if astray is not None:  # found as the deal ends
                    dealt[astray[0]] += 1
                    dealt[astray[1]] -= 1
            case "call":
                _called(table, action, exposed, shown)
            case "decide" if action.values == ("cancel",):  # dealt again, a new deck
                dealt, exposed, astray = Counter(), {}, None
            case "give" if place is not None and astray is not None:
                dealt[astray[0]] -= 1
                dealt[place] += 1
                astray = None
            case "set":
                shown[BANKER_PLACE] = table.settings[BANKER_PLACE]
            case "tier" if place is not None:
                shown[place] = table.settings[place]
                tiers.setdefault(place, {})[str(action.values[1])] = str(action.values[2])
            case "rule" if place is not None:
                shown[place] = table.settings[place]
                rulings[place] = str(action.values[1])
            case "pay" | "collect" if place is not None:
                amount = Decimal(action.values[1])
                settled[place] = amount if action.verb == "pay" else -amount
            case "push" if place is not None:
                pushed.add(place)
    dice = table.dice if shaker is not None else None
    return ThirteenView(table.bets, shaker, dice, first, {p: n for p, n in dealt.items() if n},
                        exposed, shown, tiers, rulings, settled, frozenset(pushed),
                        _asking(upcoming))


def _astray(table: ThirteenTable) -> tuple[int, int] | None:
    """Where the misdealt card of a misdeal found as the deal ends lies, and where it
    belongs (none but for a misdeal)."""
    happening = table.happening("misdeal")
    if happening is None or happening.place is None:
        return None
    return happening.place, deal_order(table.total)[happening.at - 1]


def _called(table: ThirteenTable, action: Action,
            exposed: dict[int, Card], shown: dict[int, Arrangement]) -> None:
    """What a call shows: the card that turned face up, the hand declared good."""
    kind = action.values[0]
    place = action.values[1] if len(action.values) > 1 else None
    happening = table.happening(str(kind))
    if not isinstance(place, int) or happening is None:
        return
    if kind == "card-exposed":
        exposed[place] = (table.cancelled or table.deck)[happening.at - 1]
    elif kind == "foul-declared-good":
        shown[place] = table.settings[place]


def _asking(upcoming: Action | None) -> int | None:
    """The place where the incident to call now happens (what the scene tells, shown at
    its place)."""
    if upcoming is None or upcoming.verb != "call" or len(upcoming.values) < 2:
        return None
    place = upcoming.values[1]
    return place if isinstance(place, int) else None
