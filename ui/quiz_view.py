"""The quiz: a question at the table, the trainee's answer, the verdict and its articles.

The same view serves every mode (:mod:`ui.modes`): the mode picks the questions, keeps
the answers and says what the header shows; the view draws the question
(:class:`ui.modes.panel.QuestionPanel`), grades the answer with ``question.grade`` and
shows the verdict — or, in an exam, only that the answer was taken.

Each graded answer is stored at once. If the store refuses (busy, disk full) the
answer is kept and saved with the next one, and the trainee is told; nothing is lost.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from questions import Question, UnreadableAnswer, Verdict
from trainer.progress import Store, StoreError
from ui.language import name_by_labels
from ui.modes.base import QuizMode
from ui.modes.panel import QuestionPanel
from ui.translated import Retranslating
from ui.widgets.announce import announce

TICK_MS = 100
#: After a verdict, how long "next" waits before it listens (seconds): a key pressed twice
#: by accident cannot skip the verdict unseen.
SETTLE_S = 0.4


class QuizView(Retranslating, QWidget):
    """Enter checks an answer; once the verdict shows, Enter (or N, or the Next button)
    goes on, not before :data:`SETTLE_S` has passed: Enter pressed twice by accident checks
    and stays on the verdict."""

    backRequested = Signal()  # noqa: N815
    answered = Signal(object)  # the Verdict (None when the time ran out)
    #: The clock "next" waits by (a test gives its own).
    clock = staticmethod(time.monotonic)
    settle_s = SETTLE_S

    def __init__(self, store: Store, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self.mode: QuizMode | None = None
        self._question: Question | None = None
        self._verdict: Verdict | None = None
        self._done = False  # answered, or the time ran out
        self._shown_at = 0.0
        self._finished_at = 0.0
        self._save_error: StoreError | None = None

        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.heading = QLabel()
        self.heading.setObjectName("modeTitle")
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.status.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.mode_controls = QHBoxLayout()
        self.note = QLabel()
        self.note.setObjectName("note")
        self.note.setWordWrap(True)
        self.panel = QuestionPanel()
        self.panel.picked.connect(self.answer)
        self.next_button = QPushButton()
        self.next_button.setAutoDefault(False)  # Enter goes on through go_on's guard only
        self.next_button.clicked.connect(self.go_on)
        #: The keys that go on, beside the button (the hint line of the verdict).
        self.next_keys_hint = QLabel()
        self.next_keys_hint.setObjectName("hint")
        self.next_keys_hint.setWordWrap(True)
        self.panel.feedback_buttons.addWidget(self.next_keys_hint, 1)
        self.panel.feedback_buttons.addWidget(self.next_button)
        self.warning = QLabel()
        self.warning.setObjectName("error")
        self.warning.setWordWrap(True)
        self.warning.hide()
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self._layout()
        self._shortcuts()
        self.retranslate()

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.back_button)
        top.addSpacing(12)
        top.addWidget(self.heading)
        top.addSpacing(12)
        top.addWidget(self.panel.take_skill_title(), 4)
        top.addWidget(self.status, 3)
        top.addSpacing(12)
        top.addLayout(self.mode_controls)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 8, 24, 8)
        layout.addLayout(top)
        layout.addWidget(self.note)
        self.pages = QStackedWidget()  # the question, or a page of the mode's own
        self.pages.addWidget(self.panel)
        layout.addWidget(self.pages, 1)
        layout.addWidget(self.warning)

    def _shortcuts(self) -> None:
        """Enter and N move on once answered (the answer control takes Enter before: it
        checks; pressed twice, the second is within :data:`SETTLE_S` and goes nowhere)."""
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        self._next_keys = []
        for sequence in ("Return", "Enter", "N"):
            shortcut = QShortcut(QKeySequence(sequence), self, context=context)
            shortcut.activated.connect(self.go_on)
            shortcut.setEnabled(False)
            self._next_keys.append(shortcut)

    # Shortcuts to the panel's parts, for tests and the modes ------------------------------

    @property
    def feedback(self) -> QWidget:
        return self.panel.feedback

    @property
    def result(self) -> QLabel:
        return self.panel.result

    @property
    def explanation(self) -> QLabel:
        return self.panel.explanation

    @property
    def right_answer(self) -> QLabel:
        return self.panel.right_answer

    @property
    def prompt(self) -> QLabel:
        return self.panel.prompt

    # Texts ---------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Home"))
        self.next_button.setText(_("&Next question ▶"))
        self.next_keys_hint.setText(_("Enter or N: the next question."))
        if self.mode is not None:
            self.heading.setText(self.mode.title())
            self.mode.retranslate()
        self._show_mode_texts()
        self._show_warning()

    def _show_mode_texts(self) -> None:
        if self.mode is None:
            return
        note = self.mode.note()
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self.status.setText(self.mode.status(self.elapsed_ms()))

    def _show_warning(self) -> None:
        texts = []
        if self._save_error is not None:
            texts.append(_("Your answer is kept and will be saved with the next one. "
                           "{problem}").format(problem=self._save_error))
        if self.mode is not None and self.mode.problem:
            texts.append(self.mode.problem)
        self.warning.setText("\n".join(texts))
        self.warning.setVisible(bool(texts))

    # Flow ----------------------------------------------------------------------------------

    def start(self, mode: QuizMode) -> None:
        """Begin ``mode`` with its first question."""
        self.stop()
        self.mode = mode
        mode.changed.connect(self._show_mode_texts)
        mode.questionWanted.connect(self.next_question)
        mode.timedOut.connect(self.time_up)
        for widget in mode.widgets():
            self.mode_controls.addWidget(widget)
        mode.start()
        self.retranslate()
        name_by_labels(self)
        self.next_question()

    def stop(self) -> None:
        """Leave the mode: keep what was answered, end its session."""
        self.timer.stop()
        if self.mode is None:
            return
        mode, self.mode = self.mode, None
        mode.stop()
        for signal, slot in ((mode.changed, self._show_mode_texts),
                             (mode.questionWanted, self.next_question),
                             (mode.timedOut, self.time_up)):
            signal.disconnect(slot)
        for widget in mode.widgets():
            self.mode_controls.removeWidget(widget)
            widget.setParent(None)
        self._question = self._verdict = None
        self._drop_page()
        self.panel.clear()

    def question(self) -> Question | None:
        return self._question

    def elapsed_ms(self) -> int:
        if self._question is None or self._done:
            return 0
        return int((time.monotonic() - self._shown_at) * 1000)

    def restore_focus(self) -> None:
        """Back from a dialog: the keyboard where the trainee was answering (or on Next)."""
        control = self.panel.answer_input
        page = self.pages.currentWidget()
        if page is not None and page is not self.panel:  # the mode's page has the keys
            page.setFocus()
        elif self._done or control is None:
            self.next_button.setFocus()
        elif control.focusWidget() is not None:
            control.focusWidget().setFocus()
        else:
            control.focus_first()

    def go_on(self) -> None:
        """The trainee asks for the next question: heard once the verdict has settled."""
        if self._done and self.clock() - self._finished_at < self.settle_s:
            return
        self.next_question()

    def next_question(self) -> None:
        if self.mode is None:
            return
        question = self.mode.next_question()
        page = self.mode.item_page() if question is None else None
        if page is not None:
            self.show_page(page)
        elif question is None:
            self._end()
        else:
            self.show_question(question)

    def show_page(self, page: QWidget) -> None:
        """A page of the mode's own in place of a question (an exam's table round): it
        takes the keyboard; the mode records what is done on it."""
        self._drop_page()
        self._question, self._verdict, self._done = None, None, True
        self._set_next_keys(False)
        self.next_button.hide()
        self.next_keys_hint.hide()
        self.pages.addWidget(page)
        self.pages.setCurrentWidget(page)
        page.setFocus()
        self.timer.start()
        self._show_mode_texts()
        self._show_warning()

    def _drop_page(self) -> None:
        """Back to the question panel; the mode's page, if any, is let go."""
        while self.pages.count() > 1 and (page := self.pages.widget(1)) is not None:
            self.pages.removeWidget(page)
            page.deleteLater()
        self.pages.setCurrentWidget(self.panel)

    def show_question(self, question: Question) -> None:
        self._drop_page()
        self._question = question
        self._verdict = None
        self._done = False
        self._set_next_keys(False)
        self.panel.show_question(question)
        self._shown_at = time.monotonic()
        self.timer.start()
        self._show_mode_texts()
        self._show_warning()

    def _end(self) -> None:
        """The mode has no more questions (every exam question is answered)."""
        mode = self.mode
        assert mode is not None
        self._drop_page()
        self._question = self._verdict = None
        self._done = True
        self.timer.stop()
        self._set_next_keys(False)
        self.next_button.hide()
        self.next_keys_hint.hide()
        self.panel.show_message(mode.end_text)
        self._show_mode_texts()

    def _tick(self) -> None:
        if self.mode is None:
            return
        self.mode.tick(self.elapsed_ms())
        self.status.setText(self.mode.status(self.elapsed_ms()))

    def answer(self, given: Any) -> None:
        """Grade ``given`` with the rules core, show the verdict (or that it was taken),
        and keep the attempt."""
        if self._question is None or self._done or self.mode is None:
            return
        elapsed_ms = self.elapsed_ms()
        try:
            verdict = self._question.grade(given)
        except UnreadableAnswer as problem:
            self.panel.show_problem(str(problem))
            return
        self._finish(given, verdict, elapsed_ms)
        if self.mode.explains:
            self.panel.show_verdict(given, verdict)
        else:
            self.panel.show_recorded(self.mode.recorded_text, given)
        self._announce_verdict()

    def time_up(self) -> None:
        """The signal sounded before an answer: it counts as wrong; show the right one."""
        question = self._question
        if question is None or self._done or self.mode is None:
            return
        reference = question.unanswered()
        self._finish(None, None, self.elapsed_ms())
        self.panel.show_verdict(None, reference, headline=lambda: _(
            "✘ Time is up: the answer came too late."), correct=False)
        self._announce_verdict()

    def _announce_verdict(self) -> None:
        """The verdict (or that the answer was taken) said by the screen reader, with the
        right answer when it was wrong; the focus goes to "next" as it does for everyone."""
        panel = self.panel
        words = [panel.result.text()]
        if panel.right_answer.isVisibleTo(panel):
            words.append(panel.right_answer.text())
        announce(panel.result, "\n".join(words))

    def _finish(self, given: Any, verdict: Verdict | None, elapsed_ms: int) -> None:
        assert self.mode is not None and self._question is not None
        self._verdict = verdict
        self._done = True
        self._finished_at = self.clock()
        self.timer.stop()
        self.mode.keep(self._question, given, verdict, elapsed_ms)
        self._save_error = self.mode.save_pending()
        self._show_warning()
        self._show_mode_texts()
        self.next_button.show()
        self.next_keys_hint.show()
        self.next_button.setFocus()
        self._set_next_keys(True)
        self.answered.emit(verdict)

    def _set_next_keys(self, enabled: bool) -> None:
        for shortcut in self._next_keys:
            shortcut.setEnabled(enabled)
