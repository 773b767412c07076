"""Which point of Portaria 135/91/M a claim ruling cites, in each form of the game."""

import pytest

from i18n import Message
from trainer.rules.mahjong import Variant, Wind, parse_tiles
from trainer.rules.mahjong.play.claims import (
    HI_MJ_CLAIM,
    Bars,
    Call,
    ClaimKind,
    Refusal,
    claim,
    granted_reason,
    nobody_reason,
    rule,
)
from trainer.rules.regulations import Article, Regulation

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
CONVENTIONAL, SIMPLIFIED = Variant.CONVENTIONAL, Variant.SIMPLIFIED
P = parse_tiles
TILE = P("5p")[0]

NOTHING = "1m 4m 7m 2p 8p 3s 5s 9s E S W N P"
WAITS_5P = "2m 3m 4m 6s 7s 8s 1p 1p 1p C C C 5p"
OTHER_WAITS_5P = "2m 3m 4m 6s 7s 8s 9p 9p 9p F F F 5p"
#: Waits on 5p (or 2p) for a run, holding no 5p and no dragon.
RUN_WAITS_5P = "2m 3m 4m 6s 7s 8s 1p 1p 1p 9m 9m 3p 4p"
PAIR_5P = "5p 5p 1m 4m 7m 2s 5s 8s E S W C F"
THREE_5P = "5p 5p 5p 1m 4m 7m 2s 5s 8s E S W C"
CHOW_5P = "4p 6p 1m 4m 7m 2s 5s 8s E S W C F"
#: Simplified hands: four tiles each.
S_NOTHING = "1m 9s 5s 7m"
S_WAITS_5P = "3p 4p 1m 1m"
S_OTHER_WAITS_5P = "6p 7p 9s 9s"
S_THREE_5P = "5p 5p 5p 1m"
S_PAIR_5P = "5p 5p 1m 9s"


def art(number, item):
    return Article(Regulation.MAHJONG, number, item)


CITED = {
    CONVENTIONAL: {
        Refusal.ONLY_WIN_OR_KONG: art(5, "b(3)"), Refusal.NOT_NEXT: art(5, "a(3)"),
        Refusal.NO_RUN: art(5, "a(3)"), Refusal.NO_PAIR: art(5, "a(4)"),
        Refusal.NO_THREE: art(5, "a(5)"), Refusal.NOT_COMPLETE: art(4, "a"),
        Refusal.WITHDREW_PUNG: art(9, "a(2)"), Refusal.SAW_TILES: art(9, "a(3)"),
        Refusal.WIN_FIRST: HI_MJ_CLAIM, Refusal.PUNG_FIRST: art(5, "a(3)"),
        Refusal.NEARER_WINNER: art(5, "a(6)")},
    SIMPLIFIED: {
        Refusal.ONLY_WIN_OR_KONG: art(5, "b(3)"), Refusal.NOT_NEXT: art(5, "a(3)"),
        Refusal.NO_RUN: art(5, "a(3)"), Refusal.NO_PAIR: art(5, "a(4)"),
        Refusal.NO_THREE: art(5, "b(4)"), Refusal.NOT_COMPLETE: art(4, "b"),
        Refusal.WITHDREW_PUNG: art(9, "a(2)"), Refusal.SAW_TILES: art(9, "b(2)"),
        Refusal.WIN_FIRST: HI_MJ_CLAIM, Refusal.PUNG_FIRST: art(5, "a(3)"),
        Refusal.NEARER_WINNER: art(5, "b(5)")},
}


@pytest.mark.parametrize("variant", [CONVENTIONAL, SIMPLIFIED])
@pytest.mark.parametrize("refusal", list(Refusal))
def test_each_refusal_cites_its_point_in_each_form(variant, refusal):
    assert refusal.source(variant) == CITED[variant][refusal]


GRANTED = {
    (ClaimKind.WIN, CONVENTIONAL): art(4, "a"), (ClaimKind.WIN, SIMPLIFIED): art(4, "b"),
    (ClaimKind.KONG, CONVENTIONAL): art(5, "a(5)"), (ClaimKind.KONG, SIMPLIFIED): art(5, "b(4)"),
    (ClaimKind.PUNG, CONVENTIONAL): art(5, "a(4)"), (ClaimKind.PUNG, SIMPLIFIED): art(5, "a(4)"),
    (ClaimKind.CHOW, CONVENTIONAL): art(5, "a(3)"), (ClaimKind.CHOW, SIMPLIFIED): art(5, "a(3)"),
}


@pytest.mark.parametrize(("kind", "variant"), list(GRANTED))
def test_a_granted_call_cites_its_point(kind, variant):
    reason = granted_reason(Call(S, kind), variant, Message.of("South"), Message.of("5p"))
    assert reason.source == GRANTED[kind, variant]


@pytest.mark.parametrize(("variant", "item"), [(CONVENTIONAL, "a(1)"), (SIMPLIFIED, "b(1)")])
def test_a_tile_nobody_takes_cites_art_9_on_discards(variant, item):
    assert nobody_reason(variant, Message.of("5p")).source == art(9, item)


def hands(variant=CONVENTIONAL, **seats):
    nothing = NOTHING if variant is CONVENTIONAL else S_NOTHING
    names = {"east": E, "south": S, "west": W, "north": N}
    table = {seat: (P(nothing), ()) for seat in Wind}
    table.update({names[k]: (P(v), ()) for k, v in seats.items()})
    return table


def cited(ruling, call, variant):
    """The ground a refused call is refused on, and the point it cites."""
    ground = ruling.ground(call)
    return ground, ground.source(variant)


# Real rulings: the ground ruled for each refused call, and the point it cites.

def test_conventional_win_beats_pung_and_pung_beats_chow():
    chow, pung, win = Call(S, ClaimKind.CHOW), Call(W, ClaimKind.PUNG), Call(N, ClaimKind.WIN)
    table = hands(south=CHOW_5P, west=PAIR_5P, north=RUN_WAITS_5P)
    ruling = rule(E, TILE, table, [chow, pung, win])
    assert ruling.granted == win
    assert cited(ruling, pung, CONVENTIONAL) == (Refusal.WIN_FIRST, HI_MJ_CLAIM)
    assert cited(ruling, chow, CONVENTIONAL) == (Refusal.WIN_FIRST, HI_MJ_CLAIM)
    assert ruling.grounds[chow] == (Refusal.WIN_FIRST, Refusal.PUNG_FIRST)
    without_win = rule(E, TILE, table, [chow, pung])
    assert without_win.granted == pung
    assert cited(without_win, chow, CONVENTIONAL) == (Refusal.PUNG_FIRST, art(5, "a(3)"))


@pytest.mark.parametrize(("variant", "item", "near", "far"), [
    (CONVENTIONAL, "a(6)", WAITS_5P, OTHER_WAITS_5P),
    (SIMPLIFIED, "b(5)", S_WAITS_5P, S_OTHER_WAITS_5P)])
def test_the_farther_winner_cites_chit_vu(variant, item, near, far):
    nearer, farther = Call(W, ClaimKind.WIN), Call(N, ClaimKind.WIN)
    ruling = rule(E, TILE, hands(variant, west=near, north=far), [farther, nearer], variant)
    assert ruling.granted == nearer
    assert cited(ruling, farther, variant) == (Refusal.NEARER_WINNER, art(5, item))
    assert claim(E, TILE, hands(variant, west=near, north=far), variant) == nearer


def test_conventional_own_faults_cite_their_points():
    calls = [Call(S, ClaimKind.WIN), Call(W, ClaimKind.CHOW), Call(N, ClaimKind.KONG)]
    ruling = rule(E, TILE, hands(west=CHOW_5P, north=PAIR_5P), calls)
    assert ruling.granted is None
    assert cited(ruling, calls[0], CONVENTIONAL) == (Refusal.NOT_COMPLETE, art(4, "a"))
    assert cited(ruling, calls[1], CONVENTIONAL) == (Refusal.NOT_NEXT, art(5, "a(3)"))
    assert cited(ruling, calls[2], CONVENTIONAL) == (Refusal.NO_THREE, art(5, "a(5)"))
    chow = rule(E, TILE, hands(), [Call(S, ClaimKind.CHOW)])
    assert cited(chow, Call(S, ClaimKind.CHOW), CONVENTIONAL) == (Refusal.NO_RUN, art(5, "a(3)"))
    pung = rule(E, TILE, hands(), [Call(S, ClaimKind.PUNG)])
    assert cited(pung, Call(S, ClaimKind.PUNG), CONVENTIONAL) == (Refusal.NO_PAIR, art(5, "a(4)"))


def test_conventional_bars_cite_art_9():
    bars = Bars(withdrew_pung=frozenset({S}), saw_tiles=frozenset({W}))
    win, kong = Call(S, ClaimKind.WIN), Call(W, ClaimKind.KONG)
    ruling = rule(E, TILE, hands(south=RUN_WAITS_5P, west=THREE_5P), [win, kong], bars=bars)
    assert ruling.granted is None
    assert cited(ruling, win, CONVENTIONAL) == (Refusal.WITHDREW_PUNG, art(9, "a(2)"))
    assert cited(ruling, kong, CONVENTIONAL) == (Refusal.SAW_TILES, art(9, "a(3)"))


def test_simplified_own_faults_and_bars_cite_their_points():
    pung, chow = Call(S, ClaimKind.PUNG), Call(W, ClaimKind.CHOW)
    ruling = rule(E, TILE, hands(SIMPLIFIED, south=S_PAIR_5P), [pung, chow], SIMPLIFIED)
    assert ruling.granted is None
    assert cited(ruling, pung, SIMPLIFIED) == (Refusal.ONLY_WIN_OR_KONG, art(5, "b(3)"))
    assert cited(ruling, chow, SIMPLIFIED) == (Refusal.ONLY_WIN_OR_KONG, art(5, "b(3)"))
    kong, win = Call(S, ClaimKind.KONG), Call(W, ClaimKind.WIN)
    ruling = rule(E, TILE, hands(SIMPLIFIED), [kong, win], SIMPLIFIED)
    assert cited(ruling, kong, SIMPLIFIED) == (Refusal.NO_THREE, art(5, "b(4)"))
    assert cited(ruling, win, SIMPLIFIED) == (Refusal.NOT_COMPLETE, art(4, "b"))
    barred = rule(E, TILE, hands(SIMPLIFIED, south=S_THREE_5P), [kong], SIMPLIFIED,
                  Bars(saw_tiles=frozenset({S})))
    assert cited(barred, kong, SIMPLIFIED) == (Refusal.SAW_TILES, art(9, "b(2)"))


def test_simplified_win_beats_kong_citing_the_house_interpretation():
    kong, win = Call(S, ClaimKind.KONG), Call(N, ClaimKind.WIN)
    table = hands(SIMPLIFIED, south=S_THREE_5P, north=S_WAITS_5P)
    ruling = rule(E, TILE, table, [kong, win], SIMPLIFIED)
    assert ruling.granted == win
    assert cited(ruling, kong, SIMPLIFIED) == (Refusal.WIN_FIRST, HI_MJ_CLAIM)
    assert rule(E, TILE, table, [kong], SIMPLIFIED).granted == kong
