"""A hand that reads two ways worth the same fán after the cap (HI-MJ-INCLUDES): either
reading's list earns full marks, both are offered, the answer is graded against the reading
nearest it, and the explanation says the hand reads two ways and which one the answer follows.
"""

import dataclasses
import re

import pytest
from hypothesis import given, settings

from questions.mahjong.hands.fan import PATTERN_IDS, Fan, _win
from tests.questions.mahjong.test_fan import hand
from tests.rules.mahjong.test_fan_readings import one_suit_hands
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import format_tiles
from trainer.rules.mahjong.hands.fan import readings

SKILL = Fan()
CHOWS = frozenset({"one-suit-chows", "last-tile"})  # four chows and a plain wind pair
PUNGS = frozenset({"one-suit-honours", "last-tile"})  # three pungs, a chow, the pair
TWO_WAYS = ("The hand reads 2 ways that list different patterns, each worth 2 fán after the "
            "cap: each reading's list is right.")
FOLLOWS = "The answer given is the list of the reading explained next."
NEAREST = ("The answer given comes nearest to the list of the reading explained next, and is "
           "marked against it.")
INCLUDES = "[House interpretation HI-MJ-INCLUDES]"


def lines(verdict):
    return verdict.explanation.splitlines()


@pytest.fixture(params=[2938, 1199, 3865])
def two_ways(request):
    """The seeds of issue 33: one suit and a plain wind pair on the last tile."""
    return SKILL.generate(request.param, 3, HouseRules())


@pytest.mark.parametrize("listed", [CHOWS, PUNGS])
def test_each_reading_s_list_earns_full_marks_and_is_offered(two_ways, listed):
    assert listed <= set(two_ways.situation.options)
    verdict = SKILL.grade(two_ways, sorted(listed))
    assert verdict.correct and verdict.score == 1.0
    assert verdict.expected == listed  # the right answer shown is the list given


def pungs_in(line):
    """How many of the sets a reading's sentence names are pungs (three tiles alike)."""
    sets = [group.split(", ") for group in re.findall(r"\[([^\]]*)\]", line)]
    return sum(1 for tiles in sets if len(tiles) >= 3 and len(set(tiles)) == 1)


@pytest.mark.parametrize(("listed", "other_list"), [
    (CHOWS, "scores One suit with honours (wân iat sêk), Win on the last tile"),
    (PUNGS, "scores Win on the last tile (hoi tai lau yuet), One suit, all chows")])
def test_the_explanation_says_the_hand_reads_two_ways_and_which_the_answer_follows(
        two_ways, listed, other_list):
    said = lines(SKILL.grade(two_ways, sorted(listed)))
    assert said[0] == f"{TWO_WAYS} {INCLUDES}"
    assert said[1] == f"{FOLLOWS} {INCLUDES}"
    # The reading followed is explained next, the other after it, with its list.
    assert said[2].startswith("It reads as the sets [")
    assert pungs_in(said[2]) == (0 if listed == CHOWS else 3)
    [other] = [line for line in said if line.startswith("The hand can also be read as")]
    assert other_list in other and other.endswith(INCLUDES)
    assert pungs_in(other) == (3 if listed == CHOWS else 0)


def test_the_reference_explanation_names_no_answer(two_ways):
    solution = SKILL.solve(two_ways)
    assert solution.answer == CHOWS  # the reading with most fán before the cap first
    texts = [str(reason.text) for reason in solution.reasons]
    assert texts[0] == TWO_WAYS and FOLLOWS not in texts and NEAREST not in texts


@pytest.mark.parametrize(("answer", "nearest", "score"), [
    (["one-suit-honours"], PUNGS, 0.5),
    (["one-suit-chows"], CHOWS, 0.5),
    (["one-suit-honours", "last-tile", "all-chows"], PUNGS, 2 / 3),
    (["last-tile"], CHOWS, 0.5),  # as near to both: the first reading
    (["one-suit-honours", "one-suit-chows", "last-tile"], CHOWS, 2 / 3),
    ([], CHOWS, 0.0),
])
def test_partial_credit_is_measured_against_the_nearest_reading(two_ways, answer, nearest,
                                                                score):
    verdict = SKILL.grade(two_ways, answer)
    assert not verdict.correct and verdict.score == pytest.approx(score)
    assert verdict.expected == nearest
    assert lines(verdict)[1] == f"{NEAREST} {INCLUDES}"


def test_below_the_cap_the_two_readings_differ_and_only_the_better_is_right():
    # Seed 2938's hand without the last tile: four chows, wân iat sêk p'êng vu, 2 fán;
    # three pungs and a chow, wân iat sêk, 1 fán.
    question = SKILL.generate(2938, 3, HouseRules())
    situation = dataclasses.replace(question.situation, circumstances=("self_drawn",))
    question = dataclasses.replace(question, situation=situation)
    assert SKILL.grade(question, "one-suit-chows").correct
    wrong = SKILL.grade(question, "one-suit-honours")
    assert not wrong.correct and wrong.score == 0.0
    assert wrong.expected == {"one-suit-chows"}
    assert not any("reads 2 ways" in line or "answer given" in line or "can also be read"
                   in line for line in lines(wrong))
    assert lines(wrong)[0].startswith("It reads as the sets [")  # as before issue 33


def ids(result):
    return sorted(PATTERN_IDS[name] for name in result.names) or ["kai-vu"]


def check_every_reading(question):
    """Every reading's list earns full marks exactly when it is worth the most after the
    cap (the cap applied here, apart from the rules core), and each such list is offered."""
    every = readings(_win(question.situation), question.rules.mahjong)
    cap = 2 if question.situation.variant == "conventional" else 1
    top = max(min(sum(hit.fan for hit in r.patterns), cap) for r in every)
    if question.situation.ask == "total":
        assert [SKILL.grade(question, fan).correct for fan in range(cap + 1)] == [
            fan == top for fan in range(cap + 1)]
        return 1
    offered = set(question.situation.options)
    for result in every:
        worth_most = min(sum(hit.fan for hit in result.patterns), cap) == top
        assert not worth_most or set(ids(result)) <= offered
        if set(ids(result)) <= offered:  # a list that cannot be ticked cannot be given
            assert SKILL.grade(question, ids(result)).correct == worth_most
    return len({result.names for result in every if result.fan == top})


@pytest.mark.parametrize(("difficulty", "seeds"), [(1, 1000), (2, 1000), (3, 4000)])
def test_every_seed_accepts_exactly_the_readings_worth_the_most(difficulty, seeds):
    several = [seed for seed in range(seeds)
               if check_every_reading(SKILL.generate(seed, difficulty, HouseRules())) > 1]
    if difficulty == 3:
        assert several == [1199, 2938, 3865]


@settings(max_examples=150, deadline=None)
@given(win=one_suit_hands())
def test_built_hands_accept_exactly_the_readings_worth_the_most(win):
    flags = [name for name in ("self_drawn", "last_tile") if getattr(win, name)]
    question = hand(3, format_tiles(win.tiles), format_tiles(win.tiles[:1]),
                    seat=win.seat_wind.value, round_=win.round_wind.value,
                    circumstances=flags, options=list(PATTERN_IDS.values()))
    check_every_reading(question)
