"""The class grid in the report's export: ``class_grid.csv``, checked cell by cell against a
direct computation from the answers of a demo school."""

import csv
import io
import zipfile
from datetime import timedelta
from decimal import Decimal

import pytest

from tests.progress.conftest import DEMO_END
from tests.progress.test_class_grid import SKILLS, UNPRACTISED, _direct
from trainer.progress import command_line
from trainer.progress.command_line import PASSWORD_ENV
from trainer.progress.demo import DEMO_PASSWORD, build_demo
from trainer.progress.learning.mastery import MasteryLevel, level_of
from trainer.progress.learning.targets import MasteryTargets
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.classes import create_class
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.grid import build_grid
from trainer.progress.reports.period import Period
from trainer.progress.reports.spreadsheets import TABLES, write_report_csv
from trainer.progress.reports.words import in_language, state_word
from trainer.progress.storage.ledger import add_person
from trainer.progress.storage.store import Role

FIGURES = ("State", "Answers", "Recent accuracy")


@pytest.fixture
def school(store):
    """Nine trainees, 1,500 answers on five skills of three games, a tenth trainee who never
    answered, and their instructor."""
    build_demo(store, trainees=9, attempts=1500, seed=40, weeks=5, end=DEMO_END, skills=SKILLS)
    add_person(store, "Zita Nunca", Role.TRAINEE)
    [teacher] = [p for p in store.people() if p.role == "instructor"]
    return sign_in(store, teacher.id, DEMO_PASSWORD)


def _grid_csv(store, actor, tmp_path, language="en", school_class=None, person_id=None,
              skills=(*SKILLS, UNPRACTISED)):
    report = build_report(leave_to_see(store, actor, person_id), school_class=school_class,
                          grid_skills=skills)
    out = tmp_path / f"report-{language}.zip"
    write_report_csv(store, actor, report, out, language)
    with zipfile.ZipFile(out) as archive:
        text = archive.read("class_grid.csv").decode("utf-8-sig")
    return report, list(csv.reader(io.StringIO(text)))


def _expected(direct, person_id, skill):
    """The cell's three values computed from the answers: the state by the mastery rule
    (learning when every answer was too fast to count), the answers, the recent share."""
    n, _right, recent = direct.get((person_id, skill), (0, 0, []))
    last = recent[-MasteryTargets().window:]
    level = level_of(last, MasteryTargets())
    if level is MasteryLevel.NEW and n:
        level = MasteryLevel.LEARNING
    share = Decimal(sum(r for r, _ms in last)) / len(last) if last else None
    return level, n, share


def test_every_cell_of_the_csv_is_what_the_answers_say(store, school, tmp_path):
    report, rows = _grid_csv(store, school, tmp_path)
    skills = list(report.grid.skills)
    assert skills == [*SKILLS, UNPRACTISED]  # by game, in the order asked
    assert rows[0] == ["Trainee", "ID number", *(f"{skill} [{figure}]" for skill in skills
                                                 for figure in FIGURES)]
    trainees = store.people(Role.TRAINEE)
    assert [row[0] for row in rows[1:]] == [p.name for p in report.grid.trainees]
    assert len(rows) == 1 + len(trainees) == 11
    direct = _direct(store)
    by_name = {p.name: p for p in trainees}
    started = 0
    for row in rows[1:]:
        person = by_name[row[0]]
        assert len(row) == 2 + 3 * len(skills)
        for n, skill in enumerate(skills):
            state, answers, accuracy = row[2 + 3 * n:5 + 3 * n]
            level, count, share = _expected(direct, person.id, skill)
            assert (state, int(answers)) == (state_word(level), count), (person.name, skill)
            if share is None:
                assert accuracy == ""  # no answer: an empty share
            else:
                # a tenth of a point: the share is rounded, then its percent
                assert Decimal(accuracy.rstrip("%")) / 100 == pytest.approx(
                    share, abs=Decimal("0.001"))
                started += 1
    assert started > 30  # figures, not empty cells


def test_a_trainee_with_nothing_and_a_skill_nobody_practised_are_not_started(store, school,
                                                                             tmp_path):
    _report, rows = _grid_csv(store, school, tmp_path)
    [nothing] = [row for row in rows[1:] if row[0] == "Zita Nunca"]
    assert nothing[2:] == ["not started", "0", ""] * (len(SKILLS) + 1)
    unpractised = rows[0].index(f"{UNPRACTISED} [State]")
    assert {tuple(row[unpractised:unpractised + 3]) for row in rows[1:]} == {
        ("not started", "0", "")}


def test_the_report_s_grid_is_the_desk_s_whatever_days_the_report_covers(store, school):
    leave = leave_to_see(store, school)
    skills = (*SKILLS, UNPRACTISED)
    desk = build_grid(leave, skills, at=DEMO_END)
    whole = build_report(leave, DEMO_END, grid_skills=skills).grid  # from the report's read
    days = build_report(leave, DEMO_END, grid_skills=skills, period=Period(
        DEMO_END.date() - timedelta(days=3), DEMO_END.date())).grid  # read as it stands
    assert whole.cells == desk.cells == days.cells and len(desk.cells) > 30
    assert whole.games == desk.games == days.games
    assert whole.trainees == desk.trainees == days.trainees
    later = DEMO_END + timedelta(days=60)  # reviews fall due: the same ones either way
    due = build_report(leave, later, grid_skills=skills).grid.cells
    assert due == build_grid(leave, skills, at=later).cells
    assert any(cell.due for cell in due.values()) and not all(
        cell.due for cell in desk.cells.values())
    assert build_report(leave, DEMO_END).grid is None  # not asked for


def test_a_class_s_grid_holds_its_members_only(store, school, tmp_path):
    members = [p.id for p in store.people(Role.TRAINEE)][:3]
    evening = create_class(store, school, "Evening", members)
    report, rows = _grid_csv(store, school, tmp_path, school_class=evening)
    assert report.grid.class_name == "Evening"
    assert sorted(p.id for p in report.grid.trainees) == sorted(members)
    assert len(rows) == 4


def test_a_report_on_one_trainee_has_no_grid(store, school, tmp_path):
    trainee = store.people(Role.TRAINEE)[0]
    report, rows = _grid_csv(store, school, tmp_path, person_id=trainee.id)
    assert report.grid is None
    assert rows == [["Trainee", "ID number"]]


def test_the_grid_in_the_readers_language(store, school, tmp_path):
    _report, rows = _grid_csv(store, school, tmp_path, "pt_MO")
    with in_language("pt_MO"):
        words = {state_word(level) for level in MasteryLevel}
    assert rows[0][:2] == ["Formando", "N.º de identificação"]
    assert rows[0][2] == f"{SKILLS[0]} [Estado]"
    assert {row[2] for row in rows[1:]} <= words and "não iniciada" in words
    shares = [row[4] for row in rows[1:] if row[4]]
    assert shares and all("," in share and "." not in share for share in shares)


def test_the_class_grid_table_alone_and_from_the_command_line(store, school, tmp_path,
                                                               monkeypatch):
    assert TABLES[-1] == "class_grid"
    monkeypatch.setenv(PASSWORD_ENV, DEMO_PASSWORD)
    out = tmp_path / "grid.csv"
    [teacher] = store.people(Role.INSTRUCTOR)
    store.close()
    assert command_line.main(["--db", str(store.path), "--instructor", teacher.name, "report",
                              "--format", "csv", "--table", "class_grid", "--out", str(out),
                              "--lang", "en"]) == 0
    rows = list(csv.reader(io.StringIO(out.read_text("utf-8-sig"))))
    assert len(rows) == 11 and rows[0][:2] == ["Trainee", "ID number"]
    # the command line knows no questions: the skills with answers, by game, by id
    assert rows[0][2::3] == [f"{skill} [State]" for skill in (
        "thirteen.foul", "thirteen.payout", "mahjong_baccarat.payout",
        "mahjong_baccarat.settlement", "three_card.payout")]
