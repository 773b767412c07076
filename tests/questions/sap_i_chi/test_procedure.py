"""sap_i_chi.procedure: the bell, void rounds, rebuilt bets (Portaria 9/76, Art. 2 and 3.2)."""

from collections import Counter
from decimal import Decimal

import pytest

import i18n
import questions
from questions import UnreadableAnswer
from questions.sap_i_chi.procedure import STORIES
from questions.sap_i_chi.situations import BellScene, BoardBet
from tests.questions.sap_i_chi.helpers import question_for
from trainer.rules.sap_i_chi.bets import Colour
from trainer.rules.sap_i_chi.procedure import Ruling

SKILL = "sap_i_chi.procedure"
ALL = [r.value for r in Ruling]


def scene(story, bet, drawn=None, to=None, options=ALL):
    s = STORIES[story]
    return question_for(SKILL, BellScene(story, s.incident, s.stage, 3, (bet,), to, drawn,
                                         tuple(Ruling(value) for value in options)),
                        difficulty=3)


ON_5 = BoardBet(3, Decimal(100), (5,))
ON_RED = BoardBet(3, Decimal(100), colour=Colour.RED)


@pytest.mark.parametrize(("story", "drawn", "to", "ruling", "article"), [
    ("new-before-bell", None, None, "accept", "Article 2(2)"),
    ("move-before-bell", None, ON_RED, "accept", "Article 2(2)"),
    ("new-after-bell", None, None, "refuse", "Article 2(2)"),
    ("move-after-bell", None, ON_RED, "refuse", "Article 2(2)"),
    ("withdraw-after-result", 7, None, "refuse", "Article 2(2)"),
    ("wrong-edge", None, None, "void", "Article 2(3)"),
    ("cloth-slips", None, None, "void", "Article 2(3)"),
    ("withdraw-after-void", None, None, "accept", "Article 2(3)"),
    ("move-after-void", None, ON_RED, "accept", "Article 2(3)"),
    ("cleared", 5, None, "rebuild", "Article 3(2)"),
    ("cleared-loser", 7, None, "stands", "Article 3"),
    ("slip-after-result", 5, None, "stands", "Article 2(4)"),
])
def test_the_rulings_of_the_regulation(story, drawn, to, ruling, article):
    question = scene(story, ON_5, drawn, to)
    assert question.reference_answer() == ruling
    assert question.grade(ruling).correct
    wrong = next(r for r in ALL if r != ruling)
    verdict = question.grade(wrong)
    assert not verdict.correct and verdict.score == 0.0
    assert f"Ordinance 9/76 (Sap I Chi), {article}" in verdict.explanation


def test_a_cleared_bet_is_rebuilt_only_if_it_won():
    # The same scene: only the bet and the number drawn decide.
    assert scene("cleared", ON_RED, drawn=2).reference_answer() == "rebuild"
    assert scene("cleared", ON_RED, drawn=8).reference_answer() == "stands"


def test_the_explanation_in_portuguese():
    verdict = scene("wrong-edge", ON_5).grade("accept")
    i18n.set_language("pt_MO")
    assert "artigo 2.º" in verdict.explanation


@pytest.mark.parametrize("answer", ["", None, "maybe", 3])
def test_unreadable_answers_are_not_graded(answer):
    with pytest.raises(UnreadableAnswer, match="one of the options.*Allow it: ") as caught:
        scene("wrong-edge", ON_5).grade(answer)
    assert "Allow it: " in str(caught.value) and "; Refuse: " in str(caught.value)


def test_the_ruling_typed_as_text_is_read():
    assert scene("wrong-edge", ON_5).grade(" VOID ").correct


def test_every_story_is_told_as_built():
    for key, story in STORIES.items():
        # The bet on 5 wins when 5 is drawn; the cleared loser is shown a 9.
        drawn = None if story.stage.value != "decided" else 9 if key == "cleared-loser" else 5
        question = scene(key, ON_5, drawn, ON_RED if story.moves else None)
        assert question.reference_answer() == story.ruling.value, key
        assert "{" not in str(question.prompt)


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_rulings_are_spread_and_every_story_is_told(difficulty):
    rulings, stories = Counter(), Counter()
    for seed in range(1000):
        question = questions.generate(SKILL, seed, difficulty)
        rulings[question.reference_answer()] += 1
        stories[question.situation.story] += 1
        assert question.reference_answer() in question.situation.options
    expected = {k for k, s in STORIES.items() if s.level <= difficulty}
    assert set(stories) == expected
    assert set(rulings) == set(questions.generate(SKILL, 0, difficulty).situation.options)
    assert max(rulings.values()) <= 300 and min(rulings.values()) >= 150
    if difficulty == 1:
        assert "stands" not in rulings
