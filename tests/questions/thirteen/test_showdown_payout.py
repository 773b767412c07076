"""The showdown's points (Art. 7–10, 9 I) and the payment (Art. 11, HI-13-PAY)."""

from collections import Counter
from decimal import Decimal

import pytest

import i18n
from questions.model import Question, UnreadableAnswer
from questions.thirteen.payout import Payout
from questions.thirteen.showdown import FOUL_BANKER, FOUL_PLAYER, FOULS, ShowdownPoints
from questions.thirteen.situations import Bet, BetShowdown, Points, SetHand, ShowdownChoices
from trainer.rules.house import HouseRules, ThirteenRules

SHOWDOWN, PAYOUT = ShowdownPoints(), Payout()
SEEDS = range(1000)


def tiers(front, middle, back):
    return SetHand(front, middle, back)


# The worked example of HI-13-PAY: the player's fours and royal flush beat the banker's
# front, full house and flush; 8 + 5 points to 1.
WORKED_PLAYER = tiers("2S 3H 5D", "9S 9H 9D 9C 4S", "AS KS QS JS 10S")
WORKED_BANKER = tiers("2H 3D 6C", "7H 7D 8H 8D 5C", "AH KH QH JH 6H")
FOULED = tiers("AS AH AD", "2S 3H 5D 7C 9S", "KS KH 4D 6C 8S")
GOOD = tiers("2D 3D 4C", "QS QD 5H 6H 7H", "JS JH JC 10D 10H")
DRAGON = tiers("AS 2H 3D", "4C 5S 6H 7D 8C", "9S 10H JD QC KS")
PLAIN = tiers("2D 3S 4S", "6D 6C 7H 8D 9C", "10D 10C JH QH QD")
TIED = (tiers("2S 3H 5D", "AS KH QD JC 9S", "7S 7H 7D 4C 6S"),
        tiers("2H 3D 6C", "AH KD QC JS 9H", "8S 8H 8D 4D 6D"))


def table(player, banker, choices=None, **more):
    """The showdown of place 3 against the banker: the results offered (``choices``), or
    a bet to settle (``bets``, ``points``, ``tier_points``)."""
    hands = {"1": banker, "3": player}
    if choices is not None:
        return ShowdownChoices(4, 1, 3, hands, tuple(choices))
    return BetShowdown(4, 1, 3, hands, **more)


def posed(skill, situation, level, rules=None):
    return Question(skill.id, 0, level, situation, skill.prompt(situation, level),
                    skill.form(situation), rules or HouseRules())


def points_question(player, banker, choices, level=2):
    return posed(SHOWDOWN, table(player, banker, choices=choices), level)


# The showdown --------------------------------------------------------------------------


def test_the_worked_showdown():
    question = points_question(WORKED_PLAYER, WORKED_BANKER, [10, 11, 12, 13, 14])
    verdict = SHOWDOWN.grade(question, "+12")
    assert verdict.correct and verdict.expected == 12
    assert "scores 8" in verdict.explanation and "scores 5" in verdict.explanation
    assert "Points: the player 13, the banker 1; the player wins." in verdict.explanation
    assert "Article 8" in verdict.explanation
    assert not SHOWDOWN.grade(question, 13).correct


def test_an_equal_tier_is_the_banker_s():
    question = points_question(*TIED, [-3, -1, 0, 1, 3])
    verdict = SHOWDOWN.grade(question, "−3")  # a typed minus sign
    assert verdict.correct and "Article 10" in verdict.explanation


def test_a_natural_counts_3_and_a_foul_decides_at_level_3():
    natural = points_question(DRAGON, PLAIN, [-3, 0, 3, *FOULS], level=3)
    assert SHOWDOWN.grade(natural, 3).correct
    assert "Article 9, item I" in SHOWDOWN.grade(natural, 3).explanation
    fouled = points_question(FOULED, GOOD, [-2, -1, 0, 1, 2, *FOULS], level=3)
    verdict = SHOWDOWN.grade(fouled, FOUL_PLAYER)
    assert verdict.correct and "Article 7" in verdict.explanation
    assert SHOWDOWN.grade(points_question(GOOD, FOULED, [0, *FOULS], 3), FOUL_BANKER).correct


def test_a_fouled_dragon_is_still_a_natural():
    dragon = tiers("KD QC JD", "AC 2H 3C 4H 5S", "6D 7D 8C 9H 10S")
    assert SHOWDOWN.grade(points_question(dragon, GOOD, [3, *FOULS], 3), "3").correct


@pytest.mark.parametrize("answer", ["", "x", "7", None, "3.5"])
def test_unreadable_margins(answer):
    with pytest.raises(UnreadableAnswer, match=r"one of the options.*-3, -1, 0, 1, 3\."):
        SHOWDOWN.grade(points_question(*TIED, [-3, -1, 0, 1, 3]), answer)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_margins_are_spread(level):
    answers = Counter()
    for seed in SEEDS:
        question = SHOWDOWN.generate(seed, level, HouseRules())
        answer = SHOWDOWN.solve(question).answer
        assert answer in question.situation.choices
        answers[answer] += 1
    assert max(answers.values()) < 0.3 * len(SEEDS)
    signs = Counter((a > 0) - (a < 0) for a in answers.elements() if isinstance(a, int))
    assert signs[1] > 0.3 * signs.total() and signs[-1] > 0.3 * signs.total()
    if level == 3:
        assert all(answers[foul] > 0.05 * len(SEEDS) for foul in FOULS)
        assert answers[3] > 0.05 * len(SEEDS) and answers[-3] > 0.05 * len(SEEDS)


# The payment ---------------------------------------------------------------------------


def bet(player, banker, stake, terms, level=3, rules=None):
    situation = table(player, banker, bets=(Bet(3, Decimal(stake), terms),))
    return posed(PAYOUT, situation, level, rules)


def test_the_worked_example_of_hi_13_pay():
    # S = 300 in terms of 3, the player wins by 5 or more: prize 150, commission 3.00.
    question = bet(WORKED_PLAYER, WORKED_BANKER, "300", 3)
    verdict = PAYOUT.grade(question, "147")
    assert verdict.correct and verdict.expected == Decimal("147.00")
    for typed in ("147.00", "MOP$147.00", " 147 ", Decimal("147")):
        assert PAYOUT.grade(question, typed).correct
    assert "Article 11" in verdict.explanation and "HI-13-PAY" in verdict.explanation
    assert not PAYOUT.grade(question, "150").correct  # the commission forgotten
    assert not PAYOUT.grade(question, "-147").correct


def test_losses_ties_fouls_and_naturals():
    assert PAYOUT.grade(bet(WORKED_BANKER, WORKED_PLAYER, "300", 3), "-300").correct
    assert PAYOUT.grade(bet(WORKED_BANKER, WORKED_PLAYER, "300", 2), "−300").correct
    assert PAYOUT.grade(bet(*TIED, "300", 3), "-300").correct  # 0 to 3: three units lost
    assert PAYOUT.grade(bet(FOULED, GOOD, "300", 1), "-300").correct
    assert PAYOUT.grade(bet(GOOD, FOULED, "300", 3), "147").correct  # the full terms
    assert PAYOUT.grade(bet(DRAGON, PLAIN, "200", 2), "98").correct  # 3 points, 2 terms
    assert PAYOUT.grade(bet(DRAGON, DRAGON_TOO, "200", 2), "0").correct


DRAGON_TOO = tiers("AC 2C 3C", "4D 5D 6D 7C 8D", "9D 10D JS QS KD")


def test_a_commission_with_cents():
    # 270 in terms of 3 is three units of 90; a win by 1 pays 45 less 0.90.
    question = bet(*_won_by_one(), "270", 3)
    assert PAYOUT.grade(question, "44.10").correct
    assert not PAYOUT.grade(question, "44").correct


def _won_by_one():
    # The player takes the front and the back, the banker the middle: 2 points to 1.
    player = tiers("AS 8H 3D", "9S 9H 4D 6C 7S", "KS KH KD 4C 6S")
    banker = tiers("2S 3H 5D", "10S 10H 4S 6D 7D", "QS QH QD 4H 6H")
    return player, banker


def test_the_prompt_gives_what_the_level_says():
    situation = table(WORKED_PLAYER, WORKED_BANKER, bets=(Bet(3, Decimal(300), 1),),
                      points=Points(13, 1))
    text = str(PAYOUT.prompt(situation, 1))
    assert "13 points" in text and "MOP$300.00" in text
    assert "minus sign" in str(PAYOUT.how_to_answer(situation, 1))  # said after the prompt
    assert ("bet MOP$300.00 in terms of 1 point. The player scores 13 points, the banker "
            "1 point.") in text
    generated = PAYOUT.generate(5, 2, HouseRules())
    assert "Front tier (1st)" in str(generated.prompt)
    i18n.set_language("pt_MO")
    assert "300,00" in str(PAYOUT.prompt(situation, 1))


def test_a_house_commission_of_5_percent():
    rules = HouseRules(thirteen=ThirteenRules(commission_rate=Decimal("0.05")))
    assert PAYOUT.grade(bet(WORKED_PLAYER, WORKED_BANKER, "300", 3, rules=rules),
                        "142.50").correct


@pytest.mark.parametrize(("answer", "says"), [
    ("", "Type an amount"), ("abc", "“abc” is not an amount"),
    ("1.234", "at most 2 decimal places"), ("12,5,5", "Thousands separators go every three"),
    (None, "Type an amount"),
])
def test_unreadable_amounts(answer, says):
    with pytest.raises(UnreadableAnswer, match=says):
        PAYOUT.grade(bet(WORKED_PLAYER, WORKED_BANKER, "300", 3), answer)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_payments_are_spread(level):
    nets, units_capped, cents = Counter(), 0, 0
    for seed in SEEDS:
        question = PAYOUT.generate(seed, level, HouseRules())
        net = PAYOUT.solve(question).answer
        nets[(net > 0) - (net < 0)] += 1
        cents += net != net.to_integral_value()
        terms = question.situation.bets[0].terms
        if level == 1:
            assert terms == 1 and question.situation.points is not None
        verdict_text = PAYOUT.grade(question, net).explanation
        in_terms = f"in terms of {terms} point{'s' if terms > 1 else ''}"
        units_capped += f"{in_terms} settles {terms} unit" in verdict_text and (
            "margin is" in verdict_text and f"margin is {terms} " not in verdict_text)
    assert nets[1] > 0.3 * len(SEEDS) and nets[-1] > 0.3 * len(SEEDS)
    assert nets[0] < 0.15 * len(SEEDS)
    assert units_capped > 0.1 * len(SEEDS)
    if level == 3:
        assert cents > 0.2 * len(SEEDS)


def test_the_special_cases_are_dealt():
    seen = Counter()
    for seed in range(500):
        text = " ".join(str(r) for r in SHOWDOWN.solve(
            SHOWDOWN.generate(seed, 2, HouseRules())).reasons)
        seen["equal tier"] += "exact equality" in text
        for level in (3,):
            question = PAYOUT.generate(seed, level, HouseRules())
            text = PAYOUT.grade(question, PAYOUT.solve(question).answer).explanation
            seen["foul"] += "A foul settles the bet in full" in text
            seen["natural"] += "has a natural" in text
            seen["two naturals"] += "Two naturals tie" in text
    assert seen["equal tier"] > 0.15 * 500
    assert all(seen[case] > 20 for case in ("foul", "natural", "two naturals")), seen
