"""The kinds of mistake each wrong answer made, as the rules core names them.

Kept beside the answers, never in them (an answer is never changed): one row per answer and
kind in ``attempt_mistakes`` (``attempt_id``, ``kind``: the kind's stable id, e.g.
``mahjong_baccarat.commission_on_gross``, or ``other``). An answer graded on this desktop
has its kinds written with it. Kinds are *derived*, so no bundle and no sync carries them:
an answer that arrives from a bundle or the school server, or was recorded before kinds
were, is classified the first time its kinds are read
(:mod:`trainer.progress.learning.wrong_answers`): the rules core grades it again from its
question. Once classified, a wrong answer to a skill whose mistakes the rules core knows
has at least one row (``other`` when it is none of the usual ones, or can no longer be
read as wrong); a right answer, and an answer to a skill with no known mistakes, has none.
Questions live above the store, so the store names what it needs here
(:class:`MistakeReader`) and the questions package provides it
(``questions.regrade.MISTAKES``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from sqlite_utils import Database

from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import Store

#: The kind recorded for a wrong answer that is none of its skill's usual mistakes.
OTHER = "other"
#: Answers classified per write transaction (a first read of a large history).
BATCH = 500


class MistakeReader(Protocol):
    """What names the mistakes of a recorded answer, without the store importing the
    questions."""

    def classifies(self, skill_id: str) -> bool:
        """Whether the rules core knows the usual mistakes of the skill ``skill_id``."""

    def kinds(self, question: dict[str, Any], answer: Any) -> tuple[str, ...]:
        """The kinds' ids of the wrong ``answer`` to the stored ``question`` (at least one:
        ``other`` when it is none of the usual mistakes or cannot be read)."""


def add_kinds(db: Database, attempt_id: str, kinds: Sequence[str]) -> None:
    """Write the kinds of one answer, inside the transaction that stores it."""
    db.conn.executemany(
        "INSERT OR IGNORE INTO attempt_mistakes (attempt_id, kind) SELECT ?, ? "
        "WHERE EXISTS (SELECT 1 FROM attempts WHERE id = ?)",  # not deleted since read
        [(attempt_id, kind, attempt_id) for kind in dict.fromkeys(kinds)])


def classify(store: Store, reader: MistakeReader, where: str, params: list[Any]) -> int:
    """Classify the wrong answers not yet classified (``where``: more conditions on the
    answers ``a``, with their ``params``); how many were. Read first, then written in
    batches, each its own short write."""
    with reading(store) as db:
        # the skills the reader classifies, of those answered (every answer has its
        # summary): the wrong answers of the others are never classified, and reading
        # them again at every call (a school's hundred thousand) took seconds
        skills = [skill for (skill,) in db.execute("SELECT DISTINCT skill FROM skill_stats")
                  if reader.classifies(skill)]
        pending = db.execute(
            "SELECT a.id, a.skill, a.question_json, a.answer_json FROM attempts a "
            "WHERE a.correct = 0 AND a.skill IN (SELECT value FROM json_each(?)) "
            "AND NOT EXISTS (SELECT 1 FROM attempt_mistakes m "
            f"WHERE m.attempt_id = a.id) {where} ORDER BY a.answered_at, a.rowid",
            [json.dumps(skills), *params]).fetchall()
    for start in range(0, len(pending), BATCH):
        found = [(attempt_id, _kinds(reader, question, answer))
                 for attempt_id, _skill, question, answer in pending[start:start + BATCH]]
        with writing(store) as db:
            for attempt_id, kinds in found:
                add_kinds(db, attempt_id, kinds)
    return len(pending)


def _kinds(reader: MistakeReader, question: str, answer: str) -> tuple[str, ...]:
    try:
        kinds = reader.kinds(json.loads(question), json.loads(answer))
    except ValueError:  # a damaged row: it is still a wrong answer
        return (OTHER,)
    return kinds or (OTHER,)


def read_kinds(rows: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for attempt_id, kind in rows:
        found.setdefault(attempt_id, []).append(kind)
    return {attempt_id: tuple(kinds) for attempt_id, kinds in found.items()}
