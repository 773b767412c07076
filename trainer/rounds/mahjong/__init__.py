"""Mah-Jong (Portaria 135/91/M) as table rounds, the trainee the croupier — three games of
one engine:

- ``mahjong``: a scene of the conventional form, the last discards to the win and its
  payment (the instructor's choice for a table-ready round, with its own par);
- ``mahjong_hand``: a whole conventional hand, four players: the wall, the dice and the
  break, the deal, the play to a win (or a false win, or a drawn game) and its payment;
- ``mahjong_simplified``: a whole hand of the simplified form, played by two, three or four
  (Art. 3 (b)) — the players present only.

- :mod:`.table` — the scene a seed deals, and the table both kinds of round are played on;
- :mod:`.hand` — the whole hand a seed deals, played out;
- :mod:`.opening`, :mod:`.steps` — the steps and their right actions, from the rules core;
- :mod:`.words` — the actions in words, as a croupier says them.
"""

from __future__ import annotations

from trainer.rounds.actions import Amount, Grammar, HandClass, Number, Word
from trainer.rounds.mahjong.hand import draw_hand
from trainer.rounds.mahjong.steps import round_steps
from trainer.rounds.mahjong.table import HAND_CALLS, MahjongTable, draw_table
from trainer.rounds.mahjong.words import DECISIONS, KINDS, SEATS, WORDS
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import Round
from trainer.rounds.skills import with_skills
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.tiles import Variant

GAME = "mahjong"
HAND, SIMPLIFIED = "mahjong_hand", "mahjong_simplified"
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
    "call": (Word(HAND_CALLS), Word(SEATS, optional=True)),
    "decide": (Word(tuple(DECISIONS)),),
    "break": (_SEAT, Number(17)),
    "deal": (_SEAT, Number(4)),
    "deal-rest": (),
    "drawn": (),
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
#: A whole hand's steps besides: the break and the deal are the wall's (Art. 3), a drawn
#: game the conduct's.
HAND_STEP_SKILLS = {**STEP_SKILLS, "break": "wall", "deal": "wall", "deal-rest": "wall",
                    "drawn": "conduct"}
#: Every skill a round is answers to.
ROUND_SKILLS = frozenset(f"{GAME}.{skill}"
                         for skill in (*STEP_SKILLS.values(), *CALL_SKILLS.values()))
HAND_SKILLS = frozenset(f"{GAME}.{skill}"
                        for skill in (*HAND_STEP_SKILLS.values(), *CALL_SKILLS.values()))


def deal(seed: int, mode: Mode, rules: HouseRules) -> Round[MahjongTable]:
    """The scene that ``seed`` deals in ``mode`` under ``rules``: the same everywhere."""
    return table_round(draw_table(seed, mode), seed, mode, rules)


def deal_hand(seed: int, mode: Mode, rules: HouseRules) -> Round[MahjongTable]:
    """The whole conventional hand ``seed`` deals in ``mode`` under ``rules``."""
    return table_round(draw_hand(seed, mode, Variant.CONVENTIONAL), seed, mode, rules, HAND)


def deal_simplified(seed: int, mode: Mode, rules: HouseRules) -> Round[MahjongTable]:
    """The whole simplified hand ``seed`` deals (two, three or four players)."""
    return table_round(draw_hand(seed, mode, Variant.SIMPLIFIED), seed, mode, rules,
                       SIMPLIFIED)


def table_round(table: MahjongTable, seed: int, mode: Mode, rules: HouseRules,
                game: str = GAME) -> Round[MahjongTable]:
    """The round played on ``table`` (a drawn one, or one set up by hand): a scene, or a
    whole hand (``game``, its id); its steps answer the Mah-Jong skills either way."""
    by_verb = HAND_STEP_SKILLS if table.whole_hand else STEP_SKILLS
    return Round(game, seed, mode, rules, GRAMMAR, table,
                 with_skills(GAME, round_steps(table, rules), by_verb, CALL_SKILLS),
                 Pars().of(game))
