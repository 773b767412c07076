"""Sap I Chi's actions in words, as a croupier says them (beside the grammar in
:mod:`trainer.rounds.sap_i_chi`; the glossary's words, RULES.md)."""

from __future__ import annotations

from i18n import N_, Message
from trainer.rounds.actions import Action, Saying
from trainer.rounds.phrases import calling, collect, pay, place, ruling
from trainer.rules.sap_i_chi.bets import number_label

#: What each kind of call stops the round for.
CALLS = {
    "five-numbers": N_("a bet on five numbers"),
    "late-bet": N_("a bet after the bell"),
    "irregularity": N_("an irregularity while deciding the round"),
    "disputed-result": N_("a disputed result"),
}
#: Each ruling on a call.
DECISIONS = {
    "refuse": N_("refuse the bet"),
    "void": N_("the round is void"),
    "cloth": N_("the number on the cloth stands"),
}


def _change(action: Action) -> Message:
    return Message.of(N_("Allow place {place}'s request") if action.values[1] == "allow"
                      else N_("Refuse place {place}'s request"), place=place(action))


def _confirm(action: Action) -> Message:
    number = action.values[0]
    assert isinstance(number, int), f"{action}: not a number of the board"
    return Message.of(N_("The result is {number}"), number=number_label(number))


WORDS: dict[str, Saying] = {
    "cloth": lambda action: Message.of(N_("Fix the cloth in the little case")),
    "change": _change,
    "bell": lambda action: Message.of(N_("Ring the bell")),
    "unroll": lambda action: Message.of(N_("Unroll the cloth")),
    "confirm": _confirm,
    "hatches": lambda action: Message.of(N_("Send the cloth and the tube through the "
                                            "hatches")),
    "pay": pay,
    "collect": collect,
    "call": calling(CALLS),
    "decide": ruling(DECISIONS),
}
