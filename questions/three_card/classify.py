"""Three-card baccarat: the class (1–31) of a hand (file 002, items 20–31; HI-3C-RANK).

Situation: ``hand`` (three cards, e.g. ``"10D JS 5H"``) and ``options`` (the classes
offered, ascending). The class is picked first, uniformly over 1–31 (level 3 adds weight
to three figures and the zero-point classes), and the cards are dealt to make it; the
other options are the near misses a croupier makes: the same points with one figure more
or less, a ten taken for a figure, points off by one, three figures against zero.

Level 1 deals no ten unless the class needs one; level 2 deals tens as they come; level 3
puts tens in most hands and asks the three-figure and zero-point classes more often.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message
from questions.answers import read_choice
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from questions.three_card.deal import (
    ZERO_CLASSES,
    Tens,
    cards,
    deal_class,
    points_and_figures,
    text,
)
from questions.three_card.situations import ClassedHand
from trainer.rules.cards import Card, Rank, cards_shown
from trainer.rules.house import HouseRules
from trainer.rules.three_card.classes import (
    CLASS_COUNT,
    THREE_FIGURES_CLASS,
    class_name,
    class_of,
    explain_rank,
    figure_count,
    hand_points,
    rank,
)

ALL_CLASSES = tuple(range(1, CLASS_COUNT + 1))
OPTION_COUNT = {1: 4, 2: 5, 3: 5}


def class_label(number: int) -> Message:
    return Message.of(N_("Class {number}: {name}"), number=number, name=class_name(number))


def near_misses(hand: tuple[Card, ...]) -> list[int]:
    """Wrong classes a croupier could announce for ``hand``, the likeliest first."""
    points, figures = hand_points(hand), figure_count(hand)
    tens = sum(card.rank is Rank.TEN for card in hand)
    misses: list[int] = []
    if figures == 3:
        misses += [*reversed(ZERO_CLASSES)]  # the sum is zero: "zero with two figures"…
    else:
        if tens:
            misses.append(class_of(points, figures + tens))  # a ten taken for a figure
        misses += [class_of(points, f) for f in (figures + 1, figures - 1) if 0 <= f <= 2]
        if points == 0 and figures + tens >= 2:
            misses.append(THREE_FIGURES_CLASS)
        misses += [class_of(points + 1, figures), class_of(points - 1, figures)]
    right = rank(hand)
    return [c for c in dict.fromkeys(misses) if c != right]


def _options(rng: random.Random, hand: tuple[Card, ...], target: int, count: int) -> list[int]:
    """``count`` classes in ascending order, the right one at a position picked first.

    Near misses fall on both sides of the right class, so without this the right answer
    would mostly sit in the middle of the list and give itself away.
    """
    position = rng.randint(max(0, count - 1 - (CLASS_COUNT - target)), min(count - 1, target - 1))
    points, figures = points_and_figures(target)
    misses = near_misses(hand)

    def closeness(c: int) -> tuple[int, int, float]:
        # Near misses first, the likeliest first; then classes close in points and figures.
        p, f = points_and_figures(c)
        rank_of_miss = misses.index(c) if c in misses else len(misses)
        return rank_of_miss, abs(p - points) + abs(f - figures), rng.random()

    lower = sorted(range(1, target), key=closeness)[:position]
    upper = sorted(range(target + 1, CLASS_COUNT + 1), key=closeness)[:count - 1 - position]
    return sorted([*lower, target, *upper])


class Classify(Skill[ClassedHand]):
    id = "three_card.classify"
    title = Message.of(N_("Three-card baccarat: the class of a hand"))
    situation_type = ClassedHand

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> ClassedHand:
        tens = {1: Tens.AVOID, 2: Tens.ANY, 3: Tens.PREFER}[difficulty]
        if difficulty == 3 and rng.random() < 0.35:
            target = rng.choice((THREE_FIGURES_CLASS, *ZERO_CLASSES))
        else:
            target = rng.choice(ALL_CLASSES)
        if difficulty == 3 and rng.random() < 0.25:
            tens = Tens.ANY  # not every hand at the top level hides a ten
        hand = deal_class(rng, target, set(), tens)
        return ClassedHand(text(hand), tuple(_options(rng, hand, target,
                                                     OPTION_COUNT[difficulty])))

    def prompt(self, situation: ClassedHand, difficulty: int) -> Message:
        return Message.of(N_("Three-card baccarat: the hand is {cards}. What is its class?"),
                          cards=cards_shown(situation.hand))

    def form(self, situation: ClassedHand) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICE,
                          tuple(Option(c, class_label(c)) for c in situation.options))

    def read(self, question: Question, answer: Any) -> int:
        return int(read_choice(question, answer))

    def solve(self, question: Question) -> Solution:
        hand = cards(self.dealt(question).hand)
        number = rank(hand)
        return Solution(number, class_label(number), (explain_rank(hand),))
