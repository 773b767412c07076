"""Import a bundle: check all of it first, then merge it in one all-or-nothing transaction.

Rows are identified by their UUIDs, so importing the same bundle twice changes nothing
and bundles from many desktops merge without clashes. A row already here with different
content, a reference to something the bundle lacks, a bad value, a wrong checksum, an
oversized file, or anything its writer could not have written
(:mod:`trainer.progress.bundles.trust`) refuses the whole bundle with a message, and the
database is untouched.
"""

from __future__ import annotations

import logging
import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message, listing
from trainer.progress.bundles.archive import BundleArchive
from trainer.progress.bundles.format import TABLES, TRAINEE_BUNDLE, BundleError, BundleLimits
from trainer.progress.bundles.index import BundleIndex
from trainer.progress.bundles.merge import (
    StagedMerge,
    Stager,
    collector_paused,
    integrity_refusal,
    staging,
)
from trainer.progress.bundles.practice import PracticeSample
from trainer.progress.bundles.rows import RowBatch
from trainer.progress.bundles.source import INSTRUCTOR_DESK, BundleSource
from trainer.progress.bundles.trust import Account, accounts_brought, check_roles
from trainer.progress.exams.confirmations import note_unconfirmed
from trainer.progress.exams.grading import ExamGrader, installed_grader
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.progress_steps import Progress, Stages
from trainer.progress.records import read_record, write_record
from trainer.progress.storage.database import connection, reading, writing
from trainer.progress.storage.store import Store

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ImportSummary:
    added: tuple[tuple[str, int], ...]
    already_here: int
    #: Rows of people deleted on this desktop, which a bundle does not bring back.
    skipped_deleted: int
    #: Every instructor account the bundle brought (new, changed or not) and every PIN set.
    accounts: tuple[Account, ...]
    #: Exam sittings from a trainee's bundle, which count once an instructor confirms them.
    unconfirmed: int

    def count(self, table: str) -> int:
        return dict(self.added)[table]

    @property
    def message(self) -> Message:
        rows = Message.of(N_(
            "Imported {people} people and {answers} answers ({rows} new rows in all); "
            "{unchanged} rows were already on this desktop."),
            people=self.count("people"), answers=self.count("attempts"),
            rows=sum(n for _table, n in self.added), unchanged=self.already_here)
        if self.accounts:
            rows = Message.of(N_("{rows} Accounts: {accounts}."), rows=rows, accounts=listing(
                [account.message for account in self.accounts]))
        if self.skipped_deleted:
            rows = Message.of(N_("{rows} {deleted}"), rows=rows, deleted=Message.counted(
                "{count} row of people deleted on this desktop was left out: a deletion is "
                "final.", "{count} rows of people deleted on this desktop were left out: a "
                "deletion is final.", self.skipped_deleted))
        if self.unconfirmed:
            rows = Message.of(N_("{rows} {unconfirmed}"), rows=rows, unconfirmed=Message.counted(
                "{count} exam sitting was sat on a trainee desktop, where nothing proves who "
                "sat: it counts once an instructor confirms it on the Exams page.",
                "{count} exam sittings were sat on a trainee desktop, where nothing proves who "
                "sat: they count once an instructor confirms them on the Exams page.",
                self.unconfirmed))
        return rows


#: The import's passes over the bundle, each weighted by about how long it takes per row
#: (measured on 100,000 answers: 1.0 s, 0.4 s, 0.55 s): read through once, every value
#: checked and every row staged as it is read; the summaries of the trainees and skills that
#: get new answers folded ahead; then the rows merged in the one short transaction.
IMPORT_PASSES = (("check", 5), ("summaries", 2), ("merge", 3))


def import_bundle(store: Store, actor: Actor, path: Path, limits: BundleLimits | None = None,
                  *, source: BundleSource, accept_instructors: tuple[str, ...] = (),
                  grader: ExamGrader | None = None, progress: Progress | None = None,
                  randomness: random.Random | None = None) -> ImportSummary:
    """Check the whole bundle, then merge it; refuse it whole with a message if anything is off.

    ``source`` is whom the importing instructor says the bundle is from (the file cannot
    say it, :mod:`~trainer.progress.bundles.source`): a trainee's bundle holds that trainee's
    rows only, and its exam sittings count once confirmed — or at once, at a school with a
    server, where each must be one it registered for them; an instructor's desk's is
    vouched for. Instructor accounts it carries are taken only if named in ``accept_instructors``
    (see :mod:`trainer.progress.bundles.trust`); exam answers are graded again by
    ``grader`` (the installed questions package's by default), and so are the practice
    answers of a bundle from a trainee's desktop, or a sample of them drawn with
    ``randomness`` (the system's by default: see :mod:`trainer.progress.bundles.practice`).

    ``progress`` is told the passes of :data:`IMPORT_PASSES` as one piece of work, in
    rows of the bundle times the passes' weights (:func:`import_pass` says which pass a
    figure is in). A cancelled import, like a refused one, leaves the database untouched.
    """
    require_instructor(store, actor)
    try:
        with BundleArchive(Path(path), limits or limits_for(source)) as archive:
            summary = merge_checked(store, archive, accept_instructors=accept_instructors,
                                    grader=grader, progress=progress, sender=source,
                                    imported_by=actor.person.id, randomness=randomness)
    except BundleError as error:
        log.info("bundle %s refused (from %s): %s", Path(path).name, source, error.message)
        raise
    log.info("bundle %s imported (from %s): %s", Path(path).name, source, summary.message)
    return summary


#: The sittings a bundle brings (with any of their answers or results: those refer to a
#: sitting of the bundle) that are not handed in here yet: a trainee's bundle proves nothing
#: of who sat, even of a sitting that reached here open, through the school server.
_NOT_HANDED_IN_HERE = ("SELECT id FROM staging.sittings EXCEPT "
                       "SELECT id FROM main.exam_sittings WHERE submitted_at IS NOT NULL")


def merge_checked(store: Store, source: BundleArchive | RowBatch, *,
                  accept_instructors: tuple[str, ...] = (), grader: ExamGrader | None = None,
                  progress: Progress | None = None, regrade: bool = True,
                  sender: BundleSource = INSTRUCTOR_DESK,
                  imported_by: str | None = None,
                  randomness: random.Random | None = None) -> ImportSummary:
    """The one way rows from outside enter the store, from a bundle file or a school server:
    read and check every row, refuse what its writer could not have written, then merge in
    one short transaction. The caller has decided who may bring ``source``; ``regrade``
    False only for rows that only an instructor could have written (the school server's
    shared tables), whose answers the desk that merged them graded. ``sender``: a trainee's
    bundle holds only that trainee's rows, and the sittings it brings that are not handed in
    here yet are noted as unconfirmed
    (``imported_by`` the instructor importing it), each the one the school server registered
    for that trainee (:meth:`BundleSource.check_registered`). The practice answers graded again are
    drawn with ``randomness`` when there are many (the system's)."""
    rows = max(1, source.row_count)
    stages = Stages(progress, [rows * weight for _name, weight in IMPORT_PASSES])
    grader = grader or installed_grader()
    with staging(connection(store)), collector_paused():
        index = checked_and_staged(connection(store), source, stages.stage(0), randomness)
        with reading(store) as db:  # the slow checks (exam answers graded again) on a snapshot
            accounts = index.trust(source, db, accept_instructors, grader, regrade,
                                   from_trainee=sender.trainee)
            sender.check_registered(db, index.sittings, index.people)
        merge = StagedMerge(connection(store), index.history)
        index.history = None  # the merge's now, which lets it go once folded
        merge.prepare(stages.stage(1))
        try:
            with writing(store) as db:  # one short transaction; answers meanwhile wait
                check_roles(db, index.people)  # what may have changed since the check
                arriving = {exam for exam in source.sittings_allowed if not db.execute(
                    "SELECT 1 FROM exams WHERE id = ?", [exam]).fetchone()}
                new_sittings = [row[0] for row in db.execute(_NOT_HANDED_IN_HERE)]
                merge.run(stages.stage(2))
                unconfirmed = 0
                if sender.trainee is not None:  # those not of a person deleted here
                    assert imported_by is not None
                    unconfirmed = note_unconfirmed(db, [sitting for sitting in new_sittings if (
                        db.execute("SELECT 1 FROM exam_sittings WHERE id = ?",
                                   [sitting]).fetchone())], imported_by)
                else:
                    take_sittings_allowed(db, {exam: sittings for exam, sittings in
                                               source.sittings_allowed.items()
                                               if exam in arriving})
        except sqlite3.IntegrityError as error:
            raise integrity_refusal() from error
    return ImportSummary(tuple((t, merge.added[t]) for t in TABLES),
                         merge.already_here, merge.skipped, accounts, unconfirmed)


def limits_for(source: BundleSource) -> BundleLimits:
    """A trainee's bundle holds one trainee's progress; an instructor's, a school's."""
    return TRAINEE_BUNDLE if source.trainee is not None else BundleLimits()


def take_sittings_allowed(db: Database, allowed: dict[str, int]) -> None:
    """The retakes an instructor's bundle says the exams it brought allow become this desk's
    terms for them, as written by the exam's author when the exam was made (so
    that any later change of theirs wins)."""
    for exam_id, sittings in allowed.items():
        made = db.execute("SELECT created_by, created_at FROM exams WHERE id = ?",
                          [exam_id]).fetchone()
        if made is not None and read_record(db, "exam_terms", exam_id) is None:
            write_record(db, "exam_terms", {
                "exam_id": exam_id, "assignees": "[]", "sittings_allowed": sittings,
                "closed_at": None, "replaced_by": None, "set_by": made[0], "set_at": made[1]})


def checked_and_staged(db: Database, source: BundleArchive | RowBatch,
                       progress: Progress | None = None,
                       randomness: random.Random | None = None) -> BundleIndex:
    """Read ``source`` through once: every row checked, every reference resolved, and every
    row copied into the ``staging`` database attached to ``db`` (:func:`staging`). A refusal
    found on the way is said only once every member has been read to its end and its
    checksum compared, so that damage is reported as damage, not as the value it spoiled."""
    index = BundleIndex(practice=PracticeSample(randomness=randomness))
    try:
        with Stager(db) as stager:
            index.read(source, stager, progress)
    except BundleError:
        source.verify()
        raise
    return index


def import_pass(done: int, total: int) -> tuple[str, int, int]:
    """The pass an import's progress ``(done, total)`` is in: its name, rows done, rows.

    After the ``check`` pass, the rows stand for each pass's share of the work.
    """
    rows = max(1, total // sum(weight for _name, weight in IMPORT_PASSES))
    start = 0
    for name, weight in IMPORT_PASSES[:-1]:
        if done < start + rows * weight:
            return name, (done - start) // weight, rows
        start += rows * weight
    name, weight = IMPORT_PASSES[-1]
    return name, min(rows, (done - start) // weight), rows


def bundle_accounts(store: Store, actor: Actor, path: Path,
                    limits: BundleLimits | None = None) -> tuple[Account, ...]:
    """The instructor accounts (and PINs) a bundle would bring and what each changes
    here, for the importing instructor to accept by name before :func:`import_bundle`."""
    require_instructor(store, actor)
    with BundleArchive(Path(path), limits or BundleLimits()) as archive:
        people = {row["id"]: row for _line, row in archive.rows("people", check=True)}
        secrets = {table: {row["person_id"]: row for _line, row in archive.rows(table, True)}
                   for table in ("credentials", "pins")}
    if any(person not in people for table in secrets.values() for person in table):
        return ()  # the import itself refuses it, and says why
    with reading(store) as db:
        return accounts_brought(db, people, secrets)


def bundle_trainee(store: Store, actor: Actor, path: Path) -> tuple[str, str] | None:
    """The one trainee a bundle holds (their id and name), to offer as whom it is from;
    ``None`` if it holds anyone else too, or nobody (the import itself checks every row).
    Reads its people only, and no further than a second person."""
    require_instructor(store, actor)
    found: list[dict[str, Any]] = []
    with BundleArchive(Path(path), BundleLimits()) as archive:
        for _line, row in archive.rows("people", check=True):
            found.append(row)
            if len(found) > 1:
                return None
    if len(found) != 1 or found[0]["role"] != "trainee":
        return None
    return found[0]["id"], found[0]["name"]
