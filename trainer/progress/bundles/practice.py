"""Practice answers from a trainee's desktop, graded again before they are believed.

A trainee's bundle, or a batch a desktop left in the school server's inbox, could have been
written by anyone with a text editor: 200 "right" answers with no answer given, answers to
a skill the trainer does not teach. So, as exam answers are (:class:`~trainer.progress
.bundles.trust.ExamCheck`), practice answers are graded again by the rules core from what
the row itself says was asked — the skill, the seed, the difficulty and the house rules in
the stored question — and the answer given; a grade the rules core does not give refuses
the whole bundle. A step of a table round is graded again by the round engine, from the
round its stored question names (:mod:`trainer.rounds.recorded`). Instructors' bundles
(exported with the instructors, who were accepted by name) and the server's shared tables,
which only instructors write, are not graded again.

Every new practice answer of a bundle is graded again while there are at most
:data:`SAMPLED`; beyond, a uniform random sample of :data:`SAMPLED` of them
(:class:`PracticeSample`), drawn as the rows are read by a generator seeded from the
system's randomness when the import starts, so that whoever wrote the bundle cannot know
which answers will be looked at. Answers already on this desktop are not drawn: padding a
bundle with them hides nothing.
"""

from __future__ import annotations

import json
import math
import random
import secrets
from typing import Any

from i18n import N_
from trainer.progress.bundles.format import refused
from trainer.progress.bundles.trust import substance
from trainer.progress.exams.grading import ExamGrader
from trainer.progress.house_rules import check_values
from trainer.rounds.recorded import is_round_step, regraded_step
from trainer.rules.house import READINGS, HouseRules

#: How many new practice answers of a bundle are graded again at most: all of them up to
#: this many, else this many drawn at random (each about a millisecond).
SAMPLED = 2_000
#: What a stored question holds beyond its skill, seed and difficulty when it is the whole
#: question (the app's); the demo classroom keeps only those three, and the question is
#: made again from them, under the house rules' defaults.
WHOLE = frozenset({"situation", "prompt", "form"})


class PracticeSample:
    """A uniform random sample of :attr:`size` of the answers :meth:`offer`\\ ed, or all of
    them if fewer: Li's "Algorithm L", which draws how many answers to pass over before the
    next one it takes, so that a sample of 2,000 from 100,000 answers draws about 10,000
    random numbers rather than one per answer. ``randomness`` is a generator seeded with 256
    bits of the system's randomness when the import starts (as unknowable to whoever wrote
    the bundle, and ten times faster to draw from than the system's each time), unless a test
    gives its own."""

    def __init__(self, size: int = SAMPLED, randomness: random.Random | None = None):
        self.size = size
        self.random = randomness or random.Random(secrets.randbits(256))
        self.rows: list[dict[str, Any]] = []
        self.offered = 0
        self._log_w = 0.0  # log of Algorithm L's W
        self._next = 0  # the (0-based) number of the next answer taken once it is full

    def offer(self, row: dict[str, Any]) -> None:
        number = self.offered
        self.offered += 1
        if number < self.size:
            self.rows.append(row)
            if self.offered == self.size:
                self._log_w = math.log(self._uniform()) / self.size
                self._next = number
                self._skip()
        elif number == self._next:
            self.rows[self.random.randrange(self.size)] = row
            self._log_w += math.log(self._uniform()) / self.size
            self._skip()

    def offer_all(self, rows: list[dict[str, Any]]) -> None:
        """:meth:`offer` each of ``rows`` in turn, the same draws, but once the sample is full
        without a step per answer passed over (an instructor's 100,000 answers are offered
        too, before anything says whose the bundle is)."""
        count = 0
        while self.offered < self.size and count < len(rows):
            self.offer(rows[count])
            count += 1
        first, end = self.offered - count, self.offered - count + len(rows)
        while self._next < end and self.offered >= self.size:
            self.offered = self._next
            self.offer(rows[self._next - first])
        self.offered = end

    def _skip(self) -> None:
        """Pass over as many answers as Algorithm L draws, to the next one taken."""
        self._next += int(math.log(self._uniform()) / math.log(-math.expm1(self._log_w))) + 1

    def _uniform(self) -> float:
        """A number strictly between 0 and 1."""
        while not 0.0 < (value := self.random.random()) < 1.0:
            pass
        return value


class PracticeCheck:
    """Each practice answer graded again from its own row (see the module's docstring)."""

    def __init__(self, grader: ExamGrader, people: dict[str, dict[str, Any]]):
        self.grader, self.people = grader, people

    def check(self, rows: list[dict[str, Any]]) -> None:
        for row in rows:
            self._answer(row)

    def _answer(self, row: dict[str, Any]) -> None:
        skill, name = row["skill"], self.people[row["person_id"]]["name"]
        if not self.grader.knows(skill):
            raise refused(N_("This bundle holds an answer by {name} to the skill {skill}, "
                             "which this trainer does not teach. Nothing was imported."),
                          name=name, skill=skill)
        given = json.loads(row["answer_json"])
        if given is None:  # the time ran out: nothing given, nothing right
            if row["correct"] or row["score"]:
                raise refused(N_("This bundle's answer by {name} to {skill} of {at} claims a "
                                 "grade, but no answer was given. Nothing was imported."),
                              name=name, skill=skill, at=row["answered_at"])
            return
        question = json.loads(row["question_json"])
        if not self._graded_so(row, question, given):
            if (row["readings"] or 1) < READINGS:
                raise refused(N_("This bundle's answer by {name} to {skill} of {at} was "
                                 "graded under an older reading of the rules, which grades it "
                                 "otherwise today. Nothing was imported."),
                              name=name, skill=skill, at=row["answered_at"])
            raise refused(N_("This bundle's answer by {name} to {skill} of {at} is not what "
                             "the rules core grades. Nothing was imported."),
                          name=name, skill=skill, at=row["answered_at"])

    def _graded_so(self, row: dict[str, Any], question: Any, given: Any) -> bool:
        """Whether the rules core gives the row's grade to the answer given, to the question
        asked under the house rules the stored question names (the defaults if it names
        none), and whether a whole stored question is the one the seed gives."""
        try:
            rules = HouseRules.from_json(question.get("rules", {}))
            check_values(rules, HouseRules())
        except (ValueError, TypeError, KeyError, ArithmeticError, AttributeError):
            return False
        if is_round_step(question):  # a step of a table round: the round engine grades it
            regraded = regraded_step(question, given)
            return (regraded is not None and regraded[0] == question
                    and regraded[0]["skill"] == row["skill"]
                    and bool(regraded[1]) == bool(row["correct"])
                    and math.isclose(regraded[2], row["score"], abs_tol=1e-9))
        regraded = self.grader.regrade(row["skill"], row["seed"], row["difficulty"], rules,
                                       given, bool(row["correct"]))
        if regraded is None:
            return False
        if WHOLE & question.keys() and substance(json.loads(json.dumps(regraded[0]))
                                                 ) != substance(question):
            return False
        return (bool(regraded[1]) == bool(row["correct"])
                and math.isclose(regraded[2], row["score"], abs_tol=1e-9))
