"""13-card game: put three or four hands of one tier in order, highest first (Art. 9 II).

Situation: ``tier`` ("front", "middle" or "back") and ``tier_hands``
(``{"A": "AS 2H 3D 4C 5S", "B": ...}``, the hands by name). Level 1 sets different
combinations against each other, level 2 one combination decided by the ranks or the odd
cards, level 3 the Macau edge cases (A-2-3-4-5, the royal flush, fronts that look like
straights or flushes). The generator never deals two hands of equal strength; should a
situation hold some anyway, every order consistent with them is accepted.
"""

from __future__ import annotations

import random
from functools import cmp_to_key
from typing import Any

from i18n import N_, Message, listing
from questions.answers import read_ordering
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from questions.thirteen.dealing.contests import shapes_for
from questions.thirteen.dealing.deck import Deck, with_retries
from questions.thirteen.situations import TierHands
from trainer.rules.cards import cards_shown, format_cards, parse_cards
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Reason
from trainer.rules.thirteen.arrangement import Tier
from trainer.rules.thirteen.hands import TierHand, evaluate
from trainer.rules.thirteen.rulings import front_combinations, why_higher

NAMES = "ABCD"


def hand_name(name: str) -> Message:
    return Message.of(N_("Hand {name}"), name=name)


class RankHands(Skill[TierHands]):
    id = "thirteen.rank_hands"
    title = Message.of(N_("13-card game: order hands of one tier"))
    situation_type = TierHands

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> TierHands:
        tier = rng.choice((Tier.FRONT, Tier.MIDDLE, Tier.BACK))
        count = 3 if tier is Tier.FRONT and difficulty == 1 else rng.choice((3, 4))

        def build(rng: random.Random) -> list[str]:
            shapes = shapes_for(rng, difficulty, tier.size, count)
            deck = Deck(rng)
            return [format_cards(list(deck.deal(shape))) for shape in shapes]

        hands = with_retries(rng, build)
        rng.shuffle(hands)  # which name holds the best hand is left to chance
        return TierHands(tier, dict(zip(NAMES, hands, strict=False)))

    def prompt(self, situation: TierHands, difficulty: int) -> Message:
        return Message.of(N_("{tier}: put these hands in order, from the highest to the "
                             "lowest."), tier=situation.tier.label)

    def form(self, situation: TierHands) -> AnswerForm:
        return AnswerForm(AnswerKind.ORDERING, tuple(
            Option(name, Message.of(N_("Hand {name}: {cards}"), name=name,
                                    cards=cards_shown(cards)))
            for name, cards in situation.tier_hands.items()))

    def read(self, question: Question, answer: Any) -> tuple[str, ...]:
        return tuple(str(name) for name in read_ordering(question, answer))

    def _hands(self, question: Question) -> dict[str, TierHand]:
        return {name: evaluate(parse_cards(cards))
                for name, cards in self.dealt(question).tier_hands.items()}

    def solve(self, question: Question) -> Solution:
        hands = self._hands(question)

        def compare(a: str, b: str) -> int:
            return -1 if hands[a] > hands[b] else 1 if hands[a] < hands[b] else 0

        order = tuple(sorted(hands, key=cmp_to_key(compare)))
        reasons = []
        if self.dealt(question).tier is Tier.FRONT:
            reasons.append(front_combinations())
        for higher, lower in zip(order, order[1:], strict=False):
            if hands[higher] > hands[lower]:
                ruling = why_higher(hands[higher], hands[lower])
                reasons.append(Reason(Message.of(N_("{higher} before {lower}: {ruling}"),
                                                 higher=hand_name(higher),
                                                 lower=hand_name(lower), ruling=ruling.text),
                                      ruling.source))
        return Solution(order, listing([hand_name(name) for name in order]), tuple(reasons))

    def score(self, question: Question, given: Any, solution: Solution) -> float:
        """The share of pairs of unequal hands put in the right order."""
        hands = self._hands(question)
        position = {name: index for index, name in enumerate(given)}
        pairs = [(a, b) for a in hands for b in hands if hands[a] > hands[b]]
        if not pairs:
            return 1.0
        return sum(position[a] < position[b] for a, b in pairs) / len(pairs)
