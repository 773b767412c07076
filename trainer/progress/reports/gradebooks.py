"""Grades for a school's learning management system: a Moodle grade CSV, and xAPI statements
for a learning record store.

Both key each trainee on the school's ID number for them (the caller gives them, person id →
ID number); a trainee without one is left out, and said to be.

**Moodle** (``Grades › Import › CSV file``): UTF-8, comma-separated, a header row whose first
column is ``ID number`` (mapped from "ID number" to the user's "useridnumber") and then one
column per graded item, its name as the header (mapped to an existing grade item or to a
"new grade item" of that name), one row per trainee, numbers only with "." for the decimal
point. Moodle refuses a file with two columns of the same name, and an import where any row
names an ID number it does not know, so the names are made unique here and only trainees
with an ID number get a row. A grade not to set is ``-``: Moodle's importer reads ``-`` as
"no grade" both for an existing item and for a new one (an empty cell is read so only for an
existing item), and its own grade export writes ``-`` for a missing grade.

**xAPI**: the statements of :mod:`.statements` (one per answer, two per exam sitting),
written as one JSON array (what learning record stores take at ``POST /statements`` and
what their import tools read), streamed one by one so that a million answers never sit in
memory at once. The same statements go to a record store from the desk's outbox
(:mod:`trainer.progress.record_store`).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from itertools import chain
from pathlib import Path
from typing import TextIO

from i18n import N_, Message
from trainer.progress.learning.targets import load_targets
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.progress_steps import Progress, Steps, whole_file
from trainer.progress.reports.results import sound_results
from trainer.progress.reports.spreadsheets import spreadsheet_safe
from trainer.progress.reports.statements import (
    answer_statements,
    sitting_statements,
    words,
)
from trainer.progress.reports.words import SkillTitles, in_language, skill_label
from trainer.progress.storage.damage import summary_skipped
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Role, Store

#: The first column's header: what Moodle names the user field "idnumber" in its exports.
ID_NUMBER = "ID number"
#: What Moodle's grade import reads as "no grade" (its own exports write it too).
NO_GRADE = "-"
_TENTH = Decimal("0.1")

@dataclass(frozen=True)
class Gradebook:
    """What was written: how many trainees have a row, and how many were left out."""

    path: Path
    written: int
    without_id_number: int

def moodle_grades(store: Store, actor: Actor, out: Path, id_numbers: Mapping[str, str],
                  language: str | None = None, titles: SkillTitles | None = None, *,
                  progress: Progress | None = None) -> Gradebook:
    """Write the grade CSV: each trainee's best score on each exam sat (a percentage) and
    their mastery of each skill practised (:func:`mastery_percent`), in ``language``'s
    names. Only instructors; a cancelled export leaves no file."""
    require_instructor(store, actor)
    trainees = {p.id: p for p in store.people(Role.TRAINEE)}
    graded = {pid: number.strip() for pid, number in id_numbers.items()
              if pid in trainees and number.strip()}
    with in_language(language), whole_file(out) as partial:
        exams, scores = _exam_scores(store, graded)
        skills, mastery = _mastery(store, graded)
        headers = unique_headers(
            [ID_NUMBER] + [title for _id, title, _day in exams]
            + [str(Message.of(N_("Mastery: {skill}"), skill=skill_label(s, titles)))
               for s in skills],
            [""] + [day for _id, _title, day in exams] + [""] * len(skills))
        steps = Steps(progress, len(graded))
        with partial.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            writer.writerow([spreadsheet_safe(header) for header in headers])
            for person_id, number in sorted(graded.items(), key=lambda item: item[1]):
                writer.writerow(
                    [number]
                    + [scores.get((person_id, exam_id), NO_GRADE) for exam_id, *_r in exams]
                    + [mastery.get((person_id, skill), NO_GRADE) for skill in skills])
                steps.advance()
        steps.finish()
    return Gradebook(Path(out), len(graded), len(trainees) - len(graded))

def unique_headers(names: list[str], dates: list[str]) -> list[str]:
    """The column names, each told apart from the others as Moodle compares them (trimmed,
    capitals aside): a repeated name gets its date (an exam's creation day), then a number."""
    seen: set[str] = set()
    counts: dict[str, int] = {}
    for name in names:
        key = " ".join(name.split()).casefold()
        counts[key] = counts.get(key, 0) + 1
    result = []
    for name, day in zip(names, dates, strict=True):
        name = " ".join(name.split())
        candidate = f"{name} ({day})" if counts[name.casefold()] > 1 and day else name
        number = 2
        while candidate.casefold() in seen:
            candidate = f"{name} ({day}, {number})" if day else f"{name} ({number})"
            number += 1
        seen.add(candidate.casefold())
        result.append(candidate)
    return result

def _exam_scores(store: Store, graded: Mapping[str, str],
                 ) -> tuple[list[tuple[str, str, str]], dict[tuple[str, str], str]]:
    """The exams any of ``graded`` sat, as (id, title, creation day), in the order they were
    made; and each trainee's best score on each, in percent."""
    best: dict[tuple[str, str], Decimal] = {}
    exams: dict[str, tuple[str, str, str]] = {}
    for row in sound_results(store, "e.id, e.title, e.created_at, r.score_percent", graded,
                             order="e.created_at, e.id"):
        exam_id = row["id"]
        exams.setdefault(exam_id, (exam_id, row["title"], row["created_at"][:10]))
        value = Decimal(row["score_percent"])
        key = (row["person_id"], exam_id)
        best[key] = max(best.get(key, value), value)
    return list(exams.values()), {key: grade_number(value) for key, value in best.items()}

def _mastery(store: Store, graded: Mapping[str, str],
             ) -> tuple[list[str], dict[tuple[str, str], str]]:
    """The skills any of ``graded`` practised, and each one's mastery of each."""
    found: dict[tuple[str, str], str] = {}
    for person_id in graded:
        table = load_targets(connection(store), person_id)
        for skill, recent in connection(store).execute(
                "SELECT skill, recent FROM skill_stats WHERE person_id = ?", [person_id]):
            try:
                answers = [(bool(right), int(ms)) for right, ms, _d in json.loads(recent)]
            except (ValueError, TypeError):
                store.damaged_rows.append(summary_skipped(skill, person_id, "recent"))
                continue
            target = table.of(skill)
            found[person_id, skill] = grade_number(
                mastery_percent(answers[-target.window:], target.window, target.target_ms))
    return sorted({skill for _p, skill in found}), found

def mastery_percent(recent: list[tuple[bool, int]], window: int, target_ms: int) -> Decimal:
    """Mastery as a grade from 0 to 100: the share of the targets' window of last answers
    that were right within the target time, an answer not yet given counting as not right.
    A skill reaches the "Mastered" level on the same answers (with at least the targets'
    mastered share of them right in time), so 100 is every one of them."""
    on_time = sum(1 for right, ms in recent[-window:] if right and ms <= target_ms)
    return Decimal(100 * on_time) / Decimal(window)

def grade_number(value: Decimal) -> str:
    """A grade as Moodle reads it: digits and "." only, at most one decimal, no exponent."""
    rounded = value.quantize(_TENTH, rounding=ROUND_HALF_UP)
    text = format(rounded, "f")
    return text[:-2] if text.endswith(".0") else text

# xAPI -----------------------------------------------------------------------------------

def xapi_statements(store: Store, actor: Actor, out: Path, id_numbers: Mapping[str, str],
                    home_page: str, titles: SkillTitles | None = None, *,
                    progress: Progress | None = None) -> Gradebook:
    """Write the xAPI statements (:mod:`.statements`) of each trainee with an ID number, as
    a JSON array: every answer, oldest first, then each counted exam sitting's two.
    Only instructors; a cancelled export leaves no file."""
    require_instructor(store, actor)
    trainees = {p.id for p in store.people(Role.TRAINEE)}
    graded = {pid: number.strip() for pid, number in id_numbers.items()
              if pid in trainees and number.strip()}
    shared = words(store, home_page, titles)
    total = (connection(store).execute("SELECT count(*) FROM attempts").fetchone()[0]
             if progress else 0)  # counted for the progress only
    steps = Steps(progress, total)
    with whole_file(out) as partial, partial.open("w", encoding="utf-8") as handle:
        count = _write_array(handle, chain(answer_statements(store, graded, shared),
                                           sitting_statements(store, graded, shared)), steps)
    steps.finish()
    return Gradebook(Path(out), count, len(trainees) - len(graded))

def _write_array(handle: TextIO, items: Iterator[dict[str, object]], steps: Steps) -> int:
    handle.write("[")
    count = 0
    for item in items:
        handle.write(",\n" if count else "\n")
        handle.write(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
        count += 1
        steps.advance()
    handle.write("\n]\n" if count else "]\n")
    return count
