"""The simplified form with 2 or 3 players (Art. 3 (b)): deal, payments, liability, false
wins — «os outros» are the other players present."""

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trainer.rules.mahjong import Variant, Wind
from trainer.rules.mahjong.play.payments import false_win, settle, table
from trainer.rules.mahjong.play.wall import deal_positions, next_game
from trainer.rules.regulations import Article, Regulation

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
SIMPLE, CONV = Variant.SIMPLIFIED, Variant.CONVENTIONAL
D = Decimal
ART_3B = Article(Regulation.MAHJONG, 3, "b")


def test_three_players_pay_a_winner_only_among_themselves():
    # South wins 1 fán (20) with East, South and West at the table: East 40, West 20.
    paid = settle(S, 1, E, variant=SIMPLE, players=(E, S, W))
    assert paid.net == {S: D(60), E: D(-40), W: D(-20), N: D(0)}
    assert paid.reasons[0].source == ART_3B and "3 players" in str(paid.reasons[0].text)


def test_two_players_the_banker_wins_double_from_the_other():
    paid = settle(E, 0, E, variant=SIMPLE, players=(E, W))
    assert paid.net == {E: D(20), W: D(-20), S: D(0), N: D(0)}


def test_a_false_win_at_a_small_table_pays_each_other_player_present():
    # Art. 10 (b)(3): the 1-fán amount to each of «os restantes» — here two, then one.
    assert false_win(S, E, SIMPLE, players=(E, S, W)).net == {S: D(-40), E: D(20), W: D(20),
                                                             N: D(0)}
    assert false_win(E, E, SIMPLE, players=(E, S)).net == {E: D(-20), S: D(20), W: D(0),
                                                          N: D(0)}


def test_the_liable_discarder_at_three_pays_the_other_share_too():
    paid = settle(S, 1, E, discarder=W, liable=W, variant=SIMPLE, players=(E, S, W))
    assert paid.net == {S: D(60), W: D(-60), E: D(0), N: D(0)}


@pytest.mark.parametrize(("variant", "players", "message"), [
    (CONV, (E, S, W), "conventional Mah-Jong is played by 4–4 players"),
    (SIMPLE, (E,), "simplified Mah-Jong is played by 2–4 players"),
    (SIMPLE, (S, W), "with the banker among them")])
def test_impossible_tables_are_refused(variant, players, message):
    with pytest.raises(ValueError, match=message):
        table(variant, players)


def test_a_payer_not_at_the_table_is_refused():
    with pytest.raises(ValueError, match="must be at the table"):
        settle(N, 1, E, variant=SIMPLE, players=(E, S))


@pytest.mark.parametrize("players", [(E, S), (E, S, W), (E, W)])
@pytest.mark.parametrize("total", [2, 7, 12])
def test_the_deal_for_fewer_players(players, total):
    # Art. 3 (b): two stacks each, twice, then the banker one more: 5 and 4 — for those present.
    places = deal_positions(total, SIMPLE, players)
    assert set(places.hands) == set(players)
    assert len(places.hands[E]) == 5
    assert all(len(places.hands[seat]) == 4 for seat in players if seat is not E)
    every = [p for spots in places.hands.values() for p in spots]
    assert len(set(every)) == len(every) == 4 * len(players) + 1
    # The tiles go in turn from the break, so the next draw follows the last tile dealt.
    full = deal_positions(total, SIMPLE)
    first = full.hands[E][0]
    assert places.hands[E][0] == first
    assert places.next_draw == (first + len(every)) % 112


def test_the_deal_for_two_follows_the_order_of_play():
    places = deal_positions(9, SIMPLE, (E, S))
    start = places.hands[E][0]
    at = [(start + i) % 112 for i in range(9)]
    assert places.hands[E] == (at[0], at[1], at[4], at[5], at[8])
    assert places.hands[S] == (at[2], at[3], at[6], at[7])


def test_the_bank_passes_to_the_next_player_present():
    assert next_game(E, E, 1, S, (E, S, W)) == (S, E, 2)
    assert next_game(W, E, 3, E, (E, S, W)) == (E, E, 4)  # from West the next present is East
    assert next_game(E, E, 4, W, (E, W)) == (W, S, 5)


winds = st.sampled_from(list(Wind))
tables = st.sampled_from([(E, S), (E, W), (E, S, W), (E, S, N), (E, S, W, N)])


@given(tables, st.data(), st.integers(0, 1), st.booleans(),
       st.one_of(st.none(), st.integers(1, 300).map(D)))
def test_money_is_conserved_and_liability_burdens_only_the_discarder(
        players, data, fan, liable, capital):
    winner = data.draw(st.sampled_from(players))
    discarder = data.draw(st.sampled_from([p for p in players if p is not winner]))
    capitals = {winner: capital} if capital is not None else None
    paid = settle(winner, fan, E, discarder=discarder, liable=discarder if liable else None,
                  capitals=capitals, variant=SIMPLE, players=players)
    assert sum(paid.net.values()) == 0
    assert all(t.payee is winner and t.amount > 0 for t in paid.transfers)
    assert {t.payer for t in paid.transfers} <= set(players) - {winner}
    if liable:
        assert {t.payer for t in paid.transfers} <= {discarder}
    if capital is not None:
        assert paid.net[winner] <= capital
    counts = Counter(t.payer for t in paid.transfers)
    assert all(n == 1 for n in counts.values())


@given(tables, st.data())
def test_a_false_win_pays_each_other_player_present_once(players, data):
    declarer = data.draw(st.sampled_from(players))
    paid = false_win(declarer, E, SIMPLE, players=players)
    assert sum(paid.net.values()) == 0
    assert sorted(t.payee for t in paid.transfers) == sorted(set(players) - {declarer})
    assert all(t.payer is declarer and t.amount == D(20) for t in paid.transfers)
