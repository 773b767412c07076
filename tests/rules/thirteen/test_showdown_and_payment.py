"""Showdown (Art. 7–10) and payment (Art. 11, HI-13-PAY), worked by hand and by property."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
from trainer.rules.cards import full_deck, parse_cards
from trainer.rules.house import HouseRules, ThirteenRules
from trainer.rules.thirteen import (
    Arrangement,
    Natural,
    Outcome,
    Tier,
    best_arrangement,
    settle,
    showdown,
    tier_points,
)

DECK = full_deck()


def arrangement(front, middle, back):
    return Arrangement(parse_cards(front), parse_cards(middle), parse_cards(back))


# Player: front pair of 7s, middle straight, back full house.
PLAYER = arrangement("7S 7H 2D", "4S 5H 6D 7C 8S", "JS JH JD 3C 3S")
# Banker: front high card, middle pair, back flush.
BANKER = arrangement("AS KH 9D", "QS QH 10D 9C 2S", "KD 8D 5D 4D 3D")


def test_each_tier_scores_the_winners_own_combination():
    result = showdown(PLAYER, BANKER)
    by_tier = {r.tier: r for r in result.tiers}
    assert by_tier[Tier.FRONT].winner is Outcome.PLAYER and by_tier[Tier.FRONT].points == 1
    assert by_tier[Tier.MIDDLE].winner is Outcome.PLAYER and by_tier[Tier.MIDDLE].points == 1
    assert by_tier[Tier.BACK].winner is Outcome.PLAYER and by_tier[Tier.BACK].points == 1
    assert (result.player_points, result.banker_points) == (3, 0)
    assert result.outcome is Outcome.PLAYER and result.margin == 3
    assert not (result.player_foul or result.banker_foul or result.forfeit)
    # Art. 9 II: each tier is won by the winner's own combination, named in its reason.
    assert [str(r.text) for r in result.reasons[:3]] == [
        "Front tier (1st): the player's pair wins and scores 1 point.",
        "Middle tier (2nd): the player's straight wins and scores 1 point.",
        "Back tier (3rd): the player's full house wins and scores 1 point."]


def test_a_big_combination_scores_big_in_its_tier():
    player = arrangement("2S 3H 5D", "9S 9H 9D 9C 4S", "AS KS QS JS 10S")
    banker = arrangement("AH AD KC", "2H 3D 4C 5S 6H", "7H 7D 7C 8H 8D")
    result = showdown(player, banker)
    points = {r.tier: (r.winner, r.points) for r in result.tiers}
    assert points[Tier.FRONT] == (Outcome.BANKER, 1)
    assert points[Tier.MIDDLE] == (Outcome.PLAYER, 8)  # four of a kind in the middle
    assert points[Tier.BACK] == (Outcome.PLAYER, 5)  # royal flush in the back
    assert (result.player_points, result.banker_points) == (13, 1)


def test_exact_equality_in_a_tier_goes_to_the_banker():
    player = arrangement("2S 3H 5D", "AS KH QD JC 9S", "7S 7H 7D 4C 6S")
    banker = arrangement("2H 3D 6C", "AH KD QC JS 9H", "8S 8H 8D 4D 6D")
    result = showdown(player, banker)
    middle = next(r for r in result.tiers if r.tier is Tier.MIDDLE)
    assert middle.player == middle.banker and middle.winner is Outcome.BANKER
    assert any("exact equality" in str(reason) for reason in result.reasons)
    assert any("Article 10" in str(reason) for reason in result.reasons)
    assert [str(r) for r in result.reasons[:3]] == [
        "Front tier (1st): the banker's high card wins and scores 1 point. [Ordinance 51/89/M "
        "(13-card game), Article 9, item II.10]",  # line 10 of item II: high card
        "Middle tier (2nd): high card equals high card; in exact equality the banker wins the "
        "tier and scores 1 point. [Ordinance 51/89/M (13-card game), Article 10]",
        "Back tier (3rd): the banker's three of a kind wins and scores 1 point. [Ordinance "
        "51/89/M (13-card game), Article 9, item II.7]"]  # line 7: three of a kind


def test_equal_totals_are_a_tie():
    # The player's full house wins the middle for 2; the banker wins front and back for 1 each.
    player = arrangement("2S 3H 5D", "9S 9H 9D 4C 4S", "QS QH QD 6C 6S")
    banker = arrangement("AS AH 8D", "2C 3C 4D 5H 6H", "KS KH KD 7C 7S")
    result = showdown(player, banker)
    assert (result.player_points, result.banker_points) == (2, 2)
    assert result.outcome is Outcome.TIE
    assert any("a tie" in str(reason) for reason in result.reasons)


def test_more_points_wins_even_with_fewer_tiers():
    # Four nines in the middle score 8; the banker's front and straight flush score 1 + 5.
    player = arrangement("2S 3H 5D", "9S 9H 9D 9C 4S", "KS KH KD KC 7S")
    banker = arrangement("AS AH 8D", "QD QC 10S 10C 2D", "3C 4C 5C 6C 7C")
    result = showdown(player, banker)
    assert (result.player_points, result.banker_points) == (8, 6)
    assert result.outcome is Outcome.PLAYER


DRAGON = arrangement("AS 2H 3D", "4C 5S 6H 7D 8C", "9S 10H JD QC KS")
SIX_PAIRS = arrangement("AH AD 2C", "2S 5H 5D 7C 7S", "9H 9D JC JS KH")


PLAIN_VS_DRAGON = arrangement("2D 3S 4S", "6D 6C 7H 8D 9C", "10D 10C JH QH QD")
PLAIN_VS_SIX_PAIRS = arrangement("3C 4D 4H", "6S 6D 8S 8H 10S", "QS QD QH 3H 3S")


def test_a_natural_beats_any_hand_without_one_and_scores_3():
    result = showdown(DRAGON, PLAIN_VS_DRAGON)
    assert result.outcome is Outcome.PLAYER and result.player_natural is Natural.DRAGON
    assert (result.player_points, result.banker_points) == (3, 0)
    assert all("Article 9, item I]" in str(reason) for reason in result.reasons)
    banker_wins = showdown(PLAIN_VS_SIX_PAIRS, SIX_PAIRS)
    assert banker_wins.outcome is Outcome.BANKER and banker_wins.margin == -3


def test_two_naturals_tie_whatever_they_are():
    result = showdown(DRAGON, SIX_PAIRS)
    assert result.outcome is Outcome.TIE
    assert result.player_natural is Natural.DRAGON
    assert result.banker_natural is Natural.SIX_PAIRS_AND_A_HALF


def test_a_natural_counts_only_when_declared_if_the_house_says_so():
    rules = ThirteenRules(natural_declared_automatically=False)
    assert showdown(DRAGON, PLAIN_VS_DRAGON, rules).player_natural is None
    assert showdown(DRAGON, PLAIN_VS_DRAGON, rules,
                    player_declares=True).outcome is Outcome.PLAYER


FOUL = arrangement("AS AH AD", "2S 3H 5D 7C 9S", "KS KH 4D 6C 8S")
GOOD = arrangement("2D 3D 4C", "QS QD 5H 6H 7H", "JS JH JC 10D 10H")


def test_a_fouled_place_loses():
    result = showdown(FOUL, GOOD)
    assert result.outcome is Outcome.BANKER and result.player_foul and result.forfeit
    assert any("Article 7" in str(r) for r in result.reasons)


def test_a_fouled_banker_pays_by_the_full_terms():
    result = showdown(GOOD, FOUL)
    assert result.outcome is Outcome.PLAYER and result.banker_foul
    paid = settle(Decimal("300"), 3, result)
    assert paid.units == 3 and paid.prize == Decimal("150")


def test_both_fouled():
    foul2 = arrangement("KD KC 2C", "3D 4S 6D 8H 10C", "QH QC 5S 7S 9D")
    assert showdown(FOUL, foul2).outcome is Outcome.BANKER
    assert showdown(FOUL, foul2, ThirteenRules(both_foul_is_push=True)).outcome is Outcome.TIE


def test_a_natural_is_judged_before_the_tiers_are_checked_for_a_foul():
    fouled_dragon = arrangement("KD QC JD", "AC 2H 3C 4H 5S", "6D 7D 8C 9H 10S")
    assert showdown(fouled_dragon, GOOD).outcome is Outcome.PLAYER


def test_the_same_card_cannot_be_on_both_sides():
    with pytest.raises(ValueError, match="the player and the banker cannot hold the same card"):
        showdown(GOOD, GOOD)


def test_reasons_are_translated_and_cite_articles():
    result = showdown(PLAYER, BANKER)
    english = [str(r) for r in result.reasons]
    assert any("Article 8" in line for line in english)
    i18n.set_language("pt_MO")
    assert any("artigo 8.º" in str(r) for r in result.reasons)


# Payment -------------------------------------------------------------------------------


def test_the_worked_example_of_hi_13_pay():
    # S = 300 in terms of 3, player wins by 5 → u = 3, prize 150, commission 3.00, net 147.
    player = arrangement("2S 3H 5D", "9S 9H 9D 9C 4S", "AS KS QS JS 10S")
    banker = arrangement("2H 3D 6C", "7H 7D 8H 8D 5C", "AH KH QH JH 6H")
    result = showdown(player, banker)
    assert result.margin >= 5
    paid = settle(Decimal("300"), 3, result)
    assert (paid.units, paid.prize, paid.commission, paid.net) == (
        3, Decimal("150"), Decimal("3.00"), Decimal("147.00"))


@pytest.mark.parametrize(
    ("stake", "terms", "margin", "units", "net", "commission"),
    [
        ("300", 3, 1, 1, "49.00", "1.00"),  # one unit of 100: prize 50
        ("300", 3, 2, 2, "98.00", "2.00"),
        ("200", 2, 3, 2, "98.00", "2.00"),  # the margin is capped by the terms
        ("100", 1, 9, 1, "49.00", "1.00"),
        ("300", 3, -1, 1, "-100", "0"),  # a loss costs units, the rest is returned
        ("300", 3, -5, 3, "-300", "0"),
        ("50", 1, 2, 1, "24.50", "0.50"),
        ("30", 3, 1, 1, "4.90", "0.10"),
        ("10", 1, 1, 1, "4.90", "0.10"),
        ("70", 1, 1, 1, "34.30", "0.70"),
        ("90", 3, 1, 1, "14.70", "0.30"),
    ],
)
def test_payment_by_units(stake, terms, margin, units, net, commission):
    result = _result_with_margin(margin)
    paid = settle(Decimal(stake), terms, result)
    assert paid.units == units
    assert paid.net == Decimal(net)
    assert paid.commission == Decimal(commission)


def test_a_tie_returns_the_stake():
    paid = settle(Decimal("300"), 3, _result_with_margin(0))
    assert paid.outcome is Outcome.TIE and paid.net == 0 and paid.commission == 0


def test_a_natural_settles_three_points():
    result = showdown(DRAGON, PLAIN_VS_DRAGON)
    assert settle(Decimal("300"), 3, result).net == Decimal("147.00")
    assert settle(Decimal("300"), 2, result).units == 2


def test_a_foul_loses_the_whole_stake():
    paid = settle(Decimal("300"), 1, showdown(FOUL, GOOD))
    assert paid.net == Decimal("-300") and paid.units == 1


def test_commission_rounds_half_up_to_the_house_unit():
    rules = HouseRules()
    assert rules.round_commission(Decimal("0.125")) == Decimal("0.13")
    assert rules.round_commission(Decimal("0.124")) == Decimal("0.12")
    paid = settle(Decimal("25"), 1, _result_with_margin(1))  # prize 12.50, 2% = 0.25
    assert paid.commission == Decimal("0.25") and paid.net == Decimal("12.25")
    coarse = HouseRules(commission_unit=Decimal("1"))
    assert settle(Decimal("100"), 1, _result_with_margin(1), coarse).commission == 1


def test_art_11_the_smallest_stake_is_settled():
    # Prize: half of 1 unit of 1 = 0.50; 2% commission = 0.01 (HI-MONEY).
    paid = settle(Decimal("1"), 1, showdown(PLAYER, BANKER))
    assert (paid.prize, paid.commission, paid.net) == (Decimal("0.50"), Decimal("0.01"),
                                                       Decimal("0.49"))


@pytest.mark.parametrize(("stake", "terms", "says"), [
    (Decimal("0"), 1, "a stake is a positive Decimal"),
    (Decimal("-10"), 1, "a stake is a positive Decimal"),
    (Decimal("100"), 4, "a bet is in terms of 1, 2 or 3 points, not 4"),
    (Decimal("100"), 0, "a bet is in terms of 1, 2 or 3 points, not 0"),
    (100, 1, "a stake is a positive Decimal, not 100"),
])
def test_bad_bets_are_refused(stake, terms, says):
    with pytest.raises(ValueError, match=says):
        settle(stake, terms, _result_with_margin(1))


def _result_with_margin(margin):
    """A showdown decided by points with the given margin (settle reads only that)."""
    base = showdown(PLAYER, BANKER)
    outcome = Outcome.PLAYER if margin > 0 else Outcome.BANKER if margin < 0 else Outcome.TIE
    return base.__class__(outcome, max(margin, 0), max(-margin, 0), base.tiers, None, None,
                          False, False, base.reasons)


# Properties ----------------------------------------------------------------------------

deals = st.permutations(DECK).map(lambda cards: (cards[:13], cards[13:26]))


@settings(max_examples=60, deadline=None)
@given(deals, st.sampled_from([Decimal(n) for n in (10, 30, 60, 100, 300, 1000, 2500)]),
       st.sampled_from([1, 2, 3]), st.booleans())
def test_money_is_conserved_and_points_match_the_tiers(deal, stake, terms, set_badly):
    player_cards, banker_cards = deal
    player = best_arrangement(player_cards)
    if set_badly:  # sometimes the player sets his cards in dealing order, often a foul
        player = Arrangement(player_cards[:3], player_cards[3:8], player_cards[8:])
    result = showdown(player, best_arrangement(banker_cards))
    if result.tiers:
        for side, total in ((Outcome.PLAYER, result.player_points),
                            (Outcome.BANKER, result.banker_points)):
            assert total == sum(tier_points(r.player if side is Outcome.PLAYER else r.banker,
                                            r.tier) for r in result.tiers if r.winner is side)
    paid = settle(stake, terms, result)
    assert paid.net + paid.commission + paid.banker_net == 0
    assert -stake <= paid.net <= stake / 2
    assert paid.commission >= 0
    for amount in (paid.net, paid.prize, paid.commission):
        assert amount == amount.quantize(Decimal("0.01"))
    assert (paid.net > 0) == (paid.outcome is Outcome.PLAYER)
    assert (paid.net < 0) == (paid.outcome is Outcome.BANKER)
    if paid.outcome is Outcome.PLAYER:
        assert paid.commission == HouseRules().round_commission(paid.prize * Decimal("0.02"))


def test_the_full_terms_against_a_fouled_banker_cite_hi_foul():
    paid = settle(Decimal("300"), 3, showdown(GOOD, FOUL))
    assert paid.units == 3 and paid.net == Decimal("147.00")
    assert "HI-FOUL" in str(paid.reasons[0]) and "in full" in str(paid.reasons[0])
    lost = settle(Decimal("300"), 3, showdown(FOUL, GOOD))
    assert "HI-13-PAY" in str(lost.reasons[0])
