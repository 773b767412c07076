"""13-card game: table procedure (Portaria 51/89/M, Art. 2 a–d, 3, 5), answered as a ruling.

Situation: ``places`` 4, ``banker`` 1, the scene of :mod:`questions.thirteen.table.procedure_scenes`
(``case`` and its facts) and ``reasons`` — the points offered to tick, each a
:class:`~trainer.rules.thirteen.procedure_points.Point` value, in the regulation's order: those
the ruling rests on and others that do not apply (4 at level 1, 5 at level 2, 6 at level 3).

The answer (``AnswerKind.RULING``): ``{"ruling": "refused", "reasons": {"2c-no-bets"}}``,
the ruling an option of the case (allowed or refused, the place plays or loses, settled
where the bet lies or where it was meant, or the name of a bettor) and the reasons the points
that decide it. Half for the ruling, half for the reasons (their overlap with the right
ones); the rules core (:mod:`trainer.rules.thirteen.procedure`) rules.
"""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from typing import Any

from i18n import N_, Message, listing
from questions.answers import read_ruling
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from questions.thirteen.situations import ProcedureScene, known
from questions.thirteen.table.procedure_prompts import prompt_of
from questions.thirteen.table.procedure_scenes import deal_scene
from trainer.rules.house import HouseRules
from trainer.rules.thirteen.procedure import (
    Bettor,
    ProcedureRuling,
    Ruling,
    banker_resets,
    bet_change,
    card_holder,
    dice_shaker,
    judge_cut,
    looking_at_cards,
    misplaced_bet,
    setting_time,
    table_act,
)
from trainer.rules.thirteen.procedure_points import Point

#: How many points each level offers to tick.
OFFERED = {1: 4, 2: 5, 3: 6}
_ALLOW = (Option(Ruling.ALLOWED.value, Message.of(N_("Allowed"))),
          Option(Ruling.REFUSED.value, Message.of(N_("Not allowed"))))
_CUT = (Option(Ruling.ALLOWED.value, Message.of(N_("The cut stands"))),
        Option(Ruling.REFUSED.value, Message.of(N_("The cards are cut again"))))
_TIME = (Option(Ruling.PLAYS.value, Message.of(N_("The place's hand plays"))),
         Option(Ruling.LOSES.value, Message.of(N_("The place loses"))))


def _bettors(scene: ProcedureScene) -> list[Bettor]:
    return [Bettor(b.name, Decimal(b.stake), b.seated, b.place) for b in known(scene.bettors)]


def rule(scene: ProcedureScene, rules: HouseRules) -> ProcedureRuling:
    """The rules core's ruling on a scene under the house's rules."""
    case = scene.case
    if case == "cut":
        return judge_cut(known(scene.cards), known(scene.hands))
    if case == "dice":
        return dice_shaker(_bettors(scene))
    if case == "holder":
        return card_holder(_bettors(scene))
    if case == "bet_change":
        return bet_change(known(scene.after_dice))
    if case == "misplaced":
        return misplaced_bet(known(scene.lies_at), known(scene.meant))
    if case == "looking":
        return looking_at_cards(scene.banker_hand == "shown")
    if case == "reset":
        return banker_resets(known(scene.picked_up))
    if case == "time":
        return setting_time(known(scene.shown_at), known(scene.finished_at), rules.thirteen)
    return table_act(known(scene.act))


def options(scene: ProcedureScene) -> tuple[Option, ...]:
    case = scene.case
    if case == "cut":
        return _CUT
    if case == "time":
        return _TIME
    if case in ("dice", "holder"):
        return tuple(Option(b.name, Message.of(N_("{name}"), name=b.name))
                     for b in sorted(known(scene.bettors), key=lambda b: b.name))
    if case == "misplaced":
        return (Option(Ruling.WHERE_IT_LIES.value, Message.of(
                    N_("Settled with place {place}, where the bet lies"),
                    place=scene.lies_at)),
                Option(Ruling.WHERE_MEANT.value, Message.of(
                    N_("Settled with place {place}, where the player meant it"),
                    place=scene.meant)))
    return _ALLOW


class Procedure(Skill[ProcedureScene]):
    id = "thirteen.procedure"
    title = Message.of(N_("13-card game: table procedure"))
    situation_type = ProcedureScene

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> ProcedureScene:
        scene = deal_scene(rng, difficulty)
        ruling = rule(scene, rules)
        applying = ruling.points
        others = [point for point in Point if point not in applying | ruling.near]
        offered = set(applying) | set(rng.sample(others, OFFERED[difficulty] - len(applying)))
        return dataclasses.replace(scene, reasons=tuple(point for point in Point
                                                        if point in offered))

    def prompt(self, situation: ProcedureScene, difficulty: int) -> Message:
        return prompt_of(situation)

    def form(self, situation: ProcedureScene) -> AnswerForm:
        reasons = tuple(Option(point.value, point.label) for point in situation.reasons)
        return AnswerForm(AnswerKind.RULING, options(situation), reasons)

    def read(self, question: Question, answer: Any) -> dict[str, Any]:
        return read_ruling(question, answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        ruling = rule(situation, question.rules)
        chosen = next(o for o in question.form.options if o.value == ruling.ruling)
        points = [point for point in situation.reasons if point in ruling.points]
        text = Message.of(N_("{ruling}, because {reasons}"), ruling=chosen.label,
                          reasons=listing([point.label for point in points]))
        return Solution({"ruling": ruling.ruling,
                         "reasons": frozenset(point.value for point in points)},
                        text, ruling.reasons)

