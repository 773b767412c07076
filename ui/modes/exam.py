"""Exams as the instructor defined them (:mod:`trainer.progress.exams.sittings`): the list of exams,
and taking one — its fixed questions, the time limit counting down, no verdicts or
explanations until it is submitted. When the time runs out the exam is submitted.

Leaving an exam asks first (:mod:`ui.modes.exam_leaving`); a sitting left open shows in
the list as in progress, with the time left, and continues where it was left."""

from __future__ import annotations

from datetime import UTC, datetime

from babel.numbers import format_decimal
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import i18n
import questions
from i18n import Moment, _, ngettext
from questions import Question, Verdict
from questions.model import jsonable
from trainer.progress import Store, StoreError
from trainer.progress.exams.sittings import (
    Exam,
    ExamItem,
    ExamResult,
    Sitting,
    answer_exam_item,
    exam_items,
    exam_results,
    exams,
    open_sittings,
    review_sitting,
    submit_sitting,
)
from trainer.progress.learning.summaries import utc
from trainer.progress.people.accounts import Actor
from ui.modes import exam_leaving
from ui.modes.base import QuizMode, clock_text, skill_title
from ui.modes.exam_leaving import LEAVE, SUBMIT, LeaveBox, time_left_ms
from ui.translated import Retranslating


def percent_text(value: object) -> str:
    return format_decimal(value, format="0.#", locale=i18n.locale_of())


def exam_terms(exam: Exam) -> str:
    """"12 questions · 30 minutes · pass mark 80 %", in the current language."""
    return _("{questions} · {minutes} · pass mark {percent} %").format(
        questions=ngettext("{count} question", "{count} questions", exam.questions).format(
            count=exam.questions),
        minutes=ngettext("{count} minute", "{count} minutes", exam.time_limit_s // 60).format(
            count=exam.time_limit_s // 60),
        percent=percent_text(exam.pass_percent))


def exam_dates_text(exam: Exam, now: datetime) -> str:
    """When the exam may be started, as it stands at ``now``: "opens …", "open until …",
    "closed …"; empty for an exam always open."""
    if exam.opens_at and now < utc(exam.opens_at):
        return _("opens {when}").format(when=Moment(exam.opens_at))
    if exam.closes_at and now >= utc(exam.closes_at):
        return _("closed {when}").format(when=Moment(exam.closes_at))
    if exam.closes_at:
        return _("open until {when}").format(when=Moment(exam.closes_at))
    return ""


class ExamMode(QuizMode):
    session_mode = "exam"
    explains = False

    def __init__(self, store: Store, actor: Actor, exam: Exam, sitting: Sitting,
                 parent: QObject | None = None):
        super().__init__(store, actor, parent)
        self.exam, self.sitting = exam, sitting
        self.items = exam_items(exam)
        self.answered = {reviewed.item.index for reviewed in
                         review_sitting(store, actor, sitting.id) if reviewed.attempt}
        self.current: ExamItem | None = None
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
        super().stop()

    def next_question(self) -> Question | None:
        count = len(self.items)
        first = self.current.index + 1 if self.current else 0
        for step in range(count):
            item = self.items[(first + step) % count]
            if item.index not in self.answered:
                self.current = item
                return questions.generate(item.skill, item.seed, item.difficulty,
                                          self.exam.rules)
        self.current = None
        self.skip_button.setEnabled(False)
        self.submit_button.setFocus()
        return None

    def keep(self, question: Question, answer: object, verdict: Verdict | None,
             elapsed_ms: int) -> None:
        assert self.current is not None and verdict is not None
        store, actor, sitting, index = self.store, self.actor, self.sitting.id, self.current.index
        data, given = question.to_json(), jsonable(answer)
        self.pending.append(lambda: answer_exam_item(
            store, actor, sitting, index, data, given, verdict.correct, verdict.score,
            elapsed_ms))
        self.answered.add(index)
        self.changed.emit()

    def _tick_clock(self) -> None:
        self.changed.emit()
        if self.leave_box is not None:
            self.leave_box.show_figures()
        if self.time_left_ms() <= 0:
            if self.leave_box is not None:
                self.leave_box.done(0)  # nothing left to choose: the exam is handed in
            self.submit(time_up=True)

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


class ExamList(Retranslating, QWidget):
    """The exams an instructor defined: ``startRequested(exam)`` (also to continue one in
    progress), ``resultRequested(result)``. An exam left in progress shows its time left."""

    backRequested = Signal()  # noqa: N815
    startRequested = Signal(object)  # noqa: N815
    resultRequested = Signal(object)  # noqa: N815

    def __init__(self, store: Store, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor: Actor | None = None
        self._results: dict[str, ExamResult] = {}
        self._open: dict[str, Sitting] = {}
        self._answered: dict[str, int] = {}
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.exams = QListWidget()
        self.exams.setObjectName("exams")
        self.heading.setBuddy(self.exams)  # names the list for screen readers
        self.exams.currentRowChanged.connect(lambda _row: self._show_selected())
        self.exams.itemActivated.connect(lambda _item: self._go())
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setObjectName("hint")
        self.go_button = QPushButton()
        self.go_button.setObjectName("primary")
        self.go_button.clicked.connect(self._go)
        self.problem = QLabel()
        self.problem.setObjectName("error")
        self.problem.setWordWrap(True)
        self.clock = QTimer(self)  # the time left of exams in progress runs on
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.retranslate)
        top = QHBoxLayout()
        top.addWidget(self.back_button)
        top.addStretch(1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.details, 1)
        bottom.addWidget(self.go_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 12, 24, 24)
        layout.addLayout(top)
        layout.addWidget(self.heading)
        layout.addWidget(self.exams, 1)
        layout.addLayout(bottom)
        layout.addWidget(self.problem)
        self.retranslate()

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Home"))
        self.heading.setText(_("Exams"))
        for row in range(self.exams.count()):
            item = self.exams.item(row)
            item.setText(self._item_text(item.data(Qt.ItemDataRole.UserRole)))
        self._show_selected()

    def reload(self, actor: Actor) -> None:
        self._actor = actor
        self.problem.clear()
        try:
            found = exams(self._store)
            self._results = {r.exam_id: r for r in exam_results(
                self._store, actor, person_id=actor.person.id)}
            self._open = open_sittings(self._store, actor, actor.person.id)
            self._answered = {exam_id: sum(1 for reviewed in review_sitting(
                self._store, actor, sat.id) if reviewed.attempt)
                for exam_id, sat in self._open.items()}
        except StoreError as error:
            self.problem.setText(str(error))
            found, self._open = [], {}
        self.exams.clear()
        for exam in found:
            item = QListWidgetItem(self._item_text(exam))
            item.setData(Qt.ItemDataRole.UserRole, exam)
            self.exams.addItem(item)
        if found:
            self.exams.setCurrentRow(0)
        self._show_selected()
        if self._open:
            self.clock.start()
        else:
            self.clock.stop()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt's name
        self.clock.stop()
        super().hideEvent(event)

    def _time_left_ms(self, exam: Exam) -> int:
        return time_left_ms(self._open[exam.id].deadline_at)

    def _item_text(self, exam: Exam) -> str:
        result = self._results.get(exam.id)
        line = f"{exam.title}\n{exam_terms(exam)}"
        if result is not None:
            line += " · " + (_("passed with {score} %") if result.passed
                             else _("not passed, {score} %")).format(
                score=percent_text(result.score_percent))
        elif exam.id in self._open:
            left = self._time_left_ms(exam)
            line += " · " + (_("in progress · {time} left").format(time=clock_text(left))
                             if left > 0 else _("time is up — submit it"))
        elif dates := exam_dates_text(exam, datetime.now(UTC)):
            line += " · " + dates
        return line

    def selected(self) -> Exam | None:
        item = self.exams.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def _show_selected(self) -> None:
        exam = self.selected()
        self.go_button.setEnabled(exam is not None)
        if exam is None:
            self.details.setText(_("No exam has been set yet. An instructor sets exams at "
                                   "the instructor desk."))
            self.go_button.setText(_("&Start the exam ▶"))
        elif exam.id in self._results:
            self.details.setText(_("You have sat this exam."))
            self.go_button.setText(_("See the &result ▶"))
        elif exam.id in self._open:
            self._show_in_progress(exam)
        else:
            self.details.setText(_("The clock starts when you begin and runs for {minutes}. "
                                   "You see the verdicts and explanations after you submit.")
                                 .format(minutes=ngettext(
                                     "{count} minute", "{count} minutes",
                                     exam.time_limit_s // 60).format(
                                     count=exam.time_limit_s // 60))
                                 # Translators: "; " separates the skills of an exam.
                                 + "\n" + _("Skills: {skills}").format(skills=_("; ").join(
                                     skill_title(part.skill) for part in exam.parts)))
            self.go_button.setText(_("&Start the exam ▶"))

    def _show_in_progress(self, exam: Exam) -> None:
        """An exam started and left: what happens now, and the way back to it."""
        left, answered = self._time_left_ms(exam), self._answered.get(exam.id, 0)
        if left > 0:
            self.details.setText(_(
                "You started this exam and left it; {answered} of {count} questions are "
                "answered. Your answers are kept and the clock keeps running: {time} left. "
                "Continue with the questions not answered yet; any still unanswered when "
                "the time is up count as wrong.").format(
                answered=answered, count=exam.questions, time=clock_text(left)))
            self.go_button.setText(_("&Continue the exam ▶"))
        else:
            self.details.setText(_(
                "The time for this exam is up; {answered} of {count} questions are "
                "answered. Submit it to see your result: the questions not answered count "
                "as wrong.").format(answered=answered, count=exam.questions))
            self.go_button.setText(_("&Submit the exam ▶"))

    def _go(self) -> None:
        exam = self.selected()
        if exam is None:
            return
        if exam.id in self._results:
            self.resultRequested.emit(self._results[exam.id])
        elif exam.id in self._open and self._time_left_ms(exam) <= 0:
            self._submit(self._open[exam.id])
        else:
            self.startRequested.emit(exam)

    def _submit(self, sitting: Sitting) -> None:
        """Hand in an exam whose time ran out while the trainee was away; its result."""
        assert self._actor is not None
        try:
            result = submit_sitting(self._store, self._actor, sitting.id)
        except StoreError as error:
            self.problem.setText(str(error))
            return
        self.resultRequested.emit(result)
