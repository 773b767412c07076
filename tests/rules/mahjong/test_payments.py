"""Mah-Jong payments (Art. 7, 9, 10): doubling, liability, the capital cap, false wins."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules.mahjong import Variant, Wind
from trainer.rules.mahjong.play.payments import false_win, settle
from trainer.rules.regulations import Article, Regulation

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
D = Decimal


def test_a_player_wins_the_banker_pays_double():
    paid = settle(S, 1, banker=E)  # 1 fán = 20 by default
    assert paid.net == {S: D(80), E: D(-40), W: D(-20), N: D(-20)}


def test_the_banker_wins_and_receives_double_from_all():
    paid = settle(E, 2, banker=E)  # double fán = 40
    assert paid.net == {E: D(240), S: D(-80), W: D(-80), N: D(-80)}


def test_kai_vu():
    assert settle(W, 0, banker=E).net[W] == D(10 + 20 + 10)


def test_the_liable_discarder_pays_all_three_shares():
    paid = settle(S, 2, banker=E, discarder=N, liable=N)
    assert paid.net == {S: D(160), N: D(-160), E: D(0), W: D(0)}
    assert any("Article 10" in str(r) for r in paid.reasons)


def test_a_winner_never_receives_more_than_his_capital():
    paid = settle(S, 2, banker=E, capitals={S: D(100)})
    assert paid.net[S] == D(100)
    # Counterclockwise from the winner: West 40, North 40, then the banker only 20 of 80.
    assert [(t.payer, t.amount) for t in paid.transfers] == [(W, D(40)), (N, D(40)),
                                                             (E, D(20))]
    assert any("capital" in str(r) for r in paid.reasons)


def test_house_amounts_are_settings():
    assert settle(S, 1, banker=E, units={0: D(5), 1: D(7), 2: D(9)}).net[S] == D(7 * 4)


@pytest.mark.parametrize("fan", [-1, 3])
def test_bad_grades_are_refused(fan):
    with pytest.raises(ValueError, match="a hand is kai vu, 1 fán or double fán, not"):
        settle(S, fan)


def test_the_winner_cannot_be_liable():
    with pytest.raises(ValueError, match="cannot have discarded his own winning tile"):
        settle(S, 1, liable=S)


def test_false_wins():
    assert false_win(E, banker=E).net == {E: D(-120), S: D(40), W: D(40), N: D(40)}
    assert false_win(W, banker=E).net == {W: D(-80), E: D(40), S: D(20), N: D(20)}
    assert false_win(W, banker=E, variant=Variant.SIMPLIFIED).net == {
        W: D(-60), E: D(20), S: D(20), N: D(20)}



def test_art_7_is_cited_for_the_banker_paying_double():
    paid = settle(S, 1, banker=E)
    doubling = [r for r in paid.reasons if "pays double" in str(r.text)]
    assert [r.source for r in doubling] == [Article(Regulation.MAHJONG, 7)]


def test_art_10_a_8_a_players_false_win_names_the_double_and_single_amounts():
    said = str(false_win(W, banker=E).reasons[-1].text)
    assert "pays the banker the double-fán amount, MOP$40.00, and the other two the 1-fán " \
           "amount, MOP$20.00" in said

winds = st.sampled_from(list(Wind))


@given(winds, st.integers(0, 2), winds, st.one_of(st.none(), winds),
       st.one_of(st.none(), st.integers(1, 500).map(D)))
def test_money_is_conserved(winner, fan, banker, liable, capital):
    if liable == winner:
        liable = None
    capitals = {winner: capital} if capital is not None else None
    paid = settle(winner, fan, banker, liable=liable, capitals=capitals)
    assert sum(paid.net.values()) == 0
    assert all(t.amount > 0 and t.payee is winner for t in paid.transfers)
    if capital is not None:
        assert paid.net[winner] <= capital
    if liable is not None:
        assert {t.payer for t in paid.transfers} <= {liable}
