"""The points and flags of a tie between two naturals and of a foul showdown (Art. 7, 9 I)."""

from decimal import Decimal

import pytest

from tests.rules.thirteen.test_showdown_and_payment import (
    DRAGON,
    FOUL,
    GOOD,
    PLAIN_VS_DRAGON,
    SIX_PAIRS,
    arrangement,
)
from trainer.rules.house import HouseRules, ThirteenRules
from trainer.rules.thirteen import Natural, Outcome, settle, showdown
from trainer.rules.thirteen.arrangement import foul_tiers
from trainer.rules.thirteen.payment import HI_13_PAY
from trainer.rules.thirteen.showdown import ART_7, ART_9_NATURAL, HI_FOUL

#: A second fouled hand (pair of kings in front, high card behind), disjoint from FOUL.
FOUL_2 = arrangement("KD KC 2C", "3D 4S 6D 8H 10C", "QH QC 5S 7S 9D")
#: A fouled hand (three aces in front, high card in the middle), disjoint from DRAGON.
FOUL_VS_DRAGON = arrangement("AH AD AC", "2S 3C 5H 7H 9C", "KH KC 4D 6S 8D")


def flags(result):
    return (result.outcome, result.player_points, result.banker_points, result.margin,
            result.tiers, result.player_natural, result.banker_natural, result.player_foul,
            result.banker_foul, result.forfeit)


def test_two_naturals_tie_with_no_points_and_no_foul():
    result = showdown(DRAGON, SIX_PAIRS)
    assert flags(result) == (Outcome.TIE, 0, 0, 0, (), Natural.DRAGON,
                             Natural.SIX_PAIRS_AND_A_HALF, False, False, False)
    assert [r.source for r in result.reasons] == [ART_9_NATURAL] * 3
    assert str(result.reasons[-1].text) == "Two naturals tie, whatever they are."


def test_two_naturals_tie_the_other_way_round():
    result = showdown(SIX_PAIRS, DRAGON)
    assert flags(result) == (Outcome.TIE, 0, 0, 0, (), Natural.SIX_PAIRS_AND_A_HALF,
                             Natural.DRAGON, False, False, False)


def test_a_tie_of_naturals_returns_the_stake():
    paid = settle(Decimal("300"), 3, showdown(DRAGON, SIX_PAIRS))
    assert (paid.outcome, paid.units, paid.prize, paid.commission, paid.net,
            paid.banker_net) == (Outcome.TIE, 0, Decimal(0), Decimal(0), Decimal(0), Decimal(0))


def test_one_natural_scores_three_points_against_none():
    result = showdown(DRAGON, PLAIN_VS_DRAGON)
    assert flags(result) == (Outcome.PLAYER, 3, 0, 3, (), Natural.DRAGON, None, False,
                             False, False)


def test_a_natural_is_not_marked_fouled_against_a_fouled_banker():
    assert foul_tiers(FOUL_VS_DRAGON, ThirteenRules())
    result = showdown(DRAGON, FOUL_VS_DRAGON)
    assert flags(result) == (Outcome.PLAYER, 3, 0, 3, (), Natural.DRAGON, None, False,
                             False, False)


def test_a_fouled_place_scores_nothing_and_forfeits():
    result = showdown(FOUL, GOOD)
    assert flags(result) == (Outcome.BANKER, 0, 0, 0, (), None, None, True, False, True)
    assert [r.source for r in result.reasons] == [ART_7]


def test_a_fouled_banker_scores_nothing_and_forfeits():
    result = showdown(GOOD, FOUL)
    assert flags(result) == (Outcome.PLAYER, 0, 0, 0, (), None, None, False, True, True)
    assert [r.source for r in result.reasons] == [ART_7, HI_FOUL]


@pytest.mark.parametrize(("rules", "outcome", "net"), [
    (ThirteenRules(), Outcome.BANKER, Decimal("-300")),
    (ThirteenRules(both_foul_is_push=True), Outcome.TIE, Decimal(0))])
def test_both_fouled_flags_and_settlement(rules, outcome, net):
    result = showdown(FOUL, FOUL_2, rules)
    assert flags(result) == (outcome, 0, 0, 0, (), None, None, True, True, True)
    assert [r.source for r in result.reasons] == [ART_7, ART_7, HI_FOUL]
    assert settle(Decimal("300"), 3, result, HouseRules(thirteen=rules)).net == net


@pytest.mark.parametrize("terms", [1, 2, 3])
def test_a_foul_settles_the_full_terms_whatever_the_points(terms):
    lost = settle(Decimal("300"), terms, showdown(FOUL, GOOD))
    assert (lost.units, lost.net, lost.commission) == (terms, Decimal("-300"), Decimal(0))
    won = settle(Decimal("300"), terms, showdown(GOOD, FOUL))
    assert (won.units, won.prize, won.commission, won.net) == (
        terms, Decimal("150.00"), Decimal("3.00"), Decimal("147.00"))


def test_hi_foul_is_cited_for_the_full_terms_only_when_the_banker_alone_fouled():
    both = settle(Decimal("300"), 3, showdown(FOUL, FOUL_2))
    assert [r.source for r in both.reasons] == [HI_13_PAY, HI_13_PAY]
    banker = settle(Decimal("300"), 3, showdown(GOOD, FOUL))
    assert banker.reasons[0].source == HI_FOUL


def test_art_11_the_winner_is_paid_half_less_the_houses_commission():
    won = settle(Decimal("300"), 3, showdown(GOOD, FOUL))
    assert str(won.reasons[-1]) == (
        "The winner is paid half: MOP$150.00, less the House's commission of MOP$3.00, nets "
        "MOP$147.00. [Ordinance 51/89/M (13-card game), Article 11]")
