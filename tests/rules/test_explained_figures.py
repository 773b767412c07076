"""The figures inside explanation texts: 13-card settlements (HI-13-PAY, Art. 11) and the
Mahjong Baccarat settlement account (HI-SETTLE-ORDER, Art. 5.3, 9, HI-MB-COMMISSION).

Each explanation must state the exact amounts the settlement computes: the net paid, the
banker's running net after each place, his total collected and his result. Stakes between
0 and 1 included.
"""

from decimal import Decimal

import pytest

from tests.rules.test_mahjong_baccarat import BANKER, HANDS
from tests.rules.thirteen.test_showdown_and_payment import (
    DRAGON,
    FOUL,
    GOOD,
    PLAIN_VS_DRAGON,
    _result_with_margin,
    arrangement,
)
from trainer.rules.house import BankerCommission, HouseRules, MahjongBaccaratRules
from trainer.rules.mahjong_baccarat import settle_table
from trainer.rules.mahjong_baccarat.settlement import (
    ART_5_3,
    ART_9,
    HI_MB_COMMISSION,
    HI_SETTLE_ORDER,
    settlement_account,
)
from trainer.rules.thirteen import Outcome, settle, showdown
from trainer.rules.thirteen.payment import ART_11, HI_13_PAY
from trainer.rules.thirteen.showdown import HI_FOUL

D = Decimal
PER_WON_BET = HouseRules(mahjong_baccarat=MahjongBaccaratRules(
    banker_commission=BankerCommission.PER_WON_BET))


def texts(reasons):
    return [(str(r.text), r.source) for r in reasons]


# 13-card -------------------------------------------------------------------------------

WINNER = arrangement("2S 3H 5D", "9S 9H 9D 9C 4S", "AS KS QS JS 10S")
LOSER = arrangement("2H 3D 6C", "7H 7D 8H 8D 5C", "AH KH QH JH 6H")


def test_a_13_card_win_states_prize_commission_and_net():
    paid = settle(D("300"), 3, showdown(WINNER, LOSER))
    assert (paid.prize, paid.commission, paid.net, paid.banker_net) == (
        D("150.00"), D("3.00"), D("147.00"), D("-150.00"))
    assert texts(paid.reasons) == [
        ("The margin is 12 points; a bet in terms of 3 points settles 3 units of MOP$100.00.",
         HI_13_PAY),
        ("The winner is paid half: MOP$150.00, less the House's commission of MOP$3.00, "
         "nets MOP$147.00.", ART_11)]


def test_a_13_card_loss_states_what_the_player_loses():
    paid = settle(D("300"), 2, showdown(LOSER, WINNER))
    assert (paid.outcome, paid.units, paid.net, paid.banker_net) == (
        Outcome.BANKER, 2, D("-300.00"), D("300.00"))
    assert texts(paid.reasons) == [
        ("The margin is 12 points; a bet in terms of 2 points settles 2 units of MOP$150.00.",
         HI_13_PAY),
        ("The player loses MOP$300.00; the rest of the stake is returned.", HI_13_PAY)]


def test_a_13_card_partial_loss_returns_the_rest():
    paid = settle(D("300"), 3, _result_with_margin(-1))
    assert paid.net == D("-100.00")
    assert str(paid.reasons[-1].text) == ("The player loses MOP$100.00; the rest of the stake "
                                          "is returned.")


def test_a_13_card_natural_states_three_points_and_the_net():
    paid = settle(D("200"), 2, showdown(DRAGON, PLAIN_VS_DRAGON))
    assert (paid.units, paid.prize, paid.commission, paid.net) == (
        2, D("100.00"), D("2.00"), D("98.00"))
    assert texts(paid.reasons) == [
        ("The margin is 3 points; a bet in terms of 2 points settles 2 units of MOP$100.00.",
         HI_13_PAY),
        ("The winner is paid half: MOP$100.00, less the House's commission of MOP$2.00, "
         "nets MOP$98.00.", ART_11)]


def test_13_card_fouls_state_the_full_terms():
    lost = settle(D("90"), 3, showdown(FOUL, GOOD))
    assert lost.net == D("-90.00")
    assert texts(lost.reasons) == [
        ("A foul settles the bet in full: 3 units of MOP$30.00.", HI_13_PAY),
        ("The player loses MOP$90.00; the rest of the stake is returned.", HI_13_PAY)]
    won = settle(D("90"), 3, showdown(GOOD, FOUL))
    assert (won.prize, won.commission, won.net) == (D("45.00"), D("0.90"), D("44.10"))
    assert texts(won.reasons) == [
        ("A foul settles the bet in full: 3 units of MOP$30.00.", HI_FOUL),
        ("The winner is paid half: MOP$45.00, less the House's commission of MOP$0.90, "
         "nets MOP$44.10.", ART_11)]


@pytest.mark.parametrize(("stake", "terms", "margin", "prize", "commission", "net", "unit"), [
    ("0.01", 1, 1, "0.01", "0.00", "0.01", "0.01"),  # half a cent rounds half-up (HI-MONEY)
    ("0.50", 1, 1, "0.25", "0.01", "0.24", "0.50"),  # 2% of 0.25 = 0.005 → 0.01
    ("0.99", 1, 1, "0.50", "0.01", "0.49", "0.99"),  # 0.495 → 0.50
    ("0.99", 3, 1, "0.17", "0.00", "0.17", "0.33"),  # 0.165 → 0.17; 2% = 0.0034 → 0
    ("0.99", 3, 9, "0.50", "0.01", "0.49", "0.33"),  # three units of 0.33: 0.495 → 0.50
])
def test_13_card_stakes_between_0_and_1_win(stake, terms, margin, prize, commission, net, unit):
    paid = settle(D(stake), terms, _result_with_margin(margin))
    assert (paid.prize, paid.commission, paid.net) == (D(prize), D(commission), D(net))
    assert str(paid.reasons[-1].text) == (
        f"The winner is paid half: MOP${prize}, less the House's commission of "
        f"MOP${commission}, nets MOP${net}.")
    assert str(paid.reasons[0].text).endswith(f" of MOP${unit}.")


@pytest.mark.parametrize(("stake", "terms", "margin", "lost"), [
    ("0.01", 1, -1, "0.01"), ("0.50", 2, -1, "0.25"), ("0.99", 3, -2, "0.66"),
    ("0.99", 3, -3, "0.99")])
def test_13_card_stakes_between_0_and_1_lose(stake, terms, margin, lost):
    paid = settle(D(stake), terms, _result_with_margin(margin))
    assert paid.net == -D(lost)
    assert str(paid.reasons[-1].text) == (f"The player loses MOP${lost}; the rest of the "
                                          "stake is returned.")


def test_a_13_card_stake_of_0_is_refused():
    with pytest.raises(ValueError, match="a stake is a positive Decimal"):
        settle(D("0"), 1, _result_with_margin(1))
    assert settle(D("0.01"), 1, _result_with_margin(1)).net == D("0.01")


# Mahjong Baccarat ----------------------------------------------------------------------

#: Place 3 loses 50, 4 wins 20, 5 loses 30, 6 loses 10, 2 wins 100 (dice pick place 3).
BETS = {2: D(100), 3: D(50), 4: D(20), 5: D(30), 6: D(10)}
RUNNING = [
    ("Place 3 loses and pays MOP$50.00; the banker's running net is MOP$50.00.",
     HI_SETTLE_ORDER),
    ("Place 4 wins MOP$20.00 and is paid MOP$19.00 after MOP$1.00 commission; the banker's "
     "running net is MOP$30.00.", ART_9),
    ("Place 5 loses and pays MOP$30.00; the banker's running net is MOP$60.00.",
     HI_SETTLE_ORDER),
    ("Place 6 loses and pays MOP$10.00; the banker's running net is MOP$70.00.",
     HI_SETTLE_ORDER),
]


def test_the_account_states_each_running_net_and_the_banker_losing_the_round():
    result = settle_table(D(1000), 3, BANKER, HANDS, BETS)
    assert (result.banker_net, result.banker_commission) == (D(-30), D("0.00"))
    assert [result.places[p].net for p in result.order] == [
        D(-50), D("19.00"), D(-30), D(-10), D("95.00")]
    assert texts(settlement_account(D(1000), result)) == [
        *RUNNING,
        ("Place 2 wins MOP$100.00 and is paid MOP$95.00 after MOP$5.00 commission; the "
         "banker's running net is -MOP$30.00.", ART_9),
        ("The banker's net for the round is -MOP$30.00: he has not won it, so he pays no "
         "commission and his result is -MOP$30.00.", HI_MB_COMMISSION)]


def test_the_account_per_won_bet_states_the_total_collected():
    result = settle_table(D(1000), 3, BANKER, HANDS, BETS, PER_WON_BET)
    assert (result.banker_net, result.banker_commission) == (D(-30), D("4.50"))
    assert texts(settlement_account(D(1000), result, PER_WON_BET))[-1] == (
        "The banker's net is -MOP$30.00 before commission; this house takes 5 per cent of "
        "every amount he collects: of the MOP$90.00 he collected that is MOP$4.50, so his "
        "result is -MOP$34.50.", HI_MB_COMMISSION)


def test_the_account_when_the_banker_wins_the_round():
    bets = {3: D(50), 5: D(30), 6: D(10)}
    result = settle_table(D(1000), 3, BANKER, HANDS, bets)
    assert (result.banker_net, result.banker_commission) == (D(90), D("4.50"))
    assert texts(settlement_account(D(1000), result)) == [
        RUNNING[0],
        ("Place 5 loses and pays MOP$30.00; the banker's running net is MOP$80.00.",
         HI_SETTLE_ORDER),
        ("Place 6 loses and pays MOP$10.00; the banker's running net is MOP$90.00.",
         HI_SETTLE_ORDER),
        ("The banker wins the round by MOP$90.00: he pays 5 per cent of that net gain, "
         "MOP$4.50, so his result is MOP$85.50.", HI_MB_COMMISSION)]


def test_the_account_when_the_capital_is_exhausted():
    bets = {**BETS, 2: D(200)}
    result = settle_table(D(100), 3, BANKER, HANDS, bets)
    assert (result.places[2].amount, result.places[2].commission, result.places[2].net) == (
        D(170), D("8.50"), D("161.50"))
    account = texts(settlement_account(D(100), result))
    assert account[:4] == RUNNING
    assert account[4:] == [
        ("Place 2 wins MOP$200.00, but only MOP$170.00 is left of the banker's capital of "
         "MOP$100.00: it is paid MOP$161.50 after MOP$8.50 commission.", ART_5_3),
        ("The banker's net for the round is -MOP$100.00: he has not won it, so he pays no "
         "commission and his result is -MOP$100.00.", HI_MB_COMMISSION)]
    per_bet = settle_table(D(100), 3, BANKER, HANDS, bets, PER_WON_BET)
    assert texts(settlement_account(D(100), per_bet, PER_WON_BET))[-1][0].endswith(
        "of the MOP$90.00 he collected that is MOP$4.50, so his result is -MOP$104.50.")


def test_the_account_when_the_capital_is_reached():
    result = settle_table(D(60), 5, BANKER, HANDS, {3: D(50), 5: D(30), 6: D(10)})
    assert texts(settlement_account(D(60), result)) == [
        ("Place 5 loses and pays MOP$30.00; the banker's running net is MOP$30.00.",
         HI_SETTLE_ORDER),
        ("Place 6 loses and pays MOP$10.00; the banker's running net is MOP$40.00.",
         HI_SETTLE_ORDER),
        ("Place 3 loses MOP$50.00 but pays only MOP$20.00: the banker's win has reached his "
         "capital of MOP$60.00.", ART_5_3),
        ("The banker wins the round by MOP$60.00: he pays 5 per cent of that net gain, "
         "MOP$3.00, so his result is MOP$57.00.", HI_MB_COMMISSION)]


def test_mahjong_baccarat_stakes_between_0_and_1():
    bets = {2: D("0.99"), 3: D("0.50"), 4: D("0.01")}
    result = settle_table(D(1000), 2, BANKER, HANDS, bets)
    assert [(result.places[p].commission, result.places[p].net) for p in (2, 3, 4)] == [
        (D("0.05"), D("0.94")), (D(0), D("-0.50")), (D("0.00"), D("0.01"))]
    assert texts(settlement_account(D(1000), result)) == [
        ("Place 2 wins MOP$0.99 and is paid MOP$0.94 after MOP$0.05 commission; the banker's "
         "running net is -MOP$0.99.", ART_9),
        ("Place 3 loses and pays MOP$0.50; the banker's running net is -MOP$0.49.",
         HI_SETTLE_ORDER),
        ("Place 4 wins MOP$0.01 and is paid MOP$0.01 after MOP$0.00 commission; the banker's "
         "running net is -MOP$0.50.", ART_9),
        ("The banker's net for the round is -MOP$0.50: he has not won it, so he pays no "
         "commission and his result is -MOP$0.50.", HI_MB_COMMISSION)]
    per_bet = settle_table(D(1000), 2, BANKER, HANDS, bets, PER_WON_BET)
    assert per_bet.banker_commission == D("0.03")  # 5% of 0.50 = 0.025, half-up
    assert texts(settlement_account(D(1000), per_bet, PER_WON_BET))[-1][0].endswith(
        "of the MOP$0.50 he collected that is MOP$0.03, so his result is -MOP$0.53.")
