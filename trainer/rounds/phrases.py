"""What both games' words share: a place, money paid and collected, a call and a ruling.

Each game's ``words`` module says its own verbs with these; an action's values are the ones
its verb's slots read (:mod:`trainer.rounds.actions`), so a place is an int or "none", an
amount a Decimal, a word one of the slot's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from i18n import N_, Message, Money
from trainer.rounds.actions import Action, Saying, Value


def place(action: Action, index: int = 0) -> int:
    value = action.values[index]
    assert isinstance(value, int), f"{action}: value {index} is not a place"
    return value


def money(action: Action, index: int) -> Money:
    value = action.values[index]
    assert isinstance(value, Decimal), f"{action}: value {index} is not an amount"
    return Money(value)


def word(action: Action, index: int) -> str:
    value = action.values[index]
    assert isinstance(value, str), f"{action}: value {index} is not a word"
    return value


def at_place(msgid: str) -> Saying:
    """A verb whose one value is a place: ``msgid`` names it ``{place}``."""
    return lambda action: Message.of(msgid, place=place(action))


def pay(action: Action) -> Message:
    return Message.of(N_("Pay place {place} {amount}"), place=place(action),
                      amount=money(action, 1))


def collect(action: Action) -> Message:
    return Message.of(N_("Collect {amount} from place {place}"), place=place(action),
                      amount=money(action, 1))


def calling(kinds: Mapping[str, str]) -> Saying:
    """``call KIND [PLACE]``: what the croupier stops the round for (``kinds``: each call
    word's words), and where."""
    def say(action: Action) -> Message:
        what = Message.of(kinds[word(action, 0)])
        if len(action.values) > 1:
            return Message.of(N_("Call: {what} at place {place}"), what=what,
                              place=place(action, 1))
        return Message.of(N_("Call: {what}"), what=what)
    return say


def ruling(decisions: Mapping[str, str]) -> Saying:
    """``decide DECISION``: the ruling on what was called (``decisions``: each decision
    word's words)."""
    return lambda action: Message.of(N_("Rule: {decision}"),
                                     decision=Message.of(decisions[word(action, 0)]))


def one_of(sayings: Mapping[Value, str], index: int = 0) -> Saying:
    """A verb said by one of its values alone (a word it takes), as ``sayings`` has it."""
    return lambda action: Message.of(sayings[action.values[index]])
