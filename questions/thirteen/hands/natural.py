"""13-card game: which natural, if any, 13 cards make (Art. 9 I).

Situation: ``places``, ``banker``, ``place`` and ``hands`` (``{"<place>": "13 cards"}``,
high to low). The answer is ``"none"`` or a :class:`Natural` value (``"dragon"``,
``"six-pairs-and-a-half"``, ``"three-flushes"``, ``"three-straights"``); cards that admit
several name the first in the regulation's list (a dragon is always three straights too).
Level 1: plain naturals and random hands; level 2: near misses (twelve ranks, five pairs,
suits that cannot fill the tiers, three straights one card off); level 3: four of a kind
as two pairs, a trio among six pairs (HI-SIX-PAIRS), one suit over two tiers, A-2-3 and
Q-K-A fronts, a dragon in three suits. "None" is the answer a quarter of the time.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message
from questions.answers import read_choice
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from questions.thirteen.dealing.deck import Deck, with_retries
from questions.thirteen.dealing.natural_hands import NATURALS, near_miss
from questions.thirteen.situations import PlaceHand
from trainer.rules.cards import Card, format_cards, parse_cards
from trainer.rules.house import HouseRules
from trainer.rules.thirteen.naturals import Natural, find_natural
from trainer.rules.thirteen.rulings import natural_reasons

PLACES = 4
NONE = "none"
NONE_SHARE = 0.25


def _sorted(cards: tuple[Card, ...]) -> str:
    return format_cards(sorted(cards, key=lambda c: (-int(c.rank), c.suit.value)))


class NaturalHand(Skill[PlaceHand]):
    id = "thirteen.natural"
    title = Message.of(N_("13-card game: naturals"))
    situation_type = PlaceHand

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> PlaceHand:
        place = rng.randint(1, PLACES)
        natural = None if rng.random() < NONE_SHARE else rng.choice(tuple(Natural))

        def build(rng: random.Random) -> str:
            deck = Deck(rng)
            if natural is None:
                return _sorted(near_miss(rng, deck, difficulty, rules.thirteen))
            return _sorted(NATURALS[natural](rng, deck, difficulty, rules.thirteen).cards)

        return PlaceHand(PLACES, 1, place, {str(place): with_retries(rng, build)})

    def prompt(self, situation: PlaceHand, difficulty: int) -> Message:
        return Message.of(N_("Place {place} holds these 13 cards. Which natural do they make? "
                             "If they make more than one, name the first the regulation "
                             "lists."), place=situation.place)

    def form(self, situation: PlaceHand) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICE, (
            Option(NONE, Message.of(N_("No natural"))),
            *(Option(natural.value, natural.label) for natural in Natural),
        ))

    def read(self, question: Question, answer: Any) -> str:
        """An option value, or an option's name as shown ("six pairs and a half")."""
        text = str(answer).strip().casefold() if answer is not None else ""
        for option in question.form.options:
            if text and text == str(option.label).casefold():
                return str(option.value)
        return str(read_choice(question, answer))

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        cards = parse_cards(situation.hands[str(situation.place)])
        rules = question.rules.thirteen
        natural = find_natural(cards, rules)
        text = natural.label if natural else Message.of(N_("No natural"))
        return Solution(natural.value if natural else NONE, text,
                        natural_reasons(cards, rules))
