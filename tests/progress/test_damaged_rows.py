"""Every reader of stored rows names a damaged row (its id and column) and skips it, in the
user's language, and reads the rest: a flipped bit never fails a whole export."""

import csv
import json
import uuid
import zipfile
from datetime import date

import pytest

import i18n
from tests.progress.conftest import damage
from trainer.progress.bundles.export import export_bundle
from trainer.progress.bundles.importing import import_bundle
from trainer.progress.bundles.source import INSTRUCTOR_DESK
from trainer.progress.exams.grading import installed_grader
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.answer_log import LogFilter, page
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.gradebooks import moodle_grades, xapi_statements
from trainer.progress.reports.period import Period
from trainer.progress.reports.spreadsheets import write_attempts_csv, write_report_csv
from trainer.progress.reports.statements import STATEMENT_NAMESPACE
from trainer.progress.storage.database import connection

#: One value of one answer, damaged as a flipped bit or a bad sector leaves it.
ANSWER_DAMAGE = {
    "a time that is no time": ("answered_at", "'x2026-13-99'"),
    "a time with a character changed": ("answered_at",
                                        "substr(answered_at, 1, 18) || 'p' || "
                                        "substr(answered_at, 20)"),
    "a time that is not UTF-8": ("answered_at", "CAST(x'ff' AS TEXT)"),
    "a score that is text": ("score", "'0.5x'"),
    "an infinite score": ("score", "9e999"),
    "a response time that is text": ("response_ms", "'12a'"),
    "a right-or-wrong that is text": ("correct", "'yes'"),
    "a question whose JSON is cut": ("question_json", "'{\"skill\": '"),
    "an answer whose JSON is cut": ("answer_json", "'[1,'"),
}


def _attempts_csv(store, actor, tmp_path):
    out = tmp_path / "attempts.csv"
    write_attempts_csv(store, actor, out, "en")
    with out.open(encoding="utf-8-sig", newline="") as handle:
        return [line[-1] for line in list(csv.reader(handle))[1:]]


def _xapi(store, actor, tmp_path):
    numbers = {p.id: f"N{n}" for n, p in enumerate(store.people())}
    out = tmp_path / "statements.json"
    xapi_statements(store, actor, out, numbers, "https://moodle.example.edu")
    return [s["id"] for s in json.loads(out.read_text("utf-8"))]


def _answer_log(store, actor, tmp_path):
    return [a.attempt.id for a in page(leave_to_see(store, actor, None), LogFilter(), 0, 10**6)]


def _report_of_days(store, actor, tmp_path):
    report = build_report(leave_to_see(store, actor, None), period=Period(date(2000, 1, 1)))
    write_report_csv(store, actor, report, tmp_path / "report.zip", "en")
    return report.totals.attempts


def _bundle(store, actor, tmp_path):
    contents = export_bundle(store, actor, tmp_path / "all.zip", with_instructors=True)
    with zipfile.ZipFile(contents.path) as archive:
        return [json.loads(line)["id"] for line in archive.read("attempts.jsonl").splitlines()]


#: Each reader of answers, and the columns it reads (damage elsewhere is none of its business).
READERS = {
    "attempts CSV": (_attempts_csv, {"answered_at", "score", "response_ms", "correct"}),
    "xAPI": (_xapi, {"answered_at", "score", "response_ms", "correct"}),
    "answer log": (_answer_log, set(dict(ANSWER_DAMAGE.values()))),
    "report of chosen days": (_report_of_days, {"answered_at", "response_ms", "correct"}),
    "bundle": (_bundle, set(dict(ANSWER_DAMAGE.values()))),
}


def _practice_answer(store):
    """An answer outside any exam (an exam's would take its sitting out of a bundle)."""
    return connection(store).execute("SELECT id FROM attempts WHERE sitting_id IS NULL "
                            "ORDER BY rowid LIMIT 1 OFFSET 7").fetchone()[0]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("kind", ANSWER_DAMAGE)
def test_every_reader_skips_and_names_a_damaged_answer(store, classroom, tmp_path, reader,
                                                       kind):
    read, columns = READERS[reader]
    before = read(store, classroom, tmp_path)
    answer = _practice_answer(store)
    column, value = ANSWER_DAMAGE[kind]
    damage(store.path, f"UPDATE attempts SET {column} = {value} WHERE id = ?", [answer])
    store.damaged_rows.clear()
    after = read(store, classroom, tmp_path)
    named = [str(note) for note in store.damaged_rows]
    if column not in columns:  # not read: nothing to say, nothing left out
        assert after == before and named == []
        return
    end = ("it was left out of the bundle, with what refers to it." if reader == "bundle"
           else "it was skipped.")
    assert named == [f"The answer {answer} in the progress database is damaged ({column}); {end}"]
    if isinstance(before, int):  # answers added up
        assert after == before - 1
    else:
        key = (str(uuid.uuid5(STATEMENT_NAMESPACE, answer)) if reader == "xAPI" else answer)
        assert key in before and after == [k for k in before if k != key]


def test_a_damaged_answer_is_named_in_the_users_language(store, classroom, tmp_path):
    answer = _practice_answer(store)
    damage(store.path, "UPDATE attempts SET answered_at = 'x2026-13-99' WHERE id = ?", [answer])
    _attempts_csv(store, classroom, tmp_path)
    [note] = store.damaged_rows
    i18n.set_language("pt_MO")
    try:
        said = str(note)
    finally:
        i18n.set_language("en")
    assert answer in said and "answered_at" in said and "damaged" not in said


def test_a_bundle_without_its_damaged_rows_still_moves(store, classroom, tmp_path, other):
    """A damaged exam answer takes its sitting and result with it (the importer grades a
    sitting again whole); a damaged session takes its answers; the rest is imported."""
    exam_answer, sitting = connection(store).execute(
        "SELECT id, sitting_id FROM attempts WHERE sitting_id IS NOT NULL").fetchone()
    session = connection(store).execute("SELECT session_id FROM attempts WHERE sitting_id IS NULL "
                               "AND session_id IS NOT NULL").fetchone()[0]
    damage(store.path, "UPDATE attempts SET score = 'x' WHERE id = ?", [exam_answer])
    damage(store.path, "UPDATE sessions SET started_at = 'x' WHERE id = ?", [session])
    contents = export_bundle(store, classroom, tmp_path / "all.zip", with_instructors=True)
    assert [str(n) for n in store.damaged_rows] == [
        f"The session {session} in the progress database is damaged (started_at); it was left "
        "out of the bundle, with what refers to it.",
        f"The answer {exam_answer} in the progress database is damaged (score); it was left "
        "out of the bundle, with what refers to it."]
    desk, teacher = other
    import_bundle(desk, teacher, contents.path, accept_instructors=("Demo Instructor",),
                  grader=installed_grader(), source=INSTRUCTOR_DESK)
    moved = {row[0] for row in connection(desk).execute("SELECT sitting_id FROM attempts")}
    assert sitting not in moved and None in moved
    assert connection(desk).execute("SELECT count(*) FROM exam_results WHERE sitting_id = ?",
                           [sitting]).fetchone()[0] == 0
    assert connection(desk).execute("SELECT count(*) FROM attempts WHERE session_id = ?",
                           [session]).fetchone()[0] == 0
    left = connection(store).execute(
        "SELECT count(*) FROM attempts WHERE sitting_id IS NOT ? AND session_id IS NOT ?",
        [sitting, session]).fetchone()[0]
    assert connection(desk).execute("SELECT count(*) FROM attempts").fetchone()[0] == left > 0


#: One value of a summary, a week's figures or an exam result, damaged; and the id it is
#: named by (``None``: the person's).
SUMMARY_DAMAGE = {
    "a summary's count that is text": ("skill_stats", "attempts", "'12a'", "summary"),
    "a summary's last answer that is no time": ("skill_stats", "last_at", "'x2026'", "summary"),
    "a summary's answers whose JSON is cut": ("skill_stats", "recent", "'[[1,'", "summary"),
    "a week that is no day": ("weekly_stats", "week", "'2025-13-99'", "week"),
    "a week's time that is text": ("weekly_stats", "total_ms", "'9x'", "week"),
    "an exam score that is no number": ("exam_results", "score_percent", "'8O.5'", "result"),
    "an exam submitted at no time": ("exam_results", "submitted_at", "CAST(x'ff' AS TEXT)",
                                     "result"),
}
#: Who reads what: the report (CSV and PDF figures) reads them all; Moodle's grades read
#: summaries' answers and exam scores.
SUMMARY_READERS = {
    "report": {"skill_stats", "weekly_stats", "exam_results"},
    "moodle": {"skill_stats.recent", "exam_results.score_percent"},
}


def _summary_reader(name, store, actor, tmp_path):
    if name == "report":
        report = build_report(leave_to_see(store, actor, None))
        write_report_csv(store, actor, report, tmp_path / "report.zip", "en")
        return (report.totals.attempts, report.weeks, len(report.exams))
    numbers = {p.id: f"N{n}" for n, p in enumerate(store.people())}
    book = moodle_grades(store, actor, tmp_path / "grades.csv", numbers, "en")
    return book.path.read_text("utf-8").count(",-")


@pytest.mark.parametrize("reader", SUMMARY_READERS)
@pytest.mark.parametrize("kind", SUMMARY_DAMAGE)
def test_every_reader_skips_and_names_a_damaged_summary_or_result(store, classroom, tmp_path,
                                                                   reader, kind):
    table, column, value, named_as = SUMMARY_DAMAGE[kind]
    before = _summary_reader(reader, store, classroom, tmp_path)
    key = "sitting_id" if table == "exam_results" else "person_id"
    person, row_key, skill, week = connection(store).execute(
        f"SELECT person_id, {key}, {'skill' if table != 'exam_results' else 'NULL'}, "
        f"{'week' if table == 'weekly_stats' else 'NULL'} FROM {table} ORDER BY rowid "
        f"LIMIT 1").fetchone()
    damage(store.path, f"UPDATE {table} SET {column} = {value} WHERE rowid = "
           f"(SELECT min(rowid) FROM {table})")
    store.damaged_rows.clear()
    after = _summary_reader(reader, store, classroom, tmp_path)
    named = [str(note) for note in store.damaged_rows]
    if not {table, f"{table}.{column}"} & SUMMARY_READERS[reader]:
        assert named == [] and after == before
        return
    expected = {
        "summary": f"The summary of {skill} for {person} in the progress database is damaged "
                   f"({column}); it was skipped.",
        "week": f"The figures of the week {value.strip(chr(39)) if column == 'week' else week} "
                f"for {person} in the progress "
                f"database are damaged ({column}); they were skipped.",
        "result": f"The exam result of the sitting {row_key} in the progress database is "
                  f"damaged ({column}); it was skipped.",
    }[named_as]
    assert named == [expected] and after != before
