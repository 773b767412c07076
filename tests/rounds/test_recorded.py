"""A round's steps as answers to skills: each step names a skill the questions teach, and
a stored step is graded again from its seed alone — the same verdict as when it was played,
nothing from a stored key, and nothing at all for a step that names no real round."""

import copy
import json

import pytest

from questions.registry import skills
from trainer.rounds.actions import Action
from trainer.rounds.games import GAMES, skills_game, start
from trainer.rounds.modes import Mode
from trainer.rounds.play import RoundPlay, judge, solve
from trainer.rounds.recorded import (
    DIFFICULTY,
    is_round_step,
    regraded_step,
    round_key,
    step_answer,
    step_question,
)
from trainer.rules.house import HouseRules

KNOWN = set(skills())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", list(Mode))
def test_every_step_is_an_answer_to_a_skill_of_its_game(game, mode):
    for seed in range(40):
        for step in start(game, seed, mode).steps:
            assert step.skill in KNOWN and step.skill.startswith(f"{skills_game(game)}.")


@pytest.mark.parametrize("game", GAMES)
def test_a_ruling_after_a_call_is_an_answer_to_the_calls_skill(game):
    seen = 0
    for seed in range(60):
        steps = start(game, seed, Mode.TABLE_READY).steps
        for call, ruling in zip(steps, steps[1:], strict=False):
            if call.expected.verb == "call":
                assert ruling.expected.verb == "decide" and ruling.skill == call.skill
                seen += 1
    assert seen > 10


def test_the_deal_counts_as_who_is_served_and_a_ruling_at_a_place_as_the_comparison():
    steps = {step.expected.verb: step.skill
             for step in start("mahjong_baccarat", 5, Mode.LEARN).steps}
    assert steps["deal"] == steps["first"] == "mahjong_baccarat.first_seat"
    assert steps["rule"] == "mahjong_baccarat.compare"
    assert steps["bank"] == "mahjong_baccarat.bank"
    thirteen = {step.expected.verb: step.skill for step in start("thirteen", 5, Mode.LEARN).steps}
    assert thirteen["set"] == "thirteen.house_way" and thirteen["tier"] == "thirteen.tier_winner"


def _stored(round_, number, action, at_ms=1200):
    """A step as the store keeps it (through JSON, as a bundle carries it)."""
    verdict = judge(round_, number, action, at_ms)
    return (json.loads(json.dumps(step_question(round_, number, "r-1"))),
            json.loads(json.dumps(step_answer(verdict))), verdict)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", list(Mode))
def test_a_stored_step_is_graded_again_as_it_was_played(game, mode):
    for seed in range(8):
        round_ = start(game, seed, mode)
        actions = solve(round_)
        for number in range(1, len(actions) + 1, 3):
            right = actions[number - 1]
            wrong = next(a for a in actions if a != right)
            for action in (right, wrong):
                question, answer, verdict = _stored(round_, number, action)
                regraded = regraded_step(question, answer)
                assert regraded == (question, verdict.correct, float(verdict.correct))
                assert regraded[1] is (action == right)


def test_a_steps_question_says_the_round_and_how_it_was_played():
    round_ = start("thirteen", 11, Mode.TABLE_READY)
    question = step_question(round_, 4, "round-x")
    assert is_round_step(question) and question["skill"] == round_.steps[3].skill
    assert question["difficulty"] == DIFFICULTY[Mode.TABLE_READY] == 3
    assert question["round"] == {"id": "round-x", "game": "thirteen", "mode": "table-ready",
                                 "step": 4, "steps": len(round_.steps)}
    key = round_key(question)
    assert (key.game, key.seed, key.mode, key.rules) == ("thirteen", 11, Mode.TABLE_READY,
                                                          HouseRules())
    assert not is_round_step({"skill": "thirteen.foul", "seed": 1})


def test_each_steps_question_names_that_steps_own_skill():
    round_ = start("thirteen", 11, Mode.TABLE_READY)
    skills_asked = [step_question(round_, number, "r")["skill"]
                    for number in range(1, len(round_.steps) + 1)]
    assert skills_asked == [step.skill for step in round_.steps]
    assert len(set(skills_asked)) > 1


@pytest.mark.parametrize(("mode", "difficulty"), [
    ("learn", 1), ("guided", 1), ("practice", 2), ("table-ready", 3)])
def test_a_step_stored_by_this_version_is_graded_again_to_the_same_question(mode, difficulty):
    """A stored step travels to other desktops, which take it only if grading it again gives
    the very question stored: its form is fixed — version 1, and the difficulty of the way
    the round was played (steps named or hinted the easiest, table-ready the hardest)."""
    round_ = start("mahjong_baccarat", 5, Mode(mode))
    stored = {"version": 1, "skill": round_.steps[1].skill, "seed": 5,
              "difficulty": difficulty, "rules": HouseRules().to_json(),
              "round": {"id": "r-5", "game": "mahjong_baccarat", "mode": mode, "step": 2,
                        "steps": len(round_.steps)}}
    answer = {"action": str(solve(round_)[1]), "at_ms": 2400}
    assert regraded_step(json.loads(json.dumps(stored)), answer) == (stored, True, 1.0)


def test_a_step_played_under_other_house_rules_is_graded_under_them():
    rules = HouseRules.from_json({"mahjong_baccarat": {"max_rounds_in_a_row": 2}})
    round_ = start("mahjong_baccarat", 3, Mode.PRACTICE, rules)
    last = len(round_.steps)
    question, answer, _ = _stored(round_, last, solve(round_)[-1])
    assert regraded_step(question, answer)[1] is True
    assert question["rules"]["mahjong_baccarat"]["max_rounds_in_a_row"] == 2


def _tampered(change):
    round_ = start("mahjong_baccarat", 7, Mode.PRACTICE)
    question, answer, _ = _stored(round_, 2, solve(round_)[1])
    assert regraded_step(question, answer) is not None  # untouched, it is graded
    question, answer = copy.deepcopy(question), copy.deepcopy(answer)
    change(question, answer)
    return regraded_step(question, answer)


@pytest.mark.parametrize("change", [
    lambda q, a: q["round"].update(step=0),
    lambda q, a: q["round"].update(step=q["round"]["steps"] + 1),
    lambda q, a: q["round"].update(step="2"),
    lambda q, a: q["round"].update(steps=q["round"]["steps"] + 1),
    lambda q, a: q["round"].update(game="baccarat"),
    lambda q, a: q["round"].update(mode="exam"),
    lambda q, a: q["round"].update(id=7),
    lambda q, a: q["round"].pop("game"),
    lambda q, a: q.update(seed="7"),
    lambda q, a: q.update(rules={"money_unit": "banana"}),
    lambda q, a: q.update(round=None),
    lambda q, a: a.update(action="fly 3"),
    lambda q, a: a.update(action=3),
    lambda q, a: a.update(at_ms="soon"),
    lambda q, a: a.clear(),
], ids=["step-0", "step-past-the-end", "step-as-text", "steps-miscounted", "unknown-game",
        "unknown-mode", "id-not-text", "no-game", "seed-as-text", "rules-unreadable",
        "round-not-a-dict", "not-an-action", "action-not-text",
        "time-not-a-number", "no-action"])
def test_a_step_that_names_no_real_round_or_action_is_not_graded(change):
    assert _tampered(change) is None


def test_a_right_verdict_claimed_for_a_wrong_action_is_not_what_the_engine_gives():
    round_ = start("thirteen", 2, Mode.GUIDED)
    played = RoundPlay(round_)
    wrong = Action("push", (2,)) if round_.steps[0].expected != Action("push", (2,)) else None
    verdict = played.give(wrong)
    question = step_question(round_, 1, "r")
    assert regraded_step(question, step_answer(verdict))[1:] == (False, 0.0)
