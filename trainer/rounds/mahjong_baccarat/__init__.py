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
    "bank": (Place(PLACES, or_none=True), Amount(optional=True)),
    "call": (Word(tuple(CALLS)), Place(PLACES, optional=True)),
    "decide": (Word(tuple(decision.value.replace("_", "-") for decision in Decision)),),
}, WORDS)


def deal(seed: int, mode: Mode, rules: HouseRules) -> Round[MahjongBaccaratTable]:
    """The round that ``seed`` deals in ``mode`` under ``rules``: the same everywhere."""
    return table_round(draw_table(seed, mode, rules.mahjong_baccarat.max_rounds_in_a_row),
                       seed, mode, rules)


def table_round(table: MahjongBaccaratTable, seed: int, mode: Mode,
                rules: HouseRules) -> Round[MahjongBaccaratTable]:
    """The round played on ``table`` (a drawn one, or one set up by hand)."""
    return Round(GAME, seed, mode, rules, GRAMMAR, table, round_steps(table, rules),
                 PAR_SECONDS)
