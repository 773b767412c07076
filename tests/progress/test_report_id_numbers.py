"""Every CSV table with a trainee in it carries the trainee's school ID number beside the
name (the report's trainees and exams tables, every answer's line), under a translated
header; a trainee without one has an empty cell."""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

import pytest

from trainer.progress import Role
from trainer.progress.people.id_numbers import set_id_number
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.spreadsheets import write_attempts_csv, write_report_csv

HEADERS = {"en": ("Trainee", "ID number"), "pt_MO": ("Formando", "N.º de identificação"),
           "zh_Hant_MO": ("學員", "學號")}


def numbered(store, classroom) -> dict[str, str]:
    """Every trainee of the classroom but the last gets an ID number: name → ID number
    (the last one's is empty)."""
    trainees = sorted(store.people(Role.TRAINEE), key=lambda person: person.name)
    given = {}
    for n, person in enumerate(trainees):
        number = f"S-{n + 1:03d}" if n < len(trainees) - 1 else ""
        set_id_number(store, classroom, person.id, number)
        given[person.name] = number
    assert len(given) == 4 and list(given.values()).count("") == 1
    return given


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(text.splitlines()))


def by_name(rows: list[list[str]], name_column: str) -> dict[str, set[str]]:
    """The ID numbers found beside each name (a name may have many rows)."""
    header = rows[0]
    name, number = header.index(name_column), header.index(name_column) + 1
    found: dict[str, set[str]] = {}
    for row in rows[1:]:
        found.setdefault(row[name], set()).add(row[number])
    return found


@pytest.mark.parametrize("language", sorted(HEADERS))
def test_the_reports_trainees_and_exams_tables_carry_the_id_number(
        store, classroom, tmp_path, language):
    given = numbered(store, classroom)
    trainee, id_number = HEADERS[language]
    out = tmp_path / "report.zip"
    write_report_csv(store, classroom, build_report(leave_to_see(store, classroom)), out,
                     language)
    with zipfile.ZipFile(out) as archive:
        trainees = rows_of(archive.read("trainees.csv").decode("utf-8-sig"))
        exams = rows_of(archive.read("exams.csv").decode("utf-8-sig"))
    assert trainees[0][:2] == [trainee, id_number]
    assert by_name(trainees, trainee) == {name: {number} for name, number in given.items()}
    assert exams[0][1:3] == [trainee, id_number]
    sat = by_name(exams, trainee)
    assert sat and all(sat[name] == {given[name]} for name in sat)


def test_every_answers_line_carries_its_trainees_id_number(store, classroom, tmp_path):
    given = numbered(store, classroom)
    out = tmp_path / "answers.csv"
    count = write_attempts_csv(store, classroom, out, "pt_MO")
    rows = rows_of(out.read_text("utf-8-sig"))
    assert rows[0][:2] == ["Formando", "N.º de identificação"] and len(rows) == count + 1
    assert by_name(rows, "Formando") == {name: {number} for name, number in given.items()}
    without = next(name for name, number in given.items() if not number)
    assert all(row[1] == "" for row in rows[1:] if row[0] == without)


def test_the_command_lines_csv_carry_the_id_number(tmp_path, monkeypatch, capsys):
    from trainer.progress import Store
    from trainer.progress.command_line import main
    from trainer.progress.demo import DEMO_PASSWORD
    from trainer.progress.people.accounts import sign_in

    db = tmp_path / "p.sqlite3"
    assert main(["--db", str(db), "demo", "--trainees", "3", "--attempts", "60",
                 "--seed", "3"]) == 0
    with Store(db) as store:
        teacher = store.people(Role.INSTRUCTOR)[0]
        given = numbered_all_but_last(store, sign_in(store, teacher.id, DEMO_PASSWORD))
    monkeypatch.setenv("CROUPIER_TRAINER_PASSWORD", DEMO_PASSWORD)
    table = tmp_path / "trainees.csv"
    answers = tmp_path / "answers.csv"
    assert main(["--db", str(db), "report", "--format", "csv", "--table", "trainees",
                 "--out", str(table), "--lang", "en"]) == 0
    assert main(["--db", str(db), "export-attempts", "--out", str(answers)]) == 0
    capsys.readouterr()
    for path in (table, answers):
        rows = rows_of(Path(path).read_text("utf-8-sig"))
        assert by_name(rows, "Trainee") == {name: {number} for name, number in given.items()}


def numbered_all_but_last(store, actor) -> dict[str, str]:
    trainees = sorted(store.people(Role.TRAINEE), key=lambda person: person.name)
    given = {person.name: f"ID{n}" for n, person in enumerate(trainees[:-1])}
    for person in trainees[:-1]:
        set_id_number(store, actor, person.id, given[person.name])
    given[trainees[-1].name] = ""
    return given
