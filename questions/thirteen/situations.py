"""The 13-card game's situations: what each skill deals, typed, stored as the JSON it always was.

A table's places and hands are keyed by the place's number as text (``"2"``), as stored;
cards are written as the regulation's text (``"2S 3H 5D"``). A set hand is its three tiers'
cards (:class:`SetHand`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, TypeVar

from questions.situation import Situation, absent
from trainer.rules.table import Outcome
from trainer.rules.thirteen.arrangement import Tier
from trainer.rules.thirteen.procedure import Act
from trainer.rules.thirteen.procedure_points import Point

T = TypeVar("T")

#: Who fouled, when a foul decides a showdown (a choice beside the margins).
FoulChoice = Literal["foul-player", "foul-banker", "foul-both"]
#: The table-procedure scenes (:mod:`questions.thirteen.table.procedure_scenes`).
Case = Literal["cut", "dice", "holder", "bet_change", "misplaced", "looking", "reset", "time",
               "act"]


@dataclass(frozen=True)
class SetHand:
    """A hand set in three tiers: each tier's cards."""

    front: str
    middle: str
    back: str


@dataclass(frozen=True)
class FirstCard(Situation):
    """The dice shaken, and the card of the deal asked about (1: the first)."""

    dice: tuple[int, ...]
    card: int
    places: int


@dataclass(frozen=True)
class TierHands(Situation):
    """Hands of one tier, each under a name (``"A"``, ``"B"``…), to put in order."""

    tier: Tier
    tier_hands: Mapping[str, str]


@dataclass(frozen=True)
class Table(Situation):
    """The places at the table and the banker's."""

    places: int
    banker: int


@dataclass(frozen=True)
class BankerHand(Table):
    """The banker's 13 cards, to set by the house way (``hands``: his place's only)."""

    hands: Mapping[str, str]


@dataclass(frozen=True)
class PlaceHand(Table):
    """A place asked about and its 13 cards (``hands``: its place's only)."""

    place: int
    hands: Mapping[str, str]


@dataclass(frozen=True)
class TierShown(Table):
    """One tier shown by a place and the banker."""

    place: int
    tier: Tier
    hands: Mapping[str, str]


@dataclass(frozen=True)
class SetHands(Table):
    """A place asked about and the hands set, by place (the place's, and the banker's at a
    showdown)."""

    place: int
    arrangements: Mapping[str, SetHand]


@dataclass(frozen=True)
class ShowdownChoices(SetHands):
    """A showdown and the results offered: margins, and at level 3 who fouled."""

    choices: tuple[int | FoulChoice, ...]


@dataclass(frozen=True)
class Bet:
    """A bet on a place: its stake, in terms of 1 to 3 points."""

    place: int
    stake: Decimal
    terms: int


@dataclass(frozen=True)
class Points:
    """Each side's points, said with the question (level 1)."""

    player: int
    banker: int


@dataclass(frozen=True)
class TierPoints:
    """Who won a tier and the points of it, said with the question (level 2)."""

    tier: Tier
    winner: Outcome
    points: int


@dataclass(frozen=True)
class BetShowdown(SetHands):
    """A showdown, the bet settled after it, and what the question says of the points."""

    bets: tuple[Bet, ...]
    points: Points | None = absent()
    tier_points: tuple[TierPoints, ...] | None = absent()


@dataclass(frozen=True)
class Dealt:
    """A card of the deal as it was followed: the place it went to, and face up or not."""

    card: str
    place: int
    face_up: bool


@dataclass(frozen=True)
class DealLog(Table):
    """A deal followed card by card (HI-MISDEAL: ``identifiable``); ``untraced``: how many
    more cards each place received with nobody following (absent in a deal stored before it
    was asked)."""

    dice: tuple[int, ...]
    identifiable: bool
    log: tuple[Dealt, ...]
    untraced: tuple[int, ...] | None = absent()


@dataclass(frozen=True)
class SceneBettor:
    """A bettor in a procedure scene: his stake (whole patacas) and where he is."""

    name: str
    stake: int
    seated: bool
    place: int


@dataclass(frozen=True)
class ProcedureScene(Table):
    """A table-procedure scene: its ``case``, the facts of that case (the others absent,
    see :mod:`questions.thirteen.table.procedure_scenes`), and the points offered to tick."""

    case: Case
    reasons: tuple[Point, ...]
    name: str | None = absent()
    cards: int | None = absent()
    hands: int | None = absent()
    bettors: tuple[SceneBettor, ...] | None = absent()
    place: int | None = absent()
    stake: int | None = absent()
    change: Literal["add", "withdraw", "move"] | None = absent()
    extra: int | None = absent()
    to_place: int | None = absent()
    after_dice: bool | None = absent()
    lies_at: int | None = absent()
    meant: int | None = absent()
    lies_wins: bool | None = absent()
    banker_hand: Literal["setting", "set", "shown"] | None = absent()
    picked_up: bool | None = absent()
    shown_at: int | None = absent()
    finished_at: int | None = absent()
    act: Act | None = absent()
    holder: str | None = absent()
    other: int | None = absent()


def known(fact: T | None) -> T:
    """A fact of a procedure scene that its case has."""
    if fact is None:
        raise ValueError("the scene lacks a fact of its case")
    return fact
