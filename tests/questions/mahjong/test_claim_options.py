"""What may a player do with a discard: every claim legal for him (Portaria 135/91/M, Art. 4,
5, 9; HI-MJ-CLAIM: a player who could make several claims chooses)."""

import dataclasses
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questions import Question
from questions.mahjong.claims.claim_options import WhatMayHeClaim
from questions.mahjong.situation import Barred, DiscardAsked, TileHand
from tests.questions.mahjong.test_claims import NOTHING, NOTHING_2, PAIR_5P, WAITS_5P
from tests.questions.mahjong.test_waits import reference_is_winning
from tests.questions.mutations import mutate
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Variant, Wind
from trainer.rules.mahjong.hands.tiles import parse_tile

SKILL = WhatMayHeClaim()
SEATS = "ESWN"
BOTH_5P = "5p 5p 4p 6p 1m 4m 7m 2s 8s E S W F"
THREE_5P = "5p 5p 5p 1m 4m 7m 2s 5s 8s E S W F"


def at_table(discarder, discard, seat, variant="conventional", withdrew=(), saw=(), **hands):
    seats = {"east": "E", "south": "S", "west": "W", "north": "N"}
    situation = DiscardAsked(Variant(variant), Wind(discarder), discard,
                             {seats[k]: TileHand(v, ()) for k, v in hands.items()},
                             Barred(tuple(map(Wind, withdrew)), tuple(map(Wind, saw))),
                             Wind(seat))
    question = SKILL.generate(0, 2, HouseRules())
    return dataclasses.replace(question, situation=situation,
                               prompt=SKILL.prompt(situation, 2), form=SKILL.form(situation))


def reference_options(situation):
    """Independent of the rules core: Art. 4, 5 and 9 as the digest states them."""
    simplified = situation.variant == "simplified"
    seat, tile = situation.seat, parse_tile(situation.discard)
    concealed, melds = situation.hands[seat].read()
    held = list(concealed).count(tile)
    bars = situation.bars
    kinds = set()
    if (simplified or seat not in bars.withdrew_pung) and reference_is_winning(
            [*concealed, tile], (1 if simplified else 4) - len(melds)):
        kinds.add("win")
    if held >= 3 and seat not in bars.saw_tiles:
        kinds.add("kong")
    if not simplified and held >= 2:
        kinds.add("pung")
    nxt = SEATS[(SEATS.index(situation.discarder) + 1) % 4]
    if not simplified and seat == nxt and tile < 27 and any(
            {a, b} <= set(concealed) and a // 9 == b // 9 == tile // 9
            for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2))):
        kinds.add("chow")
    return kinds or {"none"}


def test_legal_choice_regression_the_next_player_may_chow_or_pung():
    question = at_table("E", "5p", "S", east=NOTHING, south=BOTH_5P, west=NOTHING_2,
                        north=NOTHING)
    assert SKILL.solve(question).answer == {"chow", "pung"}
    verdict = SKILL.grade(question, ["chow", "pung"])
    assert verdict.correct and verdict.score == 1.0
    assert "House interpretation HI-MJ-CLAIM" in verdict.explanation
    assert SKILL.grade(question, ["pung"]).score == 0.5  # one of the two
    assert not SKILL.grade(question, ["chow"]).correct


def test_a_holder_of_three_may_kong_or_pung_unless_he_saw_anothers_tiles():
    question = at_table("E", "5p", "W", east=NOTHING, south=NOTHING_2, west=THREE_5P,
                        north=NOTHING)
    assert SKILL.solve(question).answer == {"kong", "pung"}
    seen = at_table("E", "5p", "W", saw=["W"], east=NOTHING, south=NOTHING_2, west=THREE_5P,
                    north=NOTHING)
    assert "West saw another player's tiles earlier this game." in str(seen.prompt)
    assert SKILL.solve(seen).answer == {"pung"}
    assert "Article 9, item a(3)" in SKILL.grade(seen, ["pung"]).explanation


def test_only_the_next_player_may_chow_and_a_pair_is_needed_to_pung():
    question = at_table("E", "5p", "N", east=NOTHING, south=NOTHING_2, west=NOTHING,
                        north="4p 6p 1m 4m 7m 2s 5s 8s E S W F F")
    assert SKILL.solve(question).answer == {"none"}
    explanation = SKILL.grade(question, ["none"]).explanation
    assert "North's chow is refused: only the next player may chow" in explanation
    assert "North's pung is refused: he has no pair of 5 of circles" in explanation
    assert "Article 5, item a(3)" in explanation and "Article 5, item a(4)" in explanation


def test_a_winner_who_withdrew_a_pung_call_may_only_pung():
    hand = "2m 3m 4m 6s 7s 8s 1p 1p 1p 5p 5p C C"  # wins on 5p or C, holds a pair of 5p
    free = at_table("E", "5p", "W", east=NOTHING, south=NOTHING_2, west=hand, north=NOTHING)
    assert SKILL.solve(free).answer == {"win", "pung"}
    barred = at_table("E", "5p", "W", withdrew=["W"], east=NOTHING, south=NOTHING_2,
                      west=hand, north=NOTHING)
    assert SKILL.solve(barred).answer == {"pung"}
    assert "Article 9, item a(2)" in SKILL.grade(barred, ["pung"]).explanation


@pytest.mark.parametrize(("hand", "expected"), [("5p 5p 8s 9s", {"none"}),
                                                ("5p 5p 5p 9s", {"kong"}),
                                                ("4p 6p 7s 7s", {"win"})])
def test_the_simplified_form_takes_a_discard_only_to_win_or_for_a_kong(hand, expected):
    question = at_table("E", "5p", "S", "simplified", east="1m 1m 1m 2s", south=hand,
                        west="2m 3m 7s 9s", north="2p 2p 2p 5s")
    assert SKILL.solve(question).answer == expected
    explanation = SKILL.grade(question, sorted(expected)).explanation
    assert "Article 5, item b(3)" in explanation  # no pung, no chow


def test_unused_tables_do_not_matter():
    question = at_table("E", "5p", "S", east=NOTHING, south=PAIR_5P, west=WAITS_5P,
                        north=NOTHING_2)
    assert SKILL.solve(question).answer == {"pung"}  # West's win does not change South's


def test_every_level_over_many_seeds():
    seen = Counter()
    for difficulty in (1, 2, 3):
        for seed in range(300):
            question = SKILL.generate(seed, difficulty, HouseRules())
            assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
            answer = SKILL.solve(question).answer
            assert answer == reference_options(question.situation), (seed, difficulty)
            assert SKILL.grade(question, answer).correct
            assert not SKILL.grade(question, mutate(question, answer)).correct
            seen[len(answer) > 1] += 1
            seen[question.situation.variant] += 1
            for kind in answer:
                seen[kind] += 1
    assert seen[True] >= 200 and seen["simplified"] >= 150
    assert all(seen[kind] >= 60 for kind in ("win", "kong", "pung", "chow", "none")), seen


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), difficulty=st.sampled_from([1, 2, 3]))
def test_any_seed_agrees_with_the_independent_reference(seed, difficulty):
    question = SKILL.generate(seed, difficulty, HouseRules())
    assert SKILL.solve(question).answer == reference_options(question.situation)
