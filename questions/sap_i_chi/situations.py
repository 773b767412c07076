"""Sap I Chi's situations: what each skill deals, typed, stored as the JSON it always was.

A bet on the board is a place's stake on numbers or on a colour (:class:`BoardBet`); the
number drawn is 1–12 (HI-SAP-LAYOUT), ``None`` where the round has not shown one.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from questions.situation import Situation, absent
from trainer.rules.sap_i_chi.bets import Colour
from trainer.rules.sap_i_chi.draw import DrawIncident, DrawRuling, Person, Point
from trainer.rules.sap_i_chi.procedure import Incident, Ruling, Stage


@dataclass(frozen=True)
class BoardBet(Situation):
    """A place's stake on 1, 2, 3, 4 or 6 ``numbers``, or on a ``colour`` (the other
    absent)."""

    place: int
    stake: Decimal
    numbers: tuple[int, ...] | None = absent()
    colour: Colour | None = absent()


@dataclass(frozen=True)
class Board(Situation):
    """The board of bets and the number drawn; ``asked``: the index of the bet asked about
    (``None``: the whole board); ``stake_included``: whether the answer counts the stakes
    the winners keep."""

    drawn: int
    bets: tuple[BoardBet, ...]
    asked: int | None
    stake_included: bool


@dataclass(frozen=True)
class BellScene(Situation):
    """A scene of the bell, a void round or a cleared bet (``story``: the scene told, one
    of :data:`questions.sap_i_chi.procedure.STORIES`): the bet concerned, where a moved bet
    goes (``to``), the number shown once the round is decided, and the rulings offered."""

    story: str
    incident: Incident
    stage: Stage
    place: int
    bets: tuple[BoardBet, ...]
    to: BoardBet | None
    drawn: int | None
    options: tuple[Ruling, ...]


@dataclass(frozen=True)
class DrawScene(Situation):
    """A scene of the cloth, the result card or the compartment (``scene``: one of
    :data:`questions.sap_i_chi.draw.SCENES`): the facts the rules core rules on, the bet of
    the place concerned (or none), the numbers on the cloth (``drawn``) and on the card,
    where the round stands (for the drawing), the rulings and the points offered."""

    scene: str
    incident: DrawIncident
    person: Person | None
    table_open: bool
    place: int
    bets: tuple[BoardBet, ...]
    drawn: int | None
    card: int | None
    stage: Literal["betting", "closed", "decided", "shut"]
    options: tuple[DrawRuling, ...]
    reasons: tuple[Point, ...]
