"""The end of a practice or drill session: what was answered, what was right, the time
spent, the skills missed, and a way to try the mistakes again."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

import questions
from i18n import _, ngettext
from questions import Question
from trainer.progress import Store
from trainer.progress.people.accounts import Actor
from ui.modes.base import AnsweredItem, QuizMode, clock_text, skill_title
from ui.widgets.page import Page


class SessionSummary(Page):
    """``retryRequested(mistakes)`` to answer the wrong ones again; ``backRequested`` home."""

    retryRequested = Signal(list)  # noqa: N815 - the AnsweredItems answered wrong
    backRequested = Signal()  # noqa: N815

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.answers: list[AnsweredItem] = []
        self.figures = QLabel()
        self.figures.setObjectName("figures")
        self.missed = QLabel()
        self.missed.setWordWrap(True)
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.retry_button = QPushButton()
        self.retry_button.setObjectName("primary")
        self.retry_button.clicked.connect(lambda: self.retryRequested.emit(self.mistakes()))
        self.frame.setContentsMargins(24, 16, 24, 16)
        self.body.addWidget(self.figures)
        self.body.addWidget(self.missed)
        self.body.addStretch(1)
        self.bottom.insertWidget(0, self.back_button)  # the way back on the left
        self.add_buttons(self.retry_button)
        self.retranslate()

    def show_session(self, answers: list[AnsweredItem]) -> None:
        self.answers = list(answers)
        self.retranslate()
        (self.retry_button if self.mistakes() else self.back_button).setFocus(
            Qt.FocusReason.OtherFocusReason)

    def mistakes(self) -> list[AnsweredItem]:
        return [item for item in self.answers if not item.correct]

    def retranslate(self) -> None:
        self.heading.setText(_("Session summary"))
        self.back_button.setText(_("◀ Home"))
        self.retry_button.setText(_("&Retry my mistakes ▶"))
        answered = len(self.answers)
        right = sum(item.correct for item in self.answers)
        spent = sum(item.elapsed_ms for item in self.answers)
        self.figures.setText(" · ".join((
            ngettext("{count} answered", "{count} answered", answered).format(count=answered),
            ngettext("{count} right", "{count} right", right).format(count=right),
            _("{time} spent answering").format(time=clock_text(spent)))))
        missed = Counter(item.skill for item in self.mistakes())
        if missed:
            skills = "; ".join(f"{skill_title(skill)} ({count})"
                               for skill, count in missed.most_common())
            self.missed.setText(_("Skills missed: {skills}").format(skills=skills))
        else:
            self.missed.setText(_("No mistakes in this session."))
        self.retry_button.setEnabled(bool(missed))
        super().retranslate()


class RetryMode(QuizMode):
    """The questions answered wrong in a session, asked again, in order, then done."""

    session_mode = "practice"

    def __init__(self, store: Store, actor: Actor, mistakes: list[AnsweredItem],
                 parent: QObject | None = None):
        super().__init__(store, actor, parent)
        self.waiting = list(mistakes)

    def title(self) -> str:
        return _("Retrying my mistakes")

    def status(self, elapsed_ms: int) -> str:
        return ngettext("{count} question left", "{count} questions left",
                        len(self.waiting)).format(count=len(self.waiting))

    def end_text(self) -> str:
        return _("Every mistake has been tried again.")

    def next_question(self) -> Question | None:
        if not self.waiting:
            return None
        item = self.waiting.pop(0)
        return questions.generate(item.skill, item.seed, item.difficulty, self.rules())
