"""The exams a trainee still has to sit, for the day's plan: set for them (by name, by class,
or for everyone), never submitted by them, and neither closed nor replaced. An exam not open
yet is among them (the plan says when it opens); one started and left is too (its clock
runs on). A retake is the trainee's choice, not a task: an exam sat once is not listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from trainer.progress.exams.sittings import Exam, exams
from trainer.progress.exams.terms import assigned, terms_of
from trainer.progress.people.leave import Leave
from trainer.progress.storage.database import reading
from trainer.progress.storage.values import utc


@dataclass(frozen=True)
class ExamToSit:
    exam: Exam
    #: When it closes: the earlier of its closing and an instructor's closing it early.
    closes_at: str | None
    #: A sitting started and not submitted (it continues where it was left).
    started: bool

    @property
    def opens_at(self) -> str | None:
        return self.exam.opens_at


def exams_to_sit(leave: Leave, at: datetime) -> tuple[ExamToSit, ...]:
    """The exams to sit at ``at`` of the person ``leave`` is for: the one closing soonest
    first, then those without a closing, the soonest opening first."""
    person_id = leave.person
    found = []
    with reading(leave.store) as db:
        submitted = {row[0] for row in db.execute(
            "SELECT exam_id FROM exam_sittings WHERE person_id = ? AND submitted_at IS NOT "
            "NULL", [person_id])}
        started = {row[0] for row in db.execute(
            "SELECT exam_id FROM exam_sittings WHERE person_id = ? AND submitted_at IS NULL",
            [person_id])}
        for exam in exams(leave.store):
            terms = terms_of(db, exam.id)
            closes = terms.closes_at(exam.closes_at)
            if exam.id in started:  # it runs to its own deadline, closed or not
                found.append(ExamToSit(exam, closes, True))
            elif exam.id not in submitted and terms.replaced_by is None and (
                    closes is None or at < utc(closes)) and assigned(db, terms, person_id):
                found.append(ExamToSit(exam, closes, False))
    return tuple(sorted(found, key=lambda e: (
        e.closes_at is None, utc(e.closes_at) if e.closes_at else at,
        utc(e.opens_at) if e.opens_at else at)))
