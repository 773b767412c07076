"""Sap I Chi: the croupier's rulings on the bell, void rounds and cleared bets.

Portaria 9/76: no new bets or changes after the bell (Art. 2.2); an involuntary
irregularity by the croupier while deciding the round makes it void, and players may then
withdraw or change their bets (Art. 2.3); winning bets a payer clears by mistake are
rebuilt from the players' indications (Art. 3.2). The ruling comes from
:func:`trainer.rules.sap_i_chi.procedure.procedure_ruling`.

Situation: ``story`` (which scene the prompt tells), ``incident`` and ``stage`` (the
core's :class:`Incident` and :class:`Stage` values the scene stands for), ``place``,
``bets`` (the bet concerned, as in :mod:`questions.sap_i_chi.board`), ``to`` (where a
moved bet goes, or ``None``), ``drawn`` (the number shown, or ``None`` before it is)
and ``options`` (the rulings offered).
The answer is one of the :class:`Ruling` values ``"accept"``, ``"refuse"``, ``"void"``,
``"rebuild"``, ``"stands"``.

The ruling is picked first, evenly: level 1 offers four (no "result stands"), levels 2
and 3 all five. Level 2 adds changes after a void round and after the result, and
cleared bets that had in fact lost (the same scene as a cleared winner: only the bet and
the number tell them apart); level 3 adds a slip after the result was confirmed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from i18n import N_, Message, Money
from questions.answers import read_choice
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.sap_i_chi.board import bet, deal_bet
from questions.sap_i_chi.situations import BellScene
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.sap_i_chi.bets import NUMBERS, number_label
from trainer.rules.sap_i_chi.procedure import Incident, Ruling, Stage, procedure_ruling

RULING_LABELS = {
    Ruling.ACCEPT: N_("Allow it: the bet is placed, moved or taken back as asked."),
    Ruling.REFUSE: N_("Refuse: no new bet and no change to a bet now."),
    Ruling.VOID: N_("Declare the round void: no bet wins or loses, and players may "
                    "withdraw their bets or change them."),
    Ruling.REBUILD: N_("Put the cleared bet back where the player says it lay, and pay it."),
    Ruling.STANDS: N_("The result stands: bets are settled on the number shown; nothing is "
                      "put back or returned."),
}

#: One scene for a cleared winner and a cleared loser: only the bet and the number differ.
CLEARED = N_(
    "Sap I Chi: {drawn} is drawn. A payer clears place {place}'s {stake} on "
    "{chances}; place {place} says it had won and asks for it back. What is the "
    "ruling?")


@dataclass(frozen=True)
class Story:
    """A scene at the table: what it stands for, and what the generator expects of it."""

    incident: Incident
    stage: Stage
    text: str
    ruling: Ruling  # what the scene is built to teach; the core decides the grade
    level: int  # the lowest difficulty that tells it
    moves: bool = False  # the scene moves the bet to another chance


STORIES = {
    "new-before-bell": Story(Incident.NEW_BET, Stage.BETTING, N_(
        "Sap I Chi: the croupier has not rung the bell yet. Place {place} puts {stake} on "
        "{chances}. What is the ruling?"), Ruling.ACCEPT, 1),
    "move-before-bell": Story(Incident.CHANGE_BET, Stage.BETTING, N_(
        "Sap I Chi: before the bell, place {place} asks to move his {stake} from {chances} "
        "to {to}. What is the ruling?"), Ruling.ACCEPT, 1, moves=True),
    "withdraw-after-void": Story(Incident.CHANGE_BET, Stage.VOID, N_(
        "Sap I Chi: while unrolling the cloth the croupier let it slip, and the round was "
        "declared void. Place {place} now asks to take back his {stake} on {chances}. What "
        "is the ruling?"), Ruling.ACCEPT, 2),
    "move-after-void": Story(Incident.CHANGE_BET, Stage.VOID, N_(
        "Sap I Chi: the croupier pulled the cloth by its upper edge and the round was "
        "declared void. Place {place} asks to move his {stake} from {chances} to {to}. What "
        "is the ruling?"), Ruling.ACCEPT, 2, moves=True),
    "new-after-bell": Story(Incident.NEW_BET, Stage.CLOSED, N_(
        "Sap I Chi: the bell has rung and the croupier reaches for the little case. Place "
        "{place} pushes {stake} onto {chances}. What is the ruling?"), Ruling.REFUSE, 1),
    "move-after-bell": Story(Incident.CHANGE_BET, Stage.CLOSED, N_(
        "Sap I Chi: the bell has rung. Before the cloth is unrolled, place {place} asks to "
        "move his {stake} from {chances} to {to}. What is the ruling?"),
        Ruling.REFUSE, 1, moves=True),
    "withdraw-after-result": Story(Incident.CHANGE_BET, Stage.DECIDED, N_(
        "Sap I Chi: {drawn} has been shown. Place {place}, whose {stake} on {chances} "
        "lost, says he had meant to take it back and asks for his stake. What is the "
        "ruling?"), Ruling.REFUSE, 2),
    "new-after-result": Story(Incident.NEW_BET, Stage.DECIDED, N_(
        "Sap I Chi: {drawn} has just been shown. Place {place} hurries to put {stake} "
        "on {chances}. What is the ruling?"), Ruling.REFUSE, 2),
    "wrong-edge": Story(Incident.CROUPIER_IRREGULARITY, Stage.CLOSED, N_(
        "Sap I Chi: the bell has rung. Opening the little case, the croupier pulls the "
        "cloth by its upper edge instead of the lower one. Place {place} has {stake} on "
        "{chances}. What is the ruling?"), Ruling.VOID, 1),
    "cloth-slips": Story(Incident.CROUPIER_IRREGULARITY, Stage.CLOSED, N_(
        "Sap I Chi: the bell has rung. As the croupier unrolls the cloth, its rod slips out "
        "of the case and the cloth falls before its number is shown. Place {place} has "
        "{stake} on {chances}. What is the ruling?"), Ruling.VOID, 1),
    "lights-early": Story(Incident.CROUPIER_IRREGULARITY, Stage.CLOSED, N_(
        "Sap I Chi: the bell has rung. Before unrolling the cloth, the croupier by mistake "
        "switches on the lights of a chance on the board. Place {place} has {stake} on "
        "{chances}. What is the ruling?"), Ruling.VOID, 2),
    "cleared": Story(Incident.BETS_CLEARED, Stage.DECIDED, CLEARED, Ruling.REBUILD, 1),
    "cleared-loser": Story(Incident.BETS_CLEARED, Stage.DECIDED, CLEARED, Ruling.STANDS, 2),
    "slip-after-result": Story(Incident.CROUPIER_IRREGULARITY, Stage.DECIDED, N_(
        "Sap I Chi: {drawn} has been shown and its card put in the chute. Rolling the "
        "cloth up to send it through the hatch, the croupier drops it. Place {place}, who "
        "had {stake} on {chances}, asks for the round to be declared void. What is the "
        "ruling?"), Ruling.STANDS, 3),
}
PLACES = 8


class Procedure(Skill[BellScene]):
    id = "sap_i_chi.procedure"
    title = Message.of(N_("Sap I Chi: the bell, void rounds and cleared bets"))
    situation_type = BellScene

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> BellScene:
        rulings = [r for r in Ruling if difficulty > 1 or r is not Ruling.STANDS]
        ruling = rng.choice(rulings)
        keys = [k for k, s in STORIES.items() if s.ruling is ruling and s.level <= difficulty]
        if difficulty == 3:  # the top level tells the subtle scenes twice as often
            keys += [k for k in keys if STORIES[k].level > 1]
        key = rng.choice(keys)
        story = STORIES[key]
        place = rng.randint(1, PLACES)
        stake = 10 * rng.randint(1, 50)
        drawn = rng.choice(NUMBERS)
        # A decided round shows its number; the bet concerned won only if it was cleared
        # as a winner (and lost in the scenes where the player regrets it).
        wins = key == "cleared" or (key in ("new-after-result", "slip-after-result")
                                    and rng.random() < 0.5)
        concerned = deal_bet(rng, place, stake, drawn, wins, rules)
        to = None
        if story.moves:
            to = deal_bet(rng, place, stake, drawn, not wins, rules)
        return BellScene(key, story.incident, story.stage, place, (concerned,), to,
                         drawn if story.stage is Stage.DECIDED else None, tuple(rulings))

    def prompt(self, situation: BellScene, difficulty: int) -> Message:
        concerned = situation.bets[0]
        params: dict[str, Any] = {"place": situation.place, "stake": Money(concerned.stake),
                                  "chances": bet(concerned).describe()}
        if situation.drawn is not None:
            params["drawn"] = number_label(situation.drawn)
        if situation.to is not None:
            params["to"] = bet(situation.to).describe()
        return Message.of(STORIES[situation.story].text, **params)

    def form(self, situation: BellScene) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICE, tuple(
            Option(ruling.value, Message.of(RULING_LABELS[ruling]))
            for ruling in situation.options))

    def read(self, question: Question, answer: Any) -> str:
        return str(read_choice(question, answer))

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        ruling = procedure_ruling(situation.incident, situation.stage,
                                  cleared=[bet(b) for b in situation.bets],
                                  drawn=situation.drawn)
        return Solution(ruling.ruling.value, Message.of(RULING_LABELS[ruling.ruling]),
                        ruling.reasons)

