"""Shared steps for the mode tests: known questions, and answering them through the real
quiz view with the mouse or the keyboard, as a trainee would."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

import questions
from i18n import format_money
from questions import AnswerKind, Question
from trainer.progress.storage.ledger import stored_attempts

#: A skill and level per answer form, and what its question must be like to test it well.
FORMS: dict[AnswerKind, tuple[str, int, Callable[[Question], bool]]] = {
    AnswerKind.CHOICE: ("thirteen.tier_winner", 1, lambda q: True),
    AnswerKind.ORDERING: ("thirteen.rank_hands", 1, lambda q: len(q.form.options) >= 3
                          and q.reference_answer() != tuple(o.value for o in q.form.options)),
    AnswerKind.AMOUNT: ("thirteen.payout", 1, lambda q: q.reference_answer() != 0),
    AnswerKind.CHIPS: ("thirteen.payout_in_chips", 1,
                       lambda q: len(q.reference_answer()["chips"]) >= 2),
    AnswerKind.WALK: ("mahjong_baccarat.settlement_in_chips", 1,
                      lambda q: len(q.form.options) >= 3),
    AnswerKind.CHOICES: ("mahjong.waits", 2, lambda q: 1 < len(q.reference_answer())
                         and all(i < 9 for i, o in enumerate(q.form.options)
                                 if o.value in q.reference_answer())),
    AnswerKind.MOVES: ("thirteen.misdeal", 2,
                       lambda q: q.reference_answer()["action"] == "rectify"
                       and len(q.reference_answer()["moves"]) >= 2),
    AnswerKind.ARRANGEMENT: ("thirteen.house_way", 1,
                             lambda q: not q.reference_answer()["natural"]),
    AnswerKind.RULING: ("thirteen.procedure", 1, lambda q: len(q.reference_answer()["reasons"])
                        >= 2),
}


def seed_for(skill: str, kind: AnswerKind | None = None,
             accept: Callable[[Question], bool] = lambda q: True,
             difficulty: int = 1) -> int:
    """The first seed whose question of ``skill`` asks for ``kind`` and passes ``accept``."""
    for seed in range(400):
        question = questions.generate(skill, seed, difficulty)
        if (kind is None or question.form.kind is kind) and accept(question):
            return seed
    raise AssertionError(f"no seed of {skill} gives the question wanted")


class KnownSeeds:
    """Stands in for ``secrets`` in ``ui.modes.base``: new questions get these seeds."""

    def __init__(self, *seeds: int):
        self.seeds = list(seeds)

    def randbits(self, _bits: int) -> int:
        return self.seeds.pop(0) if len(self.seeds) > 1 else self.seeds[0]


def use_seeds(monkeypatch, *seeds: int) -> None:
    monkeypatch.setattr("ui.modes.base.secrets", KnownSeeds(*seeds))


def click(qtbot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def drag(source: QWidget, target: QWidget) -> None:
    """Press on ``source``, carry it over ``target`` and let go, as a hand would."""
    QApplication.processEvents()
    start = source.rect().center()
    end = source.mapFromGlobal(target.mapToGlobal(target.rect().center()))
    QTest.mousePress(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(source, start + QPoint(12, 12))
    QTest.mouseMove(source, (start + end) / 2)
    QTest.mouseMove(source, end)
    QTest.mouseRelease(source, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)


def key(qtbot, widget: QWidget | None, which: Qt.Key,
        modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed where the keyboard focus is (or on ``widget``)."""
    target = widget or QApplication.focusWidget()
    assert target is not None, "nothing has the keyboard focus"
    qtbot.keyClick(target, which, modifier)


def digit(n: int) -> Qt.Key:
    return getattr(Qt.Key, f"Key_{n}")


# Answering each form -----------------------------------------------------------------------


def answer_with_mouse(qtbot, quiz, answer=None) -> None:
    """Give ``answer`` (the reference answer by default) with the mouse only."""
    question = quiz.question()
    control = quiz.panel.answer_input
    answer = question.reference_answer() if answer is None else answer
    kind = question.form.kind
    if kind is AnswerKind.CHOICE:
        [button] = [b for b, o in zip(control.buttons, control.options, strict=True)
                    if o.value == answer]
        click(qtbot, button)
    elif kind is AnswerKind.ORDERING:
        for position, value in enumerate(answer):
            row = next(r for r in control.rows if r.option.value == value)
            if control.rows.index(row) != position:
                drag(row, control.rows[position])
        click(qtbot, control.check_button)
    elif kind is AnswerKind.AMOUNT:
        click(qtbot, control.edit)
        qtbot.keyClicks(control.edit, format_money(Decimal(answer)))
        click(qtbot, control.check_button)
    elif kind is AnswerKind.CHOICES:
        for box, option in zip(control.boxes, control.options, strict=True):
            if option.value in answer:
                click(qtbot, box)
        click(qtbot, control.check_button)
    elif kind is AnswerKind.MOVES:
        index = [o.value for o in control.options].index(answer["action"])
        click(qtbot, control.radios[index])
        for card, place in answer["moves"]:
            drag(control.pieces[card], control.rows[place])
        click(qtbot, control.check_button)
    elif kind is AnswerKind.ARRANGEMENT:
        for tier in ("front", "middle", "back"):
            for card in answer[tier]:
                drag(control.pieces[card], control.rows[tier])
        click(qtbot, control.check_button)
    elif kind is AnswerKind.RULING:
        index = [o.value for o in control.rulings].index(answer["ruling"])
        click(qtbot, control.radios[index])
        for box, option in zip(control.boxes, control.reasons, strict=True):
            if option.value in answer["reasons"]:
                click(qtbot, box.label)
        click(qtbot, control.check_button)
    elif kind is AnswerKind.CHIPS:
        from answers_support import pay_with_mouse

        pay_with_mouse(qtbot, control, answer)
    elif kind is AnswerKind.WALK:
        from answers_support import walk_with_mouse

        walk_with_mouse(qtbot, control, answer)


TIER_KEYS = {"front": Qt.Key.Key_F, "middle": Qt.Key.Key_M, "back": Qt.Key.Key_B}


def answer_with_keyboard(qtbot, quiz, answer=None) -> None:
    """Give ``answer`` (the reference answer by default) with the keyboard only; the quiz
    has put the focus on the answer control."""
    question = quiz.question()
    control = quiz.panel.answer_input
    answer = question.reference_answer() if answer is None else answer
    kind = question.form.kind
    if kind is AnswerKind.CHOICE:
        index = [o.value for o in control.options].index(answer)
        for _ in range(index):
            key(qtbot, None, Qt.Key.Key_Right)
        key(qtbot, None, Qt.Key.Key_Return)
    elif kind is AnswerKind.ORDERING:
        at = 0  # the focus starts on the first row
        for position, value in enumerate(answer):
            now = [r.option.value for r in control.rows].index(value)
            for _ in range(abs(now - at)):
                key(qtbot, None, Qt.Key.Key_Down if now > at else Qt.Key.Key_Up)
            for _ in range(now - position):
                key(qtbot, None, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
            at = position
        key(qtbot, None, Qt.Key.Key_Return)
    elif kind is AnswerKind.AMOUNT:
        qtbot.keyClicks(QApplication.focusWidget(), format_money(Decimal(answer)))
        key(qtbot, None, Qt.Key.Key_Return)
    elif kind is AnswerKind.CHOICES:
        for index, option in enumerate(control.options):
            if option.value in answer:
                key(qtbot, None, digit(index + 1))
        key(qtbot, None, Qt.Key.Key_Return)
    elif kind is AnswerKind.MOVES:
        index = [o.value for o in control.options].index(answer["action"])
        key(qtbot, None, Qt.Key.Key_Space)  # the first action, then down to the one wanted
        for _ in range(index):
            key(qtbot, None, Qt.Key.Key_Down)
        for card, place in answer["moves"]:
            control.pieces[card].setFocus()  # as if tabbed to
            key(qtbot, None, digit(place))
        key(qtbot, None, Qt.Key.Key_Return)
    elif kind is AnswerKind.ARRANGEMENT:
        for tier in ("front", "middle", "back"):
            for card in answer[tier]:
                control.pieces[card].setFocus()  # as if walked to with the arrow keys
                key(qtbot, None, TIER_KEYS[tier])
        key(qtbot, None, Qt.Key.Key_Return)
    elif kind is AnswerKind.RULING:
        from ui.answers.ruling import REASON_KEYS, RULING_KEYS

        index = [o.value for o in control.rulings].index(answer["ruling"])
        key(qtbot, None, getattr(Qt.Key, f"Key_{RULING_KEYS[index]}"))
        for index, option in enumerate(control.reasons):
            if option.value in answer["reasons"]:
                key(qtbot, None, getattr(Qt.Key, f"Key_{REASON_KEYS[index]}"))
        key(qtbot, None, Qt.Key.Key_Return)
    elif kind is AnswerKind.CHIPS:
        from answers_support import pay_with_keys

        pay_with_keys(qtbot, control, answer)
    elif kind is AnswerKind.WALK:
        from answers_support import walk_with_keys

        walk_with_keys(qtbot, control, answer)


# Getting to the modes ----------------------------------------------------------------------


def open_home(qtbot, window):
    """From the start screen to the selected trainee's home page."""
    click(qtbot, window.start_screen.start_button)
    assert window.pages.currentWidget() is window.home
    return window.home


def start_practice(qtbot, window, skills: list[str], level: int = 1):
    """Home → Practice → tick ``skills`` at ``level`` → Start: the quiz view."""
    if window.pages.currentWidget() is window.start_screen:
        open_home(qtbot, window)
    click(qtbot, window.home.buttons["practice"])
    setup = window.practice_setup
    assert window.pages.currentWidget() is setup
    setup.picker.choose_skills(skills)
    setup.picker.level.setCurrentIndex(level - 1)
    click(qtbot, setup.start_button)
    assert window.pages.currentWidget() is window.quiz
    return window.quiz


def attempts(store):
    [person] = [p for p in store.people() if p.role == "trainee"]
    return stored_attempts(store, person.id)


def click_on_table(qtbot, quiz, value) -> None:
    """Click the thing drawn on the table that stands for the option ``value``."""
    view = quiz.panel.situation
    [spot] = [s for s in view.clickable_spots() if s.value == value]
    centre = spot.rect.center()
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton,
                     pos=QPoint(int(centre.x()), int(centre.y())))
