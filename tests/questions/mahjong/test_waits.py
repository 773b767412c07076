"""Mah-Jong winning hands and waits (Portaria 135/91/M, Art. 4; Art. 6 a, thirteen orphans)."""

import dataclasses
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questions import Question, UnreadableAnswer
from questions.mahjong.hands.waits import Waits
from questions.mahjong.situation import HandAsked
from tests.questions.mutations import mutate
from trainer.rules.house import HouseRules
from trainer.rules.mahjong import parse_tiles
from trainer.rules.mahjong.hands.tiles import tile_name

SKILL = Waits()
ORPHAN_NAMES = "1m 9m 1p 9p 1s 9s E S W N C F P".split()


def reference_is_winning(tiles, sets_needed=4):
    """Independent of the rules core: sets and a pair by brute force, or thirteen orphans."""
    names = sorted(tile_name(t) for t in tiles)
    if sets_needed == 4 and len(names) == 14 and set(names) == set(ORPHAN_NAMES):
        return True
    counts = Counter(tiles)

    def sets(left):
        if not left:
            return True
        low = min(left)
        rest = Counter(left)
        if rest[low] >= 3:
            rest[low] -= 3
            if sets(+rest):
                return True
            rest[low] += 3
        if low < 27 and low % 9 <= 6 and rest[low + 1] and rest[low + 2]:
            rest.subtract([low, low + 1, low + 2])
            return sets(+rest)
        return False

    if len(tiles) != 3 * sets_needed + 2:
        return False
    return any(sets(+(counts - Counter({pair: 2}))) for pair in counts if counts[pair] >= 2)


def reference_waits(situation):
    concealed, melds = situation.hand.read()
    needed = (4 if situation.variant == "conventional" else 1) - len(melds)
    in_hand = Counter(list(concealed) + [t for m in melds for t in m.tiles])
    kinds = range(34) if situation.variant == "conventional" else [*range(27), 32]
    return {tile_name(t) for t in kinds
            if in_hand[t] < 4 and reference_is_winning([*concealed, t], needed)}


def with_situation(difficulty, **stored):
    """The question on a situation written as it is stored."""
    situation = HandAsked.from_json(stored)
    question = SKILL.generate(0, difficulty, HouseRules())
    return dataclasses.replace(question, situation=situation,
                               prompt=SKILL.prompt(situation, difficulty),
                               form=SKILL.form(situation))


def winning(text):
    return with_situation(1, variant="conventional", ask="winning",
                          hand={"concealed": text, "melds": []})


def waiting(text, candidates, variant="conventional", melds=()):
    return with_situation(2, variant=variant, ask="waits",
                          hand={"concealed": text, "melds": list(melds)},
                          candidates=candidates.split())


def test_thirteen_orphans_wins_and_seven_pairs_does_not():
    orphans = winning("1m 9m 1p 9p 1s 9s E S W N C F P P")
    assert SKILL.solve(orphans).answer == "yes"
    verdict = SKILL.grade(orphans, "no")
    assert not verdict.correct and "Article 6, item a" in verdict.explanation
    assert "thirteen orphans" in verdict.explanation
    pairs = winning("1m 1m 2p 2p 3s 3s 4s 4s E E S S C C")
    assert SKILL.grade(pairs, "no").correct and SKILL.grade(pairs, False).correct
    verdict = SKILL.grade(pairs, "yes")
    assert verdict.score == 0.0 and "Article 4, item a" in verdict.explanation


def test_four_sets_and_a_pair_are_read():
    verdict = SKILL.grade(winning("1m 2m 3m 5p 5p 5p 7s 8s 9s W W W C C"), "yes")
    assert verdict.correct
    assert ("[7 of bamboos, 8 of bamboos, 9 of bamboos], [West wind, West wind, West wind] "
            "and the pair [red dragon, red dragon]") in verdict.explanation


def test_the_nine_gates_wait_on_every_tile_of_the_suit():
    question = waiting("1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m",
                       "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p E")
    everything = {f"{v}m" for v in range(1, 10)}
    assert SKILL.solve(question).answer == everything
    assert SKILL.grade(question, "1m 2m 3m 4m 5m 6m 7m 8m 9m").correct
    partial = SKILL.grade(question, ["1m", "9m"])
    assert not partial.correct and partial.score == pytest.approx(2 / 9)
    assert "With 5 of characters" in partial.explanation
    assert "Article 4, item a" in partial.explanation


def test_a_fifth_tile_does_not_exist():
    question = waiting("2m 2m 2m 2m 3m 4m 5m E E E S S S", "1m 2m 3m 4m 5m 6m")
    assert SKILL.solve(question).answer == {"5m"}
    verdict = SKILL.grade(question, "2m 5m")
    assert verdict.score == 0.5 and "all four 2 of characters are already in it" in (
        verdict.explanation)


def test_thirteen_orphans_waits_on_all_thirteen():
    question = waiting(" ".join(ORPHAN_NAMES), " ".join(ORPHAN_NAMES + ["2m", "5p"]))
    assert SKILL.solve(question).answer == set(ORPHAN_NAMES)
    assert "thirteen orphans" in SKILL.grade(question, "E").explanation


def test_declared_melds_and_the_simplified_form():
    melded = waiting("3p 4p 9s 9s", "2p 3p 4p 5p 6p 9s", melds=["E E E", "1m 2m 3m", "C C C"])
    assert SKILL.solve(melded).answer == {"2p", "5p"}
    simple = waiting("2m 3m 4m 5m", "1m 2m 3m 4m 5m 6m F", variant="simplified")
    assert SKILL.solve(simple).answer == {"2m", "5m"}
    verdict = SKILL.grade(simple, "F")
    assert verdict.score == 0.0 and "Article 4, item b" in verdict.explanation
    nothing = waiting("1m 5m 9p F", "1m 5m 9p F", variant="simplified")
    assert SKILL.solve(nothing).answer == frozenset() and SKILL.grade(nothing, "").correct
    assert "No tile completes the hand" in SKILL.grade(nothing, "F").explanation


@pytest.mark.parametrize("answer", ["maybe", None, "", 3])
def test_unreadable_yes_no(answer):
    with pytest.raises(UnreadableAnswer,
                       match="Yes, it is a winning hand; No, it is not") as caught:
        SKILL.grade(winning("1m 9m 1p 9p 1s 9s E S W N C F P P"), answer)
    assert "Yes, it is a winning hand; No, it is not" in str(caught.value)


@pytest.mark.parametrize("answer", ["5x", "2m 7z", "9p", ["1m", "banana"]])
def test_unreadable_tiles(answer):
    question = waiting("2m 2m 2m 2m 3m 4m 5m E E E S S S", "1m 2m 3m 4m 5m 6m")
    with pytest.raises(UnreadableAnswer,
                       match="is not one of the options: choose among 1m, 2m") as caught:
        SKILL.grade(question, answer)
    assert "1m, 2m, 3m, 4m, 5m, 6m" in str(caught.value)


def near_miss(tiles):
    """What kind of near miss 14 tiles are, judged from the tiles alone."""
    counts = Counter(tile_name(t) for t in tiles)
    if len(counts) == 7 and set(counts.values()) == {2}:
        return "seven pairs"
    if len(set(counts) & set(ORPHAN_NAMES)) >= 12:
        return "thirteen orphans" if set(counts) == set(ORPHAN_NAMES) else "orphans, a stranger"
    return "other"


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_thousand_seeds(difficulty):
    answers, kinds, variants = Counter(), Counter(), Counter()
    for seed in range(1000):
        question = SKILL.generate(seed, difficulty, HouseRules())
        reference = SKILL.solve(question).answer
        verdict = SKILL.grade(question, reference)
        assert Question.from_json(json.loads(json.dumps(question.to_json()))) == question
        assert verdict.correct and verdict.score == 1.0 and verdict.explanation
        assert "Article" in verdict.explanation
        assert not SKILL.grade(question, mutate(question, reference)).correct
        situation = question.situation
        concealed, _ = situation.hand.read()
        if difficulty == 1:
            assert (reference == "yes") == reference_is_winning(list(concealed))
            answers[reference] += 1
            kinds[near_miss(concealed), reference] += 1
        else:
            assert reference == reference_waits(situation)
            assert reference <= set(situation.candidates) and len(situation.candidates) <= 15
            answers[len(reference)] += 1
        variants[situation.variant] += 1
    if difficulty == 1:
        assert 350 <= answers["yes"] <= 650
        assert kinds["thirteen orphans", "yes"] >= 30 and kinds["seven pairs", "no"] >= 50
        assert kinds["orphans, a stranger", "no"] >= 50 and kinds["other", "no"] >= 200
    else:
        assert answers[0] <= 50 and answers[1] <= 450  # most hands wait on two or more
        assert variants["simplified"] >= 150
    if difficulty == 3:
        assert answers[13] >= 20 and sum(n for k, n in answers.items() if k >= 5) >= 100


def test_level_3_has_the_fifth_tile_trap_and_declared_melds():
    trapped = melded = 0
    for seed in range(300):
        question = SKILL.generate(seed, 3, HouseRules())
        explanation = SKILL.grade(question, "").explanation
        trapped += "are already in it" in explanation
        melded += bool(question.situation.hand.melds)
    assert trapped >= 5 and melded >= 60


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), difficulty=st.sampled_from([2, 3]))
def test_every_offered_tile_is_judged_as_the_independent_checker_does(seed, difficulty):
    question = SKILL.generate(seed, difficulty, HouseRules())
    right = reference_waits(question.situation)
    for tile in question.situation.candidates:
        verdict = SKILL.grade(question, [tile])
        assert verdict.correct == (right == {tile})
    assert parse_tiles(" ".join(question.situation.candidates))
