"""The progress bundle: a zip of JSON Lines tables and a manifest with their checksums.

One table per member (``people.jsonl``, ``attempts.jsonl``, …), one JSON object per line
with exactly the columns below; ``manifest.json`` gives the format, its version, its
scope (``everyone`` or the one trainee's id), whether it carries instructor data
(instructor accounts, passwords, PINs and exams), and each member's row count, size
and SHA-256. Every value is checked here before the
importer writes anything; sizes are capped so a zip bomb or a huge file is refused.
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from itertools import repeat
from operator import call, ge, itemgetter
from typing import Any

import orjson

import i18n
from i18n import N_, Message
from trainer.levels import DIFFICULTIES
from trainer.progress.exams.sittings import MAX_QUESTIONS, MAX_TIME_LIMIT_S
from trainer.progress.house_rules import check_values
from trainer.progress.learning.targets import extended
from trainer.progress.people.credentials import SCRYPT_MAX_N
from trainer.progress.people.extra_time import MOST_PERCENT
from trainer.progress.people.names import MAX_NAME_LENGTH, is_name, repaired_name
from trainer.progress.storage.store import ATTEMPT_COLUMNS, Role, StoreError
from trainer.progress.storage.values import (
    Check,
    batched,
    every,
    is_int,
    is_moment,
    is_stamp,
    is_text,
    is_uuid,
    matches,
    one_of,
    only,
    optional,
)
from trainer.rounds.exam_items import ROUND_ITEM_MODES, ROUND_ITEM_SKILLS, is_round_item
from trainer.rules.house import READINGS, HouseRules

FORMAT = "croupier-trainer-progress"
#: 2: exams and sittings record their house rules, sittings their readings; PINs.
#: 3: extra time granted to trainees.
#: 4: every answer records the readings it was graded under.
#: 5: exams may have an opening and a closing moment.
#: 6: a sitting may have a seed of its own; an exam says whether everyone gets its questions.
VERSION = 6
MANIFEST = "manifest.json"
EVERYONE = "everyone"
#: The tables in the order they are checked and written (each refers only to earlier ones).
TABLES = ("people", "credentials", "pins", "extra_time", "sessions", "exams", "sittings",
          "attempts", "results")
#: The database table each bundle table comes from and goes to.
STORED_IN = {"people": "people", "credentials": "credentials", "pins": "pins",
             "extra_time": "extra_time",
             "sessions": "sessions", "exams": "exams", "sittings": "exam_sittings",
             "attempts": "attempts", "results": "exam_results"}
#: What each table is called in messages.
KINDS = {"people": N_("person"), "credentials": N_("password"), "pins": N_("PIN"),
         "extra_time": N_("extra time grant"),
         "sessions": N_("session"), "exams": N_("exam"), "sittings": N_("exam sitting"),
         "attempts": N_("answer"), "results": N_("exam result")}


class BundleError(StoreError):
    """A bundle that cannot be imported, and why; the database is untouched."""


@dataclass(frozen=True)
class BundleLimits:
    """The most a bundle may hold; beyond it the file is refused before it is unpacked. The
    defaults are an instructor's bundle of a whole school's progress."""

    file_bytes: int = 1 << 30
    unpacked_bytes: int = 4 << 30
    #: Unpacked size over packed size of any member (zip bombs reach thousands).
    ratio: int = 200
    line_bytes: int = 256 << 10
    #: Rows of all its tables together.
    rows: int = 5_000_000
    manifest_bytes: int = 64 << 10


#: A trainee's bundle holds one trainee's progress: a year of a keen trainee's practice
#: (500 answers a day, with their sessions) fits several times over, and the largest one
#: imports within the import's memory bound (README, *Limits*).
TRAINEE_BUNDLE = BundleLimits(file_bytes=64 << 20, unpacked_bytes=512 << 20, rows=250_000)
#: A batch a trainee desktop sends through the school server's inbox (the desktop splits
#: its work into batches within it, :func:`trainer.progress.school.outbox.read_outgoing`):
#: its rows, and its size as JSON.
INBOX_BATCH = BundleLimits(unpacked_bytes=5_000_000, rows=20_000)


def member(table: str) -> str:
    return f"{table}.jsonl"


def refused(msgid: str, **params: Any) -> BundleError:
    return BundleError(Message.of(msgid, **params))


def bad_value(table: str, line: int, field: str) -> BundleError:
    return refused(N_("This bundle has a bad value in {member}, line {line}, field “{field}”. "
                      "Nothing was imported."), member=member(table), line=line, field=field)


# Value checks ------------------------------------------------------------------------------

_SKILL = re.compile(r"[a-z][a-z0-9_]{0,39}\.[a-z][a-z0-9_]{0,59}")
_HEX = re.compile(r"(?:[0-9a-f]{2})+")


def with_allowed_name(row: Any) -> Any:
    """A person's row as this version writes it: a name that an older version could have
    written (text of one to 80 characters, its white space already one space between words:
    every older version wrote it so) in its allowed form, the same on every desktop
    (:func:`~trainer.progress.people.names.repaired_name`), so that one name never refuses a
    whole bundle or sync. Anything else is left for the checks to refuse."""
    if type(row) is not dict:
        return row
    name, person_id = row.get("name"), row.get("id")
    if (type(name) is not str or not 0 < len(name) <= MAX_NAME_LENGTH
            or name != " ".join(name.split()) or type(person_id) is not str or is_name(name)):
        return row
    return {**row, "name": repaired_name(name, person_id)}


def is_skill(value: Any) -> bool:
    return type(value) is str and _SKILL.fullmatch(value) is not None


batched(is_skill, matches(_SKILL))


def is_hex(shortest: int, longest: int) -> Check:
    return lambda v: (type(v) is str and shortest * 2 <= len(v) <= longest * 2
                      and _HEX.fullmatch(v) is not None)


def is_score(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value) and 0 <= value <= 1


batched(is_score, lambda vs: set(map(type, vs)) <= {int, float} and all(map(math.isfinite, vs))
        and (not vs or (0 <= min(vs) and max(vs) <= 1)))


def is_percent(value: Any) -> bool:
    try:
        number = Decimal(value) if type(value) is str and len(value) <= 8 else None
    except InvalidOperation:
        return False
    return number is not None and number.is_finite() and 0 <= number <= 100


def read_json(text: str | bytes) -> Any:
    """A JSON value read strictly (orjson: several times faster than the standard reader,
    which matters at a bundle's hundreds of thousands of rows): no NaN or infinities, no
    lone surrogates, nested at most 1,024 deep; anything else raises ``ValueError``."""
    return orjson.loads(text)


def is_text_up_to(longest: int) -> Check:
    """Text (any, even empty) of at most ``longest`` characters."""
    return batched(lambda v: type(v) is str and len(v) <= longest,
                   lambda vs: only(vs, str) and (not vs or max(map(len, vs)) <= longest))


def is_json(longest: int) -> Check:
    text = is_text_up_to(longest)

    def check(value: Any) -> bool:
        if not text(value):
            return False
        try:
            read_json(value)
        except ValueError:  # a value nested a thousand deep is no value either
            return False
        return True

    def many(values: Sequence[Any]) -> bool:
        if not every(text, values):
            return False
        deque(map(read_json, values), maxlen=0)  # one that is no JSON: ValueError, a no
        return True
    return batched(check, many)


def is_house_rules(value: Any) -> bool:
    """House rules as JSON text that :class:`HouseRules` reads and the store accepts."""
    if not is_json(16 << 10)(value):
        return False
    try:
        check_values(HouseRules.from_json(read_json(value)), HouseRules())
    except (ValueError, TypeError, ArithmeticError):
        return False
    return True


def is_parts(value: Any) -> bool:
    """An exam's parts: ``[[skill, questions, difficulty], …]`` as JSON text."""
    if not is_json(16 << 10)(value):
        return False
    parts = read_json(value)
    return (type(parts) is list and 0 < len(parts) <= MAX_QUESTIONS
            and all(type(p) is list and len(p) == 3 and is_skill(p[0])
                    and is_int(1, MAX_QUESTIONS)(p[1]) and p[2] in DIFFICULTIES
                    and (p[2] in ROUND_ITEM_MODES or not is_round_item(p[0])) for p in parts)
            and sum(p[1] for p in parts) <= MAX_QUESTIONS)


_SEED = is_int(0, 2**63 - 1)
_SECRET: dict[str, Check] = {
    "person_id": is_uuid, "salt": is_hex(8, 64), "hash": is_hex(32, 32),
    "n": one_of(*(2**k for k in range(1, SCRYPT_MAX_N.bit_length()))),
    "r": is_int(1, 16), "p": is_int(1, 4), "set_at": is_stamp}
COLUMNS: dict[str, dict[str, Check]] = {
    "people": {"id": is_uuid, "name": is_name, "role": one_of(*(r.value for r in Role)),
               "language": optional(one_of(*i18n.LANGUAGES)), "created_at": is_stamp},
    "credentials": _SECRET,
    "pins": _SECRET,
    "extra_time": {"id": is_uuid, "person_id": is_uuid, "percent": is_int(0, MOST_PERCENT),
                   "set_by": is_uuid, "set_at": is_stamp},
    "sessions": {"id": is_uuid, "person_id": is_uuid, "mode": is_text(40),
                 "started_at": is_stamp, "ended_at": optional(is_stamp)},
    "exams": {"id": is_uuid, "title": is_text(200), "created_by": is_uuid,
              "created_at": is_stamp, "seed": _SEED, "time_limit_s": is_int(60, MAX_TIME_LIMIT_S),
              "pass_percent": is_percent, "parts": is_parts, "house_rules": is_house_rules,
              "pin_required": one_of(0, 1), "opens_at": optional(is_moment),
              "closes_at": optional(is_moment), "same_questions": one_of(0, 1)},
    "sittings": {"id": is_uuid, "exam_id": is_uuid, "person_id": is_uuid,
                 "started_at": is_stamp, "deadline_at": is_stamp,
                 "submitted_at": optional(is_stamp), "house_rules": is_house_rules,
                 "readings": is_int(1, 10_000), "seed": optional(_SEED)},
    "attempts": {"id": is_uuid, "person_id": is_uuid, "session_id": optional(is_uuid),
                 "answered_at": is_stamp, "game": is_text(40), "skill": is_skill,
                 "difficulty": one_of(*DIFFICULTIES), "seed": _SEED,
                 # read as JSON once, by _check_attempt, which compares it with the columns
                 "question_json": is_text_up_to(64 << 10),
                 "answer_json": is_json(16 << 10),
                 "correct": one_of(0, 1), "score": is_score,
                 "response_ms": is_int(0, 24 * 3_600_000), "sitting_id": optional(is_uuid),
                 "item_index": optional(is_int(0, MAX_QUESTIONS - 1)), "rating": is_int(1, 4),
                 "readings": optional(is_int(1, READINGS))},
    "results": {"sitting_id": is_uuid, "exam_id": is_uuid, "person_id": is_uuid,
                "submitted_at": is_stamp, "questions": is_int(1, MAX_QUESTIONS),
                "answered": is_int(0, MAX_QUESTIONS), "correct": is_int(0, MAX_QUESTIONS),
                "score_percent": is_percent, "passed": one_of(0, 1),
                "duration_ms": is_int(0, extended(MAX_TIME_LIMIT_S, MOST_PERCENT) * 1000
                                      + 60_000)},
}
#: A row's values in the order of its table's columns (a tuple).
ROW_VALUES = {table: itemgetter(*columns) for table, columns in COLUMNS.items()}
#: Each table's checks, and its row's values in their order.
_CHECKS = {table: (tuple(columns.values()), ROW_VALUES[table])
           for table, columns in COLUMNS.items()}
#: The column that identifies a row of each table.
KEYS = {table: next(iter(columns)) for table, columns in COLUMNS.items()}


def owner_column(table: str) -> str | None:
    """The column naming the person a row belongs to (``None``: an exam's, nobody's)."""
    if table == "people":
        return "id"
    return "person_id" if "person_id" in COLUMNS[table] else None
assert tuple(COLUMNS["attempts"]) == ATTEMPT_COLUMNS


def checked_row(table: str, line: int, row: Any) -> dict[str, Any]:
    """``row`` if it has exactly the table's columns, each with a valid value."""
    columns = COLUMNS[table]
    if type(row) is not dict or row.keys() != columns.keys():
        missing = sorted(set(columns) - set(row)) if type(row) is dict else []
        extra = sorted(set(row) - set(columns)) if type(row) is dict else []
        raise bad_value(table, line, ", ".join(missing + extra) or "—")
    checks, values = _CHECKS[table]
    if not all(map(call, checks, values(row))):  # the loop in C; then which value it was
        raise bad_value(table, line, next(n for n, check in columns.items()
                                          if not check(row[n])))
    if table == "attempts":
        _check_attempt(line, row)
    return row


def _check_attempt(line: int, row: dict[str, Any]) -> None:
    """The stored question must be the one the columns say (skill, seed, difficulty)."""
    try:
        question = read_json(row["question_json"])
    except ValueError as error:  # a value nested a thousand deep too
        raise bad_value("attempts", line, "question_json") from error
    if type(question) is not dict or type(question.get("version")) is not int:
        raise bad_value("attempts", line, "question_json")
    for field in ("skill", "seed", "difficulty"):
        if question.get(field) != row[field]:
            raise bad_value("attempts", line, "question_json")
    if row["game"] != row["skill"].partition(".")[0]:
        raise bad_value("attempts", line, "game")
    if (row["sitting_id"] is None) != (row["item_index"] is None):
        raise bad_value("attempts", line, "item_index")
    if row["sitting_id"] is None and is_round_item(row["skill"]):  # only ever an exam's item
        raise bad_value("attempts", line, "sitting_id")
    if bool(row["correct"]) != (row["score"] >= 1):
        raise bad_value("attempts", line, "score")


def valid_rows(table: str, rows: list[Any]) -> bool:
    """Whether every one of ``rows`` passes :func:`checked_row`, checked a column at a time
    (loops that run in C). A no does not say which row fails, or why: :func:`checked_row`
    of each in turn says so."""
    values = row_values(table, rows)
    return values is not None and valid_values(table, values)


def row_values(table: str, rows: list[Any]) -> list[tuple[Any, ...]] | None:
    """Each of ``rows`` as its values in the order of the table's columns (:data:`ROW_VALUES`),
    if every one is a mapping of exactly the table's columns; else ``None``. (As many keys
    as columns, and every column found: exactly the columns, without comparing each row's
    keys.)"""
    if not only(rows, dict) or set(map(len, rows)) - {len(COLUMNS[table])}:
        return None
    try:
        return list(map(ROW_VALUES[table], rows))
    except KeyError:
        return None


def valid_values(table: str, values: list[tuple[Any, ...]]) -> bool:
    """:func:`valid_rows` of rows already read as their values (:func:`row_values`)."""
    keys = COLUMNS[table].keys()
    columns = dict(zip(keys, zip(*values, strict=True), strict=True)
                   ) if values else dict.fromkeys(keys, ())
    return (all(every(check, columns[name]) for name, check in COLUMNS[table].items())
            and (table != "attempts" or _attempts_agree(columns)))


#: What a stored question says of itself, held against its answer's columns.
_STATED = itemgetter("version", "skill", "seed", "difficulty")


def _attempts_agree(column: dict[str, Any]) -> bool:
    """Whether every answer (each of valid values) passes :func:`_check_attempt`."""
    try:
        questions = list(map(orjson.loads, column["question_json"]))  # read_json, in C
        if not only(questions, dict):
            return False
        stated = list(map(_STATED, questions))
    except (ValueError, KeyError):  # KeyError: one says less of itself (checked_row: which)
        return False
    versions, skills, seeds, difficulties = zip(*stated, strict=True) if stated else ((),) * 4
    return (only(versions, int) and skills == column["skill"] and seeds == column["seed"]
            and difficulties == column["difficulty"]
            and column["game"] == tuple(skill.partition(".")[0] for skill in column["skill"])
            and [v is None for v in column["sitting_id"]]
            == [v is None for v in column["item_index"]]
            and list(map(bool, column["correct"])) == list(map(ge, column["score"], repeat(1)))
            and ROUND_ITEM_SKILLS.isdisjoint(  # a whole round is only ever an exam's item
                skill for sitting, skill in zip(column["sitting_id"], column["skill"],
                                                strict=True) if sitting is None))
