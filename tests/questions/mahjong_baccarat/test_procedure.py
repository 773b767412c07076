"""mahjong_baccarat.procedure: the croupier's rulings (Art. 2.2–2.8, Art. 4)."""

import itertools
from collections import Counter

import pytest

from questions import UnreadableAnswer
from questions.mahjong_baccarat.conduct import INCIDENTS
from tests.questions.mahjong_baccarat.build import generate, question

SKILL = "mahjong_baccarat.procedure"


def choices(difficulty):
    """The questions of a level that ask a plain choice (rulings with reasons apart:
    test_conduct.py)."""
    for seed in itertools.count():
        q = generate(SKILL, seed, difficulty)
        if q.situation.incident not in INCIDENTS:
            yield q


def incident(name, options, **details):
    return question(SKILL, {"incident": name, "options": list(options), "places": 10,
                            "banker": 1, **details}, 2)


def reorders(*requests, asked_alone=True):
    made = [{"place": p, "hands": h, "after_dice": a} for p, h, a in requests]
    if asked_alone:
        return question(SKILL, {"incident": "reorder", "options": ["allow", "refuse",
                                                                   "ask_banker"],
                                "places": 10, "banker": 1, "requests": made}, 2)
    return question(SKILL, {"incident": "reorders", "places": 10, "banker": 1,
                            "requests": made}, 3)


@pytest.mark.parametrize(("q", "right", "article"), [
    (incident("dice_out_of_bowl", ["count_as_lying", "reshake"], face=4), "reshake",
     "Article 2(5)"),
    (incident("dice_badly_settled", ["reshake", "void_round"], face=2), "reshake",
     "Article 2(5)"),
    (incident("tile_exposed", ["redeal", "play_on", "replace_tile"], place=3, tile="K"),
     "play_on", "Article 4"),
    (incident("bet_after_dice", ["allow", "refuse"], place=7, stake="300"), "refuse",
     "Article 2(7)"),
    (incident("bet_changed_after_dice", ["allow", "refuse"], place=7, stake="300",
              change="move", other=2), "refuse", "Article 2(7)"),
    (incident("bet_on_wrong_place", ["move_bet", "settle_as_placed"], place=7, other=2,
              stake="300"), "settle_as_placed", "Article 2(8)"),
    (incident("total_adjusted", ["allow", "refuse"], dice=[3, 3, 4, 5]), "refuse",
     "Article 2(3)"),
    (incident("player_shakes", ["ask_banker", "refuse"], place=5), "refuse",
     "Article 2(2)"),
    (reorders((3, 1, False)), "allow", "Article 2(6)"),
    (reorders((3, 1, False), (6, 1, False), (8, 1, False)), "refuse", "Article 2(6)"),
    (reorders((3, 1, False), (6, 1, False), (1, 1, False)), "allow", "Article 2(6)"),
    (reorders((1, 1, False), (6, 1, False)), "refuse", "Article 2(6)"),
    (reorders((3, 2, False), (6, 1, False)), "allow", "Article 2(6)"),
    (reorders((3, 1, False), (6, 1, True)), "refuse", "Article 2(6)"),
])
def test_worked_rulings(q, right, article):
    assert q.reference_answer() == right
    wrong = next(o.value for o in q.form.options if o.value != right)
    verdict = q.grade(wrong)
    assert not verdict.correct and article in verdict.explanation
    assert q.grade(right).correct


def test_prompts_tell_the_incident():
    q = incident("total_adjusted", ["allow", "refuse"], dice=[3, 3, 4, 5])
    assert "total of 15" in str(q.prompt) and "as 16" in str(q.prompt)
    q = incident("bet_changed_after_dice", ["allow", "refuse"], place=7, stake="300",
                 change="move", other=2)
    assert "place 7" in str(q.prompt) and "to place 2" in str(q.prompt)


def test_a_round_of_requests():
    q = reorders((4, 1, False), (9, 2, False), (6, 1, False), (1, 1, False), (2, 1, False),
                 (5, 1, True), asked_alone=False)
    assert q.reference_answer() == {1, 3, 4}
    assert q.grade("1 3 4").correct
    partial = q.grade([1, 2, 3, 4])  # let the two-handed request through
    assert partial.score == pytest.approx(3 / 4)
    assert "Request 2: The stacks may be re-ordered with one hand only." in partial.explanation


@pytest.mark.parametrize("difficulty", [1, 2])
def test_decisions_are_spread_and_every_incident_comes_up(difficulty):
    decisions, incidents = Counter(), Counter()
    for q in itertools.islice(choices(difficulty), 1000):
        right = q.reference_answer()
        assert right in [o.value for o in q.form.options] and len(q.form.options) >= 3
        decisions[right] += 1
        incidents[q.situation.incident] += 1
    assert set(decisions) == {"reshake", "play_on", "allow", "refuse", "settle_as_placed"}
    assert max(decisions.values()) <= 300 and min(decisions.values()) >= 120
    expected = {1: {"dice_out_of_bowl", "dice_badly_settled", "tile_exposed", "bet_after_dice",
                    "bet_on_wrong_place", "reorder"},
                2: {"dice_out_of_bowl", "dice_badly_settled", "tile_exposed", "reorder",
                    "bet_changed_after_dice", "bet_on_wrong_place", "total_adjusted",
                    "player_shakes"}}[difficulty]
    assert set(incidents) == expected


def test_every_reason_to_refuse_a_reorder_comes_up():
    reasons = Counter()
    for q in itertools.islice(choices(2), 1000):
        if q.situation.incident == "reorder" and q.reference_answer() == "refuse":
            reasons[q.grade("refuse").explanation.split(" [")[0]] += 1
    assert len(reasons) == 4, reasons  # after the dice, both hands, after the banker, third


def test_rounds_of_requests_vary():
    answers, sizes = Counter(), Counter()
    for q in itertools.islice(choices(3), 1000):
        right = q.reference_answer()
        answers[tuple(sorted(right))] += 1
        sizes[len(right)] += 1
    assert max(answers.values()) <= 300 and sizes[0] <= 100
    assert {1, 2, 3} <= set(sizes)


@pytest.mark.parametrize(("difficulty", "answer"), [(1, "shout"), (1, ""), (3, "7"),
                                                    (3, "first")])
def test_unreadable_answers(difficulty, answer):
    with pytest.raises(UnreadableAnswer, match="one of the options") as caught:
        generate(SKILL, 3, difficulty).grade(answer)
    assert "option" in str(caught.value)
