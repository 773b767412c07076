"""Mahjong Baccarat (Portaria 15/96/M) as a whole round, the trainee the croupier.

- :mod:`.table` — the table a seed deals: capital, bets, requests, dice, tiles, incidents;
- :mod:`.steps` — the round's steps and their right actions, from the rules core;
- :mod:`.words` — its actions in words, as a croupier says them.
"""

from __future__ import annotations

from trainer.rounds.actions import Amount, Grammar, Place, Word
from trainer.rounds.mahjong_baccarat.steps import round_steps
from trainer.rounds.mahjong_baccarat.table import CALLS, MahjongBaccaratTable, draw_table
from trainer.rounds.mahjong_baccarat.words import WORDS
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import Round
from trainer.rounds.skills import with_skills
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import PLACES, Decision

GAME = "mahjong_baccarat"
#: The par time of a round by default; the house sets its own (:mod:`trainer.rounds.pars`),
#: which :func:`trainer.rounds.games.start` gives the round.
PAR_SECONDS = Pars().mahjong_baccarat

_PLACE = Place(PLACES)
GRAMMAR = Grammar({
    "reorder": (Word(("allow", "refuse")),),
    "first": (_PLACE,),
    "deal": (_PLACE,),
    "open": (_PLACE,),
    "rule": (_PLACE, Word(("player", "banker"))),
    "pay": (_PLACE, Amount()),
    "collect": (_PLACE, Amount()),
    "commission": (Amount(),),
    "share": (_PLACE, Amount(signed=True)),
    "casino": (Amount(signed=True),),
    "bank": (Place(PLACES, or_none=True), Amount(optional=True)),
    "call": (Word(tuple(CALLS)), Place(PLACES, optional=True)),
    "decide": (Word(tuple(decision.value.replace("_", "-") for decision in Decision)),),
}, WORDS)

#: The skill each step is an answer to, by its verb (``mahjong_baccarat.<skill>``): the
#: dice and the deal are who is served (Art. 2 (3)–(4)), opening in turn is the settlement
#: order, the ruling at a place the comparison, money the payout and the settlement, the
#: next bank the bank; requests and incidents are the procedure.
STEP_SKILLS = {"reorder": "procedure", "first": "first_seat", "deal": "first_seat",
               "open": "settlement", "rule": "compare", "pay": "payout", "collect": "payout",
               "commission": "settlement", "share": "settlement", "casino": "settlement",
               "bank": "bank", "call": "procedure"}
#: Calls that are the decision of a skill of their own: a short stake is the new capital
#: that may be raised, never reduced (Art. 5 (4)), the bank's.
CALL_SKILLS = {"capital-reduced": "bank"}
#: Every skill a round is answers to.
ROUND_SKILLS = frozenset(f"{GAME}.{skill}"
                         for skill in (*STEP_SKILLS.values(), *CALL_SKILLS.values()))


def deal(seed: int, mode: Mode, rules: HouseRules) -> Round[MahjongBaccaratTable]:
    """The round that ``seed`` deals in ``mode`` under ``rules``: the same everywhere."""
    return table_round(draw_table(seed, mode, rules.mahjong_baccarat.max_rounds_in_a_row),
                       seed, mode, rules)


def table_round(table: MahjongBaccaratTable, seed: int, mode: Mode,
                rules: HouseRules) -> Round[MahjongBaccaratTable]:
    """The round played on ``table`` (a drawn one, or one set up by hand)."""
    return Round(GAME, seed, mode, rules, GRAMMAR, table,
                 with_skills(GAME, round_steps(table, rules), STEP_SKILLS, CALL_SKILLS),
                 PAR_SECONDS)
