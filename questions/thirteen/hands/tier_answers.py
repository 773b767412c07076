"""13-card game: reading the banker's setting given as an answer (the house-way question).

Tiers come as an ``Arrangement``, a dict of tiers (lists of cards or space-separated text)
or typed text: ``"front: AS KD 2C / middle: … / back: …"``, tiers also as ``1:``/``2:``/
``3:``, or three unlabelled groups front to back, separated by ``/``, ``;`` or new lines.
``natural`` (in a dict: True or the name of a natural; in text: the word alone, or added as
``/ natural``) declares a natural. Anything else is unreadable, with a message saying how to
answer.
"""

from __future__ import annotations

import re
from typing import Any

from i18n import N_, Message
from questions.model import UnreadableAnswer
from trainer.rules.cards import Card
from trainer.rules.thirteen.arrangement import Arrangement, Tier
from trainer.rules.thirteen.naturals import Natural

NATURAL_WORDS = {"natural", *(natural.value for natural in Natural)}
_TIER_WORDS = {"front": Tier.FRONT, "1": Tier.FRONT, "1st": Tier.FRONT,
               "middle": Tier.MIDDLE, "2": Tier.MIDDLE, "2nd": Tier.MIDDLE,
               "back": Tier.BACK, "3": Tier.BACK, "3rd": Tier.BACK}
HOW_TO_ANSWER = N_("Give the three tiers, e.g. “front: AS KD 2C / middle: … / back: …”, "
                   "or “natural” to declare a natural.")


def parse_setting(answer: Any) -> tuple[dict[Tier, Any], bool]:
    """(tiers given, natural declared) from an Arrangement, a dict or typed text."""
    if isinstance(answer, Arrangement):
        return {tier: answer.tier(tier) for tier in Tier}, False
    if isinstance(answer, dict):
        tiers = {}
        for key, value in answer.items():
            if str(key).lower() in _TIER_WORDS and value:
                tiers[_TIER_WORDS[str(key).lower()]] = value
        return tiers, _declares(answer.get("natural", False))
    if isinstance(answer, str):
        return _parse_text(answer)
    raise UnreadableAnswer(Message.of(HOW_TO_ANSWER))


def _declares(value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return bool(value)
    if str(value).strip().lower() in NATURAL_WORDS | {"true", "yes"}:
        return True
    if str(value).strip().lower() in ("", "false", "no"):
        return False
    raise UnreadableAnswer(Message.of(HOW_TO_ANSWER))


def _parse_text(text: str) -> tuple[dict[Tier, Any], bool]:
    natural, labelled, loose = False, {}, []
    for part in re.split(r"[/;\n|]", text):
        part = part.strip()
        if not part:
            continue
        if part.lower() in NATURAL_WORDS:
            natural = True
            continue
        label = re.match(r"(\w+)\s*[:=]\s*(.*)$", part, re.DOTALL)
        if label and label.group(1).lower() in _TIER_WORDS:
            labelled[_TIER_WORDS[label.group(1).lower()]] = label.group(2)
        else:
            loose.append(part)
    if loose and (labelled or len(loose) != 3):
        raise UnreadableAnswer(Message.of(HOW_TO_ANSWER))
    return (dict(zip(Tier, loose, strict=True)) if loose else labelled), natural


def read_cards(value: Any) -> tuple[Card, ...]:
    tokens = value.replace(",", " ").split() if isinstance(value, str) else list(value)
    cards = []
    for token in tokens:
        if isinstance(token, Card):
            cards.append(token)
            continue
        try:
            cards.append(Card.parse(str(token)))
        except ValueError:
            raise UnreadableAnswer(Message.of(N_("“{text}” is not a card: write cards like "
                                                 "AS, 10D or KH."), text=str(token))) from None
    return tuple(cards)
