"""A skill: one kind of question, its generator and its grader, both backed by the rules core."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Generic, TypeVar, cast

from i18n import N_, Message
from questions.answers import choices_score, ordering_score, ruling_score
from questions.model import AnswerForm, AnswerKind, Question, Verdict
from questions.situation import Situation
from trainer.levels import DIFFICULTIES
from trainer.rules.house import HouseRules
from trainer.rules.mistakes import MistakeKind, recognise
from trainer.rules.regulations import Reason

__all__ = ["DIFFICULTIES", "Skill", "Solution"]

#: A skill's situation: its :class:`~questions.situation.Situation` type.
S = TypeVar("S", bound=Situation)


@dataclass(frozen=True)
class Solution:
    """The rules core's answer to a question, how to say it, and why."""

    answer: Any
    answer_text: Message
    reasons: tuple[Reason, ...]


class Skill(ABC, Generic[S]):
    """Subclasses set ``id`` and ``title`` and implement deal, prompt, form, read and solve."""

    id: str
    title: Message
    #: The seconds the rules give to answer at the table, when they give some (a place sets
    #: its cards within five minutes of the banker's showing, Art. 2 d): a drill counts
    #: them down, and an answer after them loses. None: no time set by the rules.
    time_limit_s: int | None = None
    #: The type of this skill's situation (:mod:`questions.situation`): what it deals and
    #: how a stored one is read.
    situation_type: type[Situation]
    #: The kinds of mistake the rules core knows for this skill (:meth:`mistaken_answers`
    #: gives their answers); none: its wrong answers are not classified.
    mistake_kinds: tuple[MistakeKind, ...] = ()

    def generate(self, seed: int, difficulty: int, rules: HouseRules) -> Question:
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"difficulty must be one of {DIFFICULTIES}, not {difficulty}")
        # A string seed is hashed with SHA-512: the same question on every machine.
        rng = random.Random(f"{self.id}/{seed}/{difficulty}")
        return self.ask(situation=self.deal(rng, difficulty, rules), seed=seed,
                        difficulty=difficulty, rules=rules)

    def ask(self, situation: S, seed: int, difficulty: int,
            rules: HouseRules) -> Question:
        """The question about ``situation``, in words: the prompt, how to answer and the
        house's figures (and the brief beside the drawing), with its answer form."""
        how = self.how_to_answer(situation, difficulty)

        def whole(text: Message, terms: Message | None) -> Message:
            if how is not None:
                text = Message.of(N_("{text} {more}"), text=text, more=how)
            if terms is not None:  # every figure the answer needs is with the question
                text = Message.of(N_("{prompt} {terms}"), prompt=text, terms=terms)
            return text
        prompt = whole(self.prompt(situation, difficulty), self.terms(situation, rules))
        brief = self.brief(situation, difficulty)
        if brief is not None:
            brief = whole(brief, self.terms_beside_drawing(situation, rules))
        return Question(self.id, seed, difficulty, situation, prompt, self.form(situation),
                        rules, brief)

    def dealt(self, question: Question) -> S:
        """``question``'s situation as this skill's type (:attr:`situation_type`)."""
        situation = question.situation
        if not isinstance(situation, self.situation_type):
            raise TypeError(f"{self.id}: a {type(situation).__name__} is not a "
                            f"{self.situation_type.__name__}")
        return cast(S, situation)

    @abstractmethod
    def deal(self, rng: random.Random, difficulty: int, rules: HouseRules) -> S:
        """The situation at the table: JSON-ready values only."""

    def deal_amount(self, rng: random.Random, difficulty: int,
                    rules: HouseRules) -> S:
        """A situation whose answer is an amount of money, for the skill's chip form
        (:mod:`questions.chips`); a skill that asks for an amount only in some situations
        deals one of those."""
        return self.deal(rng, difficulty, rules)

    @abstractmethod
    def prompt(self, situation: S, difficulty: int) -> Message:
        """The question in words: the situation and what is asked (without how to type the
        answer, :meth:`how_to_answer`, or the house's figures, :meth:`terms`)."""

    def brief(self, situation: S, difficulty: int) -> Message | None:
        """What is asked, said beside the table drawn, when the prompt repeats in words what
        the drawing shows (the whole deal of a misdeal, every place's tiles and bets); the
        prompt stays the question's full text (screen readers, text exports). ``None``:
        the prompt is shown."""
        return None

    def terms_beside_drawing(self, situation: S,
                             rules: HouseRules) -> Message | None:
        """The house's figures said with the brief: those the drawing does not show."""
        return self.terms(situation, rules)

    def how_to_answer(self, situation: S, difficulty: int) -> Message | None:
        """How to give the answer in this skill's form (a typed amount's sign), after the
        prompt: a chip form of the skill says its own instead."""
        return None

    def terms(self, situation: S, rules: HouseRules) -> Message | None:
        """The house's figures the answer depends on (amounts, rates that are settings),
        said with the question; ``None`` when the question needs none."""
        return None

    @abstractmethod
    def form(self, situation: S) -> AnswerForm: ...

    @abstractmethod
    def read(self, question: Question, answer: Any) -> Any:
        """The answer in canonical form, or raise ``UnreadableAnswer`` saying how to fix it."""

    @abstractmethod
    def solve(self, question: Question) -> Solution: ...

    def gross_and_commission(self, question: Question) -> tuple[Decimal, Decimal] | None:
        """For a skill whose answer is a win net of commission: the rules core's gross win
        and the commission on it, when this question's answer is such a win with a
        commission to take (so the net is gross − commission); ``None`` otherwise (a loss, a
        push, a commission of 0, or a skill that pays no commission). The chip form pays
        the gross and takes the commission back when the house says so
        (``ChipRules.commission``, :mod:`questions.chips`)."""
        return None

    def score(self, question: Question, given: Any, solution: Solution) -> float:
        """How much of ``given`` is right, in [0, 1]; partial credit where it makes sense.

        By default by the answer form: an ordering earns the share of pairs in the right
        order, a set of options its overlap with the right set, a ruling half for the
        ruling and half for its reasons, anything else all or nothing.
        """
        kind = question.form.kind
        if kind is AnswerKind.ORDERING:
            return ordering_score(tuple(given), tuple(solution.answer))
        if kind is AnswerKind.CHOICES:
            return choices_score(frozenset(given), frozenset(solution.answer))
        if kind is AnswerKind.RULING:
            return ruling_score(given, solution.answer)
        return 1.0 if given == solution.answer else 0.0

    def mistaken_answers(self, question: Question) -> tuple[tuple[MistakeKind, Any], ...]:
        """The answer each usual mistake gives to ``question``, computed by the rules core
        (only the kinds of :attr:`mistake_kinds` that this situation has)."""
        return ()

    def mistakes(self, question: Question, given: Any,
                 solution: Solution) -> tuple[MistakeKind, ...]:
        """The kinds of mistake ``given`` (read) is: none when right or when the skill knows
        no mistakes; "other" when it is none of the usual ones."""
        if not self.mistake_kinds or given == solution.answer:
            return ()
        return recognise(given, solution.answer, self.mistaken_answers(question))

    def grade(self, question: Question, answer: Any) -> Verdict:
        given = self.read(question, answer)
        solution = self.solve(question)
        score = self.score(question, given, solution)
        mistakes = () if score >= 1.0 else self.mistakes(question, given, solution)
        return Verdict(score >= 1.0, score, solution.answer, solution.answer_text,
                       solution.reasons, mistakes=mistakes)
