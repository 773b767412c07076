"""Mah-Jong mistake kinds in the rules core: a claim priority reversed (one step of the
priority turned round) and a fán counted twice (the inclusion rule skipped)."""

import random

import pytest

from tests.rules.mahjong.claim_tables import (
    CHOW_5P,
    NOTHING,
    PAIR_5P,
    THREE_5P,
    WAITS_5P,
    E,
    N,
    P,
    S,
    W,
    table,
)
from tests.rules.mahjong.random_wins import random_win
from trainer.rules.mahjong import Variant, Wind
from trainer.rules.mahjong import mistakes as usual
from trainer.rules.mahjong.hands import fan as f
from trainer.rules.mahjong.play.claims import PRIORITY, Bars, Call, ClaimKind, Refusal, rule
from trainer.rules.mistakes import recognise

TILE = P("5p")[0]
ALSO_WAITS_5P = "2m 3m 4m 6s 7s 8s 9p 9p 9p F F F 5p"
RUN_WAITS_5P = "2m 3m 4m 6s 7s 8s 1p 1p 1p C C 4p 6p"  # wins on 5p (a chow)


def granted(hands, calls, step=None, variant=Variant.CONVENTIONAL):
    return rule(E, TILE, hands, calls, variant, reversed_step=step).granted


# (the step reversed, the hands, the calls, the call right, the call with the step reversed)
REVERSALS = [
    (Refusal.WIN_FIRST, table(east=NOTHING, south=PAIR_5P, west=WAITS_5P, north=NOTHING),
     [Call(S, ClaimKind.PUNG), Call(W, ClaimKind.WIN)], Call(W, ClaimKind.WIN),
     Call(S, ClaimKind.PUNG)),
    (Refusal.WIN_FIRST, table(east=NOTHING, south=NOTHING, west=RUN_WAITS_5P,
                              north=THREE_5P),
     [Call(W, ClaimKind.WIN), Call(N, ClaimKind.KONG)], Call(W, ClaimKind.WIN),
     Call(N, ClaimKind.KONG)),
    (Refusal.WIN_FIRST, table(east=NOTHING, south=CHOW_5P, west=WAITS_5P, north=NOTHING),
     [Call(S, ClaimKind.CHOW), Call(W, ClaimKind.WIN)], Call(W, ClaimKind.WIN),
     Call(S, ClaimKind.CHOW)),
    (Refusal.PUNG_FIRST, table(east=NOTHING, south=CHOW_5P, west=PAIR_5P, north=NOTHING),
     [Call(S, ClaimKind.CHOW), Call(W, ClaimKind.PUNG)], Call(W, ClaimKind.PUNG),
     Call(S, ClaimKind.CHOW)),
    (Refusal.NEARER_WINNER, table(east=NOTHING, south=WAITS_5P, west=NOTHING,
                                  north=ALSO_WAITS_5P),
     [Call(S, ClaimKind.WIN), Call(N, ClaimKind.WIN)], Call(S, ClaimKind.WIN),
     Call(N, ClaimKind.WIN)),
]


@pytest.mark.parametrize(("step", "hands", "calls", "right", "reversed_"), REVERSALS)
def test_a_step_reversed_gives_the_tile_to_the_call_it_puts_second(step, hands, calls, right,
                                                                   reversed_):
    assert granted(hands, calls) == right
    assert granted(hands, calls, step) == reversed_
    for other in PRIORITY:  # the other steps reversed change nothing here
        if other is not step:
            assert granted(hands, calls, other) == right
    [(kind, ruling)] = [(k, r) for k, r in usual.mistaken_rulings(
        E, TILE, hands, calls, Variant.CONVENTIONAL, Bars()) if r.granted != right]
    assert kind is usual.REVERSED[step] and ruling.granted == reversed_


def test_a_pung_before_a_win_is_not_the_chow_too():
    """Win, pung and chow called: the win put after the others gives the tile to the pung
    (a pung still beats a chow)."""
    hands = table(east=NOTHING, south=CHOW_5P, west=PAIR_5P, north=RUN_WAITS_5P)
    calls = [Call(S, ClaimKind.CHOW), Call(W, ClaimKind.PUNG), Call(N, ClaimKind.WIN)]
    assert granted(hands, calls) == Call(N, ClaimKind.WIN)
    assert granted(hands, calls, Refusal.WIN_FIRST) == Call(W, ClaimKind.PUNG)
    assert granted(hands, calls, Refusal.PUNG_FIRST) == Call(N, ClaimKind.WIN)


def test_a_call_refused_on_its_own_tiles_stays_refused_when_a_step_is_reversed():
    """A false win does not take the tile from a pung, the priority reversed or not."""
    hands = table(east=NOTHING, south=PAIR_5P, west=NOTHING, north=NOTHING)
    calls = [Call(S, ClaimKind.PUNG), Call(W, ClaimKind.WIN)]
    for step in (None, *PRIORITY):
        assert granted(hands, calls, step) == Call(S, ClaimKind.PUNG)


def test_the_simplified_form_reverses_a_win_and_a_kong_and_two_winners():
    calls = [Call(S, ClaimKind.KONG), Call(W, ClaimKind.WIN), Call(N, ClaimKind.WIN)]
    simplified = Variant.SIMPLIFIED
    hands = {seat: (P(t), ()) for seat, t in (
        (E, "1m 4m 7m 2p"), (S, "5p 5p 5p 9s"), (W, "3p 4p 9s 9s"), (N, "6p 7p 1m 1m"))}
    assert granted(hands, calls, variant=simplified) == Call(W, ClaimKind.WIN)
    assert granted(hands, calls, Refusal.WIN_FIRST, simplified) == Call(S, ClaimKind.KONG)
    assert granted(hands, calls, Refusal.NEARER_WINNER, simplified) == Call(N, ClaimKind.WIN)


def test_only_a_step_of_the_priority_can_be_reversed():
    hands = table(east=NOTHING, south=PAIR_5P, west=WAITS_5P, north=NOTHING)
    with pytest.raises(ValueError, match="not a step of the claims' priority"):
        rule(E, TILE, hands, [Call(S, ClaimKind.PUNG)], reversed_step=Refusal.NO_PAIR)


def test_the_sources_are_the_rules_cores_own():
    assert usual.WIN_PRIORITY_REVERSED.source == Refusal.WIN_FIRST.source(Variant.CONVENTIONAL)
    assert usual.PUNG_PRIORITY_REVERSED.source == Refusal.PUNG_FIRST.source(
        Variant.CONVENTIONAL)
    for variant in Variant:  # (a)(6) and (b)(5): both in Article 5
        assert usual.SEAT_PRIORITY_REVERSED.source.number == Refusal.NEARER_WINNER.source(
            variant).number == 5
    assert usual.FAN_COUNTED_TWICE.source == f.HI_MJ_INCLUDES
    assert all(k.id.startswith("mahjong.") and not str(k.explanation).endswith(".")
               for k in usual.KINDS)


# A fán counted twice.

def win(tiles, **flags):
    return f.Win(P(tiles), **flags)


@pytest.mark.parametrize(("hand", "bigger", "included"), [
    (win("2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 2s 3s 9p 9p", kong_on_kong=True,
         kong_replacement=True), f.KONG_ON_KONG, {f.KONG_REPLACEMENT}),
    (win("S S S 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", seat_wind=Wind.SOUTH,
         round_wind=Wind.SOUTH), f.DOUBLE_WIND, {f.SEAT_WIND, f.ROUND_WIND}),
    (win("2m 2m 2m 5p 5p 5p 7s 7s 7s 9p 9p 9p 3s 3s", self_drawn=True), f.CONCEALED_PUNGS,
     {f.ALL_PUNGS}),
    (win("1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m N N"), f.MIXED_ALL_CHOWS,
     {f.MIXED_ONE_SUIT, f.ALL_CHOWS}),
])
def test_the_inclusion_skipped_counts_the_included_pattern_too(hand, bigger, included):
    right = f.score(hand)
    wrong = f.score(hand, inclusion=False)
    assert bigger in right.names and not included & right.names
    assert wrong.names == right.names | included
    assert wrong.raw == right.raw + len(included)  # each included pattern is 1 fán
    assert wrong.fan == right.fan == 2  # the cap: the total does not show it


def test_a_hand_with_nothing_included_is_scored_the_same():
    hand = win("C C C 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s")
    assert f.score(hand, inclusion=False) == f.score(hand)


def test_the_mistake_is_recognised_only_when_it_differs():
    hand = win("S S S 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", seat_wind=Wind.SOUTH,
               round_wind=Wind.SOUTH)
    right, wrong = f.score(hand).names, f.score(hand, inclusion=False).names
    assert recognise(wrong, right, [(usual.FAN_COUNTED_TWICE, wrong)]) == (
        usual.FAN_COUNTED_TWICE,)
    assert recognise(f.score(hand).fan, f.score(hand).fan,
                     [(usual.FAN_COUNTED_TWICE, f.score(hand, inclusion=False).fan)]) == ()


@pytest.mark.parametrize("variant", list(Variant))
def test_skipping_the_inclusion_adds_exactly_the_included_patterns(variant):
    """Over random wins of either form: each reading's patterns with the inclusion skipped
    are its right ones and every pattern a scored one includes whose test holds, their fán
    added; after the cap every reading is worth the same."""
    rng = random.Random(40)
    table = f.CONVENTIONAL_PATTERNS if variant is Variant.CONVENTIONAL else \
        f.SIMPLIFIED_PATTERNS
    differed = 0
    for _ in range(1500):
        hand = random_win(rng, variant)
        rights, wrongs = f.readings(hand), f.readings(hand, inclusion=False)
        for right, wrong in zip(rights, wrongs, strict=True):
            assert right.reading == wrong.reading
            assert wrong.fan == right.fan
            extra = wrong.names - right.names
            assert right.names <= wrong.names
            included = {name for hit in right.patterns for name in hit.pattern.supersedes}
            assert extra <= included
            added = sum(hit.fan for hit in wrong.patterns if hit.pattern.name in extra)
            assert wrong.raw == right.raw + added
            assert all(p.fan == 2 for p in table if p.supersedes & extra)
            differed += bool(extra)
    if variant is Variant.CONVENTIONAL:
        assert differed > 20
    else:
        assert differed == 0  # the simplified form includes nothing
