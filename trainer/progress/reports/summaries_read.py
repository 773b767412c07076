"""Every skill summary, read once and kept while it stays as stored: what the readers of all
of them share (the desk's trainee list, cohort charts and class grid, the reports).

A school has 20,000 (person, skill) summaries. Reading them, taking apart each one's last
answers and judging its mastery level (the rules' own :func:`level_of`) took each of those
readers a good part of a second; the desk ran it three times over, and again at every
page opened. Here they are read once, each with its level, and kept by database: the
database counts every change of ``skill_stats`` (migration ``m025_summaries_read_at_once``),
so a reader asks one number to know whether what is kept is still what is stored (and
compares the mastery targets the levels were judged by). A damaged summary is said in
``store.damaged_rows`` at every read, kept or not, and left out.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any

import numpy as np
import orjson

from i18n import Message
from trainer.progress.learning.mastery import MasteryLevel, level_of
from trainer.progress.learning.targets import MasteryTargets, TargetTable, load_targets
from trainer.progress.progress_steps import Steps
from trainer.progress.storage.damage import SUMMARY, damaged_column, summary_skipped
from trainer.progress.storage.database import connection, reading
from trainer.progress.storage.store import Store
from trainer.progress.storage.values import every

_MS = itemgetter(1)
_FIGURES = ("attempts", "correct", "total_ms", "last_at")


def sound_summaries(store: Store, person_id: str | None = None, *, due: bool = False,
                    ) -> list[tuple[Any, ...]]:
    """Every (person, skill) summary as it is kept (of ``person_id``, or everyone's), as
    ``(person, skill, attempts, correct, total_ms, last_at, recent)`` with ``recent`` the
    last answers as stored, (right, milliseconds, difficulty) each, oldest first — and the
    FSRS card's due
    moment after them if ``due``. A damaged one is said in ``store.damaged_rows``, and
    left out.

    The figures of every summary are checked at once, column by column (a school's 20,000
    summaries in a few milliseconds); only when a column fails are they checked row by row,
    to name the damaged ones. The last answers are read and taken apart in C."""
    columns = "person_id, skill, attempts, correct, total_ms, last_at, recent" + (
        ", due" if due else "")
    rows = (connection(store).execute(f"SELECT {columns} FROM skill_stats WHERE person_id = ?",
                                      [person_id])
            if person_id else connection(store).execute(f"SELECT {columns} FROM skill_stats")
            ).fetchall()
    figures = list(zip(*(row[2:6] for row in rows), strict=True))  # column by column
    sound = not rows or all(every(SUMMARY[name], values)
                            for name, values in zip(_FIGURES, figures, strict=True))
    at_once = _answers_at_once([row[6] for row in rows])
    found = []
    for place, row in enumerate(rows):
        person, skill, n, right, ms, last, recent = row[:7]
        column = "—" if sound else damaged_column(
            SUMMARY, {"attempts": n, "correct": right, "total_ms": ms, "last_at": last})
        if at_once is not None:  # (answers × 3) each, read together
            answered = at_once[place]
        else:
            try:
                answered = orjson.loads(recent)
                if not set(map(len, answered)) <= {3}:
                    raise ValueError(recent)  # (right, milliseconds, difficulty) each
            except (orjson.JSONDecodeError, TypeError, ValueError):  # damaged
                column = "recent"
        if column != "—":
            store.damaged_rows.append(summary_skipped(skill, person, column))
            continue
        found.append((person, skill, n, right, ms, last, answered, *row[7:]))
    return found


_DIGITS = str.maketrans("", "", "0123456789")
_BRACKETS = str.maketrans("", "", "[]")
#: 10, 100, … 10¹⁸: how many digits a whole number takes, as JSON writes it.
_TENS = [10**power for power in range(1, 19)]


@cache
def _skeleton(answers: int) -> str:
    """The last answers' text, its numbers left out, when they are ``answers`` triples."""
    return "[" + ",".join(["[,,]"] * answers) + "]"


#: Texts of last answers read together in one call: each call into C holds the interpreter's
#: lock while it runs, so the window's thread waits for it when a desk job reads (a
#: school's 20,000 texts at once stood the window still 130 ms); a thousand take a few ms.
TEXTS_AT_ONCE = 1_000


def _answers_at_once(texts: list[str]) -> list[Any] | None:
    """Each text of last answers as a (answers × 3) array of (right, milliseconds,
    difficulty), their numbers read together in C, :data:`TEXTS_AT_ONCE` texts a call (the
    JSON reader made 2 million small objects of a school's summaries: half a second);
    ``None`` unless every text is plainly ``[[n,n,n],…]`` of whole numbers (then each is
    read alone by the JSON reader, which says the damaged)."""
    answers: list[Any] = []
    for start in range(0, len(texts), TEXTS_AT_ONCE):
        part = _read_together(texts[start:start + TEXTS_AT_ONCE])
        if part is None:
            return None
        answers.extend(part)
    return answers


def _read_together(texts: list[str]) -> list[Any] | None:
    """:func:`_answers_at_once` of a few texts, in one call into C."""
    counts = [text.count("[") - 1 if type(text) is str else -1 for text in texts]
    if any(count < 0 or text.translate(_DIGITS) != _skeleton(count)
           for text, count in zip(texts, counts, strict=True)):
        return None
    numbers = ",".join(text for text, count in zip(texts, counts, strict=True) if count)
    read = np.fromstring(numbers.translate(_BRACKETS), dtype=np.int64, sep=",") \
        if numbers else np.empty(0, np.int64)
    if len(read) != 3 * sum(counts):
        return None
    # as many digits as the numbers read take: none with a leading zero (not JSON: a
    # flipped bit makes "12" "02"), none too large to read
    texts_read = sum(1 for count in counts if count)  # joined by as many commas, less one
    written = (len(numbers) - sum(len(_skeleton(count)) for count in counts if count)
               - max(0, texts_read - 1))
    if written != len(read) + sum(int(np.count_nonzero(read >= ten)) for ten in _TENS):
        return None
    triples = read.reshape(-1, 3)
    ends = np.cumsum(counts).tolist()
    return [triples[end - count:end] for end, count in zip(ends, counts, strict=True)]


@dataclass(frozen=True, slots=True)
class Summary:
    """What the readers need of one person's summary of one skill."""

    attempts: int
    correct: int
    total_ms: int
    last_at: str | None
    #: The times of the last answers (those that count toward mastery), oldest first.
    times: np.ndarray
    #: The mastery level the last answers show (:func:`level_of`, by the targets read).
    level: MasteryLevel
    #: Of the last answers in the targets' window: how many were right, of how many.
    recent_right: int
    recent_count: int
    #: When the skill's FSRS card is due (as stored; None: no card yet).
    due: Any = None


@dataclass(frozen=True)
class Summaries:
    """Every sound summary by (person, skill), and the damaged ones said."""

    summaries: dict[tuple[str, str], Summary]
    damaged: tuple[Message, ...]
    #: The targets the levels were judged by.
    targets: TargetTable


def summary(answered: Sequence[Sequence[Any]], attempts: int, correct: int, total_ms: int,
            last_at: str | None, target: MasteryTargets, due: Any = None) -> Summary:
    """A :class:`Summary` of figures and last answers (right and milliseconds first, in
    each), judged by ``target``."""
    if isinstance(answered, np.ndarray):  # read at once: (answers × 3)
        window = answered[-target.window:, :2].tolist()
        times = answered[:, 1]
    else:
        window = [(answer[0], answer[1]) for answer in answered[-target.window:]]
        times = np.fromiter(map(_MS, answered), np.int64, len(answered))
    return Summary(attempts, correct, total_ms, last_at, times,
                   level_of(window, target), len([1 for right, _ms in window if right]),
                   len(window), due)


#: What was read last, by database: (its file, its id, the count of changes) and what.
_KEPT: dict[str, tuple[tuple[str, int], Summaries]] = {}
_LOCK = threading.Lock()


def all_summaries(store: Store, steps: Steps | None = None, *, kept: bool = True,
                  ) -> Summaries:
    """Every summary with its level: those kept from the last read while nothing changed
    if ``kept``; else read again (a report written to a file reads what the file holds
    now, even where a flipped bit, which no trigger counts, changed it).

    ``steps`` is told each summary judged (or each kept one, at once)."""
    steps = steps or Steps(None, 0)
    with reading(store):
        db = connection(store)
        database_id, version = db.execute(
            "SELECT database_id, version FROM summaries_version").fetchone()
        table = load_targets(db)
        place = str(store.path.resolve())
        with _LOCK:
            before = _KEPT.get(place) if kept else None
        if before is not None and before[0] == (database_id, version) \
                and before[1].targets == table:
            store.damaged_rows.extend(before[1].damaged)
            mark = steps.next_at
            while mark <= len(before[1].summaries):
                mark = steps.reach(mark)
            return before[1]
        said = len(store.damaged_rows)
        rows = sound_summaries(store, due=True)
        damaged = tuple(store.damaged_rows[said:])
    targets: dict[str, MasteryTargets] = {}
    found: dict[tuple[str, str], Summary] = {}
    read, mark = 0, steps.next_at
    for person, skill, n, right, ms, last, answered, due in rows:
        read += 1
        if read >= mark:
            mark = steps.reach(read)
        target = targets.get(skill)
        if target is None:
            target = targets[skill] = table.of(skill)
        found[person, skill] = summary(answered, n, right, ms, last, target, due)
    summaries = Summaries(found, damaged, table)
    with _LOCK:
        _KEPT[place] = ((database_id, version), summaries)
    return summaries


def forget() -> None:
    """Keep nothing read (tests; a desk closing)."""
    with _LOCK:
        _KEPT.clear()
