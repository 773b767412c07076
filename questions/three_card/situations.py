"""Three-card baccarat's situations: what each skill deals, typed, stored as the JSON it
always was. A hand is its three cards as the regulation's text (``"10D JS 5H"``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from questions.situation import Situation, absent
from trainer.rules.three_card.pay import BetKind


@dataclass(frozen=True)
class ClassedHand(Situation):
    """A hand, and the classes (1–31) offered for it."""

    hand: str
    options: tuple[int, ...]


@dataclass(frozen=True)
class Hands(Situation):
    """The hands to order: the player's and the banker's (level 1), or hands by number
    (``hands``, levels 2 and 3); the other shape's keys absent."""

    player: str | None = absent()
    banker: str | None = absent()
    hands: Mapping[str, str] | None = absent()


@dataclass(frozen=True)
class Bet(Situation):
    """A bet: its kind and stake; the side whose hand must hold three figures, or the
    banker's points bet on (absent for the other kinds)."""

    kind: BetKind
    stake: Decimal
    side: Literal["player", "banker"] | None = absent()
    points: int | None = absent()


@dataclass(frozen=True)
class Coup(Situation):
    """The player's and the banker's hands, and one bettor's bets on the coup."""

    player: str
    banker: str
    bets: tuple[Bet, ...]
