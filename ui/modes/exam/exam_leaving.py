"""Leaving an exam before it is submitted: the trainee is asked first and told what
happens — the answers so far are kept, the clock keeps running, and they can come back
to the exam until the time is up — or they hand the exam in now.

:func:`ask` shows the box and says what was chosen (tests may stand in for it)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from PySide6.QtWidgets import QMessageBox, QWidget

from i18n import _, ngettext
from trainer.progress.storage.values import utc
from ui.modes.base import clock_text

#: What the trainee chose in the box.
STAY, LEAVE, SUBMIT = "stay", "leave", "submit"


def time_left_ms(deadline: datetime | str) -> int:
    """Milliseconds until a sitting's deadline (negative once it has passed)."""
    when = utc(deadline) if isinstance(deadline, str) else deadline
    return int((when - datetime.now(UTC)).total_seconds() * 1000)


class LeaveBox(QMessageBox):
    """"Leave the exam now?" with Stay (the default, and Escape), Leave and come back
    later, and Submit the exam now. ``figures()`` gives the time left (ms) and how many
    questions are not answered; :meth:`show_figures` re-reads them as the clock runs."""

    def __init__(self, parent: QWidget | None, title: str,
                 figures: Callable[[], tuple[int, int]]):
        super().__init__(parent)
        self.setObjectName("leaveExam")
        self.setIcon(QMessageBox.Icon.Question)
        self._title = title
        self._figures = figures
        # Qt refuses a button without a text: the texts are set here and in retranslate().
        self.stay_button = self.addButton(_("&Stay in the exam"),
                                          QMessageBox.ButtonRole.RejectRole)
        self.stay_button.setObjectName("stay")
        self.leave_button = self.addButton(_("&Leave and come back later"),
                                           QMessageBox.ButtonRole.DestructiveRole)
        self.leave_button.setObjectName("leave")
        self.submit_button = self.addButton(_("S&ubmit the exam now"),
                                            QMessageBox.ButtonRole.ActionRole)
        self.submit_button.setObjectName("submitNow")
        self.setDefaultButton(self.stay_button)
        self.setEscapeButton(self.stay_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self._title)
        self.setText(_("Leave the exam now?"))
        self.stay_button.setText(_("&Stay in the exam"))
        self.leave_button.setText(_("&Leave and come back later"))
        self.submit_button.setText(_("S&ubmit the exam now"))
        self.show_figures()

    def show_figures(self) -> None:
        left_ms, unanswered = self._figures()
        text = _("Your answers so far are kept, and the clock keeps running: {time} left. "
                 "You can come back to this exam from the list of exams until the time "
                 "is up.").format(time=clock_text(left_ms))
        if unanswered:
            text += "\n\n" + ngettext(
                "{count} question is not answered yet. If you do not come back in time, "
                "it counts as wrong.",
                "{count} questions are not answered yet. If you do not come back in time, "
                "they count as wrong.", unanswered).format(count=unanswered)
        self.setInformativeText(text)

    def choice(self) -> str:
        clicked = self.clickedButton()
        if clicked is self.leave_button:
            return LEAVE
        if clicked is self.submit_button:
            return SUBMIT
        return STAY


def ask(box: LeaveBox) -> str:
    """Show ``box`` until the trainee answers: :data:`STAY`, :data:`LEAVE` or
    :data:`SUBMIT`."""
    box.exec()
    return box.choice()
