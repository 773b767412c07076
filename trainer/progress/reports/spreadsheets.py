"""Reports and attempts as CSV for spreadsheets: UTF-8 with a BOM, in the reader's language.

The BOM makes spreadsheet programs read the file as UTF-8, so Chinese names and labels
open correctly. Headers, labels, numbers and dates follow the chosen language's locale.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, TextIO

from i18n import _
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.progress_steps import Progress, Steps, whole_file
from trainer.progress.reports.figures import Report
from trainer.progress.reports.words import (
    PARTIAL_CREDIT,
    SkillTitles,
    day,
    game_label,
    hours,
    in_language,
    level_label,
    local_day,
    passed_label,
    percent,
    seconds,
    skill_label,
    yes_no,
)
from trainer.progress.store import Store

ENCODING = "utf-8-sig"


#: What a spreadsheet reads as the start of a formula (or hides one behind).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(cell: object) -> object:
    """A text cell a spreadsheet would run as a formula, with an apostrophe before it
    (which the spreadsheet shows as plain text); numbers and other text as they are."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


class SpreadsheetWriter:
    """A ``csv.writer`` whose every text cell has gone through :func:`spreadsheet_safe`,
    so a name typed by anyone (``=HYPERLINK(…)``) is never run by the instructor's
    spreadsheet."""

    def __init__(self, handle: TextIO):
        self._writer = csv.writer(handle)

    def writerow(self, row: Iterable[object]) -> None:
        self._writer.writerow([spreadsheet_safe(cell) for cell in row])


def write_report_csv(store: Store, actor: Actor, report: Report, out: Path,
                     language: str | None = None, titles: SkillTitles | None = None, *,
                     progress: Progress | None = None) -> None:
    """Write ``report`` as blocks (summary, games, skills, weeks, trainees, exams).

    ``progress`` is told the lines written (see :mod:`progress_steps`); a cancelled
    report leaves no file.
    """
    require_instructor(store, actor)
    with (in_language(language) as lang, whole_file(out) as partial,
          partial.open("w", encoding=ENCODING, newline="") as handle):
        write_report(handle, report, lang, titles, progress=progress)


def write_report(handle: TextIO, report: Report, lang: str,
                 titles: SkillTitles | None = None, *,
                 progress: Progress | None = None) -> None:
    lines = report_lines(report, lang, titles)
    steps = Steps(progress, len(lines))
    writer = SpreadsheetWriter(handle)
    for line in lines:
        writer.writerow(line)
        steps.advance()
    steps.finish()


def report_lines(report: Report, lang: str,
                 titles: SkillTitles | None = None) -> list[Sequence[object]]:
    """The lines of the report's CSV, rendered in the current language."""
    lines: list[Sequence[object]] = [
        [str(report.title)],
        [_("Generated on"), day(report.generated_at.astimezone().date(), lang)]]
    _block(lines, _("Summary"), [_("Answers"), _("Accuracy"), _("Time spent (hours)")],
           [[report.totals.attempts, percent(report.totals.accuracy, lang),
             hours(report.totals.total_ms, lang)]])
    _block(lines, _("Accuracy and speed per game"),
           [_("Game"), _("Answers"), _("Accuracy"), _("Median time (s)"), _("Mean time (s)")],
           [[game_label(g.game), g.figures.attempts, percent(g.figures.accuracy, lang),
             seconds(g.median_ms, lang), seconds(g.figures.mean_ms, lang)]
            for g in report.games])
    single = report.scope is not None
    _block(lines, _("Accuracy and speed per skill"),
           [_("Game"), _("Skill"), _("Answers"), _("Accuracy"), _("Median time (s)"),
            _("Mean time (s)"), _("Level") if single else _("Trainees mastered")],
           [[game_label(s.game), skill_label(s.skill, titles), s.figures.attempts,
             percent(s.figures.accuracy, lang), seconds(s.median_ms, lang),
             seconds(s.figures.mean_ms, lang),
             level_label(s.level) if single else f"{s.mastered} / {s.trainees}"]
            for s in report.skills])
    _block(lines, _("Weakest skills"), [_("Skill"), _("Answers"), _("Accuracy")],
           [[skill_label(s.skill, titles), s.figures.attempts, percent(s.figures.accuracy, lang)]
            for s in report.weakest])
    _block(lines, _("Trend per week"), [_("Week of"), _("Answers"), _("Accuracy")],
           [[day(w.week, lang), w.figures.attempts, percent(w.figures.accuracy, lang)]
            for w in report.weeks])
    _block(lines, _("Trainees"),
           [_("Trainee"), _("Answers"), _("Accuracy"), _("Time spent (hours)"),
            _("Skills mastered"), _("Weakest skill"), _("Last answer")],
           [[t.person.name, t.figures.attempts, percent(t.figures.accuracy, lang),
             hours(t.figures.total_ms, lang), t.mastered,
             skill_label(t.weakest_skill, titles) if t.weakest_skill else "",
             local_day(t.last_answered_at, lang)] for t in report.trainees])
    _block(lines, _("Exam results"),
           [_("Exam"), _("Trainee"), _("Date"), _("Correct"), _("Score"), _("Result"),
            _("Time taken (s)")],
           [[e.exam_title, e.person.name, local_day(e.submitted_at, lang),
             f"{e.correct} / {e.questions}", percent(e.score_percent / 100, lang),
             passed_label(e.passed), seconds(e.duration_ms, lang)] for e in report.exams])
    if report.exams:
        lines.append([_(PARTIAL_CREDIT)])
    return lines


def _block(lines: list[Sequence[object]], title: str, header: Sequence[str],
           rows: Iterable[Sequence[object]]) -> None:
    lines.append([])
    lines.append([title])
    lines.append(header)
    lines.extend(rows)


def write_attempts_csv(store: Store, actor: Actor, out: Path, language: str | None = None,
                       person_id: str | None = None, titles: SkillTitles | None = None, *,
                       progress: Progress | None = None) -> int:
    """Every attempt (of one person, or of everyone), one line each; returns how many.

    ``progress`` is told the answers written (see :mod:`progress_steps`); a cancelled
    export leaves no file.
    """
    require_instructor(store, actor)
    where, args = ("WHERE person_id = ?", [person_id]) if person_id else ("", [])
    names = dict(store.db.execute("SELECT id, name FROM people").fetchall())
    # Counted only for the progress; an answer recorded meanwhile makes the count one short.
    total = (store.db.execute(f"SELECT count(*) FROM attempts {where}", args).fetchone()[0]
             if progress else 0)
    steps = Steps(progress, total)
    rows = store.db.execute(
        f"SELECT person_id, answered_at, game, skill, difficulty, seed, correct, score, "
        f"response_ms, sitting_id, id FROM attempts {where} ORDER BY answered_at", args)
    with (in_language(language) as lang, whole_file(out) as partial,
          partial.open("w", encoding=ENCODING, newline="") as handle):
        return _write_attempts(handle, rows, names, lang, titles, steps)


def _write_attempts(handle: TextIO, rows: Iterable[tuple[Any, ...]], names: dict[str, str],
                    lang: str, titles: SkillTitles | None, steps: Steps) -> int:
    writer = SpreadsheetWriter(handle)
    writer.writerow([_("Trainee"), _("Date"), _("Time"), _("Game"), _("Skill"),
                     _("Difficulty"), _("Seed"), _("Correct"), _("Score"),
                     _("Response time (s)"), _("Exam sitting"), _("Answer id")])
    label_game = lru_cache(maxsize=None)(game_label)
    label_skill = lru_cache(maxsize=None)(lambda skill: skill_label(skill, titles))
    right, wrong = yes_no(True), yes_no(False)
    count = 0
    mark = steps.next_at  # one comparison per row; told about every 1 %
    for person, at, game, skill, difficulty, seed, correct, score, ms, sitting, key in rows:
        local = datetime.fromisoformat(at).astimezone()
        writer.writerow((names.get(person, person), day(local.date(), lang),
                         local.strftime("%H:%M:%S"), label_game(game), label_skill(skill),
                         difficulty, seed, right if correct else wrong,
                         _score(score, lang), seconds(ms, lang), sitting or "", key))
        count += 1
        if count >= mark:
            mark = steps.reach(count)
    steps.finish()
    return count


@lru_cache(maxsize=4096)
def _score(score: float, lang: str) -> str:
    return percent(Decimal(str(score)), lang)
