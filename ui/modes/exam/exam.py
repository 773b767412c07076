"""Taking an exam as the instructor defined it (:mod:`trainer.progress.exams.sittings`): its
fixed questions, the time limit counting down, no verdicts or explanations until it is
submitted. When the time runs out the exam is submitted. The list of exams is
:mod:`ui.modes.exam.exam_list`.

Leaving an exam asks first (:mod:`ui.modes.exam.exam_leaving`); a sitting left open shows in
the list as in progress, with the time left, and continues where it was left."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

import questions
from i18n import _, ngettext
from questions import Question, Verdict
from questions.model import jsonable
from trainer.progress import Store, StoreError
from trainer.progress.exams.sittings import (
    Exam,
    ExamItem,
    ExamResult,
    Sitting,
    answer_exam_item,
    review_sitting,
    sitting_items,
    submit_sitting,
)
from trainer.progress.people.accounts import Actor
from trainer.progress.storage.values import utc
from trainer.rounds.exam_items import graded_round_item, is_round_item
from ui.modes.base import QuizMode, clock_text
from ui.modes.exam import exam_leaving
from ui.modes.exam.exam_leaving import LEAVE, SUBMIT, LeaveBox, time_left_ms
from ui.modes.exam.exam_round import ExamRound
from ui.widgets.announce import announce

#: The moments the time left is announced (ms left), each once: the last minute politely,
#: the last ten seconds at once (assertive), whatever the screen reader was saying.
TIME_WARNINGS = (60_000, 10_000)


def time_warning(left_ms: int) -> str:
    """What the screen reader says when ``left_ms`` (one of :data:`TIME_WARNINGS`) is
    left."""
    if left_ms >= 60_000:
        minutes = left_ms // 60_000
        return ngettext("{count} minute left in the exam.", "{count} minutes left in the exam.",
                        minutes).format(count=minutes)
    seconds = left_ms // 1000
    return ngettext("{count} second left in the exam.", "{count} seconds left in the exam.",
                    seconds).format(count=seconds)


class ExamMode(QuizMode):
    session_mode = "exam"
    explains = False

    def __init__(self, store: Store, actor: Actor, exam: Exam, sitting: Sitting,
                 parent: QObject | None = None):
        super().__init__(store, actor, parent)
        self.exam, self.sitting = exam, sitting
        self.items = sitting_items(exam, sitting)
        self.answered = {reviewed.item.index for reviewed in
                         review_sitting(store, actor, sitting.id) if reviewed.attempt}
        self.current: ExamItem | None = None
        #: The table round being played, when the current item is one.
        self.round_page: ExamRound | None = None
        self.deadline = utc(sitting.deadline_at)
        self.leave_box: LeaveBox | None = None
        self.result: ExamResult | None = None
        self.skip_button = QPushButton()
        self.skip_button.clicked.connect(self.questionWanted)
        self.submit_button = QPushButton()
        self.submit_button.setObjectName("primary")
        self.submit_button.clicked.connect(lambda: self.submit())
        self.clock = QTimer(self)
        self.clock.setInterval(250)
        self.clock.timeout.connect(self._tick_clock)
        #: The warnings of :data:`TIME_WARNINGS` still to come (a sitting resumed with
        #: less time left has passed the others).
        self.warnings_due = [warning for warning in TIME_WARNINGS
                             if self.time_left_ms() > warning]
        self.retranslate()

    # Header ------------------------------------------------------------------------------

    def title(self) -> str:
        return _("Exam: {title}").format(title=self.exam.title)

    def widgets(self) -> list[QWidget]:
        return [self.skip_button, self.submit_button]

    def retranslate(self) -> None:
        self.skip_button.setText(_("S&kip for now"))
        self.submit_button.setText(_("S&ubmit the exam"))

    def time_left_ms(self) -> int:
        return time_left_ms(self.deadline)

    def status(self, elapsed_ms: int) -> str:
        number = self.current.index + 1 if self.current else len(self.items)
        answered = len(self.answered)
        return _("Question {number} of {count} · {answered} · {clock} left").format(
            number=number, count=len(self.items), clock=clock_text(self.time_left_ms()),
            answered=ngettext("{count} answered", "{count} answered", answered).format(
                count=answered))

    def recorded_text(self) -> str:
        return _("Your answer is recorded. The verdicts and explanations come when you "
                 "submit the exam.")

    def end_text(self) -> str:
        return _("Every question is answered. Submit the exam to see your result.")

    # Questions -----------------------------------------------------------------------------

    def start(self) -> None:
        """Exam answers belong to the sitting, not to a practice session."""
        self.clock.start()

    def stop(self) -> None:
        self.clock.stop()
        self._close_round()
        super().stop()

    def next_question(self) -> Question | None:
        self._close_round()
        count = len(self.items)
        first = self.current.index + 1 if self.current else 0
        for step in range(count):
            item = self.items[(first + step) % count]
            if item.index not in self.answered:
                self.current = item
                if is_round_item(item.skill):
                    self._open_round(item)
                    return None
                return questions.generate(item.skill, item.seed, item.difficulty,
                                          self.exam.rules)
        self.current = None
        self.skip_button.setEnabled(False)
        self.submit_button.setFocus()
        return None

    def item_page(self) -> QWidget | None:
        return self.round_page

    # Table rounds ---------------------------------------------------------------------------

    def _open_round(self, item: ExamItem) -> None:
        page = ExamRound(item, self.exam.rules)
        page.roundFinished.connect(lambda: self._record_round(page))
        page.nextWanted.connect(self.questionWanted)
        self.round_page = page

    def _record_round(self, page: ExamRound) -> None:
        """The actions given on the round so far, as the item's one answer (none given: the
        item stays unanswered, to come back to)."""
        index = page.item.index
        if index in self.answered or not page.steps_given or self.result is not None:
            return
        item, answer = page.item, page.answer()
        graded = graded_round_item(item.skill, item.seed, item.difficulty, self.exam.rules,
                                   answer)
        assert graded is not None  # the screen gives only actions the engine reads
        store, actor, sitting, taken = self.store, self.actor, self.sitting.id, page.elapsed_ms()
        self.pending.append(lambda: answer_exam_item(
            store, actor, sitting, index, graded.question, answer, graded.correct,
            graded.score, taken))
        self.answered.add(index)
        error = self.save_pending()
        self.problem = "" if error is None else str(error)
        self.changed.emit()

    def _close_round(self) -> None:
        """Leave the round being played: what was given is recorded, once."""
        page, self.round_page = self.round_page, None
        if page is not None:
            page.stop()
            self._record_round(page)

    def keep(self, question: Question, answer: object, verdict: Verdict | None,
             elapsed_ms: int) -> None:
        assert self.current is not None and verdict is not None
        store, actor, sitting, index = self.store, self.actor, self.sitting.id, self.current.index
        data, given = question.to_json(), jsonable(answer)
        self.pending.append(lambda: answer_exam_item(
            store, actor, sitting, index, data, given, verdict.correct, verdict.score,
            elapsed_ms, mistake_kinds=verdict.mistake_ids))
        self.answered.add(index)
        self.changed.emit()

    def _tick_clock(self) -> None:
        self.changed.emit()
        self._warn_of_time()
        if self.leave_box is not None:
            self.leave_box.show_figures()
        if self.time_left_ms() <= 0:
            if self.leave_box is not None:
                self.leave_box.done(0)  # nothing left to choose: the exam is handed in
            self.submit(time_up=True)

    def _warn_of_time(self) -> None:
        """At one minute and at ten seconds left, the screen reader says so (focus stays)."""
        left = self.time_left_ms()
        passed = [warning for warning in self.warnings_due if left <= warning]
        if not passed or left <= 0:
            return
        self.warnings_due = [warning for warning in self.warnings_due if left > warning]
        last = min(passed)
        announce(self.submit_button, time_warning(last), assertive=last <= 10_000)

    def may_leave(self, parent: QWidget) -> bool:
        """Ask before leaving: stay, leave and come back later, or submit now. True when
        the trainee leaves or the exam is submitted (its result shows)."""
        if self.result is not None:
            return True
        if self.time_left_ms() <= 0:
            return self.submit(time_up=True) is not None
        self.leave_box = LeaveBox(parent, self.title(), lambda: (
            self.time_left_ms(), len(self.items) - len(self.answered)))
        try:
            choice = exam_leaving.ask(self.leave_box)
        finally:
            self.leave_box.deleteLater()
            self.leave_box = None
        if self.result is not None:  # the time ran out while the box was open
            return True
        if choice == SUBMIT:
            return self.submit(confirmed=True) is not None
        return choice == LEAVE

    def submit(self, time_up: bool = False, confirmed: bool = False) -> ExamResult | None:
        """Hand the exam in (after asking, if questions are left and it was not
        ``confirmed`` already); ``finished(result)``."""
        if self.result is not None:
            return self.result
        left = len(self.items) - len(self.answered)
        no = QMessageBox.StandardButton.No  # the safe choice, Enter's and Escape's
        if left and not (time_up or confirmed) and QMessageBox.question(
                self.submit_button.window(), self.title(), ngettext(
                    "{count} question is not answered. Submit the exam anyway?",
                    "{count} questions are not answered. Submit the exam anyway?",
                    left).format(count=left), QMessageBox.StandardButton.Yes | no,
                no) != QMessageBox.StandardButton.Yes:
            self.submit_button.window().activateWindow()
            return None
        self.clock.stop()
        self._close_round()
        error = self.save_pending()
        try:
            self.result = submit_sitting(self.store, self.actor, self.sitting.id)
        except StoreError as problem:
            self.problem = str(error or problem)
            self.clock.start()
            self.changed.emit()
            return None
        self.finished.emit(self.result)
        return self.result
