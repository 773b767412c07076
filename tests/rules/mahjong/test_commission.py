"""The house's commission on a Mah-Jong win (Portaria 135/91/M, Art. 8): its table is not in
our files, so the house sets a rate (default none) on what the winner receives."""

from decimal import Decimal

import pytest

from trainer.rules.house import HouseRules, MahjongRules
from trainer.rules.mahjong.play.payments import commission
from trainer.rules.regulations import Article, Regulation

D = Decimal
ART_8 = Article(Regulation.MAHJONG, 8)


def test_by_default_the_house_takes_no_commission():
    taken = commission(D(240))
    assert taken.amount == 0 and taken.reason.source == ART_8
    assert "no commission" in str(taken.reason.text)


def test_a_house_rate_is_taken_of_what_the_winner_receives_rounded_to_its_unit():
    rules = HouseRules(mahjong=MahjongRules(commission_rate=D("0.05")))
    taken = commission(D(130), rules)
    assert taken.amount == rules.round_commission(D("6.5"))
    assert taken.reason.source == ART_8 and "5 per cent" in str(taken.reason.text)


def test_nothing_is_taken_from_nothing_and_a_loss_is_no_win():
    rules = HouseRules(mahjong=MahjongRules(commission_rate=D("0.05")))
    assert commission(D(0), rules).amount == 0
    with pytest.raises(ValueError, match="receives"):
        commission(D(-10), rules)
