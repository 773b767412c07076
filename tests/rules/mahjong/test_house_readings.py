"""The house readings of Art. 9 and 10 named where they decide (Portaria 135/91/M), and the
false win cited at its point: Art. 10 (a)(8) and (b)(3), never the bare Art. 10 (a)."""

from decimal import Decimal

import pytest

from tests.rules.mahjong.test_liability import ORDINARY, feed
from trainer.rules.mahjong import Variant, Wind, parse_tiles
from trainer.rules.mahjong.play.liability import declared_nulo, liability
from trainer.rules.mahjong.play.payments import false_win, settle
from trainer.rules.regulations import Article, HouseInterpretation, Regulation

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
D = Decimal
SIMPLE = Variant.SIMPLIFIED
BARE_10A = Article(Regulation.MAHJONG, 10, "a")
BARE_10B = Article(Regulation.MAHJONG, 10, "b")


def art(number, item=""):
    return Article(Regulation.MAHJONG, number, item)


def hi(code):
    return HouseInterpretation(code)


def sources(result):
    return [reason.source for reason in result.reasons]


@pytest.mark.parametrize(("declarer", "variant", "point"), [
    (E, Variant.CONVENTIONAL, "a(8)"), (S, Variant.CONVENTIONAL, "a(8)"), (W, SIMPLE, "b(3)")])
def test_a_false_win_cites_its_point_never_the_bare_item(declarer, variant, point):
    # Regression: the payments of a «nulo» cited "Art. 10 (a)" (or "(b)") as a whole.
    cited = sources(false_win(declarer, E, variant))
    assert art(10, point) in cited
    assert BARE_10A not in cited and BARE_10B not in cited


def test_a_conventional_declaration_without_a_complete_hand_is_nulo_by_hi_mj_nulo():
    # Art. 4 (a): 14 tiles that are no four sets and a pair. The conventional text's «nulo»
    # is the uncorrected exposure of (a)(7): HI-MJ-NULO extends it; (a)(8) says what it pays.
    paid = declared_nulo(parse_tiles("1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5s 6s"), (), W)
    assert sources(paid) == [art(4, "a"), hi("HI-MJ-NULO"), art(10, "a(8)")]
    assert "treated the same way" in str(paid.reasons[1])
    assert paid.net == {W: D(-80), E: D(40), S: D(20), N: D(20)}


def test_a_simplified_declaration_without_a_complete_hand_is_nulo_by_b3_itself():
    paid = declared_nulo(parse_tiles("1m 2m 3m 5s 6s"), (), S, variant=SIMPLE)
    assert sources(paid) == [art(4, "b"), art(10, "b(3)"), art(10, "b(3)")]
    assert hi("HI-MJ-NULO") not in sources(paid)
    assert paid.net == {S: D(-60), E: D(20), W: D(20), N: D(20)}


def test_a_liable_share_cites_the_point_that_makes_the_discarder_liable():
    paid = settle(S, 2, E, discarder=N, liable=N, case=art(10, "a(5)"))
    assert art(10, "a(5)") in sources(paid) and BARE_10A not in sources(paid)


def test_hi_mj_liab3_is_cited_when_a3_decides():
    big = ("P P P 2m 3m 4m 5p 5p", ("C C C", "F F F"))
    result = liability(feed(*big, "P", on_view="P"))  # the dragon completes big three dragons
    assert result.liable and hi("HI-MJ-LIAB3") in sources(result)
    # A suit tile completing the same big hand: not (a)(3), by the same reading.
    result = liability(feed("P P P 2m 3m 4m 5p 5p", ("C C C", "F F F"), "3m"))
    assert not result.liable and hi("HI-MJ-LIAB3") in sources(result)


def test_hi_mj_4th_is_cited_when_the_fourth_tile_decides():
    result = liability(feed(ORDINARY, discard="5m", on_view="W W W 1p", discarder_kept="W"))
    assert result.liable and hi("HI-MJ-4TH") in sources(result)
    result = liability(feed(ORDINARY, discard="5m", on_view="W W", discarder_kept="W"))
    assert not result.liable and hi("HI-MJ-4TH") in sources(result)
    result = liability(feed("1p 2p 3p 7s 7s", discard="3p", variant=SIMPLE, on_view="F F F",
                            discarder_kept="F"))
    assert result.liable and hi("HI-MJ-4TH") in sources(result)


def test_an_ordinary_discard_cites_no_house_reading_of_honours():
    result = liability(feed(ORDINARY, discard="5m"))
    assert not {hi("HI-MJ-4TH"), hi("HI-MJ-LIAB3")} & set(sources(result))


def test_hi_mj_cap_worked_by_hand():
    # South wins double fán (40 each, the banker 80); his capital is 100. Counterclockwise
    # from him: West pays 40 (room 60), North 40 (room 20), then East only 20 of his 80.
    paid = settle(S, 2, E, capitals={S: D(100)})
    assert [(t.payer, t.amount) for t in paid.transfers] == [(W, D(40)), (N, D(40)),
                                                             (E, D(20))]
    assert art(9, "a(4)") in sources(paid) and hi("HI-MJ-CAP") in sources(paid)
    # North wins 1 fán with a capital of 50: East (40, double) first, then West 10, South 0.
    paid = settle(N, 1, E, capitals={N: D(50)})
    assert [(t.payer, t.amount) for t in paid.transfers] == [(E, D(40)), (S, D(10))]
    # Simplified: the capital is Art. 9 (b)(3).
    paid = settle(W, 1, E, capitals={W: D(30)}, variant=SIMPLE)
    assert art(9, "b(3)") in sources(paid) and art(9, "a(4)") not in sources(paid)


def test_a_capital_the_shares_do_not_reach_cites_nothing_of_it():
    paid = settle(S, 1, E, capitals={S: D(80)})  # exactly the total: nothing cut
    assert paid.net[S] == D(80)
    assert hi("HI-MJ-CAP") not in sources(paid)


def test_a_simplified_liable_share_is_never_cited_as_the_conventional_item():
    # Regression: every liable share cited "Art. 10 (a)", the simplified form's too.
    paid = settle(S, 1, E, discarder=W, liable=W, variant=SIMPLE, case=art(10, "b(2)"))
    assert art(10, "b(2)") in sources(paid)
    assert BARE_10A not in sources(paid) and BARE_10B not in sources(paid)
