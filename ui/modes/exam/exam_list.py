"""The trainee's list of exams: those set for them (an instructor sees every exam), each with
its best result so far and whether a retake is possible (the terms an instructor set,
:mod:`trainer.progress.exams.terms`). An exam that can no longer be started — closed,
replaced by a new version, every sitting used — is not offered, and the list says why.

A sitting left open shows as in progress, with the time left, and continues where it was
left (:mod:`ui.modes.exam.exam`)."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QHideEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, Moment, _, ngettext
from trainer.progress import Store, StoreError
from trainer.progress.exams.sittings import (
    Exam,
    ExamResult,
    Sitting,
    exam_results,
    exams,
    exams_for,
    open_sittings,
    review_sitting,
    submit_sitting,
)
from trainer.progress.exams.terms import ExamTerms, all_terms
from trainer.progress.people.accounts import Actor
from ui.modes.base import clock_text, skill_title
from ui.modes.exam.exam_leaving import time_left_ms
from ui.modes.exam.exam_texts import (
    best_result,
    exam_dates_text,
    exam_terms,
    is_closed,
    percent_text,
)
from ui.widgets.page import Page


def result_text(result: ExamResult) -> str:
    return (_("passed with {score} %") if result.passed else _("not passed, {score} %")).format(
        score=percent_text(result.score_percent))


class ExamList(Page):
    """The exams set for the trainee: ``startRequested(exam)`` (also to continue one in
    progress, or to retake one), ``resultRequested(result)`` (the best). An exam left in
    progress shows its time left."""

    backRequested = Signal()  # noqa: N815
    startRequested = Signal(object)  # noqa: N815
    resultRequested = Signal(object)  # noqa: N815

    def __init__(self, store: Store, parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._actor: Actor | None = None
        #: Each exam's results of the trainee, oldest first.
        self._results: dict[str, list[ExamResult]] = {}
        #: Sittings on a trainee desktop waiting for an instructor's confirmation, by exam.
        self._waiting: dict[str, int] = {}
        self._terms: dict[str, ExamTerms] = {}
        self._open: dict[str, Sitting] = {}
        self._answered: dict[str, int] = {}
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
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
        self.retake_button = QPushButton()
        self.retake_button.clicked.connect(self._retake)
        self.retake_button.hide()
        self.clock = QTimer(self)  # the time left of exams in progress runs on
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.retranslate)
        self.add_way_back(self.back_button)
        self.frame.setContentsMargins(24, 12, 24, 24)
        buttons = QVBoxLayout()
        buttons.addWidget(self.go_button)
        buttons.addWidget(self.retake_button)
        buttons.addStretch(1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.details, 1)
        bottom.addLayout(buttons)
        self.body.addWidget(self.exams, 1)
        self.body.addLayout(bottom)
        self.retranslate()

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Home"))
        self.heading.setText(_("Exams"))
        self.retake_button.setText(_("Re&take the exam ▶"))
        for row in range(self.exams.count()):
            item = self.exams.item(row)
            item.setText(self._item_text(item.data(Qt.ItemDataRole.UserRole)))
        self._show_selected()
        super().retranslate()

    def reload(self, actor: Actor) -> None:
        """The exams set for ``actor`` (an instructor: every exam) and theirs results."""
        self._actor = actor
        self.say(None)
        try:
            found = exams(self._store) if actor.is_instructor else exams_for(self._store, actor)
            self._results = {}
            for result in exam_results(self._store, actor, person_id=actor.person.id):
                self._results.setdefault(result.exam_id, []).append(result)
            self._waiting = {}
            for result in exam_results(self._store, actor, person_id=actor.person.id,
                                       unconfirmed=True):
                self._waiting[result.exam_id] = self._waiting.get(result.exam_id, 0) + 1
            self._terms = all_terms(self._store)
            self._open = open_sittings(self._store, actor, actor.person.id)
            self._answered = {exam_id: sum(1 for reviewed in review_sitting(
                self._store, actor, sat.id) if reviewed.attempt)
                for exam_id, sat in self._open.items()}
        except StoreError as error:
            self.say(error.message, problem=True)
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

    def _terms_of(self, exam: Exam) -> ExamTerms:
        return self._terms.get(exam.id, ExamTerms())

    def _sittings_left(self, exam: Exam) -> int:
        """The sittings the trainee may still start (one in progress counts as started)."""
        taken = (len(self._results.get(exam.id, [])) + self._waiting.get(exam.id, 0)
                 + (exam.id in self._open))
        return self._terms_of(exam).sittings_allowed - taken

    def why_not(self, exam: Exam) -> Message | None:
        """Why a new sitting of ``exam`` cannot start now, as the store would say it; ``None``
        when it may (an exam still to open is offered: its opening is the store's to check,
        with a school server by the server's clock)."""
        terms = self._terms_of(exam)
        if terms.replaced_by is not None:
            return Message.of(N_(
                "This exam was replaced by a new version; choose the new one in the list."))
        closes = terms.closes_at(exam.closes_at)
        if closes is not None and is_closed(exam, terms, datetime.now(UTC)):
            return Message.of(N_("This exam closed on {when}."), when=Moment(closes))
        if self._sittings_left(exam) <= 0 and exam.id not in self._open:
            if terms.sittings_allowed == 1:
                return Message.of(N_("You have already sat this exam."))
            return Message.counted("You have sat this exam {count} time, as many as allowed.",
                                   "You have sat this exam {count} times, as many as allowed.",
                                   terms.sittings_allowed)
        return None

    def _item_text(self, exam: Exam) -> str:
        results = self._results.get(exam.id, [])
        best = best_result(results)
        parts = [exam_terms(exam)]
        if best is not None:
            parts.append(result_text(best) if len(results) == 1 else ngettext(
                "best of {count} sitting: {result}", "best of {count} sittings: {result}",
                len(results)).format(count=len(results), result=result_text(best)))
        if exam.id in self._open:
            left = self._time_left_ms(exam)
            parts.append(_("in progress · {time} left").format(time=clock_text(left))
                         if left > 0 else _("time is up — submit it"))
        elif best is not None and self.why_not(exam) is None:
            allowed = self._terms_of(exam).sittings_allowed
            parts.append(ngettext("retake possible: {left} of {count} sitting left",
                                  "retake possible: {left} of {count} sittings left",
                                  allowed).format(left=self._sittings_left(exam),
                                                  count=allowed))
        elif best is None and (dates := exam_dates_text(exam, datetime.now(UTC),
                                                        self._terms_of(exam))):
            parts.append(dates)
        if self._waiting.get(exam.id):
            parts.append(ngettext(
                "{count} sitting unconfirmed: it counts once an instructor confirms it",
                "{count} sittings unconfirmed: they count once an instructor confirms them",
                self._waiting[exam.id]).format(count=self._waiting[exam.id]))
        return f"{exam.title}\n" + " · ".join(parts)

    def select(self, exam_id: str) -> None:
        """Select the exam ``exam_id`` if the list shows it."""
        for row in range(self.exams.count()):
            if self.exams.item(row).data(Qt.ItemDataRole.UserRole).id == exam_id:
                self.exams.setCurrentRow(row)

    def selected(self) -> Exam | None:
        item = self.exams.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def _show_selected(self) -> None:
        exam = self.selected()
        self.go_button.setEnabled(exam is not None)
        self.retake_button.hide()
        if exam is None:
            self.details.setText(_("No exam has been set yet. An instructor sets exams at "
                                   "the instructor desk."))
            self.go_button.setText(_("&Start the exam ▶"))
        elif exam.id in self._open:
            self._show_in_progress(exam)
        elif exam.id in self._results:
            self._show_sat(exam)
        else:
            reason = self.why_not(exam)
            minutes = ngettext("{count} minute", "{count} minutes",
                               exam.time_limit_s // 60).format(count=exam.time_limit_s // 60)
            first = str(reason) if reason else _(
                "The clock starts when you begin and runs for {minutes}. You see the verdicts "
                "and explanations after you submit.").format(minutes=minutes)
            # Translators: "; " separates the skills of an exam.
            self.details.setText(first + "\n" + _("Skills: {skills}").format(skills=_("; ").join(
                skill_title(part.skill) for part in exam.parts)))
            self.go_button.setText(_("&Start the exam ▶"))
            self.go_button.setEnabled(reason is None)

    def _show_sat(self, exam: Exam) -> None:
        """An exam sat: its best result to see, and a retake when the terms allow one."""
        sat = len(self._results[exam.id])
        lines = [_("You have sat this exam.") if sat == 1 else ngettext(
            "You have sat this exam {count} time; your best result counts.",
            "You have sat this exam {count} times; your best result counts.", sat).format(
            count=sat)]
        reason = self.why_not(exam)
        allowed = self._terms_of(exam).sittings_allowed
        if reason is None:
            lines.append(ngettext(
                "You may sit it again: {left} of {count} sitting left. The best result counts.",
                "You may sit it again: {left} of {count} sittings left. The best result counts.",
                allowed).format(left=self._sittings_left(exam), count=allowed))
            self.retake_button.show()
        elif allowed > 1:
            lines.append(str(reason))
        self.details.setText("\n".join(lines))
        self.go_button.setText(_("See the &result ▶") if sat == 1
                               else _("See your &best result ▶"))

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
        best = best_result(self._results.get(exam.id, []))
        if exam.id in self._open and self._time_left_ms(exam) <= 0:
            self._submit(self._open[exam.id])
        elif exam.id in self._open:
            self.startRequested.emit(exam)
        elif best is not None:
            self.resultRequested.emit(best)
        elif self.why_not(exam) is None:
            self.startRequested.emit(exam)

    def _retake(self) -> None:
        exam = self.selected()
        if exam is not None and exam.id not in self._open and self.why_not(exam) is None:
            self.startRequested.emit(exam)

    def _submit(self, sitting: Sitting) -> None:
        """Hand in an exam whose time ran out while the trainee was away; its result."""
        assert self._actor is not None
        try:
            result = submit_sitting(self._store, self._actor, sitting.id)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.resultRequested.emit(result)
