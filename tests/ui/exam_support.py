"""Answering the box that asks before an exam is left, as a trainee would: the real box,
found once it is on screen, and one of its buttons clicked (or a key pressed)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from modes_support import click, open_home
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from trainer.progress.exams.sittings import ExamPart, create_exam
from trainer.progress.people.accounts import add_instructor, sign_in
from ui.modes.exam.exam_leaving import LeaveBox

#: The box's buttons by what the trainee chooses.
BUTTONS = {"stay": "stay", "leave": "leave", "submit": "submitNow"}


def reply_to_leave_box(choice: str | None, seen: list[dict[str, str]] | None = None,
                       look: Callable[[LeaveBox], None] | None = None,
                       tries: int = 200) -> None:
    """When the box shows: ``look`` at it, note what it says in ``seen``, then click
    ``choice`` ("stay", "leave", "submit"), press Escape (``"escape"``) or do nothing
    (``None``)."""

    def reply(left: int = tries) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, LeaveBox):
            if left:
                QTimer.singleShot(20, lambda: reply(left - 1))
            return
        if seen is not None:
            seen.append({
                "title": box.windowTitle(), "text": box.text(),
                "details": box.informativeText(),
                "buttons": [b.text() for b in box.buttons()],
                "default": box.defaultButton().objectName(),
                "escape": box.escapeButton().objectName()})
        if look is not None:
            look(box)
        if choice == "escape":
            QTest.keyClick(box, Qt.Key.Key_Escape)
        elif choice is not None:
            box.findChild(QPushButton, BUTTONS[choice]).click()

    QTimer.singleShot(20, reply)


def make_exam(store):
    """Three questions in ten minutes, set by an instructor: two first seats, one payout."""
    teacher = add_instructor(store, "Mestre Lei", "correct horse")
    actor = sign_in(store, teacher.id, "correct horse")
    return create_exam(store, actor, "Dealing checks", [
        ExamPart("thirteen.first_seat", 2, 1), ExamPart("thirteen.payout", 1, 1)],
        seed=7, time_limit_s=600, pass_percent=Decimal(60), same_questions=True)


def open_exams(qtbot, window):
    open_home(qtbot, window)
    click(qtbot, window.home.buttons["exam"])
    return window.exam_list


def start(qtbot, window):
    """The first exam of the list started: the quiz page."""
    click(qtbot, open_exams(qtbot, window).go_button)
    assert window.pages.currentWidget() is window.quiz
    return window.quiz
