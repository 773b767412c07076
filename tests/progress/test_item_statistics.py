"""Exam item statistics: facility, discrimination, mean time and concerns of each item,
checked against a direct computation on a demo school, at the flags' boundaries and where
they are undefined."""

import csv
import sqlite3
import zipfile
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import numpy
import pytest

import questions
from tests.progress.conftest import DEMO_END, damage
from trainer.progress import Role
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS, build_demo
from trainer.progress.exams.item_statistics import (
    LOW_DISCRIMINATION,
    TOO_EASY,
    TOO_HARD,
    Concern,
    ItemStatistics,
    MistakeCount,
    SatAnswer,
    SatExam,
    concerns_of,
    correlation,
    exam_item_statistics,
    item_statistics,
    no_mistake_kinds,
)
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    exam_items,
    exam_results,
    exams,
    item_order,
    sitting_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import NotAllowed, sign_in
from trainer.progress.people.classes import create_class
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.item_words import concern_text, mistake_names
from trainer.progress.reports.spreadsheets import write_report_csv
from trainer.progress.reports.words import in_language
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person

START = datetime(2025, 2, 3, 10, 0, tzinfo=UTC)
PARTS = (ExamPart("thirteen.first_seat", 3, 2), ExamPart("thirteen.first_seat", 2, 1))


@pytest.fixture
def school(store):
    """A demo school: 30 trainees on three skills, most of whom sat its 12-question exam."""
    build_demo(store, trainees=30, attempts=1500, seed=11, weeks=6, end=DEMO_END,
               skills=DEMO_SKILLS[:3])
    [teacher] = [p for p in store.people() if p.role == "instructor"]
    return sign_in(store, teacher.id, DEMO_PASSWORD)


def _direct(path, exam):
    """Each item's figures computed from the raw rows with numpy, by question number."""
    raw = sqlite3.connect(path)
    sittings = [row[0] for row in raw.execute(
        "SELECT sitting_id FROM exam_results WHERE exam_id = ?", [exam.id])]
    scores = numpy.zeros((len(sittings), exam.questions))
    times: list[list[int]] = [[] for _ in range(exam.questions)]
    for n, sitting in enumerate(sittings):
        for index, score, ms in raw.execute(
                "SELECT item_index, score, response_ms FROM attempts WHERE sitting_id = ?",
                [sitting]):
            scores[n, index] = score
            times[index].append(ms)
    raw.close()
    totals = scores.sum(axis=1)
    return {index: (scores[:, index].mean(),
                    numpy.corrcoef(scores[:, index], totals - scores[:, index])[0, 1],
                    numpy.mean(times[index]), len(times[index]))
            for index in range(exam.questions)}, len(sittings)


def test_the_statistics_are_those_computed_directly(store, school):
    [exam] = exams(store)
    found = exam_item_statistics(store, school, exam.id)
    direct, sat = _direct(store.path, exam)
    assert found.sittings == sat > 20
    by_place = {item.place: item for item in found.items}
    assert sorted(by_place) == list(range(1, 13))  # the demo's sittings share one order
    for item in exam_items(exam):
        stats = by_place[item.index + 1]
        facility, discrimination, mean_ms, answered = direct[item.index]
        assert (stats.skill, stats.difficulty) == (item.skill, item.difficulty)
        assert stats.sittings == sat and stats.answered == answered
        assert stats.facility == pytest.approx(facility, abs=1e-12)
        assert stats.discrimination == pytest.approx(discrimination, abs=1e-9)
        assert stats.mean_ms == pytest.approx(mean_ms, abs=1e-9)
        assert stats.concerns == concerns_of(facility, discrimination)
    assert {round(s.discrimination, 2) for s in found.items} != {0.0}  # figures, not zeros


def _sit(store, actor, exam, right, at=START):
    """A sitting answered with the real questions; ``right(item)`` says which to get right;
    items for which it says ``None`` are left unanswered."""
    sitting = start_sitting(store, actor, exam.id, at)
    at = datetime.fromisoformat(sitting.started_at)
    for item in sitting_items(exam, sitting):
        wanted = right(item)
        if wanted is None:
            continue
        question = questions.generate(item.skill, item.seed, item.difficulty)
        expected = question.grade(1).expected
        given = expected if wanted else expected % 4 + 1
        verdict = question.grade(given)
        at += timedelta(seconds=10 + item.index)
        answer_exam_item(store, actor, sitting.id, item.index, question.to_json(), given,
                         verdict.correct, verdict.score, (10 + item.index) * 1000, at)
    return submit_sitting(store, actor, sitting.id, at)


def _trainees(store, count):
    return [sign_in(store, add_person(store, f"Trainee {n}").id) for n in range(count)]


def test_items_of_sittings_with_their_own_questions_are_the_exam_s_slots(store, instructor):
    exam = create_exam(store, instructor, "Own seeds", PARTS, seed=5, time_limit_s=600,
                       pass_percent=Decimal(50), same_questions=False)
    for trainee in _trainees(store, 4):  # right on the easy part only, in each order
        _sit(store, trainee, exam, right=lambda item: item.difficulty == 1)
    found = exam_item_statistics(store, instructor, exam.id)
    assert [(i.slot, i.difficulty, i.place) for i in found.items] == [
        (0, 2, None), (1, 2, None), (2, 2, None), (3, 1, None), (4, 1, None)]
    assert [i.facility for i in found.items] == [0.0, 0.0, 0.0, 1.0, 1.0]
    assert all(i.discrimination is None for i in found.items)  # nobody differs on any item
    assert [i.concerns for i in found.items] == [(Concern.TOO_HARD,)] * 3 + [
        (Concern.TOO_EASY,)] * 2


def test_unanswered_items_count_as_wrong_and_have_no_time(store, instructor):
    exam = create_exam(store, instructor, "Gaps", PARTS, seed=9, time_limit_s=600,
                       pass_percent=Decimal(50), same_questions=True)
    first, second = _trainees(store, 2)
    _sit(store, first, exam, right=lambda item: True if item.index else None)
    _sit(store, second, exam, right=lambda item: item.index < 3 or None)
    by_place = {i.place: i for i in exam_item_statistics(store, instructor, exam.id).items}
    assert [(by_place[p].answered, by_place[p].facility) for p in range(1, 6)] == [
        (1, 0.5), (2, 1.0), (2, 1.0), (1, 0.5), (1, 0.5)]
    assert by_place[1].mean_ms == 10_000  # only the answer given counts for the time
    assert by_place[2].mean_ms == 11_000
    # place 1: 0 then 1, the rest 4 then 2: perfectly against the rest of the exam
    assert by_place[1].discrimination == pytest.approx(-1.0)
    assert by_place[2].discrimination is None  # everyone right: the item does not vary
    assert by_place[4].discrimination is None  # 1 then 0, the rest 3 and 3: nor the rest


def test_only_counted_sittings_of_the_people_asked_for_count(store, instructor):
    exam = create_exam(store, instructor, "Who", PARTS, seed=3, time_limit_s=600,
                       pass_percent=Decimal(50), same_questions=True)
    ana, bruno = _trainees(store, 2)
    _sit(store, ana, exam, right=lambda item: True)
    _sit(store, bruno, exam, right=lambda item: False)
    assert exam_item_statistics(store, instructor, exam.id).sittings == 2
    only_ana = exam_item_statistics(store, instructor, exam.id, people={ana.person.id})
    assert only_ana.sittings == 1 and {i.facility for i in only_ana.items} == {1.0}
    nobody = exam_item_statistics(store, instructor, exam.id, people=set())
    assert nobody.sittings == 0
    assert {(i.facility, i.discrimination, i.mean_ms, i.concerns) for i in nobody.items} == {
        (None, None, None, ())}
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        exam_item_statistics(store, ana, exam.id)


def test_the_mistake_kinds_of_wrong_answers_are_counted_most_frequent_first(store, instructor):
    exam = create_exam(store, instructor, "Kinds", PARTS, seed=4, time_limit_s=600,
                       pass_percent=Decimal(50), same_questions=True)
    for trainee in _trainees(store, 3):
        _sit(store, trainee, exam, right=lambda item: item.index != 0)
    asked = []

    def kinds(_store, answers):
        asked.extend(answers)
        return {answer: ("b_kind", "a_kind") if n else ("b_kind",)
                for n, answer in enumerate(answers)}

    found = exam_item_statistics(store, instructor, exam.id, mistake_kinds=kinds)
    assert len(asked) == 3  # the wrong answers only
    by_place = {i.place: i for i in found.items}
    assert by_place[1].mistakes == (MistakeCount("b_kind", 3), MistakeCount("a_kind", 2))
    assert all(by_place[p].mistakes == () for p in range(2, 6))
    assert exam_item_statistics(store, instructor, exam.id).items[0].mistakes == ()


def test_a_damaged_answer_is_named_and_counts_as_not_given(store, instructor):
    exam = create_exam(store, instructor, "Damaged", PARTS, seed=8, time_limit_s=600,
                       pass_percent=Decimal(50), same_questions=True)
    for trainee in _trainees(store, 2):
        _sit(store, trainee, exam, right=lambda item: True)
    damage(store.path, "UPDATE attempts SET score = '0.5x' WHERE item_index = 2 AND rowid = "
                       "(SELECT min(rowid) FROM attempts WHERE item_index = 2)")
    found = {i.place: i for i in exam_item_statistics(store, instructor, exam.id).items}
    assert (found[3].answered, found[3].facility) == (1, 0.5)
    assert any("damaged (score)" in str(note) for note in store.damaged_rows)


@pytest.mark.parametrize(("facility", "discrimination", "concerns"), [
    (TOO_HARD, LOW_DISCRIMINATION, ()),
    (numpy.nextafter(TOO_HARD, 0), LOW_DISCRIMINATION, (Concern.TOO_HARD,)),
    (TOO_EASY, LOW_DISCRIMINATION, ()),
    (numpy.nextafter(TOO_EASY, 1), LOW_DISCRIMINATION, (Concern.TOO_EASY,)),
    (0.5, numpy.nextafter(LOW_DISCRIMINATION, 0), (Concern.LOW_DISCRIMINATION,)),
    (0.0, -0.4, (Concern.LOW_DISCRIMINATION, Concern.TOO_HARD)),
    (1.0, None, (Concern.TOO_EASY,)),
    (None, None, ()),
])
def test_the_flags_boundaries_on_both_sides(facility, discrimination, concerns):
    assert concerns_of(facility, discrimination) == concerns
    item = ItemStatistics(0, 1, "thirteen.first_seat", 1, 10, 10, facility, discrimination,
                          1000.0)
    assert item.concerns == concerns


def test_the_house_thresholds():
    assert (LOW_DISCRIMINATION, TOO_HARD, TOO_EASY) == (0.2, 0.1, 0.95)


def test_correlation_is_pearson_s_and_none_when_undefined():
    xs, ys = [1.0, 0.0, 1.0, 0.5, 0.0], [3.0, 1.0, 2.5, 2.0, 2.0]
    assert correlation(xs, ys) == pytest.approx(numpy.corrcoef(xs, ys)[0, 1], abs=1e-12)
    assert correlation([1.0], [2.0]) is None  # one sitting
    assert correlation([], []) is None
    assert correlation([1.0, 1.0, 1.0], [1.0, 2.0, 3.0]) is None  # the item: no variance
    assert correlation([0.0, 1.0, 1.0], [2.0, 2.0, 2.0]) is None  # the rest: none either
    with pytest.raises(ValueError, match="3 scores against 2"):
        correlation([1.0, 0.0, 1.0], [1.0, 2.0])


def test_the_pure_computation_maps_each_sitting_s_order_to_the_slots(store, instructor):
    exam = create_exam(store, instructor, "Pure", PARTS, seed=6, time_limit_s=600,
                       pass_percent=Decimal(50), same_questions=False)
    slot_difficulties = [p.difficulty for p in PARTS for _n in range(p.questions)]
    sittings = []
    for seed in (1, 2, 3):  # slot 0 right in each, whatever its question number
        order = item_order(exam, seed)
        assert [item.difficulty for item in exam_items(exam, seed)] == [
            slot_difficulties[slot] for slot in order]
        sittings.append(SatExam(seed, tuple(
            SatAnswer(index, 1.0 if slot == 0 else 0.0, 1000)
            for index, slot in enumerate(order))))
    assert len({item_order(exam, seed) for seed in (1, 2, 3)}) > 1
    found = item_statistics(exam, sittings)
    assert [i.facility for i in found] == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert {i.place for i in found} == {None}


def test_the_report_s_zip_has_each_exam_s_items(store, school, tmp_path):
    [exam] = exams(store)
    report = build_report(leave_to_see(store, school))
    assert [found.exam.id for found in report.exam_items] == [exam.id]
    assert report.exam_items[0] == exam_item_statistics(store, school, exam.id)
    out = tmp_path / "report.zip"
    write_report_csv(store, school, report, out, "en")
    with zipfile.ZipFile(out) as archive:
        rows = list(csv.reader(archive.read("exam_items.csv").decode("utf-8-sig").splitlines()))
    assert rows[0] == ["Exam", "Question no.", "Skill", "Difficulty", "Sittings", "Answered",
                       "Facility", "Discrimination", "Mean time (s)", "Worth a look",
                       "Frequent mistakes"]
    assert len(rows) == 1 + exam.questions
    first = report.exam_items[0].items[0]
    assert rows[1][:2] == ["Mid-course check", str(first.place)]
    assert rows[1][6] == f"{first.facility:.1%}" and rows[1][7] == f"{first.discrimination:.2f}"
    assert rows[1][8] == f"{first.mean_ms / 1000:.1f}"
    assert {row[9] for row in rows[1:]} == {
        concern_text(item.concerns, "en") for item in report.exam_items[0].items}
    trainee = sign_in(store, store.people(Role.TRAINEE)[0].id)
    own = build_report(leave_to_see(store, trainee, trainee.person.id))
    assert own.exams and own.exam_items == ()  # one sitting tells nothing of an item


def test_a_class_report_counts_its_members_sittings_only(store, school):
    [exam] = exams(store)
    sat = [r.person_id for r in exam_results(store, school, exam.id)][:5]
    members = create_class(store, school, "Evening", sat)
    report = build_report(leave_to_see(store, school), school_class=members)
    assert report.exam_items == (exam_item_statistics(store, school, exam.id, people=sat),)
    assert report.exam_items[0].sittings == 5


@pytest.mark.parametrize(("language", "words"), [
    ("en", "almost everyone gets it right (facility above 95.0%)"),
    ("pt_MO", "quase todos acertam (facilidade acima de 95,0%)"),
    ("zh_Hant_MO", "幾乎人人答對（得分率高於 95.0%）"),
])
def test_the_concerns_in_words(language, words):
    with in_language(language):
        assert concern_text((Concern.TOO_EASY,), language) == words


def test_the_answers_are_read_from_an_index_alone(store, school):
    """Scores and times come from the exam answers' covering index (m023), never from the
    answers' rows, whose question and answer texts come first."""
    [exam] = exams(store)
    said = []
    connection(store).conn.set_trace_callback(said.append)
    try:
        exam_item_statistics(store, school, exam.id)
    finally:
        connection(store).conn.set_trace_callback(None)
    [query] = [sql for sql in said if "LEFT JOIN attempts" in sql]
    plan = " / ".join(row[3] for row in connection(store).execute(f"EXPLAIN QUERY PLAN {query}"))
    assert "USING COVERING INDEX attempts_exam_item_scores" in plan, plan


def _sit_with_kinds(store, actor, exam, given):
    """A sitting answered with the real questions, each answer's mistake kinds recorded with
    it as the exam screen records them (the rules core's verdict); ``given(item, question)``
    is the answer (``None``: the right one), or the answer and the kinds to record."""
    sitting = start_sitting(store, actor, exam.id, START)
    at = datetime.fromisoformat(sitting.started_at)
    for item in sitting_items(exam, sitting):
        question = questions.generate(item.skill, item.seed, item.difficulty)
        answer, kinds = given(item, question), None
        if isinstance(answer, tuple):
            answer, kinds = answer
        if answer is None:
            answer = str(question.reference_answer())
        verdict = question.grade(answer)
        at += timedelta(seconds=10)
        answer_exam_item(store, actor, sitting.id, item.index, question.to_json(), answer,
                         verdict.correct, verdict.score, 10_000, at,
                         mistake_kinds=verdict.mistake_ids if kinds is None else kinds)
    return submit_sitting(store, actor, sitting.id, at)


def _recorded(path, exam):
    """Each item's recorded mistake kinds counted straight from the rows, by question
    number: the most frequent three, ties by id."""
    raw = sqlite3.connect(path)
    counts: dict[int, dict[str, int]] = {}
    for index, kind in raw.execute(
            "SELECT a.item_index, m.kind FROM attempt_mistakes m JOIN attempts a "
            "ON a.id = m.attempt_id JOIN exam_sittings s ON s.id = a.sitting_id "
            "WHERE s.exam_id = ?", [exam.id]):
        counts.setdefault(index + 1, {}).setdefault(kind, 0)
        counts[index + 1][kind] += 1
    raw.close()
    return {place: tuple(MistakeCount(kind, n) for kind, n in sorted(
        found.items(), key=lambda pair: (-pair[1], pair[0]))[:3])
        for place, found in counts.items()}


def test_each_item_s_mistakes_are_the_kinds_its_answers_recorded(store, instructor, tmp_path):
    from questions.registry import skill
    from trainer.rules.mahjong_baccarat import mistakes as mahjong_baccarat

    parts = (ExamPart("mahjong_baccarat.payout", 2, 1), ExamPart("thirteen.first_seat", 1, 1))
    exam = create_exam(store, instructor, "Commission", parts, seed=12, time_limit_s=600,
                       pass_percent=Decimal(50), same_questions=True)
    trainees = _trainees(store, 5)

    def given(n):
        seen = []  # the sitting's Mahjong Baccarat questions, in its order (everyone's)

        def answer(item, question):
            if item.skill != "mahjong_baccarat.payout":
                return None  # the first seat: everyone right
            seen.append(item.index)
            mistaken = skill(item.skill).mistaken_answers(question)
            if len(seen) == 1 and n < 4:  # three forget the commission, one slips
                return (str(dict(mistaken)[mahjong_baccarat.COMMISSION_FORGOTTEN]) if n < 3
                        else str(Decimal(str(question.reference_answer())) + 3))
            if len(seen) == 2 and n < 4:  # kinds as a later version may name them
                return (str(Decimal(str(question.reference_answer())) + 1),
                        (("k.d",), ("k.b", "k.c"), ("k.c",), ("k.c", "k.a"))[n])
            return None
        return answer

    for n, trainee in enumerate(trainees):
        _sit_with_kinds(store, trainee, exam, given(n))
    found = {i.place: i for i in exam_item_statistics(store, instructor, exam.id).items}
    recorded = _recorded(store.path, exam)
    first, second = sorted(p for p, i in found.items() if i.skill == "mahjong_baccarat.payout")
    [seat] = [p for p, i in found.items() if i.skill == "thirteen.first_seat"]
    assert found[first].mistakes == recorded[first] == (
        MistakeCount("mahjong_baccarat.commission_forgotten", 3), MistakeCount("other", 1))
    assert found[second].mistakes == recorded[second] == (  # three at most, ties by id
        MistakeCount("k.c", 3), MistakeCount("k.a", 1), MistakeCount("k.b", 1))
    assert found[seat].mistakes == () and seat not in recorded  # nobody wrong: nothing

    report = build_report(leave_to_see(store, instructor))
    out = tmp_path / "report.zip"
    write_report_csv(store, instructor, report, out, "pt_MO")
    with zipfile.ZipFile(out) as archive:
        rows = list(csv.reader(archive.read("exam_items.csv").decode("utf-8-sig").splitlines()))
    column = rows[0].index("Erros frequentes")
    by_place = {row[1]: row[column] for row in rows[1:]}
    assert by_place[str(first)] == "mahjong_baccarat.commission_forgotten: 3; other: 1"
    assert by_place[str(second)] == "; ".join(f"{m.kind}: {m.count}" for m in recorded[second])
    assert by_place[str(seat)] == ""  # no wrong answer: an empty cell


def test_a_wrong_answer_without_recorded_kinds_counts_none(store, instructor):
    exam = create_exam(store, instructor, "Unclassified",
                       (ExamPart("mahjong_baccarat.payout", 1, 1),), seed=13,
                       time_limit_s=600, pass_percent=Decimal(50), same_questions=True)
    [trainee] = _trainees(store, 1)
    _sit_with_kinds(store, trainee, exam, lambda item, question: (  # wrong, no kinds kept
        str(Decimal(str(question.reference_answer())) + 1), ()))
    [item] = exam_item_statistics(store, instructor, exam.id).items
    assert item.facility == 0.0 and item.mistakes == ()
    assert exam_item_statistics(store, instructor, exam.id,
                                mistake_kinds=no_mistake_kinds).items[0].mistakes == ()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Commission forgotten ×3; Another mistake ×1"),
    ("pt_MO", None), ("zh_Hant_MO", None)])
def test_the_mistakes_in_words(language, words):
    from trainer.rules.mistake_kinds import mistake_kind

    item = ItemStatistics(0, 1, "mahjong_baccarat.payout", 1, 5, 5, 0.2, None, 1000.0, (
        MistakeCount("mahjong_baccarat.commission_forgotten", 3), MistakeCount("other", 1)))
    with in_language(language):
        names = [str(mistake_kind(m.kind).name) for m in item.mistakes]
        shown = mistake_names(item, language)
        assert names[0] in shown and names[1] in shown
        assert shown.index(names[0]) < shown.index(names[1])
        if words is not None:
            assert shown == words
        assert mistake_names(ItemStatistics(0, 1, "x.y", 1, 0, 0, None, None, None),
                             language) == ""
        unknown = ItemStatistics(0, 1, "x.y", 1, 1, 1, 0.0, None, 1.0,
                                 (MistakeCount("newer.kind", 2),))
        assert "newer.kind" in mistake_names(unknown, language)  # named by a newer version
