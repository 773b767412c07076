"""An exam's result: passed or not, the score against the pass mark, and the review —
every question replayed with the answer given, the verdict and the articles; a table round
as the round's review, every step's verdict graded again by the round engine."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

import questions
from i18n import _, ngettext
from questions import Question, Verdict
from questions.given import answer_label
from questions.regrade import grade_as_given, reading_note
from trainer.progress import Store, StoreError
from trainer.progress.exams.sittings import ExamResult, ReviewedItem, exam, review_sitting
from trainer.progress.people.accounts import Actor
from trainer.progress.reports.words import PARTIAL_CREDIT
from trainer.rounds.exam_items import is_round_item
from ui.modes.base import clock_text, polish_property, skill_title
from ui.modes.exam.exam_texts import percent_text
from ui.modes.exam.round_item_review import round_item_html
from ui.modes.panel import QuestionPanel
from ui.rulebook.links import followable
from ui.widgets.page import Page


class ExamResultPage(Page):
    backRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self.result: ExamResult | None = None
        self._title = ""
        self._pass: Decimal | None = None
        self._items: list[ReviewedItem] = []
        self._marks: list[str] = []
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.verdict = QLabel()
        self.verdict.setObjectName("examVerdict")
        self.figures = QLabel()
        self.figures.setObjectName("figures")
        self.figures.setWordWrap(True)
        self.review_label = QLabel()
        self.review = QListWidget()
        self.review.setObjectName("review")
        self.review.setWordWrap(True)
        self.review.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.review_label.setBuddy(self.review)
        self.review.currentRowChanged.connect(self._replay)
        self.panel = QuestionPanel()
        #: A table round's review, in place of the question panel.
        self.round_review = followable(QLabel())
        self.round_review.setObjectName("roundReview")
        self.round_review.setWordWrap(True)
        self.round_review.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.round_scroll = QScrollArea()
        self.round_scroll.setWidgetResizable(True)
        self.round_scroll.setWidget(self.round_review)
        self.shown = QStackedWidget()
        self.shown.addWidget(self.panel)
        self.shown.addWidget(self.round_scroll)
        self._layout()
        self.retranslate()

    def _layout(self) -> None:
        self.top.insertWidget(0, self.back_button)
        self.top.insertSpacing(1, 12)
        summary = QHBoxLayout()
        summary.addWidget(self.verdict)
        summary.addSpacing(24)
        summary.addWidget(self.figures, 1)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.review_label)
        column.addWidget(self.review, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.shown)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        split.setSizes([320, 1600])
        left.setMinimumWidth(220)
        self.frame.setContentsMargins(24, 12, 24, 12)
        self.body.addLayout(summary)
        self.body.addWidget(split, 1)

    def show_result(self, actor: Actor, result: ExamResult) -> None:
        """The result of a submitted sitting, with its first question replayed."""
        self.result = result
        self.say(None)
        try:
            sat = exam(self._store, result.exam_id)
            self._title, self._pass = sat.title, sat.pass_percent
            self._items = review_sitting(self._store, actor, result.sitting_id)
        except StoreError as error:
            self.say(error.message, problem=True)
            self._items = []
        self.review.blockSignals(True)
        self.review.clear()
        self._marks = [self._mark(reviewed) for reviewed in self._items]
        for _reviewed in self._items:
            self.review.addItem(QListWidgetItem())
        self.review.blockSignals(False)
        self.retranslate()
        if self._items:
            self.review.setCurrentRow(0)
        self.review.setFocus()

    @staticmethod
    def _mark(reviewed: ReviewedItem) -> str:
        if reviewed.attempt is None:
            return "–"
        return "✔" if reviewed.attempt.correct else "✘"

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Exams"))
        self.review_label.setText(_("&Questions"))
        super().retranslate()
        result = self.result
        if result is None:
            return
        self.heading.setText(_("Result: {title}").format(title=self._title))
        self.verdict.setText(_("✔ Passed") if result.passed else _("✘ Not passed"))
        polish_property(self.verdict, "passed", result.passed)
        self.figures.setText(_(
            "Score {score} % (pass mark {pass_mark} %) · {correct} of {count} right · "
            "{answered} · time taken {clock}").format(
            score=percent_text(result.score_percent),
            pass_mark=percent_text(self._pass if self._pass is not None else 0),
            correct=result.correct, count=result.questions,
            answered=ngettext("{count} answered", "{count} answered", result.answered).format(
                count=result.answered),
            clock=clock_text(result.duration_ms)))
        if result.score_percent != (Decimal(result.correct * 100) / result.questions).quantize(
                Decimal("0.1")):
            self.figures.setText(self.figures.text() + "\n" + _(PARTIAL_CREDIT))
        for row, (reviewed, mark) in enumerate(zip(self._items, self._marks, strict=True)):
            self.review.item(row).setText(_("{mark} {number}. {skill}").format(
                mark=mark, number=row + 1, skill=skill_title(reviewed.item.skill)))
        if self.shown.currentWidget() is self.round_scroll:
            self._replay(self.review.currentRow())

    def _replay(self, row: int) -> None:
        """The question as it was asked, the answer given, its verdict and why."""
        if not 0 <= row < len(self._items):
            return
        reviewed = self._items[row]
        if is_round_item(reviewed.item.skill):
            self.round_review.setText(round_review_html(reviewed))
            self.shown.setCurrentWidget(self.round_scroll)
            return
        self.shown.setCurrentWidget(self.panel)
        item, attempt = reviewed.item, reviewed.attempt
        given: Any = attempt.answer if attempt is not None else None
        try:  # the question as stored, else (another version's) as its seed gives it
            question = Question.from_json(attempt.question) if attempt is not None else None
        except (ValueError, KeyError, TypeError):
            question = None
        if question is None:
            question = questions.generate(item.skill, item.seed, item.difficulty,
                                          reviewed.rules)
        self.panel.show_question(question)
        verdict: Verdict | None = None
        if given is not None and attempt is not None:  # read as typed, as it was graded
            verdict, _problem = grade_as_given(question, given, attempt.correct)
        if verdict is None:
            expected = question.unanswered()
            self.panel.show_verdict(None, expected, headline=lambda: _("– Not answered."),
                                    correct=False)
        else:
            assert attempt is not None
            note = reading_note(question, given, attempt.correct, attempt.score,
                                attempt.readings, verdict)
            def details() -> str:
                lines = [_("Your answer: {given}").format(given=answer_label(question, given))]
                if not verdict.correct:
                    lines.append(verdict.right_answer)
                return "\n".join([*lines, *([str(note)] if note else [])])
            self.panel.show_verdict(given, verdict, recorded=True, details=details)



def round_review_html(reviewed: ReviewedItem) -> str:
    """A table round of the exam reviewed (see :func:`round_item_html`)."""
    item, attempt = reviewed.item, reviewed.attempt
    return round_item_html(item.skill, item.seed, item.difficulty, reviewed.rules,
                           None if attempt is None else attempt.answer,
                           None if attempt is None else attempt.response_ms,
                           given=attempt is not None)
