"""A report over chosen days: answers, weeks and exams outside them are left out, the
days are the instructor's local ones, and the report says which days it covers."""

import argparse
import zipfile
from datetime import date, timedelta

import pytest

from trainer.progress import StoreError
from trainer.progress.command_line import main, period_of
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.reports.period import Period
from trainer.progress.reports.spreadsheets import write_report_csv
from trainer.progress.reports.words import period_text
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt

MACAU = timedelta(hours=8)
QUESTION = {"version": 1, "skill": "thirteen.first_seat", "seed": 1, "difficulty": 1}


def answer(store, person_id, at, correct=True, ms=2000, skill="thirteen.first_seat"):
    record_attempt(store, person_id, None, dict(QUESTION, skill=skill), 1, correct,
                         1.0 if correct else 0.0, ms, answered_at=at)


@pytest.fixture
def days(store, instructor):
    """Ana's answers around the local (Macau) midnights that close 2 and 3 March 2025."""
    ana = add_person(store, "Ana Lei")
    # 23:59:59.999 on 2 March in Macau, 00:00:00 on 3 March, the last moment of 3 March,
    # and the first of 4 March.
    for at in ("2025-03-02T15:59:59.999Z", "2025-03-02T16:00:00.000Z",
               "2025-03-03T15:59:59.999Z", "2025-03-03T16:00:00.000Z"):
        answer(store, ana.id, at)
    return ana


def report(store, instructor, first=None, last=None, offset=MACAU):
    return build_report(leave_to_see(store, instructor),
                        period=Period(first, last, offset))


def test_the_last_moment_of_the_last_day_is_in_and_the_next_day_out(store, instructor, days):
    one_day = report(store, instructor, date(2025, 3, 3), date(2025, 3, 3))
    assert one_day.totals.attempts == 2  # 00:00:00 and 23:59:59.999 of 3 March
    assert report(store, instructor, date(2025, 3, 2), date(2025, 3, 2)).totals.attempts == 1
    assert report(store, instructor, date(2025, 3, 4), date(2025, 3, 4)).totals.attempts == 1
    assert report(store, instructor, date(2025, 3, 5), None).totals.attempts == 0
    assert report(store, instructor, None, date(2025, 3, 1)).totals.attempts == 0
    assert report(store, instructor, date(2025, 3, 3), None).totals.attempts == 3
    assert report(store, instructor, None, date(2025, 3, 3)).totals.attempts == 3


def test_the_days_are_the_instructors_local_days(store, instructor, days):
    """The same answers cut at UTC midnights fall on other days."""
    in_utc = report(store, instructor, date(2025, 3, 3), date(2025, 3, 3), timedelta(0))
    assert in_utc.totals.attempts == 2
    assert in_utc.trainees[0].last_answered_at == "2025-03-03T16:00:00.000Z"
    in_macau = report(store, instructor, date(2025, 3, 3), date(2025, 3, 3))
    assert in_macau.trainees[0].last_answered_at == "2025-03-03T15:59:59.999Z"


def test_everything_in_the_report_comes_from_the_days_chosen(store, instructor, days):
    chosen = report(store, instructor, date(2025, 3, 3), date(2025, 3, 3))
    assert [t.figures.attempts for t in chosen.trainees] == [2]
    assert [s.figures.attempts for s in chosen.skills] == [2]
    assert [(w.week, w.figures.attempts) for w in chosen.weeks] == [(date(2025, 3, 3), 2)]
    assert chosen.trainees[0].last_answered_at == "2025-03-03T15:59:59.999Z"
    everything = build_report(leave_to_see(store, instructor))
    assert everything.totals.attempts == 4 and everything.period is None


def test_a_local_week_starts_on_the_local_monday(store, instructor, days):
    # 2 March 2025 is a Sunday: its last moment belongs to the week of 24 February.
    weeks = report(store, instructor, date(2025, 3, 1), date(2025, 3, 9)).weeks
    assert [(w.week, w.figures.attempts) for w in weeks] == [
        (date(2025, 2, 24), 1), (date(2025, 3, 3), 3)]


def test_exams_outside_the_days_are_left_out(store, classroom):
    submitted = [row[0] for row in connection(store).execute(
        "SELECT submitted_at FROM exam_results ORDER BY submitted_at")]
    day = date.fromisoformat(submitted[0][:10])
    inside = report(store, classroom, day, day, timedelta(0))
    assert len(inside.exams) == sum(1 for s in submitted if s[:10] == day.isoformat()) >= 1
    assert report(store, classroom, day + timedelta(days=1), None, timedelta(0)).exams == \
        tuple(e for e in build_report(leave_to_see(store, classroom)).exams
              if e.submitted_at[:10] > day.isoformat())


def test_a_first_day_after_the_last_is_refused_in_words():
    with pytest.raises(StoreError, match="first day of the report comes after its last"):
        Period(date(2025, 3, 4), date(2025, 3, 3))
    assert Period(date(2025, 3, 3), date(2025, 3, 3)).bounded


def test_the_report_says_which_days_it_covers(store, instructor, days, tmp_path):
    chosen = report(store, instructor, date(2025, 3, 3), date(2025, 3, 9))
    write_report_csv(store, instructor, chosen, tmp_path / "r.zip", "en")
    with zipfile.ZipFile(tmp_path / "r.zip") as archive:
        about = archive.read("about.txt").decode("utf-8")
    assert "Covers 3 Mar 2025 to 9 Mar 2025 (both included)." in about
    assert period_text(None, "en") == "Covers every day with answers."
    assert period_text(Period(date(2025, 3, 3)), "en") == "Covers the days from 3 Mar 2025 on."
    assert period_text(Period(None, date(2025, 3, 3)), "en") == \
        "Covers the days until 3 Mar 2025."


def test_the_command_line_takes_from_and_to(store, instructor, days, tmp_path, monkeypatch,
                                            capsys):
    from tests.progress.conftest import PASSWORD
    monkeypatch.setenv("CROUPIER_TRAINER_PASSWORD", PASSWORD)
    store.close()
    out = tmp_path / "r.zip"
    assert main(["--db", str(store.path), "report", "--format", "csv", "--out", str(out),
                 "--from", "2025-03-04", "--to", "2025-03-03"]) == 1
    assert "comes after its last day" in capsys.readouterr().err
    assert not out.exists()
    assert main(["--db", str(store.path), "report", "--format", "csv", "--out", str(out),
                 "--from", "2025-03-03", "--to", "2025-03-09"]) == 0
    assert out.exists()
    args = argparse.Namespace(first=date(2025, 3, 3), last=None)
    assert period_of(args, MACAU) == Period(date(2025, 3, 3), None, MACAU)
    assert period_of(argparse.Namespace(first=None, last=None)) is None
