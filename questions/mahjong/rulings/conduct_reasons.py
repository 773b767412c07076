"""The reasons a trainee may tick for a Mah-Jong conduct ruling: one short sentence per
point of Portaria 135/91/M (or house reading), keyed by the point.

The key of a point is made from its citation (``"9a1"`` for Art. 9 (a)(1), ``"3b"`` for
Art. 3 (b), ``"HI-MJ-CAP"``), so the reasons that apply are read off the rules core's own
reasons (:func:`key_of` of each reason's source), never stored with the question.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from i18n import N_, Message
from questions.model import Option
from trainer.rules.regulations import Article, HouseInterpretation, Source

#: Every point a conduct question may offer, in the regulation's order (the order shown).
POINTS: dict[str, str] = {
    "3a": N_("Art. 3 (a): the banker keeps the bank while he wins; when another wins, it "
             "passes to the banker's right."),
    "3b": N_("Art. 3 (b): the simplified form is played by 2 to 4 players, and the banker "
             "keeps the bank while he wins."),
    "4a": N_("Art. 4 (a): a winning hand is four sets and a pair."),
    "4b": N_("Art. 4 (b): a winning hand is one set and a pair."),
    "5a1": N_("Art. 5 (a)(1): the banker's complete dealt hand wins at once (t'in vu)."),
    "5a2": N_("Art. 5 (a)(2): a win on the banker's first discard (tei vu)."),
    "5a3": N_("Art. 5 (a)(3): a chow is laid open, a tile discarded, and no tile drawn that "
              "turn."),
    "5a5": N_("Art. 5 (a)(5): a kong's replacement tile comes from the end of the last "
              "double row."),
    "5b1": N_("Art. 5 (b)(1): the banker's complete dealt hand wins at once (t'in vu)."),
    "5b2": N_("Art. 5 (b)(2): a win on the banker's first discard (tei vu)."),
    "5b3": N_("Art. 5 (b)(3): in the simplified form a discard may only be taken to win."),
    "5b4": N_("Art. 5 (b)(4): a kong's replacement tile comes from the end of the last "
              "double row."),
    "6a3": N_("Art. 6 (a)(3): heavenly and earthly wins are worth double fán."),
    "6b": N_("Art. 6 (b): the simplified form's fán."),
    "7": N_("Art. 7: the banker pays double to a winner and receives double when he wins."),
    "9a1": N_("Art. 9 (a)(1): a discarded tile cannot be taken back."),
    "9a2": N_("Art. 9 (a)(2): a player who called pung and withdrew cannot win that game."),
    "9a3": N_("Art. 9 (a)(3): a player who saw another's tiles can make no kong that game."),
    "9a4": N_("Art. 9 (a)(4): a winner never receives more than his capital in play."),
    "9b1": N_("Art. 9 (b)(1): a discarded tile cannot be taken back."),
    "9b2": N_("Art. 9 (b)(2): a player who saw another's tiles can make no kong that game."),
    "9b3": N_("Art. 9 (b)(3): a winner never receives more than his capital in play."),
    "10a7": N_("Art. 10 (a)(7): a wrong exposure for a chow or pung is put right before the "
               "next draw, or a win declared is «nulo»."),
    "10a8": N_("Art. 10 (a)(8): what a «nulo» win pays in the conventional form."),
    "10b3": N_("Art. 10 (b)(3): a win declared without a complete hand is «nulo» and pays "
               "each the 1-fán amount."),
    "HI-MJ-PAY": N_("House reading HI-MJ-PAY: each player pays the house amount for the "
                    "hand's grade."),
    "HI-MJ-CAP": N_("House reading HI-MJ-CAP: a capped winner is paid counterclockwise from "
                    "him until his capital is reached."),
    "HI-MJ-NULO": N_("House reading HI-MJ-NULO: a conventional win declared without a "
                     "complete hand is «nulo» too."),
    "HI-MJ-DRAWN": N_("House reading HI-MJ-DRAWN: a drawn game keeps the bank."),
}

#: The points of each form: a conventional question never offers a simplified point.
CONVENTIONAL_ONLY = {"3a", "4a", "5a1", "5a2", "5a3", "5a5", "6a3", "9a1", "9a2", "9a3", "9a4",
                     "10a7", "10a8", "HI-MJ-NULO"}
SIMPLIFIED_ONLY = {"3b", "4b", "5b1", "5b2", "5b3", "5b4", "6b", "9b1", "9b2", "9b3", "10b3"}


def key_of(source: Source) -> str:
    """The key of the point a reason cites: Art. 9 (a)(1) → "9a1", HI-MJ-CAP → itself."""
    if isinstance(source, HouseInterpretation):
        return source.code
    assert isinstance(source, Article)
    return f"{source.number}{source.item.replace('(', '').replace(')', '')}"


def applying(sources: Iterable[Source]) -> list[str]:
    """The keys of the offered points among ``sources``, in the regulation's order."""
    keys = {key_of(source) for source in sources}
    return [key for key in POINTS if key in keys]


def offer(rng: random.Random, right: Iterable[str], related: Iterable[str], conventional: bool,
          ) -> list[str]:
    """The points to offer: every one that applies and some that do not (4 to 7 in all),
    drawn from the scene's related points of its form, listed in the regulation's order."""
    barred = SIMPLIFIED_ONLY if conventional else CONVENTIONAL_ONLY
    chosen = set(right)
    others = [k for k in dict.fromkeys(related) if k not in chosen and k not in barred]
    if len(others) < 2:
        others += [k for k in POINTS if k not in chosen and k not in barred
                   and k not in others]
    room = max(2, min(len(others), 7 - len(chosen), rng.randint(2, 4)))
    chosen |= set(rng.sample(others, min(room, len(others))))
    while len(chosen) < 4:
        chosen.add(rng.choice([k for k in POINTS if k not in chosen and k not in barred]))
    return [key for key in POINTS if key in chosen]


def options(keys: Iterable[str]) -> tuple[Option, ...]:
    return tuple(Option(key, Message.of(POINTS[key])) for key in keys)
