"""Mah-Jong (Portaria 135/91/M, conventional form) as a table round: a scene, the last
discards to the win and its payment, the trainee the croupier.

- :mod:`.table` — the scene a seed deals: the hands, the last discards and their calls, the
  win, what goes wrong;
- :mod:`.steps` — the scene's steps and their right actions, from the rules core;
- :mod:`.words` — its actions in words, as a croupier says them.
"""

from __future__ import annotations

from trainer.rounds.actions import Amount, Grammar, HandClass, Word
from trainer.rounds.mahjong.steps import round_steps
from trainer.rounds.mahjong.table import CALLS, MahjongTable, draw_table
from trainer.rounds.mahjong.words import DECISIONS, KINDS, SEATS, WORDS
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import Round
from trainer.rounds.skills import with_skills
from trainer.rules.house import HouseRules

GAME = "mahjong"
#: The par time of a scene by default; the house sets its own (:mod:`trainer.rounds.pars`),
#: which :func:`trainer.rounds.games.start` gives the round.
PAR_SECONDS = Pars().mahjong

_SEAT = Word(SEATS)
GRAMMAR = Grammar({
    "claim": (Word((*SEATS, "none")), Word(KINDS, optional=True)),
    "fan": (HandClass(0, 2),),
    "liable": (Word((*SEATS, "none")),),
    "collect": (_SEAT, Amount()),
    "pay": (_SEAT, Amount()),
    "commission": (Amount(),),
    "bank": (_SEAT,),
    "call": (Word(CALLS), Word(SEATS, optional=True)),
    "decide": (Word(tuple(DECISIONS)),),
}, WORDS)

#: The skill each step is an answer to, by its verb (``mahjong.<skill>``): the calls ruled
#: are who takes a discard (Art. 5), the fán the win's worth (Art. 6), 包 the liability
#: (Art. 10), money the payments (Art. 7–9), the next bank and the calls the conduct.
STEP_SKILLS = {"claim": "claim_calls", "fan": "fan", "liable": "liability",
               "collect": "payments", "pay": "payments", "commission": "payments",
               "bank": "conduct", "call": "conduct"}
#: Calls that are the decision of a skill of their own: refused calls are the ruling of
#: the calls; a false win is the liability questions' «nulo».
CALL_SKILLS = {"chow-out-of-turn": "claim_calls", "barred-kong": "claim_calls",
               "false-win": "liability"}
#: Every skill a round is answers to.
ROUND_SKILLS = frozenset(f"{GAME}.{skill}"
                         for skill in (*STEP_SKILLS.values(), *CALL_SKILLS.values()))


def deal(seed: int, mode: Mode, rules: HouseRules) -> Round[MahjongTable]:
    """The scene that ``seed`` deals in ``mode`` under ``rules``: the same everywhere."""
    return table_round(draw_table(seed, mode), seed, mode, rules)


def table_round(table: MahjongTable, seed: int, mode: Mode,
                rules: HouseRules) -> Round[MahjongTable]:
    """The round played on ``table`` (a drawn one, or one set up by hand)."""
    return Round(GAME, seed, mode, rules, GRAMMAR, table,
                 with_skills(GAME, round_steps(table, rules), STEP_SKILLS, CALL_SKILLS),
                 PAR_SECONDS)
