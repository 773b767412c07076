"""13-card game: setting the banker's hand by the house way (HI-HOUSE-WAY, Art. 7, 9)."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from questions.model import Question, UnreadableAnswer
from questions.thirteen.hands.house_way import HouseWaySkill
from trainer.rules.cards import Card, parse_cards
from trainer.rules.house import HouseRules, HouseWay, ThirteenRules
from trainer.rules.thirteen import Arrangement, Natural, Tier, find_natural, is_foul
from trainer.rules.thirteen.house_way import best_arrangement, expected_points

SKILL = HouseWaySkill()
RULES = HouseRules()
PLAIN = "AS AH KD QC 10S 9H 7D 6C 5S 4H 3D 2C JS"  # no natural, no set: a pair of aces


def question(cards, rules=RULES, difficulty=2):
    data = SKILL.generate(1, difficulty, rules).to_json()
    data["situation"] = {"places": 4, "banker": 1, "hands": {"1": cards}}
    return Question.from_json(data)


def grade(q, answer):
    return SKILL.grade(q, answer)


def tiers(arrangement, natural=False):
    return {**{t.value: [str(c) for c in arrangement.tier(t)] for t in Tier},
            "natural": natural}


def typed(arrangement):
    return " / ".join(f"{t.value}: " + " ".join(str(c) for c in arrangement.tier(t))
                      for t in Tier)


# ---------------------------------------------------------------- hand-worked examples
def test_the_house_way_setting_is_right_and_a_weaker_one_earns_part():
    q = question(PLAIN)
    best = best_arrangement(parse_cards(PLAIN))
    reference = SKILL.solve(q).answer
    assert reference == tiers(best) and not reference["natural"]
    assert grade(q, reference).correct and grade(q, typed(best)).correct
    assert grade(q, best).correct  # an Arrangement is read too
    # Aces behind, nothing in front: not a foul, but it expects fewer points.
    weaker = Arrangement(parse_cards("7D 6C 5S"), parse_cards("QC 10S 9H 4H 3D"),
                         parse_cards("AS AH KD JS 2C"))
    assert not is_foul(weaker)
    verdict = grade(q, tiers(weaker))
    want = float(expected_points(weaker) / expected_points(best))
    assert not verdict.correct and verdict.score == pytest.approx(want) and 0 < want < 1
    assert "HI-HOUSE-WAY" in verdict.explanation and "Article 9, item II" in verdict.explanation
    assert "per 100 hands" in verdict.explanation


def test_a_foul_scores_nothing_and_the_explanation_cites_article_7():
    q = question(PLAIN)
    fouled = Arrangement(parse_cards("AS AH KD"), parse_cards("QC 10S 9H 4H 3D"),
                         parse_cards("7D 6C 5S JS 2C"))
    verdict = grade(q, tiers(fouled))
    assert verdict.score == 0 and "a foul" in verdict.explanation
    assert "Article 7" in verdict.explanation


def test_an_equally_good_setting_is_correct():
    # The house way puts 10C in front and 10S in the back straight; the other way round
    # changes nothing (no flush depends on them): the same expected points, so right too.
    cards = "AS KD KS JS 10C 10S 9D 8S 7D 7C 6D 6H 4D"
    q = question(cards)
    best = best_arrangement(parse_cards(cards))
    assert "10C" in tiers(best)["front"] and "10S" in tiers(best)["back"]
    assert grade(q, "front: 10S 6D 6H / middle: AS KD KS 7D 4D / back: JS 10C 9D 8S 7C").correct


def test_a_natural_must_be_declared():
    q = question("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS")  # a dragon
    reference = SKILL.solve(q).answer
    assert reference["natural"] is True
    assert grade(q, "natural").correct and grade(q, {"natural": "dragon"}).correct
    assert grade(q, reference).correct
    setting = best_arrangement(parse_cards("AS 2H 3D 4C 5S 6H 7D 8C 9S 10H JD QC KS"))
    undeclared = grade(q, tiers(setting))
    assert undeclared.score == 0.5 and not undeclared.correct
    text = undeclared.explanation
    assert "natural: dragon" in text and "Article 9, item I" in text and "HI-NATURAL" in text
    strict = HouseRules(thirteen=ThirteenRules(natural_declared_automatically=False))
    assert grade(question(q.situation.hands["1"], strict), tiers(setting)).score == 0


def test_three_flushes_are_shown_one_suit_per_tier():
    q = question("AS KS 2S 3H 5H 7H 9H JH 3D 4D 6D 8D 10D")
    reference = SKILL.solve(q).answer
    assert reference["natural"]
    assert all(len({card[-1] for card in reference[t.value]}) == 1 for t in Tier)
    assert "three flushes" in str(SKILL.solve(q).answer_text)


def test_declaring_a_natural_the_cards_do_not_make_scores_nothing():
    q = question(PLAIN)
    best = best_arrangement(parse_cards(PLAIN))
    verdict = grade(q, typed(best) + " / natural")
    assert verdict.score == 0 and "make no natural" in verdict.explanation
    assert grade(q, "natural").score == 0


def test_the_strongest_back_house_way():
    rules = HouseRules(thirteen=ThirteenRules(house_way=HouseWay.STRONGEST_BACK))
    cards = "AS KS QS JS 10S 9H 9D 9C 2H 2D 5C 6C 7D"
    q = question(cards, rules)
    reference = SKILL.solve(q).answer
    assert set(reference["back"]) == {"AS", "KS", "QS", "JS", "10S"}
    assert grade(q, reference).correct
    expected_points_way = best_arrangement(parse_cards(cards))
    verdict = grade(q, tiers(expected_points_way))
    if [expected_points_way.hand(t).key for t in Tier] != [
            best_arrangement(parse_cards(cards), rules.thirteen).hand(t).key for t in Tier]:
        assert verdict.score < 1
    assert "strongest back" in verdict.explanation


# ---------------------------------------------------------------- every seed, every level
def mutated(q, reference):
    """A different answer that must grade wrong."""
    if reference["natural"]:
        return {**reference, "natural": False}
    best = Arrangement(*(tuple(Card.parse(c) for c in reference[t.value]) for t in Tier))
    for i in range(3):
        for j in range(5):
            back = list(best.back)
            front = list(best.front)
            front[i], back[j] = back[j], front[i]
            other = Arrangement(front, best.middle, back)
            if expected_points(other) < expected_points(best):
                return tiers(other)
    raise AssertionError("every swap ties the house way")


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_many_seeds(difficulty):
    # A quick check: tests/questions/test_every_skill.py runs 1,000 seeds per level.
    for seed in range(100):
        q = SKILL.generate(seed, difficulty, RULES)
        assert Question.from_json(json.loads(json.dumps(q.to_json()))) == q
        reference = SKILL.solve(q).answer
        verdict = grade(q, reference)
        assert verdict.correct and verdict.score == 1.0
        wrong = grade(q, mutated(q, reference))
        assert not wrong.correct and 0 <= wrong.score < 1


def test_levels_deal_what_they_promise():
    naturals, differs, sets = Counter(), 0, Counter()
    for seed in range(300):
        easy = SKILL.generate(seed, 1, RULES)
        back = best_arrangement(parse_cards(easy.situation.hands["1"])).hand(Tier.BACK)
        sets[back.category.label.msgid] += 1
        hard = SKILL.generate(seed, 3, RULES)
        cards = parse_cards(hard.situation.hands["1"])
        natural = find_natural(cards)
        if natural:
            naturals[natural] += 1
            continue
        naive = best_arrangement(cards, ThirteenRules(house_way=HouseWay.STRONGEST_BACK))
        differs += [naive.hand(t).category for t in Tier] != [
            best_arrangement(cards).hand(t).category for t in Tier]
    assert set(naturals) == set(Natural) and 60 <= sum(naturals.values()) <= 150
    assert differs >= 0.95 * (300 - sum(naturals.values()))
    # Level 1 hands hold an obvious set: the back is at least three of a kind nearly always.
    assert sum(n for k, n in sets.items() if k in ("pair", "two pairs", "high card")) < 15


# ----------------------------------------------------------------------------- reading
def test_typed_forms_are_read():
    q = question(PLAIN)
    best = best_arrangement(parse_cards(PLAIN))
    groups = [" ".join(str(c).lower() for c in best.tier(t)) for t in Tier]
    for answer in (f"back: {groups[2]}; front: {groups[0]}; middle: {groups[1]}",
                   f"1: {groups[0]}\n2: {groups[1]}\n3: {groups[2]}",
                   " / ".join(groups),
                   {"front": groups[0], "middle": groups[1].split(), "back": groups[2]}):
        assert grade(q, answer).correct, answer


GIVE_THE_TIERS = "Give the three tiers, e.g. “front: "
EACH_ONCE = "Use each of the banker's 13 cards exactly once"


@pytest.mark.parametrize(("answer", "says"), [
    ("", GIVE_THE_TIERS), (None, GIVE_THE_TIERS), (7, GIVE_THE_TIERS),
    ("front: AS AH KD", GIVE_THE_TIERS),
    ("AS AH KD QC 10S 9H 7D 6C 5S 4H 3D 2C JS", GIVE_THE_TIERS),
    ("front: AS AH / middle: KD QC 10S 9H 7D 6C / back: 5S 4H 3D 2C JS",
     "The front tier holds 3 cards, the middle and the back 5 each"),
    ("front: AS AH XX / middle: KD QC 10S 9H 7D / back: 6C 5S 4H 3D 2C",
     "“XX” is not a card"),
    ("front: AS AH AD / middle: KD QC 10S 9H 7D / back: 6C 5S 4H 3D 2C", EACH_ONCE),
    ("front: AS AH AS / middle: KD QC 10S 9H 7D / back: 6C 5S 4H 3D 2C", EACH_ONCE),
    ({"front": "AS AH KD", "natural": "maybe"}, GIVE_THE_TIERS),
    ({"natural": False}, GIVE_THE_TIERS),
])
def test_unreadable_answers_say_how_to_answer(answer, says):
    with pytest.raises(UnreadableAnswer, match=says) as caught:
        grade(question(PLAIN), answer)
    assert str(caught.value)


def test_a_card_not_in_the_hand_is_named_in_the_message():
    with pytest.raises(UnreadableAnswer, match="exactly once"):
        grade(question(PLAIN), "AS AH AD / KD QC 10S 9H 7D / 6C 5S 4H 3D 2C")


@settings(max_examples=60, deadline=None)
@given(order=st.permutations(list(range(13))))
def test_any_setting_scores_between_0_and_1_and_fouls_score_0(order):
    cards = parse_cards(PLAIN)
    q = question(PLAIN)
    shuffled = [cards[i] for i in order]
    setting = Arrangement(shuffled[:3], shuffled[3:8], shuffled[8:])
    verdict = grade(q, tiers(setting))
    assert 0 <= verdict.score <= 1
    assert (verdict.score == 0) == is_foul(setting)
    assert verdict.correct == (expected_points(setting) == expected_points(
        best_arrangement(cards)))


# ------------------------------------------------------ the house way in force, and ties
def test_the_question_names_the_house_way_in_force():
    for seed in range(10):
        prompt = str(SKILL.generate(seed, 2, RULES).prompt)
        assert "The house way here is “expected points”" in prompt
        assert "a tier that ties counting as the banker's" in prompt
    rules = HouseRules(thirteen=ThirteenRules(house_way=HouseWay.STRONGEST_BACK))
    prompt = str(SKILL.generate(3, 2, rules).prompt)
    assert "The house way here is “strongest back”" in prompt and "expected" not in prompt


def test_a_tie_counts_as_the_bankers_so_the_half_tie_setting_is_no_longer_right():
    # Counting a tied tier half, the house way kept the 3s as a pair in front (J-3-3 /
    # K-9-7-7-6 / 8-8-8-4-2). A tie is the banker's (Art. 10): K-J-9 in front, two pairs
    # in the middle now expect more (RULES.md HI-HOUSE-WAY).
    cards = "KD JH 9H 8S 8H 8C 7D 7C 6C 4C 3H 3C 2S"
    q = question(cards)
    reference = SKILL.solve(q).answer
    assert sorted(reference["front"]) == ["9H", "JH", "KD"]
    old = "front: JH 3H 3C / middle: KD 9H 7D 7C 6C / back: 8S 8H 8C 4C 2S"
    verdict = grade(q, old)
    assert not verdict.correct and 0.9 < verdict.score < 1
    text = verdict.explanation
    assert "a tie is the banker's" in text and "Article 10" in text and "HI-HOUSE-WAY" in text


def test_six_pairs_with_a_trio_is_no_natural_by_hi_six_pairs():
    cards = "AS AH AD KC KS 7S 7H 5D 5C 9S 9H JD JC"  # five pairs and a trio of aces
    verdict = grade(question(cards), "natural")
    assert verdict.score == 0 and "HI-SIX-PAIRS" in verdict.explanation
    allowing = HouseRules(thirteen=ThirteenRules(six_pairs_allow_three_of_a_kind=True))
    assert grade(question(cards, allowing), "natural").correct
