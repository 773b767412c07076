"""Ruling the calls on a discard (Portaria 135/91/M, Art. 4, 5, 9; HI-MJ-CLAIM): the calls
are shown, the trainee picks who takes the tile and ticks why each other call is refused."""

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questions import Question, UnreadableAnswer
from questions.mahjong.claims.claim_calls import RuleTheCalls, calls_of, offered, ruling_of
from questions.mahjong.situation import Barred, DiscardCalled, TileHand
from tests.questions.mahjong.test_claims import CHOW_5P, NOTHING, NOTHING_2, PAIR_5P, WAITS_5P
from tests.questions.mutations import mutate
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Bars, ClaimKind, Variant, Wind
from trainer.rules.mahjong.hands.tiles import parse_tile
from trainer.rules.mahjong.play.claims import faults

SKILL = RuleTheCalls()
THREE_5P = "5p 5p 5p 1m 4m 7m 2s 5s 8s E S W F"


def at_table(discarder, discard, calls, variant="conventional", withdrew=(), saw=(), **hands):
    seats = {"east": "E", "south": "S", "west": "W", "north": "N"}
    situation = DiscardCalled(Variant(variant), Wind(discarder), discard,
                              {seats[k]: TileHand(v, ()) for k, v in hands.items()},
                              Barred(tuple(map(Wind, withdrew)), tuple(map(Wind, saw))),
                              {seat: ClaimKind(kind) for seat, kind in calls.items()}, ())
    situation = dataclasses.replace(situation, offered=tuple(
        (c.seat, g) for c, g in offered(random.Random(1), ruling_of(situation), Variant(variant))))
    question = SKILL.generate(0, 2, HouseRules())
    return dataclasses.replace(question, situation=situation,
                               prompt=SKILL.prompt(situation, 2), form=SKILL.form(situation))


def test_a_pung_beats_the_next_players_chow_half_marks_without_the_reason():
    question = at_table("E", "5p", {"S": "chow", "W": "pung"}, east=NOTHING, south=CHOW_5P,
                        west=PAIR_5P, north=NOTHING_2)
    assert "South calls chow. West calls pung." in str(question.prompt)
    assert SKILL.solve(question).answer == {"ruling": "W-pung",
                                            "reasons": frozenset({"S-pung_first"})}
    full = SKILL.grade(question, {"ruling": "W-pung", "reasons": ["S-pung_first"]})
    assert full.correct and full.score == 1.0
    assert SKILL.grade(question, {"ruling": "W-pung", "reasons": []}).score == 0.5
    assert SKILL.grade(question, {"ruling": "S-chow", "reasons": ["S-pung_first"]}).score == 0
    labels = {o.value: str(o.label) for o in question.form.reasons}
    assert labels["S-pung_first"] == ("Art. 5 (a)(3): South's chow is refused: a pung or kong "
                                      "beats a chow")
    assert "Article 5, item a(4)" in full.explanation  # West holds a pair: his pung stands


def test_a_chow_by_a_player_who_is_not_next_and_a_pung_without_a_pair_nobody_takes_it():
    question = at_table("E", "5p", {"W": "chow", "N": "pung"}, east=NOTHING, south=NOTHING_2,
                        west=CHOW_5P, north=NOTHING)
    answer = SKILL.solve(question).answer
    assert answer == {"ruling": "nobody", "reasons": frozenset({"W-not_next", "N-no_pair"})}
    verdict = SKILL.grade(question, answer)
    assert "stays discarded" in verdict.explanation and "Article 9, item a(1)" in (
        verdict.explanation)
    assert "Nobody takes it: it stays discarded" in [str(o.label) for o in question.form.options]


def test_a_win_called_after_withdrawing_a_pung_call_is_refused():
    question = at_table("E", "5p", {"S": "pung", "W": "win"}, withdrew=["W"], east=NOTHING,
                        south=PAIR_5P, west=WAITS_5P, north=NOTHING_2)
    assert "West called pung earlier this game and withdrew the call." in str(question.prompt)
    answer = SKILL.solve(question).answer
    assert answer == {"ruling": "S-pung", "reasons": frozenset({"W-withdrew_pung"})}
    assert "Article 9, item a(2)" in SKILL.grade(question, answer).explanation


def test_a_kong_by_a_player_who_saw_anothers_tiles_does_not_beat_a_chow():
    question = at_table("E", "5p", {"S": "chow", "N": "kong"}, saw=["N"], east=NOTHING,
                        south=CHOW_5P, west=NOTHING_2, north=THREE_5P)
    assert "North saw another player's tiles earlier this game." in str(question.prompt)
    assert SKILL.solve(question).answer == {"ruling": "S-chow",
                                            "reasons": frozenset({"N-saw_tiles"})}


def test_the_simplified_form_a_win_beats_a_kong_and_a_pung_is_not_allowed():
    question = at_table("E", "5p", {"S": "kong", "W": "win", "N": "pung"}, "simplified",
                        east="1m 1m 1m 2s", south="5p 5p 5p 9s", west="4p 6p 7s 7s",
                        north="2p 2p 9p 9p")
    answer = SKILL.solve(question).answer
    assert answer == {"ruling": "W-win",
                      "reasons": frozenset({"S-win_first", "N-simplified"})}
    explanation = SKILL.grade(question, answer).explanation
    assert "House interpretation HI-MJ-CLAIM" in explanation
    assert "Article 5, item b(3)" in explanation and "Article 4, item b" in explanation


def test_typed_answers_and_nonsense():
    question = at_table("E", "5p", {"S": "chow", "W": "pung"}, east=NOTHING, south=CHOW_5P,
                        west=PAIR_5P, north=NOTHING_2)
    assert SKILL.grade(question, "W-pung, S-pung_first").correct
    assert SKILL.grade(question, ["West takes it for a pung", "S-pung_first"]).correct
    for nonsense in ("", "E-win", "W-pung, S-no_such"):
        with pytest.raises(UnreadableAnswer, match="options|ruling"):
            SKILL.grade(question, nonsense)


def test_every_level_over_many_seeds():
    seen = Counter()
    for difficulty in (1, 2, 3):
        for seed in range(300):
            question = SKILL.generate(seed, difficulty, HouseRules())
            assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
            situation = question.situation
            calls, ruling = calls_of(situation), ruling_of(situation)
            variant = situation.variant
            discarder, tile = situation.discarder, parse_tile(situation.discard)
            illegal = [c for c in calls if faults(c, discarder, tile, _hand(situation, c.seat),
                                                  variant, _bars(situation))]
            if difficulty == 1:
                assert len(calls) == 2 and not illegal, seed
            elif difficulty == 2:
                seen["illegal at 2"] += bool(illegal)
            else:
                assert len(calls) == 3, seed
                seen["two winners"] += sum(c.kind == "win" for c in calls) >= 2
            seen[situation.variant, difficulty] += 1
            answer = SKILL.solve(question).answer
            right = set(answer["reasons"])
            values = [o.value for o in question.form.reasons]
            assert right <= set(values) and 4 <= len(values) <= 7, (seed, difficulty)
            assert len(values) > len(right)  # something to leave unticked
            seen["a right reason first"] += values[0] in right
            for value in set(values) - right:  # a distractor never holds for its call
                seat, ground = value.split("-")
                call = next(c for c in calls if c.seat.value == seat)
                assert ground not in ruling.grounds[call], (seed, value)
            assert SKILL.grade(question, answer).correct
            assert not SKILL.grade(question, mutate(question, answer)).correct
            seen[answer["ruling"].split("-")[-1]] += 1
    assert seen["illegal at 2"] >= 285 and seen["two winners"] >= 80
    assert 150 <= seen["a right reason first"] <= 750
    assert seen["simplified", 2] >= 40 and seen["simplified", 3] >= 50
    assert seen["simplified", 1] == 0
    assert all(seen[kind] >= 30 for kind in ("win", "kong", "pung", "chow", "nobody")), seen


def _hand(situation, seat):
    return situation.hands[seat.value].read()


def _bars(situation):
    return Bars(frozenset(situation.bars.withdrew_pung), frozenset(situation.bars.saw_tiles))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), difficulty=st.sampled_from([1, 2, 3]))
def test_any_seed_grants_one_legal_call_and_refuses_every_other(seed, difficulty):
    question = SKILL.generate(seed, difficulty, HouseRules())
    situation = question.situation
    calls, ruling = calls_of(situation), ruling_of(situation)
    assert situation.discarder not in {c.seat for c in calls}
    if ruling.granted is not None:
        assert not faults(ruling.granted, situation.discarder,
                          parse_tile(situation.discard), _hand(situation,
                                                               ruling.granted.seat),
                          situation.variant, _bars(situation))
    assert {c for c, _ in ruling.refused} | ({ruling.granted} - {None}) == set(calls)
    assert len(ruling.refused) == len(calls) - (ruling.granted is not None)
