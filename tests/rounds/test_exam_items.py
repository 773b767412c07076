"""A whole table round as one exam item: the grader deals it again from its seed and has the
engine grade each action given — right, wrong, left unfinished — and refuses an answer that
is unreadable or not the actions of a round."""

import json

import pytest

import questions
from questions.regrade import GRADER
from trainer.rounds.exam_items import (
    ROUND_ITEM_MODES,
    graded_round_item,
    is_round_item,
    round_item_answer,
    round_item_skill,
    round_item_skills,
    round_item_title,
    round_of_item,
)
from trainer.rounds.games import GAMES
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, solve
from trainer.rounds.recorded import is_round_step
from trainer.rules.house import HouseRules

RULES = HouseRules()


def test_every_game_has_a_round_item_with_a_title_and_no_hints():
    assert round_item_skills() == tuple(f"{game}.round" for game in GAMES)
    assert ROUND_ITEM_MODES == {2: Mode.PRACTICE, 3: Mode.TABLE_READY}
    assert not any(mode.hints for mode in ROUND_ITEM_MODES.values())
    assert str(round_item_title("mahjong_baccarat.round")) == "Mahjong Baccarat: a table round"
    assert str(questions.title("thirteen.round")) == "13-card game: a table round"
    assert questions.titled()[-len(GAMES):] == list(round_item_skills())
    assert not is_round_item("thirteen.first_seat") and not is_round_item("baccarat.round")
    with pytest.raises(KeyError, match="thirteen.first_seat"):
        round_item_title("thirteen.first_seat")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("difficulty", [2, 3])
def test_a_round_played_right_is_right_and_its_question_names_it(game, difficulty):
    skill = round_item_skill(game)
    assert GRADER.knows(skill)
    round_ = round_of_item(skill, 41, difficulty, RULES)
    played = RoundPlay(round_)
    for n, action in enumerate(solve(round_)):
        played.give(action, 500 * n)
    answer = json.loads(json.dumps(round_item_answer(played.verdicts)))
    question, correct, score = GRADER.regrade(skill, 41, difficulty, RULES, answer)
    assert (correct, score) == (True, 1.0)
    assert question == {"version": 1, "skill": skill, "seed": 41, "difficulty": difficulty,
                        "rules": RULES.to_json(),
                        "round": {"game": game, "mode": ROUND_ITEM_MODES[difficulty].value,
                                  "steps": len(round_.steps)}}
    assert not is_round_step(question)  # a whole round, not one of its steps
    assert answer["actions"][3] == {"action": str(solve(round_)[3]), "at_ms": 1500}


@pytest.mark.parametrize("game", GAMES)
def test_wrong_and_unplayed_steps_count_against_the_rounds_steps(game):
    skill = round_item_skill(game)
    round_ = round_of_item(skill, 8, 2, RULES)
    steps = len(round_.steps)
    wrong = GRADER.answer(skill, 8, 2, RULES, False)
    _q, correct, score = GRADER.regrade(skill, 8, 2, RULES, wrong)
    assert (correct, score) == (False, pytest.approx((steps - 1) / steps))
    half = {"actions": GRADER.answer(skill, 8, 2, RULES, True)["actions"][:steps // 2]}
    _q, correct, score = GRADER.regrade(skill, 8, 2, RULES, half)
    assert (correct, score) == (False, pytest.approx((steps // 2) / steps))
    _q, correct, score = GRADER.regrade(skill, 8, 2, RULES, {"actions": []})
    assert (correct, score) == (False, 0.0)
    graded = graded_round_item(skill, 8, 2, RULES, wrong)
    assert [v.step for v in graded.verdicts if not v.correct] == [
        next(n for n, (given, right) in enumerate(zip(
            wrong["actions"], solve(round_), strict=True), 1)
             if given["action"] != str(right))]


def _right(skill):
    return GRADER.answer(skill, 5, 3, RULES, True)


@pytest.mark.parametrize("malformed", [
    None, [], "pay 3 100", {"action": "deal 1", "at_ms": 0}, {"actions": "deal 1"},
    {"actions": [], "extra": 1}, {"actions": ["deal 1"]}, {"actions": [{"action": 3,
                                                                        "at_ms": 0}]},
    {"actions": [{"action": "deal 1", "at_ms": "soon"}]},
    {"actions": [{"action": "deal 1"}]},
])
def test_an_answer_not_of_a_rounds_shape_is_refused(malformed):
    assert GRADER.regrade("mahjong_baccarat.round", 5, 3, RULES, malformed) is None


@pytest.mark.parametrize("game", GAMES)
def test_an_unreadable_action_or_one_too_many_is_refused(game):
    skill = round_item_skill(game)
    right = _right(skill)
    unreadable = {"actions": [*right["actions"][:2], {"action": "shuffle the felt",
                                                      "at_ms": None}]}
    assert GRADER.regrade(skill, 5, 3, RULES, unreadable) is None
    too_many = {"actions": [*right["actions"], right["actions"][-1]]}
    assert GRADER.regrade(skill, 5, 3, RULES, too_many) is None


def test_a_round_item_at_difficulty_1_or_of_no_game_is_refused():
    right = _right("thirteen.round")
    assert graded_round_item("thirteen.round", 5, 1, RULES, right) is None
    assert graded_round_item("thirteen.first_seat", 5, 3, RULES, right) is None
