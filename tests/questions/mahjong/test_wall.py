"""Mah-Jong wall questions (Portaria 135/91/M, Art. 3; HI-WALL, HI-DEAL)."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import questions
from questions import Question, UnreadableAnswer
from questions.mahjong.situation import WallBroken

SKILL = "mahjong.wall"
SEATS = "ESWN"
#: Walls in the order the deal runs along them (each next one to the left).
WALLS = "ENWS"
STACKS = {"conventional": 17, "simplified": 14}


def reference_deal(total, variant):
    """Independent of the rules core: walk the wall stack by stack from the break.

    Returns {seat: [(wall, stack, layer), ...]} in the order each seat takes its tiles.
    """
    stacks = STACKS[variant]
    wall = SEATS[(total - 1) % 4]
    ring = [(w, n, layer) for w in WALLS for n in range(1, stacks + 1)
            for layer in ("top", "bottom")]
    start = (WALLS.index(wall) * stacks + total) * 2  # 'total' stacks set apart
    ahead = [ring[(start + i) % len(ring)] for i in range(60)]
    hands = {seat: [] for seat in SEATS}
    rounds, size = (3, 4) if variant == "conventional" else (2, 2)
    taken = 0
    for _ in range(rounds):
        for seat in SEATS:
            hands[seat] += ahead[taken:taken + size]
            taken += size
    if variant == "conventional":  # the jump
        hands["E"] += [ahead[taken], ahead[taken + 4]]
        for offset, seat in ((1, "S"), (2, "W"), (3, "N")):
            hands[seat].append(ahead[taken + offset])
    else:
        hands["E"].append(ahead[taken])
    return hands


def reference(s):
    """Independent of the rules core, from the situation's JSON (``s``: as stored)."""
    total, variant = sum(s["dice"]), s["variant"]
    ask = s["ask"]
    if ask == "wall":
        return SEATS[(total - 1) % 4]
    if ask == "first_stack":
        return total + 1
    if ask == "left":
        return STACKS[variant] - total
    hands = reference_deal(total, variant)
    if ask == "owner":
        spot = (s["wall"], s["stack"], s["layer"])
        return next(seat for seat, spots in hands.items() if spot in spots)
    return hands[s["seat"]][s["tile"] - 1][0]


def with_situation(difficulty, **situation):
    situation = WallBroken.from_json({"banker": "E", **situation})
    skill = questions.skill(SKILL)
    return Question(SKILL, 1, difficulty, situation, skill.prompt(situation, difficulty),
                    skill.form(situation))


def test_registered():
    assert SKILL in questions.skills("mahjong")


def test_the_examples_of_article_3():
    # Conventional, 13: East's own wall; 13 stacks apart, 4 left, the banker takes the 14th.
    wall = with_situation(1, variant="conventional", dice=[6, 4, 3], ask="wall")
    assert wall.reference_answer() == "E" and wall.grade("E").correct
    verdict = wall.grade("W")
    assert not verdict.correct and "Article 3, item a" in verdict.explanation
    left = with_situation(2, variant="conventional", dice=[6, 4, 3], ask="left")
    assert left.reference_answer() == 4 and left.grade("4").correct
    first = with_situation(2, variant="conventional", dice=[6, 4, 3], ask="first_stack")
    assert first.reference_answer() == 14
    # Simplified, 9: 9 of 14 stacks apart, 5 left.
    left = with_situation(2, variant="simplified", dice=[4, 5], ask="left")
    assert left.reference_answer() == 5
    assert "Article 3, item b" in left.grade(3).explanation


def test_the_count_runs_on_into_the_next_wall():
    # 18 picks South's wall; its 17 stacks and one more are set apart: East's wall, stack 2.
    question = with_situation(3, variant="conventional", dice=[6, 6, 6], ask="source",
                              seat="E", tile=1)
    assert question.reference_answer() == "E"
    verdict = question.grade("S")
    assert "HI-WALL" in verdict.explanation and "stack 2" in verdict.explanation


def test_the_banker_jump():
    # 13: the deal starts at East's stack 14; 24 stacks later (East's 4, North's 17, West's
    # first 3) come the jump stacks, West's 4 to 6.
    expected = {(4, "top"): "E", (4, "bottom"): "S", (5, "top"): "W", (5, "bottom"): "N",
                (6, "top"): "E"}
    for (stack, layer), seat in expected.items():
        question = with_situation(3, variant="conventional", dice=[6, 4, 3], ask="owner",
                                  wall="W", stack=stack, layer=layer)
        assert question.reference_answer() == seat
    assert "HI-DEAL" in question.grade("E").explanation


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_thousand_seeds(difficulty):
    answers, asks = Counter(), Counter()
    for seed in range(1000):
        question = questions.generate(SKILL, seed, difficulty)
        assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
        right = question.reference_answer()
        assert right == reference(question.situation.to_json())
        assert question.grade(right).score == 1.0
        wrong = next(o.value for o in question.form.options if o.value != right)
        assert question.grade(wrong).score == 0.0
        answers[right] += 1
        asks[question.situation.ask, question.situation.variant] += 1
    assert max(answers.values()) <= 300
    if difficulty != 2:
        assert set(answers) == set(SEATS)  # every wall or seat is an answer
    assert len(asks) == {1: 2, 2: 4, 3: 4}[difficulty]


def test_level_3_asks_about_the_run_on_and_the_jump():
    over = jump = 0
    for seed in range(1000):
        s = questions.generate(SKILL, seed, 3).situation.to_json()
        if s["variant"] == "conventional" and sum(s["dice"]) >= 17:
            over += 1
        hands = reference_deal(sum(s["dice"]), s["variant"])
        if s["ask"] == "source" and s["tile"] >= len(hands[s["seat"]]) - 1 and (
                s["variant"] == "conventional"):
            jump += 1
    assert over >= 100 and jump >= 60


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["conventional", "simplified"]), st.data())
def test_every_tile_of_every_deal(variant, data):
    dice = data.draw(st.lists(st.integers(1, 6), min_size=3 if variant == "conventional" else 2,
                              max_size=3 if variant == "conventional" else 2))
    hands = reference_deal(sum(dice), variant)
    seat = data.draw(st.sampled_from(SEATS))
    tile = data.draw(st.integers(1, len(hands[seat])))
    source = with_situation(3, variant=variant, dice=dice, ask="source", seat=seat, tile=tile)
    assert source.reference_answer() == hands[seat][tile - 1][0]
    wall, stack, layer = hands[seat][tile - 1]
    owner = with_situation(3, variant=variant, dice=dice, ask="owner", wall=wall, stack=stack,
                           layer=layer)
    assert owner.reference_answer() == seat


@pytest.mark.parametrize("answer", ["", "X", None, "Northeast", 5])
def test_unreadable_seats(answer):
    question = questions.generate(SKILL, 2, 1)
    with pytest.raises(UnreadableAnswer, match="E, S, W, N") as caught:
        question.grade(answer)
    assert "E, S, W, N" in str(caught.value)


def test_unreadable_stack_numbers():
    question = with_situation(2, variant="simplified", dice=[4, 5], ask="left")
    with pytest.raises(UnreadableAnswer, match="“15” is not one of the options"):
        question.grade("15")
    assert question.grade(" 5 ").correct
