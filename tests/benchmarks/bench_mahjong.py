"""Benchmark: Mah-Jong win detection and scoring, waits and claims (issue: Step 4).

Targets: ``is_winning`` + ``score`` on random winning hands ≥ 20,000 hands/s; ``waits`` on a
13-tile hand ≤ 1 ms median; ``claim`` ≤ 1 ms median. ``is_winning`` is timed side by side
with the riichi ``mahjong`` package's agari check on the same hands.
"""

import random
import statistics
import time

from mahjong.agari import Agari

from tests.rules.mahjong.test_hands import random_winning_hand
from trainer.rules.mahjong import Wind, claim, is_winning, score, waits
from trainer.rules.mahjong.hands.fan import Win
from trainer.rules.mahjong.hands.tiles import KINDS

HANDS = 20_000


def _per_second(function, items):
    start = time.perf_counter()
    for item in items:
        function(item)
    return len(items) / (time.perf_counter() - start)


def _median_ms(function, items):
    times = []
    for item in items:
        start = time.perf_counter()
        function(item)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def test_mahjong_speed():
    rng = random.Random(7)
    hands = [random_winning_hand(rng) for _ in range(HANDS)]
    arrays = [[hand.count(t) for t in range(KINDS)] for hand in hands]
    ours = _per_second(lambda h: is_winning(h) and score(Win(tuple(h))), hands)
    only_win = _per_second(is_winning, hands)
    agari = Agari()
    theirs = _per_second(agari.is_agari, arrays)
    thirteen = [hand[:13] for hand in hands[:2000]]
    waits_ms = _median_ms(waits, thirteen)
    tables = []
    wall = [t for t in range(KINDS) for _copy in range(4)]
    for _ in range(2000):
        tiles = rng.sample(wall, 53)
        hands = {seat: (tuple(tiles[13 * i: 13 * i + 13]), ()) for i, seat in enumerate(Wind)}
        tables.append((hands, tiles[52]))
    claim_ms = _median_ms(lambda t: claim(Wind.EAST, t[1], t[0]), tables)
    print(f"\nis_winning + score: {ours:,.0f} hands/s (is_winning alone {only_win:,.0f}/s; "
          f"riichi agari {theirs:,.0f}/s)")
    print(f"waits on 13 tiles: median {waits_ms:.3f} ms; claim: median {claim_ms:.3f} ms")
    assert ours >= 20_000 and waits_ms <= 1 and claim_ms <= 1
