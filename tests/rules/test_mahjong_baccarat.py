"""Mahjong Baccarat (Portaria 15/96/M): every hand pair, table settlement and the bank."""

import itertools
from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import (
    TILE_SET,
    Tile,
    compare,
    first_seat,
    next_bank,
    next_capital,
    parse_tiles,
    points,
    settle_table,
    settlement_order,
)
from trainer.rules.table import Outcome

D = Decimal


def test_the_set_and_the_notation():
    assert len(TILE_SET) == 20 and Counter(TILE_SET) == {tile: 2 for tile in Tile}
    assert parse_tiles("K 9 a r") == (Tile.KING, Tile.NINE, Tile.ACE, Tile.KING)
    with pytest.raises(ValueError, match="not a Mahjong Baccarat tile: '10'"):
        parse_tiles("10")


@pytest.mark.parametrize(("hand", "value"), [("K K", 0), ("K 9", 9), ("9 9", 8), ("A K", 1),
                                              ("5 5", 0), ("8 7", 5), ("A 9", 0)])
def test_points_drop_the_tens(hand, value):
    assert points(parse_tiles(hand)) == value


@pytest.mark.parametrize(("total", "place"), [(4, 4), (10, 10), (11, 1), (12, 2), (24, 4),
                                               (21, 1)])
def test_first_seat_counts_ten_places_from_the_banker(total, place):
    assert first_seat(total) == place


def reference(player, banker):
    """Art. 6–8 read plainly, independent of the module."""
    value = {"K": 0, "A": 1, **{str(n): n for n in range(2, 10)}}
    order = "A23456789K"
    mine = (value[player[0]] + value[player[1]]) % 10
    theirs = (value[banker[0]] + value[banker[1]]) % 10
    if mine == 0 and theirs == 0:
        return Outcome.BANKER  # Art. 8: both zero
    if mine != theirs:
        return Outcome.PLAYER if mine > theirs else Outcome.BANKER  # Art. 7.1
    high_mine = max(order.index(t) for t in player)
    high_theirs = max(order.index(t) for t in banker)
    return Outcome.PLAYER if high_mine > high_theirs else Outcome.BANKER  # Art. 7.2, Art. 8


def test_every_pair_of_hands_that_can_be_dealt_together():
    values = "K98765432A"
    hands = list(itertools.combinations_with_replacement(values, 2))
    compared = 0
    for player, banker in itertools.product(hands, repeat=2):
        if max(Counter(player + banker).values()) > 2:
            continue
        verdict = compare(parse_tiles(" ".join(player)), parse_tiles(" ".join(banker)))
        assert verdict.outcome is reference(player, banker), (player, banker)
        assert verdict.outcome is not Outcome.TIE
        compared += 1
    assert compared == 55 * 55 - 10 - 10 * 9 * 2  # minus three or four of one value


@pytest.mark.parametrize(
    ("player", "banker", "winner", "article"),
    [
        ("K 3", "8 5", Outcome.PLAYER, "Article 7(2)"),  # 3 v 3: the K is higher
        ("A 2", "K 3", Outcome.BANKER, "Article 7(2)"),
        ("K K", "5 5", Outcome.BANKER, "Article 8"),  # both zero
        ("4 5", "5 4", Outcome.BANKER, "Article 8"),  # equal points and tiles
        ("9 K", "8 K", Outcome.PLAYER, "Article 7(1)"),
    ],
)
def test_worked_examples(player, banker, winner, article):
    verdict = compare(parse_tiles(player), parse_tiles(banker))
    assert verdict.outcome is winner
    assert article in str(verdict.reason)


@pytest.mark.parametrize(("player", "banker", "said"), [
    ("9 K", "8 K", "9 points against the banker's 8: the player wins."),
    ("8 K", "9 K", "8 points against the banker's 9: the banker wins."),
])
def test_art_7_1_the_verdict_on_points_names_the_winner(player, banker, said):
    assert said in str(compare(parse_tiles(player), parse_tiles(banker)).reason)


def test_art_6_points_and_tile_order_cite_art_6_2_and_6_1():
    grounds = compare(parse_tiles("K 3"), parse_tiles("8 5")).reasons
    assert "Article 6(2)" in str(grounds[0]) and "Article 6(1)" in str(grounds[1])


def test_tiles_that_cannot_be_dealt_together_are_refused():
    with pytest.raises(ValueError, match="the set holds only two tiles of each value"):
        compare(parse_tiles("9 9"), parse_tiles("9 K"))
    with pytest.raises(ValueError, match="a Mahjong Baccarat hand is two tiles"):
        compare(parse_tiles("9"), parse_tiles("K K"))


# Table settlement ----------------------------------------------------------------------

BANKER = parse_tiles("5 2")  # 7 points
HANDS = {2: parse_tiles("K 9"),  # 9: wins
         3: parse_tiles("A 2"),  # 3: loses
         4: parse_tiles("9 8"),  # 7, 9 beats 5: wins
         5: parse_tiles("K A"),  # 1: loses
         6: parse_tiles("6 6")}  # 2: loses


def test_order_starts_at_the_dice_place_and_skips_the_banker():
    assert settlement_order(3) == (3, 4, 5, 6, 7, 8, 9, 10, 2)
    assert settlement_order(1) == tuple(range(2, 11))
    assert settlement_order(10) == (10, 2, 3, 4, 5, 6, 7, 8, 9)


def test_the_capital_is_never_touched():
    bets = {2: D(100), 3: D(50), 4: D(20), 5: D(30), 6: D(10)}
    result = settle_table(D(1000), 3, BANKER, HANDS, bets)
    assert result.order == (3, 4, 5, 6, 2)
    assert result.places[2].net == D("95.00") and result.places[2].commission == D("5.00")
    assert result.places[3].net == D(-50) and result.places[6].net == D(-10)
    assert all(p.returned == 0 for p in result.places.values())
    assert result.banker_net == 50 + 30 + 10 - 100 - 20
    assert result.banker_commission == 0  # he lost the round (HI-MB-COMMISSION)


def test_the_capital_is_exhausted_mid_way():
    # Capital 100: place 3 pays 50 (n = 50), place 4 wins 20 (n = 30), place 5 pays 30
    # (n = 60), place 6 pays 10 (n = 70), place 2 wins 200 but only 170 remains.
    bets = {2: D(200), 3: D(50), 4: D(20), 5: D(30), 6: D(10)}
    result = settle_table(D(100), 3, BANKER, HANDS, bets)
    assert result.places[2].amount == D(170) and result.places[2].returned == D(30)
    assert result.places[2].net == D("161.50")
    assert result.banker_net == D(-100)
    assert "exhausted" in str(result.places[2].reasons[-1])


def test_the_capital_is_reached_mid_way():
    # Capital 60, dice pick place 5: place 5 pays 30, place 6 pays 10, then place 3 could
    # lose 50 but the banker may win only 20 more; the rest is returned.
    bets = {3: D(50), 5: D(30), 6: D(10)}
    result = settle_table(D(60), 5, BANKER, HANDS, bets)
    assert result.order == (5, 6, 3)
    assert result.places[3].amount == D(20) and result.places[3].returned == D(30)
    assert result.banker_net == D(60)
    assert "reached his capital" in str(result.places[3].reasons[-1])


def test_bad_tables_are_refused():
    with pytest.raises(ValueError, match="the banker's capital is a positive Decimal"):
        settle_table(D(0), 3, BANKER, HANDS, {2: D(10)})
    with pytest.raises(ValueError, match="bets lie on places 2 to 10, not 1"):
        # no bet on the banker's place, even with a hand dealt there
        settle_table(D(100), 3, BANKER, {**HANDS, 1: parse_tiles("3 4")}, {1: D(10)})
    with pytest.raises(ValueError, match="place 7 has a bet but no hand"):
        settle_table(D(100), 3, BANKER, HANDS, {7: D(10)})  # a bet with no hand
    with pytest.raises(ValueError, match="a stake is a Decimal, never negative"):
        settle_table(D(100), 3, BANKER, HANDS, {2: D(-10)})
    with pytest.raises(ValueError, match="the set holds only two tiles of each value"):
        settle_table(D(100), 3, parse_tiles("9 9"), HANDS, {2: D(10)})  # a third 9


def test_hi_settle_order_the_account_starts_at_the_first_place_with_a_bet():
    # Dice pick place 3, which has no bet: settling starts at place 5.
    result = settle_table(D(1000), 3, BANKER, HANDS, {5: D(30), 6: D(10)})
    assert result.order == (5, 6)
    assert "Settled counterclockwise from place 5, skipping the banker" in str(
        result.reasons[0])


def test_art_5_3_the_smallest_capital_and_stake_are_settled():
    result = settle_table(D(1), 3, BANKER, HANDS, {3: D(1)})
    assert result.banker_net == D(1) and result.places[3].net == D(-1)


def test_a_place_without_tiles_may_carry_an_empty_bet_but_not_a_stake():
    assert settle_table(D(100), 3, BANKER, HANDS, {3: D(10), 7: D(0)}).order == (3,)
    with pytest.raises(ValueError, match="place 7 has a bet but no hand"):
        settle_table(D(100), 3, BANKER, HANDS, {7: D(1)})


@st.composite
def tables(draw):
    tiles = list(draw(st.permutations(TILE_SET)))
    banker, hands = tuple(tiles[:2]), {p: tuple(tiles[2 * p - 2: 2 * p]) for p in range(2, 11)}
    stakes = st.integers(0, 50).map(lambda n: D(10 * n))
    bets = {p: draw(stakes) for p in range(2, 11)}
    capital = D(10 * draw(st.integers(1, 300)))
    return capital, draw(st.integers(1, 10)), banker, hands, bets


@settings(max_examples=200)
@given(tables())
def test_money_is_conserved_and_the_capital_bounds_the_banker(table):
    capital, first, banker, hands, bets = table
    result = settle_table(capital, first, banker, hands, bets)
    places = result.places.values()
    commission = sum(p.commission for p in places) + result.banker_commission
    banker_after = result.banker_net - result.banker_commission
    assert sum(p.net for p in places) + banker_after + commission == 0
    assert -capital <= result.banker_net <= capital
    for p in places:
        assert 0 <= p.amount <= p.stake and p.amount + p.returned == p.stake
        assert -p.stake <= p.net <= p.stake
        rate = HouseRules().mahjong_baccarat.commission_rate
        if p.outcome is Outcome.PLAYER:
            assert p.commission == HouseRules().round_commission(p.amount * rate)
    assert set(result.order) == {p for p, stake in bets.items() if stake > 0}


# The bank -------------------------------------------------------------------------------


def test_next_capital_keeps_the_winnings_and_may_only_rise():
    assert next_capital(D(1000), D("475.00")) == D("1475.00")
    assert next_capital(D(1000), D("475.00"), raise_by=D(525)) == D(2000)
    with pytest.raises(ValueError, match="the banker may raise his capital, never lower it"):
        next_capital(D(1000), D(100), raise_by=D(-1))
    with pytest.raises(ValueError, match="a banker cannot lose more than his capital"):
        next_capital(D(1000), D(-1001))


def test_art_5_4_a_banker_who_lost_exactly_his_capital_keeps_nothing():
    assert next_capital(D(1000), D(-1000)) == D(0)


def test_art_5_1_a_banker_who_keeps_the_bank_counts_one_more_round_in_a_row():
    kept = next_bank(4, 1, keeps=True)
    assert (kept.seat, kept.rounds_in_a_row) == (4, 2)
    assert "round 2 in a row" in str(kept.reason)


def test_art_5_2_the_bank_goes_to_the_next_seat_that_bet_when_the_turn_declines():
    turn = next_bank(4, 2, keeps=False, declined={5}, bet_last_round={6, 8})
    assert (turn.seat, turn.rounds_in_a_row) == (6, 1)  # a new banker's first round


def test_the_bank_is_kept_at_most_two_rounds_in_a_row():
    assert next_bank(4, 1, keeps=True).seat == 4
    passed = next_bank(4, 2, keeps=True)
    assert passed.seat == 5 and "Article 5(1)" in str(passed.reason)
    assert next_bank(4, 2, keeps=True, all_others_agree=True).seat == 4
    assert next_bank(10, 1, keeps=False).seat == 1


def test_a_decline_passes_the_bank_to_the_nearest_that_bet_last_round():
    turn = next_bank(4, 2, keeps=False, declined={5}, bet_last_round={2, 7, 8})
    assert turn.seat == 7 and "Article 5(2)" in str(turn.reason)
    nobody = next_bank(4, 2, keeps=False, declined={5, 7}, bet_last_round={7})
    assert nobody.seat is None
