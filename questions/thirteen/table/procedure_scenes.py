"""The scenes of the table-procedure question (Art. 2 a–d, 3, 5), dealt as typed scenes.

Every scene has ``case`` and the facts of its case:
``cut`` — ``name``, ``cards``, ``hands`` (1 or 2);
``dice`` and ``holder`` — ``bettors`` (``name``, ``stake``, ``seated``, ``place``), and for
``holder`` the ``place`` they all bet on;
``bet_change`` — ``name``, ``stake``, ``place``, ``change`` (add, withdraw, move), ``extra``,
``to_place``, ``after_dice``;
``misplaced`` — ``name``, ``stake``, ``lies_at``, ``meant``, ``lies_wins``;
``looking`` — ``name``, ``place``, ``banker_hand`` (setting, set, shown);
``reset`` — ``picked_up``; ``time`` — ``place``, ``shown_at``, ``finished_at`` (seconds
after midnight); ``act`` — an :class:`~trainer.rules.thirteen.procedure.Act`, ``name``,
``place``, ``other``, ``holder``, ``stake``.

Level 1: the plain cases; level 2: the boundaries (exactly ten cards cut, or nine; set a
second before the signal, at the signal itself or a second after it: 4:59, 5:00, 5:01; the
highest bettor not seated); level 3: all of it, with more bettors and times that cross the
hour.
"""

from __future__ import annotations

import random
from typing import Any

from questions.thirteen.situations import Case, ProcedureScene, SceneBettor
from trainer.rules.thirteen.procedure import Act
from trainer.rules.thirteen.procedure_points import SETTING_SECONDS

NAMES = ("Chan", "Lei", "Wong", "Ho", "Leong", "Lam", "Cheang", "Sou", "Lou", "Kuan")
#: The cases each level deals (equal weights).
CASES: dict[int, tuple[Case, ...]] = {
    1: ("cut", "dice", "holder", "bet_change", "looking", "time", "act"),
    2: ("cut", "dice", "holder", "bet_change", "misplaced", "looking", "reset", "time", "act"),
    3: ("cut", "dice", "holder", "bet_change", "misplaced", "looking", "reset", "time", "act"),
}
#: The player places (the banker is place 1).
PLAYER_PLACES = (2, 3, 4)


def deal_scene(rng: random.Random, difficulty: int) -> ProcedureScene:
    """A scene, without the points offered to tick (``reasons``: none yet)."""
    case = rng.choice(CASES[difficulty])
    names = rng.sample(NAMES, len(NAMES))
    scene = _DEALERS[case](rng, difficulty, names)
    return ProcedureScene(places=4, banker=1, case=case, reasons=(), **scene)


def _stake(rng: random.Random, low: int = 1, high: int = 30) -> int:
    return 100 * rng.randint(low, high)


def _cut(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    if difficulty == 1:
        hands = rng.choice((1, 1, 2))
        cards = rng.randint(12, 26)
    else:
        hands = 2 if rng.random() < 0.2 else 1
        cards = rng.choice((9, 10, 10, 11)) if rng.random() < 0.7 else rng.randint(5, 26)
    return {"name": names[0], "cards": cards, "hands": hands}


def _bettors(rng: random.Random, difficulty: int, names: list[str], count: int,
             places: tuple[int, ...]) -> tuple[SceneBettor, ...]:
    """Bettors with different stakes; from level 2 the highest often stands."""
    stakes = sorted(rng.sample(range(1, 40), count), reverse=True)
    standing_top = difficulty > 1 and rng.random() < 0.6
    people = []
    for i, stake in enumerate(stakes):
        seated = not standing_top if i == 0 else i == 1 or rng.random() < 0.6
        people.append(SceneBettor(names[i], 100 * stake, seated, rng.choice(places)))
    rng.shuffle(people)
    return tuple(people)


def _dice(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    count = {1: 3, 2: 3, 3: rng.randint(4, 5)}[difficulty]
    return {"bettors": _bettors(rng, difficulty, names, count, PLAYER_PLACES)}


def _holder(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    place = rng.choice(PLAYER_PLACES)
    count = {1: 2, 2: 3, 3: rng.randint(3, 4)}[difficulty]
    return {"place": place, "bettors": _bettors(rng, difficulty, names, count, (place,))}


def _bet_change(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    place = rng.choice(PLAYER_PLACES)
    return {"name": names[0], "stake": _stake(rng), "place": place,
            "change": rng.choice(("add", "withdraw", "move")), "extra": _stake(rng, 1, 10),
            "to_place": rng.choice([p for p in PLAYER_PLACES if p != place]),
            "after_dice": rng.random() < 0.6}


def _misplaced(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    lies_at, meant = rng.sample(PLAYER_PLACES, 2)
    return {"name": names[0], "stake": _stake(rng), "lies_at": lies_at, "meant": meant,
            "lies_wins": rng.random() < 0.5}


def _looking(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    states = ("setting", "shown") if difficulty == 1 else ("setting", "set", "shown", "shown")
    return {"name": names[0], "place": rng.choice(PLAYER_PLACES),
            "banker_hand": rng.choice(states)}


def _reset(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    return {"picked_up": rng.random() < 0.5}


def _time(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    hour = rng.randint(14, 22)
    if difficulty == 3 and rng.random() < 0.5:  # the five minutes cross the hour
        shown_at = hour * 3600 + 55 * 60 + rng.randint(0, 299)
    else:
        shown_at = hour * 3600 + rng.randint(0, 3599 - SETTING_SECONDS - 120)
    if difficulty == 1:
        elapsed = rng.choice((rng.randint(60, 240), rng.randint(330, 480)))
    else:
        # The boundary of HI-13-SIGNAL: 4:59 plays, 5:00 (the signal itself) and 5:01 lose.
        # The draws of the version issue 33 was seen in, unchanged: a seed gives the same
        # question in every version (a desk regrades the answers other desktops send from
        # their seeds, and refuses a batch whose grade it cannot give again).
        elapsed = SETTING_SECONDS + rng.choice((-1, 0, 0, 1, 1, rng.randint(-40, 40)))
    return {"place": rng.choice(PLAYER_PLACES), "shown_at": shown_at,
            "finished_at": shown_at + elapsed}


def _act(rng: random.Random, difficulty: int, names: list[str]) -> dict[str, Any]:
    place, other = rng.sample(PLAYER_PLACES, 2)
    return {"act": rng.choice(tuple(Act)), "name": names[0], "holder": names[1],
            "place": place, "other": other, "stake": _stake(rng)}


_DEALERS = {"cut": _cut, "dice": _dice, "holder": _holder, "bet_change": _bet_change,
            "misplaced": _misplaced, "looking": _looking, "reset": _reset, "time": _time,
            "act": _act}
