"""Sap I Chi's kit for the round screen (:mod:`ui.rounds.kits` gathers every game's): its
buttons and keys, its calls and rulings, its table. Digits name a place, or a number of the
board for the result (1 then 2 is 12)."""

from __future__ import annotations

from typing import Any

from i18n import N_
from trainer.rounds import sap_i_chi
from trainer.rounds.sap_i_chi import view as sap_i_chi_view
from trainer.rules.sap_i_chi.bets import NUMBERS
from ui.rounds.game_table import GameTable
from ui.rounds.kit import Kit, Verb
from ui.rounds.sap_i_chi_table import SapIChiRoundTable


def _table(round_: Any) -> GameTable:
    return SapIChiRoundTable(sap_i_chi_view.table_view(round_.table, ()))


SAP_I_CHI = Kit(
    game=sap_i_chi.GAME,
    grammar=sap_i_chi.GRAMMAR,
    places=len(NUMBERS),  # a place is 1 to 8, a number of the board 1 to 12
    verbs=(
        Verb("T", "cloth", None, N_("Fix the cloth")),
        Verb("A", "change", "allow", N_("Allow the request")),
        Verb("R", "change", "refuse", N_("Refuse the request")),
        Verb("B", "bell", None, N_("Ring the bell")),
        Verb("U", "unroll", None, N_("Unroll the cloth")),
        Verb("N", "confirm", None, N_("Confirm the number")),
        Verb("O", "hatches", None, N_("Cloth and tube away")),
        Verb("P", "pay", None, N_("Pay")),
        Verb("C", "collect", None, N_("Collect")),
    ),
    call_kinds={
        "five-numbers": N_("Bet on five numbers"),
        "late-bet": N_("Bet after the bell"),
        "irregularity": N_("Irregularity: the round is void"),
        "disputed-result": N_("Disputed result"),
    },
    decisions={
        "refuse": N_("Refuse the bet"),
        "void": N_("Void round"),
        "cloth": N_("The cloth decides"),
    },
    needs_amount=lambda draft: draft.verb in ("pay", "collect"),
    table=_table,
    view=sap_i_chi_view.table_view,
)
