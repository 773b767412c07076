"""The table as the croupier sees it part-way through a round, for drawing it.

Worked out from the table the seed dealt and the actions done so far — the reference ones
(:meth:`trainer.rounds.play.RoundPlay.done`), so a slip never shows a wrong table: the deck
or the shoe, the cards dealt face down, the second white card once out, each hand opened
with its class, who won at each place and what each bet was paid, collected or returned.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from trainer.rounds.actions import Action
from trainer.rounds.three_card.table import CARDS_EACH, DEALING_ORDER, Bet, ThreeCardTable
from trainer.rules.cards import Card
from trainer.rules.table import BANKER_PLACE


@dataclass(frozen=True)
class TableView:
    decks: int
    shuffled: bool | None  # once the croupier has shuffled (True) or dealt on (False)
    white_card_out: bool
    bets: Mapping[int, tuple[Bet, ...]]  # place → its bets
    dealt: Mapping[int, int]  # place → the cards it has, face down until opened
    opened: Mapping[int, tuple[Card, ...]]  # place → its cards, face up
    classes: Mapping[int, int]  # place → the class said for its hand
    rulings: Mapping[int, str]  # place → "player", "banker" or "tie"
    #: place → each bet settled so far: its kind and what the place gained (0: returned).
    settled: Mapping[int, tuple[tuple[str, Decimal], ...]]
    asking: int | None = None  # the place of the incident the croupier is to rule on


def table_view(table: ThreeCardTable, done: Iterable[Action],
               upcoming: Action | None = None) -> TableView:
    """The table after ``done`` (the reference actions of the steps played so far), as the
    croupier sees it before the ``upcoming`` step."""
    shuffled: bool | None = None
    white = False
    cards = 0
    opened: dict[int, tuple[Card, ...]] = {}
    classes: dict[int, int] = {}
    rulings: dict[int, str] = {}
    settled: dict[int, list[tuple[str, Decimal]]] = {}
    for action in done:
        first = action.values[0] if action.values else None
        match action.verb:
            case "shoe":
                shuffled = first == "shuffle"
            case "deal":
                cards += 1
            case "deal-rest":
                cards = CARDS_EACH * len(DEALING_ORDER)
            case "white":
                white = True
            case "class" if isinstance(first, int):
                opened[first] = table.hands[first]
                classes[first] = int(action.values[1])
            case "rule" if isinstance(first, int):
                rulings[first] = str(action.values[1])
            case "pay" | "collect" | "push" if isinstance(first, int):
                amount = Decimal(action.values[2]) if len(action.values) > 2 else Decimal(0)
                settled.setdefault(first, []).append(
                    (str(action.values[1]), -amount if action.verb == "collect" else amount))
    shown = upcoming.values[0 if upcoming.verb == "class" else 1] \
        if upcoming is not None and upcoming.verb in ("class", "call") else None
    if isinstance(shown, int):  # the hand opened, to be classified (or called on)
        opened[shown] = table.hands[shown]
    if opened:  # the banker's hand is open from the first place opened on
        opened.setdefault(BANKER_PLACE, table.hands[BANKER_PLACE])
    dealt = {place: sum(1 for n in range(cards) if DEALING_ORDER[n % len(DEALING_ORDER)]
                        == place) for place in DEALING_ORDER}
    asking = upcoming.values[1] if upcoming is not None and upcoming.verb == "call" else None
    return TableView(table.decks, shuffled, white, table.bets, dealt, opened, classes,
                     rulings, {place: tuple(bets) for place, bets in settled.items()},
                     asking if isinstance(asking, int) else None)
