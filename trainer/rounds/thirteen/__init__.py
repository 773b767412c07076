"""The 13-card game (Portaria 51/89/M) as a whole round, the trainee the croupier.

- :mod:`.table` — the table a seed deals: bets, dice, the deck as dealt, the settings,
  incidents;
- :mod:`.steps` — the round's steps and their right actions, from the rules core;
- :mod:`.calls` — the incidents, called and ruled by the rules core's procedure;
- :mod:`.words` — its actions in words, as a croupier says them.
"""

from __future__ import annotations

from trainer.rounds.actions import Amount, Cards, Grammar, Place, Word
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import Round
from trainer.rounds.skills import with_skills
from trainer.rounds.thirteen.calls import DECISIONS
from trainer.rounds.thirteen.steps import round_steps
from trainer.rounds.thirteen.table import CALLS, ThirteenTable, draw_table
from trainer.rounds.thirteen.words import WORDS
from trainer.rules.house import HouseRules
from trainer.rules.table import Outcome
from trainer.rules.thirteen import Tier
from trainer.rules.thirteen.dealing import PLACES

GAME = "thirteen"
#: The par time of a round by default; the house sets its own (:mod:`trainer.rounds.pars`),
#: which :func:`trainer.rounds.games.start` gives the round.
PAR_SECONDS = Pars().thirteen

_PLACE = Place(PLACES)
GRAMMAR = Grammar({
    "shaker": (_PLACE,),
    "first": (_PLACE,),
    "deal": (_PLACE,),
    "deal-rest": (),
    "give": (_PLACE,),
    "set": (Cards(5), Cards(5), Cards(3)),
    "tier": (_PLACE, Word(tuple(Tier)), Word((Outcome.PLAYER, Outcome.BANKER))),
    "rule": (_PLACE, Word(tuple(Outcome))),
    "pay": (_PLACE, Amount()),
    "collect": (_PLACE, Amount()),
    "push": (_PLACE,),
    "call": (Word(CALLS), Place(PLACES, optional=True)),
    "decide": (Word(DECISIONS),),
}, WORDS)

#: The skill each step is an answer to, by its verb (``thirteen.<skill>``): who shakes,
#: the first place and the deal are who is served; the banker's hand the house way; a
#: tier, a place's result and its money the tier winner, the showdown and the payout; a
#: misdealt card given to its place the misdeal; the other calls the procedure.
STEP_SKILLS = {"shaker": "first_seat", "first": "first_seat", "deal": "first_seat",
               "deal-rest": "procedure", "give": "misdeal", "set": "house_way",
               "tier": "tier_winner", "rule": "showdown", "pay": "payout",
               "collect": "payout", "push": "payout", "call": "procedure"}
#: Calls that are the decision of a skill of their own.
CALL_SKILLS = {"card-exposed": "misdeal", "misdeal": "misdeal", "foul-declared-good": "foul"}
#: Every skill a round is answers to.
ROUND_SKILLS = frozenset(f"{GAME}.{skill}"
                         for skill in (*STEP_SKILLS.values(), *CALL_SKILLS.values()))


def deal(seed: int, mode: Mode, rules: HouseRules) -> Round[ThirteenTable]:
    """The round that ``seed`` deals in ``mode`` under ``rules``: the same everywhere."""
    return table_round(draw_table(seed, mode, rules.thirteen), seed, mode, rules)


def table_round(table: ThirteenTable, seed: int, mode: Mode,
                rules: HouseRules) -> Round[ThirteenTable]:
    """The round played on ``table`` (a drawn one, or one set up by hand)."""
    return Round(GAME, seed, mode, rules, GRAMMAR, table,
                 with_skills(GAME, round_steps(table, rules), STEP_SKILLS, CALL_SKILLS),
                 PAR_SECONDS)
