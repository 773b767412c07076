"""Ruling the calls on a discard (Portaria 135/91/M, Art. 4, 5 and 9; HI-MJ-CLAIM).

Hand-worked tables, one per point the ruling cites; every combination of calls on fixed
tables; and random tables (hypothesis): the granted call is legal, at most one is granted,
every other call is refused on a ground that holds.
"""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules.mahjong import Bars, Call, ClaimKind, Refusal, Variant, Wind, parse_tiles, rule
from trainer.rules.mahjong.play.claims import HI_MJ_CLAIM, claimed_set, faults, legal_claims
from trainer.rules.regulations import Article, Regulation

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
WIN, KONG, PUNG, CHOW = ClaimKind.WIN, ClaimKind.KONG, ClaimKind.PUNG, ClaimKind.CHOW
P = parse_tiles
TILE = P("5p")[0]
SIMPLIFIED = Variant.SIMPLIFIED
NO_BARS = Bars()

NOTHING = "1m 4m 7m 2p 8p 3s 5s 9s E S W N P"
NOTHING_2 = "2m 5m 8m 3p 9p 2s 6s 9s E S W N P"
WAITS_5P = "2m 3m 4m 6s 7s 8s 1p 1p 1p C C C 5p"  # wins on 5p (the pair)
ALSO_5P = "2m 3m 4m 6s 7s 8s 9p 9p 9p F F F 5p"
PAIR_5P = "5p 5p 1m 4m 7m 2s 5s 8s E S W F F"
THREE_5P = "5p 5p 5p 1m 4m 7m 2s 5s 8s E S W F"
CHOW_5P = "4p 6p 1m 4m 7m 2s 5s 8s E S W F F"
CLOSED_5P = "2m 3m 4m 6s 7s 8s 1p 1p 1p C C 4p 6p"  # wins on 5p (4p 5p 6p), holds none
ALSO_3P4P = "2m 3m 4m 6s 7s 8s 9p 9p 9p P P 3p 4p"  # wins on 2p or 5p, holds none
BOTH_5P = "5p 5p 4p 6p 1m 4m 7m 2s 8s E S W F"  # a pair and a run: chow or pung


def art(number, item):
    return Article(Regulation.MAHJONG, number, item)


def table(**hands):
    seats = {"east": E, "south": S, "west": W, "north": N}
    return {seats[k]: (P(v), ()) for k, v in hands.items()}


def ruled(hands, *calls, discarder=E, variant=Variant.CONVENTIONAL, bars=NO_BARS):
    return rule(discarder, TILE, hands, [Call(seat, kind) for seat, kind in calls], variant,
                bars)


def test_legal_choice_regression_the_next_player_may_chow_or_pung():
    """The old skill graded "chow" wrong for a next player holding a pair and a run."""
    hand = (P(BOTH_5P), ())
    assert legal_claims(S, E, TILE, hand, Variant.CONVENTIONAL) == {CHOW, PUNG}
    hands = table(east=NOTHING, south=BOTH_5P, west=NOTHING_2, north=NOTHING)
    for kind in (CHOW, PUNG):
        assert ruled(hands, (S, kind)).granted == Call(S, kind)


def test_a_holder_of_three_may_pung_or_kong_and_a_barred_one_only_pung():
    hand = (P(THREE_5P), ())
    assert legal_claims(W, E, TILE, hand, Variant.CONVENTIONAL) == {KONG, PUNG}
    barred = Bars(saw_tiles=frozenset({W}))
    assert legal_claims(W, E, TILE, hand, Variant.CONVENTIONAL, barred) == {PUNG}
    assert legal_claims(W, E, TILE, (P("5p 5p 5p 9s"), ()), SIMPLIFIED) == {KONG}
    with pytest.raises(ValueError, match="cannot claim his own discard"):
        legal_claims(E, E, TILE, hand, Variant.CONVENTIONAL)


def test_art_5_a_3_only_the_next_player_may_chow():
    hands = table(east=NOTHING, south=NOTHING_2, west=CHOW_5P, north=NOTHING)
    ruling = ruled(hands, (W, CHOW))
    assert ruling.granted is None and ruling.refused == ((Call(W, CHOW), Refusal.NOT_NEXT),)
    assert Refusal.NOT_NEXT.source(Variant.CONVENTIONAL) == art(5, "a(3)")
    hands = table(east=NOTHING, south=CHOW_5P, west=NOTHING_2, north=NOTHING)
    assert ruled(hands, (S, CHOW)).granted == Call(S, CHOW)  # the next player: legal


def test_art_5_a_3_a_chow_needs_two_tiles_of_a_run_and_loses_to_a_pung_or_kong():
    hands = table(east=NOTHING, south=NOTHING_2, west=NOTHING, north=PAIR_5P)
    assert ruled(hands, (S, CHOW)).ground(Call(S, CHOW)) is Refusal.NO_RUN
    for holder, kind in ((PAIR_5P, PUNG), (THREE_5P, KONG)):
        hands = table(east=NOTHING, south=CHOW_5P, west=NOTHING_2, north=holder)
        ruling = ruled(hands, (S, CHOW), (N, kind))
        assert ruling.granted == Call(N, kind)
        assert ruling.ground(Call(S, CHOW)) is Refusal.PUNG_FIRST
        assert Refusal.PUNG_FIRST.source(Variant.CONVENTIONAL) == art(5, "a(3)")


def test_an_illegal_pung_does_not_beat_a_chow():
    hands = table(east=NOTHING, south=CHOW_5P, west=NOTHING_2, north=NOTHING)
    ruling = ruled(hands, (S, CHOW), (N, PUNG))
    assert ruling.granted == Call(S, CHOW)
    assert ruling.refused == ((Call(N, PUNG), Refusal.NO_PAIR),)
    assert Refusal.NO_PAIR.source(Variant.CONVENTIONAL) == art(5, "a(4)")


def test_art_5_a_5_and_b_4_a_kong_needs_three():
    hands = table(east=NOTHING, south=NOTHING_2, west=PAIR_5P, north=NOTHING)
    assert ruled(hands, (W, KONG)).ground(Call(W, KONG)) is Refusal.NO_THREE
    assert Refusal.NO_THREE.source(Variant.CONVENTIONAL) == art(5, "a(5)")
    assert Refusal.NO_THREE.source(SIMPLIFIED) == art(5, "b(4)")
    simple = {E: (P("1m 1m 1m 2s"), ()), S: (P("5p 5p 5p 9s"), ()), W: (P("2m 3m 7s 9s"), ()),
              N: (P("2p 2p 2p 5s"), ())}
    assert ruled(simple, (S, KONG), variant=SIMPLIFIED).granted == Call(S, KONG)


@pytest.mark.parametrize(("tile", "held", "run"), [("9p", "7p 8p", "7p 8p 9p"),
                                                   ("1p", "2p 3p", "1p 2p 3p"),
                                                   ("3p", "1p 2p", "1p 2p 3p")])
def test_art_5_a_3_the_end_runs_of_a_suit_are_chowed(tile, held, run):
    end, hand = P(tile)[0], (P(held + " 1m 4m 7m 2s 5s 8s E S W F F"), ())
    assert legal_claims(S, E, end, hand, Variant.CONVENTIONAL) == {CHOW}
    assert claimed_set(Call(S, CHOW), end, hand, Variant.CONVENTIONAL) == P(run)


@pytest.mark.parametrize(("held", "run"), [("3p 4p 6p 7p", "3p 4p 5p"), ("4p 6p 7p", "4p 5p 6p"),
                                           ("6p 7p", "5p 6p 7p"), ("3p 4p", "3p 4p 5p")])
def test_art_5_a_3_a_chow_lays_open_the_lowest_run_the_callers_tiles_make(held, run):
    hand = (P(held + " 1m 9m E S W"), ())
    assert claimed_set(Call(S, CHOW), TILE, hand, Variant.CONVENTIONAL) == P(run)


def test_art_5_a_3_a_chow_without_a_run_lays_nothing_open():
    with pytest.raises(ValueError, match="no run with the discard in this hand"):
        claimed_set(Call(S, CHOW), TILE, (P("3p 7p 1m"), ()), Variant.CONVENTIONAL)


def test_art_5_a_4_and_a_5_a_pung_lays_open_three_of_the_discard_and_a_kong_four():
    assert claimed_set(Call(N, PUNG), TILE, (P(PAIR_5P), ()), Variant.CONVENTIONAL) == (TILE,) * 3
    assert claimed_set(Call(W, KONG), TILE, (P(THREE_5P), ()), Variant.CONVENTIONAL) == (TILE,) * 4

def test_art_4_a_win_needs_the_tile_to_complete_the_hand():
    hands = table(east=NOTHING, south=NOTHING_2, west=PAIR_5P, north=NOTHING)
    ruling = ruled(hands, (W, WIN), (N, PUNG))
    assert ruling.granted is None
    assert dict(ruling.refused) == {Call(W, WIN): Refusal.NOT_COMPLETE,
                                    Call(N, PUNG): Refusal.NO_PAIR}
    assert Refusal.NOT_COMPLETE.source(Variant.CONVENTIONAL) == art(4, "a")
    assert Refusal.NOT_COMPLETE.source(SIMPLIFIED) == art(4, "b")


@pytest.mark.parametrize("kind", [PUNG, KONG, CHOW])
def test_hi_mj_claim_a_win_beats_any_set(kind):
    holder = {PUNG: PAIR_5P, KONG: THREE_5P, CHOW: CHOW_5P}[kind]
    hands = table(east=NOTHING, south=holder, west=NOTHING_2, north=CLOSED_5P)
    ruling = ruled(hands, (S, kind), (N, WIN))  # the winner is the farthest: still wins
    assert ruling.granted == Call(N, WIN)
    assert ruling.ground(Call(S, kind)) is Refusal.WIN_FIRST
    assert Refusal.WIN_FIRST.source(Variant.CONVENTIONAL) == HI_MJ_CLAIM


@pytest.mark.parametrize(("variant", "item"), [(Variant.CONVENTIONAL, "a(6)"),
                                               (SIMPLIFIED, "b(5)")])
@pytest.mark.parametrize("discarder", list(Wind))
def test_chit_vu_the_nearest_winner_counterclockwise_takes_it(discarder, variant, item):
    if variant is SIMPLIFIED:
        near, far, other = "5p 1s 2s 3s", "5p 7m 8m 9m", "1m 1m 1m 2s"
    else:
        near, far, other = WAITS_5P, ALSO_5P, NOTHING
    hands = {discarder: (P(other), ()), discarder.next(1): (P(other), ()),
             discarder.next(2): (P(near), ()), discarder.next(3): (P(far), ())}
    ruling = ruled(hands, (discarder.next(3), WIN), (discarder.next(2), WIN),
                   discarder=discarder, variant=variant)
    assert ruling.granted == Call(discarder.next(2), WIN)
    assert ruling.refused == ((Call(discarder.next(3), WIN), Refusal.NEARER_WINNER),)
    assert Refusal.NEARER_WINNER.source(variant) == art(5, item)


def test_art_9_a_2_who_withdrew_a_pung_call_cannot_win():
    hands = table(east=NOTHING, south=PAIR_5P, west=WAITS_5P, north=NOTHING_2)
    bars = Bars(withdrew_pung=frozenset({W}))
    ruling = ruled(hands, (S, PUNG), (W, WIN), bars=bars)
    assert ruling.granted == Call(S, PUNG)
    assert ruling.refused == ((Call(W, WIN), Refusal.WITHDREW_PUNG),)
    assert Refusal.WITHDREW_PUNG.source(Variant.CONVENTIONAL) == art(9, "a(2)")
    # Without the bar the win takes it.
    assert ruled(hands, (S, PUNG), (W, WIN)).granted == Call(W, WIN)


def test_art_9_a_3_and_b_2_who_saw_anothers_tiles_cannot_kong():
    hands = table(east=NOTHING, south=CHOW_5P, west=NOTHING_2, north=THREE_5P)
    bars = Bars(saw_tiles=frozenset({N}))
    ruling = ruled(hands, (S, CHOW), (N, KONG), bars=bars)
    assert ruling.granted == Call(S, CHOW)  # the barred kong does not beat the chow
    assert ruling.refused == ((Call(N, KONG), Refusal.SAW_TILES),)
    assert Refusal.SAW_TILES.source(Variant.CONVENTIONAL) == art(9, "a(3)")
    assert Refusal.SAW_TILES.source(SIMPLIFIED) == art(9, "b(2)")
    assert ruled(hands, (S, CHOW), (N, PUNG), bars=bars).granted == Call(N, PUNG)


def test_art_5_b_3_the_simplified_form_has_no_chow_or_pung():
    simple = {E: (P("1m 1m 1m 2s"), ()), S: (P("5p 5p 4p 6p"), ()), W: (P("2m 3m 7s 9s"), ()),
              N: (P("2p 2p 2p 5s"), ())}
    ruling = ruled(simple, (S, PUNG), variant=SIMPLIFIED)
    assert ruling.granted is None
    assert ruling.refused == ((Call(S, PUNG), Refusal.ONLY_WIN_OR_KONG),)
    assert ruled(simple, (S, CHOW), variant=SIMPLIFIED).ground(
        Call(S, CHOW)) is Refusal.ONLY_WIN_OR_KONG
    assert Refusal.ONLY_WIN_OR_KONG.source(SIMPLIFIED) == art(5, "b(3)")


def test_own_faults_are_ruled_before_being_outranked():
    hands = table(east=NOTHING, south=NOTHING_2, west=NOTHING, north=WAITS_5P)
    bars = Bars(saw_tiles=frozenset({W}))
    ruling = ruled(hands, (W, KONG), (N, WIN), bars=bars)
    assert ruling.ground(Call(W, KONG)) is Refusal.NO_THREE
    assert ruling.grounds[Call(W, KONG)] == (Refusal.NO_THREE, Refusal.SAW_TILES,
                                             Refusal.WIN_FIRST)


def test_bad_calls_and_tables_are_refused_loudly():
    hands = table(east=NOTHING, south=PAIR_5P, west=NOTHING_2, north=NOTHING)
    with pytest.raises(ValueError, match="one call a player"):
        ruled(hands, (S, PUNG), (S, CHOW))
    with pytest.raises(ValueError, match="none by the discarder"):
        ruled(hands, (E, PUNG))
    five = table(east=NOTHING, south=THREE_5P, west=PAIR_5P, north=NOTHING)
    with pytest.raises(ValueError, match="more than four"):
        ruled(five, (S, KONG))


def check(ruling, calls, hands, discarder, variant, bars, tile=TILE):
    """The invariants of any ruling, and the ranking worked out again from the faults."""
    granted = [c for c in calls if not ruling.grounds[c]]
    assert len(granted) <= 1 and ruling.granted == (granted[0] if granted else None)
    assert {c for c, _ in ruling.refused} | set(granted) == set(calls)
    for call, ground in ruling.refused:
        assert ground == ruling.grounds[call][0] and ground in ruling.grounds[call]
    legal = [c for c in calls if not faults(c, discarder, tile, hands[c.seat], variant, bars)]
    if ruling.granted is not None:
        assert ruling.granted in legal
    by_rank = sorted(legal, key=lambda c: ({WIN: 0, KONG: 1, PUNG: 1, CHOW: 2}[c.kind],
                                           [discarder.next(i) for i in (1, 2, 3)].index(c.seat)))
    assert ruling.granted == (by_rank[0] if by_rank else None)


FIXED = [  # every seat able to do something with 5p
    ("conventional", {E: NOTHING, S: BOTH_5P, W: WAITS_5P, N: NOTHING_2}),
    ("conventional", {E: NOTHING, S: CHOW_5P, W: THREE_5P, N: CLOSED_5P}),
    ("conventional", {E: NOTHING, S: WAITS_5P, W: ALSO_3P4P, N: PAIR_5P}),
    ("simplified", {E: "1m 1m 1m 2s", S: "5p 5p 5p 9s", W: "4p 6p 7s 7s", N: "6p 7p 9s 9s"}),
    ("simplified", {E: "1m 1m 1m 2s", S: "5p 5p 4p 6p", W: "2m 3m 7s 9s", N: "6p 7p 9s 9s"}),
]


@pytest.mark.parametrize(("variant", "tiles"), FIXED)
@pytest.mark.parametrize("bars", [Bars(), Bars(frozenset({W}), frozenset({W, N}))])
def test_every_combination_of_calls(variant, tiles, bars):
    variant = Variant(variant)
    hands = {seat: (P(text), ()) for seat, text in tiles.items()}
    seats = [S, W, N]
    for kinds in itertools.product([None, *ClaimKind], repeat=3):
        calls = [Call(seat, kind) for seat, kind in zip(seats, kinds, strict=True) if kind]
        ruling = rule(E, TILE, hands, calls, variant, bars)
        check(ruling, calls, hands, E, variant, bars)


ALL_TILES = [tile for tile in range(34) for _ in range(4)]


@settings(max_examples=300, deadline=None)
@given(tiles=st.permutations(ALL_TILES), discarder=st.sampled_from(list(Wind)),
       kinds=st.lists(st.sampled_from([None, *ClaimKind]), min_size=3, max_size=3),
       withdrew=st.sets(st.sampled_from(list(Wind))), saw=st.sets(st.sampled_from(list(Wind))),
       pick=st.integers(0, 38))
def test_any_table_any_calls(tiles, discarder, kinds, withdrew, saw, pick):
    """Random hands; the discard one of the tiles held, so pairs, threes and runs occur."""
    seats = [discarder.next(step) for step in (1, 2, 3)]
    hands = {seat: (tuple(tiles[13 * at:13 * at + 13]), ()) for at, seat in enumerate(seats)}
    held = [t for seat in seats for t in hands[seat][0]]
    tile = held[pick]
    if held.count(tile) == 4:
        tile = tiles[39]
    if [*held, tile].count(tile) > 4:
        return
    calls = [Call(seat, kind) for seat, kind in zip(seats, kinds, strict=True) if kind]
    bars = Bars(frozenset(withdrew), frozenset(saw))
    ruling = rule(discarder, tile, hands, calls, Variant.CONVENTIONAL, bars)
    check(ruling, calls, hands, discarder, Variant.CONVENTIONAL, bars, tile)
