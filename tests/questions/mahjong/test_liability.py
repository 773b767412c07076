"""Mah-Jong false wins and liability questions (Portaria 135/91/M, Art. 10)."""

import json
from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import questions
from questions import Question, UnreadableAnswer
from questions.mahjong.rulings.liability import LEVELS, RECIPES
from questions.mahjong.situation import WinContested
from trainer.rules.mahjong import Variant, is_winning, parse_tiles

SKILL = "mahjong.liability"
D = Decimal
LIABLE = set(LEVELS[2][0]) | set(LEVELS[3][0])
#: The article items each recipe must be decided by (the issue: every case appears).
DECIDED_BY = {
    "a1": "a(1)", "a1_four": "a(1)", "a2": "a(2)", "a3": "a(3)", "a3_winds": "a(3)",
    "a4": "a(4)", "a5": "a(5)", "a6": "a(6)", "a6_honour": "a(6)", "b1": "b(1)",
    "b2": "b(2)", "a9_terminals": "a(9)", "a9_honours": "a(9)", "a10_set": "a(10)",
    "a10_dragons": "a(10)", "b4": "b(4)",
}


def false_win_reference(s):
    """Art. 10 (a)(8), (b)(3), without the rules core (``s``: the situation's JSON)."""
    declarer, asked = s["declarer"], s["asked"]
    if s["variant"] == "simplified":  # each other player present (Art. 3 (b))
        each = {seat: D(20) for seat in s.get("players", "ESWN") if seat != declarer}
    elif declarer == "E":
        each = {seat: D(40) for seat in "SWN"}
    else:
        each = {seat: D(40) if seat == "E" else D(20) for seat in "ESWN" if seat != declarer}
    return sum(each.values()) if asked == "total" else each[asked]


def with_situation(difficulty, **situation):
    situation = WinContested.from_json({"banker": "E", **situation})
    skill = questions.skill(SKILL)
    return Question(SKILL, 1, difficulty, situation, skill.prompt(situation, difficulty),
                    skill.form(situation))


def fed(concealed, discard, melds=(), variant="conventional", asked="who", **facts):
    situation = {"variant": variant, "case": "hand-made", "winner": "S", "discarder": "N",
                 "round_wind": "E", "hands": {"S": {"concealed": concealed,
                                                    "melds": list(melds)}},
                 "discard": discard, "on_view": "", "kept": "", "waiting": False,
                 "broke": False, "fourth_set": False, "asked": asked, **facts}
    return with_situation(3, **situation)


def test_registered():
    assert SKILL in questions.skills("mahjong")


@pytest.mark.parametrize(("variant", "declarer", "asked", "expected"), [
    ("conventional", "E", "total", 120), ("conventional", "E", "W", 40),
    ("conventional", "W", "total", 80), ("conventional", "W", "E", 40),
    ("conventional", "W", "N", 20), ("simplified", "E", "total", 60),
    ("simplified", "S", "E", 20),
])
def test_false_wins(variant, declarer, asked, expected):
    tiles = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5s 6s" if variant == "conventional" else (
        "1m 2m 3m 5s 6s")
    question = with_situation(1, variant=variant, case="nulo", declarer=declarer,
                              asked=asked, hands={declarer: {"concealed": tiles, "melds": []}})
    assert question.reference_answer() == D(expected)
    assert question.grade(str(expected)).correct
    verdict = question.grade(expected + 20)
    assert not verdict.correct
    assert "Article 10, item " + ("a" if variant == "conventional" else "b") in (
        verdict.explanation)
    assert "«nulo»" in verdict.explanation and "Article 4" in verdict.explanation


def test_article_10_a1_by_hand():
    question = fed("6s 6s 7s 8s", "9s", ("1s 1s 1s", "2s 3s 4s", "5s 5s 5s"))
    assert question.reference_answer() == "discarder"
    verdict = question.grade("each")
    assert not verdict.correct and "Article 10, item a(1)" in verdict.explanation
    # The amount: a double-fán hand, the banker's share doubled: 80 + 40 + 40.
    amount = fed("6s 6s 7s 8s", "9s", ("1s 1s 1s", "2s 3s 4s", "5s 5s 5s"), asked="amount")
    assert amount.reference_answer() == D(160)
    assert "double fán" in str(amount.prompt)


def test_article_10_a5_and_the_simplified_form_differ():
    conventional = fed("2m 3m 4m 6p 7p 8p 5m 1s 2s 3s 9p 9p 9p", "5m", kept="5m 5m")
    assert conventional.reference_answer() == "discarder"
    simplified = fed("1p 2p 3p 7s", "7s", variant="simplified", kept="7s 7s")
    assert simplified.reference_answer() == "each"
    assert "not waiting" in simplified.grade("each").explanation
    simplified = fed("1p 2p 3p 7s", "7s", variant="simplified", kept="7s 7s", waiting=True)
    assert simplified.reference_answer() == "discarder"
    assert "Article 10, item b(2)" in simplified.grade("each").explanation


def test_article_10_a10_and_b4_by_hand():
    question = fed("2m 3m 4m 6p 7p 8p W 1s 2s 3s 9p 9p 9p", "W", kept="W W")
    verdict = question.grade("discarder")
    assert not verdict.correct and "item a(10)" in verdict.explanation
    assert "HI-MJ-SEEN" in verdict.explanation
    question = fed("1p 2p 3p F", "F", variant="simplified", kept="F F", waiting=True)
    assert question.reference_answer() == "each"
    assert "item b(4)" in question.grade("each").explanation


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_thousand_seeds(difficulty):
    answers, cases = Counter(), Counter()
    for seed in range(1000):
        question = questions.generate(SKILL, seed, difficulty)
        assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
        s = question.situation.to_json()
        right = question.reference_answer()
        assert question.grade(right).score == 1.0
        if question.form.options:
            wrong = next(o.value for o in question.form.options if o.value != right)
        else:
            wrong = right + 10
        assert question.grade(wrong).score == 0.0
        answers[right] += 1
        cases[s["case"]] += 1
        if difficulty == 1:
            assert right == false_win_reference(s)
            tiles = parse_tiles(s["hands"][s["declarer"]]["concealed"])
            assert not is_winning(tiles, (), Variant(s["variant"]))
        elif right in ("discarder", "each"):
            assert (right == "discarder") == (s["case"] in LIABLE)
    assert max(answers.values()) <= 400
    if difficulty > 1:
        assert set(cases) == set(LEVELS[difficulty][0] + LEVELS[difficulty][1])
        assert abs(answers["discarder"] - answers["each"]) <= 100


def test_every_case_of_article_10_appears_and_decides():
    decided = Counter()
    for difficulty in (2, 3):
        for seed in range(1000):
            question = questions.generate(SKILL, seed, difficulty)
            case = question.situation.case
            if case in DECIDED_BY:
                verdict = question.grade(question.reference_answer())
                assert f"item {DECIDED_BY[case]}]" in verdict.explanation, case
                decided[DECIDED_BY[case]] += 1
    assert set(decided) == set(DECIDED_BY.values())
    assert min(decided.values()) >= 30


def test_every_recipe_is_used():
    assert set(RECIPES) == set(LEVELS[2][0] + LEVELS[2][1] + LEVELS[3][0] + LEVELS[3][1])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 3]))
def test_any_seed_builds_its_case_on_purpose(seed, difficulty):
    question = questions.generate(SKILL, seed, difficulty)
    s = question.situation.to_json()
    liable = s["case"] in LIABLE
    if s["asked"] == "who":
        assert question.reference_answer() == ("discarder" if liable else "each")
    won_with = s["winning_tile"] if s["fourth_set"] else s["discard"]  # the pung holds it
    tiles = [t for part in (s["hands"][s["winner"]]["concealed"], won_with, s["on_view"],
                            s["kept"], *s["hands"][s["winner"]]["melds"])
             for t in parse_tiles(part)]
    assert max(Counter(tiles).values()) <= 4  # never a fifth tile


@pytest.mark.parametrize("answer", ["", "nobody", None, 3])
def test_unreadable_choices(answer):
    question = fed("6s 6s 7s 8s", "9s", ("1s 1s 1s", "2s 3s 4s", "5s 5s 5s"))
    with pytest.raises(UnreadableAnswer, match="The discarder pays all three shares") as caught:
        question.grade(answer)
    assert "The discarder pays all three shares; Each player pays" in str(caught.value)


def test_unreadable_amounts():
    with pytest.raises(UnreadableAnswer, match="“twenty” is not an amount"):
        questions.generate(SKILL, 4, 1).grade("twenty")


def test_every_kind_of_false_win_appears():
    seen = Counter()
    for seed in range(1000):
        s = questions.generate(SKILL, seed, 1).situation.to_json()
        if s["variant"] == "simplified":
            kind = "simplified"
        else:
            kind = "banker" if s["declarer"] == "E" else "player"
        asked = "total" if s["asked"] == "total" else "banker" if s["asked"] == "E" else "other"
        seen[kind, asked] += 1
    for kind in ("simplified", "banker", "player"):
        assert seen[kind, "total"] >= 30 and seen[kind, "other"] >= 30
    assert seen["player", "banker"] >= 30 and seen["simplified", "banker"] >= 30
