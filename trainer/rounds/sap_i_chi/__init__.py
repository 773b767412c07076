"""Sap I Chi (Portaria 9/76) as a whole round, the trainee the croupier.

- :mod:`.table` — the table a seed deals: bets, requests, the number drawn, incidents;
- :mod:`.steps` — the round's steps and their right actions, from the rules core;
- :mod:`.view` — what the table shows part-way through;
- :mod:`.words` — its actions in words, as a croupier says them.
"""

from __future__ import annotations

from trainer.rounds.actions import Amount, Grammar, Number, Place, Word
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import Round
from trainer.rounds.sap_i_chi.steps import round_steps
from trainer.rounds.sap_i_chi.table import CALLS, PLACES, SapIChiTable, draw_table
from trainer.rounds.sap_i_chi.words import DECISIONS, WORDS
from trainer.rounds.skills import with_skills
from trainer.rules.house import HouseRules
from trainer.rules.sap_i_chi.bets import NUMBERS

GAME = "sap_i_chi"
#: The par time of a round by default; the house sets its own (:mod:`trainer.rounds.pars`),
#: which :func:`trainer.rounds.games.start` gives the round.
PAR_SECONDS = Pars().sap_i_chi

_PLACE = Place(PLACES)
GRAMMAR = Grammar({
    "cloth": (),
    "change": (_PLACE, Word(("allow", "refuse"))),
    "bell": (),
    "unroll": (),
    "confirm": (Number(len(NUMBERS)),),
    "hatches": (),
    "pay": (_PLACE, Amount()),
    "collect": (_PLACE, Amount()),
    "call": (Word(CALLS), Place(PLACES, optional=True)),
    "decide": (Word(tuple(DECISIONS)),),
}, WORDS)

#: The skill each step is an answer to, by its verb (``sap_i_chi.<skill>``): the cloth,
#: its unrolling, the card and the hatches are the draw (Art. 2 (1), (3), (4)); the bell
#: and the requests the procedure (Art. 2 (2)–(3)); money the payout (Art. 3).
STEP_SKILLS = {"cloth": "draw", "change": "procedure", "bell": "procedure", "unroll": "draw",
               "confirm": "draw", "hatches": "draw", "pay": "payout", "collect": "payout",
               "call": "procedure"}
#: Calls that are the decision of a skill of their own: a card that is not the cloth's
#: number is the draw's (Art. 2 (4)).
CALL_SKILLS = {"disputed-result": "draw"}
#: Every skill a round is answers to.
ROUND_SKILLS = frozenset(f"{GAME}.{skill}"
                         for skill in (*STEP_SKILLS.values(), *CALL_SKILLS.values()))


def deal(seed: int, mode: Mode, rules: HouseRules) -> Round[SapIChiTable]:
    """The round that ``seed`` deals in ``mode`` under ``rules``: the same everywhere."""
    return table_round(draw_table(seed, mode, rules), seed, mode, rules)


def table_round(table: SapIChiTable, seed: int, mode: Mode,
                rules: HouseRules) -> Round[SapIChiTable]:
    """The round played on ``table`` (a drawn one, or one set up by hand)."""
    return Round(GAME, seed, mode, rules, GRAMMAR, table,
                 with_skills(GAME, round_steps(table, rules), STEP_SKILLS, CALL_SKILLS),
                 PAR_SECONDS)
