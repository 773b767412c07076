"""Evidence for every skill of every game (Step 5).

For every skill and difficulty, 1,000 seeds generate without error, round-trip through
JSON, the rules core's own answer grades correct, a mutated answer grades wrong, and the
same answer typed as text in each language's conventions is read the same way.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

import i18n
import questions
from i18n import format_money
from questions import AnswerKind, Question, UnreadableAnswer
from questions.skill import DIFFICULTIES
from tests.questions.mutations import mutate

SEEDS = range(1000)
GAMES = ("thirteen", "mahjong_baccarat", "three_card", "sap_i_chi", "mahjong")
CASES = [(skill, difficulty) for skill in questions.skills() for difficulty in DIFFICULTIES]


def test_skill_ids_name_the_rules_module():
    assert questions.skills(), "no skills registered"
    for skill in questions.skills():
        game, _, name = skill.partition(".")
        assert game in GAMES and name, skill


@pytest.mark.parametrize(("skill", "difficulty"), CASES)
def test_a_thousand_seeds(skill, difficulty):
    for seed in SEEDS:
        question = questions.generate(skill, seed, difficulty)
        stored = json.loads(json.dumps(question.to_json(), ensure_ascii=False))
        again = Question.from_json(stored)
        assert again == question, (skill, seed)
        reference = again.reference_answer()
        verdict = again.grade(reference)
        assert verdict.correct and verdict.score == 1.0, (skill, seed, difficulty, reference)
        assert verdict.explanation.strip(), (skill, seed)
        wrong = again.grade(mutate(again, reference))
        assert not wrong.correct and 0.0 <= wrong.score < 1.0, (skill, seed, reference)


@pytest.mark.parametrize("skill", questions.skills())
def test_the_same_seed_gives_the_same_question(skill):
    for seed in (0, 7, 123456789):
        first = questions.generate(skill, seed, 2).to_json()
        assert questions.generate(skill, seed, 2).to_json() == first


@pytest.mark.parametrize("skill", questions.skills())
def test_seeds_give_varied_questions(skill):
    situations = {json.dumps(questions.generate(skill, seed, 2).to_json()["situation"],
                             sort_keys=True)
                  for seed in range(50)}
    assert len(situations) >= 25, skill


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_amounts_typed_in_each_language_are_read(language):
    i18n.set_language(language)
    for skill in questions.skills():
        for seed in range(20):
            question = questions.generate(skill, seed, 3)
            if question.form.kind is not AnswerKind.AMOUNT:
                continue
            reference = Decimal(question.reference_answer())
            assert question.grade(format_money(reference)).correct, (skill, seed, language)


@pytest.mark.parametrize("skill", questions.skills())
def test_nonsense_is_not_graded(skill):
    question = questions.generate(skill, 3, 2)
    for nonsense in ("", "???", "12abc"):
        try:
            verdict = question.grade(nonsense)
        except UnreadableAnswer as error:
            assert str(error).strip()
        else:  # only a set of options may be empty: "none of them"
            assert question.form.kind is AnswerKind.CHOICES and nonsense == "", skill
            assert verdict.score <= 1.0
