"""Bets on the Sap I Chi board as question situations hold them, and dealing them.

A bet in a situation is a :class:`~questions.sap_i_chi.situations.BoardBet`, stored as
``{"place": 3, "stake": "100", "numbers": [4, 5]}`` or
``{"place": 2, "stake": "50", "colour": "red"}``. The generators decide first whether a
bet is to win, then choose numbers that do or do not cover the number drawn; the rules
core's :func:`~trainer.rules.sap_i_chi.bets.settle` decides what it is paid.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from i18n import N_, Message, Money
from questions.sap_i_chi.situations import BoardBet
from trainer.rules.house import HouseRules
from trainer.rules.sap_i_chi.bets import NUMBERS, ROWS, Bet, Colour, colour

#: Sizes of a bet on numbers (Art. 3 a–e), and "colour" for a bet on red or black (f).
KINDS: tuple[int | str, ...] = (1, 2, 3, 4, 6, "colour")


def bet(data: BoardBet) -> Bet:
    """The rules core's bet for a situation's bet."""
    if data.colour is not None:
        return Bet(data.stake, colour=data.colour)
    return Bet(data.stake, data.numbers or ())


def bet_label(data: BoardBet) -> Message:
    """ "Place 3: MOP$100.00 on the numbers 4, 5" — one bet on the board."""
    return Message.of(N_("Place {place}: {stake} on {chances}"), place=data.place,
                      stake=Money(data.stake), chances=bet(data).describe())


def board_label(bets: Sequence[BoardBet]) -> Message:
    """The bets on the board, separated by semicolons (their numbers use commas)."""
    text = bet_label(bets[0])
    for data in bets[1:]:
        text = Message.of(N_("{board}; {bet}"), board=text, bet=bet_label(data))
    return text


def _neighbouring(rng: random.Random, size: int, drawn: int, wins: bool) -> list[int] | None:
    """``size`` consecutive numbers of one row (a whole row for 6) that cover ``drawn``
    or not, as asked (HI-SAP-LAYOUT); None when the row cannot give that."""
    runs = [list(row[start:start + size]) for row in ROWS
            for start in range(len(row) - size + 1)]
    fitting = [run for run in runs if (drawn in run) == wins]
    return rng.choice(fitting) if fitting else None


def numbers_for(rng: random.Random, size: int, drawn: int, wins: bool,
                rules: HouseRules, scattered: bool) -> list[int]:
    """The numbers of a bet of ``size`` numbers that wins or loses on ``drawn``.

    ``scattered`` groups (any numbers) are used only where the house takes them.
    """
    if size == 1:
        return [drawn] if wins else [rng.choice([n for n in NUMBERS if n != drawn])]
    if not (scattered and rules.sap_i_chi.any_group_of_numbers):
        run = _neighbouring(rng, size, drawn, wins)
        if run is not None:
            return run
    others = [n for n in NUMBERS if n != drawn]
    if wins:
        return sorted([drawn, *rng.sample(others, size - 1)])
    return sorted(rng.sample(others, size))


def deal_bet(rng: random.Random, place: int, stake: int, drawn: int, wins: bool,
             rules: HouseRules, *, kind: int | str | None = None,
             scattered: bool = False) -> BoardBet:
    """A bet of ``place`` (of the given or a random kind) that wins or loses on ``drawn``."""
    kind = rng.choice(KINDS) if kind is None else kind
    if kind == "colour":
        drawn_colour = colour(drawn)
        other = Colour.BLACK if drawn_colour is Colour.RED else Colour.RED
        return BoardBet(place, Decimal(stake), colour=drawn_colour if wins else other)
    return BoardBet(place, Decimal(stake),
                    tuple(numbers_for(rng, int(kind), drawn, wins, rules, scattered)))
