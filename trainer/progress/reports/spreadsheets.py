"""Reports and attempts as CSV for spreadsheets: UTF-8 with a BOM, in the reader's language;
a report as flat tables, one CSV each.

The BOM makes spreadsheet programs read the file as UTF-8, so Chinese names and labels
open correctly. Headers, labels, numbers and dates follow the chosen language's locale.
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import Any, TextIO

from i18n import N_, Message, _
from trainer.progress.learning.targets import floor_ms
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.people.id_numbers import id_numbers
from trainer.progress.progress_steps import Progress, Steps, whole_file
from trainer.progress.reports.figures import Report
from trainer.progress.reports.grid import Grid
from trainer.progress.reports.item_words import ITEM_COLUMNS, item_rows
from trainer.progress.reports.period import Period
from trainer.progress.reports.words import (
    PARTIAL_CREDIT,
    SkillTitles,
    day,
    game_label,
    in_language,
    level_label,
    local_day,
    minutes,
    passed_label,
    percent,
    period_text,
    seconds,
    skill_label,
    state_word,
    yes_no,
)
from trainer.progress.storage.damage import ANSWER, answer_skipped, damaged_column, is_share
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Store

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
        #: The writer underneath, for lines whose cells went through spreadsheet_safe already.
        self.plain = csv.writer(handle)

    def writerow(self, row: Iterable[object]) -> None:
        self.plain.writerow([spreadsheet_safe(cell) for cell in row])


#: The report's tables, one flat CSV each, by file name (in the zip, ``<name>.csv``).
TABLES = ("summary", "games", "skills", "weakest_skills", "weeks", "trainees", "exams",
          "exam_items", "class_grid")
#: The three columns of each skill in the class grid's table, as headed.
GRID_FIGURES = (N_("State"), N_("Answers"), N_("Recent accuracy"))


@dataclass(frozen=True)
class Table:
    name: str
    header: Sequence[str]
    rows: list[Sequence[object]]


def write_report_csv(store: Store, actor: Actor, report: Report, out: Path,
                     language: str | None = None, titles: SkillTitles | None = None, *,
                     table: str | None = None, progress: Progress | None = None) -> None:
    """Write ``report`` as flat tables, as spreadsheets and gradebooks read them: a zip of
    one CSV per table (each with its header row) and ``about.txt`` (the title, the day, a
    note on scores); or, given ``table`` (one of :data:`TABLES`), that table alone as CSV.

    ``progress`` is told the rows written (see :mod:`progress_steps`); a cancelled report
    leaves no file.
    """
    require_instructor(store, actor)
    if table is not None and table not in TABLES:
        raise ValueError(f"no report table {table!r}; there are {', '.join(TABLES)}")
    with in_language(language) as lang, whole_file(out) as partial:
        tables = report_tables(report, lang, titles, id_numbers(store))
        chosen = [t for t in tables if table is None or t.name == table]
        steps = Steps(progress, sum(len(t.rows) + 1 for t in chosen))
        if table is not None:
            with partial.open("w", encoding=ENCODING, newline="") as handle:
                _write_table(handle, chosen[0], steps)
        else:
            with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as archive:
                for each in chosen:
                    text = io.StringIO(newline="")
                    _write_table(text, each, steps)
                    archive.writestr(f"{each.name}.csv", text.getvalue().encode(ENCODING))
                archive.writestr("about.txt", "\n".join([
                    str(report.title),
                    _("Generated on") + ": " + day(report.generated_at.astimezone().date(),
                                                   lang),
                    period_text(report.period, lang),
                    _(PARTIAL_CREDIT), ""]).encode("utf-8"))
        steps.finish()


def _write_table(handle: TextIO, table: Table, steps: Steps) -> None:
    writer = SpreadsheetWriter(handle)
    writer.writerow(table.header)
    steps.advance()
    for row in table.rows:
        writer.writerow(row)
        steps.advance()


def report_tables(report: Report, lang: str, titles: SkillTitles | None = None,
                  numbers: Mapping[str, str] | None = None) -> list[Table]:
    """The report's tables, in :data:`TABLES` order, rendered in the current language; a
    trainee's school ID number (``numbers``, person id → ID number) beside their name, an
    empty cell for one without."""
    single = report.scope is not None
    numbers = numbers or {}
    return [
        Table("summary", [_("Answers"), _("Accuracy"), _("Time spent (minutes)")],
              [[report.totals.attempts, percent(report.totals.accuracy, lang),
                minutes(report.totals.total_ms, lang)]]),
        Table("games", [_("Game"), _("Answers"), _("Accuracy"), _("Median time (s)"),
                        _("Mean time (s)")],
              [[game_label(g.game), g.figures.attempts, percent(g.figures.accuracy, lang),
                seconds(g.median_ms, lang), seconds(g.figures.mean_ms, lang)]
               for g in report.games]),
        Table("skills", [_("Game"), _("Skill"), _("Answers"), _("Accuracy"),
                         _("Median time (s)"), _("Mean time (s)"),
                         _("Level") if single else _("Trainees mastered")],
              [[game_label(s.game), skill_label(s.skill, titles), s.figures.attempts,
                percent(s.figures.accuracy, lang), seconds(s.median_ms, lang),
                seconds(s.figures.mean_ms, lang),
                level_label(s.level) if single else f"{s.mastered} / {s.trainees}"]
               for s in report.skills]),
        Table("weakest_skills", [_("Skill"), _("Answers"), _("Accuracy")],
              [[skill_label(s.skill, titles), s.figures.attempts,
                percent(s.figures.accuracy, lang)] for s in report.weakest]),
        Table("weeks", [_("Week of"), _("Answers"), _("Accuracy")],
              [[day(w.week, lang), w.figures.attempts, percent(w.figures.accuracy, lang)]
               for w in report.weeks]),
        Table("trainees", [_("Trainee"), _("ID number"), _("Answers"), _("Accuracy"),
                           _("Time spent (minutes)"), _("Skills mastered"), _("Weakest skill"),
                           _("Last answer")],
              [[t.person.name, numbers.get(t.person.id, ""), t.figures.attempts,
                percent(t.figures.accuracy, lang), minutes(t.figures.total_ms, lang), t.mastered,
                skill_label(t.weakest_skill, titles) if t.weakest_skill else "",
                local_day(t.last_answered_at, lang)] for t in report.trainees]),
        Table("exams", [_("Exam"), _("Trainee"), _("ID number"), _("Date"), _("Correct"),
                        _("Score"), _("Result"), _("Time taken (s)")],
              [[e.exam_title, e.person.name, numbers.get(e.person.id, ""),
                local_day(e.submitted_at, lang),
                f"{e.correct} / {e.questions}", percent(e.score_percent / 100, lang),
                passed_label(e.passed), seconds(e.duration_ms, lang)] for e in report.exams]),
        Table("exam_items", [_("Exam"), *(_(column) for column in ITEM_COLUMNS)],
              item_rows(report.exam_items, lang, titles)),
        grid_table(report.grid, lang, titles, numbers),
    ]


def grid_table(grid: Grid | None, lang: str, titles: SkillTitles | None = None,
               numbers: Mapping[str, str] | None = None) -> Table:
    """The class grid as one flat table: a row per trainee (name, school ID number), then
    three columns per skill, the skills by game as the grid orders them — the state in
    words, the answers (a whole number) and the share of the last answers right (the
    targets' window; empty with no answer). A skill not started is "not started", 0 and
    empty. No grid (a report on one trainee): the first two columns' header alone."""
    numbers = numbers or {}
    header = [_("Trainee"), _("ID number")]
    if grid is None:
        return Table("class_grid", header, [])
    skills = grid.skills
    for skill in skills:
        title = skill_label(skill, titles)
        header.extend(_("{skill} [{figure}]").format(skill=title, figure=_(figure))
                      for figure in GRID_FIGURES)
    rows: list[Sequence[object]] = []
    for person in grid.trainees:
        row: list[object] = [person.name, numbers.get(person.id, "")]
        for cell in (grid.cell(person.id, skill) for skill in skills):
            row.extend((state_word(cell.level), cell.attempts,
                        percent(cell.recent_accuracy, lang)))
        rows.append(row)
    return Table("class_grid", header, rows)


def write_attempts_csv(store: Store, actor: Actor, out: Path, language: str | None = None,
                       person_id: str | None = None, titles: SkillTitles | None = None, *,
                       progress: Progress | None = None, period: Period | None = None,
                       members: Collection[str] | None = None) -> int:
    """Every attempt (of one person, of everyone, or of ``members`` — a class; of
    ``period``'s days), one line each; returns how many. An answer given faster than its
    skill's floor says so ("Too fast"): it does not count toward mastery.

    ``progress`` is told the answers written (see :mod:`progress_steps`); a cancelled
    export leaves no file.
    """
    require_instructor(store, actor)
    condition, args = (period or Period()).where("answered_at", "person_id", person_id)
    if members is not None:
        condition += " AND person_id IN (SELECT value FROM json_each(?))"
        args = [*args, json.dumps(sorted(members))]
    where = f"WHERE {condition}"
    names = dict(connection(store).execute("SELECT id, name FROM people").fetchall())
    numbers = id_numbers(store)
    # Counted only for the progress; an answer recorded meanwhile makes the count one short.
    total = (connection(store).execute(f"SELECT count(*) FROM attempts {where}", args).fetchone()[0]
             if progress else 0)
    steps = Steps(progress, total)
    rows = connection(store).execute(
        f"SELECT person_id, answered_at, game, skill, difficulty, seed, correct, score, "
        f"response_ms, sitting_id, id FROM attempts {where} ORDER BY answered_at", args)
    with (in_language(language) as lang, whole_file(out) as partial,
          partial.open("w", encoding=ENCODING, newline="") as handle):
        return _write_attempts(handle, rows, (names, numbers), lang, titles, steps,
                               store.damaged_rows)


#: The columns of an answer's line, as read for it.
_LINE_COLUMNS = ("person_id", "answered_at", "game", "skill", "difficulty", "seed", "correct",
                 "score", "response_ms", "sitting_id", "id")


def _write_attempts(handle: TextIO, rows: Iterable[tuple[Any, ...]],
                    people: tuple[dict[str, str], dict[str, str]], lang: str,
                    titles: SkillTitles | None, steps: Steps, damaged: list[Message]) -> int:
    """The answers' lines, each with its trainee's name and school ID number (``people``:
    names and ID numbers by person id); an answer with a damaged value (see :mod:`damage`)
    is named in ``damaged`` and left out."""
    names, numbers = people
    writer = SpreadsheetWriter(handle)
    writer.writerow([_("Trainee"), _("ID number"), _("Date"), _("Time"), _("Game"), _("Skill"),
                     _("Difficulty"), _("Seed"), _("Correct"), _("Score"),
                     _("Response time (s)"), _("Too fast"), _("Exam sitting"),
                     _("Answer id")])
    # A million lines: every text cell that repeats (names, labels, days, scores) is made,
    # and made spreadsheet-safe, once; the lines go to the plain writer.
    safe = lru_cache(maxsize=4096)(spreadsheet_safe)
    name_of = lru_cache(maxsize=None)(lambda person: safe(names.get(person, person)))
    number_of = lru_cache(maxsize=None)(lambda person: safe(numbers.get(person, "")))
    label_game = lru_cache(maxsize=None)(lambda game: safe(game_label(game)))
    label_skill = lru_cache(maxsize=None)(lambda skill: safe(skill_label(skill, titles)))
    day_of = lru_cache(maxsize=4096)(lambda local: safe(day(local, lang)))
    score_of = lru_cache(maxsize=4096)(lambda score: safe(_score(score, lang)))
    time_of = lru_cache(maxsize=200_000)(lambda ms: spreadsheet_safe(seconds(_ms(ms), lang)))
    right, wrong = safe(yes_no(True)), safe(yes_no(False))
    floor_of = lru_cache(maxsize=None)(floor_ms)
    plain = writer.plain
    count = 0
    mark = steps.next_at  # one comparison per row; told about every 1 %
    for row in rows:
        person, at, game, skill, difficulty, seed, correct, score, ms, sitting, key = row
        try:  # each conversion raises on a damaged value; a sound line costs nothing more
            if type(difficulty) is not int or type(seed) is not int or correct not in (0, 1):
                raise ValueError(key)
            local = datetime.fromisoformat(at).astimezone()
            line = (name_of(person), number_of(person), day_of(local.date()),
                    f"{local.hour:02d}:{local.minute:02d}:{local.second:02d}",
                    label_game(game), label_skill(skill), difficulty, seed,
                    right if correct else wrong, score_of(score), time_of(ms),
                    right if _ms(ms) < floor_of(skill) else wrong,
                    spreadsheet_safe(sitting or ""), spreadsheet_safe(key))
        except (ValueError, TypeError, ArithmeticError):
            damaged.append(answer_skipped(key, damaged_column(
                ANSWER, dict(zip(_LINE_COLUMNS, row, strict=True)))))
            continue
        plain.writerow(line)
        count += 1
        if count >= mark:
            mark = steps.reach(count)
    steps.finish()
    return count


@lru_cache(maxsize=4096)
def _score(score: float, lang: str) -> str:
    if not is_share(score):
        raise ValueError(score)
    return percent(Decimal(str(score)), lang)


def _ms(ms: int) -> int:
    """A stored response time, if it is one (else ``ValueError``)."""
    if type(ms) is not int or ms < 0:
        raise ValueError(ms)
    return ms
