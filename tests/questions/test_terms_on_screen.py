"""Every figure a question's answer depends on is on screen when it is asked: the house's
Mah-Jong amounts, and commission rates that are settings."""

from dataclasses import replace
from decimal import Decimal

import pytest

import questions
from trainer.rules.house import HouseRules, MahjongRules, ThirteenRules


@pytest.mark.parametrize("skill", ["mahjong.payments", "mahjong.liability"])
def test_mahjong_payments_show_the_house_amounts(skill):
    rules = HouseRules(mahjong=MahjongRules(kai_vu_amount=Decimal("15"),
                                            one_fan_amount=Decimal("30"),
                                            double_fan_amount=Decimal("60")))
    for seed in range(20):
        prompt = str(questions.generate(skill, seed, 2, rules).prompt)
        assert ("The house's amounts: kai vu MOP$15.00, 1 fán MOP$30.00, double fán MOP$60.00."
                in prompt), prompt
        # The default amounts are never said as the house's (a capital in play of MOP$10.00,
        # a figure of the situation, may be).
        for default in ("kai vu MOP$10.00", "1 fán MOP$20.00", "double fán MOP$40.00"):
            assert default not in prompt, prompt


def test_a_commission_that_is_a_setting_is_said():
    default = questions.generate("thirteen.payout", 4, 2)
    assert "The house takes a commission of 2 per cent on every amount won." in str(
        default.prompt)
    rules = replace(HouseRules(), thirteen=ThirteenRules(commission_rate=Decimal("0.025")))
    assert "commission of 2.5 per cent" in str(questions.generate("thirteen.payout", 4, 2,
                                                                   rules).prompt)
    for skill in ("mahjong_baccarat.payout", "mahjong_baccarat.settlement",
                  "mahjong_baccarat.bank"):
        assert "commission of 5 per cent" in str(questions.generate(skill, 1, 2).prompt)
    assert "a tie 20 to 1" in str(questions.generate("three_card.payout", 1, 2).prompt)
