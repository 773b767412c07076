"""``python -m trainer.progress``: demo, reports, bundles, and one-line errors."""

import csv
import json
import os
import runpy
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.progress.conftest import damage
from trainer.progress import Role, Store, command_line
from trainer.progress.command_line import NEW_PASSWORD_ENV, PASSWORD_ENV, main, parser
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS
from trainer.progress.people.accounts import find_person, sign_in
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import stored_attempts

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def demo_db(tmp_path, monkeypatch):
    monkeypatch.setenv(PASSWORD_ENV, DEMO_PASSWORD)
    db = tmp_path / "demo.sqlite3"
    assert main(["--db", str(db), "demo", "--trainees", "5", "--attempts", "800",
                 "--seed", "3"]) == 0
    return db


def test_the_demo_is_a_classroom_spread_over_weeks(demo_db):
    with Store(demo_db) as store:
        assert len(store.people(Role.TRAINEE)) == 5
        assert len(store.people(Role.INSTRUCTOR)) == 1
        count, first, last = connection(store).execute(
            "SELECT count(*), min(answered_at), max(answered_at) FROM attempts").fetchone()
        skills = {s for (s,) in connection(store).execute("SELECT DISTINCT skill FROM attempts")}
        question = json.loads(connection(store).execute(
                "SELECT question_json FROM attempts").fetchone()[0])
        sessions = connection(store).execute("SELECT count(*) FROM sessions").fetchone()[0]
        results = connection(store).execute("SELECT count(*) FROM exam_results").fetchone()[0]
    assert abs(count - 800) <= 5
    assert skills <= set(DEMO_SKILLS)
    assert set(question) == {"version", "skill", "seed", "difficulty"}
    assert question["version"] == 1
    assert last[:10] > first[:10] and sessions >= 20 and results >= 1


def test_the_same_seed_builds_the_same_classroom(tmp_path):
    from datetime import UTC, datetime

    from trainer.progress.demo import build_demo
    end = datetime(2025, 5, 1, tzinfo=UTC)
    rows = []
    for name in ("a", "b"):
        with Store(tmp_path / f"{name}.sqlite3") as store:
            build_demo(store, 3, 200, seed=11, end=end)
            rows.append(connection(store).execute(
                "SELECT id, answered_at, skill, seed, correct, response_ms FROM attempts "
                "ORDER BY id").fetchall())
    assert rows[0] == rows[1]


def test_report_csv_and_attempts_export(demo_db, tmp_path):
    out = tmp_path / "report.zip"
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(out),
                 "--lang", "zh_Hant_MO"]) == 0
    with zipfile.ZipFile(out) as archive:
        games = archive.read("games.csv")
    assert games.startswith(b"\xef\xbb\xbf") and "十三張" in games.decode("utf-8-sig")
    with Store(demo_db) as store:
        trainee = store.people(Role.TRAINEE)[0]
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(out),
                 "--trainee", trainee.name]) == 0
    with zipfile.ZipFile(out) as archive:
        assert trainee.name in archive.read("about.txt").decode("utf-8").splitlines()[0]
    table = tmp_path / "trainees.csv"
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(table),
                 "--table", "trainees"]) == 0
    rows = list(csv.reader(table.open(encoding="utf-8-sig")))
    assert rows[0][0] == "Trainee" and len(rows) == 1 + 5
    attempts = tmp_path / "attempts.csv"
    assert main(["--db", str(demo_db), "export-attempts", "--out", str(attempts)]) == 0
    assert len(list(csv.reader(attempts.open(encoding="utf-8-sig")))) > 700


@pytest.mark.parametrize("name", ["r.csv", "R.CSV", "week 4.report.csv"])
def test_a_zip_of_tables_is_refused_under_a_csv_name(demo_db, tmp_path, capsys, name):
    out = tmp_path / name
    before = sorted(tmp_path.rglob("*"))
    capsys.readouterr()
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(out)]) == 1
    said = capsys.readouterr()
    assert said.err == (
        "The CSV report is a zip of tables, not a CSV file: give the file the .zip extension "
        f"(--out {out.with_suffix('.zip').name}), or write one table as CSV with --table "
        "NAME.\n")
    assert said.out == "" and sorted(tmp_path.rglob("*")) == before  # nothing written


def test_a_csv_report_is_a_zip_under_a_zip_name_and_one_table_under_any(demo_db, tmp_path):
    for name in ("r.zip", "r.ZIP"):
        assert main(["--db", str(demo_db), "report", "--format", "csv", "--out",
                     str(tmp_path / name)]) == 0
        assert zipfile.is_zipfile(tmp_path / name)
    table = tmp_path / "weeks.csv"
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--table", "weeks",
                 "--out", str(table)]) == 0
    assert not zipfile.is_zipfile(table)
    assert next(csv.reader(table.open(encoding="utf-8-sig")))[0] == "Week of"


def test_the_refusal_of_a_csv_name_is_in_the_reports_language(demo_db, tmp_path, capsys):
    capsys.readouterr()
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out",
                 str(tmp_path / "r.csv"), "--lang", "pt_MO"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("O relatório CSV é um zip") and "r.zip" in error


def test_bundles_through_the_command_line(demo_db, tmp_path, monkeypatch):
    bundle = tmp_path / "all.zip"
    assert main(["--db", str(demo_db), "export-bundle", "--out", str(bundle),
                 "--with-instructors"]) == 0
    assert zipfile.ZipFile(bundle).namelist()[-1] == "manifest.json"
    with Store(demo_db) as store:  # a trainee who sat the exam
        sat = {row[0] for row in connection(store).execute("SELECT person_id FROM exam_sittings")}
        trainee = next(p for p in store.people(Role.TRAINEE) if p.id in sat)
    own = tmp_path / "own.zip"
    monkeypatch.delenv(PASSWORD_ENV)  # a trainee's own bundle needs no password
    assert main(["--db", str(demo_db), "export-bundle", "--out", str(own), "--trainee",
                 trainee.name]) == 0
    monkeypatch.setenv(PASSWORD_ENV, "a new instructor")
    fresh = tmp_path / "fresh.sqlite3"
    assert main(["--db", str(fresh), "add-instructor", "Mestre"]) == 0
    # The trainee's sittings need the exam they sat: it comes with the instructors.
    assert main(["--db", str(fresh), "import-bundle", str(own), "--from-trainee",
                 trainee.name]) == 1
    with pytest.raises(SystemExit, match="^2$"):  # whom it is from must be said
        main(["--db", str(fresh), "import-bundle", str(bundle)])
    with pytest.raises(SystemExit, match="^2$"):  # once
        main(["--db", str(fresh), "import-bundle", str(bundle), "--from-instructor",
              "--from-trainee", trainee.name])
    assert main(["--db", str(fresh), "--instructor", "Mestre", "import-bundle",
                 str(bundle), "--from-instructor"]) == 1  # the demo instructor not accepted
    everyone = ["--db", str(fresh), "--instructor", "Mestre", "import-bundle", str(bundle),
                "--accept-instructor", "demo instructor"]
    assert main([*everyone, "--from-trainee", trainee.name]) == 1  # not one trainee's
    assert main([*everyone, "--from-instructor"]) == 0
    assert main(["--db", str(fresh), "--instructor", "Mestre", "import-bundle",
                 str(own), "--from-trainee", "Demo Instructor"]) == 1  # not a trainee
    assert main(["--db", str(fresh), "--instructor", "Mestre", "import-bundle",
                 str(own), "--from-trainee", trainee.name]) == 0  # on the desk: already here
    with Store(fresh) as copy, Store(demo_db) as original:
        query = "SELECT count(*) FROM attempts"
        assert connection(copy).execute(query).fetchone() \
            == connection(original).execute(query).fetchone()


def test_a_trainees_bundle_from_the_command_line_names_the_trainee(demo_db, tmp_path,
                                                                  monkeypatch, capsys):
    with Store(demo_db) as store:
        sat = {row[0] for row in connection(store).execute("SELECT person_id FROM exam_sittings")}
        trainee = next(p for p in store.people(Role.TRAINEE) if p.id in sat)
        other = next(p for p in store.people(Role.TRAINEE) if p.id != trainee.id)
    own, fresh = tmp_path / "own.zip", tmp_path / "fresh.sqlite3"
    monkeypatch.delenv(PASSWORD_ENV)
    assert main(["--db", str(demo_db), "export-bundle", "--out", str(own), "--trainee",
                 trainee.name]) == 0
    monkeypatch.setenv(PASSWORD_ENV, "a new instructor")
    assert main(["--db", str(fresh), "add-instructor", "Mestre"]) == 0
    with Store(demo_db) as store, Store(fresh) as desk:
        for person in (trainee, other):  # both known on the desk, by their own ids
            connection(desk)["people"].insert(connection(store)["people"].get(person.id))
        connection(desk).conn.commit()
    imported = ["--db", str(fresh), "--instructor", "Mestre", "import-bundle", str(own)]
    capsys.readouterr()
    assert main([*imported, "--from-trainee", other.name]) == 1
    assert f"does not hold the progress of {other.name}" in capsys.readouterr().err
    assert main([*imported, "--from-trainee", "Nobody Here"]) == 1
    assert "Nobody called" in capsys.readouterr().err


def test_a_second_instructor_needs_both_passwords_asked_apart(demo_db, monkeypatch, capsys):
    monkeypatch.setenv(PASSWORD_ENV, DEMO_PASSWORD)  # the acting instructor's
    monkeypatch.setenv(NEW_PASSWORD_ENV, "the new one's password")
    assert main(["--db", str(demo_db), "add-instructor", "Second Teacher"]) == 0
    with Store(demo_db) as store:
        second = find_person(store, "Second Teacher")
        sign_in(store, second.id, "the new one's password")
    monkeypatch.setenv(PASSWORD_ENV, "not the acting password")
    assert main(["--db", str(demo_db), "--instructor", "Demo Instructor", "add-instructor",
                 "Third Teacher"]) == 1
    assert "not right" in capsys.readouterr().err


def test_errors_exit_non_zero_with_one_line(demo_db, tmp_path, capsys, monkeypatch):
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"junk")
    cases = [
        (["import-bundle", str(junk), "--from-instructor"], "not a progress bundle"),
        (["report", "--format", "pdf", "--out", str(tmp_path / "r.pdf")], "python -m ui"),
        (["report", "--format", "csv", "--out", str(tmp_path / "r.zip"), "--trainee", "Zoe"],
         "Nobody"),
        (["demo", "--trainees", "2", "--attempts", "10", "--seed", "1"], "already holds"),
        (["report", "--format", "csv", "--out", str(tmp_path / "no" / "such" / "r.zip")],
         "No such file"),
        (["report", "--format", "csv", "--out", str(tmp_path / "r.csv")], "--table NAME"),
    ]
    for arguments, fragment in cases:
        assert main(["--db", str(demo_db), *arguments]) == 1
        error = capsys.readouterr().err
        assert fragment in error and error.count("\n") == 1, error
    monkeypatch.setenv(PASSWORD_ENV, "wrong password")
    assert main(["--db", str(demo_db), "export-bundle", "--out", str(tmp_path / "b")]) == 1
    assert "password" in capsys.readouterr().err
    monkeypatch.delenv(PASSWORD_ENV)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False)
    assert main(["--db", str(demo_db), "export-bundle", "--out", str(tmp_path / "b")]) == 1
    assert PASSWORD_ENV in capsys.readouterr().err


def test_python_dash_m_trainer_progress_runs(tmp_path):
    db = tmp_path / "p.sqlite3"
    run = subprocess.run([sys.executable, "-m", "trainer.progress", "--db", str(db), "demo",
                          "--trainees", "2", "--attempts", "50", "--seed", "1"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env=os.environ | {"PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    run = subprocess.run([sys.executable, "-m", "trainer.progress", "--db", str(db),
                          "import-bundle", str(tmp_path / "missing.zip"), "--from-instructor"],
                         cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env=os.environ | {"PYTHONPATH": str(ROOT), PASSWORD_ENV: DEMO_PASSWORD})
    assert run.returncode == 1 and run.stderr.count("\n") == 1 and "cannot be read" in run.stderr


def test_python_dash_m_trainer_progress_help_lists_the_commands(monkeypatch, capsys):
    # In this process (runpy, as ``python -m`` does), so a mutation run sees __main__ called.
    monkeypatch.setattr(sys, "argv", ["trainer.progress", "--help"])
    with pytest.raises(SystemExit, match="^0$"):
        runpy.run_module("trainer.progress", run_name="__main__")
    shown = capsys.readouterr().out
    assert shown.startswith("usage: python -m trainer.progress")
    assert "export-bundle" in shown and "import-bundle" in shown


def test_damaged_rows_are_named_and_skipped_never_a_traceback(demo_db, tmp_path, capsys):
    with Store(demo_db) as store:
        trainee = store.people(Role.TRAINEE)[0]
        answer = stored_attempts(store, trainee.id)[0].id
    damage(demo_db, "UPDATE people SET name = CAST(X'416EFF61' AS TEXT) WHERE id = ?",
            [trainee.id])
    damage(demo_db, "UPDATE attempts SET question_json = '{\"skill\": ' WHERE id = ?", [answer])
    damage(demo_db, "UPDATE skill_stats SET recent = '[[1,' WHERE person_id = ?", [trainee.id])
    capsys.readouterr()
    attempts = tmp_path / "attempts.csv"
    assert main(["--db", str(demo_db), "export-attempts", "--out", str(attempts)]) == 0
    assert "An\ufffda" in attempts.read_text("utf-8-sig")  # the undecodable byte shown, not fatal
    out = tmp_path / "report.zip"
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(out)]) == 0
    errors = capsys.readouterr().err
    assert (f"for {trainee.id} in the progress database is damaged (recent); it was "
            "skipped.") in errors
    assert "Traceback" not in errors and "Expecting" not in errors
    with Store(demo_db) as store:
        kept = stored_attempts(store, trainee.id)
        assert answer not in {a.id for a in kept} and kept
        assert str(store.damaged_rows[0]) == (f"The answer {answer} in the progress database "
                                              "is damaged (question_json); it was skipped.")


def test_export_attempts_says_a_damaged_time_on_stderr_and_writes_the_rest(demo_db, tmp_path,
                                                                          capsys):
    with Store(demo_db) as store:
        answer, total = connection(store).execute(
                "SELECT min(id), count(*) FROM attempts").fetchone()
    damage(demo_db, "UPDATE attempts SET answered_at = substr(answered_at, 1, 18) || 'p' || "
           "substr(answered_at, 20) WHERE id = ?", [answer])
    capsys.readouterr()
    out = tmp_path / "attempts.csv"
    assert main(["--db", str(demo_db), "export-attempts", "--out", str(out), "--lang",
                 "en"]) == 0
    said = capsys.readouterr()
    assert said.out == f"{out}: {total - 1}\n"
    assert said.err == (f"The answer {answer} in the progress database is damaged "
                        "(answered_at); it was skipped.\n")


@pytest.mark.parametrize(("argv", "named"), [
    ([], "command"),
    (["demo", "--trainees", "1", "--attempts", "1"], "--seed"),
    (["report", "--format", "csv"], "--out"),
    (["export-bundle"], "--out"),
    (["server"], "task"),
    (["server", "work", "--url", "postgresql://h/s"], "--login"),
    (["server", "init"], "--url"),
])
def test_a_command_missing_what_it_needs_is_refused_naming_it(argv, named, capsys):
    with pytest.raises(SystemExit, match="2"):
        main(argv)
    said = capsys.readouterr().err
    assert "the following arguments are required" in said and named in said


def test_the_commands_defaults_and_description():
    args = parser().parse_args(["demo", "--trainees", "1", "--attempts", "2", "--seed", "3"])
    assert (args.trainees, args.attempts, args.seed, args.weeks) == (1, 2, 3, 8)
    assert parser().description == command_line.__doc__.split("\n\n")[0]
    work = parser().parse_args(["server", "work", "--url", "u", "--login", "l"])
    assert (work.every, work.once) == (10.0, False)


def test_a_server_task_for_it_prints_its_line_and_exits_zero(monkeypatch, capsys):
    monkeypatch.setattr(command_line, "school_admin", lambda args, ask: f"{args.task} done")
    assert main(["server", "init", "--url", "postgresql://h/s"]) == 0
    assert capsys.readouterr().out == "init done\n"


@pytest.mark.parametrize(("error", "said"), [
    (OSError(28, "No space left on device"), ": No space left on device"),
    (OSError(28, "No space left on device", "/media/usb/p.sqlite3"),
     "/media/usb/p.sqlite3: No space left on device"),
    (OSError("the disk went away"), ": the disk went away"),
])
def test_a_file_failure_is_one_line_with_the_file_when_known(tmp_path, capsys, error, said):
    def failing(args, store):
        raise error

    assert main(["--db", str(tmp_path / "p.sqlite3"), "sync"], failing) == 1
    assert capsys.readouterr().err == said + "\n"


def test_a_class_list_through_the_command_line(demo_db, tmp_path, capsys):
    with Store(demo_db) as store:
        names = [p.name for p in store.people(Role.TRAINEE)][:2]
    listed = tmp_path / "march.csv"
    listed.write_text(f"name,ID number\n{names[0]},S-1\n{names[1]},S-2\nNova Pessoa,\n",
                      encoding="utf-8-sig")
    assert main(["--db", str(demo_db), "import-class-list", str(listed), "--class",
                 "Class of March"]) == 0
    assert capsys.readouterr().out.strip() == ("Class of March: 1 added, 3 joined, "
                                               "2 ID numbers")
    report = tmp_path / "march.zip"
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(report),
                 "--class", "class of  march"]) == 0
    with zipfile.ZipFile(report) as archive:
        about = archive.read("about.txt").decode("utf-8").splitlines()[0]
        trainees = archive.read("trainees.csv").decode("utf-8-sig").splitlines()[1:]
    assert about == "Progress report: the class Class of March" and len(trainees) == 3
    capsys.readouterr()
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(report),
                 "--class", "April"]) == 1
    assert "There is no class called “April”." in capsys.readouterr().err
    listed.write_text(f"{names[0]},S-2\n", encoding="utf-8")
    assert main(["--db", str(demo_db), "import-class-list", str(listed), "--class",
                 "Class of March"]) == 1
    assert "Line 1 of the class list: The ID number S-2 is already" in capsys.readouterr().err


@pytest.mark.parametrize(("command", "checked"), [
    (["report", "--format", "csv", "--out", "{out}.zip"], False),
    (["export-attempts", "--out", "{out}.csv"], False),
    (["export-bundle", "--out", "{out}.zip"], True),
])
def test_only_the_commands_that_write_check_the_whole_file_at_opening(
        demo_db, tmp_path, monkeypatch, command, checked):
    """A report or an export only reads: it opens the database without the quick check of
    the whole file (a school's 550 MB); a command that may write checks it first."""
    from trainer.progress import command_line

    opened = []

    class Recorded(command_line.Store):
        def __init__(self, *args, **kwargs):
            opened.append(kwargs.get("check", True))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(command_line, "Store", Recorded)
    out = str(tmp_path / "out")
    assert main(["--db", str(demo_db), *[part.format(out=out) for part in command]]) == 0
    assert opened == [checked]


def test_a_report_on_a_damaged_page_is_refused_in_words(demo_db, tmp_path, capsys):
    """Without the check at opening, a page the report reads that SQLite finds damaged is
    still said, and no report is written."""
    import sqlite3

    raw = sqlite3.connect(demo_db)
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'skill_stats'"
                       ).fetchone()[0]
    size = raw.execute("PRAGMA page_size").fetchone()[0]
    raw.close()
    with open(demo_db, "r+b") as file:  # the summaries' first page: garbage
        file.seek((root - 1) * size)
        file.write(b"\xff" * size)
    out = tmp_path / "report.zip"
    assert main(["--db", str(demo_db), "report", "--format", "csv", "--out", str(out)]) == 1
    assert "damaged" in capsys.readouterr().err
    assert not out.exists()
