"""Three-card baccarat: which hand wins, or several hands from strongest to weakest.

Level 1 (CHOICE) shows the player's and the banker's hands (situation keys ``player`` and
``banker``) and asks who wins: ``"player"``, ``"banker"`` or ``"tie"`` (two hands of
the same class, HI-3C-TIE). The outcome is picked first — a tie one time in four — and half the
decided coups are won on figures alone (equal points).

Levels 2 and 3 (ORDERING) deal 3 or 4 hands from one deck (situation ``hands``,
``{"1": "KS QH 3D", …}``) of different classes — so there is never a tie to order — and
ask for the hand numbers from the strongest to the weakest. Level 3 builds the traps on
purpose: equal points that only figures separate, tens that look like figures, and three
figures against zero with two figures.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message, listing
from questions.answers import read_choice, read_ordering
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
from questions.three_card.situations import Hands
from trainer.rules.cards import Card, cards_shown
from trainer.rules.house import HouseRules
from trainer.rules.table import Outcome
from trainer.rules.three_card.classes import (
    CLASS_COUNT,
    THREE_FIGURES_CLASS,
    class_of,
    rank_hands,
    showdown,
)

OUTCOME_LABELS = {
    Outcome.PLAYER: N_("The player wins"),
    Outcome.BANKER: N_("The banker wins"),
    Outcome.TIE: N_("Tie"),
}
HANDS = {2: 3, 3: 4}
NEEDS_A_TEN = 29  # two figures and a ten


def hand_label(number: int) -> Message:
    return Message.of(N_("Hand {number}"), number=number)


def _two_classes(rng: random.Random, outcome: Outcome) -> tuple[int, int]:
    """The player's and the banker's classes for ``outcome``."""
    if outcome is Outcome.TIE:
        same = rng.randint(1, CLASS_COUNT)
        return same, same
    if rng.random() < 0.5:
        # Equal points, decided by the figures alone.
        points = rng.randint(0, 9)
        low, high = sorted(rng.sample([class_of(points, f) for f in range(3)], 2))
    else:
        low, high = sorted(rng.sample(range(1, CLASS_COUNT + 1), 2))
    return (low, high) if outcome is Outcome.PLAYER else (high, low)


def _trap_classes(rng: random.Random, count: int) -> list[int]:
    """``count`` different classes, built round one of the usual slips (level 3)."""
    trap = rng.randrange(3)
    if trap == 0:  # equal points: only the figures decide
        points = rng.randint(0, 9)
        classes = [class_of(points, f) for f in range(3)]
    elif trap == 1:  # three figures against the zero-point hands
        classes = [THREE_FIGURES_CLASS, *rng.sample(ZERO_CLASSES, 2)]
    else:  # neighbouring points with figures against fewer figures
        points = rng.randint(1, 9)
        classes = [class_of(points, 0), class_of(points - 1, 2), class_of(points, 1)]
    others = [c for c in range(1, CLASS_COUNT + 1) if c not in classes]
    classes = classes[:count] + rng.sample(others, max(0, count - len(classes)))
    rng.shuffle(classes)
    return classes


def _coup(situation: Hands) -> tuple[str, str]:
    """The player's and the banker's hands of a level-1 situation."""
    if situation.player is None or situation.banker is None:
        raise ValueError("the situation has no player's or banker's hand")
    return situation.player, situation.banker


class Order(Skill[Hands]):
    id = "three_card.order"
    title = Message.of(N_("Three-card baccarat: which hand wins"))
    situation_type = Hands

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> Hands:
        used: set[Card] = set()
        if difficulty == 1:
            outcome = rng.choice((Outcome.PLAYER, Outcome.PLAYER, Outcome.PLAYER,
                                  Outcome.BANKER, Outcome.BANKER, Outcome.BANKER,
                                  Outcome.TIE, Outcome.TIE))
            player, banker = _two_classes(rng, outcome)
            return Hands(player=text(deal_class(rng, player, used, Tens.ANY)),
                         banker=text(deal_class(rng, banker, used, Tens.ANY)))
        count = HANDS[difficulty]
        if difficulty == 3:
            classes = _trap_classes(rng, count)
        else:
            classes = rng.sample(range(1, CLASS_COUNT + 1), count)
        hands = {}
        # Zero with two figures needs one of the four tens: deal it before tens run out.
        for index in sorted(range(count), key=lambda i: classes[i] != NEEDS_A_TEN):
            class_number = classes[index]
            tens = Tens.PREFER if difficulty == 3 and points_and_figures(class_number)[1] < 2 \
                else Tens.ANY
            hands[str(index + 1)] = text(deal_class(rng, class_number, used, tens))
        return Hands(hands=dict(sorted(hands.items())))

    def prompt(self, situation: Hands, difficulty: int) -> Message:
        if situation.hands is None:
            player, banker = _coup(situation)
            return Message.of(N_("Three-card baccarat: the player holds {player} and the "
                                 "banker {banker}. Who wins the coup?"),
                              player=cards_shown(player), banker=cards_shown(banker))
        shown = listing([Message.of(N_("hand {number}: {cards}"), number=int(n),
                                      cards=cards_shown(c))
                         for n, c in situation.hands.items()])
        return Message.of(N_("Three-card baccarat: {hands}. Put the hands in order from the "
                             "strongest to the weakest."), hands=shown)

    def form(self, situation: Hands) -> AnswerForm:
        if situation.hands is None:
            return AnswerForm(AnswerKind.CHOICE, tuple(
                Option(o.value, Message.of(label)) for o, label in OUTCOME_LABELS.items()))
        return AnswerForm(AnswerKind.ORDERING, tuple(
            Option(int(n), hand_label(int(n))) for n in situation.hands))

    def read(self, question: Question, answer: Any) -> str | tuple[int, ...]:
        if question.form.kind is AnswerKind.CHOICE:
            return str(read_choice(question, answer))
        return tuple(int(n) for n in read_ordering(question, answer))

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        if situation.hands is None:
            coup = showdown(*(cards(hand) for hand in _coup(situation)))
            return Solution(coup.outcome.value, Message.of(OUTCOME_LABELS[coup.outcome]),
                            coup.reasons)
        numbers = [int(n) for n in situation.hands]
        ranking = rank_hands([cards(c) for c in situation.hands.values()])
        order = tuple(numbers[index] for index in ranking.order)
        return Solution(order, listing([hand_label(n) for n in order]), ranking.reasons)
