"""Shared steps for the answer-control tests: real questions of each form, a user's drag."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

import questions
from i18n import format_money
from questions import AnswerKind, Question
from questions.answers import read_chips
from ui.answers import answer_input
from ui.answers.base import AnswerInput


def skills_with(kind: AnswerKind) -> list[str]:
    """Every skill that asks for answers of ``kind`` at some level (seeds 0–29)."""
    return [skill for skill in questions.skills()
            if any(True for _ in _generated(skill, kind, 1))]


def _generated(skill: str, kind: AnswerKind, count: int,
               accept: Callable[[Question], bool] | None = None) -> Iterator[Question]:
    found = 0
    for difficulty in (1, 2, 3):
        for seed in range(30):
            question = questions.generate(skill, seed, difficulty)
            if question.form.kind is kind and (accept is None or accept(question)):
                yield question
                found += 1
                if found == count:
                    return


def question_of(skill: str, kind: AnswerKind,
                accept: Callable[[Question], bool] | None = None) -> Question:
    """The first generated question of ``skill`` asking for ``kind`` (and ``accept``)."""
    return next(_generated(skill, kind, 1, accept))


def shown(qtbot, question: Question, width: int = 1180) -> AnswerInput:
    control = answer_input(question)
    qtbot.addWidget(control)
    control.resize(width, max(control.sizeHint().height(), 120))
    with qtbot.waitActive(control):
        control.show()
        control.activateWindow()
    return control


class Answers:
    """What a control emitted."""

    def __init__(self, control: AnswerInput):
        self.values: list[object] = []
        control.submitted.connect(self.values.append)

    @property
    def last(self) -> object:
        assert self.values, "nothing was submitted"
        return self.values[-1]


def click(qtbot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def drag(source: QWidget, target: QWidget) -> None:
    """Press on ``source``, carry it over ``target`` and let go, as a hand would."""
    QApplication.processEvents()  # lay out what the last drop changed, as between two drags
    start = source.rect().center()
    end = source.mapFromGlobal(target.mapToGlobal(target.rect().center()))
    QTest.mousePress(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(source, start + QPoint(12, 12))
    QTest.mouseMove(source, (start + end) / 2)
    QTest.mouseMove(source, end)
    QTest.mouseRelease(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def pay_with_mouse(qtbot, control, answer) -> None:
    """Pay ``answer`` (chips and change, as ``read_chips`` reads it) into a chip tray with the
    mouse: each chip clicked, the change typed, Check clicked."""
    if control.ways:  # a bet: paid or collected
        click(qtbot, control.way_buttons[answer["way"]])
    chips, change = read_chips(_payment(answer), control.denominations)
    for value, count in chips.items():
        for _ in range(count):
            click(qtbot, control.chips[value])
    if change:
        click(qtbot, control.change)
        qtbot.keyClicks(control.change, _typed(change))
    click(qtbot, control.check_button)


def _payment(answer) -> dict:
    """The chips and change of a chip answer (without its way or part taken back)."""
    return {key: value for key, value in answer.items() if key in ("chips", "change")}


def pay_with_keys(qtbot, control, answer) -> None:
    """The same with the keyboard only, from the tray having the focus: each chip's letter,
    Tab to the change, Enter."""
    if control.ways:  # a bet: P or R
        from ui.answers.chips import WAY_KEYS

        qtbot.keyClick(QApplication.focusWidget(),
                       getattr(Qt.Key, f"Key_{WAY_KEYS[answer['way']]}"))
    chips, change = read_chips(_payment(answer), control.denominations)
    for value, count in chips.items():
        for _ in range(count):
            qtbot.keyClick(QApplication.focusWidget(),
                           getattr(Qt.Key, f"Key_{control.chips[value].key}"))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    if change:
        qtbot.keyClicks(QApplication.focusWidget(), _typed(change))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def walk_with_mouse(qtbot, control, answer) -> None:
    """Settle a table as ``answer``'s steps say with the mouse: each place clicked, its way
    clicked, its chips clicked (the part taken back after the switch), its change typed,
    Settle clicked; then Check."""
    from ui.answers.walk import NOTHING

    for step in answer["steps"]:
        click(qtbot, control.place_buttons[step["place"]])
        click(qtbot, control.way_buttons[step["way"]])
        if step["way"] != NOTHING:
            tray = control.tray
            _put_with_mouse(qtbot, tray, step, tray.change)
            if "taken" in step:
                click(qtbot, tray.switch)
                _put_with_mouse(qtbot, tray, step["taken"], tray.taken_change)
        click(qtbot, control.settle_button)
    click(qtbot, control.check_button)


def _put_with_mouse(qtbot, tray, part, box) -> None:
    chips, change = read_chips({"chips": part["chips"], "change": part.get("change", "")},
                               tray.denominations)
    for value, count in chips.items():
        for _ in range(count):
            click(qtbot, tray.chips[value])
    if change:
        click(qtbot, box)
        qtbot.keyClicks(box, _typed(change))


def walk_with_keys(qtbot, control, answer) -> None:
    """The same with the keyboard only: a place's number (0 for 10), P, R or O, the chips'
    letters (T before the part taken back), Tab to the change, Enter; Enter checks."""
    from ui.answers.walk import NOTHING, WAY_KEYS, place_key

    for step in answer["steps"]:
        qtbot.keyClick(QApplication.focusWidget(), getattr(Qt.Key,
                                                           f"Key_{place_key(step['place'])}"))
        qtbot.keyClick(QApplication.focusWidget(), getattr(Qt.Key,
                                                           f"Key_{WAY_KEYS[step['way']]}"))
        if step["way"] != NOTHING:
            tray = control.tray
            _put_with_keys(qtbot, tray, step)
            if "taken" in step:
                qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_T)
                _put_with_keys(qtbot, tray, step["taken"], taken=True)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def _put_with_keys(qtbot, tray, part, taken: bool = False) -> None:
    chips, change = read_chips({"chips": part["chips"], "change": part.get("change", "")},
                               tray.denominations)
    tray.tray.setFocus()  # the chips' letters go to the tray (as after P, R or Shift+Tab)
    for value, count in chips.items():
        for _ in range(count):
            qtbot.keyClick(QApplication.focusWidget(),
                           getattr(Qt.Key, f"Key_{tray.chips[value].key}"))
    if change:
        box = tray.taken_change if taken else tray.change
        box.setFocus()  # Tab (twice to the part taken back)
        qtbot.keyClicks(box, _typed(change))


def _typed(amount: Decimal) -> str:
    """An amount as a trainee types it: the language's separators, no currency."""
    return format_money(amount).replace("MOP$", "").replace("MOP", "").strip()


def digit_key(n: int) -> Qt.Key:
    return getattr(Qt.Key, f"Key_{n}")


def press_until(done: Callable[[], bool], press: Callable[[], None], limit: int = 60) -> None:
    """Press keys (``press``) until ``done()``; fail rather than loop for ever."""
    for _ in range(limit):
        if done():
            return
        press()
    assert done(), "the keys never got there"
