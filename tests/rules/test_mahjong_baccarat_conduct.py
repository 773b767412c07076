"""Mahjong Baccarat (Portaria 15/96/M): conduct at the table — places and holders (Art. 3),
the banker's capital (Art. 5 (3)), co-bankers (Art. 5 (5)), opening the tiles (Art. 5 (6))."""

from decimal import Decimal

import pytest

from trainer.rules.mahjong_baccarat import (
    ART_3_1,
    ART_3_2,
    ART_3_3,
    ART_5_3,
    ART_5_5,
    ART_5_6,
    Conduct,
    Decision,
    rule_on_conduct,
    tiles_holder,
)

D = Decimal


@pytest.mark.parametrize(("conduct", "decision", "points"), [
    (Conduct.ELEVENTH_PLACE, Decision.REFUSE, [ART_3_1]),  # ten places, the banker's incl.
    (Conduct.BETS_ON_SEVERAL_PLACES, Decision.ALLOW, [ART_3_2]),
    (Conduct.SHARED_PLACE, Decision.ALLOW, [ART_3_2]),
    (Conduct.SECOND_HOLDER, Decision.REFUSE, [ART_3_2, ART_3_3]),  # one holder, the highest
    (Conduct.TILES_OFF_TABLE, Decision.REFUSE, [ART_3_3]),
    (Conduct.CAPITAL_NOT_ON_TABLE, Decision.REFUSE, [ART_5_3]),  # capital in chips
    (Conduct.DICE_BEFORE_ANNOUNCING, Decision.REFUSE, [ART_5_3]),  # announced before dice
    (Conduct.COBANKER_BETS, Decision.REFUSE, [ART_5_5]),
    (Conduct.CASINO_JOINS, Decision.ALLOW, [ART_5_5]),
    (Conduct.BANKER_OPENS_EARLY, Decision.REFUSE, [ART_5_6]),  # players look first
    (Conduct.PLAYER_OPENS, Decision.REFUSE, [ART_5_6]),  # the croupier opens them
    (Conduct.BANKER_OPENS, Decision.ALLOW, [ART_5_6]),
])
def test_rulings_name_every_point(conduct, decision, points):
    ruling = rule_on_conduct(conduct)
    assert ruling.decision is decision
    assert [reason.source for reason in ruling.reasons] == points


@pytest.mark.parametrize(("conduct", "cited"), [
    (Conduct.ELEVENTH_PLACE, "Article 3(1)"), (Conduct.SHARED_PLACE, "Article 3(2)"),
    (Conduct.TILES_OFF_TABLE, "Article 3(3)"), (Conduct.PLAYER_OPENS, "Article 5(6)")])
def test_rulings_cite_the_points_as_portaria_15_96_m_numbers_them(conduct, cited):
    assert cited in str(rule_on_conduct(conduct).reasons[0])


def test_every_conduct_has_a_ruling():
    for conduct in Conduct:
        assert rule_on_conduct(conduct).reasons


def test_the_highest_bettor_holds_the_tiles():
    assert tiles_holder((D(300), D(500))).bettor == 1
    assert tiles_holder((D(500), D(300), D(100))).bettor == 0
    holder = tiles_holder((D(10), D(20)))
    assert [r.source for r in holder.reasons] == [ART_3_2, ART_3_3]
    assert "MOP$20.00, holds its tiles" in str(holder.reasons[0])


def test_no_holder_between_equal_bets_or_a_lone_bettor():
    with pytest.raises(ValueError, match="equal highest bets"):
        tiles_holder((D(300), D(300)))
    with pytest.raises(ValueError, match="at least two players"):
        tiles_holder((D(300),))


def test_art_3_2_any_bet_however_small_counts_but_none_is_not_a_bet():
    assert tiles_holder((D(1), D(2))).bettor == 1
    with pytest.raises(ValueError, match="at least two players with a bet on the place"):
        tiles_holder((D(0), D(300)))
