"""Mah-Jong mistake kinds, produced on purpose by the rules core and named by the verdict:
a claim priority reversed (who takes the discard, and the ruling on the calls) and a fán
counted twice (the patterns listed)."""

from collections import Counter

import pytest

import i18n
from questions.mahjong.claims.claim_words import NOBODY
from questions.model import jsonable
from questions.registry import generate, skill
from questions.regrade import MISTAKES
from trainer.levels import DIFFICULTIES
from trainer.rules.mahjong import mistakes as usual
from trainer.rules.mistakes import OTHER

KINDS = {"mahjong.claim": usual.CLAIM_KINDS, "mahjong.claim_calls": usual.CLAIM_KINDS,
         "mahjong.fan": usual.FAN_KINDS}
SEEDS = range(80)


def _answer(skill_id, question, wrong, reasons=None):
    """``wrong`` as the trainee gives it; a ruling with the right reasons ticked unless
    ``reasons`` are given (the mistake is in who takes the tile)."""
    if skill_id == "mahjong.claim_calls":
        if reasons is None:
            reasons = question.reference_answer()["reasons"]
        return {"ruling": wrong, "reasons": sorted(reasons)}
    return jsonable(wrong)


def _right(skill_id, question):
    right = question.reference_answer()
    return right["ruling"] if skill_id == "mahjong.claim_calls" else right


@pytest.mark.parametrize("skill_id", sorted(KINDS))
def test_every_mistake_produced_on_purpose_is_named(skill_id):
    """Across seeds × every level: the rules core computes each mistake's answer; given, the
    verdict is wrong and names exactly the kinds giving that answer (or it is a claim the
    taker may choose, right); each kind occurs."""
    seen: Counter[tuple[int, str]] = Counter()
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            question = generate(skill_id, seed, difficulty)
            mistaken = skill(skill_id).mistaken_answers(question)
            assert {kind for kind, _ in mistaken} <= set(KINDS[skill_id])
            for mistake, wrong in mistaken:
                verdict = question.grade(_answer(skill_id, question, wrong))
                if wrong == _right(skill_id, question):
                    assert verdict.correct and verdict.mistakes == ()
                    continue
                if verdict.correct:  # another claim the taker may choose (HI-MJ-CLAIM)
                    assert skill_id == "mahjong.claim" and verdict.mistakes == ()
                    continue
                assert set(verdict.mistakes) == {k for k, a in mistaken if a == wrong}
                assert mistake in verdict.mistakes and OTHER not in verdict.mistakes
                seen[difficulty, mistake.id] += 1
    assert {kind for _level, kind in seen} == {k.id for k in KINDS[skill_id]}
    if skill_id == "mahjong.fan":  # the total (level 1) is capped: see below
        assert {level for level, _kind in seen} == set(DIFFICULTIES) - {1}
    else:
        assert {level for level, _kind in seen} == set(DIFFICULTIES)


def test_each_reversal_occurs_at_each_level_of_who_takes_the_discard():
    seen = set()
    for difficulty in DIFFICULTIES:
        for seed in SEEDS:
            question = generate("mahjong.claim", seed, difficulty)
            right = question.reference_answer()
            seen |= {(difficulty, kind) for kind, wrong in
                     skill("mahjong.claim").mistaken_answers(question) if wrong != right}
    assert seen == {(level, kind) for level in DIFFICULTIES for kind in usual.CLAIM_KINDS}


def test_a_ruling_given_to_the_reversed_call_is_named_whatever_reasons_are_ticked():
    question, wrong = _first_mistake("mahjong.claim_calls")
    for reasons in ([], sorted(question.reference_answer()["reasons"])):
        verdict = question.grade({"ruling": wrong, "reasons": reasons})
        assert not verdict.correct and verdict.mistakes and OTHER not in verdict.mistakes


def test_the_right_ruling_with_wrong_reasons_is_another_mistake():
    for seed in SEEDS:
        question = generate("mahjong.claim_calls", seed, 2)
        right = question.reference_answer()
        if right["reasons"]:
            verdict = question.grade({"ruling": right["ruling"], "reasons": []})
            assert 0 < verdict.score < 1 and verdict.mistakes == (OTHER,)
            return
    pytest.fail("no ruling with a call refused")


@pytest.mark.parametrize("skill_id", sorted(KINDS))
def test_a_right_answer_names_no_mistake(skill_id):
    for difficulty in DIFFICULTIES:
        for seed in range(20):
            question = generate(skill_id, seed, difficulty)
            verdict = question.grade(jsonable(question.reference_answer()))
            assert verdict.correct and verdict.mistakes == ()


@pytest.mark.parametrize("skill_id", sorted(KINDS))
def test_an_unrelated_wrong_answer_is_another_mistake(skill_id):
    met = 0
    for difficulty in DIFFICULTIES:
        for seed in range(20):
            question = generate(skill_id, seed, difficulty)
            odd = _unrelated(skill_id, question)
            if odd is None:
                continue
            verdict = question.grade(odd)
            assert not verdict.correct and verdict.mistakes == (OTHER,)
            assert verdict.mistake_lines == []
            met += 1
    assert met > 20


def _unrelated(skill_id, question):
    """A wrong answer no usual mistake gives: another option (a ruling with the right
    reasons), a listing with one pattern more or less."""
    mistaken = [a for _k, a in skill(skill_id).mistaken_answers(question)]
    right = question.reference_answer()
    values = [o.value for o in question.form.options]
    if skill_id == "mahjong.fan":
        if isinstance(right, int):
            return None  # a total: the cap leaves no mistake but "another" (see below)
        for value in values:
            odd = right ^ {value}
            if odd and odd not in mistaken and not question.grade(sorted(odd)).correct:
                return sorted(odd)
        return None
    ruling = right["ruling"] if skill_id == "mahjong.claim_calls" else right
    for value in values:
        if value != ruling and value not in mistaken:
            answer = _answer(skill_id, question, value)
            if not question.grade(answer).correct:
                return answer
    return None


def test_the_total_of_the_fan_hides_the_mistake():
    """Every pattern that includes another is worth double fán, the maximum: the total with
    the inclusion skipped is the right total, so the total form never names the kind."""
    for seed in range(200):
        question = generate("mahjong.fan", seed, 1)
        [(kind, total)] = skill("mahjong.fan").mistaken_answers(question)
        assert kind is usual.FAN_COUNTED_TWICE and total == question.reference_answer()


def test_a_fan_counted_twice_names_the_kind_in_each_language():
    question, wrong = _first_mistake("mahjong.fan")
    verdict = question.grade(sorted(wrong))
    assert verdict.mistakes == (usual.FAN_COUNTED_TWICE,)
    for language, words in (("en", "You counted a pattern"), ("pt_MO", "Contou"),
                            ("zh_Hant_MO", "番")):
        with i18n.speaking(language):
            [line] = verdict.mistake_lines
            assert words in line and "HI-MJ-INCLUDES" in line and line.endswith(
                "." if language != "zh_Hant_MO" else "。")


@pytest.mark.parametrize("skill_id", sorted(KINDS))
def test_an_old_attempt_is_classified_again_from_its_question(skill_id):
    """The regrade path (questions.regrade.MISTAKES) names the kinds of a stored wrong
    answer from its stored question, and from its seed when the question cannot be read."""
    question, wrong = _first_mistake(skill_id)
    answer = _answer(skill_id, question, wrong)
    ids = question.grade(answer).mistake_ids
    assert ids and "other" not in ids
    assert MISTAKES.classifies(skill_id)
    stored = question.to_json()
    assert MISTAKES.kinds(stored, answer) == ids
    dealt_again = {k: stored[k] for k in ("skill", "seed", "difficulty", "rules")}
    assert MISTAKES.kinds(dealt_again, answer) == ids


def _first_mistake(skill_id):
    for difficulty in (2, 3):
        for seed in SEEDS:
            question = generate(skill_id, seed, difficulty)
            for _kind, wrong in skill(skill_id).mistaken_answers(question):
                if wrong != _right(skill_id, question) and wrong != NOBODY and not \
                        question.grade(_answer(skill_id, question, wrong)).correct:
                    return question, wrong
    raise AssertionError("no mistake that differs")


def test_a_reversed_step_changes_only_what_that_step_decided():
    """Over the calls dealt: a step reversed grants a call exactly when the right ruling
    does, never a call refused on its own tiles, seat or bars, and differs only where that
    step refused a call in the right ruling."""
    from questions.mahjong.claims.claim_calls import calls_of
    from trainer.rules.mahjong.play.claims import PRIORITY, faults, rule

    changed = set()
    for difficulty in DIFFICULTIES:
        for seed in range(150):
            situation = generate("mahjong.claim_calls", seed, difficulty).situation
            variant, discarder, tile, hands, bars = situation.table()
            calls = calls_of(situation)
            right = rule(discarder, tile, hands, calls, variant, bars)
            for step in PRIORITY:
                wrong = rule(discarder, tile, hands, calls, variant, bars, reversed_step=step)
                assert (wrong.granted is None) == (right.granted is None)
                if wrong.granted is None or wrong.granted == right.granted:
                    continue
                assert not faults(wrong.granted, discarder, tile, hands[wrong.granted.seat],
                                  variant, bars)
                assert any(step in grounds for grounds in right.grounds.values())
                changed.add(step)
    assert changed == set(PRIORITY)
