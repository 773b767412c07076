"""Benchmark: the Mah-Jong win check and scoring beside the riichi ``mahjong`` package (issue 39).

Targets: our win check + full scoring (``is_winning`` and ``score``) ≥ 3× riichi's
``HandCalculator.estimate_hand_value`` (which also checks the win and scores it, in pure
Python), and ``is_winning`` alone ≥ 1× riichi's ``Agari.is_agari``, on the same 2,000 winning
hands dealt from a seed (:func:`tests.rules.mahjong.random_wins.benchmark_hands`: about a third
with declared sets, kongs among them, and the special hands of the fán list).

Each side gets its own input ready-made, outside the timing: our :class:`Win` (its tiles,
declared sets and circumstances); riichi's tiles in its 136-tile form (the declared sets'
tiles included), the winning tile, the declared sets as its ``Meld`` objects and a
``HandConfig``. The mapping, as close to our game as riichi's options go:

- tiles: characters, circles and bamboos 1–9 and the winds in the same order (riichi's man,
  pin, sou, ton-nan-sha-pei); our red, green and white dragons are riichi's chun, hatsu and
  haku; each kind's four copies numbered in the order they are met, declared sets first;
- declared sets: a chow is ``Meld.CHI``, a pung ``Meld.PON``, a kong ``Meld.KAN``, opened
  unless declared concealed (a concealed kong; the few chows and pungs the trainer shows as
  concealed are passed as closed melds);
- the circumstances: self-drawn is tsumo; the seat and round winds are riichi's player and
  round winds; robbing a kong is chankan; a win on a kong replacement (and kong on kong) is
  rinshan; the last tile is haitei when self-drawn, houtei otherwise; the heavenly and earthly
  wins are tenhou and chiihou; open tanyao allowed (our game has no closed-hand rule), no
  dora, no red fives, no riichi.

Our flags are dealt consistent (``random_win(consistent=True)``) so that riichi never turns a
hand away before working it out (checked: every hand is scored, or found without yaku after
the whole search). Timing: 12 rounds, each over the 2,000 hands in slices of 100, ours then
riichi's on one slice, riichi's first on the next, so that the machine's load hits both alike;
each slice timed in this process's CPU time (``time.process_time``), so that time spent
waiting for a core counts for neither. A round's ratio is riichi's time over ours; the
median of the rounds is asserted. The first round, with our tables built from nothing (the
build timed apart) and no reading kept yet, is printed apart.
"""

import statistics
import time

from mahjong.agari import Agari
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as RiichiMeld

from tests.rules.mahjong.random_wins import BENCHMARK_SEED, benchmark_hands
from trainer.rules.mahjong import is_winning, score
from trainer.rules.mahjong.hands import hand_keys
from trainer.rules.mahjong.hands.fan import Win
from trainer.rules.mahjong.hands.hand import MeldKind
from trainer.rules.mahjong.hands.tiles import KINDS, WHITE, Wind

HANDS = 2_000
ROUNDS = 12
SLICE = 100
#: Our dragons (red 31, green 32, white 33) in riichi's order (haku 31, hatsu 32, chun 33).
RIICHI_34 = {**{t: t for t in range(31)}, 31: 33, 32: 32, WHITE: 31}
RIICHI_MELD = {MeldKind.CHOW: RiichiMeld.CHI, MeldKind.PUNG: RiichiMeld.PON,
               MeldKind.KONG: RiichiMeld.KAN}
RIICHI_WIND = {Wind.EAST: 27, Wind.SOUTH: 28, Wind.WEST: 29, Wind.NORTH: 30}


def riichi_form(win: Win):
    """``win`` as riichi's ``estimate_hand_value`` arguments and ``is_agari``'s."""
    copies = [0] * KINDS

    def tile_136(tile: int) -> int:
        kind = RIICHI_34[tile]
        copies[kind] += 1
        return kind * 4 + copies[kind] - 1

    melds = [RiichiMeld(RIICHI_MELD[meld.kind], [tile_136(t) for t in meld.tiles],
                        opened=not meld.concealed) for meld in win.melds]
    concealed = [tile_136(t) for t in win.tiles]
    winning = concealed[win.tiles.index(win.winning_tile)]
    tiles = concealed + [t for meld in melds for t in meld.tiles]
    config = HandConfig(
        is_tsumo=win.self_drawn, player_wind=RIICHI_WIND[win.seat_wind],
        round_wind=RIICHI_WIND[win.round_wind], is_chankan=win.robbing_kong,
        is_rinshan=win.kong_replacement or win.kong_on_kong,
        is_haitei=win.last_tile and win.self_drawn,
        is_houtei=win.last_tile and not win.self_drawn,
        is_tenhou=win.heavenly, is_chiihou=win.earthly,
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=False))
    counts = [0] * KINDS
    for t in tiles:
        counts[t // 4] += 1
    open_sets = [meld.tiles_34 for meld in melds]
    return (tiles, winning, melds, config), (counts, open_sets)


def _ours_full(wins):
    for win in wins:
        is_winning(win.tiles, win.melds, win.variant) and score(win)


def _riichi_full(calls):
    estimate = HandCalculator.estimate_hand_value
    for tiles, winning, melds, config in calls:
        estimate(tiles, winning, melds, config=config)


def _ours_win(wins):
    for win in wins:
        is_winning(win.tiles, win.melds, win.variant)


def _riichi_win(arrays):
    agari = Agari()
    for counts, open_sets in arrays:
        agari.is_agari(counts, open_sets)


def _interleaved(ours, theirs, our_items, their_items):
    """One round: (our seconds, theirs), slice by slice, who goes first alternating."""
    mine = peer = 0.0
    for index, start in enumerate(range(0, len(our_items), SLICE)):
        jobs = [(ours, our_items[start:start + SLICE], 0),
                (theirs, their_items[start:start + SLICE], 1)]
        for job, items, side in (jobs if index % 2 == 0 else jobs[::-1]):
            begin = time.process_time()
            job(items)
            spent = time.process_time() - begin
            if side == 0:
                mine += spent
            else:
                peer += spent
    return mine, peer


def _rounds(ours, theirs, our_items, their_items):
    rounds = [_interleaved(ours, theirs, our_items, their_items) for _ in range(ROUNDS)]
    ratios = [peer / mine for mine, peer in rounds]
    best_ours = min(mine for mine, _peer in rounds)
    best_peer = min(peer for _mine, peer in rounds)
    return statistics.median(ratios), min(ratios), len(our_items) / best_ours, (
        len(our_items) / best_peer)


def test_mahjong_against_riichi():
    wins = benchmark_hands(BENCHMARK_SEED, HANDS)
    forms = [riichi_form(win) for win in wins]
    calls = [form[0] for form in forms]
    arrays = [form[1] for form in forms]
    assert all(is_winning(w.tiles, w.melds, w.variant) for w in wins)
    answers = [HandCalculator.estimate_hand_value(*call[:3], config=call[3]) for call in calls]
    assert {answer.error for answer in answers} <= {None, HandCalculator.ERR_NO_YAKU}
    assert all(Agari.is_agari(*array) for array in arrays)
    declared = sum(1 for w in wins if w.melds)

    for table in (hand_keys.SUIT_CODES, hand_keys.HONOUR_CODES, hand_keys.READINGS):
        table.clear()
    begin = time.process_time()
    hand_keys.build()
    build_ms = (time.process_time() - begin) * 1000
    hand_keys.READINGS.clear()
    HandCalculator.estimate_hand_value.__globals__["HandDivider"]._divide_hand_impl.cache_clear()
    cold_ours, cold_peer = _interleaved(_ours_full, _riichi_full, wins, calls)

    full, full_low, ours_rate, peer_rate = _rounds(_ours_full, _riichi_full, wins, calls)
    alone, alone_low, win_rate, agari_rate = _rounds(_ours_win, _riichi_win, wins, arrays)
    print(f"\n{HANDS:,} winning hands (seed {BENCHMARK_SEED}; {declared} with declared sets), "
          f"{ROUNDS} interleaved rounds:")
    print(f"win check + scoring: ours {ours_rate:,.0f} hands/s, riichi estimate_hand_value "
          f"{peer_rate:,.0f}/s (best rounds); ratio median {full:.2f}×, lowest {full_low:.2f}×")
    print(f"win check alone: ours {win_rate:,.0f} hands/s, riichi is_agari {agari_rate:,.0f}/s;"
          f" ratio median {alone:.2f}×, lowest {alone_low:.2f}×")
    print(f"first round, from nothing: tables built in {build_ms:.1f} ms "
          f"({len(hand_keys.SUIT_CODES):,} suit and {len(hand_keys.HONOUR_CODES)} honour "
          f"patterns), then ratio {cold_peer / cold_ours:.2f}× "
          f"({len(hand_keys.READINGS):,} patterns' readings kept)")
    assert full >= 3 and alone >= 1
