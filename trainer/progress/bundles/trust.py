"""Whether to believe a bundle: checked against who could have written it.

A bundle's checksums prove that the file is whole, not who wrote it: anyone with a text
editor can change a row and recompute them. So, before anything is written:

- **Scope.** A bundle that says it holds one trainee's progress holds only that
  trainee's rows: their person, sessions, answers, sittings and results.
- **Instructor data** — instructor accounts, passwords, PINs, exam definitions — arrive
  only in a bundle an instructor exported with the instructors, and only when the
  importing instructor accepts each instructor account in it by name.
- **Roles.** No bundle changes the role of a person this desktop knows.
- **Exams.** Every exam answer is graded again by the rules core, against the exam as
  this desktop's instructor data defines it (its seeds and house rules), and every
  result is computed again from its answers; more sittings of an exam than its terms
  allow are refused.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import Any

from sqlite_utils import Database

from i18n import N_, Message, listing
from trainer.progress.bundles.format import refused
from trainer.progress.exams.dates import is_open
from trainer.progress.exams.grading import ExamGrader
from trainer.progress.exams.sittings import (
    GRACE,
    Exam,
    Sitting,
    exam_from_row,
    result_from_answers,
    result_row,
    sitting_items,
)
from trainer.progress.exams.terms import terms_of
from trainer.progress.learning.targets import extended
from trainer.progress.people.extra_time import most_extra_time
from trainer.progress.storage.store import Role, plain_name
from trainer.progress.storage.values import utc
from trainer.rules.house import READINGS


class AccountChange(StrEnum):
    NEW = "new"
    PASSWORD = "password"
    UNCHANGED = "unchanged"
    PIN = "pin"

    @property
    def label(self) -> Message:
        return Message.of({
            AccountChange.NEW: N_("a new instructor account"),
            AccountChange.PASSWORD: N_("replaces the password on this desktop"),
            AccountChange.UNCHANGED: N_("already on this desktop, unchanged"),
            AccountChange.PIN: N_("a trainee's new or replaced PIN"),
        }[self])


@dataclass(frozen=True)
class Account:
    """An instructor account (or a trainee's PIN) a bundle brings, and what it changes."""

    person_id: str
    name: str
    change: AccountChange

    @property
    def message(self) -> Message:
        return Message.of(N_("{name} ({change})"), name=self.name, change=self.change.label)


def accounts_brought(db: Database, people: dict[str, dict[str, Any]],
                     secrets: dict[str, dict[str, dict[str, Any]]]) -> tuple[Account, ...]:
    """Every instructor account in the bundle and every PIN it would set, with what each
    changes here. ``secrets`` holds the bundle's ``credentials`` and ``pins`` rows by person."""
    found = []
    for person_id, row in people.items():
        if row["role"] != Role.INSTRUCTOR.value:
            continue
        here = db.execute("SELECT 1 FROM people WHERE id = ?", [person_id]).fetchone()
        if here is None:
            change = AccountChange.NEW
        elif _replaces(db, "credentials", secrets["credentials"].get(person_id)):
            change = AccountChange.PASSWORD
        else:
            change = AccountChange.UNCHANGED
        found.append(Account(person_id, row["name"], change))
    for person_id, pin in secrets["pins"].items():
        if _replaces(db, "pins", pin):
            found.append(Account(person_id, people[person_id]["name"], AccountChange.PIN))
    return tuple(found)


def _replaces(db: Database, table: str, row: dict[str, Any] | None) -> bool:
    """Whether the bundle's secret ``row`` would be taken: new here, or newer and other."""
    if row is None:
        return False
    here = db.execute(f"SELECT hash, set_at FROM {table} WHERE person_id = ?",
                      [row["person_id"]]).fetchone()
    return here is None or (row["set_at"] > here[1] and row["hash"] != here[0])


def check_scope(scope: str | None, people: dict[str, dict[str, Any]], owners: set[str],
                instructor_data: list[Message]) -> None:
    """A trainee's bundle holds that trainee's own rows and nothing else."""
    if scope is None:
        return
    what: list[Message] = []
    if set(people) - {scope} or owners - {scope}:
        what.append(Message.of(N_("other people's progress")))
    if any(row["role"] != Role.TRAINEE.value for row in people.values()):
        what.append(Message.of(N_("an instructor")))
    what += instructor_data
    if what:
        raise refused(N_("This bundle says it holds one trainee's progress, but it also "
                         "holds {what}. Nothing was imported."), what=listing(what))


def check_instructor_data(with_instructors: bool, accepted: Iterable[str],
                          people: dict[str, dict[str, Any]],
                          secrets: dict[str, dict[str, dict[str, Any]]],
                          exams: dict[str, dict[str, Any]], what: list[Message]) -> None:
    """Instructor data only when exported with the instructors and accepted by name."""
    instructors = {key: row for key, row in people.items()
                   if row["role"] == Role.INSTRUCTOR.value}
    for person_id in secrets["credentials"]:
        if person_id not in instructors:
            raise refused(N_("This bundle carries a password for {name}, who is not an "
                             "instructor. Nothing was imported."),
                          name=people[person_id]["name"])
    for person_id in secrets["pins"]:
        if people[person_id]["role"] != Role.TRAINEE.value:
            raise refused(N_("This bundle carries a PIN for {name}, who is not a trainee. "
                             "Nothing was imported."), name=people[person_id]["name"])
    if not what:
        return
    if not with_instructors:
        raise refused(N_("This bundle tries to bring in {what}, which only an instructor's "
                         "export with the instructors carries. Nothing was imported."),
                      what=listing(what))
    for row in exams.values():
        if row["created_by"] not in instructors:
            raise refused(N_("This bundle's exam “{title}” was not set by an instructor it "
                             "carries. Nothing was imported."), title=row["title"])
    if not instructors:
        raise refused(N_("This bundle brings {what} without the instructor who exported "
                         "them. Nothing was imported."), what=listing(what))
    welcome = {plain_name(name) for name in accepted}
    strangers = [row["name"] for row in instructors.values()
                 if plain_name(row["name"]) not in welcome]
    if strangers:
        raise refused(N_("This bundle brings in the instructor accounts {names}; import it "
                         "only if you accept each of them by name. Nothing was imported."),
                      names=", ".join(strangers))


def check_grants(people: dict[str, dict[str, Any]], grants: dict[str, dict[str, Any]]) -> None:
    """Extra time is granted to a trainee, by an instructor the bundle carries."""
    for grant in grants.values():
        if (people[grant["person_id"]]["role"] != Role.TRAINEE.value
                or people[grant["set_by"]]["role"] != Role.INSTRUCTOR.value):
            raise refused(N_("This bundle grants extra time to {name}, but only an "
                             "instructor grants it, and only to a trainee. Nothing was "
                             "imported."), name=people[grant["person_id"]]["name"])


def instructor_data(people: dict[str, dict[str, Any]],
                    secrets: dict[str, dict[str, dict[str, Any]]],
                    exams: dict[str, dict[str, Any]],
                    grants: dict[str, dict[str, Any]] | None = None) -> list[Message]:
    """What instructor data the bundle carries, in words (empty if none)."""
    what = []
    names = [row["name"] for row in people.values() if row["role"] == Role.INSTRUCTOR.value]
    if names:
        what.append(Message.of(N_("the instructor accounts {names}"), names=", ".join(names)))
    if secrets["credentials"]:
        what.append(Message.of(N_("passwords")))
    if secrets["pins"]:
        what.append(Message.of(N_("PINs")))
    if exams:
        what.append(Message.of(N_("exam definitions")))
    if grants:
        what.append(Message.of(N_("extra time grants")))
    return what


def check_roles(db: Database, people: dict[str, dict[str, Any]]) -> None:
    """No bundle makes a trainee of this desktop an instructor, or the reverse, and no new
    instructor account takes the name of someone here (accepting "Maria Lei" by name
    must not let in another account called so)."""
    names = {plain_name(name): name for (name,) in db.execute("SELECT name FROM people")}
    for person_id, row in people.items():
        here = db.execute("SELECT name, role FROM people WHERE id = ?", [person_id]).fetchone()
        if here is not None and here[1] != row["role"]:
            raise refused(N_("This bundle would change the role of {name} on this desktop. "
                             "Nothing was imported."), name=here[0])
        if (here is None and row["role"] == Role.INSTRUCTOR.value
                and plain_name(row["name"]) in names):
            raise refused(N_("This bundle brings a new instructor account called {name}, "
                             "like someone on this desktop but not the same account. Nothing "
                             "was imported."), name=row["name"])


class ExamCheck:
    """Every new exam answer graded again and every new result computed again."""

    def __init__(self, db: Database, grader: ExamGrader, people: dict[str, dict[str, Any]],
                 bundle_exams: dict[str, dict[str, Any]],
                 grants: dict[str, dict[str, Any]] | None = None, *, regrade: bool = True,
                 sittings_allowed: dict[str, int] | None = None):
        self.db, self.grader, self.people = db, grader, people
        #: The sittings the bundle's instructors allow of exams this desk has no terms for.
        self.sittings_allowed = sittings_allowed or {}
        #: Whether answers are graded again (rows only an instructor could have written,
        #: from the school server's shared tables, were graded by the desk that merged them).
        self.regrade = regrade
        self.bundle_exams = bundle_exams
        self.grants = list((grants or {}).values())
        self.exams: dict[str, Exam] = {}

    def exam(self, exam_id: str) -> Exam | None:
        """The exam as this desktop defines it, else as accepted instructor data brings it."""
        if exam_id not in self.exams:
            row = self.db.execute("SELECT * FROM exams WHERE id = ?", [exam_id]).fetchone()
            if row is not None:
                names = [c[0] for c in self.db.execute("SELECT * FROM exams LIMIT 0").description]
                self.exams[exam_id] = exam_from_row(dict(zip(names, row, strict=True)))
            elif exam_id in self.bundle_exams:
                self.exams[exam_id] = exam_from_row(self.bundle_exams[exam_id])
            else:
                return None
        return self.exams[exam_id]

    def check(self, sittings: dict[str, dict[str, Any]],
              answers: dict[str, list[dict[str, Any]]],
              results: dict[str, dict[str, Any]]) -> None:
        seen: dict[tuple[str, str], set[str]] = {}
        for sitting_id, row in sittings.items():
            exam = self.exam(row["exam_id"])
            if exam is None:
                raise refused(N_("This bundle holds a sitting of an exam this desktop does not "
                                 "know. Import the exam first, from an instructor's bundle "
                                 "with the instructors. Nothing was imported."))
            pair = (row["person_id"], row["exam_id"])
            seen.setdefault(pair, self._sittings_here(*pair)).add(sitting_id)
            allowed = self._sittings_allowed(exam.id)
            if len(seen[pair]) > allowed:
                raise refused(N_("This bundle holds more sittings of the exam “{title}” by "
                                 "{name} than the exam allows ({count}). Nothing was imported."),
                              title=exam.title, name=self._name(row["person_id"]),
                              count=allowed)
            sitting = self._sitting(sitting_id, row, exam)
            graded = self._answers(exam, sitting, answers.get(sitting_id, []))
            if sitting_id in results:
                self._result(exam, sitting, graded, results[sitting_id])

    def _name(self, person_id: str) -> str:
        name: str = self.people[person_id]["name"]  # checked a name when the bundle was read
        return name

    def _sittings_allowed(self, exam_id: str) -> int:
        """This desk's terms say how many sittings an exam it has allows; for an exam the
        bundle brings (instructor data, accepted by name), the bundle does."""
        if exam_id not in self.bundle_exams or self.db.execute(
                "SELECT 1 FROM exams WHERE id = ?", [exam_id]).fetchone():
            return terms_of(self.db, exam_id).sittings_allowed
        return self.sittings_allowed.get(exam_id, 1)

    def _sittings_here(self, person_id: str, exam_id: str) -> set[str]:
        return {row[0] for row in self.db.execute(
            "SELECT id FROM exam_sittings WHERE person_id = ? AND exam_id = ?",
            [person_id, exam_id])}

    def _sitting(self, sitting_id: str, row: dict[str, Any], exam: Exam) -> Sitting:
        """The sitting as sat: its time, house rules and readings must be the exam's."""
        sitting = Sitting(**row)
        lasts = utc(row["deadline_at"]) - utc(row["started_at"])
        most = most_extra_time(self.db, row["person_id"], self.grants)
        if (lasts % timedelta(seconds=1) or not timedelta(seconds=exam.time_limit_s) <= lasts
                <= timedelta(seconds=extended(exam.time_limit_s, most))):
            raise refused(N_("This bundle's sitting of the exam “{title}” by {name} does not "
                             "last the exam's time (with any extra time an instructor granted). "
                             "Nothing was imported."),
                          title=exam.title, name=self._name(row["person_id"]))
        closes = terms_of(self.db, exam.id).closes_at(exam.closes_at)
        if not is_open(exam.opens_at, closes, utc(row["started_at"])) and not self._here(
                sitting_id):
            raise refused(N_("This bundle's sitting of the exam “{title}” by {name} started "
                             "when the exam was not open. Nothing was imported."),
                          title=exam.title, name=self._name(row["person_id"]))
        if json.loads(row["house_rules"]) != json.loads(exam.house_rules):
            raise refused(N_("This bundle's sitting of the exam “{title}” by {name} is not "
                             "under the exam's house rules. Nothing was imported."),
                          title=exam.title, name=self._name(row["person_id"]))
        if row["readings"] > READINGS:
            raise refused(N_("This bundle was graded by a newer version of the trainer. "
                             "Update the trainer on this desktop first."))
        if row["readings"] < READINGS and not self._here(sitting_id):
            raise refused(N_("This bundle's sitting of the exam “{title}” by {name} was graded "
                             "under an older reading of the rules, which this version cannot "
                             "check. Nothing was imported."),
                          title=exam.title, name=self._name(row["person_id"]))
        return sitting

    def _here(self, sitting_id: str) -> bool:
        return self.db.execute("SELECT 1 FROM exam_sittings WHERE id = ?",
                               [sitting_id]).fetchone() is not None

    def _answers(self, exam: Exam, sitting: Sitting,
                 rows: list[dict[str, Any]]) -> dict[str, tuple[int, float]]:
        """(correct, score) of every answer of the sitting, here or in the bundle; the
        bundle's new ones graded again."""
        graded = {key: (correct, score) for key, correct, score in self.db.execute(
            "SELECT id, correct, score FROM attempts WHERE sitting_id = ?", [sitting.id])}
        items = sitting_items(exam, sitting)
        latest = utc(sitting.deadline_at) + GRACE
        if sitting.submitted_at:
            latest = min(latest, utc(sitting.submitted_at))
        for row in rows:
            if row["id"] in graded:
                continue  # already here: the merge compares it
            if row["item_index"] >= len(items) or (
                    items[row["item_index"]].skill, items[row["item_index"]].seed,
                    items[row["item_index"]].difficulty) != (row["skill"], row["seed"],
                                                             row["difficulty"]):
                raise refused(N_("This bundle's answers to the exam “{title}” by {name} are "
                                 "not to the exam's questions. Nothing was imported."),
                              title=exam.title, name=self._name(sitting.person_id))
            item = items[row["item_index"]]
            if not utc(sitting.started_at) <= utc(row["answered_at"]) <= latest:
                raise refused(N_("This bundle's answer to question {number} of the exam "
                                 "“{title}” by {name} was given outside the sitting's time. "
                                 "Nothing was imported."), number=item.index + 1,
                              title=exam.title, name=self._name(sitting.person_id))
            regraded = self.grader.regrade(item.skill, item.seed, item.difficulty, exam.rules,
                                           json.loads(row["answer_json"]), bool(row["correct"])
                                           ) if self.regrade else None
            if self.regrade and (regraded is None or substance(json.loads(json.dumps(regraded[0])))
                    != substance(json.loads(row["question_json"]))
                    or bool(regraded[1]) != bool(row["correct"])
                    or not math.isclose(regraded[2], row["score"], abs_tol=1e-9)):
                raise refused(N_("The answer to question {number} of the exam “{title}” by "
                                 "{name} is not what the rules core grades. Nothing was "
                                 "imported."), number=item.index + 1, title=exam.title,
                              name=self._name(sitting.person_id))
            graded[row["id"]] = (row["correct"], row["score"])
        return graded

    def _result(self, exam: Exam, sitting: Sitting, graded: dict[str, tuple[int, float]],
                row: dict[str, Any]) -> None:
        if self.db.execute("SELECT 1 FROM exam_results WHERE sitting_id = ?",
                           [sitting.id]).fetchone():
            return  # already here: the merge compares it
        computed = result_row(result_from_answers(exam, sitting, row["submitted_at"],
                                                  list(graded.values())))
        if computed != row:
            raise refused(N_("The result of the exam “{title}” by {name} in this bundle "
                             "({given} %) is not what its answers give ({computed} %). "
                             "Nothing was imported."), title=exam.title,
                          name=self._name(sitting.person_id), given=row["score_percent"],
                          computed=computed["score_percent"])


def substance(question: Any) -> Any:
    """What makes a stored question the one asked: its seed, rules, the table and the
    values it could be answered with — not the words it was said in, which a later
    version may put better without changing the question."""
    if type(question) is dict and type(question.get("round")) is dict and "form" not in question:
        # a whole table round asked as an exam item: the round its seed deals
        return {key: question.get(key) for key in ("skill", "seed", "difficulty", "rules",
                                                   "round")}
    if type(question) is not dict or type(question.get("form")) is not dict:
        return None
    form = question["form"]
    options = form.get("options") if type(form.get("options")) is list else []
    return ({key: question.get(key) for key in ("skill", "seed", "difficulty", "rules",
                                                "situation")},
            form.get("kind"), [o.get("value") if type(o) is dict else o for o in options])
