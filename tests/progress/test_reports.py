"""Reports: figures that agree with the attempts, and CSV that spreadsheets open correctly."""

import csv
import zipfile
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from trainer.progress import Role
from trainer.progress.people.accounts import NotAllowed, sign_in
from trainer.progress.people.classes import create_class
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import Figures, build_report
from trainer.progress.reports.spreadsheets import TABLES, write_attempts_csv, write_report_csv
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt
from trainer.progress.storage.values import stamp


def direct(store, where="", args=()):
    """Answers, right answers and milliseconds straight from the attempts table."""
    return connection(store).execute(
        f"SELECT count(*), sum(correct), sum(response_ms) FROM attempts a JOIN people p "
        f"ON p.id = a.person_id WHERE p.role = 'trainee' {where}", list(args)).fetchone()


def test_the_cohort_report_agrees_with_the_attempts(store, classroom):
    report = build_report(leave_to_see(store, classroom))
    assert report.scope is None
    assert (report.totals.attempts, report.totals.correct, report.totals.total_ms) == \
        direct(store)
    for row in report.skills:
        assert (row.figures.attempts, row.figures.correct, row.figures.total_ms) == direct(
            store, "AND skill = ?", [row.skill])
        assert row.trainees == 4
    assert sum(w.figures.attempts for w in report.weeks) == report.totals.attempts
    assert [w.week.weekday() for w in report.weeks] == [0] * len(report.weeks)
    assert len(report.weeks) >= 5
    assert sum(g.figures.attempts for g in report.games) == report.totals.attempts
    assert len(report.trainees) == 4
    assert sum(t.figures.attempts for t in report.trainees) == report.totals.attempts
    assert report.exams and all(e.questions == 4 for e in report.exams)
    exam_rows = connection(store).execute("SELECT count(*) FROM exam_results").fetchone()[0]
    assert len(report.exams) == exam_rows


def test_a_class_report_holds_its_trainees_only(store, classroom):
    trainees = store.people(Role.TRAINEE)
    two = trainees[:2]
    march = create_class(store, classroom, "Class of March", tuple(p.id for p in two))
    report = build_report(leave_to_see(store, classroom), school_class=march)
    assert str(report.title) == "Progress report: the class Class of March"
    assert sorted(t.person.name for t in report.trainees) == sorted(p.name for p in two)
    marks = ", ".join("?" for _ in two)
    where, args = f"AND a.person_id IN ({marks})", [p.id for p in two]
    assert (report.totals.attempts, report.totals.correct, report.totals.total_ms) == direct(
        store, where, args)
    assert sum(w.figures.attempts for w in report.weeks) == report.totals.attempts
    assert {e.person.id for e in report.exams} <= {p.id for p in two}
    everyone = build_report(leave_to_see(store, classroom))
    assert report.totals.attempts < everyone.totals.attempts
    empty = create_class(store, classroom, "Nobody yet")
    nobody = build_report(leave_to_see(store, classroom), school_class=empty)
    assert nobody.trainees == () and nobody.weeks == () and nobody.totals.attempts == 0


def test_the_trend_shows_improvement_in_the_demo(store, classroom):
    weeks = build_report(leave_to_see(store, classroom)).weeks
    half = len(weeks) // 2
    early = sum((w.figures for w in weeks[:half]), Figures())
    late = sum((w.figures for w in weeks[half:]), Figures())
    assert late.accuracy > early.accuracy + Decimal("0.05")


def test_a_trainee_report_and_who_may_see_it(store, classroom):
    trainees = store.people(Role.TRAINEE)
    first = trainees[0]
    report = build_report(leave_to_see(store, classroom, first.id))
    assert report.scope == first and [t.person for t in report.trainees] == [first]
    assert report.totals.attempts == direct(store, "AND person_id = ?", [first.id])[0]
    assert all(row.level is not None for row in report.skills)
    assert str(report.title) == f"Progress report: {first.name}"
    own = sign_in(store, first.id)
    assert build_report(leave_to_see(store, own, first.id)).totals == report.totals
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        build_report(leave_to_see(store, own))
    with pytest.raises(NotAllowed, match="A trainee can see only their own progress"):
        build_report(leave_to_see(store, own, trainees[1].id))


def test_weakest_skills_are_the_least_accurate_with_enough_answers(store, classroom):
    report = build_report(leave_to_see(store, classroom))
    accuracies = [row.figures.accuracy for row in report.weakest]
    assert accuracies == sorted(accuracies)
    assert all(row.figures.attempts >= 10 for row in report.weakest)


def read_csv(path):
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM that makes spreadsheets read UTF-8
    return list(csv.reader(raw.decode("utf-8-sig").splitlines()))


def read_table(archive, name):
    raw = archive.read(f"{name}.csv")
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM that makes spreadsheets read UTF-8
    return list(csv.reader(raw.decode("utf-8-sig").splitlines()))


def test_report_csv_is_one_flat_table_per_file_in_the_instructors_language(
        store, classroom, tmp_path):
    add_person(store, "陳大文")
    report = build_report(leave_to_see(store, classroom))
    out = tmp_path / "r.zip"
    write_report_csv(store, classroom, report, out, "pt_MO")
    with zipfile.ZipFile(out) as archive:
        assert sorted(archive.namelist()) == sorted([f"{t}.csv" for t in TABLES] + ["about.txt"])
        about = archive.read("about.txt").decode("utf-8").splitlines()
        assert about[0] == "Relatório de progresso: todos os formandos"
        assert about[1].startswith("Gerado em")
        summary = read_table(archive, "summary")
        trainees = read_table(archive, "trainees")
        games = read_table(archive, "games")
        tables = {name: read_table(archive, name) for name in TABLES}
    assert summary[0] == ["Respostas", "Taxa de acerto", "Tempo gasto (minutos)"]
    assert len(summary) == 2 and summary[1][0] == str(report.totals.attempts)
    assert "," in summary[1][1] and summary[1][1].endswith("%")  # 84,0% in Portuguese
    assert trainees[0][0] == "Formando" and len(trainees) == 1 + len(report.trainees)
    assert "陳大文" in {row[0] for row in trainees[1:]}
    assert "Jogo de 13 Cartas" in {row[0] for row in games[1:]}  # a translated game name
    for name, rows in tables.items():  # flat: a header, then rows as wide as it
        assert rows and all(len(row) == len(rows[0]) for row in rows), name
    write_report_csv(store, classroom, report, out, "en")
    with zipfile.ZipFile(out) as archive:
        summary = read_table(archive, "summary")
        # why a score can be above the share of questions right
        assert "The score counts part marks" in archive.read("about.txt").decode("utf-8")
    assert "." in summary[1][1] and "%" in summary[1][1]


def test_one_report_table_alone(store, classroom, tmp_path):
    report = build_report(leave_to_see(store, classroom))
    out = tmp_path / "exams.csv"
    write_report_csv(store, classroom, report, out, "en", table="exams")
    rows = read_csv(out)
    assert rows[0] == ["Exam", "Trainee", "ID number", "Date", "Correct", "Score", "Result",
                       "Time taken (s)"]
    assert len(rows) == 1 + len(report.exams)
    with pytest.raises(ValueError, match="no report table 'grades'"):
        write_report_csv(store, classroom, report, tmp_path / "g.csv", "en", table="grades")
    assert not (tmp_path / "g.csv").exists()


def test_attempts_csv_has_every_answer(store, classroom, tmp_path):
    out = tmp_path / "a.csv"
    count = write_attempts_csv(store, classroom, out, "zh_Hant_MO")
    rows = read_csv(out)
    total = connection(store).execute("SELECT count(*) FROM attempts").fetchone()[0]
    assert count == total == len(rows) - 1
    assert len({row[-1] for row in rows[1:]}) == total  # every attempt id once
    assert rows[0][:3] == ["學員", "學號", "日期"]
    assert any("年" in row[2] for row in rows[1:3])  # a Chinese date
    assert {row[4] for row in rows[1:]} == {"十三張"}
    first = store.people(Role.TRAINEE)[0]
    assert write_attempts_csv(store, classroom, out, "en", first.id) == direct(
        store, "AND person_id = ?", [first.id])[0]


def test_only_instructors_export_reports(store, classroom, tmp_path):
    trainee = sign_in(store, store.people(Role.TRAINEE)[0].id)
    report = build_report(leave_to_see(store, trainee, trainee.person.id))
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        write_report_csv(store, trainee, report, tmp_path / "r.csv")
    with pytest.raises(NotAllowed, match="Only an instructor may do this"):
        write_attempts_csv(store, trainee, tmp_path / "a.csv")
    assert not list(tmp_path.glob("*.csv"))


def test_exam_scores_are_decimal(store, classroom):
    everyone = build_report(leave_to_see(store, classroom))
    assert all(isinstance(e.score_percent, Decimal) for e in everyone.exams)


# A small classroom's report, figure by figure ------------------------------------------------

#: (skill, answers, right): the weakest are those of 10 answers or more, least right first.
PRACTICE = [("thirteen.payout", 10, 6), ("thirteen.foul", 9, 0), ("mahjong.waits", 20, 20),
            ("three_card.order", 10, 8), ("sap_i_chi.payout", 10, 7)]


@pytest.fixture
def practised(store, ana):
    moment = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
    for skill, answers, right in PRACTICE:
        for n in range(answers):
            moment += timedelta(minutes=1)
            record_attempt(store, ana.person.id, None, {"version": 1, "skill": skill,
                                                       "seed": n, "difficulty": 1},
                                 1, n < right, float(n < right), 2000,
                                 answered_at=stamp(moment))
    return stamp(moment)


def test_the_weakest_are_three_skills_of_ten_answers_or_more(store, instructor, ana,
                                                              practised):
    report = build_report(leave_to_see(store, instructor))
    assert [row.skill for row in report.weakest] == [
        "thirteen.payout", "sap_i_chi.payout", "three_card.order"]
    [trainee] = report.trainees
    assert (trainee.weakest_skill, trainee.mastered) == ("thirteen.payout", 1)
    assert trainee.last_answered_at == practised
    assert trainee.figures == Figures(59, 41, 59 * 2000)


def test_skills_and_games_are_named_by_their_ids_in_the_games_order(store, instructor, ana,
                                                                    practised):
    report = build_report(leave_to_see(store, instructor, ana.person.id))
    assert [(row.game, row.skill, row.mastered) for row in report.skills] == [
        ("mahjong", "mahjong.waits", 1), ("sap_i_chi", "sap_i_chi.payout", 0),
        ("thirteen", "thirteen.foul", 0), ("thirteen", "thirteen.payout", 0),
        ("three_card", "three_card.order", 0)]
    assert [(row.game, row.figures.attempts) for row in report.games] == [
        ("thirteen", 19), ("three_card", 10), ("sap_i_chi", 10), ("mahjong", 20)]


def test_reading_the_summaries_tells_each_one(store, instructor, ana, practised):
    for person_id in (None, ana.person.id):
        told: list[tuple[int, int]] = []
        build_report(leave_to_see(store, instructor, person_id),
                     progress=lambda *figures, told=told:
                     told.append(figures))
        assert told == [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]


@pytest.mark.parametrize(("language", "header", "spent"), [
    ("en", "Time spent (minutes)", "2.0"), ("pt_MO", "Tempo gasto (minutos)", "2,0"),
    ("zh_Hant_MO", "所用時間（分鐘）", "2.0")])
def test_the_time_spent_is_in_minutes_so_a_few_answers_are_not_nothing(
        store, instructor, ana, practised, language, header, spent):
    from trainer.progress.reports.spreadsheets import report_tables
    from trainer.progress.reports.words import in_language

    report = build_report(leave_to_see(store, instructor))
    assert report.totals.total_ms == 59 * 2000  # under two minutes: 0.0 in hours
    with in_language(language):
        tables = {t.name: t for t in report_tables(report, language)}
    assert (tables["summary"].header[2], tables["summary"].rows[0][2]) == (header, spent)
    assert (tables["trainees"].header[4], tables["trainees"].rows[0][4]) == (header, spent)


def test_a_mean_time_is_whole_milliseconds():
    assert Figures(3, 1, 10).mean_ms == 3 and Figures().mean_ms is None
    assert Figures(1, 1, 5) + Figures(2, 0, 7) == Figures(3, 1, 12)


def test_the_spreadsheets_say_levels_results_and_sittings(store, instructor, ana, tmp_path):
    from tests.progress.test_exams import PARTS, sit
    from trainer.progress.exams.sittings import create_exam, submit_sitting
    from trainer.progress.reports.spreadsheets import report_tables

    exam = create_exam(store, instructor, "Week 4 check", PARTS, seed=2024, time_limit_s=600,
                       pass_percent=Decimal(60), same_questions=True)
    sitting, at = sit(store, ana, exam, lambda index: index != 0)
    submit_sitting(store, ana, sitting.id, at)
    record_attempt(store, ana.person.id, None, {"version": 1, "skill": "thirteen.payout",
                                               "seed": 1, "difficulty": 1}, 1, False, 0.0, 900)
    report = build_report(leave_to_see(store, instructor))
    tables = {t.name: t for t in report_tables(report, "en")}
    exams = tables["exams"]
    assert list(exams.header) == ["Exam", "Trainee", "ID number", "Date", "Correct", "Score",
                                  "Result", "Time taken (s)"]
    [result] = [list(map(str, row)) for row in exams.rows]
    assert result[:3] == ["Week 4 check", "Ana Lei", ""]  # no ID number given
    assert result[4:7] == ["4 / 5", "80.0%", "Passed"]
    assert "Trainees mastered" in tables["skills"].header
    her_report = build_report(leave_to_see(store, instructor, ana.person.id))
    hers = {t.name: t for t in report_tables(her_report, "en")}["skills"].header
    assert "Level" in hers and "Trainees mastered" not in hers
    told: list[tuple[int, int]] = []
    out = tmp_path / "answers.csv"
    assert write_attempts_csv(store, instructor, out, "en",
                              progress=lambda *figures: told.append(figures)) == 6
    assert told == [(0, 6), (1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6)]
    rows = list(csv.reader(out.read_text("utf-8-sig").splitlines()))[1:]
    assert [row[8] for row in rows] == ["No", "Yes", "Yes", "Yes", "Yes", "No"]
    assert [row[12] for row in rows] == [sitting.id] * 5 + [""]
