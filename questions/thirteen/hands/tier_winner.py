"""13-card game: who wins one tier, the player's hand or the banker's (Art. 9 II, 10).

Situation: ``places`` (4), ``banker`` (1), ``place`` (the player's place), ``tier``
("front", "middle" or "back") and ``hands`` (``{"1": banker's cards, "<place>": the
player's}``). Level 1 sets different combinations against each other; level 2 one
combination decided by ranks or odd cards, with exact ties (equal hands in other suits,
the banker's by Art. 10) a fifth of the time; level 3 the Macau edge cases and a quarter
of ties. The answer is ``"player"`` or ``"banker"``; a place number is read as well.
"""

from __future__ import annotations

import random
from typing import Any

from i18n import N_, Message
from questions.answers import read_choice
from questions.labels import place_label
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer
from questions.skill import Skill, Solution
from questions.thirteen.dealing.contests import shapes_for, tie_shape
from questions.thirteen.dealing.deck import Deck, with_retries
from questions.thirteen.situations import TierShown
from trainer.rules.cards import cards_shown, format_cards, parse_cards
from trainer.rules.house import HouseRules
from trainer.rules.table import BANKER_PLACE, Outcome
from trainer.rules.thirteen.arrangement import Tier
from trainer.rules.thirteen.hands import evaluate
from trainer.rules.thirteen.rulings import front_combinations, why_higher
from trainer.rules.thirteen.showdown import play_tier, tier_reason

PLACES = 4
#: How often each level deals equal hands (the banker's tier by Art. 10).
TIE_SHARE = {1: 0.0, 2: 0.2, 3: 0.27}
#: How often the tier is the 3-card front.
FRONT_SHARE = 0.3


class TierWinner(Skill[TierShown]):
    id = "thirteen.tier_winner"
    title = Message.of(N_("13-card game: who wins a tier"))
    situation_type = TierShown

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> TierShown:
        place = rng.randint(2, PLACES)
        tier = Tier.FRONT if rng.random() < FRONT_SHARE else rng.choice((Tier.MIDDLE,
                                                                         Tier.BACK))
        tie = rng.random() < TIE_SHARE[difficulty]
        # Ties go to the banker: the player wins half of the rest more often, so that
        # each answer is right about half of the time.
        player_wins = rng.random() < 0.5 / (1 - TIE_SHARE[difficulty])

        def build(rng: random.Random) -> tuple[str, str]:
            deck = Deck(rng)
            if tie:
                shape = tie_shape(rng, difficulty, tier.size)
                return format_cards(list(deck.deal(shape))), format_cards(list(deck.deal(shape)))
            first, second = shapes_for(rng, difficulty, tier.size, 2)
            high, low = (first, second) if first.key > second.key else (second, first)
            winner, loser = (format_cards(list(deck.deal(s))) for s in (high, low))
            return (winner, loser) if player_wins else (loser, winner)

        player, banker = with_retries(rng, build)
        return TierShown(PLACES, BANKER_PLACE, place, tier,
                         {str(BANKER_PLACE): banker, str(place): player})

    def prompt(self, situation: TierShown, difficulty: int) -> Message:
        return Message.of(N_("{tier}: place {place} shows {player}, the banker shows "
                             "{banker}. Who wins the tier?"),
                          tier=situation.tier.label, place=situation.place,
                          player=cards_shown(situation.hands[str(situation.place)]),
                          banker=cards_shown(situation.hands[str(situation.banker)]))

    def form(self, situation: TierShown) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICE, (
            Option(Outcome.PLAYER.value, place_label(situation.place, situation.banker)),
            Option(Outcome.BANKER.value, place_label(situation.banker, situation.banker)),
        ))

    def read(self, question: Question, answer: Any) -> str:
        """"player" or "banker", or the place number of either."""
        text = str(answer).strip()
        situation = self.dealt(question)
        places = {str(situation.place): Outcome.PLAYER.value,
                  str(situation.banker): Outcome.BANKER.value}
        if text in places:
            return places[text]
        try:
            return str(read_choice(question, answer))
        except UnreadableAnswer:
            raise UnreadableAnswer(Message.of(
                N_("Answer “player” or “banker” (or place {place} or place {banker})."),
                place=situation.place, banker=situation.banker)) from None

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        tier = situation.tier
        player = evaluate(parse_cards(situation.hands[str(situation.place)]))
        banker = evaluate(parse_cards(situation.hands[str(situation.banker)]))
        result = play_tier(tier, player, banker)
        reasons = [front_combinations()] if tier is Tier.FRONT else []
        reasons.append(tier_reason(result))
        if player != banker:
            high, low = (player, banker) if result.winner is Outcome.PLAYER else (banker, player)
            reasons.append(why_higher(high, low))
        winner = situation.place if result.winner is Outcome.PLAYER else situation.banker
        return Solution(result.winner.value, place_label(winner, situation.banker),
                        tuple(reasons))
