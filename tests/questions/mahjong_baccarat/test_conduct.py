"""mahjong_baccarat.procedure: rulings with reasons (Art. 3, 5 (3), 5 (5), 5 (6), 6-8)."""

import itertools
from collections import Counter

import pytest

from questions import AnswerKind
from questions.mahjong_baccarat.conduct import INCIDENTS
from tests.questions.mahjong_baccarat.build import generate, question

SKILL = "mahjong_baccarat.procedure"


def conduct(name, options=("allow", "refuse", "ask_banker"), reasons=("3.1", "3.2", "3.3",
                                                                       "5.5", "5.6"),
            **details):
    return question(SKILL, {"incident": name, "options": list(options),
                            "reasons": list(reasons), "places": 10, "banker": 1, "place": 4,
                            "other": 7, "stake": "300", "other_stake": "500", **details}, 2)


def rulings():
    for difficulty in (1, 2, 3):
        for seed in itertools.count():
            q = generate(SKILL, seed, difficulty)
            if q.situation.incident in INCIDENTS:
                yield q
            if seed > 400:
                break


@pytest.mark.parametrize(("q", "ruling", "points"), [
    (conduct("eleventh_place"), "refuse", {"3.1"}),
    (conduct("shared_place"), "allow", {"3.2"}),
    (conduct("second_holder"), "refuse", {"3.2", "3.3"}),
    (conduct("tiles_off_table"), "refuse", {"3.3"}),
    (conduct("cobanker_bets"), "refuse", {"5.5"}),
    (conduct("player_opens"), "refuse", {"5.6"}),
    (conduct("banker_opens_early", reasons=("5.3", "5.6", "2.7", "4")), "refuse", {"5.6"}),
    (conduct("capital_not_on_table", reasons=("5.3", "5.4", "5.5", "3.1")), "refuse",
     {"5.3"}),
    # 300 seated, 500 another: the highest bettor holds the tiles, and only he.
    (conduct("holder", options=("seated", "other", "both")), "other", {"3.2", "3.3"}),
    (conduct("holder", options=("seated", "other", "both"), stake="900"), "seated",
     {"3.2", "3.3"}),
    # 3 against 3: the K is the highest tile though it counts 0.
    (conduct("claim", options=("player", "banker"),
             reasons=("6.1", "6.2", "7.1", "7.2", "8", "HI-MB-HIGHER-TILE"),
             hands={"1": "8 5", "4": "K 3"}), "player",
     {"6.1", "6.2", "7.2", "HI-MB-HIGHER-TILE"}),
    # K K is 0, 5 5 is 0: the banker wins on zero against zero, whatever the tiles.
    (conduct("claim", options=("player", "banker"), reasons=("6.1", "6.2", "7.2", "8", "9"),
             hands={"1": "5 5", "4": "K K"}), "banker", {"6.1", "6.2", "8"}),
])
def test_worked_rulings(q, ruling, points):
    right = {"ruling": ruling, "reasons": frozenset(points)}
    assert q.form.kind is AnswerKind.RULING
    assert q.reference_answer() == right
    assert q.grade(right).correct
    assert q.grade({"ruling": ruling, "reasons": []}).score == 0.5
    wrong_ruling = next(o.value for o in q.form.options if o.value != ruling)
    assert q.grade({"ruling": wrong_ruling, "reasons": list(points)}).score == 0.0


def test_the_reasons_offered_mix_points_that_apply_and_others_in_no_fixed_order():
    firsts, sizes, incidents = Counter(), Counter(), Counter()
    for q in rulings():
        offered = [o.value for o in q.form.reasons]
        applying = q.reference_answer()["reasons"]
        assert 4 <= len(offered) <= 7 and len(set(offered)) == len(offered)
        assert applying <= set(offered) and len(set(offered) - applying) >= 2
        firsts[offered[0] in applying] += 1
        sizes[len(offered)] += 1
        incidents[q.situation.incident] += 1
    assert firsts[True] and firsts[False]
    assert len(sizes) >= 3
    assert set(incidents) == set(INCIDENTS)


def test_the_prompt_tells_all_the_ruling_needs():
    prompt = str(conduct("second_holder", stake="100", other_stake="250").prompt)
    assert "Two players bet on place 4: MOP$100.00 and MOP$250.00" in prompt
    assert "The one who bet MOP$100.00 asks to hold one of its two tiles" in prompt
    claim = conduct("claim", options=("player", "banker"), reasons=("6.1", "6.2", "7.2", "8"),
                    hands={"1": "5 5", "4": "K K"})
    assert "place 4 holds K K and the banker 5 5" in str(claim.prompt)
