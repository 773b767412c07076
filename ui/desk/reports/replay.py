"""Replaying a stored answer: the exact question again, the answer given, the verdict and why.

The store keeps each question as its JSON, so :meth:`Question.from_json` gives back the
very question the trainee saw, with the house rules it was asked under. The demo
classroom keeps only the skill, the seed and the difficulty: those questions are
generated again from them, which gives the same question. The answer is graded again
by the rules core, so the instructor reads the same verdict and explanation the
trainee read, in the instructor's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

import questions
from i18n import N_, Message, TranslatedError, _
from questions import Question, Verdict
from questions.given import answer_label
from questions.regrade import grade_as_given, reading_note
from trainer.progress import Attempt
from trainer.rounds.exam_items import is_round_item
from trainer.rounds.recorded import is_round_step
from trainer.rules.house import HouseRules
from ui.desk.texts import difficulty_name, local_time, restyle, seconds_text, skill_title
from ui.explanation import steps_html
from ui.modes.exam.round_item_review import round_item_html
from ui.rulebook.links import followable
from ui.translated import Retranslating

#: The height the verdict and its explanation keep under the table (the rest scrolls).
VERDICT_MINIMUM = 120


@dataclass(frozen=True)
class AnsweredQuestion:
    """A question as stored and what became of it; ``correct`` is ``None`` if unanswered."""

    question: dict[str, Any]
    answer: Any
    correct: bool | None
    answered_at: str | None
    response_ms: int | None
    trainee: str
    #: The trainee's language, which their typed amounts are read in first.
    language: str | None = None
    score: float | None = None
    #: The version of the rules core's readings it was graded under (None: not recorded).
    readings: int | None = None

    @classmethod
    def of_attempt(cls, attempt: Attempt, trainee: str,
                   language: str | None = None) -> AnsweredQuestion:
        return cls(attempt.question, attempt.answer, attempt.correct, attempt.answered_at,
                   attempt.response_ms, trainee, language, attempt.score, attempt.readings)


class RoundStepNotAQuestion(TranslatedError, ValueError):
    """A step of a table round asked for as a question."""


def replayed_question(stored: dict[str, Any],
                      rules: HouseRules | None = None) -> tuple[Question, bool]:
    """The stored question, and whether it had to be generated again from its seed (a
    round's step raises :class:`RoundStepNotAQuestion`: its seed deals a round)."""
    if is_round_step(stored):
        raise RoundStepNotAQuestion(Message.of(N_(
            "This answer is a step of a table round, not a question: replay the round.")))
    if {"situation", "prompt", "form"} <= stored.keys():
        try:
            return Question.from_json(stored), False
        except (ValueError, KeyError, TypeError):
            pass  # a question stored by another version: its seed still gives it
    return questions.generate(stored["skill"], int(stored["seed"]),
                              int(stored["difficulty"]), rules), True


class ReplayView(Retranslating, QWidget):
    """One answered question shown again: the table, the prompt, the answer and the verdict."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.answered: AnsweredQuestion | None = None
        self.question: Question | None = None
        self.verdict: Verdict | None = None
        self._regenerated = False
        self._problem: Message | None = None
        #: The house rules of the table round shown (``None``: a question is shown).
        self._round_rules: HouseRules | None = None
        self.title = QLabel()
        self.title.setObjectName("skillTitle")
        self.details = QLabel()
        self.details.setObjectName("hint")
        self.details.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setWordWrap(True)
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.situation: QWidget = QWidget()
        self.given = QLabel()
        self.given.setWordWrap(True)
        self.result = QLabel()
        self.result.setObjectName("result")
        self.result.setWordWrap(True)
        self.explanation = QLabel()
        self.explanation.setObjectName("explanation")
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        self.explanation.setWordWrap(True)
        followable(self.explanation)  # its citations open the rulebook
        self._layout()
        self.retranslate()

    def _layout(self) -> None:
        feedback = QFrame()
        feedback.setObjectName("feedback")
        inside = QVBoxLayout(feedback)
        inside.addWidget(self.given)
        inside.addWidget(self.result)
        inside.addWidget(self.explanation)
        inside.addStretch(1)
        scroll = QScrollArea()
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(feedback)
        # The table keeps the size the practice page draws it at, at least: a page too
        # small for it scrolls it rather than shrink its cards and tiles.
        self.table_area = QScrollArea()
        self.table_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        self.table_area.setWidgetResizable(True)
        self.table_area.setFrameShape(QFrame.Shape.NoFrame)
        self.table_area.setWidget(self.situation)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.table_area)
        self.splitter.addWidget(scroll)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.details)
        layout.addWidget(self.prompt)
        layout.addWidget(self.splitter, 1)

    def show_answer(self, answered: AnsweredQuestion, rules: HouseRules | None = None) -> None:
        """Replay ``answered``; ``rules`` are used only for a question regenerated from its seed.
        A table round asked as an exam item shows as the round's review."""
        self.answered = answered
        self._round_rules = None
        if is_round_item(answered.question.get("skill")):
            self._show_round(answered, rules)
            return
        self.question, self._regenerated = replayed_question(answered.question, rules)
        self.verdict, self._problem = None, None
        if answered.answer is not None:
            self.verdict, self._problem = grade_as_given(self.question, answered.answer,
                                                  answered.correct, answered.language)
        else:  # nothing given: the rules core's own answer, for its explanation
            self.verdict = self.question.unanswered()
        self._show_situation()
        self.retranslate()

    def _show_situation(self) -> None:
        from ui.situation import situation_view

        assert self.question is not None and self.answered is not None
        view = situation_view(self.question)
        view.setMinimumSize(view.minimumSizeHint())  # what the practice page allows it
        old = self.table_area.takeWidget()
        if old is not None:
            old.deleteLater()
        self.table_area.setWidget(view)
        self.situation = view
        if self.verdict is not None and self.answered.answer is not None:
            view.show_verdict(self.answered.answer, self.verdict)
        self.share_height()

    def share_height(self) -> None:
        """The table gets three fifths of the height, and at least its own minimum while
        the verdict keeps :data:`VERDICT_MINIMUM`; whatever is short of it scrolls."""
        total = max(self.splitter.height(), 400)
        wanted = self.situation.minimumHeight() + self.table_area.horizontalScrollBar(
        ).sizeHint().height()
        top = max(total * 3 // 5, min(wanted, total - VERDICT_MINIMUM))
        self.splitter.setSizes([top, total - top])

    def _show_round(self, answered: AnsweredQuestion, rules: HouseRules | None) -> None:
        """The round's review where the table is drawn; the verdict lines empty."""
        self.question, self.verdict, self._problem, self._regenerated = None, None, None, False
        try:
            self._round_rules = HouseRules.from_json(answered.question["rules"])
        except (KeyError, TypeError, ValueError, ArithmeticError, AttributeError):
            self._round_rules = rules or HouseRules()
        review = followable(QLabel())
        review.setObjectName("roundReview")
        review.setWordWrap(True)
        review.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        old = self.table_area.takeWidget()
        if old is not None:
            old.deleteLater()
        self.table_area.setWidget(review)
        self.situation = review
        for label in (self.prompt, self.given, self.result, self.explanation):
            label.clear()
        self.retranslate()

    def _retranslate_round(self, answered: AnsweredQuestion, rules: HouseRules) -> None:
        stored = answered.question
        self.title.setText(skill_title(stored["skill"]))
        facts = [_("Trainee: {name}").format(name=answered.trainee)]
        if answered.answered_at:
            facts.append(_("Answered on {moment}").format(moment=local_time(answered.answered_at)))
        self.details.setText(" · ".join(facts))
        assert isinstance(self.situation, QLabel)
        self.situation.setText(round_item_html(
            stored["skill"], int(stored["seed"]), int(stored["difficulty"]), rules,
            answered.answer, answered.response_ms, given=answered.answer is not None))

    def retranslate(self) -> None:
        answered, question = self.answered, self.question
        if answered is not None and self._round_rules is not None:
            self._retranslate_round(answered, self._round_rules)
            return
        if answered is None or question is None:
            return
        self.title.setText(skill_title(question.skill))
        facts = [_("Trainee: {name}").format(name=answered.trainee)]
        if answered.answered_at:
            facts.append(_("Answered on {moment}").format(moment=local_time(answered.answered_at)))
        if answered.response_ms is not None:
            facts.append(_("in {seconds} s").format(seconds=seconds_text(answered.response_ms)))
        facts.append(_("Level {level}, seed {seed}").format(
            level=difficulty_name(question.difficulty), seed=question.seed))
        if self._regenerated:
            facts.append(_("generated again from its seed"))
        self.details.setText(" · ".join(facts))
        self.prompt.setText(str(question.shown))  # the table is drawn beside it
        self.situation.setAccessibleDescription(str(question.prompt))
        self._show_verdict(answered, question)

    def _show_verdict(self, answered: AnsweredQuestion, question: Question) -> None:
        verdict, given = self.verdict, answered.answer is not None
        if given:
            self.given.setText(_("Answer given: {answer}").format(
                answer=answer_label(question, answered.answer)))
        elif answered.correct is None:
            self.given.setText(_("Not answered."))
        else:
            self.given.setText(_("The answer given was not recorded."))
        correct: bool | None
        if given and verdict is not None:
            correct, summary = verdict.correct, verdict.summary
        elif given:
            correct, summary = answered.correct, _(
                "This answer cannot be read again: {problem}").format(problem=self._problem)
        else:
            correct = answered.correct
            summary = _("The right answer: {expected}.").format(
                expected=verdict.expected_words if verdict else "")
        note = None
        if given and answered.correct is not None:
            score = answered.score if answered.score is not None else float(answered.correct)
            note = reading_note(question, answered.answer, answered.correct, score,
                                answered.readings, verdict)
        if note is not None:
            summary = f"{summary}\n{note}"
        elif answered.correct is not None and (verdict is None or not given
                                               or verdict.correct != answered.correct):
            then = _("It was marked right.") if answered.correct else _("It was marked wrong.")
            summary = f"{then} {summary}"
        self.result.setText({True: "✔ ", False: "✘ ", None: ""}[correct] + summary)
        self.result.setProperty("correct", correct)
        restyle(self.result)
        self.explanation.setText(steps_html(verdict) if verdict else "")
