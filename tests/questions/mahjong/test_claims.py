"""Who takes a discard (Portaria 135/91/M, Art. 5 and 9)."""

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questions import Question, UnreadableAnswer
from questions.mahjong.claims.claims import WhoClaims
from questions.mahjong.situation import Barred, Discard, TileHand
from tests.questions.mahjong.test_waits import reference_is_winning
from tests.questions.mutations import mutate
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import Variant, Wind
from trainer.rules.mahjong.hands.tiles import parse_tile

SKILL = WhoClaims()
SEATS = "ESWN"
NOTHING = "1m 4m 7m 2p 8p 3s 5s 9s E S W N P"  # takes nothing
NOTHING_2 = "2m 5m 8m 3p 9p 2s 6s 9s E S W N P"
WAITS_5P = "2m 3m 4m 6s 7s 8s 1p 1p 1p C C C 5p"  # wins on 5p (the pair)
ALSO_5P = "2m 3m 4m 6s 7s 8s 9p 9p 9p F F F 5p"
PAIR_5P = "5p 5p 1m 4m 7m 2s 5s 8s E S W F F"
THREE_5P = "5p 5p 5p 1m 4m 7m 2s 5s 8s E S W F"
CHOW_5P = "4p 6p 1m 4m 7m 2s 5s 8s E S W F F"


def reference_claim(situation):
    """Independent of the rules core: Art. 5 and 9 as the digest states them, read from the
    situation's JSON (``situation``: as stored)."""
    simplified = situation["variant"] == "simplified"
    start = SEATS.index(situation["discarder"])
    seats = [SEATS[(start + step) % 4] for step in (1, 2, 3)]
    tile = parse_tile(situation["discard"])
    hands = {seat: _hand(situation["hands"][seat]) for seat in seats}
    bars = situation["bars"]
    for seat in seats:
        concealed, melds = hands[seat]
        needed = (1 if simplified else 4) - len(melds)
        if seat not in bars["withdrew_pung"] and reference_is_winning([*concealed, tile],
                                                                       needed):
            return f"{seat}-win"
    for seat in seats:
        if hands[seat][0].count(tile) >= 3 and seat not in bars["saw_tiles"]:
            return f"{seat}-kong"
    if simplified:
        return "nobody"
    for seat in seats:
        if hands[seat][0].count(tile) >= 2:
            return f"{seat}-pung"
    held = set(hands[seats[0]][0])
    if tile < 27 and any({a, b} <= held and a // 9 == b // 9 == tile // 9
                         for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1),
                                      (tile + 1, tile + 2))):
        return f"{seats[0]}-chow"
    return "nobody"


def _hand(data):
    return TileHand.from_json(data).read()


def at_table(discarder, discard, variant="conventional", withdrew=(), saw=(), **hands):
    seats = {"east": "E", "south": "S", "west": "W", "north": "N"}
    situation = Discard(Variant(variant), Wind(discarder), discard,
                        {seats[k]: TileHand(v, ()) for k, v in hands.items()},
                        Barred(tuple(map(Wind, withdrew)), tuple(map(Wind, saw))))
    question = SKILL.generate(0, 2, HouseRules())
    return dataclasses.replace(question, situation=situation,
                               prompt=SKILL.prompt(situation, 2), form=SKILL.form(situation))


def reference_choices(situation):
    """Independent of the rules core: the taker of ``reference_claim`` may take the tile for
    any claim legal for him that still beats every other player's strongest claim (a win
    beats all; a pung or kong beats a chow; HI-MJ-CLAIM: he chooses)."""
    taken = reference_claim(situation)
    if taken == "nobody":
        return {"nobody"}
    seat = taken.split("-")[0]
    others = [alone(situation, s, bars=True).split("-")[-1]
              for s in SEATS if s not in (seat, situation["discarder"])]
    tile = parse_tile(situation["discard"])
    concealed, _ = _hand(situation["hands"][seat])
    kinds = {alone(situation, seat, bars=True).split("-")[-1]}
    simplified = situation["variant"] == "simplified"
    if concealed.count(tile) >= 2 and not simplified:
        kinds.add("pung")
    if concealed.count(tile) >= 3 and seat not in situation["bars"]["saw_tiles"]:
        kinds.add("kong")
    start = SEATS.index(situation["discarder"])
    if not simplified and SEATS[(start + 1) % 4] == seat and tile < 27 and any(
            {a, b} <= set(concealed) and a // 9 == b // 9 == tile // 9
            for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2))):
        kinds.add("chow")
    if "win" in others:
        kinds &= {"win"}
    if {"pung", "kong"} & set(others):
        kinds -= {"chow"}
    return {f"{seat}-{kind}" for kind in kinds}


def test_the_next_player_with_a_pair_and_a_run_may_chow_or_pung():
    """The legal-choice bug: South holds a pair of 5p and 4p 6p, nobody else wants it. He
    chooses (HI-MJ-CLAIM); "chow" was graded wrong before."""
    both = "5p 5p 4p 6p 1m 4m 7m 2s 8s E S W F"
    question = at_table("E", "5p", east=NOTHING, south=both, west=NOTHING_2, north=NOTHING)
    for answer in ("S-chow", "S-pung", "south chow"):
        verdict = SKILL.grade(question, answer)
        assert verdict.correct and verdict.score == 1.0, answer
    assert not SKILL.grade(question, "nobody").correct
    assert "he may also choose" in str(SKILL.solve(question).answer_text)


def test_a_holder_of_three_may_kong_or_pung_but_the_chow_loses():
    question = at_table("E", "5p", east=NOTHING, south=CHOW_5P, west=NOTHING_2, north=THREE_5P)
    assert {o.value for o in question.form.options
            if SKILL.grade(question, o.value).correct} == {"N-kong", "N-pung"}


def test_winning_beats_a_pung():
    question = at_table("E", "5p", east=NOTHING, south=PAIR_5P, west=WAITS_5P, north=NOTHING_2)
    assert SKILL.solve(question).answer == "W-win"
    verdict = SKILL.grade(question, "S-pung")
    assert not verdict.correct and verdict.score == 0.0
    assert "South holds a pair of 5 of circles" in verdict.explanation
    assert "South's pung is refused: a win comes before a pung" in verdict.explanation
    assert "House interpretation HI-MJ-CLAIM" in verdict.explanation
    assert "Article 5, item a(4)" in verdict.explanation
    assert SKILL.grade(question, "west win").correct and SKILL.grade(question, ("W", "win")).correct


def test_two_winners_the_nearest_counterclockwise_takes_it():
    question = at_table("S", "5p", east=ALSO_5P, south=NOTHING, west=NOTHING_2, north=WAITS_5P)
    assert SKILL.solve(question).answer == "N-win"  # North comes before East after South
    verdict = SKILL.grade(question, "E-win")
    assert not verdict.correct and "nearer counterclockwise" in verdict.explanation
    assert "Article 5, item a(6)" in verdict.explanation


def test_a_pung_beats_the_next_players_chow():
    question = at_table("E", "5p", east=NOTHING, south=CHOW_5P, west=NOTHING_2, north=PAIR_5P)
    assert SKILL.solve(question).answer == "N-pung"
    alone = at_table("E", "5p", east=NOTHING, south=NOTHING_2, west=CHOW_5P, north=NOTHING)
    assert SKILL.solve(alone).answer == "nobody"  # only the next player may chow
    assert "5 of circles stays discarded" in SKILL.grade(alone, "W-chow").explanation


def test_article_9_bars():
    question = at_table("E", "5p", withdrew=["W"], east=NOTHING, south=PAIR_5P, west=WAITS_5P,
                        north=NOTHING_2)
    assert SKILL.solve(question).answer == "S-pung"
    verdict = SKILL.grade(question, "W-win")
    assert "withdrew" in verdict.explanation and "Article 9, item a(2)" in verdict.explanation
    seen = at_table("E", "5p", saw=["N"], east=NOTHING, south=NOTHING_2, west=NOTHING,
                    north=THREE_5P)
    assert SKILL.solve(seen).answer == "N-pung"  # may not kong, may still pung
    verdict = SKILL.grade(seen, "N-kong")
    assert not verdict.correct and "may not make a kong" in verdict.explanation
    assert "Article 9, item a(3)" in verdict.explanation


def test_the_simplified_form_takes_a_discard_only_to_win_or_kong():
    pair = at_table("E", "5p", "simplified", east="1m 1m 1m 2s", south="5p 5p 8s 9s",
                    west="2m 3m 7s 9s", north="2p 2p 2p 5s")
    assert SKILL.solve(pair).answer == "nobody"
    assert {o.value for o in pair.form.options} == {"S-win", "S-kong", "W-win", "W-kong",
                                                    "N-win", "N-kong", "nobody"}
    kong = at_table("E", "5p", "simplified", east="1m 1m 1m 2s", south="5p 5p 5p 9s",
                    west="4p 6p 7s 7s", north="2p 2p 2p 5s")
    assert SKILL.solve(kong).answer == "W-win"
    verdict = SKILL.grade(kong, "S-kong")
    assert "a win comes before a kong" in verdict.explanation
    assert "Article 5, item b(4)" in verdict.explanation


@pytest.mark.parametrize("answer", ["", None, "x", "E-pung", "Z-win", "S-steal", ("S",)])
def test_unreadable_answers(answer):
    question = at_table("E", "5p", east=NOTHING, south=PAIR_5P, west=WAITS_5P, north=NOTHING_2)
    with pytest.raises(UnreadableAnswer,
                       match="is not one of the options: give a seat and a claim") as caught:
        SKILL.grade(question, answer)
    assert "nobody" in str(caught.value)


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_thousand_seeds(difficulty):
    kinds, seats, variants = Counter(), Counter(), Counter()
    for seed in range(1000):
        question = SKILL.generate(seed, difficulty, HouseRules())
        reference = SKILL.solve(question).answer
        verdict = SKILL.grade(question, reference)
        assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
        assert verdict.correct and verdict.score == 1.0 and "135/91/M" in verdict.explanation
        assert not SKILL.grade(question, mutate(question, reference)).correct
        assert reference == reference_claim(question.situation.to_json())
        if seed < 150:  # every option graded: the taker's choices are right, nothing else
            right = {o.value for o in question.form.options
                     if SKILL.grade(question, o.value).correct}
            assert right == reference_choices(question.situation.to_json()), (seed, difficulty)
        kinds[reference.split("-")[-1]] += 1
        seats[reference.split("-")[0]] += 1
        variants[question.situation.variant] += 1
        tiles = [t for hand in question.situation.hands.values()
                 for t in hand.concealed.split() + " ".join(hand.melds).split()]
        assert max(Counter([*tiles, question.situation.discard]).values()) <= 4
    assert kinds["nobody"] <= 300 and max(kinds.values()) <= 400
    assert {"win", "kong", "pung", "chow"} <= set(kinds) and set(SEATS) <= set(seats)
    assert all(seats[seat] >= 150 for seat in SEATS)
    assert (variants["simplified"] >= 150) == (difficulty > 1)


def alone(situation, seat, bars=False):
    """What ``seat`` could do with the discard if nobody else wanted it, bars aside."""
    return reference_claim(dict(
        situation, bars=situation["bars"] if bars else {"withdrew_pung": [], "saw_tiles": []},
        hands={s: h if s == seat else {"concealed": "", "melds": []}
               for s, h in situation["hands"].items()}))


def test_the_interesting_cases_are_built_on_purpose():
    cases = Counter()
    for seed in range(1000):
        for difficulty in (2, 3):
            question = SKILL.generate(seed, difficulty, HouseRules())
            situation, reference = question.situation.to_json(), SKILL.solve(question).answer
            wants = [alone(situation, seat) for seat in SEATS if seat != situation["discarder"]]
            wanting = sum(want != "nobody" for want in wants)
            cases["contested"] += wanting >= 2
            cases["three want it"] += wanting == 3
            cases["two winners"] += sum(want.endswith("win") for want in wants) >= 2
            cases["chow loses"] += any(w.endswith("chow") for w in wants) and reference != next(
                w for w in wants if w.endswith("chow"))
            explanation = SKILL.grade(question, reference).explanation
            cases["bar matters"] += "Article 9" in explanation
            cases["melds"] += any(h["melds"] for h in situation["hands"].values())
    assert cases["contested"] >= 900 and cases["three want it"] >= 80
    assert cases["two winners"] >= 150 and cases["chow loses"] >= 150
    assert cases["bar matters"] >= 150 and cases["melds"] >= 600


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), difficulty=st.sampled_from([1, 2, 3]))
def test_any_seed_agrees_with_the_independent_reference(seed, difficulty):
    question = SKILL.generate(seed, difficulty, HouseRules())
    assert SKILL.solve(question).answer == reference_claim(question.situation.to_json())


def test_questions_stored_before_the_choice_rule_still_load_and_grade():
    """Questions kept by the store before readings version 3 (made by the old generator):
    they load, and their old right answer is still right (none of them offered the taker a
    choice the old rule refused)."""
    stored = json.loads((Path(__file__).parent / "data" / "claims_before_readings_3.json")
                        .read_text(encoding="utf-8"))
    assert len(stored) == 12
    for item in stored:
        question = Question.from_json(item["question"])
        assert question.skill == "mahjong.claim"
        verdict = question.grade(item["answer"])
        assert verdict.correct and verdict.score == 1.0, item["answer"]
        assert not question.grade(mutate(question, item["answer"])).correct
