"""13-card game: table procedure as a ruling with its reasons (Art. 2 a–d, 3, 5)."""

import json
from collections import Counter
from decimal import Decimal

import pytest

from i18n import format_money
from questions.model import AnswerKind, Question, UnreadableAnswer
from questions.thirteen.situations import ProcedureScene
from questions.thirteen.table.procedure import OFFERED, Procedure, rule
from trainer.rules.house import HouseRules, ThirteenRules
from trainer.rules.regulations import HouseInterpretation
from trainer.rules.thirteen.procedure import clock
from trainer.rules.thirteen.procedure_points import Point

SKILL = Procedure()
RULES = HouseRules()
SIGNAL_PLAYS = HouseRules(thirteen=ThirteenRules(finished_at_the_signal_plays=True))
HI_13_SIGNAL = HouseInterpretation("HI-13-SIGNAL")


def question(scene, reasons, difficulty=2, rules=RULES):
    data = SKILL.generate(1, difficulty, rules).to_json()
    stored = {"places": 4, "banker": 1, **scene, "reasons": reasons}
    data["situation"] = stored
    situation = ProcedureScene.from_json(stored)  # a scene as a stored question holds it
    data["form"] = SKILL.form(situation).to_json()
    data["prompt"] = SKILL.prompt(situation, difficulty).to_json()
    return Question.from_json(data)


def at(text):
    hours, minutes, seconds = map(int, text.split(":"))
    return hours * 3600 + minutes * 60 + seconds


TIME = {"case": "time", "place": 3, "shown_at": at("21:04:10"), "finished_at": at("21:09:25")}
TIME_REASONS = ["2a-cut", "2c-no-bets", "2d-reset", "2d-five-minutes", "5-holder"]


# ---------------------------------------------------------------- hand-worked examples
def test_art_2d_a_place_finishing_after_the_signal_loses():
    q = question(TIME, TIME_REASONS)
    prompt = str(q.prompt)
    assert "showed his hand at 21:04:10" in prompt and "at 21:09:25, 5:15" in prompt
    assert "place 3" in prompt
    assert SKILL.solve(q).answer == {"ruling": "loses", "reasons": {"2d-five-minutes"}}
    verdict = q.grade({"ruling": "loses", "reasons": ["2d-five-minutes"]})
    assert verdict.correct and "Article 2, item d" in verdict.explanation
    assert "5:15 after the banker showed" in verdict.explanation
    assert "HI-13-SIGNAL" not in verdict.explanation
    half = q.grade({"ruling": "loses", "reasons": ["2d-five-minutes", "2d-reset"]})
    assert half.score == 0.75 and not half.correct
    assert q.grade({"ruling": "plays", "reasons": ["2d-five-minutes"]}).score == 0
    assert q.grade("loses, 2d-five-minutes").correct  # typed: the ruling, then the reasons


@pytest.mark.parametrize(("done", "taken", "by_default", "signal_plays"), [
    ("21:09:09", "4:59", "plays", "plays"),  # a second before the signal
    ("21:09:10", "5:00", "loses", "plays"),  # at the signal itself (HI-13-SIGNAL)
    ("21:09:11", "5:01", "loses", "loses"),  # a second after it
])
def test_hi_13_signal_the_boundary_to_the_second(done, taken, by_default, signal_plays):
    at_signal = taken == "5:00"
    for rules, ruling in ((RULES, by_default), (SIGNAL_PLAYS, signal_plays)):
        q = question({**TIME, "finished_at": at(done)}, TIME_REASONS, rules=rules)
        assert f"at {done}, {taken} (minutes:seconds) later" in str(q.prompt)
        assert SKILL.solve(q).answer == {"ruling": ruling, "reasons": {"2d-five-minutes"}}
        verdict = q.grade({"ruling": ruling, "reasons": ["2d-five-minutes"]})
        assert verdict.correct and "Article 2, item d" in verdict.explanation
        # HI-13-SIGNAL is cited for a place finishing at the signal itself, and only then.
        assert ("House interpretation HI-13-SIGNAL" in verdict.explanation) is at_signal
        other = "plays" if ruling == "loses" else "loses"
        assert q.grade({"ruling": other, "reasons": ["2d-five-minutes"]}).score == 0


def test_art_2a_exactly_ten_cards_cut_with_one_hand_stands_and_nine_do_not():
    reasons = ["2a-cut", "2b-dice", "3-no-change", "5-suggest"]
    ten = question({"case": "cut", "name": "Chan", "cards": 10, "hands": 1}, reasons)
    assert "with one hand, taking off 10 cards" in str(ten.prompt)
    assert SKILL.solve(ten).answer == {"ruling": "allowed", "reasons": {"2a-cut"}}
    assert "The cut stands" in str(SKILL.solve(ten).answer_text)
    nine = question({"case": "cut", "name": "Chan", "cards": 9, "hands": 1}, reasons)
    assert SKILL.solve(nine).answer["ruling"] == "refused"
    both = question({"case": "cut", "name": "Chan", "cards": 20, "hands": 2}, reasons)
    assert SKILL.solve(both).answer["ruling"] == "refused"


def test_art_2b_and_5_the_highest_bettor_standing_neither_shakes_nor_holds():
    bettors = [{"name": "Chan", "stake": 2900, "seated": False, "place": 3},
               {"name": "Lei", "stake": 2000, "seated": True, "place": 3},
               {"name": "Ho", "stake": 600, "seated": True, "place": 3}]
    dice = question({"case": "dice", "bettors": bettors}, ["2a-cut", "2b-dice", "5-holder",
                                                           "3-no-change"])
    prompt = str(dice.prompt)
    assert "Chan (MOP$2,900.00 on place 3, standing behind the seats)" in prompt
    assert "Lei (MOP$2,000.00 on place 3, seated at the table)" in prompt
    assert SKILL.solve(dice).answer == {"ruling": "Lei", "reasons": {"2b-dice"}}
    assert dice.grade("Lei, 2b-dice").correct
    holder = question({"case": "holder", "place": 3, "bettors": bettors},
                      ["2b-dice", "2c-no-bets", "5-holder", "3-no-change"])
    assert SKILL.solve(holder).answer == {"ruling": "Lei", "reasons": {"5-holder"}}
    assert "Article 5" in holder.grade("Chan").explanation


def test_art_2c_a_misplaced_bet_is_settled_where_it_lies():
    scene = {"case": "misplaced", "name": "Chan", "stake": 300, "lies_at": 2, "meant": 3,
             "lies_wins": False}
    q = question(scene, ["2a-cut", "2c-where-it-lies", "2d-reset", "3-no-change"])
    assert "it lies on place 2. Place 2 lost to the banker" in str(q.prompt)
    assert SKILL.solve(q).answer == {"ruling": "where-it-lies",
                                     "reasons": {"2c-where-it-lies"}}
    labels = [str(option.label) for option in q.form.options]
    assert labels == ["Settled with place 2, where the bet lies",
                      "Settled with place 3, where the player meant it"]


def test_art_5_another_bettor_may_suggest_but_not_take_the_cards():
    scene = {"case": "act", "act": "takes-cards", "name": "Ho", "holder": "Lei", "place": 2,
             "other": 3, "stake": 500}
    q = question(scene, ["2a-cut", "2d-reset", "3-no-change", "5-holder", "5-suggest"])
    assert SKILL.solve(q).answer == {"ruling": "refused",
                                     "reasons": {"5-holder", "5-suggest"}}
    assert q.grade({"ruling": "refused", "reasons": ["5-holder"]}).score == 0.75


def test_an_unreadable_ruling_says_what_to_choose():
    q = question(TIME, TIME_REASONS)
    with pytest.raises(UnreadableAnswer, match="Choose the ruling"):
        q.grade("")
    with pytest.raises(UnreadableAnswer, match="not one of the options"):
        q.grade({"ruling": "loses", "reasons": ["9z-nothing"]})


# ---------------------------------------------------------------- every seed, every level
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_many_seeds_offer_a_fair_mix_of_reasons_and_grade_by_the_core(difficulty):
    cases, rulings = Counter(), Counter()
    for seed in range(400):
        q = SKILL.generate(seed, difficulty, RULES)
        assert Question.from_json(json.loads(json.dumps(q.to_json()))) == q
        assert q.form.kind is AnswerKind.RULING
        situation = q.situation
        ruling = rule(situation, RULES)
        offered = [Point(value) for value in situation.reasons]
        # 4-7 points, in the regulation's order (never the answer's), every deciding one
        # among them and none that is near the scene without deciding it.
        assert len(offered) == OFFERED[difficulty] and 4 <= len(offered) <= 7
        assert offered == [point for point in Point if point in offered]
        assert ruling.points <= set(offered) and not ruling.near & set(offered)
        assert len(set(offered) - ruling.points) >= 2
        reference = SKILL.solve(q).answer
        assert reference["reasons"] == {p.value for p in ruling.points}
        assert q.grade(reference).correct
        assert not q.grade({**reference, "reasons": set()}).correct
        cases[situation.case] += 1
        rulings[reference["ruling"]] += 1
    assert min(cases.values()) >= 20 and len(cases) >= 7, cases
    assert rulings["allowed"] >= 40 and rulings["refused"] >= 40, rulings


def test_level_two_deals_the_boundaries():
    cut, time, standing = Counter(), Counter(), 0
    for seed in range(600):
        situation = SKILL.generate(seed, 2, RULES).situation
        if situation.case == "cut" and situation.hands == 1:
            cut[situation.cards] += 1
        if situation.case == "time":
            time[situation.finished_at - situation.shown_at] += 1
        if situation.case in ("dice", "holder"):
            top = max(situation.bettors, key=lambda b: b.stake)
            standing += not top.seated
    assert cut[10] >= 5 and cut[9] >= 3
    assert time[299] >= 5 and time[300] >= 5 and time[301] >= 3
    assert standing >= 20


#: Seeds issue 33 found letting a place that finished at 5:00 play while its own reasons
#: said the signal had sounded at that second.
ISSUE_33_SEEDS = [(2, seed) for seed in (4, 21, 32, 40, 53)] + [(3, seed) for seed in (13, 16, 37)]


@pytest.mark.parametrize(("difficulty", "seed"), ISSUE_33_SEEDS)
def test_hi_13_signal_the_seeds_of_issue_33_lose_by_default_and_cite_it(difficulty, seed):
    q = SKILL.generate(seed, difficulty, RULES)
    assert q.situation.case == "time"
    assert q.situation.finished_at - q.situation.shown_at == 300
    assert "5:00 (minutes:seconds) later" in str(q.prompt)
    verdict = q.grade(q.reference_answer())
    assert verdict.correct and verdict.expected["ruling"] == "loses"
    assert HI_13_SIGNAL in {reason.source for reason in verdict.reasons}
    assert "at the signal itself" in verdict.explanation
    assert "so it loses" in verdict.explanation and "plays" not in verdict.explanation
    assert q.grade({"ruling": "plays", "reasons": ["2d-five-minutes"]}).score == 0
    # The house's setting lets the same place play, and still cites its reading.
    lenient = SKILL.generate(seed, difficulty, SIGNAL_PLAYS)
    verdict = lenient.grade(lenient.reference_answer())
    assert verdict.expected["ruling"] == "plays"
    assert HI_13_SIGNAL in {reason.source for reason in verdict.reasons}


#: What the place's reason says of its time, by the time taken (seconds) against 300.
SAYS = {-1: "showed: before the signal", 0: "showed: at the signal itself",
        1: "showed: after the signal"}


@pytest.mark.parametrize("rules", [RULES, SIGNAL_PLAYS])
def test_every_generated_time_question_rules_as_its_reasons_say(rules):
    # Every level, many seeds: the ruling, the reasons' words and HI-13-SIGNAL agree with
    # the time taken, worked out here without the rules core. No reason says the signal
    # had sounded for a place that plays, unless the house lets a place at it play.
    times = Counter()
    for seed in range(1000):
        for difficulty in (1, 2, 3):
            q = SKILL.generate(seed, difficulty, rules)
            if q.situation.case != "time":
                continue
            taken = q.situation.finished_at - q.situation.shown_at
            side = (taken > 300) - (taken < 300)
            plays = side < 0 or (side == 0 and rules is SIGNAL_PLAYS)
            verdict = q.grade(q.reference_answer())
            text, where = verdict.explanation, (seed, difficulty, taken)
            assert verdict.expected["ruling"] == ("plays" if plays else "loses"), where
            assert [SAYS[s] in text for s in (-1, 0, 1)] == [s == side for s in (-1, 0, 1)], where
            assert ("so its hand plays" in text, "so it loses" in text) == (plays, not plays)
            cited = {reason.source for reason in verdict.reasons}
            assert (HI_13_SIGNAL in cited) is (side == 0), where
            times[difficulty, side] += 1
    assert min(times[level, side] for level in (2, 3) for side in (-1, 0, 1)) >= 20, times
    assert times[1, -1] >= 20 and times[1, 1] >= 20 and times[1, 0] == 0, times


def test_every_fact_the_ruling_needs_is_in_the_prompt():
    for seed in range(200):
        for difficulty in (1, 2, 3):
            q = SKILL.generate(seed, difficulty, RULES)
            situation, prompt = q.situation, str(q.prompt)
            for bettor in situation.bettors or ():
                assert bettor.name in prompt
                assert format_money(Decimal(bettor.stake)) in prompt
            if situation.case == "time":
                assert clock(situation.shown_at) in prompt
                assert clock(situation.finished_at) in prompt
                taken = situation.finished_at - situation.shown_at
                assert f"{taken // 60}:{taken % 60:02d} (minutes:seconds)" in prompt
            if situation.case == "cut":
                assert f"taking off {situation.cards} cards" in prompt
