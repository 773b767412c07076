"""Sap I Chi: rulings on the cloth, the result card and the compartment, with their reasons.

Portaria 9/76, Art. 2 (1), (3), (4) and Art. 4, as ruled by
:func:`trainer.rules.sap_i_chi.draw.draw_ruling`. The trainee picks the ruling and ticks
the points of the regulation it rests on (``AnswerKind.RULING``); the points offered are
those that apply and, beside them, the ones a croupier might wrongly invoke, in the
text's order.

Situation: ``scene`` (the story told), ``incident``, ``person`` and ``table_open`` (the
facts the core rules on), ``place`` and ``bets`` (the bet of the place concerned, as in
:mod:`questions.sap_i_chi.board`, or none), ``drawn`` and ``card`` (the numbers on the
cloth unrolled and on the card in the chute, or ``None``), ``stage`` (where the round
stands, for the drawing), ``options`` (the rulings) and ``reasons`` (the points offered).

The ruling is picked first, evenly over the five; level 1 tells the plain scenes, level 2
adds a player's requests and the table before it opens, level 3 the staff who may enter
but not while the table is open. Level 1 offers 4 points, level 2 5 and level 3 6.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from i18n import N_, Message, Money
from questions.answers import read_ruling
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.sap_i_chi.board import bet, deal_bet
from questions.sap_i_chi.situations import BoardBet, DrawScene
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.sap_i_chi.bets import NUMBERS, number_label
from trainer.rules.sap_i_chi.draw import DrawIncident, DrawRuling, Person, Point, draw_ruling

RULING_LABELS = {
    DrawRuling.ALLOW: N_("Allow it: it may go ahead as asked."),
    DrawRuling.REFUSE: N_("Refuse: it is not done."),
    DrawRuling.VOID: N_("Declare the round void: no bet wins or loses, and players may "
                        "withdraw their bets or change them."),
    DrawRuling.CLOTH: N_("The number on the cloth decides: the card in the chute is put "
                         "right and bets are settled on the cloth's number."),
    DrawRuling.NEW_TUBE: N_("Send the used cloth and its empty tube through the hatches and "
                            "take a new tube from the box for the next round."),
}

POINT_LABELS = {
    Point.TUBES: N_("Art. 1 (2): the box behind the table holds 720 tubes, 60 for each "
                    "number."),
    Point.DRAW: N_("Art. 2 (1): before each round the croupier takes a tube from the box and "
                   "fixes its cloth, still rolled, in the little case."),
    Point.BELL: N_("Art. 2 (2): no new bets and no changes to bets once the bell has rung."),
    Point.DECIDED: N_("Art. 2 (3): the round is decided when the croupier, the bets made, "
                      "unrolls the cloth and shows its number."),
    Point.VOID: N_("Art. 2 (3): an involuntary irregularity by the croupier while the round "
                   "is decided makes it void."),
    Point.CARD: N_("Art. 2 (4): once the round is decided, a card with the cloth's number is "
                   "dropped in the chute to confirm the result."),
    Point.HATCHES: N_("Art. 2 (4): the used cloth and the empty tube go through the hatches, "
                      "and a new tube is taken for the next round."),
    Point.REBUILT: N_("Art. 3 (2): winning bets a payer cleared by mistake are rebuilt as the "
                      "players indicate."),
    Point.WHO_ENTERS: N_("Art. 4: only the staff who put the tubes in the box may enter the "
                         "compartment."),
    Point.KEPT_CLOSED: N_("Art. 4: the compartment stays closed while the table is open."),
}
REASONS_OFFERED = {1: 4, 2: 5, 3: 6}
PLACES = 8


@dataclass(frozen=True)
class Scene:
    """A story at the table: the facts it stands for and what it is built to teach."""

    incident: DrawIncident
    text: str
    ruling: DrawRuling  # what the scene is built to teach; the core decides the grade
    level: int  # the lowest difficulty that tells it
    stage: Literal["betting", "closed", "decided", "shut"]  # for the drawing
    tempting: tuple[Point, ...]  # the points a croupier might wrongly invoke here
    person: Person | None = None
    table_open: bool = True
    bet: bool = True  # the scene names a bet of the place concerned


SCENES = {
    "show-cloth": Scene(DrawIncident.SHOW_CLOTH, N_(
        "Sap I Chi: the croupier has fixed the rolled cloth in the little case and the bets "
        "are open. Place {place}, about to put {stake} on {chances}, asks him to unroll it a "
        "little to show that a number is there. What is the ruling, and on which points?"),
        DrawRuling.REFUSE, 1, "betting", (Point.BELL, Point.VOID, Point.TUBES)),
    "pick-tube": Scene(DrawIncident.PICK_TUBE, N_(
        "Sap I Chi: a new round is about to begin. Place {place}, who means to put {stake} "
        "on {chances}, asks to put his own hand through the curtain and pick the tube from "
        "the box, for luck. What is the ruling, and on which points?"),
        DrawRuling.REFUSE, 2, "betting", (Point.WHO_ENTERS, Point.TUBES, Point.BELL)),
    "no-cloth": Scene(DrawIncident.NO_CLOTH, N_(
        "Sap I Chi: the bell has rung. Opening the little case, the croupier finds it empty: "
        "he forgot to take a tube and fix its cloth in the case before the round. Place "
        "{place} has {stake} on {chances}. What is the ruling, and on which points?"),
        DrawRuling.VOID, 1, "closed", (Point.BELL, Point.HATCHES, Point.DECIDED)),
    "card-differs": Scene(DrawIncident.CARD_DIFFERS, N_(
        "Sap I Chi: the croupier unrolls the cloth and it shows {cloth}. The assistant then "
        "drops the card for {card} into the chute. Place {place}, with {stake} on "
        "{chances}, says the chute shows that he won. What is the ruling, and on which "
        "points?"), DrawRuling.CLOTH, 1, "decided", (Point.VOID, Point.REBUILT, Point.DRAW)),
    "cloth-reused": Scene(DrawIncident.CLOTH_REUSED, N_(
        "Sap I Chi: {cloth} has been shown and its card dropped in the chute. To save time, "
        "the croupier rolls the same cloth up again and fixes it back in the case for the "
        "next round. Place {place}, who had {stake} on {chances}, objects. What is the "
        "ruling, and on which points?"),
        DrawRuling.NEW_TUBE, 1, "decided", (Point.TUBES, Point.VOID, Point.CARD)),
    "payer-enters": Scene(DrawIncident.ENTER_COMPARTMENT, N_(
        "Sap I Chi: the table is open. A payer wants to go into the compartment behind the "
        "table to fetch a tube that rolled off the box. What is the ruling, and on which "
        "points?"), DrawRuling.REFUSE, 1, "betting", (Point.TUBES, Point.DRAW, Point.HATCHES),
        Person.PAYER, bet=False),
    "player-inspects": Scene(DrawIncident.ENTER_COMPARTMENT, N_(
        "Sap I Chi: during play, place {place}, who has {stake} on {chances}, asks to go "
        "into the compartment to count the tubes in the box. What is the ruling, and on "
        "which points?"), DrawRuling.REFUSE, 2, "betting",
        (Point.TUBES, Point.BELL, Point.DRAW), Person.PLAYER),
    "player-after-closing": Scene(DrawIncident.ENTER_COMPARTMENT, N_(
        "Sap I Chi: the table has closed for the night. A player who stayed behind asks to "
        "see inside the compartment where the tubes are kept. What is the ruling, and on "
        "which points?"), DrawRuling.REFUSE, 3, "shut", (Point.KEPT_CLOSED, Point.TUBES,
                                                       Point.DRAW),
        Person.PLAYER, table_open=False, bet=False),
    "staff-during-play": Scene(DrawIncident.ENTER_COMPARTMENT, N_(
        "Sap I Chi: the table is open. The employee who puts the tubes in the box wants to "
        "go into the compartment to top up the box between two rounds. What is the ruling, "
        "and on which points?"), DrawRuling.REFUSE, 3, "betting",
        (Point.WHO_ENTERS, Point.TUBES, Point.HATCHES), Person.TUBE_STAFF, bet=False),
    "staff-after-closing": Scene(DrawIncident.ENTER_COMPARTMENT, N_(
        "Sap I Chi: the table has closed for the day. The employee who puts the tubes in the "
        "box goes into the compartment to fill the box for tomorrow. What is the ruling, and "
        "on which points?"), DrawRuling.ALLOW, 1, "shut", (Point.TUBES, Point.DRAW,
                                                           Point.HATCHES),
        Person.TUBE_STAFF, table_open=False, bet=False),
    "staff-before-opening": Scene(DrawIncident.ENTER_COMPARTMENT, N_(
        "Sap I Chi: the table has not opened yet. The employee who puts the tubes in the "
        "box goes into the compartment to check that the box holds all its tubes. What is "
        "the ruling, and on which points?"), DrawRuling.ALLOW, 2, "shut",
        (Point.TUBES, Point.DRAW, Point.BELL), Person.TUBE_STAFF, table_open=False, bet=False),
}


def _offered(rng: random.Random, applying: tuple[Point, ...], tempting: tuple[Point, ...],
             count: int) -> tuple[Point, ...]:
    """The points that apply and others up to ``count``, the tempting ones likelier, in
    the text's order (the order says nothing of which apply)."""
    others = [p for p in tempting if p not in applying]
    rest = [p for p in Point if p not in applying and p not in others]
    rng.shuffle(rest)
    wrong = count - len(applying)
    # Most wrong points are the tempting ones; one of them may be any other.
    chosen = rng.sample(others, min(len(others), wrong - (1 if wrong > 2 else 0)))
    chosen += rest[:wrong - len(chosen)]
    picked = set(applying) | set(chosen)
    return tuple(p for p in Point if p in picked)


def _bet_on_card(rng: random.Random, place: int, stake: int, cloth: int,
                 card: int) -> BoardBet:
    """A bet that covers the card's number but not the cloth's: the player's claim."""
    size = rng.choice((1, 1, 2, 3))
    others = [n for n in NUMBERS if n not in (cloth, card)]
    return BoardBet(place, Decimal(stake), tuple(sorted([card, *rng.sample(others, size - 1)])))


class Draw(Skill[DrawScene]):
    id = "sap_i_chi.draw"
    title = Message.of(N_("Sap I Chi: the cloth, the result card and the compartment"))
    situation_type = DrawScene

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> DrawScene:
        ruling = rng.choice(list(DrawRuling))
        keys = [k for k, s in SCENES.items() if s.ruling is ruling and s.level <= difficulty]
        key = rng.choice(keys)
        scene = SCENES[key]
        place = rng.randint(1, PLACES)
        stake = 10 * rng.randint(1, 50)
        cloth = rng.choice(NUMBERS)
        card = None
        bets: tuple[BoardBet, ...] = ()
        if scene.incident is DrawIncident.CARD_DIFFERS:
            card = rng.choice([n for n in NUMBERS if n != cloth])
            bets = (_bet_on_card(rng, place, stake, cloth, card),)
        elif scene.bet:
            bets = (deal_bet(rng, place, stake, cloth, rng.random() < 0.5, rules),)
        verdict = draw_ruling(scene.incident, person=scene.person,
                              table_open=scene.table_open, cloth=cloth, card=card)
        return DrawScene(key, scene.incident, scene.person, scene.table_open, place, bets,
                         cloth if scene.stage == "decided" else None, card, scene.stage,
                         tuple(DrawRuling),
                         _offered(rng, verdict.points, scene.tempting,
                                  REASONS_OFFERED[difficulty]))

    def prompt(self, situation: DrawScene, difficulty: int) -> Message:
        params: dict[str, Any] = {"place": situation.place}
        if situation.bets:
            concerned = situation.bets[0]
            params.update(stake=Money(concerned.stake), chances=bet(concerned).describe())
        for number, name in ((situation.drawn, "cloth"), (situation.card, "card")):
            if number is not None:
                params[name] = number_label(number)
        return Message.of(SCENES[situation.scene].text, **params)

    def form(self, situation: DrawScene) -> AnswerForm:
        return AnswerForm(
            AnswerKind.RULING,
            tuple(Option(ruling.value, Message.of(RULING_LABELS[ruling]))
                  for ruling in situation.options),
            tuple(Option(point.value, Message.of(POINT_LABELS[point]))
                  for point in situation.reasons))

    def read(self, question: Question, answer: Any) -> dict[str, Any]:
        return read_ruling(question, answer)

    def solve(self, question: Question) -> Solution:
        s = self.dealt(question)
        verdict = draw_ruling(s.incident, person=s.person, table_open=s.table_open,
                              cloth=s.drawn, card=s.card)
        answer = {"ruling": verdict.ruling.value,
                  "reasons": frozenset(point.value for point in verdict.points)}
        return Solution(answer, Message.of(RULING_LABELS[verdict.ruling]), verdict.reasons)
