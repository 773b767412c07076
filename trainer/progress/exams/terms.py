"""An exam's terms, which an instructor may change while the course runs (the exam itself —
its questions, time, pass mark, rules — never changes once made):

- **who sits it**: classes and trainees it is assigned to (none: every trainee);
- **how many sittings** a trainee may have: the first and the retakes allowed after it (the
  best result counts);
- **closed early**: closed now, whatever closing time it was made with;
- **replaced**: an exam nobody has sat yet is edited by making its new version and closing
  this one, which then leaves the lists (its terms name the version that replaces it).

Terms are a record (:mod:`trainer.progress.records`): the latest written wins.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message, Moment
from trainer.progress.exams.dates import check_open
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.records import MOST_MEMBERS, MOST_SITTINGS, read_record, write_record
from trainer.progress.storage.database import reading, writing
from trainer.progress.storage.store import Role, Store, StoreError
from trainer.progress.storage.values import stamp, utc


@dataclass(frozen=True)
class ExamTerms:
    #: Classes and trainees (their ids) the exam is assigned to; empty: every trainee.
    assignees: tuple[str, ...] = ()
    sittings_allowed: int = 1
    closed_at: str | None = None
    replaced_by: str | None = None

    def closes_at(self, made_to_close: str | None) -> str | None:
        """When the exam closes: the earlier of its closing time and its closing early."""
        found = [m for m in (made_to_close, self.closed_at) if m is not None]
        return min(found, key=utc) if found else None


def terms_of(db: Database, exam_id: str) -> ExamTerms:
    row = read_record(db, "exam_terms", exam_id)
    if row is None:
        return ExamTerms()
    return ExamTerms(tuple(json.loads(row["assignees"])), row["sittings_allowed"],
                     row["closed_at"], row["replaced_by"])


def all_terms(store: Store) -> dict[str, ExamTerms]:
    with reading(store) as db:
        return {exam_id: terms_of(db, exam_id) for (exam_id,) in db.execute(
            "SELECT exam_id FROM exam_terms")}


def assigned(db: Database, terms: ExamTerms, person_id: str) -> bool:
    """Whether the person is to sit the exam: named, in a class named, or no one is named."""
    if not terms.assignees or person_id in terms.assignees:
        return True
    marks = ", ".join("?" for _ in terms.assignees)
    return any(person_id in json.loads(members) for (members,) in db.execute(
        f"SELECT members FROM classes WHERE removed = 0 AND id IN ({marks})",
        list(terms.assignees)))


def check_may_start(db: Database, exam: Any, terms: ExamTerms, person_id: str, submitted: int,
                    at: datetime | None, *, instructor: bool = False) -> None:
    """Refuse a new sitting the terms do not allow, saying why (``at``: check the dates
    by this clock; ``None``: a school server's clock checks them)."""
    if terms.replaced_by is not None:
        raise StoreError(Message.of(N_(
            "This exam was replaced by a new version; choose the new one in the list.")))
    if not instructor and not assigned(db, terms, person_id):
        raise StoreError(Message.of(N_("This exam is not set for you.")))
    if submitted >= terms.sittings_allowed:
        if terms.sittings_allowed == 1:
            raise StoreError(Message.of(N_("You have already sat this exam.")))
        raise StoreError(Message.counted(
            "You have sat this exam {count} time, as many as allowed.",
            "You have sat this exam {count} times, as many as allowed.",
            terms.sittings_allowed))
    if terms.closed_at is not None and (at is None or at >= utc(terms.closed_at)):
        raise StoreError(Message.of(N_("This exam closed on {when}."),
                                    when=Moment(terms.closed_at)))
    if at is not None:
        check_open(exam.opens_at, exam.closes_at, at)


def set_terms(store: Store, actor: Actor, exam_id: str, assignees: tuple[str, ...],
              sittings_allowed: int) -> ExamTerms:
    """Assign an exam and set how many sittings each trainee may have."""
    require_instructor(store, actor)
    if not 1 <= sittings_allowed <= MOST_SITTINGS:
        raise StoreError(Message.of(N_(
            "A trainee may sit an exam from 1 to {most} times."), most=MOST_SITTINGS))
    if len(set(assignees)) > MOST_MEMBERS:
        raise StoreError(Message.of(N_("An exam is assigned to at most {count} classes and "
                                       "trainees."), count=MOST_MEMBERS))
    with writing(store) as db:
        known = {row[0] for row in db.execute(
            f"SELECT id FROM people WHERE role = '{Role.TRAINEE}' UNION "
            "SELECT id FROM classes WHERE removed = 0")}
        if any(a not in known for a in assignees):
            raise StoreError(Message.of(N_("An exam is assigned to classes and trainees.")))
        old = _existing(db, exam_id)
        new = ExamTerms(tuple(dict.fromkeys(assignees)), sittings_allowed, old.closed_at,
                        old.replaced_by)
        if new != old:
            _write(db, actor, exam_id, new)
    return new


def close_exam(store: Store, actor: Actor, exam_id: str, at: datetime | None = None) -> None:
    """Close an exam now: no new sitting starts; sittings already started run to their end."""
    require_instructor(store, actor)
    at = at or datetime.now(UTC)
    with writing(store) as db:
        old = _existing(db, exam_id)
        closes = old.closes_at(_made_to_close(db, exam_id))
        if closes is not None and at >= utc(closes):
            raise StoreError(Message.of(N_("This exam is closed already.")))
        _write(db, actor, exam_id, ExamTerms(old.assignees, old.sittings_allowed,
                                             stamp(at), old.replaced_by))


def sat_exams(store: Store, actor: Actor) -> set[str]:
    """The exams someone has sat (each can no longer be edited), for an instructor."""
    require_instructor(store, actor)
    with reading(store) as db:
        return {exam_id for (exam_id,) in db.execute("SELECT DISTINCT exam_id FROM exam_sittings")}


def was_sat(db: Database, exam_id: str) -> bool:
    return db.execute("SELECT 1 FROM exam_sittings WHERE exam_id = ? LIMIT 1",
                      [exam_id]).fetchone() is not None


def replace_exam(db: Database, actor: Actor, old_id: str, new_id: str, at: datetime) -> None:
    """Inside the write that made ``new_id``: the old version closes, naming it, and the
    new one takes its terms. Refused once the old one has been sat."""
    if was_sat(db, old_id):
        raise StoreError(Message.of(N_(
            "This exam has been sat, so it can no longer be edited; make a new version "
            "instead.")))
    old = _existing(db, old_id)
    _write(db, actor, old_id, ExamTerms(old.assignees, old.sittings_allowed, stamp(at), new_id))
    _write(db, actor, new_id, ExamTerms(old.assignees, old.sittings_allowed))


def _existing(db: Database, exam_id: str) -> ExamTerms:
    if db.execute("SELECT 1 FROM exams WHERE id = ?", [exam_id]).fetchone() is None:
        raise StoreError(Message.of(N_("This exam is not in the database.")))
    return terms_of(db, exam_id)


def _made_to_close(db: Database, exam_id: str) -> str | None:
    closes_at: str | None = db.execute("SELECT closes_at FROM exams WHERE id = ?",
                                       [exam_id]).fetchone()[0]
    return closes_at


def _write(db: Database, actor: Actor, exam_id: str, terms: ExamTerms) -> None:
    write_record(db, "exam_terms", {
        "exam_id": exam_id, "assignees": json.dumps(list(terms.assignees)),
        "sittings_allowed": terms.sittings_allowed, "closed_at": terms.closed_at,
        "replaced_by": terms.replaced_by, "set_by": actor.person.id,
        "set_at": stamp(datetime.now(UTC))})
