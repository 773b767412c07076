"""13-card game: the points of a showdown, place against banker (Art. 7–10, 9 I).

Situation: as :func:`questions.thirteen.dealing.showdowns.deal_showdown` (``places``, ``banker``,
``place``, ``arrangements`` by place) plus ``choices``, the margins offered. The answer
is the margin, the player's points minus the banker's (an int: 3, -2, 0), as the core's
``showdown`` gives it (a natural counts 3 points, two naturals tie); at level 3 a foul
decides instead and the answer is ``"foul-player"``, ``"foul-banker"`` or
``"foul-both"`` (who fouled). Typed answers: "3", "+3", "-2", "−2", or a foul value.
"""

from __future__ import annotations

import random
from typing import Any, Final

from i18n import N_, Message
from questions.answers import read_choice
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.skill import Skill, Solution
from questions.thirteen.dealing.showdowns import deal_showdown, sides
from questions.thirteen.situations import FoulChoice, ShowdownChoices
from trainer.rules.house import HouseRules
from trainer.rules.table import Outcome
from trainer.rules.thirteen.arrangement import Tier
from trainer.rules.thirteen.showdown import Showdown, play_tier, showdown

FOUL_PLAYER: Final = "foul-player"
FOUL_BANKER: Final = "foul-banker"
FOUL_BOTH: Final = "foul-both"
FOULS: tuple[FoulChoice, ...] = (FOUL_PLAYER, FOUL_BANKER, FOUL_BOTH)
MARGINS_OFFERED = 5


def answer_of(result: Showdown) -> int | str:
    """The margin, or who fouled when a foul decides."""
    if result.player_foul and result.banker_foul:
        return FOUL_BOTH
    if result.player_foul:
        return FOUL_PLAYER
    if result.banker_foul:
        return FOUL_BANKER
    return result.margin


_FOUL_LABELS = {FOUL_PLAYER: N_("The player fouled"), FOUL_BANKER: N_("The banker fouled"),
                FOUL_BOTH: N_("Both fouled")}


def choice_label(choice: int | str) -> Message:
    if isinstance(choice, str):
        return Message.of(_FOUL_LABELS[choice])
    return margin_label(choice)


def margin_label(margin: int) -> Message:
    if margin > 0:
        return Message.counted("The player wins by {count} point",
                               "The player wins by {count} points", margin)
    if margin < 0:
        return Message.counted("The banker wins by {count} point",
                               "The banker wins by {count} points", -margin)
    return Message.of(N_("A tie: 0 points"))


class ShowdownPoints(Skill[ShowdownChoices]):
    id = "thirteen.showdown"
    title = Message.of(N_("13-card game: the points of a showdown"))
    situation_type = ShowdownChoices

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> ShowdownChoices:
        table = deal_showdown(rng, difficulty, rules.thirteen)
        player, banker = sides(table)
        result = showdown(player, banker, rules.thirteen)
        # Wrong margins a trainee might reach: the tiers played as if nothing else
        # counted (ignoring a natural or a foul), every tier as 1 point, a slip of a
        # point or two, the sign turned round.
        tiers = [play_tier(tier, player.hand(tier), banker.hand(tier)) for tier in Tier]
        played = sum(r.points if r.winner is Outcome.PLAYER else -r.points for r in tiers)
        one_each = sum(1 if r.winner is Outcome.PLAYER else -1 for r in tiers)
        right = answer_of(result)
        centre = right if isinstance(right, int) else played
        wrong = {played, one_each, -centre, centre + 1, centre - 1, centre + 2, centre - 2,
                 3 if centre != 3 else -3} - {right}
        choices = rng.sample(sorted(wrong), MARGINS_OFFERED - isinstance(right, int))
        if isinstance(right, int):
            choices.append(right)
        # Level 3 always offers the fouls, whether or not one decides.
        offered: tuple[int | FoulChoice, ...] = (*sorted(choices),
                                                 *(FOULS if difficulty == 3 else ()))
        return ShowdownChoices(table.places, table.banker, table.place, table.arrangements,
                               offered)

    def prompt(self, situation: ShowdownChoices, difficulty: int) -> Message:
        if difficulty == 3:
            return Message.of(N_("Place {place} and the banker show their hands. What is the "
                                 "result: by how many points does the player win or lose, "
                                 "or does a foul decide?"), place=situation.place)
        return Message.of(N_("Place {place} and the banker show their hands. By how many "
                             "points does the player win or lose?"), place=situation.place)

    def form(self, situation: ShowdownChoices) -> AnswerForm:
        return AnswerForm(AnswerKind.CHOICE, tuple(Option(choice, choice_label(choice))
                                                   for choice in situation.choices))

    def read(self, question: Question, answer: Any) -> int | str:
        """A margin as an int or typed ("+3", "−2"), or a foul value."""
        if isinstance(answer, str):
            text = answer.strip().replace("−", "-").lstrip("+")
            if text.lstrip("-").isdigit():
                answer = int(text)
        return read_choice(question, answer)

    def solve(self, question: Question) -> Solution:
        player, banker = sides(self.dealt(question))
        result = showdown(player, banker, question.rules.thirteen)
        right = answer_of(result)
        return Solution(right, choice_label(right), result.reasons)
