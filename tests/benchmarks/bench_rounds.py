"""Benchmark: the table mode's round engine (Mahjong Baccarat, the 13-card game, Sap I Chi,
three-card baccarat, Mah-Jong scenes and whole hands, conventional and simplified).

Run with ``make bench``. Targets (issues 35, 37): grading an action and computing the next
state p95 ≤ 2 ms; starting a round ≤ 150 ms; ≥ 200 rounds solved and replayed a second in one
process; whole Mah-Jong hands ≥ 20 a second dealt (played out by the app), solved and
replayed; the command line answers within 1 s (a fresh interpreter, solving a round).
"""

import statistics
import subprocess
import sys
import time

import pytest

from trainer.rounds.games import start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, play, solve

ROUNDS = 400


WHOLE_HANDS = ("mahjong_hand", "mahjong_simplified")


@pytest.mark.parametrize("game", ["mahjong_baccarat", "thirteen", "sap_i_chi", "three_card",
                                  "mahjong", *WHOLE_HANDS])
def test_round_engine_speed(game):
    starts, steps = [], []
    for seed in range(ROUNDS):
        began = time.perf_counter()
        round_ = start(game, seed, Mode.TABLE_READY)
        starts.append((time.perf_counter() - began) * 1000)
        played = RoundPlay(round_)
        for action in solve(round_):
            line = str(action)
            began = time.perf_counter()
            played.give(line)
            steps.append((time.perf_counter() - began) * 1000)
    began = time.perf_counter()
    dealt = [start(game, seed, mode) for mode in Mode for seed in range(ROUNDS // 4)]
    dealing = time.perf_counter() - began
    began = time.perf_counter()
    for round_ in dealt:
        assert all(v.correct for v in play(round_, solve(round_)))
    replaying = time.perf_counter() - began
    per_second = len(dealt) / replaying
    with_the_deal = len(dealt) / (dealing + replaying)
    cli = []
    for _ in range(3):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "trainer.rounds", "play", game, "--seed", "1",
                        "--solve"], check=True, capture_output=True)
        cli.append(time.perf_counter() - began)
    step_p95 = statistics.quantiles(steps, n=20)[-1]
    print(f"\n{game}")
    print(f"grading an action and the next state: {len(steps)} steps, p95 {step_p95:.3f} ms, "
          f"max {max(steps):.3f} ms")
    print(f"starting a round: median {statistics.median(starts):.2f} ms, "
          f"max {max(starts):.2f} ms")
    print(f"rounds solved and replayed: {per_second:.0f} a second "
          f"({with_the_deal:.0f} a second dealt as well)")
    print(f"command line (--solve): best {min(cli):.2f} s, median {statistics.median(cli):.2f} s")
    assert step_p95 <= 2 and max(starts) <= 150 and per_second >= 200
    assert game not in WHOLE_HANDS or with_the_deal >= 20
    assert statistics.median(cli) <= 1
