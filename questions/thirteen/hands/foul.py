"""13-card game: which tiers of a set hand break the ascending order (Art. 7).

Situation: ``places``, ``banker``, ``place`` and ``arrangements``
(``{"<place>": {"front": "...", "middle": "...", "back": "..."}}``). The answer is the
set of broken comparisons, as the core's ``foul_tiers`` gives them: ``"front-middle"``
(the front is not below the middle) and ``"middle-back"``; the empty set is no foul.
Level 1 breaks the order with different combinations, level 2 within one combination,
level 3 with the Macau straights, the odd cards over the front's three cards and equal
tiers (HI-EQUAL-TIERS: not a foul by default).
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message, listing
from questions.answers import read_choices
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from questions.thirteen.dealing.deck import Deck, with_retries
from questions.thirteen.dealing.setting import (
    ABOVE,
    BELOW,
    EQUAL,
    arrangement_from,
    deal_arrangement,
    front_against,
    middle_and_back,
    set_hand,
)
from questions.thirteen.situations import SetHand, SetHands
from trainer.rules.house import HouseRules
from trainer.rules.thirteen.arrangement import Tier, foul_tiers
from trainer.rules.thirteen.hands import Category
from trainer.rules.thirteen.rulings import foul_reasons

PLACES = 4
FRONT_MIDDLE = "front-middle"
MIDDLE_BACK = "middle-back"
#: The answers and how often each is dealt: clean hands 40% (the common brief's "none"
#: ceiling of 30% and this skill's "about half" meet in between), fouls 60%.
ANSWERS = ((), (FRONT_MIDDLE,), (MIDDLE_BACK,), (FRONT_MIDDLE, MIDDLE_BACK))
WEIGHTS = (30, 27, 27, 16)
_NONE_WORDS = ("none", "no foul", "no", "-", "—")
LOW_MIDDLES = (Category.HIGH_CARD, Category.PAIR, Category.TWO_PAIRS)
SAME_MIDDLES = (Category.HIGH_CARD, Category.PAIR, Category.THREE_OF_A_KIND)
ODD_CARD_MIDDLES = (Category.HIGH_CARD, Category.PAIR)


def pair_value(lower: Tier, upper: Tier) -> str:
    return f"{lower.value}-{upper.value}"


class Foul(Skill[SetHands]):
    id = "thirteen.foul"
    title = Message.of(N_("13-card game: is the hand set in ascending tiers?"))
    situation_type = SetHands

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> SetHands:
        place = rng.randint(2, 4)
        broken = rng.choices(ANSWERS, WEIGHTS)[0]
        # Level 3 sets equal tiers now and then: not a foul under HI-EQUAL-TIERS.
        equal_back = difficulty == 3 and MIDDLE_BACK not in broken and rng.random() < 0.3
        front_relation = ABOVE if FRONT_MIDDLE in broken else (
            EQUAL if difficulty == 3 and rng.random() < 0.3 else BELOW)

        # A front only reaches a middle of the combinations it knows (or two pairs, below
        # its trio); at level 3 the odd cards decide, so the middle is a pair or high card.
        low: tuple[Category, ...] = ()
        if front_relation != BELOW:
            low = {1: LOW_MIDDLES, 2: SAME_MIDDLES}.get(difficulty, ODD_CARD_MIDDLES)
        level = 2 if low and difficulty == 3 else difficulty

        def build(rng: random.Random) -> SetHand:
            middle, back = middle_and_back(rng, level, MIDDLE_BACK in broken, equal_back, low)
            front = front_against(rng, difficulty, middle, front_relation)
            return set_hand(deal_arrangement(Deck(rng), (front, middle, back)))

        return SetHands(PLACES, 1, place, {str(place): with_retries(rng, build, tries=200)})

    def prompt(self, situation: SetHands, difficulty: int) -> Message:
        return Message.of(N_("Place {place} sets the hand as shown. Which tiers are out of "
                             "order? Choose none if the hand is not a foul."),
                          place=situation.place)

    def form(self, situation: SetHands) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICES, (
            Option(FRONT_MIDDLE, Message.of(N_("Front (1st) and middle (2nd) tiers out of "
                                               "order"))),
            Option(MIDDLE_BACK, Message.of(N_("Middle (2nd) and back (3rd) tiers out of "
                                              "order"))),
        ))

    def read(self, question: Question, answer: Any) -> frozenset[str]:
        """A set of option values; nothing, or "none", is no foul."""
        if isinstance(answer, str) and answer.strip().casefold() in (
                *_NONE_WORDS, str(Message.of(N_("none"))).casefold()):
            return frozenset()
        return frozenset(str(value) for value in read_choices(question, answer))

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        arrangement = arrangement_from(situation.arrangements[str(situation.place)])
        rules = question.rules.thirteen
        broken = frozenset(pair_value(lower, upper)
                           for lower, upper in foul_tiers(arrangement, rules))
        labels = [option.label for option in self.form(situation).options
                  if option.value in broken]
        text = listing(labels) if labels else Message.of(N_("No foul"))
        return Solution(broken, text, foul_reasons(arrangement, rules))
