"""Pass one of an import: every row of a bundle read and checked, every reference resolved,
and every row staged (:class:`~trainer.progress.bundles.merge.Stager`).

Rows are read a batch at a time. The values of a batch are checked a column at a time
(:func:`~trainer.progress.bundles.format.valid_rows`), and a batch of answers is indexed
at once; if anything in a batch is off, it is gone through again row by row, which says
what and where, as the first bad row would have said alone. Answers that are here already,
the same values of the same types, are neither checked again nor staged: they change
nothing (another import of the same bundle).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message
from trainer.progress.bundles.archive import BundleArchive
from trainer.progress.bundles.format import (
    KEYS,
    KINDS,
    TABLES,
    BundleError,
    bad_value,
    checked_row,
    refused,
    row_values,
    valid_values,
)
from trainer.progress.bundles.merge import Stager
from trainer.progress.bundles.practice import PracticeCheck, PracticeSample
from trainer.progress.bundles.rows import RowBatch
from trainer.progress.bundles.source import check_from_trainee
from trainer.progress.bundles.trust import (
    Account,
    ExamCheck,
    accounts_brought,
    check_grants,
    check_instructor_data,
    check_roles,
    check_scope,
    instructor_data,
)
from trainer.progress.exams.grading import ExamGrader
from trainer.progress.progress_steps import Progress, Steps
from trainer.progress.storage.store import Role
from trainer.progress.storage.values import is_uuid

#: How many rows are read, then checked together (few enough to stay in the processor's
#: cache: a batch of 5,000 answers was slower).
READ_BATCH = 1_000


def _kind(table: str) -> Message:
    return Message.of(KINDS[table])


def _twice(table: str, key: Any) -> BundleError:
    return refused(N_("The {kind} {id} appears twice in this bundle. Nothing was imported."),
                   kind=_kind(table), id=key)


@dataclass
class BundleIndex:
    """Pass one: every row checked, and every reference resolved inside the bundle (or, for
    exams, on this desktop); what the trust checks need is kept."""

    people: dict[str, dict[str, Any]] = field(default_factory=dict)
    secrets: dict[str, dict[str, dict[str, Any]]] = field(
        default_factory=lambda: {"credentials": {}, "pins": {}})
    #: Extra time grants, by id.
    grants: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: The trainee of each session the batch of answers being read names, of those staged
    #: (:meth:`Stager.session_owners`: a school's are too many to keep in memory).
    sessions: dict[str, str] = field(default_factory=dict)
    exams: dict[str, dict[str, Any]] = field(default_factory=dict)
    sittings: dict[str, dict[str, Any]] = field(default_factory=dict)
    answers: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    answered: set[str] = field(default_factory=set)
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: Every person a row belongs to.
    owners: set[str] = field(default_factory=set)
    #: The keys of the table being read, or of the batch being read for answers (whose ids
    #: are noted in the staging database instead: :meth:`Stager.note_read`).
    seen: set[str] = field(default_factory=set)
    #: What the staged answers' summaries are folded from (:attr:`Stager.history`).
    history: list[tuple[Any, ...]] | None = None
    #: The new practice answers graded again if the bundle is from a trainee's desktop.
    practice: PracticeSample = field(default_factory=PracticeSample)

    def read(self, archive: BundleArchive | RowBatch, stager: Stager,
             progress: Progress | None = None) -> None:
        steps = Steps(progress, archive.row_count)
        count, mark = 0, steps.next_at
        for table in TABLES:
            self.seen = set()
            try:
                for batch in archive.batches(table, READ_BATCH):
                    self._batch(table, batch, stager)
                    count += len(batch)
                    while count >= mark:  # each mark the rows passed, as if told row by row
                        mark = steps.reach(mark)
            except BundleError:
                if table == "attempts":  # an answer read twice before what is off is said
                    self._no_answer_twice(stager)
                raise
            if table == "attempts":
                self._no_answer_twice(stager)
        submitted = {key for key, row in self.sittings.items() if row["submitted_at"]}
        if submitted != set(self.results):
            raise refused(N_("This bundle's exam results do not match its sittings. Nothing "
                             "was imported."))
        self.history = stager.history
        steps.finish()

    def _batch(self, table: str, batch: list[tuple[int, Any]], stager: Stager) -> None:
        """Check, index and stage a batch of rows."""
        if table == "attempts":
            self.sessions = stager.session_owners({
                row["session_id"] for _line, row in batch
                if type(row) is dict and is_uuid(row.get("session_id"))})
        values = row_values(table, [row for _line, row in batch])
        same: set[str] = set()
        if values is not None and (same := stager.known(table, values)):
            values = [value for value in values if value[0] not in same]
        valid = values is not None and valid_values(table, values)
        if not (valid and self._answers_at_once(table, batch, same, stager)):
            self._one_by_one(table, batch, same, check=not valid, stager=stager)
        assert values is not None  # else checked_row refused a row of other columns
        stager.put(table, values)

    def _no_answer_twice(self, stager: Stager) -> None:
        """Refuse the first answer read a second time (:meth:`Stager.read_twice`)."""
        twice = stager.read_twice()
        if twice is not None:
            raise _twice("attempts", twice)

    def _one_by_one(self, table: str, batch: list[tuple[int, Any]], same: set[str], *,
                    check: bool, stager: Stager) -> None:
        """Index each row in turn, checked first if ``check`` (but for answers found here,
        ``same``)."""
        key, index = KEYS[table], getattr(self, f"_{table}")
        earlier: set[str] = set()
        if table == "attempts":  # the answers of earlier batches are in the staging database
            self.seen = set()
            earlier = stager.read_before([row[key] for _line, row in batch
                                          if type(row) is dict and is_uuid(row.get(key))])
        for line, row in batch:
            if check and (not same or row["id"] not in same):
                checked_row(table, line, row)
            if row[key] in self.seen or row[key] in earlier:
                raise _twice(table, row[key])
            self.seen.add(row[key])
            if "person_id" in row:
                self.owners.add(row["person_id"])
            index(line, row)
            if table == "attempts" and row["sitting_id"] is None and row["id"] not in same:
                self.practice.offer(row)
        if table == "attempts":
            stager.note_read([row[key] for _line, row in batch])

    def _answers_at_once(self, table: str, batch: list[tuple[int, Any]], same: set[str],
                         stager: Stager) -> bool:
        """Index a batch of answers of valid values at once, as :meth:`_one_by_one` would:
        false, with nothing done, if something is off (another table: one by one). An answer
        read in an earlier batch too is found once the table is read (:meth:`read`)."""
        if table != "attempts":
            return False
        rows = [row for _line, row in batch]
        ids = [row["id"] for row in rows]
        people = {row["person_id"] for row in rows}
        sessions = {(row["session_id"], row["person_id"]) for row in rows
                    if row["session_id"] is not None}
        if (len(set(ids)) != len(ids) or not people <= self.people.keys()
                or not all(self.sessions.get(session) == person for session, person in sessions)):
            return False
        self.owners.update(people)
        practice = []
        for number, (line, row) in enumerate(batch):  # exam answers are few; the first off
            if row["sitting_id"] is not None:          # says so, as alone
                try:
                    self._exam_answer(line, row)
                except BundleError:  # unless an answer before it was read in an earlier batch
                    earlier = stager.read_before(ids[:number])
                    if earlier:
                        raise _twice(table, next(i for i in ids if i in earlier)) from None
                    raise
            elif row["id"] not in same:
                practice.append(row)
        self.practice.offer_all(practice)
        stager.note_read(ids)
        return True

    def trust(self, archive: BundleArchive | RowBatch, db: Database, accepted: tuple[str, ...],
              grader: ExamGrader, regrade: bool = True, *,
              from_trainee: str | None = None) -> tuple[Account, ...]:
        """Refuse what its writer could not have written; the accounts it brings.
        ``from_trainee``: the bundle is that trainee's, whatever its manifest says (and
        allows no retakes). Practice answers are graded again unless the bundle is an
        instructor's: said so by its manifest *and* carrying instructors, each accepted by
        name (a manifest alone is anyone's word)."""
        carried = instructor_data(self.people, self.secrets, self.exams, self.grants)
        if from_trainee is not None:
            check_from_trainee(db, from_trainee, self.people, self.owners, carried)
        check_scope(archive.scope, self.people, self.owners, carried)
        check_instructor_data(archive.with_instructors, accepted, self.people, self.secrets,
                              self.exams, carried)
        check_grants(self.people, self.grants)
        check_roles(db, self.people)
        ExamCheck(db, grader, self.people, self.exams, self.grants, regrade=regrade,
                  sittings_allowed={} if from_trainee else archive.sittings_allowed).check(
            self.sittings, self.answers, self.results)
        instructors = archive.with_instructors and any(
            row["role"] == Role.INSTRUCTOR.value for row in self.people.values())
        if regrade and not instructors:
            PracticeCheck(grader, self.people).check(self.practice.rows)
        return accounts_brought(db, self.people, self.secrets)

    def _refer(self, found: bool, what: str, key: str) -> None:
        if not found:
            raise refused(N_("This bundle refers to the {kind} {id}, which it does not "
                             "contain. Nothing was imported."), kind=_kind(what), id=key)

    def _people(self, line: int, row: dict[str, Any]) -> None:
        self.people[row["id"]] = row

    def _credentials(self, line: int, row: dict[str, Any]) -> None:
        self._refer(row["person_id"] in self.people, "people", row["person_id"])
        self.secrets["credentials"][row["person_id"]] = row

    def _pins(self, line: int, row: dict[str, Any]) -> None:
        self._refer(row["person_id"] in self.people, "people", row["person_id"])
        self.secrets["pins"][row["person_id"]] = row

    def _extra_time(self, line: int, row: dict[str, Any]) -> None:
        self._refer(row["person_id"] in self.people, "people", row["person_id"])
        self._refer(row["set_by"] in self.people, "people", row["set_by"])
        self.grants[row["id"]] = row

    def _sessions(self, line: int, row: dict[str, Any]) -> None:
        self._refer(row["person_id"] in self.people, "people", row["person_id"])

    def _exams(self, line: int, row: dict[str, Any]) -> None:
        self.exams[row["id"]] = row

    def _sittings(self, line: int, row: dict[str, Any]) -> None:
        self._refer(row["person_id"] in self.people, "people", row["person_id"])
        if row["deadline_at"] < row["started_at"]:
            raise bad_value("sittings", line, "deadline_at")
        self.sittings[row["id"]] = row

    def _attempts(self, line: int, row: dict[str, Any]) -> None:
        person = row["person_id"]
        self._refer(person in self.people, "people", person)
        if row["session_id"] is not None:
            self._refer(row["session_id"] in self.sessions, "sessions",
                        row["session_id"])
            if self.sessions[row["session_id"]] != person:
                raise bad_value("attempts", line, "session_id")
        if row["sitting_id"] is not None:
            self._exam_answer(line, row)

    def _exam_answer(self, line: int, row: dict[str, Any]) -> None:
        sitting = row["sitting_id"]
        self._refer(sitting in self.sittings, "sittings", sitting)
        if self.sittings[sitting]["person_id"] != row["person_id"]:
            raise bad_value("attempts", line, "sitting_id")
        key = f"{sitting}/{row['item_index']}"
        if key in self.answered:
            raise bad_value("attempts", line, "item_index")
        self.answered.add(key)
        self.answers.setdefault(sitting, []).append(row)

    def _results(self, line: int, row: dict[str, Any]) -> None:
        sitting = row["sitting_id"]
        self._refer(sitting in self.sittings, "sittings", sitting)
        found = self.sittings[sitting]
        for column in ("person_id", "exam_id", "submitted_at"):  # the one that differs
            if row[column] != found[column]:
                raise bad_value("results", line, column)
        self.results[sitting] = row
