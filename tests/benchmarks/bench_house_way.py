"""Benchmark: the house way (best_arrangement) against a plain enumeration of all splits.

Run with ``make bench``. Target (issue: Step 2): median ≤ 20 ms per hand on the 2-core
machine, with the share tables loaded rather than rebuilt.
"""

import random
import statistics
import subprocess
import sys
import time

from tests.rules.thirteen.reference import plain_best_arrangement
from trainer.rules.cards import full_deck

HANDS = 200
PLAIN_HANDS = 5


def _timed(function, hands):
    times = []
    for cards in hands:
        start = time.perf_counter()
        function(cards)
        times.append((time.perf_counter() - start) * 1000)
    return times


def test_house_way_speed():
    cold = subprocess.run(
        [sys.executable, "-c",
         "import time; t = time.perf_counter();"
         "from trainer.rules.thirteen import best_arrangement;"
         "from trainer.rules.cards import full_deck;"
         "best_arrangement(full_deck()[:13]);"
         "print((time.perf_counter() - t) * 1000)"],
        capture_output=True, text=True, check=True)
    from trainer.rules.thirteen import best_arrangement

    deck = full_deck()
    rng = random.Random(2024)
    hands = [rng.sample(deck, 13) for _ in range(HANDS)]
    best_arrangement(hands[0])  # warm: index arrays and share tables
    fast = _timed(best_arrangement, hands)
    plain = _timed(plain_best_arrangement, hands[:PLAIN_HANDS])
    fast_median = statistics.median(fast)
    print(f"\nbest_arrangement: {HANDS} random hands, median {fast_median:.1f} ms, "
          f"p90 {statistics.quantiles(fast, n=10)[-1]:.1f} ms, max {max(fast):.1f} ms")
    print(f"plain enumeration of 72,072 splits: {PLAIN_HANDS} hands, median "
          f"{statistics.median(plain):.0f} ms")
    print(f"cold start (import, load share tables, build split index, first hand): "
          f"{float(cold.stdout):.0f} ms")
    assert fast_median <= 20
