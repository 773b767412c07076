"""The PDF report as a school's first week reads it (a trainee, a few answers, one exam): the
time answering in minutes, not "0.0 hours"; the week's point labelled with the local day its
week starts, centred under it; the exam results' note wrapped inside the margins. Read back
with pdftotext."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest

from tests.progress.conftest import question
from tests.progress.test_exams import sit
from trainer.progress import Store
from trainer.progress.exams.sittings import ExamPart, create_exam, submit_sitting
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.reports.period import Period
from trainer.progress.reports.words import time_spent
from trainer.progress.storage.ledger import add_person, record_attempt
from trainer.progress.storage.values import stamp
from ui.report_pdf import RESOLUTION, export_report

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"),
                                reason="poppler-utils reads the PDF's text")

#: Tuesday 1 December 2026, 10:00 in Macau.
TUESDAY = datetime(2026, 12, 1, 2, 0, tzinfo=UTC)
#: Monday 30 November 2026, 07:00 in Macau (still Sunday in UTC).
EARLY_MONDAY = datetime(2026, 11, 29, 23, 0, tzinfo=UTC)
MACAU = timedelta(hours=8)
MARGIN_PT = 15 / 25.4 * 72


def _school(path: Path, answered_at: datetime):
    """An instructor and a trainee who answered 8 questions of 7 s and sat a 3-question exam
    (20 s each): 116 s answering."""
    store = Store(path)
    teacher = sign_in(store, add_instructor(store, "Mestre Lei", "correct horse").id,
                      "correct horse")
    ana = add_person(store, "Ana Lei")
    for n in range(8):
        record_attempt(store, ana.id, None, question("thirteen.payout", seed=n), 1, n % 2 == 0,
                             float(n % 2 == 0), 7000,
                             answered_at=stamp(answered_at + timedelta(minutes=n)))
    exam = create_exam(store, teacher, "Week 4 check", [ExamPart("thirteen.first_seat", 3, 1)],
                       seed=1, time_limit_s=600, pass_percent=Decimal(60), same_questions=True)
    trainee = sign_in(store, ana.id)
    sitting, end = sit(store, trainee, exam, lambda _i: True, answered_at + timedelta(hours=1))
    submit_sitting(store, trainee, sitting.id, end)
    return store, teacher


def _boxes(pdf: Path) -> tuple[float, list[tuple[float, float, float, str]]]:
    """The page's width and every word as (left, right, top, word), in points."""
    boxes = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
                           check=True, capture_output=True, timeout=60).stdout.decode("utf-8")
    width = float(re.search(r'<page width="([\d.]+)"', boxes).group(1))
    words = [(float(x0), float(x1), float(y0), word) for x0, y0, x1, word in re.findall(
        r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]*)</word>', boxes)]
    return width, words


def _text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True,
                          capture_output=True, timeout=60).stdout.decode("utf-8")


def test_a_few_answers_are_minutes_of_answering_not_0_0_hours(qapp, tmp_path):
    store, teacher = _school(tmp_path / "p.sqlite3", TUESDAY)
    with store:
        export_report(store, teacher, tmp_path / "r.pdf", "pdf", None, "en")
    text = " ".join(_text(tmp_path / "r.pdf").split())
    assert "11 answers, 63.6% right, 1.9 minutes of answering" in text
    assert "Ana Lei 11 63.6% 1.9 minutes" in text  # her row of the trainees' table
    assert "0.0 hours" not in text


@pytest.mark.parametrize(("ms", "language", "said"), [
    (0, "en", "0.0 minutes"), (116_000, "en", "1.9 minutes"),
    (3_599_999, "en", "60.0 minutes"), (3_600_000, "en", "1.0 hours"),
    (9_000_000, "en", "2.5 hours"), (116_000, "pt_MO", "1,9 minutos"),
    (9_000_000, "zh_Hant_MO", "2.5 小時")])
def test_time_answering_is_minutes_under_an_hour_and_hours_from_one(ms, language, said):
    assert time_spent(ms, language) == said


def _week_label(pdf: Path) -> tuple[float, str]:
    """The centre of the weekly chart's one label, in points from the page's left, and it:
    the words on the line just above the chart's note."""
    _width, words = _boxes(pdf)
    [note] = [top for _l, _r, top, word in words if word == "point"]
    line = max(top for _l, _r, top, _w in words if note - 30 < top < note - 1)
    shown = sorted(w for w in words if abs(w[2] - line) < 1)
    return (shown[0][0] + shown[-1][1]) / 2, " ".join(w[3] for w in shown)


@pytest.mark.parametrize(("answered_at", "period"), [
    (TUESDAY, None),  # the summaries' weeks
    (EARLY_MONDAY, Period(date(2026, 11, 1), date(2026, 12, 31), MACAU))])  # local weeks
def test_the_week_s_point_is_labelled_with_its_monday_centred_under_it(qapp, tmp_path,
                                                                        answered_at, period):
    store, teacher = _school(tmp_path / "p.sqlite3", answered_at)
    with store:
        export_report(store, teacher, tmp_path / "r.pdf", "pdf", None, "en", period=period)
    centre, label = _week_label(tmp_path / "r.pdf")
    assert label == "30 Nov"  # Monday, the day the week of the answers starts
    width, _words = _boxes(tmp_path / "r.pdf")
    inside = width - 2 * MARGIN_PT
    plot_left, plot_right = inside * 0.08, inside - 10 * 72 / RESOLUTION
    assert centre == pytest.approx(MARGIN_PT + (plot_left + plot_right) / 2, abs=1.0)
    assert "A point per week, labelled with the day the week starts" in _text(
        tmp_path / "r.pdf")


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_the_exam_results_note_wraps_inside_the_margins(qapp, tmp_path, language):
    store, teacher = _school(tmp_path / "p.sqlite3", TUESDAY)
    with store:
        export_report(store, teacher, tmp_path / "r.pdf", "pdf", None, language)
    width, words = _boxes(tmp_path / "r.pdf")
    assert words and all(MARGIN_PT - 1 <= left and right <= width - MARGIN_PT + 1
                         for left, right, _top, _word in words)
    last = max(top for _l, _r, top, _w in words)
    note_lines = {round(top) for _l, _r, top, _w in words if top > last - 40}
    assert len(note_lines) >= 2 or language == "zh_Hant_MO"  # the note takes two lines
