"""The fán of a winning hand (Portaria 135/91/M, Art. 6 a and b)."""

import dataclasses
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questions import Question, UnreadableAnswer
from questions.mahjong.hands.fan import PATTERN_IDS, Fan, _win
from questions.mahjong.situation import WinningHand
from tests.questions.mutations import mutate
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import score
from trainer.rules.mahjong.hands.fan import CONVENTIONAL_PATTERNS, SIMPLIFIED_PATTERNS, all_best

SKILL = Fan()
SIMPLIFIED_IDS = {"robbing-kong", "last-tile", "green-dragon", "kai-vu"}


def hand(difficulty, concealed, winning, melds=(), variant="conventional", seat="S",
         round_="E", circumstances=(), options=None):
    situation = {"variant": variant, "seat_wind": seat, "round_wind": round_,
                 "hand": {"concealed": concealed, "melds": list(melds)},
                 "winning_tile": winning, "circumstances": list(circumstances),
                 "ask": "total" if difficulty == 1 else "patterns"}
    if options is not None:
        situation["options"] = options
    situation = WinningHand.from_json(situation)
    question = SKILL.generate(0, difficulty, HouseRules())
    return dataclasses.replace(question, difficulty=difficulty, situation=situation,
                               prompt=SKILL.prompt(situation, difficulty),
                               form=SKILL.form(situation))


ALL_IDS = list(PATTERN_IDS.values())


def test_every_pattern_has_an_id():
    names = {p.name for p in CONVENTIONAL_PATTERNS + SIMPLIFIED_PATTERNS}
    assert names <= set(PATTERN_IDS) and len(set(ALL_IDS)) == len(ALL_IDS)


def test_a_dragon_pung_is_one_fan():
    question = hand(1, "C C C 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", "4m")
    assert SKILL.solve(question).answer == 1
    assert [o.value for o in question.form.options] == [0, 1, 2]
    verdict = SKILL.grade(question, "2")
    assert not verdict.correct and "Dragon pung: 1 fán" in verdict.explanation
    assert "Article 6, item a" in verdict.explanation and SKILL.grade(question, "1").correct


def test_double_fan_is_the_maximum():
    question = hand(1, "C C C F F F P P P 2m 3m 4m 7s 7s", "7s", circumstances=["self_drawn",
                                                                            "last_tile"])
    assert SKILL.solve(question).answer == 2
    explanation = SKILL.grade(question, 2).explanation
    # HI-MJ-INCLUDES: big three dragons replaces only small three dragons, so the three
    # dragon pungs are listed and counted beside it (3 + 2 + 1 = 6 before the cap).
    assert "6 fán, but 2 fán is the maximum" in explanation
    assert "already includes" not in explanation
    patterns = hand(3, "C C C F F F P P P 2m 3m 4m 7s 7s", "7s",
                    circumstances=["self_drawn", "last_tile"], options=ALL_IDS)
    assert SKILL.solve(patterns).answer == {"dragon-pung", "big-dragons", "last-tile"}
    assert SKILL.grade(patterns, "dragon-pung, big-dragons, last-tile").correct
    wrong = SKILL.grade(patterns, "big-dragons last-tile")  # the dragon pungs left out
    assert not wrong.correct and wrong.score == pytest.approx(2 / 3)


def test_small_three_dragons_scores_its_dragon_pungs_too():
    question = hand(2, "C C C F F F P P 2m 3m 4m 7s 8s 9s", "P", options=ALL_IDS)
    assert SKILL.solve(question).answer == {"dragon-pung", "small-dragons"}
    assert SKILL.grade(question, ["small-dragons"]).score == 0.5


def test_the_minimum_hand_and_a_wind_that_is_nobody_s():
    question = hand(2, "2m 3m 4m 5p 6p 7p N N N 1s 2s 3s 9p 9p", "9p", seat="S", round_="E",
                    options=ALL_IDS)
    assert SKILL.solve(question).answer == {"kai-vu"}
    verdict = SKILL.grade(question, "seat-wind")
    assert verdict.score == 0.0 and "kai vu" in verdict.explanation
    assert SKILL.solve(hand(1, "2m 3m 4m 5p 6p 7p N N N 1s 2s 3s 9p 9p", "9p")).answer == 0


def test_seat_and_round_wind_together_are_double_wind():
    question = hand(2, "S S S 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", "1s", seat="S", round_="S",
                    options=ALL_IDS)
    assert SKILL.solve(question).answer == {"double-wind"}
    assert "Double wind" in SKILL.grade(question, "seat-wind round-wind").explanation


def test_declared_melds_and_kongs():
    question = hand(2, "2m 3m 4m 5p 6p 7p 1s 1s", "1s", melds=["C C C C", "7s 8s 9s"],
                    circumstances=["self_drawn", "kong_replacement"], options=ALL_IDS)
    assert SKILL.solve(question).answer == {"dragon-pung", "kong-replacement"}


def test_the_simplified_form():
    green = hand(1, "F F 2m 3m 4m", "F", variant="simplified")
    assert [o.value for o in green.form.options] == [0, 1]
    assert SKILL.solve(green).answer == 1
    assert "Article 6, item b" in SKILL.grade(green, 0).explanation
    assert SKILL.solve(hand(1, "F F 2m 3m 4m", "2m", variant="simplified")).answer == 0
    both = hand(2, "2m 3m 4m 5p 5p", "3m", variant="simplified",
                circumstances=["robbing_kong", "last_tile"], options=sorted(SIMPLIFIED_IDS))
    assert SKILL.solve(both).answer == {"robbing-kong", "last-tile"}
    assert SKILL.grade(both, "robbing-kong").score == 0.5


@pytest.mark.parametrize("answer", ["three", "", None, 5, "-1"])
def test_unreadable_totals(answer):
    with pytest.raises(UnreadableAnswer, match="0, 1, 2") as caught:
        SKILL.grade(hand(1, "C C C 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", "4m"), answer)
    assert "0, 1, 2" in str(caught.value)


@pytest.mark.parametrize("answer", ["dragon", "big-dragon", "dragon-pung, 7"])
def test_unreadable_patterns(answer):
    question = hand(2, "C C C 2m 3m 4m 5p 6p 7p 7s 8s 9s 1s 1s", "4m", options=ALL_IDS)
    with pytest.raises(UnreadableAnswer,
                       match="is not one of the options: choose among Dragon pung") as caught:
        SKILL.grade(question, answer)
    assert "Dragon pung; Round wind pung" in str(caught.value)  # the words to type


ONE_SUIT_NORTH = "1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 5m 6m N N"


@pytest.mark.parametrize("listing", ["one-suit-honours, last-tile", "one-suit-chows last-tile"])
def test_either_of_two_readings_both_at_double_fan_is_right(listing):
    # HI-MJ-INCLUDES, valued after the cap: as pungs, wân iat sêk + last tile = 2 fán; as
    # chows, wân iat sêk p'êng vu + last tile = 3, capped at 2. Both lists are right.
    question = hand(3, ONE_SUIT_NORTH, "6m", circumstances=["last_tile"], options=ALL_IDS)
    verdict = SKILL.grade(question, listing)
    assert verdict.correct and verdict.score == 1.0
    assert not SKILL.grade(question, "last-tile").correct
    # The explanation gives the other reading and its list, citing HI-MJ-INCLUDES.
    assert "The hand can also be read as the sets" in verdict.explanation
    assert "also 2 fán after the cap, and that list is right too" in verdict.explanation


def test_below_the_cap_only_the_reading_worth_more_is_right():
    question = hand(3, ONE_SUIT_NORTH, "6m", options=ALL_IDS)  # 1 fán against 2
    assert SKILL.grade(question, "one-suit-chows").correct
    wrong = SKILL.grade(question, "one-suit-honours")
    assert not wrong.correct and "can also be read" not in wrong.explanation


def test_the_options_offer_every_pattern_of_every_equally_valuable_reading():
    # Seed 1199 at level 3 deals such a hand: wân iat sêk p'êng vu or wân iat sêk, each
    # with the last tile; both must be among the options, whatever else is offered.
    question = SKILL.generate(1199, 3, HouseRules())
    best = all_best(_win(question.situation))
    lists = [{PATTERN_IDS[hit.pattern.name] for hit in r.patterns} for r in best]
    assert len(best) == 2 and lists[0] != lists[1]
    assert set().union(*lists) <= set(question.situation.options)
    for listed in lists:
        assert SKILL.grade(question, sorted(listed)).correct
    for seed in range(300):
        for difficulty in (2, 3):
            question = SKILL.generate(seed, difficulty, HouseRules())
            offered = set(question.situation.options)
            for result in all_best(_win(question.situation)):
                ids = {PATTERN_IDS[hit.pattern.name] for hit in result.patterns} or {"kai-vu"}
                assert ids <= offered, (seed, difficulty)


def scored_ids(situation):
    result = score(_win(situation))
    return {PATTERN_IDS[hit.pattern.name] for hit in result.patterns} or {"kai-vu"}


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_thousand_seeds(difficulty):
    answers, seen = Counter(), Counter()
    for seed in range(1000):
        question = SKILL.generate(seed, difficulty, HouseRules())
        reference = SKILL.solve(question).answer
        verdict = SKILL.grade(question, reference)
        assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
        assert verdict.correct and verdict.score == 1.0 and "Article 6" in verdict.explanation
        assert not SKILL.grade(question, mutate(question, reference)).correct
        situation = question.situation
        ids = scored_ids(situation)
        seen.update((i, situation.variant) for i in ids)
        if difficulty == 1:
            answers[reference] += 1
        else:
            assert reference == ids and reference <= set(situation.options)
            answers["kai-vu" if reference == {"kai-vu"} else len(reference)] += 1
    # Every pattern of Art. 6 (a) and (b), and kai vu in both forms, at every difficulty.
    expected = {(i, "conventional") for i in ALL_IDS if i != "green-dragon"}
    expected |= {(i, "simplified") for i in SIMPLIFIED_IDS}
    assert expected <= set(seen), expected - set(seen)
    if difficulty == 1:
        assert answers[0] <= 300 and min(answers[n] for n in (0, 1, 2)) >= 200
    else:
        assert answers["kai-vu"] <= 300 and answers[1] <= 850
    if difficulty == 3:
        assert sum(n for k, n in answers.items() if k != "kai-vu" and k >= 2) >= 250


def independent_ids(situation):
    """A few patterns judged without the rules core, from the tiles and circumstances."""
    concealed, melds = situation.hand.read()
    tiles = list(concealed) + [t for m in melds for t in m.tiles]
    flags = set(situation.circumstances)
    suits = {t // 9 for t in tiles if t < 27}
    orphans = {0, 8, 9, 17, 18, 26, *range(27, 34)}
    found = {
        "pure-one-suit": len(suits) == 1 and all(t < 27 for t in tiles),
        "all-honours": all(t >= 27 for t in tiles),
        "all-terminals": all(t < 27 and t % 9 in (0, 8) for t in tiles),
        "thirteen-orphans": set(tiles) == orphans,
        "heavenly": "heavenly" in flags, "earthly": "earthly" in flags,
        "kong-on-kong": "kong_on_kong" in flags,
    }
    if situation.variant == "simplified":
        found = {"robbing-kong": "robbing_kong" in flags, "last-tile": "last_tile" in flags,
                 "green-dragon": situation.winning_tile == "F"}
    return {name for name, ok in found.items() if ok}, set(found)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), difficulty=st.sampled_from([1, 2, 3]))
def test_any_seed_agrees_with_the_independent_checks(seed, difficulty):
    question = SKILL.generate(seed, difficulty, HouseRules())
    situation = question.situation
    found, judged = independent_ids(situation)
    assert scored_ids(situation) & judged == found
    result = score(_win(situation))
    cap = 2 if situation.variant == "conventional" else 1
    total = min(sum(hit.fan for hit in result.patterns), cap)
    if difficulty == 1:
        assert SKILL.solve(question).answer == total
