"""three_card.classify: the class (1–31) of a hand (file 002, items 20–31; HI-3C-RANK)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
import questions
from questions import UnreadableAnswer
from questions.three_card.classify import near_misses
from questions.three_card.situations import ClassedHand
from tests.questions.three_card.helpers import question_for, reference_class
from trainer.rules.cards import cards_shown, format_cards, full_deck, parse_cards
from trainer.rules.three_card.classes import ranking_source

SKILL = "three_card.classify"


def classify(hand, options):
    return question_for(SKILL, ClassedHand(hand, tuple(options)))


# Items 20–31 of the official ranking, as worked examples.
@pytest.mark.parametrize(("hand", "right", "wrong"), [
    ("KS QH 3D", 20, 21),  # item 20: two figures + 3 (雙公三)
    ("JS 5H 8D", 21, 22),  # item 21: one figure + cards summing to 3 (單公三)
    ("10S AH 2D", 22, 21),  # item 22: no figure — the ten is not one (無公三)
    ("QS 10H AD", 27, 26),  # item 27: one figure; the ten is not a second one
    ("QS KH 10D", 29, 1),  # item 29: two figures and a ten are not three figures
    ("4S 7H 9D", 31, 30),  # item 31: zero without figure (無公密), 20 points
    ("JS QH KD", 1, 29),  # three figures, the highest class
])
def test_the_regulation_examples(hand, right, wrong):
    question = classify(hand, sorted({right, wrong, 2, 31}))
    assert question.reference_answer() == right
    assert question.grade(right).correct
    verdict = question.grade(wrong)
    assert not verdict.correct and verdict.score == 0.0 and verdict.expected == right
    assert str(ranking_source(right).cite()) in verdict.explanation
    assert cards_shown(hand) in verdict.explanation  # K♠ Q♥ 3♦, never our "KS QH 3D"
    assert hand not in verdict.explanation
    assert f"Class {right}:" in verdict.summary


def test_the_explanation_counts_the_cards():
    verdict = classify("10S 9H 8D", [5, 6, 7, 8]).grade(5)
    assert "0 + 9 + 8 = 17, so 7 points; 0 figures" in verdict.explanation
    i18n.set_language("pt_MO")
    assert "HI-3C-RANK" in verdict.explanation


def test_the_options_name_the_class():
    question = classify("KS QH 3D", [17, 20, 21, 23])
    labels = [str(option.label) for option in question.form.options]
    assert labels[1] == "Class 20: Three with two figures"


@pytest.mark.parametrize("answer", ["", None, "x", "32", 5, "twenty"])
def test_unreadable_answers_are_not_graded(answer):
    question = classify("KS QH 3D", [17, 20, 21, 23])
    with pytest.raises(UnreadableAnswer, match="one of the options.*17, 20, 21, 23") as caught:
        question.grade(answer)
    assert "17, 20, 21, 23" in str(caught.value)


def test_a_class_typed_as_text_is_read():
    assert classify("KS QH 3D", [17, 20, 21, 23]).grade(" 20 ").correct


hands = st.lists(st.sampled_from(full_deck()), min_size=3, max_size=3, unique=True)


@settings(max_examples=300)
@given(hands)
def test_any_hand_is_graded_as_counted_independently(cards):
    text = format_cards(cards)
    misses = near_misses(tuple(cards))
    right = reference_class(text)
    assert right not in misses and len(misses) >= 2
    question = classify(text, sorted([right, *misses[:4]]))
    assert question.reference_answer() == right
    assert not question.grade(misses[0]).correct


def test_near_misses_are_the_usual_slips():
    assert near_misses(parse_cards("QS KH 10D"))[0] == 1  # the ten taken for a figure
    assert set(near_misses(parse_cards("JS QH KD"))) >= {29, 30, 31}
    assert {20, 22} <= set(near_misses(parse_cards("JS 5H 8D")))  # one figure more or less


def answers(difficulty, seeds=1000):
    return Counter(questions.generate(SKILL, seed, difficulty).reference_answer()
                   for seed in range(seeds))


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_every_class_is_asked_and_none_dominates(difficulty):
    counts = answers(difficulty)
    assert set(counts) == set(range(1, 32))
    assert max(counts.values()) <= 300
    if difficulty < 3:
        assert max(counts.values()) <= 80  # about uniform: 1000 / 31 ≈ 32


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_the_right_answer_moves_among_the_options(difficulty):
    positions = Counter()
    for seed in range(1000):
        question = questions.generate(SKILL, seed, difficulty)
        values = [option.value for option in question.form.options]
        positions[values.index(question.reference_answer())] += 1
    assert len(positions) == len(question.form.options)
    assert max(positions.values()) <= 310 and min(positions.values()) >= 100


def test_level_three_asks_the_hard_hands():
    situations = [questions.generate(SKILL, seed, 3).situation for seed in range(1000)]
    counts = Counter(reference_class(s.hand) for s in situations)
    assert all(counts[c] >= 80 for c in (1, 29, 30, 31))  # three figures, 無公密 …
    with_tens = sum("10" in s.hand for s in situations)
    assert with_tens >= 500
    assert sum("10" in questions.generate(SKILL, seed, 1).situation.hand
               for seed in range(1000)) < 60  # level 1 deals a ten only for class 29


def test_the_options_are_near_misses():
    shown = Counter()
    for seed in range(1000):
        question = questions.generate(SKILL, seed, 3)
        right = question.reference_answer()
        options = question.situation.options
        assert right in options and len(options) == len(set(options)) == 5
        assert list(options) == sorted(options)
        hand = parse_cards(question.situation.hand)
        shown[len(set(near_misses(hand)) & set(options))] += 1
    assert shown[0] == 0 and shown[1] <= 100  # nearly always two or more near misses
