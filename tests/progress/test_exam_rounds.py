"""An exam with a table round in it: created, sat step by step, submitted, carried in a
bundle to another desktop (and refused there when forged), and folded into the summaries
without breaking mastery or reports."""

import csv
import io
import json
import zipfile
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from ralph.models.xapi.base.statements import BaseXapiStatement

import questions
from questions.regrade import GRADER
from tests.progress import test_bundle_trust
from tests.progress.test_bundle_trust import refused
from tests.progress.test_bundles import edit_rows
from tests.progress.test_bundles import refused as refused_here
from tests.progress.test_gradebooks import HOME, moodle_problems
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.exams.item_statistics import exam_item_statistics
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    review_sitting,
    sitting_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.learning.mastery import mastery
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.gradebooks import moodle_grades, xapi_statements
from trainer.progress.reports.spreadsheets import write_report_csv
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.store import StoreError
from trainer.rounds.exam_items import (
    is_round_item,
    round_item_answer,
    round_item_skill,
    round_of_item,
)
from trainer.rounds.play import judge, solve
from trainer.rules.house import HouseRules

ROUND = round_item_skill("mahjong_baccarat")
#: Another desktop that knows the exams and their instructor, but none of the trainees.
desk = test_bundle_trust.desk


def skill_titles():
    return {skill: questions.title(skill) for skill in questions.titled()}


def two_wrong(round_):
    """The round's right actions with two of them replaced by another step's action."""
    actions = [str(action) for action in solve(round_)]
    wrong = [n for n in range(len(actions)) if any(
        str(other) != actions[n] for other in solve(round_))][:2]
    for n in wrong:
        actions[n] = next(str(o) for o in solve(round_) if str(o) != actions[n])
    return actions


def round_answer(round_, actions):
    verdicts = [judge(round_, n, action, 1000 * n) for n, action in enumerate(actions, 1)]
    return round_item_answer(verdicts)


@pytest.fixture
def round_sitting(store, classroom):
    """An exam of one 13-card question and one Mahjong Baccarat round (table-ready), sat by
    Carla Ho with two steps of the round wrong, and submitted."""
    exam = create_exam(store, classroom, "Table check",
                       [ExamPart("thirteen.first_seat", 1, 1), ExamPart(ROUND, 1, 3)],
                       seed=11, time_limit_s=1800, pass_percent=Decimal(50),
                       same_questions=True)
    trainee = sign_in(store, add_person(store, "Carla Ho").id)
    sitting = start_sitting(store, trainee, exam.id)
    at = datetime.fromisoformat(sitting.started_at)
    for item in sitting_items(exam, sitting):
        if is_round_item(item.skill):
            round_ = round_of_item(item.skill, item.seed, item.difficulty, exam.rules)
            given = round_answer(round_, two_wrong(round_))
        else:
            given = GRADER.answer(item.skill, item.seed, item.difficulty, exam.rules, True)
        stored, correct, score = GRADER.regrade(item.skill, item.seed, item.difficulty,
                                                exam.rules, given, None)
        at += timedelta(seconds=60)
        answer_exam_item(store, trainee, sitting.id, item.index, stored, given, correct, score,
                         60_000, at)
    return exam, sitting, trainee, submit_sitting(store, trainee, sitting.id, at)


def test_a_round_item_counts_its_steps_right_over_the_rounds_steps(store, round_sitting):
    exam, sitting, trainee, result = round_sitting
    [item] = [i for i in sitting_items(exam, sitting) if is_round_item(i.skill)]
    round_ = round_of_item(item.skill, item.seed, item.difficulty, exam.rules)
    steps = len(round_.steps)
    assert round_.mode.value == "table-ready"
    row = connection(store).execute(
        "SELECT correct, score, question_json, answer_json FROM attempts "
        "WHERE sitting_id = ? AND item_index = ?", [sitting.id, item.index]).fetchone()
    assert row[0] == 0 and row[1] == pytest.approx((steps - 2) / steps)
    assert json.loads(row[2])["round"] == {"game": "mahjong_baccarat", "mode": "table-ready",
                                           "steps": steps}
    assert len(json.loads(row[3])["actions"]) == steps
    expected = (Decimal(str(1 + (steps - 2) / steps)) * 100 / 2).quantize(Decimal("0.1"))
    assert (result.questions, result.answered, result.correct) == (2, 2, 1)
    assert result.score_percent == expected
    reviewed = {r.item.index: r for r in review_sitting(store, trainee, sitting.id)}
    assert reviewed[item.index].attempt.answer == json.loads(row[3])


def test_a_round_left_unfinished_counts_the_steps_not_played_wrong(store, classroom):
    exam = create_exam(store, classroom, "One round", [ExamPart(ROUND, 1, 2)], seed=3,
                       time_limit_s=600, pass_percent=Decimal(50), same_questions=True)
    trainee = sign_in(store, add_person(store, "Dora Iu").id)
    sitting = start_sitting(store, trainee, exam.id)
    [item] = sitting_items(exam, sitting)
    round_ = round_of_item(item.skill, item.seed, item.difficulty, exam.rules)
    assert round_.mode.value == "practice"
    given = round_answer(round_, [str(a) for a in solve(round_)[:5]])
    stored, correct, score = GRADER.regrade(item.skill, item.seed, item.difficulty,
                                            exam.rules, given)
    assert (correct, score) == (False, pytest.approx(5 / len(round_.steps)))
    answer_exam_item(store, trainee, sitting.id, 0, stored, given, correct, score, 5_000)
    result = submit_sitting(store, trainee, sitting.id)
    assert result.score_percent == (Decimal(500) / len(round_.steps)).quantize(Decimal("0.1"))


def test_a_round_part_at_difficulty_1_is_refused(store, classroom):
    with pytest.raises(StoreError, match="difficulty 1 gives hints, which an exam never does"):
        create_exam(store, classroom, "Rounds", [ExamPart(ROUND, 2, 1)], seed=1,
                    time_limit_s=600, pass_percent=Decimal(50))


@pytest.fixture
def own_round(store, round_sitting, tmp_path):
    """Carla's own bundle, with her sitting of the exam with a round."""
    _exam, sitting, trainee, _result = round_sitting
    return export_bundle(store, trainee, tmp_path / "carla.zip", trainee.person.id).path, sitting


def test_a_sitting_with_a_round_imports_on_another_desktop(round_sitting, desk, own_round):
    other, teacher = desk
    path, sitting = own_round
    summary = import_bundle(other, teacher, path, source=INSTRUCTOR_DESK)
    assert summary.count("results") == 1
    assert connection(other).execute("SELECT score FROM attempts WHERE sitting_id = ? AND "
                                     "skill = ?", [sitting.id, ROUND]).fetchone()[0] < 1


def _forge(path, out, change):
    def edit(rows):
        for row in rows:
            if row["skill"] == ROUND:
                change(row)
        return rows
    return edit_rows(path, "attempts", edit, out)


def _claimed_right(row):
    row.update(correct=1, score=1.0)


def _one_more_action(row):
    answer = json.loads(row["answer_json"])
    answer["actions"].append(answer["actions"][0])
    row["answer_json"] = json.dumps(answer)


def _a_step_changed(row):
    answer = json.loads(row["answer_json"])
    first, second = answer["actions"][0]["action"], answer["actions"][1]["action"]
    answer["actions"][0]["action"] = second if second != first else answer["actions"][2][
        "action"]
    row["answer_json"] = json.dumps(answer)


def _a_step_put_right(row):
    """A wrong action replaced by the right one, the score left as it was."""
    answer = json.loads(row["answer_json"])
    question = json.loads(row["question_json"])
    round_ = round_of_item(ROUND, question["seed"], question["difficulty"],
                           HouseRules.from_json(question["rules"]))
    right = [str(a) for a in solve(round_)]
    n = next(n for n, given in enumerate(answer["actions"]) if given["action"] != right[n])
    answer["actions"][n]["action"] = right[n]
    row["answer_json"] = json.dumps(answer)


def _the_round_reworded(row):
    question = json.loads(row["question_json"])
    question["round"]["steps"] += 1
    row["question_json"] = json.dumps(question)


@pytest.mark.parametrize("forgery", [_claimed_right, _one_more_action, _a_step_changed,
                                     _a_step_put_right, _the_round_reworded])
def test_a_forged_round_answer_is_refused(round_sitting, desk, own_round, tmp_path, forgery):
    path, _sitting = own_round
    refused(desk, _forge(path, tmp_path / "forged.zip", forgery),
            "is not what the rules core grades")


def test_a_round_items_summary_breaks_neither_mastery_nor_reports(store, classroom,
                                                                   round_sitting, tmp_path):
    _exam, _sitting, trainee, _result = round_sitting
    figures = {m.skill: m for m in mastery(leave_to_see(store, trainee, trainee.person.id))}
    assert figures[ROUND].attempts == 1 and figures[ROUND].correct == 0
    report = build_report(leave_to_see(store, classroom))
    [row] = [row for row in report.skills if row.skill == ROUND]
    assert (row.game, row.figures.attempts) == ("mahjong_baccarat", 1)
    out = tmp_path / "r.zip"
    write_report_csv(store, classroom, report, out, "en", skill_titles())
    with zipfile.ZipFile(out) as archive:
        text = b"".join(archive.read(name) for name in archive.namelist()).decode()
    assert "Mahjong Baccarat: a table round" in text and ROUND not in text


def _out_of_its_exam(rows):
    for row in rows:
        if row["skill"] == ROUND:
            row.update(sitting_id=None, item_index=None)
    return rows


def _rounds_at_difficulty_1(rows):
    for row in rows:
        parts = json.loads(row["parts"])
        row["parts"] = json.dumps([[s, q, 1 if s == ROUND else d] for s, q, d in parts])
    return rows


@pytest.mark.parametrize(("table", "spoil", "field"), [
    ("attempts", _out_of_its_exam, "sitting_id"), ("exams", _rounds_at_difficulty_1, "parts")])
def test_a_round_outside_an_exam_or_at_difficulty_1_is_refused_in_a_bundle(
        round_sitting, bundle, other, tmp_path, table, spoil, field):
    error = refused_here(*other, edit_rows(bundle, table, spoil, tmp_path / "bad.zip"),
                         "Nothing was imported")
    assert field in str(error)


def test_gradebooks_carry_a_round_item_by_its_title(store, classroom, round_sitting, tmp_path):
    _exam, _sitting, trainee, _result = round_sitting
    numbers = {trainee.person.id: "S2001"}
    moodle_grades(store, classroom, tmp_path / "grades.csv", numbers, "en", skill_titles())
    text = (tmp_path / "grades.csv").read_text(encoding="utf-8")
    assert moodle_problems(text) == []
    header, row = list(csv.reader(io.StringIO(text)))
    assert "Mastery: Mahjong Baccarat: a table round" in header
    book = xapi_statements(store, classroom, tmp_path / "s.json", numbers, HOME,
                           skill_titles())
    statements = json.loads((tmp_path / "s.json").read_text())
    assert len(statements) == book.written == 4  # the two items, the sitting's two
    [completed, verdict] = [s for s in statements if "/sittings/" in s["object"]["id"]]
    assert [s["verb"]["id"] for s in (completed, verdict)] == [
        "http://adlnet.gov/expapi/verbs/completed",
        "http://adlnet.gov/expapi/verbs/" + ("passed" if _result.passed else "failed")]
    items = [s for s in statements if s not in (completed, verdict)]
    assert {s["context"]["contextActivities"]["parent"][0]["id"] for s in items} == {
        completed["object"]["id"]}
    for statement in statements:
        BaseXapiStatement.model_validate(statement)
    assert "Mahjong Baccarat: a table round" in json.dumps(statements, ensure_ascii=False)


def test_a_round_item_is_an_item_of_the_exam_s_statistics(store, classroom, round_sitting):
    """Its facility is its part marks: the steps right over the round's steps."""
    exam, sitting, _trainee, _result = round_sitting
    [item] = [i for i in sitting_items(exam, sitting) if is_round_item(i.skill)]
    steps = len(round_of_item(item.skill, item.seed, item.difficulty, exam.rules).steps)
    found = exam_item_statistics(store, classroom, exam.id)
    [stats] = [s for s in found.items if s.skill == ROUND]
    assert (stats.place, stats.difficulty, stats.sittings, stats.answered) == (
        item.index + 1, 3, 1, 1)
    assert stats.facility == pytest.approx((steps - 2) / steps)
    assert stats.mean_ms == 60_000 and stats.discrimination is None  # one sitting
