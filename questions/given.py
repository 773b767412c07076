"""An answer in words, as the trainee gave it: for the exam's "your answer is recorded",
the exam review and the instructor's replay of any attempt."""

from __future__ import annotations

import json
from typing import Any

from i18n import N_, Message, _
from questions.labels import listing, place_label
from questions.model import AnswerKind, Question

#: The three tiers of a 13-card arrangement, front to back.
TIER_NAMES = {"front": N_("Front tier (1st)"), "middle": N_("Middle tier (2nd)"),
              "back": N_("Back tier (3rd)")}


def answer_label(question: Question, answer: Any) -> str:
    """``answer`` in words in the current language: option labels, places, tiers, or the
    amount as typed; anything the question does not know shown as it was stored."""
    labels = {option.value: option.label for option in question.form.options}

    def label(value: Any) -> Message | str:
        if isinstance(value, int | str):
            return labels.get(value, str(value))
        return json.dumps(value, ensure_ascii=False, default=str)

    kind = question.form.kind
    if kind is AnswerKind.CHOICE or isinstance(answer, int | str):
        return str(label(answer))
    if kind in (AnswerKind.ORDERING, AnswerKind.CHOICES) and isinstance(answer, list):
        if all(isinstance(value, int | str) and value in labels for value in answer):
            return str(listing([labels[value] for value in answer]))
        return ", ".join(str(label(value)) for value in answer)
    if isinstance(answer, dict) and "moves" in answer:
        moves = [Message.of(N_("{card} to {place}"), card=str(card),
                            place=place_label(int(place)))
                 for card, place in answer["moves"]]
        action = label(answer.get("action", ""))
        return f"{action}: {listing(moves)}" if moves else str(action)
    if isinstance(answer, dict) and answer.get("natural") is True:
        return str(label("natural"))
    if isinstance(answer, dict) and TIER_NAMES.keys() <= answer.keys():
        return "\n".join(f"{_(TIER_NAMES[tier])}: {' '.join(map(str, answer[tier]))}"
                         for tier in TIER_NAMES)
    return json.dumps(answer, ensure_ascii=False, default=str)
