"""Mah-Jong payments questions (Portaria 135/91/M, Art. 7 and 9; HI-MJ-PAY, HI-MJ-CAP)."""

import json
from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
import questions
from questions import Question, UnreadableAnswer
from questions.mahjong.situation import WinPaid
from trainer.rules.house import HouseRules, MahjongRules

SKILL = "mahjong.payments"
SEATS = "ESWN"
D = Decimal
DEFAULT_AMOUNTS = (D(10), D(20), D(40))


def reference(situation, amounts=DEFAULT_AMOUNTS):
    """Independent of the rules core: each pays his share, the capital stops the count
    (``situation``: its JSON, as stored)."""
    winner = situation["winner"]
    base = amounts[situation["fan"]]
    present = situation.get("players", SEATS)  # a simplified table of 2 or 3 (Art. 3 (b))
    order = [seat for seat in (SEATS[(SEATS.index(winner) + step) % 4] for step in (1, 2, 3))
             if seat in present]
    room = D(situation["capital"]) if "capital" in situation else None
    paid = {}
    for seat in order:
        share = base * 2 if "E" in (seat, winner) else base
        if room is not None:
            share = min(share, room)
            room -= share
        paid[seat] = share
    if situation["asked"] == "winner":
        return sum(paid.values())
    return paid[situation["asked"]]


def with_situation(difficulty=1, **situation):
    situation = WinPaid.from_json({"variant": "conventional", "banker": "E", **situation})
    skill = questions.skill(SKILL)
    return Question(SKILL, 1, difficulty, situation, skill.prompt(situation, difficulty),
                    skill.form(situation))


def test_registered_after_the_other_mahjong_skills():
    assert SKILL in questions.skills("mahjong")


@pytest.mark.parametrize(("situation", "expected"), [
    ({"winner": "S", "fan": 1, "asked": "E"}, D(40)),  # the banker pays double
    ({"winner": "S", "fan": 1, "asked": "W"}, D(20)),
    ({"winner": "S", "fan": 1, "asked": "winner"}, D(80)),
    ({"winner": "E", "fan": 2, "asked": "winner"}, D(240)),  # double from all
    ({"winner": "W", "fan": 0, "asked": "winner"}, D(40)),
    # Capital 100: West 40, North 40, then the banker only 20 of his 80.
    ({"winner": "S", "fan": 2, "asked": "E", "capital": "100"}, D(20)),
    ({"winner": "S", "fan": 2, "asked": "winner", "capital": "100"}, D(100)),
    ({"winner": "S", "fan": 2, "asked": "E", "capital": "80"}, D(0)),
    # Simplified, East, South and West only (Art. 3 (b)): West 20, the banker 40.
    ({"variant": "simplified", "players": ["E", "S", "W"], "winner": "S", "fan": 1,
      "asked": "winner"}, D(60)),
    ({"variant": "simplified", "players": ["E", "S"], "winner": "E", "fan": 1,
      "asked": "S"}, D(40)),
])
def test_hand_worked_examples(situation, expected):
    question = with_situation(**situation)
    assert question.reference_answer() == expected == reference(question.situation.to_json())
    assert question.grade(str(expected)).correct
    verdict = question.grade(expected + 10)
    assert not verdict.correct and verdict.score == 0
    assert "Article 7" in verdict.explanation and "HI-MJ-PAY" in verdict.explanation
    if "capital" in situation:
        assert "Article 9" in verdict.explanation and "HI-MJ-CAP" in verdict.explanation


def test_the_prompt_states_the_sign_convention():
    text = str(with_situation(winner="S", fan=1, asked="N").prompt)
    assert "positive number" in text and "0 if he pays nothing" in text and "North" in text
    text = str(with_situation(winner="S", fan=1, asked="winner", capital="50").prompt)
    assert "receive in all" in text and "capital" in text


def test_house_amounts_come_from_the_rules():
    rules = HouseRules(mahjong=MahjongRules(Decimal("5"), Decimal("15"), Decimal("30")))
    question = questions.generate(SKILL, 3, 1, rules)
    assert question.reference_answer() == reference(question.situation.to_json(),
                                                    (D(5), D(15), D(30)))


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_thousand_seeds(difficulty):
    answers, capped = Counter(), 0
    for seed in range(1000):
        question = questions.generate(SKILL, seed, difficulty)
        assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
        right = question.reference_answer()
        assert right == reference(question.situation.to_json())
        assert question.grade(right).score == 1.0
        assert not question.grade(right + 10).correct
        answers[right] += 1
        if question.situation.capital is not None:
            uncapped = question.situation.to_json()
            del uncapped["capital"]
            uncapped["asked"] = "winner"
            assert question.situation.capital < reference(uncapped)  # it bites
            capped += 1
    assert max(answers.values()) <= 300
    assert capped == {1: 0, 2: pytest.approx(500, abs=60), 3: 1000}[difficulty]


def test_every_kind_of_question_appears():
    seen = Counter()
    for seed in range(1000):
        s = questions.generate(SKILL, seed, 3).situation.to_json()
        right = questions.generate(SKILL, seed, 3).reference_answer()
        seen[s["variant"], s["winner"] == "E", s["asked"] == "winner", right == 0] += 1
    for variant in ("conventional", "simplified"):
        for banker_wins in (True, False):
            assert seen[variant, banker_wins, True, False]  # the winner's total, capped
            assert seen[variant, banker_wins, False, False]  # a payer, his share cut
        assert seen[variant, False, False, True]  # a payer who pays nothing


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([1, 2, 3]))
def test_any_seed_agrees_with_the_reference(seed, difficulty):
    question = questions.generate(SKILL, seed, difficulty)
    assert question.reference_answer() == reference(question.situation.to_json())


@pytest.mark.parametrize("answer", ["", "abc", None, "1.234"])
def test_unreadable_answers(answer):
    with pytest.raises(UnreadableAnswer, match="amount") as caught:
        questions.generate(SKILL, 5, 1).grade(answer)
    assert str(caught.value)


def test_money_typed_in_portuguese():
    question = with_situation(winner="E", fan=2, asked="winner")
    try:
        i18n.set_language("pt_MO")
        assert question.grade("240,00").correct
        assert "artigo 7.º" in question.grade("1").explanation
    finally:
        i18n.set_language("en")
