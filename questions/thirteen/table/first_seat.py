"""13-card game: which place receives the first card (or the n-th card) after the dice.

Four dice are shaken; their total, counted from the banker as place 1 and going
counterclockwise, picks the place that receives the first card; cards then go one at a
time counterclockwise (Portaria 51/89/M, Art. 2 b). Nobody may add to or subtract
from the total (Art. 2 c), and all four places are always dealt.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message
from questions.labels import place_label
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer
from questions.skill import Skill, Solution
from questions.thirteen.situations import FirstCard
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Article, Reason, Regulation
from trainer.rules.table import counting_explanation, first_seat, seat_for_card

PLACES = 4
DICE = 4
DEAL_ARTICLE = Article(Regulation.THIRTEEN_CARDS, 2, "b")
TOTAL_ARTICLE = Article(Regulation.THIRTEEN_CARDS, 2, "c")


class FirstSeat(Skill[FirstCard]):
    id = "thirteen.first_seat"
    title = Message.of(N_("13-card game: the place that receives the first card"))
    situation_type = FirstCard

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> FirstCard:
        dice = tuple(rng.randint(1, 6) for _ in range(DICE))
        # Level 3 asks for a later card of the first round, which is how a croupier
        # checks a deal in progress.
        card = rng.randint(2, 8) if difficulty == 3 else 1
        return FirstCard(dice, card, PLACES)

    def prompt(self, situation: FirstCard, difficulty: int) -> Message:
        total = sum(situation.dice)
        if situation.card > 1:
            return Message.of(N_("The four dice have been shaken. Which place receives "
                                 "card number {card} of the deal?"), card=situation.card)
        if difficulty == 1:
            return Message.of(N_("The four dice total {total}. Which place receives the "
                                 "first card?"), total=total)
        return Message.of(N_("The four dice have been shaken. Which place receives the "
                             "first card?"))

    def form(self, situation: FirstCard) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICE,
                          tuple(Option(p, place_label(p)) for p in range(1, PLACES + 1)))

    def read(self, question: Question, answer: Any) -> int:
        try:
            place = int(str(answer).strip())
        except ValueError:
            place = 0
        places = self.dealt(question).places
        if not 1 <= place <= places:
            raise UnreadableAnswer(Message.of(N_("Choose one of the places 1 to {places}."),
                                              places=places))
        return place

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        dice, card, places = situation.dice, situation.card, situation.places
        total = sum(dice)
        first = first_seat(total, places)
        reasons = [
            Reason(Message.of(N_("The dice show {dice}: a total of {total}, which nobody may "
                                 "add to or subtract from."),
                              dice=" + ".join(str(d) for d in dice), total=total),
                   TOTAL_ARTICLE),
            Reason(counting_explanation(total, places), DEAL_ARTICLE),
        ]
        answer = first
        if card > 1:
            answer = seat_for_card(total, places, card)
            reasons.append(Reason(
                Message.of(N_("Cards go one at a time counterclockwise to all four places, "
                              "starting at place {first}: card {card} goes to place {place}."),
                           first=first, card=card, place=answer),
                DEAL_ARTICLE))
        return Solution(answer, place_label(answer), tuple(reasons))
