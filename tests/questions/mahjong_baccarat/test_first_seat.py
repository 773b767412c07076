"""mahjong_baccarat.first_seat: the place the banker's four dice pick (Art. 2.2–2.4)."""

import itertools
from collections import Counter

import pytest

import i18n
from questions import UnreadableAnswer
from tests.questions.mahjong_baccarat.build import generate, question

SKILL = "mahjong_baccarat.first_seat"


def walk(dice, stack=1):
    """Independent of the rules core: the banker counts as 1, then round the ten places."""
    place = 1
    for _ in range(sum(dice) - 1 + stack - 1):
        place = 1 if place == 10 else place + 1
    return place


def asked(dice, stack=1, difficulty=2):
    return question(SKILL, {"dice": list(dice), "stack": stack, "places": 10, "banker": 1},
                    difficulty)


@pytest.mark.parametrize("dice", list(itertools.product(range(1, 7), repeat=4))[::7])
def test_throws_of_four_dice(dice):
    q = asked(dice)
    right = walk(dice)
    assert q.reference_answer() == right and q.grade(right).correct
    for other in set(range(1, 11)) - {right}:
        assert q.grade(other).score == 0.0


@pytest.mark.parametrize("stack", range(1, 11))
def test_later_stacks(stack):
    for dice in [(1, 1, 1, 1), (6, 6, 6, 6), (5, 6, 5, 5), (2, 3, 2, 3)]:
        assert asked(dice, stack, 3).reference_answer() == walk(dice, stack)


def test_worked_example_round_the_table_to_the_banker():
    q = asked((6, 5, 5, 5))  # 21: twice round the ten places, back to the banker
    verdict = q.grade(2)
    assert not verdict.correct and verdict.expected == 1
    assert "Place 1 (banker)" in verdict.summary
    assert "Article 2(3)" in verdict.explanation  # nobody adds or subtracts
    assert "Article 2(2)" in verdict.explanation
    i18n.set_language("pt_MO")
    assert "artigo 2.º" in verdict.explanation


def test_worked_example_of_a_later_stack():
    verdict = asked((2, 3, 2, 3), 10, 3).grade(9)  # total 10: place 10 first, 9 last
    assert verdict.correct and "stack 10 goes to place 9" in verdict.explanation
    # The counterclockwise deal is Art. 2 (3); Art. 2 (4) only has every place dealt.
    assert ("The tiles are dealt counterclockwise from place 10: stack 10 goes to place 9. "
            "[Ordinance 15/96/M (Mahjong Baccarat), Article 2(3)]") in verdict.explanation
    assert ("All ten places are always dealt, two tiles each: one stack of two to each "
            "place. [Ordinance 15/96/M (Mahjong Baccarat), Article 2(4)]") in verdict.explanation


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_every_place_is_an_answer_evenly(difficulty):
    answers = Counter(generate(SKILL, seed, difficulty).reference_answer()
                      for seed in range(1000))
    assert set(answers) == set(range(1, 11))
    assert max(answers.values()) <= 150 and min(answers.values()) >= 60


def test_what_each_difficulty_shows():
    easy, middle = generate(SKILL, 4, 1), generate(SKILL, 4, 2)
    assert f"total {sum(easy.situation.dice)}" in str(easy.prompt)
    assert "total" not in str(middle.prompt)
    assert all(generate(SKILL, s, 3).situation.stack > 1 for s in range(50))
    totals = Counter(sum(generate(SKILL, s, 2).situation.dice) for s in range(1000))
    assert {11, 21, 4, 24} <= set(totals)  # the banker's totals and the extremes


@pytest.mark.parametrize("answer", ["", "x", 0, 11, None, "2.5", "-3"])
def test_unreadable_answers(answer):
    with pytest.raises(UnreadableAnswer, match="Choose one of the places 1 to 10") as caught:
        generate(SKILL, 1, 1).grade(answer)
    assert "1 to 10" in str(caught.value)


def test_a_place_typed_as_text():
    assert asked((1, 1, 1, 1)).grade(" 4 ").correct
