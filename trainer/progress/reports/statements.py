"""xAPI statements of the trainees' work, as a learning record store takes them.

- **An answer** (practice, a drill, a table round's step, an exam item): the trainee
  *answered* the skill's activity, with its score, success and time. Its context tells
  practice from exams: an exam item's ``context.contextActivities.parent`` is the sitting it
  was answered in; every other answer's ``context.contextActivities.grouping`` is the
  trainer's practice activity.
- **An exam's sitting** gives two statements of its own, once its result counts: the trainee
  *completed* the sitting, and *passed* or *failed* it, each with the score (scaled, raw,
  min, max), success and the time taken.

Activities are named in each of the app's languages. The sittings' and practice's activity
ids are addresses under the school's home page (the one the trainees' accounts are on);
the skills keep the ids they were first exported with (``urn:croupier-trainer:skill:…``),
so a record store that has them keeps one activity per skill.

Every statement's ``id`` is derived from what it states (uuid5 of the answer's own id, or
of the sitting's id and the statement's kind): the same answer or sitting is always the
same statement, however often it is written to a file or sent (an answer's id is the one
the file export always gave it).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from i18n import LANGUAGES, N_, Message
from trainer.progress.exams.confirmations import counted
from trainer.progress.reports.words import SkillTitles, in_language, skill_label
from trainer.progress.storage.damage import (
    ANSWER,
    RESULT,
    answer_skipped,
    damaged_column,
    result_skipped,
)
from trainer.progress.storage.database import connection
from trainer.progress.storage.store import Store

VERBS = "http://adlnet.gov/expapi/verbs/"
ANSWERED, COMPLETED, PASSED, FAILED = (VERBS + word for word in (
    "answered", "completed", "passed", "failed"))
SKILL_ACTIVITY = "urn:croupier-trainer:skill:"
#: The namespace of the statement ids.
STATEMENT_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "urn:croupier-trainer:statement")
#: The app's languages as the language tags xAPI's language maps are keyed on.
LANGUAGE_TAGS = {"en": "en", "pt_MO": "pt-MO", "zh_Hant_MO": "zh-Hant-MO"}
#: The kinds of statement: of an answer, and the two of a sitting.
ANSWER_KIND, COMPLETED_KIND, VERDICT_KIND = "answer", "completed", "verdict"
_VERB_WORDS = {ANSWERED: N_("answered"), COMPLETED: N_("completed"), PASSED: N_("passed"),
               FAILED: N_("failed")}


def statement_id(kind: str, source: str) -> str:
    """The id of the statement of ``kind`` about ``source`` (an answer's or a sitting's id)."""
    name = source if kind == ANSWER_KIND else f"{kind}:{source}"
    return str(uuid.uuid5(STATEMENT_NAMESPACE, name))


@dataclass(frozen=True)
class Words:
    """What every statement shares: the home page, the verbs and the skills' names."""

    home_page: str
    skills: Mapping[str, dict[str, str]]
    verbs: Mapping[str, dict[str, str]]
    practice: dict[str, str]

    def activity(self, *path: str) -> str:
        """An activity id under the home page: ``<home page>/croupier-trainer/<path…>``."""
        return "/".join([self.home_page.rstrip("/"), "croupier-trainer", *path])

    def verb(self, verb_id: str) -> dict[str, Any]:
        return {"id": verb_id, "display": self.verbs[verb_id]}


def language_map(message: Message) -> dict[str, str]:
    """``message`` in each of the app's languages, keyed as xAPI keys them."""
    found = {}
    for language in LANGUAGES:
        with in_language(language):
            found[LANGUAGE_TAGS[language]] = str(message)
    return found


def words(store: Store, home_page: str, titles: SkillTitles | None) -> Words:
    skills = [row[0] for row in connection(store).execute(
        "SELECT DISTINCT skill FROM skill_stats")]
    names: dict[str, dict[str, str]] = {skill: {} for skill in skills}
    for language in LANGUAGES:
        with in_language(language):
            for skill in skills:
                names[skill][LANGUAGE_TAGS[language]] = skill_label(skill, titles)
    verbs = {verb: language_map(Message.of(word)) for verb, word in _VERB_WORDS.items()}
    return Words(home_page, names, verbs, language_map(Message.of(N_("Practice"))))


# Answers --------------------------------------------------------------------------------

_ANSWERS = ("SELECT a.id, a.person_id, a.answered_at, a.skill, a.correct, a.score, "
            "a.response_ms, a.sitting_id, s.exam_id, e.title FROM attempts a "
            "LEFT JOIN exam_sittings s ON s.id = a.sitting_id "
            "LEFT JOIN exams e ON e.id = s.exam_id "
            f"WHERE (a.sitting_id IS NULL OR {counted('a.sitting_id')})")


def answer_statements(store: Store, graded: Mapping[str, str], words: Words,
                      ids: Sequence[str] | None = None) -> Iterator[dict[str, Any]]:
    """The statements of the answers of ``graded`` (person id → ID number), oldest first;
    only those of ``ids`` when given. A damaged answer is named and skipped (a record store
    would refuse the whole array); an exam item whose sitting does not count yet is left."""
    query, args = _ANSWERS, list(ids or [])
    if ids is not None:
        query += f" AND a.id IN ({', '.join('?' for _ in args)})"
    cursor = connection(store).execute(query + " ORDER BY a.answered_at, a.rowid", args)
    columns = [c[0] for c in cursor.description]
    for row in cursor:
        found = dict(zip(columns, row, strict=True))
        number = graded.get(found["person_id"])
        if number is None:
            continue
        column = damaged_column(ANSWER, found)
        if column != "—":
            store.damaged_rows.append(answer_skipped(found["id"], column))
            continue
        yield answer_statement(found, number, words)


def answer_statement(row: Mapping[str, Any], number: str, words: Words) -> dict[str, Any]:
    skill = row["skill"]
    if row["sitting_id"] is None:
        context = {"grouping": [{"objectType": "Activity", "id": words.activity("practice"),
                                 "definition": {"name": words.practice}}]}
    else:
        context = {"parent": [_sitting_activity(row, words)]}
    return {
        "id": statement_id(ANSWER_KIND, row["id"]),
        "actor": actor(number, words),
        "verb": words.verb(ANSWERED),
        "object": {"objectType": "Activity", "id": SKILL_ACTIVITY + skill,
                   "definition": {"name": words.skills.get(skill) or {"en": skill}}},
        "result": {"score": {"scaled": float(row["score"])},
                   "success": bool(row["correct"]), "duration": iso_duration(row["response_ms"])},
        "context": {"contextActivities": context},
        "timestamp": row["answered_at"],
    }


def actor(number: str, words: Words) -> dict[str, Any]:
    return {"objectType": "Agent", "account": {"homePage": words.home_page, "name": number}}


def _sitting_activity(row: Mapping[str, Any], words: Words) -> dict[str, Any]:
    title = row["title"] if isinstance(row["title"], str) else ""
    return {"objectType": "Activity",
            "id": words.activity("exams", str(row["exam_id"]), "sittings", row["sitting_id"]),
            "definition": {
                "name": language_map(Message.of(N_("Exam: {title}"), title=title)),
                "type": "http://adlnet.gov/expapi/activities/assessment"}}


# Sittings -------------------------------------------------------------------------------

_SITTINGS = ("SELECT r.sitting_id, r.exam_id, r.person_id, r.submitted_at, r.questions, "
             "r.correct, r.score_percent, r.passed, r.duration_ms, e.title, e.created_at "
             "FROM exam_results r JOIN exams e ON e.id = r.exam_id "
             f"WHERE {counted('r.sitting_id')}")


def sitting_statements(store: Store, graded: Mapping[str, str], words: Words,
                       ids: Sequence[str] | None = None) -> Iterator[dict[str, Any]]:
    """The two statements of each counted sitting of ``graded``, oldest first; only of the
    sittings ``ids`` when given. A damaged result is named and skipped."""
    query, args = _SITTINGS, list(ids or [])
    if ids is not None:
        query += f" AND r.sitting_id IN ({', '.join('?' for _ in args)})"
    cursor = connection(store).execute(query + " ORDER BY r.submitted_at, r.rowid", args)
    columns = [c[0] for c in cursor.description]
    for row in cursor:
        found = dict(zip(columns, row, strict=True))
        number = graded.get(found["person_id"])
        if number is None:
            continue
        column = damaged_column(RESULT, found)
        if column != "—" or int(found["correct"]) > int(found["questions"]):
            store.damaged_rows.append(result_skipped(
                found["sitting_id"], column if column != "—" else "correct"))
            continue
        yield from sitting_result(found, number, words)


def sitting_result(row: Mapping[str, Any], number: str,
                   words: Words) -> tuple[dict[str, Any], dict[str, Any]]:
    """The sitting *completed*, and *passed* or *failed*, each with the whole result."""
    percent = Decimal(row["score_percent"])
    scaled = (percent / 100).quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP)
    result = {"score": {"scaled": float(scaled), "raw": int(row["correct"]), "min": 0,
                        "max": int(row["questions"])},
              "success": bool(row["passed"]), "completion": True,
              "duration": iso_duration(int(row["duration_ms"]))}
    activity = _sitting_activity(row, words)
    common = {"actor": actor(number, words), "object": activity, "result": result,
              "timestamp": row["submitted_at"]}
    verdict = PASSED if row["passed"] else FAILED
    return ({"id": statement_id(COMPLETED_KIND, row["sitting_id"]),
             "verb": words.verb(COMPLETED), **common},
            {"id": statement_id(VERDICT_KIND, row["sitting_id"]),
             "verb": words.verb(verdict), **common})


def iso_duration(ms: int) -> str:
    """Milliseconds as an ISO 8601 duration in seconds, to the hundredth as xAPI keeps it:
    ``PT4.25S``."""
    seconds = (Decimal(max(0, ms)) / 1000).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    text = format(seconds.normalize(), "f")
    return f"PT{text}S"
