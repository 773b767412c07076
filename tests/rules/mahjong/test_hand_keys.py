"""The win check and scorer on hand keys rule every hand exactly as the old ones did.

The old evaluator (``reference_hand``, ``reference_fan``: the 34 counts walked tile by tile)
is the yardstick: on every hand of the peers' benchmark and on a sweep of random hands —
winning ones of both forms with any circumstances, random tiles, near wins, hands a tile short
or over, declared sets and kongs, the special hands of the fán list — the new one must say the
same: win or not (or the same error), the same readings in the same order, the same patterns
(name, times, fán) and fán before and after the cap, under both readings of wân iat sêk, and
the same waits. The sweep is 10,000 hands in the normal run; ``MJ_SWEEP=100000`` runs more.
Where both games call a hand a win, riichi's ``Agari`` must agree.
"""

import os
import random
from collections import Counter

import pytest
from mahjong.agari import Agari

from tests.rules.mahjong import reference_fan, reference_hand
from tests.rules.mahjong.random_wins import benchmark_hands, random_hand, random_win
from trainer.rules.house import MahjongRules
from trainer.rules.mahjong.hands import hand_keys
from trainer.rules.mahjong.hands.fan import (
    ALL_HONOURS,
    ALL_TERMINALS,
    BIG_DRAGONS,
    BIG_WINDS,
    CONCEALED_PUNGS,
    MIXED_ALL_CHOWS,
    PURE_ONE_SUIT,
    SMALL_DRAGONS,
    SMALL_WINDS,
    TERMINALS_AND_HONOURS,
    THIRTEEN_ORPHANS,
    Hand,
    Win,
    all_best,
    readings,
    score,
)
from trainer.rules.mahjong.hands.hand import Meld, MeldKind, decompositions, is_winning, waits
from trainer.rules.mahjong.hands.tiles import KINDS, Variant, parse_tiles

SWEEP = int(os.environ.get("MJ_SWEEP", "10000"))
RULES = (MahjongRules(), MahjongRules(wan_iat_sek_with_scoring_honours=True))


def _outcome(function, *args):
    try:
        return function(*args)
    except ValueError as error:
        return ("ValueError", str(error))


def _scored(results):
    return [(r.fan, r.raw, r.reading, [(h.pattern.name, h.times, h.fan, h.pattern.article)
                                       for h in r.patterns]) for r in results]


def check_hand(tiles, melds, variant, win=None, with_waits=False):
    """The new evaluator against the old on one hand; the number of wins (0 or 1)."""
    args = (tiles, melds, variant)
    wins = _outcome(is_winning, *args)
    assert wins == _outcome(reference_hand.is_winning, *args), args
    assert _outcome(decompositions, *args) == _outcome(reference_hand.decompositions, *args)
    if with_waits and wins is False:
        assert _outcome(waits, *args) == _outcome(reference_hand.waits, *args), args
    if wins is not True:
        return 0
    win = win or Win(tiles, melds, variant=variant)
    for rules in RULES:
        new, old = readings(win, rules), reference_fan.readings(win, rules)
        assert _scored(new) == _scored(old), win
        assert _scored([score(win, rules)]) == _scored([reference_fan.score(win, rules)])
        assert _scored(all_best(win, rules)) == _scored(reference_fan.all_best(win, rules))
        for result in new:  # a hand worked out from its tiles (fan_reasons) reads the same
            fast = Hand(win, result.reading, rules.wan_iat_sek_with_scoring_honours,
                        *hand_keys_and_chows(win, result.reading))
            slow = Hand(win, result.reading, rules.wan_iat_sek_with_scoring_honours)
            assert [getattr(fast, name) for name in Hand.__slots__] == [
                getattr(slow, name) for name in Hand.__slots__]
    return 1


def hand_keys_and_chows(win, reading):
    whole = hand_keys.key_of([*win.tiles, *(t for m in win.melds for t in m.tiles)])
    return whole, sum(1 for meld in reading.sets if meld.kind is MeldKind.CHOW)


def test_every_benchmark_hand_reads_and_scores_as_before():
    hands = benchmark_hands()
    assert sum(check_hand(w.tiles, w.melds, w.variant, w) for w in hands) == len(hands)


def _sweep_case(rng, index):
    variant = Variant.SIMPLIFIED if index % 5 == 4 else Variant.CONVENTIONAL
    if index % 2 == 0:
        win = random_win(rng, variant, consistent=False)
        return win.tiles, win.melds, variant, win
    tiles, melds = random_hand(rng, variant)
    return tiles, melds, variant, None


def test_random_hands_read_and_score_as_before():
    rng = random.Random(39_135)
    wins = 0
    patterns = Counter()
    for index in range(SWEEP):
        tiles, melds, variant, win = _sweep_case(rng, index)
        won = check_hand(tiles, melds, variant, win, with_waits=index % 7 == 1)
        wins += won
        if won and win is not None:
            patterns.update(hit.pattern.name for hit in score(win).patterns)
    assert wins > SWEEP * 0.5
    # The sweep reached every special hand of the fán list.
    assert {THIRTEEN_ORPHANS, BIG_DRAGONS, BIG_WINDS, SMALL_DRAGONS, SMALL_WINDS, ALL_HONOURS,
            ALL_TERMINALS, TERMINALS_AND_HONOURS, PURE_ONE_SUIT, MIXED_ALL_CHOWS,
            CONCEALED_PUNGS} <= set(patterns)


def test_thirteen_tile_hands_wait_on_the_same_tiles():
    rng = random.Random(9)
    for index in range(1500):
        variant = Variant.SIMPLIFIED if index % 4 == 0 else Variant.CONVENTIONAL
        win = random_win(rng, variant, consistent=False)
        tiles = list(win.tiles)
        tiles.pop(rng.randrange(len(tiles)))
        args = (tuple(tiles), win.melds, variant)
        assert waits(*args) == reference_hand.waits(*args)
        assert decompositions(*args) == reference_hand.decompositions(*args) == []


def _riichi_34(win_tiles, melds):
    counts = [0] * KINDS
    for tile in (*win_tiles, *(t for m in melds for t in m.tiles)):
        counts[tile] += 1
    return counts, [list(m.tiles) for m in melds]


def _is_seven_pairs(tiles, melds):
    return not melds and sorted(Counter(tiles).values()) == [2] * 7


def test_agrees_with_riichi_agari_on_the_hands_both_call_a_win():
    rng = random.Random(34)
    both = 0
    for index in range(4000):
        if index % 2:
            tiles, melds = random_hand(rng)
        else:
            win = random_win(rng, consistent=False)
            tiles, melds = win.tiles, win.melds
        ours = _outcome(is_winning, tiles, melds)
        if ours is not True and ours is not False:
            continue  # five of a kind: neither game's hand
        theirs = Agari.is_agari(*_riichi_34(tiles, melds))
        if ours != theirs:  # riichi also wins on seven pairs; Macau does not
            assert theirs and _is_seven_pairs(tiles, melds), (tiles, melds)
        both += ours and theirs
    assert both > 2000


@pytest.mark.parametrize(("tiles", "melds", "variant", "error"), [
    ("1m 1m 1m 1m 1m 2m 3m 4p 5p 6p 7s 8s 9s E", (), Variant.CONVENTIONAL, "only four"),
    ("1m 1m 2m 3m 4p 5p 6p 7s 8s 9s E E", (("kong", "1m 1m 1m 1m"),), Variant.CONVENTIONAL,
     "only four"),
    ("E E 2m 3m 4m", (), Variant.SIMPLIFIED, "the simplified set has no E"),
    ("F F", (("pung", "C C C"),), Variant.SIMPLIFIED, "the simplified set has no C"),
])
def test_the_same_errors(tiles, melds, variant, error):
    melds = tuple(Meld(MeldKind(kind), parse_tiles(text)) for kind, text in melds)
    args = (parse_tiles(tiles), melds, variant)
    for function in (is_winning, decompositions, waits, reference_hand.is_winning,
                     reference_hand.decompositions):
        with pytest.raises(ValueError, match=error):
            function(*args)


def _raised(function, *args):
    try:
        function(*args)
    except Exception as error:  # whatever it is, the same as before
        return type(error), str(error)
    return None


def test_what_is_no_tile_is_refused_as_before():
    cases = [((bad, 1, 2),) for bad in (-1, 34, 35, None, "1m")] + [
        ((1, 1), (Meld(MeldKind.PUNG, (bad,) * 3),)) for bad in (-1, 34)]
    for args in cases:
        new = _raised(is_winning, *args)
        assert new is not None and new == _raised(reference_hand.is_winning, *args)
    assert _raised(is_winning, (-1, 0, 0))[1] == "the conventional set has no 9s"


def test_the_tables_hold_every_suit_pattern_that_reads_and_no_other():
    hand_keys.build()
    codes = hand_keys.SUIT_CODES
    assert Counter(codes.values()) == {1: 3_346, 2: 26_213}
    assert Counter(hand_keys.HONOUR_CODES.values()) == {1: 99, 2: 693}
    rng = random.Random(5)
    for _ in range(3000):  # any pattern of one suit: in the table exactly when it reads
        counts = [rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        tiles = [t for t, n in enumerate(counts) for _copy in range(n)]
        key = hand_keys.key_of(tiles)
        reads = reference_hand._has_sets(counts + [0] * 25) and len(tiles) <= 12
        paired = any(
            reference_hand._has_sets([n - 2 * (i == t) for i, n in enumerate(counts)] + [0] * 25)
            for t in range(9) if counts[t] >= 2) and len(tiles) <= 14
        assert codes[key] == (1 if reads and len(tiles) % 3 == 0 else
                              2 if paired and len(tiles) % 3 == 2 else 0), counts


def test_only_patterns_that_read_are_kept():
    kept = hand_keys.READINGS
    before = len(kept)
    for _ in range(3):
        decompositions(parse_tiles("1m 4m 7m 1p 4p 7p 1s 4s 7s E S W N C"))
    assert len(kept) == before  # nothing reads: nothing kept
    decompositions(parse_tiles("1m 1m 1m 2m 3m 4m 4m 4m 6p 7p 8p 9s 9s 9s"))
    assert all(code and found for code, found in kept.values())


def test_more_than_four_of_a_kind():
    for count in range(32):
        key = count * hand_keys.WEIGHT[17] + 4 * hand_keys.WEIGHT[16] + 3 * hand_keys.WEIGHT[18]
        assert hand_keys.more_than_four(key) is (count > 4)
