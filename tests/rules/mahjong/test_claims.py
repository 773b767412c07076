"""Claims on a discard (Portaria 135/91/M, Art. 5 and 9): a table of scenarios."""

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
from trainer.rules.mahjong import Variant
from trainer.rules.mahjong.play.claims import ClaimKind, claim


def test_win_beats_pung():
    hands = table(east=NOTHING, south=PAIR_5P, west=WAITS_5P, north=NOTHING)
    result = claim(E, P("5p")[0], hands)
    assert (result.seat, result.kind) == (W, ClaimKind.WIN)


@pytest.mark.parametrize(
    ("discarder", "winner"),
    [(E, S), (S, W), (W, N), (N, E)],
)
def test_several_winners_the_nearest_counterclockwise_takes_it(discarder, winner):
    other = "2m 3m 4m 6s 7s 8s 9p 9p 9p F F F 5p"  # also wins on 5p
    hands = {discarder: (P(NOTHING), ()), discarder.next(2): (P(NOTHING), ())}
    hands[discarder.next(1)] = (P(WAITS_5P), ()) if winner == discarder.next(1) else (
        P(NOTHING), ())
    hands[discarder.next(3)] = (P(other), ())
    if winner != discarder.next(1):
        hands[discarder.next(2)] = (P(WAITS_5P), ())
    result = claim(discarder, P("5p")[0], hands)
    assert (result.seat, result.kind) == (winner, ClaimKind.WIN)


def test_pung_beats_chow():
    hands = table(east=NOTHING, south=CHOW_5P, west=PAIR_5P, north=NOTHING)
    result = claim(E, P("5p")[0], hands)
    assert (result.seat, result.kind) == (W, ClaimKind.PUNG)


def test_kong_with_three_in_hand():
    hands = table(east=NOTHING, south=CHOW_5P, west=NOTHING, north=THREE_5P)
    assert claim(E, P("5p")[0], hands).kind is ClaimKind.KONG


def test_chow_only_by_the_next_player():
    assert claim(E, P("5p")[0], table(east=NOTHING, south=CHOW_5P, west=NOTHING,
                                      north=NOTHING)).kind is ClaimKind.CHOW
    assert claim(E, P("5p")[0], table(east=NOTHING, south=NOTHING.replace("P", "F"),
                                      west=CHOW_5P, north=NOTHING)) is None


def test_no_chow_of_an_honour_or_across_suits():
    honour = "E S 1m 4m 7m 2p 5p 8p 3s 6s 9s C F"
    assert claim(N, P("W")[0], table(east=honour, south=NOTHING, west=NOTHING,
                                     north=NOTHING)) is None
    across = "8m 9m 1m 4m 7m 2p 5p 3s 6s E S W N"
    assert claim(N, P("1p")[0], table(east=across, south=NOTHING, west=NOTHING,
                                      north=NOTHING)) is None


def test_art_9_bars():
    hands = table(east=NOTHING, south=PAIR_5P, west=WAITS_5P,
                  north="9p 9p 9p 1m 4m 7m 2s 5s 8s E S W P")
    barred = claim(E, P("5p")[0], hands, barred_from_winning={W})
    assert (barred.seat, barred.kind) == (S, ClaimKind.PUNG)
    kong_hands = table(east=NOTHING, south=NOTHING, west=NOTHING, north=THREE_5P)
    no_kong = claim(E, P("5p")[0], kong_hands, barred_from_kong={N})
    assert (no_kong.seat, no_kong.kind) == (N, ClaimKind.PUNG)


def test_more_than_four_of_a_tile_is_refused():
    with pytest.raises(ValueError, match="hold more than four of a tile"):
        claim(E, P("5p")[0], table(east=NOTHING, south=THREE_5P, west=PAIR_5P, north=NOTHING))


def test_simplified_form_only_win_or_open_kong():
    simple = Variant.SIMPLIFIED
    hands = {E: (P("1m 4m 7m 2p"), ()), S: (P("5p 5p 1m 9s"), ()),
             W: (P("4p 6p 2m 3s"), ()), N: (P("1s 1s 2m 3m"), ())}
    assert claim(E, P("5p")[0], hands, simple) is None  # no pung, no chow
    hands[S] = (P("7p 7p 1m 9s"), ())
    hands[W] = (P("5p 5p 5p 9s"), ())
    assert claim(E, P("5p")[0], hands, simple).kind is ClaimKind.KONG
    hands[N] = (P("F F 2m 3m"), ())
    win = claim(E, P("4m")[0], hands, simple)
    assert (win.seat, win.kind) == (N, ClaimKind.WIN)
