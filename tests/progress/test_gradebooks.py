"""Gradebooks: a Moodle grade CSV its grade import takes as it is, and xAPI statements that a
maintained xAPI library (ralph's models) accepts, shaped as the specification's example."""

import csv
import io
import json
import re
import uuid
from decimal import Decimal

import pytest
from ralph.models.xapi.base.statements import BaseXapiStatement

from tests.progress.conftest import damage
from trainer.progress import Role
from trainer.progress.people.accounts import NotAllowed
from trainer.progress.reports.gradebooks import (
    ID_NUMBER,
    NO_GRADE,
    grade_number,
    mastery_percent,
    moodle_grades,
    unique_headers,
    xapi_statements,
)
from trainer.progress.reports.statements import (
    COMPLETED,
    FAILED,
    PASSED,
    STATEMENT_NAMESPACE,
    Words,
    iso_duration,
    sitting_result,
    statement_id,
)
from trainer.progress.storage.database import connection

HOME = "https://lms.school.edu.mo"

#: The shape of a grade file as Moodle's own grade export writes it (Grades › Export ›
#: Plain text file) and its CSV import reads it back: user fields, one of them "ID number",
#: then a column per grade item named after it, "-" where there is no grade.
MOODLE_EXPORT_EXAMPLE = (
    '"First name","Last name","ID number","Email address","Quiz: Week 1 (Real)",'
    '"Course total (Real)"\n'
    'Ana,Lei,S1001,ana@example.edu,85.00,85.00\n'
    'Bruno,Chan,S1002,bruno@example.edu,-,-\n')


def moodle_problems(text: str) -> list[str]:
    """What Moodle's CSV grade import (gradeimport_csv) would refuse in ``text``, mapped
    from "ID number" to the users' ID numbers and every other column to a grade item."""
    rows = list(csv.reader(io.StringIO(text)))
    header = [h.strip() for h in rows[0]]
    problems = []
    if len({h.casefold() for h in header}) != len(header):
        problems.append("two columns have the same name")
    ids = header.index(ID_NUMBER)
    for row in rows[1:]:
        if len(row) <= 1:
            continue  # Moodle skips a line with no data
        if len(row) != len(header):
            problems.append(f"row of {len(row)} cells under {len(header)} columns")
        if not row[ids].strip():
            problems.append("a row without an ID number")
        for name, value in zip(header, row, strict=False):
            value = value.strip()
            if name in (ID_NUMBER, "First name", "Last name", "Email address"):
                continue
            if value in ("", "-"):
                continue
            if not re.fullmatch(r"\d+(\.\d+)?", value):
                problems.append(f"{name}: {value!r} is not a grade")
            elif Decimal(value) > 100:
                problems.append(f"{name}: {value} is over the maximum grade")
    return problems


def id_numbers_for(store, count=None):
    trainees = store.people(Role.TRAINEE)
    chosen = trainees if count is None else trainees[:count]
    return {p.id: f"S{1001 + n}" for n, p in enumerate(chosen)}


def test_the_checker_takes_moodles_own_export_and_refuses_what_moodle_refuses():
    assert moodle_problems(MOODLE_EXPORT_EXAMPLE) == []
    assert moodle_problems('ID number,Exam,exam \nS1,50,60\n') == [
        "two columns have the same name"]
    assert moodle_problems('ID number,Exam\nS1,"50,5"\n') == ["Exam: '50,5' is not a grade"]
    assert moodle_problems('ID number,Exam\n,50\n') == ["a row without an ID number"]
    assert moodle_problems('ID number,Exam\nS1,100.1\n') == [
        "Exam: 100.1 is over the maximum grade"]


def test_the_grade_file_has_the_shape_moodle_imports(store, classroom, tmp_path):
    numbers = id_numbers_for(store, 3)
    book = moodle_grades(store, classroom, tmp_path / "grades.csv", numbers)
    raw = (tmp_path / "grades.csv").read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf")  # plain UTF-8: the header is "ID number"
    text = raw.decode("utf-8")
    assert moodle_problems(text) == []
    rows = list(csv.reader(io.StringIO(text)))
    example = list(csv.reader(io.StringIO(MOODLE_EXPORT_EXAMPLE)))
    assert ID_NUMBER in example[0] and rows[0][0] == ID_NUMBER
    exam_title = connection(store).execute("SELECT title FROM exams").fetchone()[0]
    assert rows[0][1:] == [exam_title, "Mastery: thirteen.first_seat"]
    assert sorted(row[0] for row in rows[1:]) == sorted(numbers.values())
    assert (book.written, book.without_id_number) == (3, 1)


def test_each_grade_is_the_best_score_or_the_mastery(store, classroom, tmp_path):
    numbers = id_numbers_for(store)
    moodle_grades(store, classroom, tmp_path / "grades.csv", numbers)
    rows = {row[0]: row for row in csv.reader((tmp_path / "grades.csv").open())}
    for person_id, number in numbers.items():
        best = connection(store).execute(
                "SELECT max(CAST(score_percent AS REAL)) FROM exam_results "
                                "WHERE person_id = ?", [person_id]).fetchone()[0]
        assert rows[number][1] == (NO_GRADE if best is None else grade_number(Decimal(
            str(best))))
        recent = json.loads(connection(store).execute(
            "SELECT recent FROM skill_stats WHERE person_id = ?", [person_id]).fetchone()[0])
        window = recent[-20:]
        on_time = sum(1 for right, ms, _d in window if right and ms <= 10_000)
        assert rows[number][2] == grade_number(Decimal(on_time * 5))
    assert any(row[1] != NO_GRADE for row in rows.values())


def test_mastery_counts_answers_not_yet_given_as_not_right():
    assert mastery_percent([(True, 1000)] * 20, 20, 10_000) == 100
    assert mastery_percent([(True, 1000)] * 10, 20, 10_000) == 50
    assert mastery_percent([(True, 10_000)], 1, 10_000) == 100  # at the target time: in time
    assert mastery_percent([(True, 10_001)], 1, 10_000) == 0  # a millisecond over: late
    assert mastery_percent([(False, 1000)] + [(True, 1000)] * 20, 20, 10_000) == 100


def test_grades_are_plain_numbers_with_a_point():
    assert grade_number(Decimal("85.00")) == "85"
    assert grade_number(Decimal("66.6666")) == "66.7"
    assert grade_number(Decimal("0.05")) == "0.1"
    assert grade_number(Decimal("1E+2")) == "100"


def test_two_exams_of_one_title_get_their_dates_and_never_one_name():
    names = unique_headers(["ID number", "Final", "Final", "final ", "Mastery: X"],
                           ["", "2025-01-03", "2025-02-01", "2025-02-01", ""])
    assert names == ["ID number", "Final (2025-01-03)", "Final (2025-02-01)",
                     "final (2025-02-01, 2)", "Mastery: X"]
    assert unique_headers(["ID number", "ID number"], ["", "2025-01-03"]) == [
        "ID number", "ID number (2025-01-03)"]


def test_skill_names_in_the_chosen_language(store, classroom, tmp_path):
    from i18n import Message
    titles = {"thirteen.first_seat": Message.of("First seat")}
    moodle_grades(store, classroom, tmp_path / "grades.csv", id_numbers_for(store, 1), "en",
                  titles)
    header = next(csv.reader((tmp_path / "grades.csv").open()))
    assert header[-1] == "Mastery: First seat"


def test_only_instructors_export_grades(store, classroom, ana, tmp_path):
    with pytest.raises(NotAllowed, match="Only an instructor"):
        moodle_grades(store, ana, tmp_path / "grades.csv", {})
    with pytest.raises(NotAllowed, match="Only an instructor"):
        xapi_statements(store, ana, tmp_path / "s.json", {}, HOME)
    assert not (tmp_path / "grades.csv").exists() and not (tmp_path / "s.json").exists()


def test_nobody_with_an_id_number_gives_a_header_only(store, classroom, tmp_path):
    book = moodle_grades(store, classroom, tmp_path / "grades.csv", {})
    assert (book.written, book.without_id_number) == (0, 4)
    assert (tmp_path / "grades.csv").read_text().splitlines() == [f"{ID_NUMBER}"]


# xAPI -------------------------------------------------------------------------------------

#: The example statement of the xAPI specification (ADL's "simple CBT course" example,
#: trimmed to the parts an answer has): our statements have its shape.
SPEC_EXAMPLE = {
    "id": "7ccd3322-e1a5-411a-a67d-6a735c76f119",
    "timestamp": "2015-12-18T12:17:00+00:00",
    "actor": {"objectType": "Agent", "name": "Example Learner",
              "mbox": "mailto:example.learner@adlnet.gov"},
    "verb": {"id": "http://adlnet.gov/expapi/verbs/attempted",
             "display": {"en-US": "attempted"}},
    "object": {"id": "http://example.adlnet.gov/xapi/example/simpleCBT",
               "definition": {"name": {"en-US": "simple CBT course"}}},
    "result": {"score": {"scaled": 0.95}, "success": True, "duration": "PT1234S"},
}


def test_every_statement_is_valid_xapi(store, classroom, tmp_path):
    numbers = id_numbers_for(store, 2)
    book = xapi_statements(store, classroom, tmp_path / "s.json", numbers, HOME)
    statements = json.loads((tmp_path / "s.json").read_text())
    answers = connection(store).execute("SELECT count(*) FROM attempts WHERE person_id IN (?, ?)",
                               list(numbers)).fetchone()[0]
    sittings = connection(store).execute(
        "SELECT count(*) FROM exam_results WHERE person_id IN (?, ?)", list(numbers)).fetchone()[0]
    assert sittings > 0
    assert len(statements) == book.written == answers + 2 * sittings > 100
    assert book.without_id_number == 2
    for statement in statements:
        BaseXapiStatement.model_validate(statement)
    assert {s["actor"]["account"]["name"] for s in statements} == set(numbers.values())


def test_a_statement_has_the_specifications_shape(store, classroom, tmp_path):
    BaseXapiStatement.model_validate(SPEC_EXAMPLE)
    numbers = id_numbers_for(store, 1)
    xapi_statements(store, classroom, tmp_path / "s.json", numbers, HOME)
    first = json.loads((tmp_path / "s.json").read_text())[0]
    answer = connection(store).execute(
        "SELECT answered_at, skill, correct, score, response_ms FROM attempts "
        "WHERE person_id = ? ORDER BY answered_at, rowid LIMIT 1", list(numbers)).fetchone()
    assert set(first) == set(SPEC_EXAMPLE) | {"context"}
    assert set(first["result"]) == set(SPEC_EXAMPLE["result"])
    assert first["actor"] == {"objectType": "Agent",
                              "account": {"homePage": HOME, "name": "S1001"}}
    assert first["verb"]["id"] == "http://adlnet.gov/expapi/verbs/answered"
    assert first["verb"]["display"]["en"] == "answered"
    assert first["object"]["objectType"] == "Activity"
    assert first["object"]["id"] == f"urn:croupier-trainer:skill:{answer[1]}"
    assert set(first["object"]["definition"]["name"]) == {"en", "pt-MO", "zh-Hant-MO"}
    assert first["timestamp"] == answer[0]
    assert first["result"] == {"score": {"scaled": answer[3]}, "success": bool(answer[2]),
                               "duration": iso_duration(answer[4])}


def test_a_second_export_gives_the_same_statement_ids(store, classroom, tmp_path):
    numbers = id_numbers_for(store, 1)
    xapi_statements(store, classroom, tmp_path / "one.json", numbers, HOME)
    xapi_statements(store, classroom, tmp_path / "two.json", numbers, HOME)
    one = [s["id"] for s in json.loads((tmp_path / "one.json").read_text())]
    two = [s["id"] for s in json.loads((tmp_path / "two.json").read_text())]
    assert one == two and len(set(one)) == len(one)


def test_durations_are_iso_8601():
    assert iso_duration(4250) == "PT4.25S"
    assert iso_duration(60_000) == "PT60S"
    assert iso_duration(1) == "PT0S"
    assert iso_duration(5) == "PT0.01S"


def test_no_answers_give_an_empty_array(store, classroom, tmp_path):
    book = xapi_statements(store, classroom, tmp_path / "s.json", {}, HOME)
    assert json.loads((tmp_path / "s.json").read_text()) == []
    assert book.written == 0


def test_a_title_a_spreadsheet_would_run_is_written_as_text(store, classroom, tmp_path):
    damage(store.path, "UPDATE exams SET title = ?", ['=HYPERLINK("http://x")'])
    moodle_grades(store, classroom, tmp_path / "grades.csv", id_numbers_for(store, 1))
    header = next(csv.reader((tmp_path / "grades.csv").open(encoding="utf-8")))
    assert header[1] == "'=HYPERLINK(\"http://x\")"


def test_an_exam_sitting_is_its_own_activity_completed_and_passed_or_failed(
        store, classroom, tmp_path):
    numbers = id_numbers_for(store)
    xapi_statements(store, classroom, tmp_path / "s.json", numbers, HOME)
    statements = json.loads((tmp_path / "s.json").read_text())
    results = connection(store).execute(
        "SELECT r.sitting_id, r.exam_id, r.person_id, r.questions, r.correct, r.score_percent, "
        "r.passed, r.duration_ms, r.submitted_at, e.title FROM exam_results r "
        "JOIN exams e ON e.id = r.exam_id").fetchall()
    assert results
    for sitting, exam, person, questions, correct, percent, passed, ms, at, title in results:
        activity = f"{HOME}/croupier-trainer/exams/{exam}/sittings/{sitting}"
        about = [s for s in statements if s["object"]["id"] == activity]
        verdict = "passed" if passed else "failed"
        assert [s["verb"]["id"].rsplit("/", 1)[1] for s in about] == ["completed", verdict]
        for statement in about:
            BaseXapiStatement.model_validate(statement)
            assert statement["actor"]["account"]["name"] == numbers[person]
            assert statement["timestamp"] == at
            assert statement["result"] == {
                "score": {"scaled": float(Decimal(percent) / 100), "raw": correct, "min": 0,
                          "max": questions},
                "success": bool(passed), "completion": True, "duration": iso_duration(ms)}
            assert statement["object"]["definition"]["name"] == {
                "en": f"Exam: {title}", "pt-MO": f"Exame: {title}",
                "zh-Hant-MO": statement["object"]["definition"]["name"]["zh-Hant-MO"]}
            assert title in statement["object"]["definition"]["name"]["zh-Hant-MO"]
        items = [s for s in statements if "context" in s
                 and s["context"]["contextActivities"].get("parent", [{}])[0].get("id")
                 == activity]
        assert len(items) == connection(store).execute(
            "SELECT count(*) FROM attempts WHERE sitting_id = ?", [sitting]).fetchone()[0]


def test_practice_and_exam_answers_are_told_apart_by_their_context(store, classroom, tmp_path):
    numbers = id_numbers_for(store)
    xapi_statements(store, classroom, tmp_path / "s.json", numbers, HOME)
    statements = {s["id"]: s for s in json.loads((tmp_path / "s.json").read_text())}
    rows = connection(store).execute("SELECT id, sitting_id FROM attempts").fetchall()
    assert {sitting is None for _a, sitting in rows} == {True, False}
    for answer, sitting in rows:
        context = statements[statement_id("answer", answer)]["context"]["contextActivities"]
        if sitting is None:
            assert context == {"grouping": [{
                "objectType": "Activity", "id": f"{HOME}/croupier-trainer/practice",
                "definition": {"name": {"en": "Practice", "pt-MO": "Prática",
                                        "zh-Hant-MO": context["grouping"][0]["definition"][
                                            "name"]["zh-Hant-MO"]}}}]}
        else:
            [parent] = context["parent"]
            assert parent["id"].endswith(f"/sittings/{sitting}") and set(context) == {"parent"}


def test_a_statement_id_is_derived_from_what_it_states():
    answer, sitting = "7ccd3322-e1a5-411a-a67d-6a735c76f119", "0b6f1f2e-7c55-4d7a-9a55-1b2e5b0f3c11"
    assert statement_id("answer", answer) == str(uuid.uuid5(STATEMENT_NAMESPACE, answer))
    ids = {statement_id(kind, sitting) for kind in ("answer", "completed", "verdict")}
    assert len(ids) == 3
    assert statement_id("completed", sitting) == statement_id("completed", sitting)


def test_a_sitting_not_passed_is_failed():
    row = {"sitting_id": "s1", "exam_id": "e1", "title": "Final", "correct": 3,
           "questions": 8, "score_percent": "37.5", "passed": 0, "duration_ms": 61_250,
           "submitted_at": "2026-01-05T10:00:00.000Z"}
    shared = Words(HOME, {}, {verb: {"en": verb} for verb in (COMPLETED, PASSED, FAILED)}, {})
    completed, verdict = sitting_result(row, "S1", shared)
    assert (completed["verb"]["id"], verdict["verb"]["id"]) == (COMPLETED, FAILED)
    assert verdict["result"] == {"score": {"scaled": 0.375, "raw": 3, "min": 0, "max": 8},
                                 "success": False, "completion": True, "duration": "PT61.25S"}
    assert completed["id"] != verdict["id"]
    BaseXapiStatement.model_validate(verdict)
