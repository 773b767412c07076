"""Mahjong Baccarat (Portaria 15/96/M): the dice and the deal, the settlement account, the
banker's next capital and the croupier's rulings on incidents at the table."""

import itertools
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer.rules.house import BankerCommission, HouseRules, MahjongBaccaratRules
from trainer.rules.mahjong_baccarat import (
    ART_2_3,
    ART_2_4,
    ART_2_6,
    ART_5_3,
    ART_5_4,
    HI_MB_COMMISSION,
    TILE_SET,
    Decision,
    Incident,
    Reorder,
    capital_after_round,
    parse_tiles,
    rule_on,
    rule_on_new_stake,
    rule_on_reorders,
    served,
    settle_table,
    settlement_account,
)

D = Decimal
PER_WON_BET = HouseRules(mahjong_baccarat=MahjongBaccaratRules(
    banker_commission=BankerCommission.PER_WON_BET))


# The dice and the deal (Art. 2.1–2.4) ---------------------------------------------------


def walk(dice, stack):
    """Independent of the module: step round the ten places one at a time."""
    place = 1
    for _ in range(sum(dice) - 1 + stack - 1):
        place = place % 10 + 1
    return place


def test_every_throw_and_every_stack():
    for dice in itertools.product(range(1, 7), repeat=4):
        for stack in (1, 2, 7, 10):
            assert served(dice, stack).place == walk(dice, stack)


@pytest.mark.parametrize(("dice", "stack", "place", "article"), [
    ((1, 1, 1, 1), 1, 4, "Article 2(2)"),
    ((6, 5, 5, 5), 1, 1, "Article 2(2)"),  # 21: round twice, back to the banker
    ((2, 3, 2, 3), 10, 9, "Article 2(3)"),  # the last stack, just before the first
    ((6, 6, 6, 6), 3, 6, "Article 2(3)"),
])
def test_worked_examples_of_the_deal(dice, stack, place, article):
    result = served(dice, stack)
    assert result.place == place
    assert "Article 2(3)" in str(result.reasons[0])  # nobody changes the total
    assert article in str(result.reasons[-1])


def test_art_2_4_the_first_stack_is_dealt_unless_another_is_named():
    assert served((1, 1, 1, 1)) == served((1, 1, 1, 1), 1)
    second = served((1, 1, 1, 1), 2)
    assert second.place == 5 and "stack 2 goes to place 5" in str(second.reasons[-1])


def test_the_deal_goes_counterclockwise_by_art_2_3_and_every_place_is_dealt_by_art_2_4():
    # Art. 2 (3): «A distribuição das pedras ... no sentido oposto ao dos ponteiros do
    # relógio»; Art. 2 (4): always ten places, two tiles each (no word of the direction).
    later = served((2, 3, 2, 3), 10)
    *_, dealt, order = later.reasons
    assert order.source == ART_2_3 and "counterclockwise" in str(order.text)
    assert dealt.source == ART_2_4 and "counterclockwise" not in str(dealt.text)
    assert "All ten places are always dealt, two tiles each" in str(dealt.text)
    for dice in ((1, 1, 1, 1), (6, 6, 6, 6)):
        for stack in range(1, 11):
            for reason in served(dice, stack).reasons:
                if "counterclockwise from place" in str(reason.text):
                    assert reason.source == ART_2_3, reason


DICE = "the banker shakes four dice, each showing 1 to 6"
STACKS = "one stack goes to each of the 10 places"


@pytest.mark.parametrize(("dice", "stack", "says"), [((1, 1, 1), 1, DICE), ((0, 1, 1, 1), 1, DICE),
                                                     ((1, 1, 1, 7), 1, DICE),
                                                     ((1, 1, 1, 1), 0, STACKS),
                                                     ((1, 1, 1, 1), 11, STACKS)])
def test_impossible_throws_are_refused(dice, stack, says):
    with pytest.raises(ValueError, match=says):
        served(dice, stack)


# The settlement account (HI-SETTLE-ORDER, Art. 5.3, Art. 9) ------------------------------

BANKER = parse_tiles("5 2")  # 7 points
HANDS = {2: parse_tiles("K 9"), 3: parse_tiles("A 2"), 4: parse_tiles("9 8"),
         5: parse_tiles("K A"), 6: parse_tiles("6 6")}


def test_account_of_a_capital_exhausted_mid_way():
    # Capital 100: 3 pays 50 (n 50), 4 wins 20 (n 30), 5 pays 30 (n 60), 6 pays 10 (n 70),
    # 2 wins 200 but only 170 is left: paid 170 less 8.50.
    bets = {2: D(200), 3: D(50), 4: D(20), 5: D(30), 6: D(10)}
    result = settle_table(D(100), 3, BANKER, HANDS, bets)
    lines = [str(reason) for reason in settlement_account(D(100), result)]
    assert len(lines) == 6
    assert lines[0].startswith("Place 3 loses and pays MOP$50.00; the banker's running net "
                               "is MOP$50.00.")
    assert "Place 4 wins MOP$20.00 and is paid MOP$19.00 after MOP$1.00 commission" in lines[1]
    assert "Article 9" in lines[1]
    assert ("Place 2 wins MOP$200.00, but only MOP$170.00 is left of the banker's capital of "
            "MOP$100.00: it is paid MOP$161.50 after MOP$8.50 commission.") in lines[4]
    assert "Article 5(3)" in lines[4]
    # HI-MB-COMMISSION: the banker lost the round, so he pays no commission (it was 4.50,
    # 5% of the 90 he collected, a loss of 104.50 on a capital of 100).
    assert ("The banker's net for the round is -MOP$100.00: he has not won it, so he pays no "
            "commission and his result is -MOP$100.00.") in lines[5]
    assert "HI-MB-COMMISSION" in lines[5]
    old = settlement_account(D(100), settle_table(D(100), 3, BANKER, HANDS, bets, PER_WON_BET),
                             PER_WON_BET)
    assert "of the MOP$90.00 he collected that is MOP$4.50, so his result is -MOP$104.50" in \
        str(old[-1])


def test_account_of_a_capital_reached():
    bets = {3: D(50), 5: D(30), 6: D(10), 2: D(0)}
    result = settle_table(D(30), 5, BANKER, HANDS, bets)
    lines = [str(reason) for reason in settlement_account(D(30), result)]
    assert lines[0].startswith("Place 5 loses and pays MOP$30.00")
    assert "Place 6 loses but pays nothing: the banker has already won his capital" in lines[1]
    assert "Place 3 loses but pays nothing" in lines[2]


def test_account_of_a_loss_paid_in_part():
    result = settle_table(D(60), 5, BANKER, HANDS, {3: D(50), 5: D(30), 6: D(10)})
    lines = [str(reason) for reason in settlement_account(D(60), result)]
    assert "Place 3 loses MOP$50.00 but pays only MOP$20.00" in lines[2]


def test_a_winner_paid_nothing():
    result = settle_table(D(20), 4, BANKER, HANDS, {4: D(20), 2: D(100)})
    lines = [str(reason) for reason in settlement_account(D(20), result)]
    assert "Place 2 wins but is paid nothing" in lines[1]


@st.composite
def tables(draw):
    tiles = list(draw(st.permutations(TILE_SET)))
    banker, hands = tuple(tiles[:2]), {p: tuple(tiles[2 * p - 2: 2 * p]) for p in range(2, 11)}
    bets = {p: D(10 * draw(st.integers(0, 50))) for p in range(2, 11)}
    return D(10 * draw(st.integers(1, 300))), draw(st.integers(1, 10)), banker, hands, bets


@settings(max_examples=200)
@given(tables())
def test_the_account_follows_the_settlement(table):
    capital, first, banker, hands, bets = table
    result = settle_table(capital, first, banker, hands, bets)
    reasons = settlement_account(capital, result)
    assert len(reasons) == len(result.order) + 1 and reasons[-1].source == HI_MB_COMMISSION
    for place, reason in zip(result.order, reasons, strict=False):
        settled = result.places[place]
        assert str(reason).startswith(f"Place {place} ")
        assert (reason.source == ART_5_3) == (settled.returned > 0)


# The next capital (Art. 5.4) ------------------------------------------------------------


def test_the_winnings_stay_net_of_commission():
    new = capital_after_round(D(1000), [D(300), D(200)], [D(100)])
    assert new.capital == D("1380.00")  # won 400 net, commission 5% of it: 20
    assert "Article 5(4)" in str(new.reasons[1])
    assert "HI-MB-COMMISSION" in str(new.reasons[0]) and "MOP$20.00" in str(new.reasons[0])
    old = capital_after_round(D(1000), [D(300), D(200)], [D(100)], rules=PER_WON_BET)
    assert old.capital == D("1375.00")  # commission 25 on 300 and 200


def test_the_capital_may_rise_but_never_fall():
    assert capital_after_round(D(1000), [D(500)], [], D(225)).capital == D("1700.00")
    lowered = capital_after_round(D(1000), [D(500)], [], D(-300))
    assert lowered.capital == D("1475.00")
    assert "never lowered" in str(lowered.reasons[-1])
    assert "Article 5(4)" in str(lowered.reasons[-1])


def test_art_5_4_a_capital_left_as_it_is_says_nothing_of_raising_or_lowering():
    kept = capital_after_round(D(1000), [D(500)], [])
    assert kept.capital == D("1475.00") and len(kept.reasons) == 2


def test_art_5_4_a_banker_who_won_the_smallest_amount_keeps_it():
    smallest = capital_after_round(D(1000), [D(1)], [])
    assert smallest.capital == D("1000.95")
    assert "The banker wins the round by MOP$1.00" in str(smallest.reasons[0])  # HI-MB-COMMISSION


def test_house_settings_count_the_winnings_gross_or_round_the_commission():
    gross = HouseRules(mahjong_baccarat=MahjongBaccaratRules(capital_net_of_commission=False))
    assert capital_after_round(D(1000), [D(500)], [], rules=gross).capital == D(1500)
    whole = HouseRules(commission_unit=D(1))
    # 5% of the net 440 is 22 (HI-MB-COMMISSION); 5% of 450 is 22.50, rounded half-up to 23.
    assert capital_after_round(D(1000), [D(310), D(130)], [], rules=whole).capital == D(1418)
    assert capital_after_round(D(1000), [D(450)], [], rules=whole).capital == D(1427)
    # Per won bet: 5% of 310 is 15.50 → 16 (HI-MONEY); of 130 6.50 → 7.
    whole_per_bet = HouseRules(commission_unit=D(1), mahjong_baccarat=PER_WON_BET.mahjong_baccarat)
    assert capital_after_round(D(1000), [D(310), D(130)], [],
                               rules=whole_per_bet).capital == D(1417)


@pytest.mark.parametrize(("collected", "paid"), [([D(100)], [D(100)]), ([D(100)], [D(200)]),
                                                 ([D(1100)], []), ([], [])])
def test_only_a_winning_banker_within_his_capital(collected, paid):
    with pytest.raises(ValueError,
                       match="a banker who won keeps at most his capital's worth of winnings"):
        capital_after_round(D(1000), collected, paid)


# Incidents (Art. 2.2–2.8, Art. 4) -------------------------------------------------------


@pytest.mark.parametrize(("incident", "decision", "article"), [
    (Incident.DICE_OUT_OF_BOWL, Decision.RESHAKE, "Article 2(5)"),
    (Incident.DICE_BADLY_SETTLED, Decision.RESHAKE, "Article 2(5)"),
    (Incident.TILE_EXPOSED, Decision.PLAY_ON, "Article 4"),
    (Incident.BET_AFTER_DICE, Decision.REFUSE, "Article 2(7)"),
    (Incident.BET_CHANGED_AFTER_DICE, Decision.REFUSE, "Article 2(7)"),
    (Incident.BET_ON_WRONG_PLACE, Decision.SETTLE_AS_PLACED, "Article 2(8)"),
    (Incident.TOTAL_ADJUSTED, Decision.REFUSE, "Article 2(3)"),
    (Incident.PLAYER_SHAKES, Decision.REFUSE, "Article 2(2)"),
    (Incident.CAPITAL_REDUCED, Decision.REFUSE, "Article 5(4)"),
])
def test_rulings_on_incidents(incident, decision, article):
    ruling = rule_on(incident)
    assert ruling.decision is decision
    assert article in str(ruling.reason)
    assert rule_on(incident.value) == ruling  # the value as stored in a question


def test_every_incident_has_a_ruling():
    assert all(isinstance(rule_on(incident).decision, Decision) for incident in Incident)


# A short stake: the banker who keeps the bank puts down less than his new capital (Art. 5.4)


def test_a_banker_who_puts_down_less_than_his_new_capital_is_refused():
    # He kept 1 000 and won 450 net: his new capital is 1 450; he puts down 1 400.
    ruling = rule_on_new_stake(D(1450), D(1400))
    assert ruling.decision is Decision.REFUSE is rule_on(Incident.CAPITAL_REDUCED).decision
    assert ruling.reason.source == ART_5_4 and "Article 5(4)" in str(ruling.reason)
    assert "MOP$1,450.00" in str(ruling.reason) and "MOP$50.00 short" in str(ruling.reason)


def test_a_stake_one_avo_short_is_short():
    assert rule_on_new_stake(D("1450.00"), D("1449.99")).decision is Decision.REFUSE


def test_the_new_capital_itself_is_not_short():
    ruling = rule_on_new_stake(D(1450), D("1450.00"))
    assert ruling.decision is Decision.ALLOW and ruling.reason.source == ART_5_4
    assert "short" not in str(ruling.reason)


def test_more_than_the_new_capital_raises_it_as_he_may():
    ruling = rule_on_new_stake(D(1450), D(2000))
    assert ruling.decision is Decision.ALLOW and "raising it" in str(ruling.reason)


@pytest.mark.parametrize(("capital", "staked"), [(D(0), D(100)), (D(1450), D(0)),
                                                 (D(1450), D(-100))])
def test_a_new_stake_is_money_put_down_for_a_capital(capital, staked):
    with pytest.raises(ValueError, match="keeps the bank with a capital, and puts money down"):
        rule_on_new_stake(capital, staked)


# Re-ordering the stacks (Art. 2.6) -------------------------------------------------------

A, R = Decision.ALLOW, Decision.REFUSE


def decisions(*requests):
    return [ruling.decision for ruling in rule_on_reorders(requests)]


def test_two_players_then_the_banker():
    assert decisions(Reorder(3), Reorder(7), Reorder(5), Reorder(1)) == [A, A, R, A]


def test_nobody_after_the_banker():
    assert decisions(Reorder(1), Reorder(4)) == [A, R]
    ruling = rule_on_reorders([Reorder(1), Reorder(4)])[1]
    assert "nobody may re-order after him" in str(ruling.reason)
    assert "Article 2(6)" in str(ruling.reason)


def test_one_hand_only_and_a_refusal_uses_no_turn():
    assert decisions(Reorder(3, hands=2), Reorder(5), Reorder(6), Reorder(1, hands=2)) == [
        R, A, A, R]


def test_nothing_after_the_dice():
    assert decisions(Reorder(3), Reorder(1, after_dice=True), Reorder(5, after_dice=True)) == [
        A, R, R]


@pytest.mark.parametrize(("requests", "says"), [
    ([Reorder(3), Reorder(3)], "one request from each place"),  # one request a place
    ([Reorder(3, after_dice=True), Reorder(4)], "the dice are shaken once"),
    ([Reorder(11)], "one request from each place 1 to 10 a round"),
])
def test_impossible_rounds_are_refused(requests, says):
    with pytest.raises(ValueError, match=says):
        rule_on_reorders(requests)


@st.composite
def rounds(draw):
    places = draw(st.permutations(range(1, 11)))[:draw(st.integers(1, 8))]
    after = draw(st.integers(0, len(places)))
    return [Reorder(p, draw(st.sampled_from((1, 1, 2))), i >= after)
            for i, p in enumerate(places)]


@given(rounds())
def test_at_most_two_players_and_the_banker_last(requests):
    rulings = rule_on_reorders(requests)
    allowed = [r for r, ruling in zip(requests, rulings, strict=True)
               if ruling.decision is Decision.ALLOW]
    assert sum(r.place != 1 for r in allowed) <= 2
    assert all(r.hands == 1 and not r.after_dice for r in allowed)
    if any(r.place == 1 for r in allowed):
        assert allowed[-1].place == 1
    assert all(ruling.reason.source == ART_2_6 for ruling in rulings)
