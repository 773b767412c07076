"""mahjong_baccarat.compare: who wins against the banker (Art. 6–8)."""

from collections import Counter

import pytest

from questions import UnreadableAnswer
from questions.mahjong_baccarat.situations import hands_of
from tests.questions.mahjong_baccarat.build import generate, question

SKILL = "mahjong_baccarat.compare"
ORDER = "A23456789K"
VALUE = {"K": 0, "A": 1, **{str(n): n for n in range(2, 10)}}


def reference(player, banker):
    """Art. 6–8 read plainly, independent of the rules core."""
    mine = sum(VALUE[t] for t in player.split()) % 10
    theirs = sum(VALUE[t] for t in banker.split()) % 10
    if mine == theirs == 0:
        return "banker", "zero"
    if mine != theirs:
        return ("player" if mine > theirs else "banker"), "points"
    high = max(ORDER.index(t) for t in player.split())
    other = max(ORDER.index(t) for t in banker.split())
    if high == other:
        return "banker", "equal"
    return ("player" if high > other else "banker"), "tile"


def one_place(player, banker, place=4):
    return question(SKILL, {"places": 10, "banker": 1, "place": place,
                            "hands": {"1": banker, str(place): player}}, 1)


@pytest.mark.parametrize(("player", "banker", "winner", "article"), [
    ("K 3", "8 5", "player", "Article 7(2)"),  # 3 v 3: the K is the highest tile
    ("A 2", "K 3", "banker", "Article 7(2)"),
    ("K K", "5 5", "banker", "Article 8"),  # 0 v 0 (密拾): the banker, whatever the tiles
    ("9 A", "K K", "banker", "Article 8"),
    ("4 5", "5 4", "banker", "Article 8"),  # equal points and tiles
    ("9 K", "8 K", "player", "Article 7(1)"),
    ("A K", "9 9", "banker", "Article 7(1)"),  # 1 v 8
])
def test_worked_examples(player, banker, winner, article):
    q = one_place(player, banker)
    loser = "banker" if winner == "player" else "player"
    assert q.grade(winner).correct
    verdict = q.grade(loser)
    assert not verdict.correct and verdict.expected == winner
    assert article in verdict.explanation


def test_a_full_table():
    hands = {"1": "3 9", "2": "A K", "3": "6 4", "4": "6 2", "5": "9 3", "6": "A 5",
             "7": "5 4", "8": "7 7", "9": "2 K", "10": "8 8"}
    q = question(SKILL, {"places": 10, "banker": 1, "hands": hands}, 3)
    right = {4, 6, 7, 8, 9, 10}  # 5 holds 9 3 against 3 9: equal, the banker's (Art. 8)
    assert q.grade(right).correct and q.grade("4, 6 7 8 9 10").correct
    partial = q.grade({4, 6, 7, 8, 10})  # forgot that place 9's K beats the banker's 9
    assert not partial.correct and partial.score == pytest.approx(5 / 6)
    assert "Place 5: Equal points and equal tiles" in partial.explanation


@pytest.mark.parametrize("difficulty", [1, 2])
def test_one_place_questions_are_balanced_and_hit_every_edge(difficulty):
    winners, rules = Counter(), Counter()
    for seed in range(1000):
        q = generate(SKILL, seed, difficulty)
        hands = q.situation.hands
        winner, rule = reference(hands[str(q.situation.place)], hands["1"])
        assert q.reference_answer() == winner
        winners[winner] += 1
        rules[rule, winner] += 1
    assert 350 <= winners["player"] <= 650
    for edge in [("tile", "player"), ("tile", "banker"), ("zero", "banker"),
                 ("equal", "banker")]:
        assert rules[edge] >= (50 if difficulty == 1 else 120), (edge, rules)


def test_full_tables_always_hold_an_edge_and_vary():
    answers, sizes = Counter(), Counter()
    for seed in range(1000):
        q = generate(SKILL, seed, 3)
        hands = q.situation.hands
        assert len(hands) == 10
        decided = {p: reference(hands[str(p)], hands["1"]) for p in range(2, 11)}
        assert any(rule != "points" for _, rule in decided.values()), seed
        right = {p for p, (winner, _) in decided.items() if winner == "player"}
        assert q.reference_answer() == right
        answers.update(right)
        sizes[len(right)] += 1
    assert set(answers) == set(range(2, 11))
    assert sizes[0] <= 300 and max(sizes.values()) <= 300


def test_hands_are_tiles_of_one_set():
    for seed in range(200):
        q = generate(SKILL, seed, 3)
        tiles = Counter(t for hand in hands_of(q.situation).values() for t in hand)
        assert set(tiles.values()) == {2} and len(tiles) == 10


@pytest.mark.parametrize(("difficulty", "answer"), [(1, "tie"), (1, ""), (1, None), (3, "1"),
                                                    (3, "11"), (3, "place")])
def test_unreadable_answers(difficulty, answer):
    with pytest.raises(UnreadableAnswer, match="one of the options") as caught:
        generate(SKILL, 2, difficulty).grade(answer)
    assert "option" in str(caught.value)


def test_no_place_is_a_readable_answer_at_difficulty_3():
    q = generate(SKILL, 2, 3)
    assert q.grade("").score == (1.0 if not q.reference_answer() else 0.0)
