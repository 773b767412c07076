"""Mistake kinds: the usual wrong computations a croupier makes, and how a wrong answer is
recognised as one of them.

Each game's rules core knows the wrong answers its usual mistakes produce in a situation:
it computes them with its own rules, one step changed (the commission left out, the
banker's capital ignored, the tiers compared in the wrong place …), never with a second
copy of a rule. A wrong answer equal to one of them is that kind of mistake; equal to
several, it is all of them (they cannot be told apart there); equal to none, it is
:data:`OTHER`. A kind's ``id`` is stable (``<game>.<mistake>``, or ``other``): the store
records it, the desk counts it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from i18n import N_, Message
from trainer.rules.regulations import Source


@dataclass(frozen=True)
class MistakeKind:
    """A named mistake: its stable id, its name, what was done wrong in one line, and the
    article (or house interpretation) that says what is right."""

    id: str
    name: Message
    explanation: Message
    source: Source | None

    @property
    def game(self) -> str:
        """The game whose rules it breaks (``""`` for :data:`OTHER`)."""
        game, _dot, _mistake = self.id.rpartition(".")
        return game

    @property
    def line(self) -> Message:
        """The explanation and the article it cites, as the verdict says it: a sentence (the
        explanation itself has no full stop, so the citation ends it)."""
        if self.source is None:
            return Message.of(N_("{explanation}."), explanation=self.explanation)
        return Message.of(N_("{explanation} ({source})."), explanation=self.explanation,
                          source=self.source.cite())

    def __str__(self) -> str:
        return str(self.line)


def kind(game: str, mistake: str, name: str, explanation: str,
         source: Source) -> MistakeKind:
    """A game's mistake kind, its texts given as ``N_`` message ids."""
    return MistakeKind(f"{game}.{mistake}", Message.of(name), Message.of(explanation), source)


#: A wrong answer that matches none of the usual mistakes.
OTHER = MistakeKind("other", Message.of(N_("Another mistake")),
                    Message.of(N_("The answer is none of the usual mistakes: compare it with "
                                  "the reasons below")), None)


def recognise(given: Any, right: Any,
              mistaken: Iterable[tuple[MistakeKind, Any]]) -> tuple[MistakeKind, ...]:
    """The kinds of mistake ``given`` is: none when it is ``right``; each kind whose wrong
    answer it equals (a wrong answer equal to the right one is no mistake there); else
    :data:`OTHER`."""
    if given == right:
        return ()
    found = tuple(dict.fromkeys(mistake for mistake, answer in mistaken
                                if answer == given and answer != right))
    return found or (OTHER,)
