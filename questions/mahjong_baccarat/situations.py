"""Mahjong Baccarat situations: their types, building them on purpose, and reading them
back for the rules core.

Each skill's situation is a frozen :class:`~questions.situation.Situation` whose fields
are the JSON keys stored since the first version: tiles as text (``"K 9"``, the core's
notation, ``str(tile)``), hands by place as text keys (``{"1": "K 9", "2": "A 3"}``;
place 1 is the banker) and money as :class:`~decimal.Decimal` (text in the JSON). The
generators pick the answer they want first (a place, an outcome, an edge of Art. 7–8) and
build a situation that yields it; the rules core then computes the answer from the
situation alone.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, TypeVar

from i18n import N_, Message, Money, listing
from questions.answers import read_amount
from questions.labels import commission_terms, place_label
from questions.situation import Situation, absent
from questions.stakes import in_chips, unit
from trainer.rules.house import BankerCommission, HouseRules
from trainer.rules.mahjong_baccarat import (
    ART_7_1,
    ART_7_2,
    PLACES,
    TILE_SET,
    Tile,
    compare,
    first_seat,
    parse_tiles,
    points,
)
from trainer.rules.table import Outcome

T = TypeVar("T")
Hand = tuple[Tile, Tile]
#: The banker's four dice, as they lie.
Dice = tuple[int, int, int, int]
#: What a one-bet question asks (:mod:`.payout`).
Ask = Literal["paid", "place_commission", "banker_commission", "banker_keeps", "result"]


@dataclass(frozen=True)
class Stake:
    """A place's stake: on a place (a bet), or in the bank (a co-banker's)."""

    place: int
    stake: Decimal


@dataclass(frozen=True)
class Amount:
    """What the banker collected from a place, or paid it."""

    place: int
    amount: Decimal


@dataclass(frozen=True)
class Throw(Situation):
    """The banker's dice, and the stack asked about (1: the first tiles) (:mod:`.first_seat`)."""

    dice: Dice
    stack: int
    places: int
    banker: int


@dataclass(frozen=True)
class Hands(Situation):
    """Hands open: the banker's and one ``place``'s, or all ten (``place`` None)
    (:mod:`.showdown`)."""

    places: int
    banker: int
    hands: Mapping[str, str]
    place: int | None = absent()


@dataclass(frozen=True)
class OneBet(Situation):
    """One place's bet against the banker, both hands open, and what is asked of it
    (:mod:`.payout`)."""

    places: int
    banker: int
    place: int
    stake: Decimal
    ask: Ask
    hands: Mapping[str, str]


@dataclass(frozen=True)
class Table(Situation):
    """A table dealt and bet, before settling (:mod:`.settlement`): the dice, the banker's
    capital, every hand and bet, and the place whose result is ``asked`` (1: the banker;
    none in the chip form that settles the whole table place by place). A bank the casino
    and players joined (:mod:`.cobanked`) has the casino's capital and the co-bankers'
    stakes, in the order they placed them."""

    places: int
    banker: int
    dice: Dice
    capital: Decimal
    hands: Mapping[str, str]
    bets: tuple[Stake, ...]
    asked: int | None = absent()
    casino: Decimal | None = absent()
    cobankers: tuple[Stake, ...] | None = absent()

    def joined_bank(self) -> tuple[Decimal, tuple[Stake, ...]] | None:
        """The casino's capital and the co-bankers' stakes, when they joined the bank."""
        if self.casino is None or self.cobankers is None:
            return None
        return self.casino, self.cobankers


@dataclass(frozen=True)
class BankAfterRound(Situation):
    """The bank after a round (:mod:`.bank`): ``kind`` ``capital`` gives the capital, what
    the banker ``collected`` and ``paid`` and the ``change`` he asks; ``next_banker`` gives
    how the bank turns (the banker is the place holding it)."""

    kind: Literal["capital", "next_banker"]
    places: int
    banker: int
    capital: Decimal | None = absent()
    change: Decimal | None = absent()
    collected: tuple[Amount, ...] | None = absent()
    paid: tuple[Amount, ...] | None = absent()
    rounds_held: int | None = absent()
    keeps: bool | None = absent()
    all_others_agree: bool | None = absent()
    declined: tuple[int, ...] | None = absent()
    bet_last_round: tuple[int, ...] | None = absent()


@dataclass(frozen=True)
class Request:
    """A request to re-order the stacks: who, with how many hands, and when."""

    place: int
    hands: int = 1
    after_dice: bool = False


@dataclass(frozen=True)
class TableIncident(Situation):
    """Something that happens at the table for the croupier to rule on
    (:mod:`.procedure`, :mod:`.conduct`): the ``incident`` (an ``Incident`` or
    ``Conduct`` value, ``reorder``, ``reorders``, ``holder`` or ``claim``), the details it
    has, the rulings ``options`` offered and, for a ruling with its points, the points
    offered (``reasons``, by code)."""

    incident: str
    places: int
    banker: int
    options: tuple[str, ...] | None = absent()
    place: int | None = absent()
    other: int | None = absent()
    face: int | None = absent()
    stake: Decimal | None = absent()
    other_stake: Decimal | None = absent()
    tile: str | None = absent()
    change: Literal["add", "withdraw", "move"] | None = absent()
    dice: Dice | None = absent()
    requests: tuple[Request, ...] | None = absent()
    hands: Mapping[str, str] | None = absent()
    reasons: tuple[str, ...] | None = absent()


#: How a hand beats or loses to the banker's, by the rule that decides it.
POINTS, HIGH_TILE, BOTH_ZERO, ALL_EQUAL = "points", "high_tile", "both_zero", "all_equal"
#: The edges of Art. 7.2 and Art. 8 that a croupier must not miss.
EDGES = (HIGH_TILE, BOTH_ZERO, ALL_EQUAL)

#: Every throw of four dice, by its total.
DICE_BY_TOTAL: dict[int, list[Dice]] = defaultdict(list)
for _a, _b, _c, _d in itertools.product(range(1, 7), repeat=4):
    DICE_BY_TOTAL[_a + _b + _c + _d].append((_a, _b, _c, _d))


def hand_text(hand: Iterable[Tile]) -> str:
    return " ".join(str(tile) for tile in hand)


def hands_of(situation: Hands | OneBet | Table) -> dict[int, tuple[Tile, ...]]:
    """A situation's hands, by place (place 1 is the banker)."""
    return tiles_by_place(situation.hands)


def tiles_by_place(hands: Mapping[str, str]) -> dict[int, tuple[Tile, ...]]:
    """Hands as a situation keeps them (``{"1": "K 9"}``), by place."""
    return {int(place): parse_tiles(text) for place, text in hands.items()}


def bets_of(table: Table) -> dict[int, Decimal]:
    """A table's bets, by place."""
    return {bet.place: bet.stake for bet in table.bets}


def dice_for_place(rng: random.Random, place: int, stack: int = 1) -> Dice:
    """Four dice whose total sends stack ``stack`` to ``place`` (the dice shown shuffled)."""
    first = (place - stack) % PLACES + 1
    totals = [total for total in DICE_BY_TOTAL if first_seat(total) == first]
    return rng.choice(DICE_BY_TOTAL[rng.choice(totals)])


@functools.cache
def _pairs() -> dict[tuple[str, Outcome], list[tuple[Hand, Hand]]]:
    """Every (player, banker) pair of hands that can be dealt together, by how it is decided.

    The rules core decides each pair; the category says which rule it used.
    """
    groups: dict[tuple[str, Outcome], list[tuple[Hand, Hand]]] = defaultdict(list)
    hands = list(itertools.combinations_with_replacement(Tile, 2))
    for player, banker in itertools.product(hands, repeat=2):
        if max(Counter(player + banker).values()) > 2:
            continue
        verdict = compare(player, banker)
        if verdict.reason.source == ART_7_1:
            category = POINTS
        elif verdict.reason.source == ART_7_2:
            category = HIGH_TILE
        else:
            category = BOTH_ZERO if points(banker) == 0 else ALL_EQUAL
        groups[category, verdict.outcome].append((player, banker))
    return dict(groups)


def categories(outcome: Outcome) -> list[str]:
    """The ways ``outcome`` can come about: only the banker wins on Art. 8."""
    return [category for category in (POINTS, HIGH_TILE, BOTH_ZERO, ALL_EQUAL)
            if (category, outcome) in _pairs()]


@functools.cache
def _players_against() -> dict[tuple[str, Outcome, tuple[Tile, ...]], list[Hand]]:
    """The same pairs, found by the banker's hand (its tiles in a fixed order)."""
    index: dict[tuple[str, Outcome, tuple[Tile, ...]], list[Hand]] = defaultdict(list)
    for (category, outcome), found in _pairs().items():
        for player, banker in found:
            index[category, outcome, _key(banker)].append(player)
    return dict(index)


def _key(hand: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(hand, key=lambda tile: tile.strength))


def pair(rng: random.Random, category: str, outcome: Outcome) -> tuple[Hand, Hand]:
    """A player's and a banker's hand decided by ``category`` with ``outcome``, tiles in a
    random order."""
    player, banker = rng.choice(_pairs()[category, outcome])
    return _shuffled(rng, player), _shuffled(rng, banker)


def player_against(rng: random.Random, category: str, outcome: Outcome, banker: Hand,
                   dealt: Iterable[Tile]) -> Hand | None:
    """A player's hand against ``banker`` decided by ``category`` with ``outcome``, that fits
    with the tiles already ``dealt`` (banker's included), or None if there is none."""
    used = Counter(dealt)
    players = [p for p in _players_against().get((category, outcome, _key(banker)), ())
               if all(n + used[t] <= 2 for t, n in Counter(p).items())]
    return _shuffled(rng, rng.choice(players)) if players else None


def edge_pair(rng: random.Random) -> tuple[Hand, Hand]:
    """A pair decided on an edge: the higher tile (either side wins), 0 against 0 or equal
    hands (the banker wins)."""
    outcome = rng.choice((Outcome.PLAYER, Outcome.BANKER))
    return pair(rng, rng.choice(EDGES) if outcome is Outcome.BANKER else HIGH_TILE, outcome)


def _shuffled(rng: random.Random, hand: Sequence[Tile]) -> Hand:
    tiles = list(hand)
    rng.shuffle(tiles)
    return tiles[0], tiles[1]


def deal_around(rng: random.Random, fixed: Mapping[int, Hand]) -> dict[int, Hand]:
    """All ten places dealt from one set: the ``fixed`` hands, the rest at random (Art. 2.4)."""
    left = list((Counter(TILE_SET) - Counter(t for hand in fixed.values() for t in hand))
                .elements())
    rng.shuffle(left)
    hands = dict(fixed)
    for place in range(1, PLACES + 1):
        if place not in hands:
            hands[place] = (left.pop(), left.pop())
    return hands


def hands_json(hands: Mapping[int, Hand]) -> dict[str, str]:
    return {str(place): hand_text(hands[place]) for place in sorted(hands)}


def hands_listing(hands: Mapping[int, Iterable[Tile]]) -> Message:
    """"Place 1 (banker): K 9, Place 2: A 3, …" for a prompt."""
    return listing([Message.of(N_("{place}: {tiles}"), place=place_label(place),
                               tiles=hand_text(hands[place])) for place in sorted(hands)])


def bets_listing(bets: Mapping[int, Decimal]) -> Message:
    return listing([Message.of(N_("{place}: {stake}"), place=place_label(place),
                               stake=Money(bets[place])) for place in sorted(bets)])


def places_listing(places: Iterable[int], banker: int = 1) -> Message:
    return listing([place_label(place, banker) for place in sorted(places)])


def sentences(*parts: Message) -> Message:
    """Whole sentences one after another (each translated as a whole)."""
    text = parts[0]
    for part in parts[1:]:
        text = Message.of(N_("{text} {more}"), text=text, more=part)
    return text


def read_signed_amount(answer: Any) -> Decimal:
    """An amount that may be signed: "-50", "+95.00" or a Decimal (a leading + is dropped)."""
    if isinstance(answer, str) and answer.strip().startswith("+"):
        answer = answer.strip()[1:]
    return read_amount(answer)


def stake(rng: random.Random, low: int, high: int, chip: int = 10) -> Decimal:
    """A stake in whole chips between ``low`` and ``high`` (chips of ``unit(chip)``: see
    :mod:`questions.stakes`); paid in chips, at least one chip whatever the bounds."""
    step = unit(chip)
    fewest, most = low // step, high // step
    if in_chips():
        fewest = max(fewest, 1)
        most = max(most, fewest)
    return Decimal(step * rng.randint(fewest, most))



def banker_commission_terms(rules: HouseRules) -> Message:
    """The commission, and how the banker pays it (HI-MB-COMMISSION): every figure a
    banker's result or next capital needs."""
    house = rules.mahjong_baccarat
    how = (Message.of(N_("The banker pays it on his net gain of a round he wins, never on a "
                         "round he loses."))
           if house.banker_commission is BankerCommission.NET_GAIN else
           Message.of(N_("The banker pays it on every amount he collects.")))
    return sentences(commission_terms(house.commission_rate), how)
