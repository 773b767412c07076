"""three_card: every figure the grading uses is in the text shown with the question.

A payout is graded on both hands, each bet's stake and what it names (a side, points),
and the house's odds and commission (HI-3C-PAY, settings): all of them must be on screen.
Checked over many seeds at every level, under the default table and a house's own.
"""

from decimal import Decimal

import pytest

import questions
from i18n import Money
from trainer.rules.cards import cards_shown
from trainer.rules.house import HouseRules, ThreeCardRules
from trainer.rules.three_card.pay import BetKind

HOUSES = [HouseRules(), HouseRules(three_card=ThreeCardRules(
    commission_rate=Decimal("0.04"), tie_pays=Decimal("25"),
    three_figures_pays=Decimal("30"), banker_points_pays=Decimal("11")))]


def _even_money(table):
    return f"1 to 1 less a commission of {(table.commission_rate * 100).normalize():f} per cent"


ODDS = {
    BetKind.PLAYER: _even_money,
    BetKind.BANKER: _even_money,
    BetKind.TIE: lambda t: f"a tie {t.tie_pays.normalize():f} to 1",
    BetKind.THREE_FIGURES: lambda t: f"three figures {t.three_figures_pays.normalize():f} to 1",
    BetKind.BANKER_POINTS: lambda t: f"the banker's points {t.banker_points_pays.normalize():f}"
                                     " to 1",
}


@pytest.mark.parametrize("rules", HOUSES, ids=["default", "own table"])
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_payout_shows_every_figure_it_is_graded_on(difficulty, rules):
    for seed in range(300):
        question = questions.generate("three_card.payout", seed, difficulty, rules)
        shown = str(question.prompt)
        s = question.situation
        assert cards_shown(s.player) in shown and cards_shown(s.banker) in shown
        for bet in s.bets:
            assert str(Money(bet.stake)) in shown, (seed, bet)
            assert ODDS[bet.kind](rules.three_card) in shown, (seed, shown)
            if bet.points is not None:
                assert f"scoring {bet.points} point" in shown
            if bet.side is not None:
                assert f"three figures in the {bet.side}'s hand" in shown


def test_the_odds_change_with_the_house_table():
    own = str(questions.generate("three_card.payout", 1, 2, HOUSES[1]).prompt)
    assert "a tie 25 to 1" in own and "commission of 4 per cent" in own
    assert "a tie 20 to 1" not in own


@pytest.mark.parametrize("skill", ["three_card.classify", "three_card.order"])
def test_a_ranking_question_shows_every_hand(skill):
    for difficulty in (1, 2, 3):
        for seed in range(100):
            question = questions.generate(skill, seed, difficulty)
            s = question.situation.to_json()  # a hand's keys as stored, for either skill
            hands = [s[k] for k in ("hand", "player", "banker") if k in s]
            hands += list(s.get("hands", {}).values())
            assert hands and all(cards_shown(h) in str(question.prompt) for h in hands)
