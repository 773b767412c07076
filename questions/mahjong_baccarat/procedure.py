"""Mahjong Baccarat: the croupier's rulings on what happens at the table.

Dice out of the bowl or badly settled are shaken again (Art. 2.5); a tile turned up by
accident stays valid (Art. 4); the stacks are re-ordered only before the dice, with one
hand, players first and at most two of them, the banker last and nobody after him (Art.
2.6); no bet is placed, changed or moved once the dice are shaken (Art. 2.7); a bet is
settled where it lies (Art. 2.8); nobody changes the dice total (Art. 2.3) and only the
banker shakes (Art. 2.2). The rules core rules (``rule_on``, ``rule_on_reorders``).

Situation (:class:`.situations.TableIncident`): ``incident`` (an ``Incident`` value, or
``reorder`` / ``reorders``), its details (``place``, ``stake``, ``tile``, ``face``,
``total``, ``other``, ``change``) or ``requests`` ([{"place", "hands", "after_dice"}] in
the order made), and ``options`` (the actions offered, in the order shown). Difficulties
1–2 ask for one ruling (CHOICE): the generator picks the right decision first, evenly, then
an incident that calls for it; 2 adds the subtler incidents and re-orders after earlier
requests. Difficulty 3 gives a round of re-order requests and asks which the croupier
allows (CHOICES of request numbers). At every difficulty some questions (:mod:`.conduct`)
ask a ruling with the points of the text behind it (Art. 3, 5.3, 5.5, 5.6, 6–8): a RULING.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from i18n import N_, Message, Money, items_listing, listing
from questions.answers import read_choice, read_choices, read_ruling
from questions.labels import place_label
from questions.mahjong_baccarat.conduct import (
    INCIDENTS,
    conduct_form,
    conduct_prompt,
    deal_conduct,
    solve_conduct,
)
from questions.mahjong_baccarat.situations import (
    Request,
    TableIncident,
    dice_for_place,
    sentences,
    stake,
)
from questions.model import AnswerForm, AnswerKind, Option, Question
from questions.situation import present
from questions.skill import Skill, Solution
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import (
    PLACES,
    Decision,
    Incident,
    Reorder,
    Tile,
    rule_on,
    rule_on_reorders,
)
from trainer.rules.regulations import Reason
from trainer.rules.table import BANKER_PLACE

REORDER, REORDERS = "reorder", "reorders"
#: The share of questions, by difficulty, that ask a ruling with its reasons (:mod:`.conduct`).
_CONDUCT = {1: 0.35, 2: 0.5, 3: 0.4}

ACTIONS = {
    "reshake": N_("Have the banker shake the dice again"),
    "count_as_lying": N_("Count the dice as they lie"),
    "croupier_shakes": N_("Shake the dice again himself"),
    "void_round": N_("Call the round off and return every bet"),
    "play_on": N_("Leave the tile as it is and go on dealing"),
    "redeal": N_("Gather the tiles, shuffle and deal again"),
    "replace_tile": N_("Swap the tile for the next one in the row"),
    "allow": N_("Allow it"),
    "refuse": N_("Refuse it"),
    "ask_banker": N_("Allow it if the banker agrees"),
    "ask_players": N_("Allow it if no player objects"),
    "accept_and_reshake": N_("Accept the bet and have the dice shaken again"),
    "settle_as_placed": N_("Pay or collect the bet at the place where it lies"),
    "move_bet": N_("Move the bet to the place the player meant"),
    "return_bet": N_("Return the bet to the player"),
}

_OPTIONS: dict[Incident | str, tuple[str, ...]] = {
    Incident.DICE_OUT_OF_BOWL: ("reshake", "count_as_lying", "croupier_shakes", "void_round"),
    Incident.DICE_BADLY_SETTLED: ("reshake", "count_as_lying", "croupier_shakes",
                                  "void_round"),
    Incident.TILE_EXPOSED: ("play_on", "redeal", "replace_tile", "void_round"),
    Incident.BET_AFTER_DICE: ("refuse", "allow", "ask_banker", "accept_and_reshake"),
    Incident.BET_CHANGED_AFTER_DICE: ("refuse", "allow", "ask_banker"),
    Incident.BET_ON_WRONG_PLACE: ("settle_as_placed", "move_bet", "return_bet"),
    Incident.TOTAL_ADJUSTED: ("refuse", "allow", "ask_players"),
    Incident.PLAYER_SHAKES: ("refuse", "allow", "ask_banker"),
    REORDER: ("allow", "refuse", "ask_banker"),
}

#: The incidents that call for each decision, by difficulty (re-orders are built apart).
_CALLS_FOR: dict[int, dict[Decision, list[Incident | str]]] = {
    1: {Decision.RESHAKE: [Incident.DICE_OUT_OF_BOWL, Incident.DICE_BADLY_SETTLED],
        Decision.PLAY_ON: [Incident.TILE_EXPOSED],
        Decision.ALLOW: [REORDER],
        Decision.REFUSE: [Incident.BET_AFTER_DICE, REORDER],
        Decision.SETTLE_AS_PLACED: [Incident.BET_ON_WRONG_PLACE]},
    2: {Decision.RESHAKE: [Incident.DICE_OUT_OF_BOWL, Incident.DICE_BADLY_SETTLED],
        Decision.PLAY_ON: [Incident.TILE_EXPOSED],
        Decision.ALLOW: [REORDER],
        Decision.REFUSE: [Incident.BET_CHANGED_AFTER_DICE, Incident.TOTAL_ADJUSTED,
                          Incident.PLAYER_SHAKES, REORDER, REORDER, REORDER],
        Decision.SETTLE_AS_PLACED: [Incident.BET_ON_WRONG_PLACE]},
}

_PROMPTS = {
    Incident.DICE_OUT_OF_BOWL: N_("The banker shakes the four dice and one of them jumps out "
                                  "of the bowl, landing on {face}."),
    Incident.DICE_BADLY_SETTLED: N_("After the banker's shake, one die leans against the side "
                                    "of the bowl, between {face} and another face."),
    Incident.TILE_EXPOSED: N_("While the tiles are dealt, a tile for place {place} turns "
                              "face up by accident: it is a {tile}."),
    Incident.BET_AFTER_DICE: N_("The banker has shaken the dice. The player at place {place} "
                                "now puts a bet of {stake} on the table."),
    Incident.BET_ON_WRONG_PLACE: N_("The tiles are open. A player says his bet of {stake} on "
                                    "place {place} was meant for place {other}."),
    Incident.TOTAL_ADJUSTED: N_("The dice show a total of {total}. The banker asks to count it as "
                                "{other}, so that the deal starts one place further on."),
    Incident.PLAYER_SHAKES: N_("The player at place {place} asks to shake the dice this round "
                               "instead of the banker."),
}
_CHANGES = {
    "add": N_("The dice have been shaken. The player at place {place} wants to add {stake} to "
              "his bet."),
    "withdraw": N_("The dice have been shaken. The player at place {place} wants to take back "
                   "his bet of {stake}."),
    "move": N_("The dice have been shaken. The player at place {place} wants to move his bet "
               "of {stake} to place {other}."),
}

#: What the situation tells of each incident.
_DETAILS: dict[Incident | str, tuple[str, ...]] = {
    Incident.DICE_OUT_OF_BOWL: ("face",), Incident.DICE_BADLY_SETTLED: ("face",),
    Incident.TILE_EXPOSED: ("place", "tile"), Incident.BET_AFTER_DICE: ("place", "stake"),
    Incident.BET_CHANGED_AFTER_DICE: ("place", "stake", "change", "other"),
    Incident.BET_ON_WRONG_PLACE: ("place", "other", "stake"),
    Incident.TOTAL_ADJUSTED: ("dice",), Incident.PLAYER_SHAKES: ("place",),
}

#: How an asked re-order request is set up: (earlier players, banker before, hands, after),
#: or "banker" (the banker asks, after none to two players).
ReorderCase = tuple[int, bool, int, bool] | str
_REORDER_CASES: dict[int, dict[Decision, list[ReorderCase]]] = {
    1: {Decision.ALLOW: [(0, False, 1, False), "banker"],
        Decision.REFUSE: [(0, False, 1, True), (1, False, 1, True)]},
    2: {Decision.ALLOW: [(1, False, 1, False), "banker", (0, False, 1, False)],
        Decision.REFUSE: [(2, False, 1, False), (1, True, 1, False), (0, True, 1, False),
                          (1, False, 2, False), (2, True, 1, True)]},
}


class Procedure(Skill[TableIncident]):
    id = "mahjong_baccarat.procedure"
    title = Message.of(N_("Mahjong Baccarat: the croupier's rulings"))
    situation_type = TableIncident

    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> TableIncident:
        if rng.random() < _CONDUCT[difficulty]:
            return deal_conduct(rng, difficulty)
        if difficulty == 3:
            return TableIncident(REORDERS, PLACES, BANKER_PLACE,
                                 requests=_round_of_requests(rng))
        decision = rng.choice(list(_CALLS_FOR[difficulty]))
        incident = rng.choice(_CALLS_FOR[difficulty][decision])
        options = list(_OPTIONS[incident])
        rng.shuffle(options)
        situation = TableIncident(str(incident), PLACES, BANKER_PLACE, options=tuple(options))
        if incident == REORDER:
            case = rng.choice(_REORDER_CASES[difficulty][decision])
            return replace(situation, requests=_requests_for(rng, case))
        place, other = rng.sample(range(2, PLACES + 1), 2)
        details: dict[str, Any] = {"place": place, "other": other, "face": rng.randint(1, 6),
                   "stake": stake(rng, 50, 2000), "tile": str(rng.choice(list(Tile))),
                   "change": rng.choice(list(_CHANGES)), "dice": dice_for_place(
                       rng, rng.randint(1, PLACES))}
        return replace(situation, **{key: details[key] for key in _DETAILS[incident]})

    def prompt(self, situation: TableIncident, difficulty: int) -> Message:
        incident = situation.incident
        if incident in INCIDENTS:
            return conduct_prompt(situation)
        if incident in (REORDER, REORDERS):
            requests = items_listing([_request_label(number, request) for number, request
                                      in enumerate(present(situation.requests), start=1)])
            if incident == REORDERS:
                return Message.of(N_("Requests to re-order the stacks this round, in the "
                                     "order made: {requests}. Which does the croupier "
                                     "allow?"), requests=requests)
            return Message.of(N_("Requests to re-order the stacks this round, in the order "
                                 "made: {requests}. What does the croupier do about request "
                                 "{number}?"), requests=requests,
                              number=len(present(situation.requests)))
        text = (_CHANGES[present(situation.change)]
                if incident == Incident.BET_CHANGED_AFTER_DICE else _PROMPTS[Incident(incident)])
        values: dict[str, Any] = {key: value for key, value in (
            ("place", situation.place), ("other", situation.other), ("face", situation.face),
            ("tile", situation.tile)) if value is not None}
        if situation.stake is not None:
            values["stake"] = Money(situation.stake)
        if situation.dice is not None:
            values["total"] = sum(situation.dice)
            values["other"] = values["total"] + 1
        event = Message.of(text, **{k: v for k, v in values.items() if f"{{{k}}}" in text})
        return sentences(event, Message.of(N_("What does the croupier do?")))

    def form(self, situation: TableIncident) -> AnswerForm:
        if situation.incident in INCIDENTS:
            return conduct_form(situation)
        if situation.incident == REORDERS:
            return AnswerForm(AnswerKind.CHOICES, tuple(
                Option(number, _request_label(number, request))
                for number, request in enumerate(present(situation.requests), start=1)))
        return AnswerForm(AnswerKind.CHOICE, tuple(
            Option(value, Message.of(ACTIONS[value])) for value in present(situation.options)))

    def read(self, question: Question, answer: Any) -> Any:
        incident = self.dealt(question).incident
        if incident in INCIDENTS:
            return read_ruling(question, answer)
        if incident == REORDERS:
            return read_choices(question, answer)
        return read_choice(question, answer)

    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        incident = situation.incident
        if incident in INCIDENTS:
            return solve_conduct(situation, question)
        if incident in (REORDER, REORDERS):
            rulings = rule_on_reorders(Reorder(r.place, r.hands, r.after_dice)
                                       for r in present(situation.requests))
            if incident == REORDERS:
                allowed = [n for n, r in enumerate(rulings, start=1)
                           if r.decision is Decision.ALLOW]
                reasons = tuple(Reason(Message.of(N_("Request {number}: {ruling}"), number=n,
                                                  ruling=r.reason.text), r.reason.source)
                                for n, r in enumerate(rulings, start=1))
                return Solution(frozenset(allowed), listing([
                    Message.of(N_("Request {number}"), number=n) for n in allowed]), reasons)
            ruling = rulings[-1]
        else:
            ruling = rule_on(Incident(incident))
        return Solution(ruling.decision.value, Message.of(ACTIONS[ruling.decision.value]),
                        (ruling.reason,))


def _request_label(number: int, request: Request) -> Message:
    who = place_label(request.place)
    if request.after_dice:
        return Message.of(N_("Request {number}: {who}, after the dice"), number=number, who=who)
    if request.hands == 1:
        return Message.of(N_("Request {number}: {who}, with one hand, before the dice"),
                          number=number, who=who)
    return Message.of(N_("Request {number}: {who}, with both hands, before the dice"),
                      number=number, who=who)


def _requests_for(rng: random.Random, case: ReorderCase) -> tuple[Request, ...]:
    """Earlier requests, all allowed, then the asked one set up as ``case`` says."""
    players = rng.sample(range(2, PLACES + 1), 4)
    if isinstance(case, str):  # "banker"
        earlier = [Request(p) for p in players[:rng.randint(0, 2)]]
        return (*earlier, Request(BANKER_PLACE))
    before, banker_before, hands, after = case
    earlier = [Request(p) for p in players[:before]]
    if banker_before:
        earlier.append(Request(BANKER_PLACE))
    asked = BANKER_PLACE if not banker_before and rng.random() < 0.2 and before < 2 \
        else players[3]
    return (*earlier, Request(asked, hands, after))


def _round_of_requests(rng: random.Random) -> tuple[Request, ...]:
    """Four to six requests: players, some with both hands; usually the banker somewhere
    among them; sometimes the last one or two after the dice."""
    count = rng.randint(4, 6)
    places = rng.sample(range(2, PLACES + 1), count)
    if rng.random() < 0.75:
        places[rng.randint(0, count - 1)] = BANKER_PLACE
    after = count - rng.choice((0, 0, 1, 2))
    return tuple(Request(p, 2 if rng.random() < 0.35 else 1, i >= after)
                 for i, p in enumerate(places))
