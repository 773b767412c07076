"""Mah-Jong's kit for the round screen (:mod:`ui.rounds.kits` gathers every game's): its
buttons and keys, its calls and rulings, its table. A seat is written ``e s w n`` in an
action; on screen it is clicked on the table or typed by its number, East 1 to North 4
(the order of play: E → S → W → N)."""

from __future__ import annotations

from typing import Any

from i18n import N_, Message
from trainer.rounds import mahjong
from trainer.rounds.actions import Action
from trainer.rounds.mahjong import view as mahjong_view
from trainer.rounds.mahjong.words import SEATS
from trainer.rules.mahjong.claim_reasons import seat_label
from trainer.rules.mahjong.tiles import Wind
from ui.rounds.game_table import GameTable
from ui.rounds.kit import Kit, Verb
from ui.rounds.mahjong_table import MahjongRoundTable


def _table(round_: Any) -> GameTable:
    return MahjongRoundTable(mahjong_view.table_view(round_.table, ()))


def seat_name(place: int) -> Message:
    """Seat ``place`` (1 East … 4 North) by its wind."""
    return seat_label(Wind(SEATS[place - 1].upper()))


def fan_name(fan: int) -> Message:
    """A number of fán as the croupier says it (0 kai vu, 2 double fán)."""
    return mahjong.GRAMMAR.say(Action("fan", (fan,)))


MAHJONG = Kit(
    game=mahjong.GAME,
    grammar=mahjong.GRAMMAR,
    places=len(SEATS),
    verbs=(
        Verb("X", "claim", "none", N_("Nobody")),
        Verb("W", "claim", "win", N_("Win")),
        Verb("K", "claim", "kong", N_("Kong")),
        Verb("U", "claim", "pung", N_("Pung")),
        Verb("O", "claim", "chow", N_("Chow")),
        Verb("F", "fan", None, N_("Fán of the win")),
        Verb("Y", "liable", "none", N_("Nobody liable")),
        Verb("L", "liable", None, N_("Liable (包)")),
        Verb("C", "collect", None, N_("Collect")),
        Verb("P", "pay", None, N_("Pay")),
        Verb("M", "commission", None, N_("Commission")),
        Verb("N", "bank", None, N_("Next bank")),
    ),
    call_kinds={
        "chow-out-of-turn": N_("Chow out of turn"),
        "barred-kong": N_("Kong after seeing tiles"),
        "wrong-exposure": N_("Wrong tiles laid open"),
        "false-win": N_("False win"),
    },
    decisions={
        "refuse": N_("Refuse the call"),
        "corrected": N_("Correct the set"),
        "nulo-double-each": N_("«Nulo»: double fán to each"),
        "nulo-banker-double": N_("«Nulo»: double fán to the banker, 1 fán to the others"),
    },
    needs_amount=lambda draft: draft.verb in ("collect", "pay", "commission", "fan"),
    table=_table,
    view=mahjong_view.table_view,
    class_name=fan_name,
    place_words=SEATS,
    place_name=seat_name,
)
