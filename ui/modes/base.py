"""What every mode of the quiz shares: where the next question comes from, how an answer
is kept, what the header says, and whether the verdict is shown at once.

A :class:`QuizMode` is handed to :class:`ui.quiz_view.QuizView`, which draws the question,
grades the answer with ``question.grade`` and asks the mode to keep it. An answer the
store refuses (busy, disk full) is kept in the mode and saved with the next one.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from babel.numbers import format_decimal
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

import i18n
import questions
from i18n import _
from questions import Question, Verdict
from questions.model import jsonable
from trainer.progress import Person, Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.practice import end_practice, record_answer, start_practice
from trainer.rules.house import HouseRules


def fresh_seed() -> int:
    """A new question's seed (tests stand in for ``secrets`` to get known questions)."""
    return secrets.randbits(31)


def level_name(level: int) -> str:
    return {1: _("1 · Basic"), 2: _("2 · Table"), 3: _("3 · Expert")}[level]


def skill_title(skill_id: str) -> str:
    return str(questions.title(skill_id))


def seconds_text(ms: float, digits: int = 1) -> str:
    """A duration in seconds in the current language's number format."""
    value = Decimal(int(ms)) / 1000
    return format_decimal(value, format=f"0.{'0' * digits}" if digits else "0",
                          locale=i18n.locale_of())


def clock_text(ms: float) -> str:
    """Minutes and seconds left, ``4:05``; never below zero."""
    total = max(0, int(ms + 999) // 1000)
    return f"{total // 60}:{total % 60:02d}"


def polish_property(widget: QWidget, name: str, value: object) -> None:
    """Set a property the style sheet reads, and restyle the widget if it changed."""
    if widget.property(name) != value:
        widget.setProperty(name, value)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


@dataclass(frozen=True)
class AnsweredItem:
    """One answer of a session: which question, whether it was right, how long it took."""

    skill: str
    seed: int
    difficulty: int
    correct: bool
    elapsed_ms: int


class QuizMode(QObject):
    """Practice by default: a question of one of ``skills``, explained after the answer."""

    #: The header or the note changed (a new streak, another reason).
    changed = Signal()
    #: The mode wants another question now (e.g. the level was changed).
    questionWanted = Signal()  # noqa: N815
    #: The time for the current question ran out (the five-minute rule).
    timedOut = Signal()  # noqa: N815
    #: The mode is over (an exam was submitted): its result.
    finished = Signal(object)

    #: The session's mode in the store.
    session_mode = "practice"
    #: Show right or wrong and the explanation after each answer.
    explains = True

    def __init__(self, store: Store, actor: Actor, parent: QObject | None = None):
        super().__init__(parent)
        self.store = store
        self.actor = actor
        self.session: str | None = None
        self.pending: list[Callable[[], object]] = []
        self.problem = ""
        #: Every answer of this session, for its summary (and "retry my mistakes").
        self.answers: list[AnsweredItem] = []

    @property
    def person(self) -> Person:
        return self.actor.person

    # What the quiz view shows ------------------------------------------------------------

    def title(self) -> str:
        return _("Practice")

    def note(self) -> str:
        """A line above the question (self-study: why this skill)."""
        return ""

    def status(self, elapsed_ms: int) -> str:
        """The header's figures (drill: streak and pace; exam: time left)."""
        return ""

    def widgets(self) -> list[QWidget]:
        """Controls of this mode for the quiz's header."""
        return []

    def retranslate(self) -> None:
        """Re-set the texts of :meth:`widgets`."""

    def recorded_text(self) -> str:
        """What the feedback says after an answer when the mode does not explain."""
        return ""

    def end_text(self) -> str:
        """What the quiz says when :meth:`next_question` has no more questions."""
        return ""

    def may_leave(self, parent: QWidget) -> bool:
        """Whether the trainee may leave the questions now (an exam asks first; it may
        also be submitted instead, and then shows its result)."""
        return True

    # Questions and answers ---------------------------------------------------------------

    def rules(self) -> HouseRules:
        """The house rules new questions follow (a damaged setting gives the defaults)."""
        from trainer.progress.house_rules import load_house_rules

        self.problem = ""
        return load_house_rules(self.store, self._rules_problem)

    def _rules_problem(self, text: str) -> None:
        self.problem = text

    def next_question(self) -> Question | None:
        raise NotImplementedError

    def item_page(self) -> QWidget | None:
        """What to show in place of a question when :meth:`next_question` gave none but
        the mode has something else to do (an exam's table round); ``None``: the end."""
        return None

    def tick(self, elapsed_ms: int) -> None:
        """Called several times a second while a question waits for its answer."""

    def start(self) -> None:
        """Begin: a session in the store for the practice modes."""
        try:
            self.session = start_practice(self.store, self.actor, self.session_mode)
        except StoreError as error:
            self.session = None
            self.problem = str(error)

    def stop(self) -> None:
        self.save_pending()
        if self.session is not None:
            try:
                end_practice(self.store, self.actor, self.session)
            except StoreError as error:
                self.problem = str(error)
        self.session = None

    def keep(self, question: Question, answer: Any, verdict: Verdict | None,
             elapsed_ms: int) -> None:
        """Store the answer now, or keep it to be saved with the next one."""
        correct, score = (verdict.correct, verdict.score) if verdict else (False, 0.0)
        kinds = verdict.mistake_ids if verdict else ()
        store, actor, session = self.store, self.actor, self.session
        data, given = question.to_json(), jsonable(answer)
        self.pending.append(lambda: record_answer(
            store, actor, session, data, given, correct, score, elapsed_ms, kinds))
        self.answers.append(AnsweredItem(question.skill, question.seed, question.difficulty,
                                         correct, elapsed_ms))
        self.graded(verdict, elapsed_ms)

    def graded(self, verdict: Verdict | None, elapsed_ms: int) -> None:
        """After each answer (``None``: the time ran out)."""

    def save_pending(self) -> StoreError | None:
        """Save what was kept; the store's error if it still refuses."""
        while self.pending:
            try:
                self.pending[0]()
            except StoreError as error:
                return error
            self.pending.pop(0)
        return None
