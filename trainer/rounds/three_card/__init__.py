"""Three-card baccarat as a whole round, the trainee the croupier.

- :mod:`.table` — the table a seed deals: the deck or the shoe, the bets, the hands,
  incidents;
- :mod:`.steps` — the round's steps and their right actions, from the rules core;
- :mod:`.view` — what the table shows part-way through;
- :mod:`.words` — its actions in words, as a croupier says them.
"""

from __future__ import annotations

from trainer.rounds.actions import Amount, Grammar, HandClass, Place, Word
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import Round
from trainer.rounds.skills import with_skills
from trainer.rounds.three_card.steps import round_steps
from trainer.rounds.three_card.table import CALLS, PLACES, ThreeCardTable, draw_table
from trainer.rounds.three_card.words import DECISIONS, WORDS
from trainer.rules.house import HouseRules
from trainer.rules.table import Outcome
from trainer.rules.three_card.classes import CLASS_COUNT
from trainer.rules.three_card.pay import BetKind

GAME = "three_card"
#: The par time of a round by default; the house sets its own (:mod:`trainer.rounds.pars`),
#: which :func:`trainer.rounds.games.start` gives the round.
PAR_SECONDS = Pars().three_card

_PLACE = Place(PLACES)
_BET = Word(tuple(BetKind))
GRAMMAR = Grammar({
    "shoe": (Word(("shuffle", "deal-on")),),
    "deal": (_PLACE,),
    "deal-rest": (),
    "white": (),
    "class": (_PLACE, HandClass(1, CLASS_COUNT)),
    "rule": (_PLACE, Word(tuple(Outcome))),
    "pay": (_PLACE, _BET, Amount()),
    "collect": (_PLACE, _BET, Amount()),
    "push": (_PLACE, _BET),
    "call": (Word(CALLS), Place(PLACES, optional=True)),
    "decide": (Word(tuple(DECISIONS)),),
}, WORDS)

#: The skill each step is an answer to, by its verb (``three_card.<skill>``): a hand's
#: class the classification; who wins a place the order of the hands; money the payout.
#: The game has no question of its own on the deal and the shoe: they count with the
#: order of the hands, which the deal sets out to compare.
STEP_SKILLS = {"shoe": "order", "deal": "order", "deal-rest": "order", "white": "order",
               "class": "classify", "rule": "order", "pay": "payout", "collect": "payout",
               "push": "payout", "call": "order"}
#: Calls that are the decision of a skill of their own: a ten is not a figure (the
#: classes); the commission is the payout's.
CALL_SKILLS = {"ten-as-figure": "classify", "commission-refused": "payout"}
#: Every skill a round is answers to.
ROUND_SKILLS = frozenset(f"{GAME}.{skill}"
                         for skill in (*STEP_SKILLS.values(), *CALL_SKILLS.values()))


def deal(seed: int, mode: Mode, rules: HouseRules) -> Round[ThreeCardTable]:
    """The round that ``seed`` deals in ``mode`` under ``rules``: the same everywhere."""
    return table_round(draw_table(seed, mode), seed, mode, rules)


def table_round(table: ThreeCardTable, seed: int, mode: Mode,
                rules: HouseRules) -> Round[ThreeCardTable]:
    """The round played on ``table`` (a drawn one, or one set up by hand)."""
    return Round(GAME, seed, mode, rules, GRAMMAR, table,
                 with_skills(GAME, round_steps(table, rules), STEP_SKILLS, CALL_SKILLS),
                 PAR_SECONDS)
