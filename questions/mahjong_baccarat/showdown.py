"""Mahjong Baccarat: who wins, a place or the banker (Portaria 15/96/M, Art. 6–8).

Higher points win (Art. 7.1); with equal points the side holding the higher single tile
wins, K being the highest though it counts 0 (Art. 6.1, 7.2); the banker wins when both
have 0 points (密拾) whatever the tiles, and when points and tiles are equal (Art. 8).

Situation (:class:`.situations.Hands`): ``places`` (10), ``banker`` (1), ``hands``
({"<place>": "K 9"}), and at difficulties 1–2 ``place`` (the one place compared).
Difficulty 1 is mostly decided on points; difficulty 2 mostly on the edges (the higher
tile, 0 against 0, equal hands); difficulty 3 deals all ten places, at least one of them on
an edge, and asks which places beat the banker (a set of places, possibly none).
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message, listing
from questions.answers import read_choice, read_choices
from questions.labels import place_label
from questions.mahjong_baccarat.situations import (
    ALL_EQUAL,
    BOTH_ZERO,
    EDGES,
    HIGH_TILE,
    POINTS,
    Hand,
    Hands,
    deal_around,
    edge_pair,
    hand_text,
    hands_json,
    hands_listing,
    hands_of,
    pair,
    player_against,
)
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import PLACES, compare
from trainer.rules.regulations import Reason
from trainer.rules.table import BANKER_PLACE, Outcome

#: How often each rule decides a one-place question, by difficulty and winner.
WEIGHTS = {
    1: {Outcome.PLAYER: {POINTS: 7, HIGH_TILE: 3},
        Outcome.BANKER: {POINTS: 10, HIGH_TILE: 4, BOTH_ZERO: 3, ALL_EQUAL: 3}},
    2: {Outcome.PLAYER: {POINTS: 3, HIGH_TILE: 7},
        Outcome.BANKER: {POINTS: 4, HIGH_TILE: 6, BOTH_ZERO: 5, ALL_EQUAL: 5}},
}


def pick_category(rng: random.Random, weights: dict[str, int]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


class Showdown(Skill[Hands]):
    id = "mahjong_baccarat.compare"
    title = Message.of(N_("Mahjong Baccarat: who wins against the banker"))
    situation_type = Hands

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> Hands:
        if difficulty < 3:
            outcome = rng.choice((Outcome.PLAYER, Outcome.BANKER))
            category = pick_category(rng, WEIGHTS[difficulty][outcome])
            player, banker = pair(rng, category, outcome)
            place = rng.randint(2, PLACES)
            return Hands(PLACES, BANKER_PLACE, hands_json({BANKER_PLACE: banker, place: player}),
                         place)
        return Hands(PLACES, BANKER_PLACE, hands_json(self._table(rng)))

    def _table(self, rng: random.Random) -> dict[int, Hand]:
        """A full table with one to three places decided on purpose, at least one on an edge."""
        player, banker = edge_pair(rng)
        places = rng.sample(range(2, PLACES + 1), 3)
        fixed = {BANKER_PLACE: banker, places[0]: player}
        for place in places[1:]:
            outcome = rng.choice((Outcome.PLAYER, Outcome.BANKER))
            category = rng.choice([POINTS, HIGH_TILE] if outcome is Outcome.PLAYER
                                  else [POINTS, *EDGES])
            dealt = [tile for hand in fixed.values() for tile in hand]
            hand = player_against(rng, category, outcome, banker, dealt)
            if hand is not None:
                fixed[place] = hand
        return deal_around(rng, fixed)

    def prompt(self, situation: Hands, difficulty: int) -> Message:
        hands = hands_of(situation)
        place = situation.place
        if place is not None:
            return Message.of(N_("Place {place} holds {player}; the banker holds {banker}. "
                                 "Who wins?"), place=place, player=hand_text(hands[place]),
                              banker=hand_text(hands[BANKER_PLACE]))
        return Message.of(N_("The tiles are open: {hands}. Which places beat the banker?"),
                          hands=hands_listing(hands))

    def form(self, situation: Hands) -> AnswerForm:
        if situation.place is not None:
            return AnswerForm(AnswerKind.CHOICE, (
                Option(Outcome.PLAYER.value, Message.of(N_("Place {place} wins"),
                                                        place=situation.place)),
                Option(Outcome.BANKER.value, Message.of(N_("The banker wins")))))
        return AnswerForm(AnswerKind.CHOICES, tuple(
            Option(place, place_label(place)) for place in range(2, situation.places + 1)))

    def read(self, question: Question, answer: Any) -> Any:
        if self.dealt(question).place is not None:
            return read_choice(question, answer)
        return read_choices(question, answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        hands = hands_of(situation)
        banker = hands[BANKER_PLACE]
        if situation.place is not None:
            verdict = compare(hands[situation.place], banker)
            option = next(o for o in question.form.options if o.value == verdict.outcome.value)
            return Solution(verdict.outcome.value, option.label, verdict.reasons)
        winners, reasons = [], []
        for place in sorted(hands):
            if place == BANKER_PLACE:
                continue
            verdict = compare(hands[place], banker)
            if verdict.outcome is Outcome.PLAYER:
                winners.append(place)
            reasons.append(Reason(Message.of(N_("{place}: {ruling}"), place=place_label(place),
                                             ruling=verdict.reason.text),
                                  verdict.reason.source))
        return Solution(frozenset(winners), listing([place_label(p) for p in winners]),
                        tuple(reasons))
