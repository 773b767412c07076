"""13-card game: a misdeal, and what the croupier does about it (Portaria 51/89/M, Art. 4).

Situation keys:
    ``places`` 4, ``banker`` 1, ``dice`` (four ints), ``log`` — the deal as far as it was
    followed, in dealing order, each ``{"card": "KH", "place": 3, "face_up": false}`` —,
    ``identifiable`` (HI-MISDEAL: whether a misdealt card can still be told apart) and
    ``untraced``: when the log stops short, how many more cards places 1 to 4 received, face
    down, with nobody following which went where (empty when the log is the whole deal).

The answer (canonical value, and the reference answer's shape)::

    {"action": "rectify", "moves": [["KH", 3], ["2S", 4]]}
    {"action": "continue", "moves": []}        {"action": "cancel", "moves": []}

A move is the card and the place it must go to; ``[card, from, to]`` is read too. Typed
text: ``"continue"``, ``"cancel"``, ``"rectify KH>3 2S>4"`` (also ``"KH 3, 2S 4"``; moves
without a word mean rectify). Scoring: the wrong action scores 0; continue and cancel are all
or nothing; a rectification earns 0.25 for the action plus 0.75 × the overlap (Jaccard) of
the moves named with the moves needed, and 1.0 only when they are the same.

Difficulty: see :mod:`questions.thirteen.table.misdeal_scenes`, which deals the scenes.
"""

from __future__ import annotations

import random
import re
from typing import Any

from i18n import N_, NP_, Message, listing
from questions.model import AnswerForm, AnswerKind, Option, Question, UnreadableAnswer
from questions.skill import Skill, Solution
from questions.thirteen.situations import DealLog
from questions.thirteen.table.misdeal_scenes import deal_scene
from trainer.rules.cards import Card, cards_shown, cards_text
from trainer.rules.house import HouseRules
from trainer.rules.regulations import Reason
from trainer.rules.table import counting_explanation, first_seat
from trainer.rules.thirteen.dealing import (
    ART_2B,
    ART_4,
    PLACES,
    Action,
    MisdealScenario,
    deal_order,
    resolve_misdeal,
)

ACTION_CREDIT = 0.25
_MOVE = re.compile(r"((?:10|[2-9TJQKA])[SHDC])\s*(?:->|→|>|:|=)?\s*(\d+)", re.IGNORECASE)
_ACTION_WORDS = {action.value: action for action in Action}
_HOW_TO_ANSWER = N_("Answer “continue”, “cancel”, or “rectify” followed by each misdealt card "
                    "and the place it must go to, e.g. “rectify KH>3 2S>4”.")
_PROMPTS = {
    False: N_("The four dice total {total}. The deal so far, card by card (card → place): "
              "{log}. Any card dealt to the wrong place can still be identified. What does "
              "the croupier do?"),
    True: N_("The four dice total {total}. The deal so far, card by card (card → place): "
             "{log}. {cards} turned face up during the deal. Any card dealt to the wrong "
             "place can still be identified. What does the croupier do?"),
}
#: The scene whose log stops: the untraced cards cannot be identified (HI-MISDEAL).
_UNTRACED = {
    False: NP_("The four dice total {total}. The deal, card by card (card → place), was "
               "followed up to card {number}: {log}. Nobody followed the next {count} card: "
               "face down, {counts}; which card went where can no longer be identified. "
               "What does the croupier do?",
               "The four dice total {total}. The deal, card by card (card → place), was "
               "followed up to card {number}: {log}. Nobody followed the next {count} "
               "cards: face down, {counts}; which card went where can no longer be "
               "identified. What does the croupier do?"),
    True: NP_("The four dice total {total}. The deal, card by card (card → place), was "
              "followed up to card {number}: {log}. {cards} turned face up during the deal. "
              "Nobody followed the next {count} card: face down, {counts}; which card went "
              "where can no longer be identified. What does the croupier do?",
              "The four dice total {total}. The deal, card by card (card → place), was "
              "followed up to card {number}: {log}. {cards} turned face up during the deal. "
              "Nobody followed the next {count} cards: face down, {counts}; which card went "
              "where can no longer be identified. What does the croupier do?"),
}


def scenario(situation: DealLog) -> MisdealScenario:
    """The rules core's view of the situation."""
    log = situation.log
    return MisdealScenario(
        sum(situation.dice),
        tuple((Card.parse(entry.card), entry.place) for entry in log),
        frozenset(Card.parse(entry.card) for entry in log if entry.face_up),
        situation.identifiable, situation.untraced or ())


class Misdeal(Skill[DealLog]):
    id = "thirteen.misdeal"
    title = Message.of(N_("13-card game: cards dealt face up or to the wrong place"))
    situation_type = DealLog

    # ----------------------------------------------------------------- generating
    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> DealLog:
        return deal_scene(rng, difficulty)

    def prompt(self, situation: DealLog, difficulty: int) -> Message:
        log = situation.log
        shown = "  ".join(f"{n}. {cards_shown(e.card)}→{e.place}"
                          for n, e in enumerate(log, 1))
        face_up = [cards_shown(e.card) for e in log if e.face_up]
        params: dict[str, Any] = {"total": sum(situation.dice), "log": shown}
        if face_up:
            params["cards"] = ", ".join(face_up)
        untraced = situation.untraced or ()
        if not any(untraced):
            return Message.of(_PROMPTS[bool(face_up)], **params)
        counts = listing([Message.counted("{count} card to place {place}",
                                          "{count} cards to place {place}", count, place=place)
                          for place, count in enumerate(untraced, 1)])
        return Message.counted(*_UNTRACED[bool(face_up)], sum(untraced), number=len(log),
                               counts=counts, **params)

    def brief(self, situation: DealLog, difficulty: int) -> Message:
        """The dice, the deal card by card (with the cards turned face up and where nobody
        followed it) and the places are drawn: only the question."""
        return Message.of(N_("The deal is drawn card by card as it was followed (card → "
                             "place). What does the croupier do?"))

    def form(self, situation: DealLog) -> AnswerForm:
        return AnswerForm(AnswerKind.MOVES, (
            Option(Action.CONTINUE.value, Message.of(N_("Continue the deal"))),
            Option(Action.RECTIFY.value, Message.of(N_("Rectify: give each misdealt card "
                                                       "to its place"))),
            Option(Action.CANCEL.value, Message.of(N_("Cancel the dealt cards and "
                                                      "reshuffle"))),
        ))

    # ------------------------------------------------------------------- reading
    def read(self, question: Question, answer: Any) -> dict[str, Any]:
        action, moves = _parse(answer)
        situation = self.dealt(question)
        dealt = {entry.card: entry.place for entry in situation.log}
        places = situation.places
        read_moves: list[list[Any]] = []
        for move in moves:
            card, to_place, from_place = _one_move(move)
            if card not in dealt:
                raise UnreadableAnswer(Message.of(N_("{card} is not among the cards dealt so "
                                                     "far."), card=card))
            if not 1 <= to_place <= places or (from_place is not None
                                               and not 1 <= from_place <= places):
                raise UnreadableAnswer(Message.of(N_("Places go from 1 to {places}."),
                                                  places=places))
            if from_place is not None and from_place != dealt[card]:
                raise UnreadableAnswer(Message.of(N_("{card} went to place {place}, not place "
                                                     "{given}."), card=cards_shown(card),
                                                  place=dealt[card], given=from_place))
            if any(card == other for other, _ in read_moves):
                raise UnreadableAnswer(Message.of(N_("{card} is named twice: give each card "
                                                     "once."), card=cards_shown(card)))
            read_moves.append([card, to_place])
        if action is None:
            if not read_moves:
                raise UnreadableAnswer(Message.of(_HOW_TO_ANSWER))
            action = Action.RECTIFY
        if read_moves and action is not Action.RECTIFY:
            raise UnreadableAnswer(Message.of(N_("Cards are moved only to rectify: answer "
                                                 "“{action}” alone, or “rectify” with the "
                                                 "moves."), action=action.value))
        return {"action": action.value, "moves": read_moves}

    # ------------------------------------------------------------------- solving
    def solve(self, question: Question) -> Solution:
        situation = self.dealt(question)
        resolution = resolve_misdeal(scenario(situation))
        total = sum(situation.dice)
        round_one = ", ".join(str(place) for place in deal_order(total)[:PLACES])
        reasons = [Reason(counting_explanation(total, PLACES), ART_2B),
                   Reason(Message.of(N_("From place {place} the cards go one at a time "
                                        "counterclockwise: places {order}, and round again."),
                                     place=first_seat(total, PLACES), order=round_one),
                          ART_2B)]
        reasons.extend(resolution.reasons)
        numbers = {entry.card: n for n, entry in enumerate(situation.log, 1)}
        for move in resolution.moves:
            reasons.append(Reason(Message.of(
                N_("Card {number} of the deal, {card}, went to place {wrong}; in the normal "
                   "order it belongs to place {place}."),
                number=numbers[str(move.card)], card=cards_text([move.card]),
                wrong=move.from_place,
                place=move.to_place), ART_4))
        reasons.extend(resolution.steps)
        moves = [[str(move.card), move.to_place] for move in resolution.moves]
        return Solution({"action": resolution.action.value, "moves": moves},
                        _answer_text(resolution.action, moves), tuple(reasons))

    def score(self, question: Question, given: Any, solution: Solution) -> float:
        expected = solution.answer
        if given["action"] != expected["action"]:
            return 0.0
        if expected["action"] != Action.RECTIFY.value:
            return 1.0
        named = {tuple(move) for move in given["moves"]}
        needed = {tuple(move) for move in expected["moves"]}
        if named == needed:
            return 1.0
        return ACTION_CREDIT + (1 - ACTION_CREDIT) * len(named & needed) / len(named | needed)


def _answer_text(action: Action, moves: list[list[Any]]) -> Message:
    if action is Action.CONTINUE:
        return Message.of(N_("Continue the deal: the cards stay where they are"))
    if action is Action.CANCEL:
        return Message.of(N_("Cancel every dealt card: shuffle by hand, then by machine, cut "
                             "with the blank card and put the cards back in the box"))
    named = [Message.of(N_("{card} to place {place}"), card=cards_shown(card), place=place)
             for card, place in moves]
    return Message.of(N_("Rectify: {moves}"), moves=listing(named))


# ---------------------------------------------------------------------- reading helpers
def _parse(answer: Any) -> tuple[Action | None, list[Any]]:
    """The action word (or None) and the moves, from a value or typed text."""
    if isinstance(answer, dict):
        action = answer.get("action")
        moves = answer.get("moves") or []
        if isinstance(moves, str):
            moves = _typed_moves(moves)
        return (_action(action) if action not in (None, "") else None), list(moves)
    if isinstance(answer, str):
        text = answer.strip()
        word = re.match(r"[^\W\d_]+", text)
        if word and word.group(0).lower() in _ACTION_WORDS:
            return _ACTION_WORDS[word.group(0).lower()], _typed_moves(text[word.end():])
        if not text:
            raise UnreadableAnswer(Message.of(_HOW_TO_ANSWER))
        return None, _typed_moves(text)
    if isinstance(answer, Action):
        return answer, []
    raise UnreadableAnswer(Message.of(_HOW_TO_ANSWER))


def _action(value: Any) -> Action:
    action = _ACTION_WORDS.get(str(value).strip().lower())
    if action is None:
        raise UnreadableAnswer(Message.of(_HOW_TO_ANSWER))
    return action


def _typed_moves(text: str) -> list[list[Any]]:
    moves = [[card, int(place)] for card, place in _MOVE.findall(text)]
    if _MOVE.sub("", text).strip(" ,.;/\t\n") or (text.strip() and not moves):
        raise UnreadableAnswer(Message.of(_HOW_TO_ANSWER))
    return moves


def _one_move(move: Any) -> tuple[str, int, int | None]:
    """(card text, place it goes to, place it came from or None)."""
    try:
        if isinstance(move, str):
            (card, place), = _typed_moves(move)
            return str(Card.parse(card)), place, None
        items = list(move)
        card = str(Card.parse(str(items[0])))
        if len(items) == 2:
            return card, int(items[1]), None
        if len(items) == 3:
            return card, int(items[2]), int(items[1])
    except (ValueError, TypeError):
        pass
    raise UnreadableAnswer(Message.of(_HOW_TO_ANSWER))
