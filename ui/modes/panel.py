"""One question on screen: its skill, the prompt, the table drawn, the answer control and,
once graded, the verdict with the articles behind it.

The quiz view and the exam review both show questions through a :class:`QuestionPanel`.
The panel only draws and collects: ``picked`` carries the value the trainee gave (a
place clicked on the table or the answer control's submission); grading is the caller's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.numbers import format_percent
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import i18n
from i18n import _
from questions import Question, Verdict
from questions.given import answer_label
from ui.answers import AnswerInput, answer_input
from ui.explanation import steps_html
from ui.modes.base import skill_title
from ui.rulebook.links import followable
from ui.situation import SituationView, situation_view
from ui.translated import Retranslating

#: The share of the question's view a table keeps at least, however tall its answer.
READABLE_SHARE = 0.5
#: Qt's largest widget size (QWIDGETSIZE_MAX, which PySide does not export).
WIDGET_SIZE_MAX = (1 << 24) - 1


def polish(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)


class Holder(QWidget):
    """The drawing over the answer control, inside the panel's scroll area.

    Asked for its height at a width (the scroll area asks, to fit it), it answers with
    the drawing at its smallest and the control as tall as it wants: the drawing then
    takes what room is left, and only a window too small for both scrolls.
    """

    def __init__(self, panel: QuestionPanel):
        super().__init__()
        self._panel = panel

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        layout = self._panel.holder_layout
        margins = layout.contentsMargins()
        inner = width - margins.left() - margins.right()
        total = margins.top() + margins.bottom()
        parts = [w for w in (self._panel.situation, self._panel.answer_input) if w is not None]
        for index, widget in enumerate(parts):
            if widget is self._panel.situation:
                total += max(widget.minimumSizeHint().height(), widget.minimumHeight())
            elif widget.hasHeightForWidth():
                total += widget.heightForWidth(inner)
            else:
                total += widget.sizeHint().height()
            total += layout.spacing() if index else 0
        return total


class QuestionPanel(Retranslating, QWidget):
    """Shows a question; ``picked(value)`` when the trainee answers it."""

    picked = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.question: Question | None = None
        self.situation: SituationView | None = None
        self.answer_input: AnswerInput | None = None
        self._verdict: Verdict | None = None
        self._correct = False
        self._headline: Callable[[], str] | None = None
        self._details: Callable[[], str] | None = None
        self._note: Callable[[], str] | None = None

        self.skill_title = QLabel()
        self.skill_title.setObjectName("skillTitle")
        self.skill_title.setWordWrap(True)
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setWordWrap(True)
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.prompt.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)

        self.holder = Holder(self)
        self.holder_layout = QVBoxLayout(self.holder)
        self.holder_layout.setContentsMargins(0, 0, 0, 0)
        self.holder_layout.setSpacing(6)
        self.body = QScrollArea()
        self.body.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        self.body.setWidgetResizable(True)
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        self.body.setWidget(self.holder)  # the focused control is kept in view: ui.focus_keeper
        # Its scroll bar's room is kept (a stable gutter): a bar appearing when the answer
        # grows with its marks would narrow the table.
        self.body.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.body.viewport().installEventFilter(self)  # resized: the table fitted again

        self.result = QLabel()
        self.result.setObjectName("result")
        self.result.setWordWrap(True)
        self.result.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        #: Under the verdict's one line, in normal weight: the right answer (the answer
        #: given, in a review), scrolled with the reasons.
        self.right_answer = QLabel()
        self.right_answer.setObjectName("rightAnswer")
        self.right_answer.setWordWrap(True)
        self.right_answer.setTextFormat(Qt.TextFormat.PlainText)
        self.right_answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        #: Under the right answer, above the reasons: the mistake the answer made, named by
        #: the rules core with its article (none for a right answer or another mistake).
        self.mistake = QLabel()
        self.mistake.setObjectName("mistake")
        self.mistake.setWordWrap(True)
        self.mistake.setTextFormat(Qt.TextFormat.PlainText)
        self.mistake.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.mistake.hide()
        self.explanation = QLabel()
        self.explanation.setObjectName("explanation")
        self.explanation.setWordWrap(True)
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        followable(self.explanation)  # its citations open the rulebook
        self.explanation.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.explanation_area = QScrollArea()
        self.explanation_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        self.explanation_area.setWidgetResizable(True)
        self.explanation_area.setFrameShape(QFrame.Shape.NoFrame)
        reading = QWidget()
        reading_layout = QVBoxLayout(reading)
        reading_layout.setContentsMargins(0, 0, 0, 0)
        reading_layout.addWidget(self.right_answer)
        reading_layout.addWidget(self.mistake)
        reading_layout.addWidget(self.explanation, 1)
        self.explanation_area.setWidget(reading)
        self.explanation_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.explanation_area.setStyleSheet("QScrollArea, QScrollArea > QWidget > QWidget "
                                            "{ background: transparent; }")
        self.feedback = QFrame()
        self.feedback.setObjectName("feedback")
        #: Where the owner puts its buttons (Next question …), under the explanation.
        self.feedback_buttons = QHBoxLayout()
        feedback = QVBoxLayout(self.feedback)
        feedback.addWidget(self.result)
        feedback.addWidget(self.explanation_area, 1)
        feedback.addLayout(self.feedback_buttons)
        self.feedback.hide()
        #: Before the verdict, the part of the answer that works best beside the table (a
        #: walk's tray and payment: :meth:`AnswerInput.take_side`), where the verdict comes.
        self.beside = QScrollArea()
        self.beside.setObjectName("beside")
        self.beside.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
        self.beside.setWidgetResizable(True)
        self.beside.setFrameShape(QFrame.Shape.NoFrame)
        self.beside.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.beside.hide()
        # The column is kept while nothing shows in it: the table does not shrink when the
        # verdict comes.
        self.column = QWidget()
        self.column.setMinimumWidth(300)
        column = QVBoxLayout(self.column)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.beside, 1)
        column.addWidget(self.feedback, 1)

        # The verdict beside the question: the height of the window is the scarce room.
        row = QHBoxLayout()
        row.setSpacing(12)
        row.addWidget(self.body, 2)
        row.addWidget(self.column, 1)
        layout = self._layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.skill_title)
        layout.addWidget(self.prompt)
        layout.addLayout(row, 1)

    def take_skill_title(self) -> QLabel:
        """The skill's title label, out of the panel, for the owner to place elsewhere."""
        self._layout.removeWidget(self.skill_title)
        return self.skill_title

    # Showing a question ------------------------------------------------------------------

    def show_question(self, question: Question) -> None:
        """Draw ``question`` and its answer control, ready for an answer."""
        self.clear()
        self.question = question
        self.situation = situation_view(question)
        self.answer_input = answer_input(question)
        self.situation.optionPicked.connect(self._option_picked)
        self.answer_input.submitted.connect(self.picked)
        self.holder_layout.addWidget(self.situation, 1)
        self.holder_layout.addWidget(self.answer_input)
        if (side := self.answer_input.take_side()) is not None:
            self.beside.setWidget(side)
            self.beside.show()
        self.situation.show()
        self.answer_input.show()
        self.body.show()
        self.body.verticalScrollBar().setValue(0)
        self.retranslate()
        self.answer_input.focus_first()
        self.answer_input.installEventFilter(self)
        QTimer.singleShot(0, self, self.fit_table)  # once the page is laid out

    def fit_table(self) -> None:
        """The table's height, fixed: the room the view leaves beside the answer control,
        fitted as the question opens, as the trainee builds the answer (moves listed) and
        when the view is resized. Once the verdict shows, its marks and the moves or steps
        it lists change the answer below the table (which scrolls if need be), never the
        table: nothing on it moves."""
        situation, control = self.situation, self.answer_input
        if situation is None or control is None or not self.body.isVisible():
            return
        width = self.body.viewport().width() - self.holder_layout.contentsMargins().left() \
            - self.holder_layout.contentsMargins().right()
        answer = control.heightForWidth(width) if control.hasHeightForWidth() \
            else control.sizeHint().height()
        view = self.body.viewport().height()
        room = view - answer - self.holder_layout.spacing()
        situation.setMinimumHeight(0)
        situation.setMaximumHeight(WIDGET_SIZE_MAX)
        # never squeezed below a readable table by a tall answer (a walk's places, tray
        # and payment): the answer then scrolls under it
        readable = min(situation.sizeHint().height(), int(view * READABLE_SHARE))
        situation.setFixedHeight(max(situation.minimumSizeHint().height(), readable, room))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if watched is self.body.viewport() and event.type() == QEvent.Type.Resize:
            self.fit_table()
        elif (watched is self.answer_input and event.type() == QEvent.Type.LayoutRequest
              and self._verdict is None and self._note is None):
            QTimer.singleShot(0, self, self.fit_table)  # the answer being built grew or shrank
        return super().eventFilter(watched, event)

    def _option_picked(self, value: Any) -> None:
        """An option clicked on the table: the answer, unless the control builds its answer
        from it (a walk's place)."""
        if self.answer_input is None or not self.answer_input.take_option(value):
            self.picked.emit(value)

    def clear(self) -> None:
        """No question: the drawings go, the feedback is hidden."""
        for widget in (self.situation, self.answer_input):
            if widget is not None:
                self.holder_layout.removeWidget(widget)
                widget.hide()
                widget.deleteLater()
        self.situation = self.answer_input = None
        self.question = None
        self._verdict = self._headline = self._details = self._note = None
        self.feedback.hide()
        self._clear_beside()
        self.skill_title.clear()
        self.prompt.clear()

    def _clear_beside(self) -> None:
        self.beside.hide()
        if (side := self.beside.takeWidget()) is not None:
            side.hide()
            side.deleteLater()

    def _show_feedback(self) -> None:
        """The verdict (or a note) in the column beside the table, in place of any part of
        the answer that stood there."""
        self.beside.hide()
        self.feedback.show()

    def show_message(self, text: Callable[[], str]) -> None:
        """No question, only a message (the exam's last question is answered …)."""
        self.clear()
        self.body.hide()
        self._note = text
        self._show_feedback()
        self.retranslate()

    def show_problem(self, text: str) -> None:
        """The answer cannot be graded as given: say so next to the control."""
        if self.answer_input is not None:
            self.answer_input.show_problem(text)

    def show_verdict(self, given: Any, verdict: Verdict,
                     headline: Callable[[], str] | None = None, *,
                     details: Callable[[], str] | None = None,
                     correct: bool | None = None, recorded: bool = False) -> None:
        """Mark the answer on the table and the control, and explain it: the verdict in one
        line (✔ or ✘ and its word, or ``headline``: the time ran out, not answered), under
        it in normal weight the right answer (or ``details``), then the reasons.
        ``correct`` says whether it counts as right. A ``recorded`` answer (a review) is
        first put into the control as it was given."""
        self._verdict, self._headline, self._note = verdict, headline, None
        self._details = details
        self._correct = verdict.correct if correct is None else correct
        if self.answer_input is not None:
            if recorded and given is not None:
                self.answer_input.show_given(given)
            self.answer_input.show_verdict(given, verdict)
        if self.situation is not None:
            self.situation.show_verdict(given, verdict)
        self._show_feedback()
        self.retranslate()

    def show_recorded(self, text: Callable[[], str], given: Any = None) -> None:
        """The answer was taken but is not judged yet (an exam): stop taking answers, say
        ``text`` and, if known, the answer ``given`` in words."""
        question = self.question
        if given is not None and question is not None:
            def note() -> str:
                return _("Answer given: {answer}").format(
                    answer=answer_label(question, given)) + "\n" + text()
        else:
            note = text
        self._verdict, self._headline, self._details, self._note = None, None, None, note
        if self.answer_input is not None:
            self.answer_input.setEnabled(False)
        if self.situation is not None:
            self.situation.setEnabled(False)
        self._show_feedback()
        self.retranslate()

    # Texts ---------------------------------------------------------------------------------

    def retranslate(self) -> None:
        if self.question is not None:
            self.skill_title.setText(skill_title(self.question.skill))
            # beside the table drawn, only what it cannot say; the table's description for
            # a screen reader is the whole question in words
            self.prompt.setText(str(self.question.shown))
            if self.situation is not None:
                self.situation.setAccessibleDescription(str(self.question.prompt))
        verdict = self._verdict
        if verdict is not None:
            mark = "✔" if verdict.correct else "✘"
            headline = self._headline() if self._headline else f"{mark} {verdict.word}"
            if 0 < verdict.score < 1:
                headline += " " + _("Score: {score}.").format(
                    score=format_percent(verdict.score, locale=i18n.locale_of()))
            self.result.setText(headline)
            self.result.setProperty("correct", self._correct)
            details = self._details() if self._details else (
                "" if self._correct else verdict.right_answer)
            self.right_answer.setText(details)
            self.right_answer.setVisible(bool(details))
            mistake = "" if self._correct else "\n".join(verdict.mistake_lines)
            self.mistake.setText(mistake)
            self.mistake.setVisible(bool(mistake))
            self.explanation.setText(steps_html(verdict))
            self.explanation_area.show()
        elif self._note is not None:
            self.result.setText(self._note())
            self.result.setProperty("correct", None)
            self.right_answer.clear()
            self.mistake.clear()
            self.mistake.hide()
            self.explanation.clear()
            self.explanation_area.hide()
        polish(self.result)
