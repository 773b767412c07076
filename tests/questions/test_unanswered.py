"""The verdict on no answer (the time ran out, a question left unanswered in an exam): wrong,
the rules core's own answer, and reasons that speak of no answer given."""

from __future__ import annotations

import pytest

import questions
from i18n import speaking

SEEDS = (0, 1, 2)


@pytest.mark.parametrize("skill", questions.skills())
def test_nothing_given_is_wrong_with_the_rules_cores_answer(skill):
    for seed in SEEDS:
        question = questions.generate(skill, seed, 3)
        reference = question.grade(question.reference_answer())
        nothing = question.unanswered()
        assert reference.correct and not nothing.correct and nothing.score == 0.0
        assert nothing.expected == reference.expected
        assert str(nothing.expected_text) == str(reference.expected_text)
        assert nothing.reasons, skill


def test_a_hand_read_two_ways_speaks_of_no_answer_given_when_none_was():
    question = questions.generate("mahjong.fan", 2938, 3)  # two readings worth the cap
    with speaking("en"):
        followed = [str(r) for r in question.grade(question.reference_answer()).reasons
                    if "answer given" in str(r)]
        nothing = [str(r) for r in question.unanswered().reasons]
    assert followed, "the reading the answer follows is said when there is one"
    assert not any("answer given" in said for said in nothing)
    assert len(nothing) == len(question.grade(question.reference_answer()).reasons) - 1
