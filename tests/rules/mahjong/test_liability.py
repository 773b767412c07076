"""Liability for a fed win and the false win (Portaria 135/91/M, Art. 10)."""

from decimal import Decimal

import pytest

from trainer.rules.mahjong import Meld, MeldKind, Variant, Win, Wind, parse_tiles
from trainer.rules.mahjong.play.liability import Feed, declared_nulo, liability

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
SIMPLE = Variant.SIMPLIFIED


def tile(text):
    return parse_tiles(text)[0]


def exposed(*sets):
    melds = []
    for text in sets:
        tiles = parse_tiles(text)
        kind = MeldKind.CHOW if tiles[0] != tiles[1] else MeldKind.PUNG
        melds.append(Meld(kind, tiles))
    return tuple(melds)


def feed(concealed, melds=(), discard=None, variant=Variant.CONVENTIONAL, **facts):
    tiles = parse_tiles(concealed)
    win = Win(tiles, exposed(*melds), winning_tile=tile(discard), variant=variant,
              self_drawn=facts.get("fourth_set", False))
    for key in ("on_view", "discarder_kept"):
        if key in facts:
            facts[key] = parse_tiles(facts[key])
    return Feed(win, tile(discard), **facts)


def items(result):
    return [a.item for a in result.cases], [a.item for a in result.exceptions]


ORDINARY = "2m 3m 4m 6p 7p 8p 5m 5m 1s 2s 3s 9p 9p 9p"  # wins on 5m (the pair)


def test_an_ordinary_discard_leaves_each_to_pay_his_own():
    result = liability(feed(ORDINARY, discard="5m"))
    assert not result.liable and items(result) == ([], [])
    assert "Article 10" in str(result.reasons[0])


def said(result):
    """The item of Art. 10 (or the house interpretation) each reason cites, in order."""
    return [getattr(r.source, "item", None) or r.source.code for r in result.reasons]


def test_an_ordinary_discard_names_no_case_that_nearly_fits():
    assert said(liability(feed(ORDINARY, discard="5m"))) == ["a"]


@pytest.mark.parametrize(("facts", "cited", "words"), [
    ({"on_view": "W W", "discarder_kept": "W"}, ["a(4)", "HI-MJ-4TH", "a"],
     "kept West wind, but only 2 of its kind were on view"),
    ({"discarder_kept": "5m 5m", "waiting": True}, ["a(5)", "a"],
     "broke a set of three 5 of characters, but he was waiting to win"),
    ({"waiting": True}, ["a(6)", "a"], "Waiting to win, the discarder kept his ready hand whole"),
])
def test_art_10_a_a_case_that_nearly_fits_says_why_it_does_not(facts, cited, words):
    result = liability(feed(ORDINARY, discard="5m", **facts))
    assert not result.liable and said(result) == cited
    assert words in str(result.reasons[0])

def test_a1_pure_one_suit_with_three_sets_on_view():
    result = liability(feed("7s 8s 9s 6s 6s", ("1s 1s 1s", "2s 3s 4s", "5s 5s 5s"), "9s"))
    assert result.liable and items(result) == (["a(1)"], [])
    assert "3 sets" in str(result.reasons[0])
    assert said(result) == ["a(1)", "a(1)"]  # the conclusion cites the case that decides


def test_a1_needs_three_sets_on_view():
    result = liability(feed("7s 8s 9s 6s 6s 5s 5s 5s", ("1s 1s 1s", "2s 3s 4s"), "9s"))
    assert not result.liable


def test_a2_the_fourth_set_fed_then_self_drawn():
    result = liability(feed("9s 9s", ("1s 1s 1s", "2s 3s 4s", "5s 5s 5s", "7s 7s 7s"), "7s",
                            fourth_set=True))
    assert result.liable and items(result) == (["a(2)"], [])


def test_a2_needs_pure_one_suit():
    result = liability(feed("E E", ("1s 1s 1s", "2s 3s 4s", "5s 5s 5s", "7s 7s 7s"), "7s",
                            fourth_set=True))
    assert not result.liable


def test_a3_big_three_dragons_fed_with_a_dragon_on_view():
    big = ("P P P 2m 3m 4m 5p 5p", ("C C C", "F F F"))
    result = liability(feed(*big, "P", on_view="P"))
    assert result.liable and items(result) == (["a(3)"], [])
    # The same dragon with none of its kind on view: (a)(10) frees the discarder.
    result = liability(feed(*big, "P"))
    assert not result.liable and items(result) == (["a(3)"], ["a(10)"])
    assert any("HI-MJ-SEEN" in str(r) for r in result.reasons)


def test_a3_needs_the_discard_to_be_a_dragon():
    result = liability(feed("P P P 2m 3m 4m 5p 5p", ("C C C", "F F F"), "4m"))
    assert not result.liable


def test_a3_big_four_winds():
    result = liability(feed("N N N 5p 5p", ("E E E", "S S S", "W W W"), "N", on_view="N"))
    assert result.liable and items(result) == (["a(3)"], [])


def test_a4_keeping_the_fourth_honour():
    result = liability(feed(ORDINARY, discard="5m", on_view="W W W 1p", discarder_kept="W"))
    assert result.liable and items(result) == (["a(4)"], [])
    # Only two on view: it is not the fourth.
    assert not liability(feed(ORDINARY, discard="5m", on_view="W W",
                              discarder_kept="W")).liable


def test_a5_breaking_a_concealed_three_when_not_waiting():
    result = liability(feed(ORDINARY, discard="5m", discarder_kept="5m 5m"))
    assert result.liable and items(result) == (["a(5)"], [])
    assert not liability(feed(ORDINARY, discard="5m", discarder_kept="5m")).liable


def test_a6_breaking_a_ready_hand():
    result = liability(feed(ORDINARY, discard="5m", waiting=True, broke=True))
    assert result.liable and items(result) == (["a(6)"], [])
    assert not liability(feed(ORDINARY, discard="5m", waiting=True)).liable


def test_a9_all_terminals_and_all_honours_free_the_discarder():
    terminals = "1m 1m 1m 9p 9p 9p 1s 1s 1s 9s 9s 9s 9m 9m"
    result = liability(feed(terminals, discard="9m", discarder_kept="9m 9m"))
    assert not result.liable and items(result) == (["a(5)"], ["a(9)"])
    honours = "P P P E E E N N"
    result = liability(feed(honours, ("C C C", "F F F"), "P", on_view="P"))
    assert not result.liable and items(result) == (["a(3)"], ["a(9)"])


def test_a10_an_honour_not_on_view():
    hand = "2m 3m 4m 6p 7p 8p W W 1s 2s 3s 9p 9p 9p"
    result = liability(feed(hand, discard="W", discarder_kept="W W"))
    assert not result.liable and items(result) == (["a(5)"], ["a(10)"])
    hand = "2m 3m 4m 6p 7p 8p S S 1s 2s 3s 9p 9p 9p"
    result = liability(feed(hand, discard="S", on_view="S", waiting=True, broke=True))
    assert result.liable


def test_b1_keeping_the_fourth_green_dragon():
    result = liability(feed("1p 2p 3p 7s 7s", discard="3p", variant=SIMPLE, on_view="F F F",
                            discarder_kept="F"))
    assert result.liable and items(result) == (["b(1)"], [])


def test_b2_waiting_and_breaking_a_concealed_three():
    result = liability(feed("1p 2p 3p 7s 7s", discard="7s", variant=SIMPLE, waiting=True,
                            discarder_kept="7s 7s"))
    assert result.liable and items(result) == (["b(2)"], [])


def test_the_simplified_form_has_no_a5_or_a6():
    assert not liability(feed("1p 2p 3p 7s 7s", discard="7s", variant=SIMPLE,
                              discarder_kept="7s 7s")).liable
    assert not liability(feed("1p 2p 3p 7s 7s", discard="7s", variant=SIMPLE, waiting=True,
                              broke=True)).liable


def test_b4_the_green_dragon_not_on_view():
    result = liability(feed("1p 2p 3p F F", discard="F", variant=SIMPLE, waiting=True,
                            discarder_kept="F F"))
    assert not result.liable and items(result) == (["b(2)"], ["b(4)"])


def test_art_10_b_1_keeping_a_green_dragon_that_was_not_the_fourth_is_said():
    result = liability(feed("1p 2p 3p 7s 7s", discard="3p", variant=SIMPLE, on_view="F F",
                            discarder_kept="F"))
    assert not result.liable and said(result) == ["b(1)", "HI-MJ-4TH", "b"]
    assert "kept green dragon, but only 2 of its kind were on view" in str(result.reasons[0])

def test_a_declared_win_without_a_winning_hand_is_nulo():
    paid = declared_nulo(parse_tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5s 6s"), (), W)
    assert paid.net == {W: Decimal(-80), E: Decimal(40), S: Decimal(20), N: Decimal(20)}
    assert "Article 4, item a" in str(paid.reasons[0])
    paid = declared_nulo(parse_tiles("1m 2m 3m 5s 6s"), (), E, variant=SIMPLE)
    assert paid.net[E] == Decimal(-60)
    with pytest.raises(ValueError, match="these tiles are a winning hand"):
        declared_nulo(parse_tiles("1m 2m 3m 5s 5s"), (), E, variant=SIMPLE)


def test_art_4_a_nulo_declaration_names_the_sets_its_form_needs():
    conventional = declared_nulo(parse_tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5s 6s"), (), W)
    assert "Four sets and a pair are needed to win" in str(conventional.reasons[0])
    simplified = declared_nulo(parse_tiles("1m 2m 3m 5s 6s"), (), E, variant=SIMPLE)
    assert "One set and a pair are needed to win" in str(simplified.reasons[0])
    assert "Article 4, item b" in str(simplified.reasons[0])
