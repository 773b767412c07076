"""The croupier's actions in their plain text form, one line each, read strictly.

A game gives its grammar: each verb with the slots that follow it (a place, an amount, one
word of a few). The same form is typed by a trainee, kept in a recorded round and fed to the
command line, so a line reads the same everywhere; the words are fixed (like chess notation),
amounts are digits with a dot before the decimals (the UI converts the trainee's locale).
On screen an action is said in words too, as a croupier would (``Grammar.say``, each game's
``words`` module beside its grammar; :mod:`trainer.rounds.words`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from i18n import N_, Message, TranslatedError
from trainer.rules.cards import Card

#: A value an action carries: a place, an amount or a word ("none" for no place).
Value = int | Decimal | str

_AMOUNT = re.compile(r"\d+(\.\d+)?")
_SIGNED_AMOUNT = re.compile(r"-?\d+(\.\d+)?")


class UnreadableAction(TranslatedError, ValueError):
    """A line that is not an action of the game; ``str()`` says what is expected."""


@dataclass(frozen=True)
class Place:
    """A place at the table, numbered 1 (the banker) to ``places``; ``or_none`` also reads
    the word "none" (nobody)."""

    places: int
    or_none: bool = False
    optional: bool = False

    def read(self, verb: str, token: str) -> Value:
        if self.or_none and token == "none":
            return token
        if token.isdigit() and 1 <= int(token) <= self.places:
            return int(token)
        raise UnreadableAction(Message.of(N_(
            "“{token}” is not a place: the places are numbered 1 to {places}."),
            token=token, places=self.places))

    def usage(self) -> str:
        return "N|none" if self.or_none else "N"


@dataclass(frozen=True)
class Number:
    """A number of the game's board or cloth, 1 to ``highest`` (Sap I Chi's twelve)."""

    highest: int
    optional: bool = False

    def read(self, verb: str, token: str) -> Value:
        if token.isdigit() and 1 <= int(token) <= self.highest:
            return int(token)
        raise UnreadableAction(Message.of(N_(
            "“{token}” is not a number of the board: they are 1 to {highest}."),
            token=token, highest=self.highest))

    def usage(self) -> str:
        return "NUMBER"


@dataclass(frozen=True)
class Amount:
    """An amount of money, in digits with an optional dot before the decimals; ``signed``:
    a loss written with a minus sign before it."""

    optional: bool = False
    signed: bool = False

    def read(self, verb: str, token: str) -> Value:
        if (_SIGNED_AMOUNT if self.signed else _AMOUNT).fullmatch(token):
            return Decimal(token) + 0  # -0 is 0
        if self.signed:
            raise UnreadableAction(Message.of(N_(
                "“{token}” is not an amount: write it in digits, with a dot before any "
                "decimals and a minus sign before a loss, such as 570 or -541.50."),
                token=token))
        raise UnreadableAction(Message.of(N_(
            "“{token}” is not an amount: write it in digits, with a dot before any decimals, "
            "such as 570 or 541.50."), token=token))

    def usage(self) -> str:
        return "±AMOUNT" if self.signed else "AMOUNT"


@dataclass(frozen=True)
class Word:
    """One of a few fixed words."""

    words: tuple[str, ...]
    optional: bool = False

    def read(self, verb: str, token: str) -> Value:
        if token in self.words:
            return token
        raise UnreadableAction(Message.of(N_(
            "“{token}” cannot follow “{verb}”: it takes one of {words}."),
            token=token, verb=verb, words=", ".join(self.words)))

    def usage(self) -> str:
        return "|".join(self.words)


@dataclass(frozen=True)
class Cards:
    """``count`` different cards, written together with commas (``as,kh,10d``), in any
    order: read as one value, the cards from high to low, so that the same cards in
    another order read the same."""

    count: int
    optional: bool = False

    def read(self, verb: str, token: str) -> Value:
        try:
            cards = [Card.parse(text) for text in token.split(",")]
        except ValueError:
            cards = []
        if len(cards) != self.count or len(set(cards)) != self.count:
            raise UnreadableAction(Message.of(N_(
                "“{token}” is not {count} different cards: write them with commas and no "
                "spaces, such as as,kh,10d."), token=token, count=self.count))
        return ",".join(str(card) for card in sorted(cards, key=_high_to_low))

    def usage(self) -> str:
        return f"CARDS{self.count}"


@dataclass(frozen=True)
class HandClass:
    """A hand's class, ``low`` to ``high`` (three-card baccarat's 1 to 31), in digits: neither
    a place nor money."""

    low: int
    high: int
    optional: bool = False

    def read(self, verb: str, token: str) -> Value:
        if token.isdigit() and self.low <= int(token) <= self.high:
            return int(token)
        raise UnreadableAction(Message.of(N_(
            "“{token}” cannot follow “{verb}”: it takes a number from {low} to {high}."),
            token=token, verb=verb, low=self.low, high=self.high))

    def usage(self) -> str:
        return f"{self.low}-{self.high}"


Slot = Place | Number | HandClass | Amount | Word | Cards


@dataclass(frozen=True)
class Action:
    """One thing the croupier does: a verb and its values, e.g. ``pay 3 570``."""

    verb: str
    values: tuple[Value, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.verb, *(_text(value) for value in self.values)])


#: How a verb's action is said in words, as a croupier would (the game's words, beside its
#: grammar): the action, whose values its verb's slots have read, to a message.
Saying = Callable[[Action], Message]


@dataclass(frozen=True)
class Grammar:
    """A game's actions: each verb and the slots that follow it, in order, and how each
    verb's action is said in words."""

    verbs: Mapping[str, tuple[Slot, ...]]
    words: Mapping[str, Saying]

    def __post_init__(self) -> None:
        if set(self.words) != set(self.verbs):
            raise ValueError(f"the verbs {sorted(set(self.verbs) ^ set(self.words))} "
                             "need both slots and words")

    def say(self, action: Action) -> Message:
        """``action`` in words, as a croupier says it, amounts as money in the user's locale
        ("Pay place 2 MOP$760.00"); the text form is ``str(action)``."""
        return self.words[action.verb](action)

    def read(self, line: str) -> Action:
        """The action ``line`` says; :class:`UnreadableAction` says what is wrong with it."""
        verb, *tokens = line.strip().lower().split() or [""]
        if not verb:
            raise UnreadableAction(Message.of(N_(
                "An empty line is not an action: type one action, such as {example}."),
                example=self.usage(next(iter(self.verbs)))))
        if verb not in self.verbs:
            raise UnreadableAction(Message.of(N_(
                "“{word}” is not an action; the actions are: {verbs}."),
                word=verb, verbs=", ".join(self.verbs)))
        slots = self.verbs[verb]
        needed = sum(1 for slot in slots if not slot.optional)
        if not needed <= len(tokens) <= len(slots):
            raise UnreadableAction(Message.of(N_(
                "“{line}” does not read as an action: it is written {usage}."),
                line=" ".join([verb, *tokens]), usage=self.usage(verb)))
        return Action(verb, tuple(slot.read(verb, token) for slot, token in zip(slots, tokens,
                                                                                strict=False)))

    def usage(self, verb: str) -> str:
        """How ``verb`` is written: ``pay N AMOUNT``; an optional value in brackets."""
        return " ".join([verb, *(f"[{slot.usage()}]" if slot.optional else slot.usage()
                                 for slot in self.verbs[verb])])


def _high_to_low(card: Card) -> tuple[int, str]:
    return -card.rank, card.suit.value


def _text(value: Value) -> str:
    if isinstance(value, Decimal):
        return f"{value:f}"
    return str(value)
