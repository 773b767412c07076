"""13-card game: cards dealt face up or to the wrong place (Portaria 51/89/M, Art. 4)."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import i18n
from questions.model import Question, UnreadableAnswer
from questions.thirteen.table.misdeal import Misdeal
from trainer.rules.cards import cards_shown, full_deck
from trainer.rules.house import HouseRules

SKILL = Misdeal()
RULES = HouseRules()
DECK = [str(card) for card in full_deck()]


def right_place(total, number):
    """Independent of the rules core: count from the banker, then deal round the table."""
    return (total - 1 + number - 1) % 4 + 1


def question(dice, places, face_up=(), identifiable=True):
    """A hand-made situation: card n of the deal went to ``places[n - 1]``."""
    data = SKILL.generate(1, 2, RULES).to_json()
    data["situation"] = {
        "places": 4, "banker": 1, "dice": list(dice), "identifiable": identifiable,
        "log": [{"card": DECK[i], "place": p, "face_up": i in face_up}
                for i, p in enumerate(places)]}
    return Question.from_json(data)


def clean(total, count):
    return [right_place(total, n) for n in range(1, count + 1)]


def grade(q, answer):
    return SKILL.grade(q, answer)


# ---------------------------------------------------------------- hand-worked examples
def test_a_card_turned_face_up_is_valid_and_the_deal_goes_on():
    q = question((3, 3, 2, 2), clean(10, 9), face_up={4})  # 10 → place 2
    assert SKILL.solve(q).answer == {"action": "continue", "moves": []}
    assert grade(q, "continue").correct
    verdict = grade(q, "cancel")
    assert not verdict.correct and verdict.score == 0
    assert "valid" in verdict.explanation and "Article 4" in verdict.explanation
    assert "Article 2, item b" in verdict.explanation


def test_one_card_to_the_wrong_place_goes_to_the_place_the_order_gives_it():
    places = clean(10, 9)
    places[4] = 4  # the 5th card belongs to place 2 (10 → 2, 3, 4, 1, 2 …)
    q = question((4, 2, 3, 1), places)
    assert SKILL.solve(q).answer == {"action": "rectify", "moves": [[DECK[4], 2]]}
    assert grade(q, f"rectify {DECK[4]}>2").correct
    assert grade(q, {"action": "rectify", "moves": [[DECK[4], 4, 2]]}).correct
    assert grade(q, f"{DECK[4].lower()} 2").correct  # moves alone mean rectify
    wrong = grade(q, f"rectify {DECK[4]}>3")
    assert not wrong.correct and wrong.score == 0.25
    assert "Card 5 of the deal" in wrong.explanation and "Article 4" in wrong.explanation
    assert not grade(q, "continue").correct


def test_a_skipped_place_moves_every_card_after_it_wrapping_round():
    # 7 → place 3: the order is 3, 4, 1, 2, 3, 4 … The croupier skipped place 3 at card 5
    # and went on one place ahead: cards 5-8 went to 4, 1, 2, 3.
    places = clean(7, 4) + [4, 1, 2, 3]
    q = question((1, 2, 2, 2), places)
    want = [[DECK[4], 3], [DECK[5], 4], [DECK[6], 1], [DECK[7], 2]]
    assert SKILL.solve(q).answer == {"action": "rectify", "moves": want}
    assert grade(q, "rectify " + " ".join(f"{c}>{p}" for c, p in reversed(want))).correct
    partial = grade(q, {"action": "rectify", "moves": want[:2]})
    assert partial.score == pytest.approx(0.25 + 0.75 * 2 / 4) and not partial.correct
    extra = grade(q, {"action": "rectify", "moves": [*want[:2], [DECK[0], 1]]})
    assert extra.score == pytest.approx(0.25 + 0.75 * 2 / 5)


def test_unidentifiable_misdealt_cards_cancel_the_deal_and_the_deck_is_reshuffled():
    places = clean(10, 12)
    places[7] = 3
    q = question((1, 2, 3, 4), places, identifiable=False)
    assert SKILL.solve(q).answer == {"action": "cancel", "moves": []}
    verdict = grade(q, f"rectify {DECK[7]}>1")
    assert not verdict.correct and verdict.score == 0
    text = verdict.explanation
    assert "by hand" in text and "machine" in text and "blank card" in text
    assert "Article 4" in text and "HI-MISDEAL" in text
    assert grade(q, "CANCEL").correct
    # The reshuffle and the return to the box are Art. 4's; only "face down" is Art. 2 a)'s.
    cited = {str(reason.text): str(reason.source.cite()) for reason in verdict.reasons}
    art_4, art_2a = ("Ordinance 51/89/M (13-card game), Article 4",
                     "Ordinance 51/89/M (13-card game), Article 2, item a")
    assert cited["They are put back in the metal box."] == art_4
    assert cited["They go into the box face down, as after every cut."] == art_2a
    assert [text for text, cite in cited.items() if cite == art_2a] == [
        "They go into the box face down, as after every cut."]
    assert all(cited[step] == art_4 for step in cited if "shuffle" in step or "cut with" in step)


def untraced_question(dice, places, untraced, face_up=()):
    data = question(dice, places, face_up, identifiable=False).to_json()
    data["situation"]["untraced"] = list(untraced)
    return Question.from_json(data)


def test_a_log_that_stops_with_counts_off_the_order_is_cancelled():
    # 10 → place 2: cards 1-8 go 2, 3, 4, 1, 2, 3, 4, 1; the next 5 should go 2, 3, 4, 1, 2
    # (two to place 2), but place 3 got two and place 2 one: a card astray, which unknown.
    q = untraced_question((4, 2, 3, 1), clean(10, 8), (1, 1, 2, 1))
    assert SKILL.solve(q).answer == {"action": "cancel", "moves": []}
    text = grade(q, "continue").explanation
    assert "After card 8 the deal was not followed" in text
    assert "the normal order gives 1 to place 1, 2 to place 2, 1 to place 3" in text
    assert "HI-MISDEAL" in text
    # Art. 2 a) only for the cards going back face down, never for the reshuffle.
    assert text.count("Article 2, item a") == 1
    assert "face down, as after every cut. [Ordinance 51/89/M (13-card game), Article 2, " \
        "item a]" in text
    cancelled = next(q for seed in range(50) if not (q := SKILL.generate(seed, 1, RULES))
                     .situation.identifiable)
    prompt = str(cancelled.prompt)
    log, untraced = cancelled.situation.log, cancelled.situation.untraced
    assert f"was followed up to card {len(log)}:" in prompt
    assert f"Nobody followed the next {sum(untraced)} cards: face down, {untraced[0]} " in prompt
    assert "can no longer be identified" in prompt
    # The counts as the order gives them: no error is found, the deal goes on.
    assert SKILL.solve(untraced_question((4, 2, 3, 1), clean(10, 8), (1, 2, 1, 1))).answer[
        "action"] == "continue"


def test_nothing_to_cancel_when_nothing_was_misdealt():
    q = question((6, 6, 6, 5), clean(23, 20), face_up={19}, identifiable=False)
    assert SKILL.solve(q).answer["action"] == "continue"
    assert not grade(q, "cancel").correct


def test_a_face_up_card_that_was_also_misdealt_is_moved():
    places = clean(10, 8)
    places[2] = 1
    q = question((5, 2, 2, 1), places, face_up={2})
    assert SKILL.solve(q).answer == {"action": "rectify", "moves": [[DECK[2], 4]]}
    assert "valid" in grade(q, "continue").explanation


def test_the_explanation_cites_the_article_in_each_language():
    q = question((3, 3, 2, 2), clean(10, 9), face_up={4})
    verdict = grade(q, "cancel")
    i18n.set_language("pt_MO")
    assert "artigo 4.º" in verdict.explanation
    i18n.set_language("zh_Hant_MO")
    assert "第 4 條" in verdict.explanation


# ---------------------------------------------------------------- every seed, every level
def mutated(answer):
    if answer["action"] != "rectify":
        return {"action": "cancel" if answer["action"] == "continue" else "continue",
                "moves": []}
    card, place = answer["moves"][-1]
    return {"action": "rectify", "moves": [*answer["moves"][:-1], [card, place % 4 + 1]]}


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_thousand_seeds(difficulty):
    for seed in range(1000):
        q = SKILL.generate(seed, difficulty, RULES)
        assert Question.from_json(json.loads(json.dumps(q.to_json()))) == q
        reference = SKILL.solve(q).answer
        verdict = grade(q, reference)
        assert verdict.correct and verdict.score == 1.0
        wrong = grade(q, mutated(reference))
        assert not wrong.correct and wrong.score < 1
        # The reference agrees with counting round the table by hand.
        total = sum(q.situation.dice)
        strays = [[e.card, right_place(total, n)] for n, e in enumerate(q.situation.log, 1)
                  if e.place != right_place(total, n)]
        if reference["action"] == "rectify":
            assert reference["moves"] == strays
        else:
            assert reference["moves"] == [] and not strays
            assert (reference["action"] == "cancel") == (untraced_off(q.situation) is not None)


def untraced_off(situation):
    """By hand: the untraced counts and the order's, when they differ (else None)."""
    untraced = list(situation.untraced or ())
    if not any(untraced):
        return None
    total, start = sum(situation.dice), len(situation.log)
    should = Counter(right_place(total, n) for n in range(start + 1, start + sum(untraced) + 1))
    should = [should[place] for place in (1, 2, 3, 4)]
    return (untraced, should) if should != untraced else None


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_cancel_scene_never_shows_where_the_misdealt_cards_went(difficulty):
    """Art. 4 cancels only when the error cannot be rectified: the scene must not show it.

    A cancel scene's log places every card it shows where the order gives it, and past it
    only counts (four cards at least, so every place should have had one: a surplus card lies
    among rightful ones); those counts show a card astray. A rectify scene's log shows every
    card dealt, each misdealt card with the place it went to."""
    kinds = Counter()
    for seed in range(1500):
        q = SKILL.generate(seed, difficulty, RULES)
        situation, answer = q.situation, SKILL.solve(q).answer
        total, log = sum(situation.dice), situation.log
        wrong = [e.card for n, e in enumerate(log, 1) if e.place != right_place(total, n)]
        kinds[answer["action"]] += 1
        if answer["action"] == "cancel":
            assert not wrong and not situation.identifiable, seed
            untraced, should = untraced_off(situation)
            assert sum(untraced) >= 4 and min(should) >= 1 and len(log) >= 4, seed
            assert untraced != should
            # No card of the deal past the log is named anywhere in the question.
            named = {e.card for e in log}
            shown = str(q.prompt)
            assert all(cards_shown(c) not in shown for c in DECK if c not in named), seed
        else:
            assert not any(situation.untraced or ()) and situation.identifiable
            if answer["action"] == "rectify":
                assert wrong and [card for card, _ in answer["moves"]] == wrong, seed
    assert kinds["cancel"] > 250 and kinds["rectify"] > 350, kinds


def classify(situation):
    """The Art. 4 case a situation shows, judged by hand."""
    total = sum(situation.dice)
    log = situation.log
    wrong = [n for n, e in enumerate(log) if e.place != right_place(total, n + 1)]
    face_up = any(e.face_up for e in log)
    if untraced_off(situation):
        return "cancel"
    if not wrong:
        return "face up" if situation.identifiable else "face up, nothing to cancel"
    if len(wrong) == 1:
        kind = "one card"
    elif wrong == list(range(wrong[0], len(log))) and all(
            log[n].place == right_place(total, n + 2) for n in wrong):
        kind = "skipped place"
    elif len(wrong) == 2 and wrong[1] == wrong[0] + 1 and (
            log[wrong[0]].place, log[wrong[1]].place) == (
            right_place(total, wrong[1] + 1), right_place(total, wrong[0] + 1)):
        kind = "swap"
    else:
        kind = "several cards"
    face_up_wrong = any(log[n].face_up for n in wrong)
    return kind + (" + face-up misdealt" if face_up_wrong else " + face up" if face_up else "")


def test_every_case_of_article_4_appears_and_answers_are_spread():
    cases, actions = Counter(), {}
    for difficulty in (1, 2, 3):
        actions[difficulty] = Counter()
        destinations = Counter()
        for seed in range(1000):
            q = SKILL.generate(seed, difficulty, RULES)
            answer = SKILL.solve(q).answer
            actions[difficulty][answer["action"]] += 1
            destinations.update(place for _card, place in answer["moves"])
            cases[(difficulty, classify(q.situation))] += 1
        # Rectify (several kinds) about half, continue ("nothing to do") under a third.
        assert all(200 <= n <= 550 for n in actions[difficulty].values()), actions
        assert actions[difficulty]["continue"] <= 320
        assert set(destinations) == {1, 2, 3, 4}
    for case in ("face up", "one card", "cancel"):
        assert cases[(1, case)] > 100
    assert not [c for (d, c) in cases if d == 1 and c not in ("face up", "one card", "cancel")]
    assert not [c for c in cases if c[1] == "face up, nothing to cancel"]
    for case in ("face up", "several cards", "swap", "skipped place", "cancel"):
        assert cases[(2, case)] > 50, cases
    for case in ("one card + face-up misdealt", "several cards + face up", "swap + face up",
                 "skipped place + face-up misdealt", "skipped place", "cancel"):
        assert cases[(3, case)] > 5, cases


def test_level_three_is_late_in_the_deal_and_wraps_round():
    for seed in range(200):
        situation = SKILL.generate(seed, 3, RULES).situation
        assert sum(situation.dice) % 4 != 1  # the deal does not start at the banker
        assert len(situation.log) + sum(situation.untraced) >= 28


def test_level_one_has_at_most_one_misdealt_card():
    for seed in range(300):
        assert len(SKILL.solve(SKILL.generate(seed, 1, RULES)).answer["moves"]) <= 1


def test_same_seed_same_question():
    for seed in range(20):
        assert SKILL.generate(seed, 3, RULES) == SKILL.generate(seed, 3, RULES)


# ----------------------------------------------------------------------------- reading
HOW_TO_ANSWER = "Answer “continue”, “cancel”, or “rectify” followed by each misdealt card"


@pytest.mark.parametrize(("answer", "says"), [
    ("", HOW_TO_ANSWER), ("   ", HOW_TO_ANSWER), (None, HOW_TO_ANSWER), (5, HOW_TO_ANSWER),
    ("hello", HOW_TO_ANSWER), ("rectify ZZ>3", HOW_TO_ANSWER), ("rectify KH to 3", HOW_TO_ANSWER),
    ("continue 2S>1", "Cards are moved only to rectify: answer “continue” alone"),
    ("cancel 2S>3", "Cards are moved only to rectify: answer “cancel” alone"),
    ("rectify 2S>9", "Places go from 1 to 4"),
    ("rectify 2S>1 2S>2", "2♠ is named twice"),
    ("AC>1", "AC is not among the cards dealt so far"),
    ({"action": "deal again"}, HOW_TO_ANSWER),
    ({"action": "rectify", "moves": [["2S", 3, 1]]}, "2♠ went to place 4, not place 3"),
])
def test_unreadable_answers_say_how_to_answer(answer, says):
    q = question((1, 1, 1, 1), clean(4, 6))  # 2S is the first card, dealt to place 4
    with pytest.raises(UnreadableAnswer, match=says) as caught:
        grade(q, answer)
    assert str(caught.value)


def test_the_unreadable_message_shows_the_format():
    q = question((1, 1, 1, 1), clean(4, 6))
    with pytest.raises(UnreadableAnswer, match="rectify KH>3"):
        grade(q, "shuffle")
    with pytest.raises(UnreadableAnswer, match="not among the cards dealt"):
        grade(q, "rectify AC>1")


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10_000), difficulty=st.sampled_from([1, 2, 3]),
       action=st.sampled_from(["continue", "rectify", "cancel"]),
       picks=st.lists(st.tuples(st.integers(0, 49), st.integers(1, 4)), max_size=6))
def test_any_answer_scores_between_0_and_1_and_only_the_right_one_is_correct(
        seed, difficulty, action, picks):
    q = SKILL.generate(seed, difficulty, RULES)
    log = q.situation.log
    moves = list({log[i % len(log)].card: [log[i % len(log)].card, p]
                  for i, p in picks}.values()) if action == "rectify" else []
    verdict = grade(q, {"action": action, "moves": moves})
    reference = SKILL.solve(q).answer
    same = action == reference["action"] and sorted(moves) == sorted(reference["moves"])
    assert 0 <= verdict.score <= 1 and verdict.correct == same
