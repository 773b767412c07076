"""An answer in words, as the trainee gave it: for the exam's "your answer is recorded",
the exam review and the instructor's replay of any attempt."""

from __future__ import annotations

import json
from typing import Any

from i18n import N_, Message, listing
from questions.chips import answer_words
from questions.labels import place_label
from questions.model import AnswerKind, Question
from questions.walks import walk_words
from trainer.rules.thirteen.arrangement import Tier

#: The keys of a 13-card arrangement answer, front to back.
_TIERS = {tier.value for tier in Tier}


def answer_label(question: Question, answer: Any) -> str:
    """``answer`` in words in the current language: option labels, places, tiers, the
    amount as typed, or chips counted with their change; anything the question does not
    know shown as it was stored."""
    labels = {option.value: option.label for option in question.form.options}

    def label(value: Any) -> Message | str:
        if isinstance(value, int | str):
            return labels.get(value, str(value))
        return json.dumps(value, ensure_ascii=False, default=str)

    kind = question.form.kind
    if kind is AnswerKind.CHIPS and (words := answer_words(question, answer)) is not None:
        return str(words)
    if kind is AnswerKind.WALK and (words := walk_words(question, answer)) is not None:
        return str(words)
    if kind is AnswerKind.CHOICE or isinstance(answer, int | str):
        return str(label(answer))
    if kind in (AnswerKind.ORDERING, AnswerKind.CHOICES) and isinstance(answer, list):
        if all(isinstance(value, int | str) and value in labels for value in answer):
            return str(listing([labels[value] for value in answer]))
        return ", ".join(str(label(value)) for value in answer)
    if kind is AnswerKind.RULING and isinstance(answer, dict):
        reasons = {option.value: option.label for option in question.form.reasons}
        ticked = [reasons.get(value, str(value)) for value in answer.get("reasons") or ()]
        ruling = str(label(answer.get("ruling"))).rstrip(".。")
        if not ticked:
            return str(Message.of(N_("{ruling} (no reason ticked)"), ruling=ruling))
        return str(Message.of(N_("{ruling}, because: {reasons}"), ruling=ruling,
                              reasons="; ".join(str(r).rstrip(".。") for r in ticked)))
    if isinstance(answer, dict) and "moves" in answer:
        moves = [Message.of(N_("{card} to {place}"), card=str(card),
                            place=place_label(int(place)))
                 for card, place in answer["moves"]]
        action = label(answer.get("action", ""))
        return f"{action}: {listing(moves)}" if moves else str(action)
    if isinstance(answer, dict) and answer.get("natural") is True:
        return str(label("natural"))
    if isinstance(answer, dict) and _TIERS <= answer.keys():
        return "\n".join(f"{tier.label}: {' '.join(map(str, answer[tier.value]))}"
                         for tier in Tier)
    return json.dumps(answer, ensure_ascii=False, default=str)
