"""Mah-Jong table conduct: rulings with the points that apply, both the rules core's."""

from collections import Counter
from decimal import Decimal

import pytest

import questions
from questions import AnswerKind, Question
from questions.mahjong.rulings.conduct import SCENES, Conduct
from questions.mahjong.rulings.conduct_reasons import (
    CONVENTIONAL_ONLY,
    POINTS,
    SIMPLIFIED_ONLY,
    key_of,
)
from questions.mahjong.situation import SceneAtTable
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.payments import settle
from trainer.rules.regulations import Article, Regulation

SKILL = Conduct()
SEEDS = range(200)


def sample():
    for difficulty in (1, 2, 3):
        for seed in SEEDS:
            yield questions.generate(SKILL.id, seed, difficulty)


@pytest.fixture(scope="module")
def asked():
    return list(sample())


def scene_question(**situation):
    s = SceneAtTable.from_json({"banker": "E", **situation})
    form = SKILL.form(s)
    return Question(SKILL.id, 0, 2, s, SKILL.prompt(s, 2), form, HouseRules())


def test_every_scene_and_every_ruling_of_the_core_is_asked(asked):
    rulings = Counter((q.situation.scene, q.reference_answer()["ruling"]) for q in asked)
    scenes = {scene for scene, _r in rulings}
    assert scenes == set(SCENES)
    expected = {("take_back", "refused"), ("win", "win_allowed"), ("win", "win_refused"),
                ("kong", "kong_refused"), ("kong", "from_end"), ("chow", "expose_discard"),
                ("chow", "chow_refused"), ("exposure", "corrected"), ("exposure", "stands"),
                ("exposure", "nulo"), ("false_win", "nulo_double_each"),
                ("false_win", "nulo_banker_double"), ("false_win", "nulo_single_each"),
                ("capital", "full_shares"), ("capital", "capped"), ("first_win", "heavenly"),
                ("first_win", "earthly"), ("first_win", "ordinary"), ("bank", "keeps_bank"),
                ("bank", "passes_bank"), ("bank", "next_round")}
    assert set(rulings) == expected
    assert all(count >= 3 for count in rulings.values()), rulings


def test_the_points_offered_are_a_mix_in_the_regulations_order(asked):
    first_applies = Counter()
    for q in asked:
        offered = [o.value for o in q.form.reasons]
        right = q.reference_answer()["reasons"]
        assert 4 <= len(offered) <= 7, offered
        assert offered == [k for k in POINTS if k in offered]  # never ordered by the answer
        assert right and right < set(offered)  # something applies, something does not
        first_applies[offered[0] in right] += 1
        barred = SIMPLIFIED_ONLY if q.situation.variant == "conventional" else (
            CONVENTIONAL_ONLY)
        assert not barred & set(offered), (q.situation, offered)
    assert first_applies[True] and first_applies[False]


def test_the_points_to_tick_are_those_the_core_cites(asked):
    for q in asked:
        verdict = q.grade(q.reference_answer())
        cited = {key_of(r.source) for r in verdict.reasons}
        offered = {o.value for o in q.form.reasons}
        assert q.reference_answer()["reasons"] == cited & offered
        assert cited & set(POINTS) <= offered  # every point the ruling rests on is offered


def test_the_ruling_earns_half_and_the_points_the_other_half():
    q = scene_question(scene="take_back", variant="conventional", seat="S", tile="5p",
                       instead="1m", offered=["5a3", "9a1", "9a2", "10a7"])
    assert q.reference_answer() == {"ruling": "refused", "reasons": frozenset({"9a1"})}
    assert q.grade("refused 9a1").score == 1.0
    assert q.grade("refused").score == 0.5
    assert q.grade(["refused", "9a1", "9a2"]).score == 0.75
    assert q.grade({"ruling": "allowed", "reasons": ["9a1"]}).score == 0.0


@pytest.mark.parametrize(("variant", "kind", "saw", "ruling", "points"), [
    ("conventional", "added", "this", "kong_refused", {"9a3"}),  # Art. 9 (a)(3)
    ("conventional", "concealed", "this", "kong_refused", {"9a3"}),
    ("simplified", "open", "this", "kong_refused", {"9b2"}),  # Art. 9 (b)(2)
    ("conventional", "open", "earlier", "from_end", {"9a3", "5a5"}),  # Art. 5 (a)(5)
    ("simplified", "concealed", "earlier", "from_end", {"9b2", "5b4"}),  # Art. 5 (b)(4)
])
def test_kongs_worked_by_hand(variant, kind, saw, ruling, points):
    offered = sorted({*points, "9a1" if variant == "conventional" else "9b1", "7"},
                     key=list(POINTS).index)
    q = scene_question(scene="kong", variant=variant, seat="W", kind=kind, saw=saw, other="S",
                       discarder="N", tile="5p", offered=offered)
    assert q.reference_answer() == {"ruling": ruling, "reasons": frozenset(points)}


@pytest.mark.parametrize(("withdrew", "self_drawn", "ruling"), [
    ("this", True, "win_refused"), ("this", False, "win_refused"),  # Art. 9 (a)(2)
    ("earlier", True, "win_allowed")])
def test_a_withdrawn_pung_worked_by_hand(withdrew, self_drawn, ruling):
    q = scene_question(scene="win", variant="conventional", seat="N", withdrew=withdrew,
                       called="C", winning="3s", self_drawn=self_drawn, discarder="E",
                       offered=["4a", "9a1", "9a2", "9a3"])
    assert q.reference_answer()["ruling"] == ruling
    assert "9a2" in q.reference_answer()["reasons"]


@pytest.mark.parametrize(("moment", "ruling", "points"), [
    ("before_draw", "corrected", {"10a7"}), ("after_draw", "stands", {"10a7"}),
    ("declared_win", "nulo", {"10a7", "10a8"})])
def test_a_wrong_exposure_worked_by_hand(moment, ruling, points):
    q = scene_question(scene="exposure", variant="conventional", seat="S", discarder="E",
                       tile="3m", wrong="3p 3p", moment=moment,
                       offered=["4a", "9a1", "10a7", "10a8", "HI-MJ-NULO"])
    assert q.reference_answer() == {"ruling": ruling, "reasons": frozenset(points)}


def test_a_false_win_at_a_table_of_three_worked_by_hand():
    # Art. 10 (b)(3): one fán (20) to each of the two others present; Art. 3 (b).
    q = scene_question(scene="false_win", variant="simplified", seat="S",
                       tiles="1m 2m 3m 5s 6s", players=["E", "S", "W"],
                       offered=["3b", "4b", "10b3", "HI-MJ-PAY"])
    assert q.reference_answer() == {"ruling": "nulo_single_each",
                                    "reasons": frozenset({"3b", "4b", "10b3"})}
    assert str(q.prompt).startswith(
        "Simplified Mah-Jong, only East (banker), South, West at the table: South declares")


def test_the_capital_ruling_agrees_with_the_payments(asked):
    for q in asked:
        s = q.situation.to_json()
        if s["scene"] != "capital":
            continue
        seats = [Wind(p) for p in s.get("players", "ESWN")]
        full = settle(Wind(s["seat"]), s["fan"], Wind.EAST, variant=Variant(s["variant"]),
                      players=seats)
        total = sum(t.amount for t in full.transfers)
        capped = Decimal(s["capital"]) < total
        assert q.reference_answer()["ruling"] == ("capped" if capped else "full_shares")


def test_the_scene_never_contradicts_the_table(asked):
    for q in asked:
        s = q.situation.to_json()
        seats = s.get("players", ["E", "S", "W", "N"])
        for key in ("seat", "discarder", "other", "winner"):
            if s.get(key):
                assert s[key] in seats, (key, s)
        if s.get("players"):
            assert s["variant"] == "simplified" and 2 <= len(s["players"]) <= 3
            assert "at the table:" in str(q.prompt)
        if s["scene"] in ("win", "exposure"):
            assert s["variant"] == "conventional"  # no pung on a discard in the simplified
        if s["scene"] == "chow":
            assert Wind(s["discarder"]).next() == Wind(s["seat"]) or len(seats) < 4
        if s["scene"] == "first_win" and s["start"] == "dealt":
            assert s["seat"] == "E"


def test_small_tables_are_dealt(asked):
    tables = Counter(len(q.situation.players) for q in asked if q.situation.players)
    assert tables[2] >= 10 and tables[3] >= 10


def test_answers_are_rulings_with_reasons(asked):
    assert all(q.form.kind is AnswerKind.RULING and q.form.reasons for q in asked)
    assert Article(Regulation.MAHJONG, 9, "a(1)") in {
        r.source for q in asked for r in q.grade(q.reference_answer()).reasons}
