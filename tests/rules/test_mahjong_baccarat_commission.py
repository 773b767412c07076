"""Mahjong Baccarat (Portaria 15/96/M): the banker's commission within his capital
(Art. 5 (3), Art. 9, HI-MB-COMMISSION), co-bankers (Art. 5 (5), HI-MB-COBANK) and the
citations of tile values and order (Art. 6 (1), (2), HI-MB-HIGHER-TILE)."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules.house import BankerCommission, HouseRules, MahjongBaccaratRules
from trainer.rules.mahjong_baccarat import (
    ART_5_5,
    ART_6_1,
    ART_6_2,
    ART_7_1,
    ART_7_2,
    CASINO,
    HI_MB_COBANK,
    HI_MB_HIGHER_TILE,
    TILE_SET,
    compare,
    parse_tiles,
    settle_cobanked_table,
    settle_table,
)
from trainer.rules.table import BANKER_PLACE, Outcome

D = Decimal
PER_WON_BET = HouseRules(mahjong_baccarat=MahjongBaccaratRules(
    banker_commission=BankerCommission.PER_WON_BET))


def result_of(table):
    return table.banker_net - table.banker_commission


# The banker's commission (Art. 5 (3), Art. 9, HI-MB-COMMISSION) --------------------------

BANKER_5 = parse_tiles("4 A")  # 5 points
THE_ISSUE = {2: parse_tiles("9 K"), 3: parse_tiles("2 A")}  # 9: wins; 3: loses


def test_the_issue_example_a_banker_never_loses_more_than_his_capital():
    # Capital 100, the dice pick place 3: place 3 pays 100 (net 100), place 2 wins 200 and
    # is paid the 200 there is (net -100). He lost the round: no commission (Art. 5 (3),
    # "em caso algum"; HI-MB-COMMISSION).
    table = settle_table(D(100), 3, BANKER_5, THE_ISSUE, {2: D(200), 3: D(100)})
    assert table.banker_net == D(-100)
    assert table.banker_commission == 0
    assert result_of(table) == D("-100.00")


def test_the_old_reading_per_won_bet_stays_a_setting():
    table = settle_table(D(100), 3, BANKER_5, THE_ISSUE, {2: D(200), 3: D(100)}, PER_WON_BET)
    assert table.banker_commission == D("5.00")  # 5% of the 100 collected
    assert result_of(table) == D("-105.00")


def test_a_winning_banker_pays_on_his_net_gain_only():
    # Collects 300 (place 3) and 200 (place 6), pays 100 (place 2): net 400, commission 20
    # (per won bet: 5% of 300 and 200 = 25).
    hands = {2: parse_tiles("9 K"), 3: parse_tiles("2 A"), 6: parse_tiles("3 K")}
    bets = {2: D(100), 3: D(300), 6: D(200)}
    table = settle_table(D(1000), 2, BANKER_5, hands, bets)
    assert (table.banker_net, table.banker_commission) == (D(400), D("20.00"))
    assert result_of(table) == D("380.00")
    assert settle_table(D(1000), 2, BANKER_5, hands, bets,
                        PER_WON_BET).banker_commission == D("25.00")


def test_a_banker_who_wins_exactly_his_capital_keeps_it_less_commission():
    hands = {3: parse_tiles("2 A"), 6: parse_tiles("3 K")}
    table = settle_table(D(300), 3, BANKER_5, hands, {3: D(300), 6: D(200)})
    assert table.banker_net == D(300) and table.places[6].amount == 0
    assert table.banker_commission == D("15.00")


def test_the_setting_is_stored_by_its_name():
    assert HouseRules().mahjong_baccarat.banker_commission is BankerCommission.NET_GAIN
    data = PER_WON_BET.to_json()
    assert data["mahjong_baccarat"]["banker_commission"] == "per-won-bet"
    assert HouseRules.from_json(data) == PER_WON_BET
    with pytest.raises(ValueError, match="'per-bet' is not a valid BankerCommission"):
        HouseRules.from_json({"mahjong_baccarat": {"banker_commission": "per-bet"}})


def test_the_default_house_rules_are_the_readings_rules_md_names():
    """Each default is the reading RULES.md gives: HI-EQUAL-TIERS, HI-NATURAL, HI-SIX-PAIRS,
    HI-FOUL, HI-HOUSE-WAY, HI-13-SIGNAL (13-card game); Art. 9, HI-MB-COMMISSION and
    Art. 5.1 (Mahjong Baccarat); HI-3C-PAY; HI-SAP-LAYOUT; HI-MJ-PAY and Art. 6 (a)
    (Mah-Jong)."""
    assert HouseRules().to_json() == {
        "commission_unit": "0.01", "money_unit": "0.01",
        "thirteen": {"commission_rate": "0.02", "equal_tiers_are_foul": False,
                     "natural_declared_automatically": True,
                     "six_pairs_allow_three_of_a_kind": False, "both_foul_is_push": False,
                     "house_way": "expected-points", "finished_at_the_signal_plays": False},
        "mahjong_baccarat": {"commission_rate": "0.05", "banker_commission": "net-gain",
                             "max_rounds_in_a_row": 2, "capital_net_of_commission": True},
        "three_card": {"commission_rate": "0.05", "tie_pays": "20",
                       "three_figures_pays": "16", "banker_points_pays": "8"},
        "sap_i_chi": {"any_group_of_numbers": True},
        "mahjong": {"kai_vu_amount": "10", "one_fan_amount": "20", "double_fan_amount": "40",
                    "commission_rate": "0", "wan_iat_sek_with_scoring_honours": False},
        "chips": {"denominations": "5 10 25 50 100 500 1000 5000 10000", "currency": "MOP",
                  "fewest": "hint", "commission": "net"},
    }


def test_a_yes_or_no_house_rule_given_as_text_is_refused():
    # A stored setting such as HI-EQUAL-TIERS must be true or false, never a word to guess at.
    with pytest.raises(ValueError, match="house rule 'equal_tiers_are_foul' must be true or"):
        HouseRules.from_json({"thirteen": {"equal_tiers_are_foul": "yes"}})
    assert HouseRules.from_json({"thirteen": {"equal_tiers_are_foul": True}}
                                ).thirteen.equal_tiers_are_foul is True


def test_fan_beyond_double_is_paid_as_double_fan():
    # HI-MJ-ADD: patterns add up to double fán at most; HI-MJ-PAY pays by that grade.
    assert HouseRules().mahjong.amount(3) == HouseRules().mahjong.amount(2) == D(40)


@st.composite
def tables(draw):
    tiles = list(draw(st.permutations(TILE_SET)))
    banker, hands = tuple(tiles[:2]), {p: tuple(tiles[2 * p - 2: 2 * p]) for p in range(2, 11)}
    bets = {p: D(10 * draw(st.integers(0, 50))) for p in range(2, 11)}
    return D(10 * draw(st.integers(1, 300))), draw(st.integers(1, 10)), banker, hands, bets


@settings(max_examples=300)
@given(tables())
def test_the_banker_never_wins_or_loses_more_than_his_capital_and_money_is_kept(table):
    capital, first, banker, hands, bets = table
    result = settle_table(capital, first, banker, hands, bets)
    banker_result = result_of(result)
    assert -capital <= banker_result <= capital
    assert result.banker_commission == (
        HouseRules().round_commission(result.banker_net * D("0.05"))
        if result.banker_net > 0 else 0)
    commission = sum(p.commission for p in result.places.values()) + result.banker_commission
    assert sum(p.net for p in result.places.values()) + banker_result + commission == 0


# Co-bankers (Art. 5 (5), HI-MB-COBANK) -----------------------------------------------------

BANKER_7 = parse_tiles("5 2")
HANDS = {2: parse_tiles("K 9"), 3: parse_tiles("A 2"), 4: parse_tiles("9 8"),
         5: parse_tiles("3 3"), 6: parse_tiles("6 6"), 7: parse_tiles("4 4")}


def test_worked_example_the_pool_used_up_then_the_players_in_order():
    # Bank 100 + casino 300 + place 5's 200 + place 7's 100 = 700. From place 2: 2 wins 500
    # (-500), 3 pays 100 (-400), 4 wins 200 (-600), 6 pays 50 (-550). The pool takes -400
    # (banker 1/4: -100, casino -300); place 5, first to join, takes -150; place 7 nothing.
    bets = {2: D(500), 3: D(100), 4: D(200), 6: D(50)}
    result = settle_cobanked_table(D(100), D(300), [(5, D(200)), (7, D(100))], 2, BANKER_7,
                                   HANDS, bets)
    assert result.capital == D(700) and result.table.banker_net == D(-550)
    shares = result.shares
    assert shares[BANKER_PLACE].net == D(-100) and shares[CASINO].net == D(-300)
    assert shares[5].net == D(-150) and shares[7].net == D(0)
    assert all(share.commission == 0 for share in shares.values())
    assert shares[5].reasons[0].source == ART_5_5
    assert "takes -MOP$150.00 of the rest" in str(shares[5].reasons[0])
    assert "Article 5(5)" in str(shares[5].reasons[0])
    assert result.reasons[0].source == HI_MB_COBANK
    assert "shared in proportion to the capitals: the banker -MOP$100.00, the casino " \
           "-MOP$300.00" in str(shares[BANKER_PLACE].reasons[0])
    # Place 7 takes nothing: no gain, so no commission (HI-MB-COMMISSION).
    assert "pays commission only on a net gain: with MOP$0.00 he pays none" in str(
        shares[7].reasons[-1])


def test_worked_example_a_winning_pool_shared_by_capital():
    # Places 3 and 6 pay 300 and 100: net +400 ≤ the pool of 400, shared 1 : 3;
    # the banker pays 5% of his 100, the players who joined take nothing.
    bets = {3: D(300), 6: D(100)}
    result = settle_cobanked_table(D(100), D(300), [(5, D(200))], 2, BANKER_7, HANDS, bets)
    shares = result.shares
    assert shares[BANKER_PLACE].result == D(100) and shares[BANKER_PLACE].net == D("95.00")
    assert shares[CASINO].result == D(300) and shares[5].result == 0


def test_a_co_banker_pays_commission_on_his_own_gain():
    bets = {3: D(600), 6: D(100)}  # +700: the pool's 400, then place 5's 200, place 7's 100
    result = settle_cobanked_table(D(200), D(200), [(5, D(200)), (7, D(300))], 2, BANKER_7,
                                   HANDS, bets)
    shares = result.shares
    assert shares[BANKER_PLACE].net == D("190.00") and shares[CASINO].net == D(200)
    assert shares[5].result == D(200) and shares[5].commission == D("10.00")
    assert shares[7].result == D(100) and shares[7].net == D("95.00")


def test_a_co_banker_who_takes_the_smallest_gain_pays_commission_on_it():
    # The pool of 400 takes +400 of +401; place 5, who joined with 200, takes the last 1.
    result = settle_cobanked_table(D(200), D(200), [(5, D(200))], 2, BANKER_7, HANDS,
                                   {3: D(401)})
    share = result.shares[5]
    assert share.result == D(1) and share.commission == D("0.05")
    assert "pays commission on his own net gain: 5 per cent of MOP$1.00 is MOP$0.05" in str(
        share.reasons[-1])


def test_art_5_5_the_smallest_capital_and_stake_may_join_the_bank():
    result = settle_cobanked_table(D(1), D(0), [(5, D(1))], 2, BANKER_7, HANDS, {3: D(10)})
    assert result.capital == D(2)


@pytest.mark.parametrize(("capital", "stake", "bets", "says"), [
    (D(0), D(100), {2: D(10)}, "the banker's capital is a positive Decimal"),
    (100, D(100), {2: D(10)}, "the banker's capital is a positive Decimal"),
    (D(100), D(0), {2: D(10)}, "a co-banker's stake is a positive Decimal"),
    (D(100), 100, {2: D(10)}, "a co-banker's stake is a positive Decimal"),
    (D(100), D(100), {5: D(1)}, "place 5 joined the bank: it may not bet"),
])
def test_art_5_5_a_bank_joined_with_a_bad_capital_stake_or_bet_is_refused(capital, stake, bets,
                                                                          says):
    with pytest.raises(ValueError, match=says):
        settle_cobanked_table(capital, D(0), [(5, stake)], 2, BANKER_7, HANDS, bets)


def test_a_co_banker_may_not_bet_on_another_place():
    with pytest.raises(ValueError, match=r"place 5 joined the bank: it may not bet"):
        settle_cobanked_table(D(100), D(0), [(5, D(100))], 2, BANKER_7, HANDS, {5: D(10)})
    with pytest.raises(ValueError, match="each player joins the bank once"):
        settle_cobanked_table(D(100), D(0), [(5, D(100)), (5, D(50))], 2, BANKER_7, HANDS,
                              {2: D(10)})
    with pytest.raises(ValueError, match="co-bankers sit at places 2 to 10, not 1"):
        settle_cobanked_table(D(100), D(0), [(1, D(100))], 2, BANKER_7, HANDS, {2: D(10)})
    with pytest.raises(ValueError, match="casino's capital"):
        settle_cobanked_table(D(100), D(-1), [], 2, BANKER_7, HANDS, {2: D(10)})


@st.composite
def cobanked(draw):
    capital, first, banker, hands, bets = draw(tables())
    joined = draw(st.lists(st.integers(2, 10), unique=True, max_size=3))
    for place in joined:
        bets[place] = D(0)
    stakes = [(p, D(10 * draw(st.integers(1, 50)))) for p in joined]
    return capital, D(10 * draw(st.integers(0, 300))), stakes, first, banker, hands, bets


@settings(max_examples=300)
@given(cobanked())
def test_every_share_within_its_capital_and_money_is_kept(table):
    capital, casino, stakes, first, banker, hands, bets = table
    result = settle_cobanked_table(capital, casino, stakes, first, banker, hands, bets)
    shares = result.shares.values()
    assert sum(share.result for share in shares) == result.table.banker_net
    for share in shares:
        assert -share.capital <= share.net <= share.capital
        assert share.commission >= 0 and (share.result > 0 or share.commission == 0)
    commission = (sum(p.commission for p in result.table.places.values())
                  + sum(share.commission for share in shares))
    players = sum(p.net for p in result.table.places.values())
    assert players + sum(share.net for share in shares) + commission == 0


# Tile values and order (Art. 6 (1), (2), HI-MB-HIGHER-TILE) ------------------------------


def test_points_are_cited_to_art_6_2_and_the_higher_tile_to_its_reading():
    by_tile = compare(parse_tiles("K 3"), parse_tiles("8 5"))
    assert by_tile.outcome is Outcome.PLAYER
    sources = [reason.source for reason in by_tile.reasons]
    assert sources == [ART_6_2, ART_6_1, HI_MB_HIGHER_TILE, ART_7_2]
    assert "the player's K 3 makes 3, the banker's 8 5 makes 3" in str(by_tile.reasons[0])
    on_points = compare(parse_tiles("9 K"), parse_tiles("7 A"))
    assert [r.source for r in on_points.reasons] == [ART_6_2, ART_6_1, ART_7_1]
    plain = compare(parse_tiles("9 8"), parse_tiles("6 2"))
    assert [r.source for r in plain.reasons] == [ART_6_2, ART_7_1]
