"""The quiz: a question at the table, the trainee's answer, the verdict and its articles.

Each graded answer is stored at once. If the store refuses (busy, disk full) the
answer is kept and saved with the next one, and the trainee is told; nothing is lost.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import questions
from i18n import _
from questions import Question, UnreadableAnswer, Verdict
from trainer.progress import Person, Store, StoreError
from ui.translated import Retranslating
from ui.widgets.dice import DiceWidget
from ui.widgets.table_places import TablePlaces


class QuizView(Retranslating, QWidget):
    backRequested = Signal()  # noqa: N815
    answered = Signal(object)  # noqa: N815 - the Verdict

    def __init__(self, store: Store, skill_ids: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self._store = store
        self._skill_ids = skill_ids
        self._person: Person | None = None
        self._session: str | None = None
        self._question: Question | None = None
        self._verdict: Verdict | None = None
        self._shown_at = 0.0
        self._unsaved: list[dict[str, Any]] = []

        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.trainee = QLabel()
        self.level_label = QLabel()
        self.level = QComboBox()
        self.level.currentIndexChanged.connect(lambda _i: self.next_question())
        self.level_label.setBuddy(self.level)
        self.skill_title = QLabel()
        self.skill_title.setObjectName("skillTitle")
        self.prompt = QLabel()
        self.prompt.setObjectName("prompt")
        self.prompt.setWordWrap(True)
        self.dice = DiceWidget()
        self.table = TablePlaces()
        self.table.placeChosen.connect(self.answer)
        self.hint = QLabel()
        self.hint.setObjectName("hint")
        self.result = QLabel()
        self.result.setObjectName("result")
        self.result.setWordWrap(True)
        self.explanation = QLabel()
        self.explanation.setObjectName("explanation")
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.warning = QLabel()
        self.warning.setObjectName("error")
        self.warning.setWordWrap(True)
        self.next_button = QPushButton()
        self.next_button.clicked.connect(self.next_question)
        self.feedback = QFrame()
        self.feedback.setObjectName("feedback")
        self._layout()
        self._shortcuts()
        self.retranslate()

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.back_button)
        top.addWidget(self.trainee, 1)
        top.addWidget(self.level_label)
        top.addWidget(self.level)
        feedback = QVBoxLayout(self.feedback)
        feedback.addWidget(self.result)
        feedback.addWidget(self.explanation)
        feedback.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignRight)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 16, 24, 16)
        layout.addLayout(top)
        layout.addWidget(self.skill_title)
        layout.addWidget(self.prompt)
        layout.addWidget(self.dice)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.hint)
        layout.addWidget(self.feedback)
        layout.addWidget(self.warning)

    def _shortcuts(self) -> None:
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for place in range(1, 5):
            shortcut = QShortcut(QKeySequence(str(place)), self, context=context)
            shortcut.activated.connect(lambda p=place: self.answer(p))
        for key in ("Return", "Enter", "N"):
            shortcut = QShortcut(QKeySequence(key), self, context=context)
            shortcut.activated.connect(self._enter)

    def retranslate(self) -> None:
        self.back_button.setText(_("◀ Trainees"))
        self.level_label.setText(_("&Level"))
        current = max(0, self.level.currentIndex())
        self.level.blockSignals(True)
        self.level.clear()
        for level, name in ((1, _("1 · Basic")), (2, _("2 · Table")), (3, _("3 · Expert"))):
            self.level.addItem(name, level)
        self.level.setCurrentIndex(current)
        self.level.blockSignals(False)
        self.next_button.setText(_("&Next question ▶"))
        self.hint.setText(_("Click a place, or press 1 to 4."))
        if self._person is not None:
            self.trainee.setText(_("Trainee: {name}").format(name=self._person.name))
        self._show_question_texts()
        if self._verdict is not None:
            self._show_verdict(self._verdict)

    # Flow --------------------------------------------------------------------------------

    def start(self, person: Person, mode: str = "practice") -> None:
        self._person = person
        try:
            self._session = self._store.start_session(person.id, mode)
        except StoreError as error:
            self._session = None
            self.warning.setText(str(error))
        self.retranslate()
        self.next_question()

    def stop(self) -> None:
        self._save_pending()
        if self._session is not None:
            try:
                self._store.end_session(self._session)
            except StoreError as error:
                self.warning.setText(str(error))
        self._session = None

    def question(self) -> Question | None:
        return self._question

    def next_question(self) -> None:
        skill_id = self._skill_ids[secrets.randbelow(len(self._skill_ids))]
        difficulty = self.level.currentData() or 1
        self.show_question(questions.generate(skill_id, secrets.randbits(31), difficulty))

    def show_question(self, question: Question) -> None:
        self._question = question
        self._verdict = None
        self.dice.set_faces(question.situation["dice"])
        self.table.reset()
        self.feedback.hide()
        self._show_question_texts()
        self.table.setFocus()
        self._shown_at = time.monotonic()

    def _show_question_texts(self) -> None:
        if self._question is not None:
            self.skill_title.setText(str(questions.skill(self._question.skill).title))
            self.prompt.setText(str(self._question.prompt))

    def _enter(self) -> None:
        """Enter answers with the highlighted place, or moves on once answered."""
        if self._verdict is not None:
            self.next_question()
        else:
            self.table.choose_focused()

    def answer(self, place: int) -> None:
        """Grade ``place`` with the rules core, show why, and store the attempt."""
        if self._question is None or self._verdict is not None:
            return
        elapsed_ms = int((time.monotonic() - self._shown_at) * 1000)
        try:
            verdict = self._question.grade(place)
        except UnreadableAnswer as problem:
            self.warning.setText(str(problem))
            return
        self._verdict = verdict
        self.table.show_result(place, verdict.expected)
        self._show_verdict(verdict)
        self._record(place, verdict, elapsed_ms)
        self.answered.emit(verdict)

    def _show_verdict(self, verdict: Verdict) -> None:
        mark = "✔" if verdict.correct else "✘"
        self.result.setText(f"{mark} {verdict.summary}")
        self.result.setProperty("correct", verdict.correct)
        self.result.style().unpolish(self.result)
        self.result.style().polish(self.result)
        self.explanation.setText(verdict.explanation)
        self.feedback.show()
        self.next_button.setFocus()

    def _record(self, answer: Any, verdict: Verdict, elapsed_ms: int) -> None:
        assert self._person is not None and self._question is not None
        self._unsaved.append({
            "person_id": self._person.id, "session_id": self._session,
            "question": self._question.to_json(), "answer": answer,
            "correct": verdict.correct, "score": verdict.score, "response_ms": elapsed_ms,
        })
        self._save_pending()

    def _save_pending(self) -> None:
        while self._unsaved:
            try:
                self._store.record_attempt(**self._unsaved[0])
            except StoreError as error:
                self.warning.setText(_("Your answer is kept and will be saved with the next "
                                       "one. {problem}").format(problem=error))
                return
            self._unsaved.pop(0)
        self.warning.clear()
