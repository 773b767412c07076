"""The scenes of the misdeal question (Art. 4): a deal so far, with its mistakes.

``deal_scene(rng, difficulty)`` returns the situation (see :mod:`questions.thirteen.table.misdeal`).
A scene to rectify shows every card and the place it went to, so each misdealt card can be
named. A scene to cancel never shows where a misdealt card went: its log stops before the
first error, and past it only how many cards each place received, face down (``untraced``),
and those counts differ from the normal order's, so a card went astray among them and
cannot be told apart (HI-MISDEAL). At least four cards are untraced, so every place should
have had one of them and a surplus card lies among rightful ones.

Level 1: a card turned face up, or one card to the wrong place (traced or not); level 2:
several cards — two or three stray cards, two cards swapped, a place skipped so every later
card went one place on; level 3: the same mixed with face-up cards (a face-up card may itself
be misdealt), late in the deal, with the dice starting the deal away from the banker.
"""

from __future__ import annotations

import random

from questions.thirteen.situations import DealLog, Dealt
from trainer.rules.cards import full_deck
from trainer.rules.table import first_seat
from trainer.rules.thirteen.dealing import PLACES, deal_order

# The situations each difficulty deals, with their weights (the answer is spread over the
# three actions: about 30/45/25 at level 1, 25/50/25 at levels 2 and 3).
_CASES = {
    1: (("face_up", 30), ("one", 45), ("lost", 25)),
    2: (("face_up", 25), ("several", 17), ("swap", 16), ("skip", 17), ("lost", 25)),
    3: (("face_up", 25), ("one", 12), ("several", 12), ("swap", 13), ("skip", 13),
        ("lost", 25)),
}
#: What was misdealt, untraced, when the cards can no longer be identified (a swap keeps
#: every place's count, so it would not show).
_LOST = {1: ("one",), 2: ("several", "skip"), 3: ("one", "several", "skip")}
_COUNTS = {1: (6, 16), 2: (8, 30), 3: (28, 50)}
#: The fewest cards a cancelled scene shows traced, and leaves untraced.
TRACED_AT_LEAST = 4
UNTRACED_AT_LEAST = 4


def deal_scene(rng: random.Random, difficulty: int) -> DealLog:
    names, weights = zip(*_CASES[difficulty], strict=True)
    case = rng.choices(names, weights)[0]
    dice = _dice(rng, wrap=difficulty == 3)
    order = deal_order(sum(dice))
    deck = list(full_deck())
    rng.shuffle(deck)
    low, high = _COUNTS[difficulty]
    if case == "lost":
        places, stop = _lost(rng, order, max(low, 12), high, difficulty)
    else:
        places, stop = order[:rng.randint(low, high)], None
        _MISDEALS[case](rng, places, order, difficulty)
    traced = places if stop is None else places[:stop]
    face_up: set[int] = set()
    if case == "face_up" or (difficulty == 3 and rng.random() < 0.5):
        face_up = _face_up(rng, traced, order, difficulty)
    untraced = ([] if stop is None else
                [places[stop:].count(place) for place in range(1, PLACES + 1)])
    return DealLog(PLACES, 1, tuple(dice), stop is None,
                   tuple(Dealt(str(deck[i]), place, i in face_up)
                         for i, place in enumerate(traced)), tuple(untraced))


def _lost(rng: random.Random, order: list[int], low: int, high: int,
          difficulty: int) -> tuple[list[int], int]:
    """A deal whose misdealt cards all lie past ``stop``, where the log stops, and whose
    untraced counts show it."""
    while True:  # a few tries at most: one card astray always changes two counts
        count = rng.randint(low, high)
        untraced = rng.randint(UNTRACED_AT_LEAST, min(12, count - TRACED_AT_LEAST))
        stop = count - untraced
        places = order[:count]
        kind = rng.choice(_LOST[difficulty])
        if kind == "one":
            _misplace(rng, places, rng.randint(stop, count - 1))
        elif kind == "several":
            for index in rng.sample(range(stop, count), rng.randint(2, 3)):
                _misplace(rng, places, index)
        else:  # a place skipped from some card on
            start = rng.randint(stop, count - 2)
            for i in range(start, count):
                places[i] = order[i + 1]
        shown = [places[stop:].count(p) for p in range(1, PLACES + 1)]
        should = [order[stop:count].count(p) for p in range(1, PLACES + 1)]
        if shown != should:
            return places, stop


def _dice(rng: random.Random, wrap: bool) -> list[int]:
    """Four dice; with ``wrap`` their total starts the deal away from the banker."""
    dice = [rng.randint(1, 6) for _ in range(4)]
    if wrap:
        target = rng.randint(2, PLACES)
        fits = [d for d in range(1, 7) if first_seat(sum(dice[:3]) + d, PLACES) == target]
        dice[3] = rng.choice(fits)
    return dice


def _late_index(rng: random.Random, places: list[int], order: list[int], difficulty: int,
                room: int = 1) -> int:
    """Where an error happens: anywhere early on; at level 3 late, often at the wrap."""
    last = len(places) - room
    if difficulty < 3:
        return rng.randint(0, last)
    window = range(max(0, last - 8), last + 1)
    at_wrap = [i for i in window if order[i] == 1]
    return rng.choice(at_wrap) if at_wrap and rng.random() < 0.5 else rng.choice(window)


def _misplace(rng: random.Random, places: list[int], index: int) -> None:
    places[index] = rng.choice([p for p in range(1, PLACES + 1) if p != places[index]])


def _one(rng: random.Random, places: list[int], order: list[int], difficulty: int) -> None:
    _misplace(rng, places, _late_index(rng, places, order, difficulty))


def _several(rng: random.Random, places: list[int], order: list[int], difficulty: int) -> None:
    count = rng.randint(2, 3)
    start = _late_index(rng, places, order, difficulty, room=count + 2)
    for index in rng.sample(range(start, len(places)), count):
        _misplace(rng, places, index)


def _swap(rng: random.Random, places: list[int], order: list[int], difficulty: int) -> None:
    i = _late_index(rng, places, order, difficulty, room=2)
    places[i], places[i + 1] = places[i + 1], places[i]


def _skip(rng: random.Random, places: list[int], order: list[int], difficulty: int) -> None:
    """A place skipped: every card from there on went one place further round."""
    later = rng.randint(2, 5) if difficulty < 3 else rng.randint(3, 6)
    start = max(0, len(places) - later)
    for i in range(start, len(places)):
        places[i] = order[i + 1]


def _nothing(rng: random.Random, places: list[int], order: list[int], difficulty: int) -> None:
    return None


_MISDEALS = {"face_up": _nothing, "one": _one, "several": _several, "swap": _swap,
             "skip": _skip}


def _face_up(rng: random.Random, places: list[int], order: list[int],
             difficulty: int) -> set[int]:
    """One card face up (two at level 3 now and then); at level 3 often a misdealt one."""
    count = 2 if difficulty == 3 and rng.random() < 0.3 else 1
    wrong = [i for i, place in enumerate(places) if place != order[i]]
    if wrong and rng.random() < 0.5:
        return {rng.choice(wrong)}
    return set(rng.sample(range(len(places)), count))
