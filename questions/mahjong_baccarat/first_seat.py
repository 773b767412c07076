"""Mahjong Baccarat: the place the banker's four dice pick, or the place a later stack goes to.

Only the banker shakes the four dice; their total, counted from the banker as place 1 and
going counterclockwise round the ten places, picks the place that receives the first
tiles, and nobody may change the total (Portaria 15/96/M, Art. 2.2–2.3). Every place is
dealt, one stack of two tiles each (Art. 2.1, 2.4), in turn counterclockwise (Art. 2.3).

Situation (:class:`.situations.Throw`): ``dice`` (four ints), ``stack`` (1 = the first
stack; 2–10 at difficulty 3), ``places`` (10), ``banker`` (1). Difficulty 1 gives the
total, 2 shows only the dice, 3 asks for a later stack of the deal. The generator picks the
answer place first, so every place (the banker's included, via totals 11 and 21) comes up
equally often.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message
from questions.labels import place_label
from questions.mahjong_baccarat.situations import Throw, dice_for_place
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import PLACES, served
from trainer.rules.table import BANKER_PLACE


class FirstSeat(Skill[Throw]):
    id = "mahjong_baccarat.first_seat"
    title = Message.of(N_("Mahjong Baccarat: the place the dice pick"))
    situation_type = Throw

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> Throw:
        place = rng.randint(1, PLACES)
        stack = rng.randint(2, PLACES) if difficulty == 3 else 1
        return Throw(dice_for_place(rng, place, stack), stack, PLACES, BANKER_PLACE)

    def prompt(self, situation: Throw, difficulty: int) -> Message:
        dice, stack = situation.dice, situation.stack
        shown = ", ".join(str(face) for face in dice)
        if stack > 1:
            return Message.of(N_("The banker's four dice show {dice}. Which place receives "
                                 "stack number {stack} of the deal?"), dice=shown, stack=stack)
        if difficulty == 1:
            return Message.of(N_("The banker's four dice total {total}. Which place receives "
                                 "the first tiles?"), total=sum(dice))
        return Message.of(N_("The banker's four dice show {dice}. Which place receives the "
                             "first tiles?"), dice=shown)

    def form(self, situation: Throw) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICE, tuple(
            Option(place, place_label(place)) for place in range(1, situation.places + 1)))

    def read(self, question: Question, answer: Any) -> int:
        places = self.dealt(question).places
        try:
            place = int(str(answer).strip())
        except ValueError:
            place = 0
        if isinstance(answer, bool) or not 1 <= place <= places:
            raise UnreadableAnswer(Message.of(N_("Choose one of the places 1 to {places}."),
                                              places=places))
        return place

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        ruling = served(situation.dice, situation.stack)
        return Solution(ruling.place, place_label(ruling.place), ruling.reasons)
