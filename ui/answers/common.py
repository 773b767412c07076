"""What the answer controls share: the inline problem line, the Check button, verdict marks.

Each control draws its verdict in two ways at once — a colour (green right, red wrong) and
a mark in the text (✔, ✘) — so right and wrong are told apart in greyscale too. The
controls style themselves (their own style sheet) so they look the same in any window.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLabel, QPushButton, QWidget

from i18n import _
from questions import Question
from ui.answers.base import AnswerInput
from ui.palette import styled, swatch

RIGHT = swatch("right_text")
WRONG = swatch("wrong_text")
#: The card or row the keyboard is on (blue: not a verdict colour).
SELECTED = swatch("accent")
#: A card the trainee has moved (orange: neither the selection nor a verdict).
MOVED = swatch("moved")

STYLE = """
QLabel#problem { color: $wrong_text; font-weight: 600; }
QLabel#answerHint, QLabel#howTo { color: $quiet; }
QLabel#cardCaption { color: $quiet; font-size: 7pt; }
QRadioButton, QCheckBox#natural { border: 2px solid transparent; padding: 1px 6px; }
QPushButton#option { text-align: left; padding: 6px 10px; min-height: 1.6em; }
QPushButton#option:focus { border: 2px solid $accent; }
QPushButton#option:disabled QLabel, QRadioButton:disabled, QCheckBox:disabled {
    color: $disabled; }
*[verdict="right"] { background: $right_back; color: $right_ink; border: 2px solid $right_text;
                     border-radius: 4px; padding: 1px 6px; }
*[verdict="wrong"] { background: $wrong_back; color: $wrong_ink; border: 2px solid $wrong_text;
                     border-radius: 4px; padding: 1px 6px; }
*[verdict="missed"] { background: $missed_back; color: $right_ink; border: 2px dashed $right_text;
                      border-radius: 4px; padding: 1px 6px; }
QLabel#tierTitle, QLabel#placeTitle { font-weight: 600; }
QFrame#dropTarget { border: 1px solid $frame_edge; border-radius: 6px; background: $paper_light; }
QFrame#dropTarget[hover="true"] { border: 2px solid $accent; background: $accent_back; }
QFrame#rankRow { border: 1px solid $frame_edge; border-radius: 5px; background: $window; }
QFrame#rankRow:focus { border: 2px solid $accent; background: $accent_back; }
QFrame#rankRow[hover="true"] { border: 2px dashed $accent; }
QFrame#rankRow[verdict="right"], QFrame#dropTarget[verdict="right"] {
    background: $right_back; border: 2px solid $right_text; }
QFrame#rankRow[verdict="wrong"], QFrame#dropTarget[verdict="wrong"] {
    background: $wrong_back; border: 2px solid $wrong_text; }
"""

DIGIT_KEYS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(10)}
ENTER_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
#: The keys of options in order when they are not places: 1–9, 0, then letters (no N,
#: which goes on to the next question once a verdict shows).
OPTION_KEYS = "1234567890ABCDEFGHIJKLMOPQRSTUVWXYZ"
_COMBINING = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
              | Qt.KeyboardModifier.MetaModifier)


def option_keys(values: Sequence[object]) -> list[str]:
    """The key of each option: a place's own number (options that are places or small
    numbers, 0–9, are pressed by their number), else 1–9, 0, A, B, … in order. An option
    past the keys there are has none (it is reached with the arrows or Tab)."""
    if len(set(values)) == len(values) and all(type(v) is int and 0 <= v <= 9 for v in values):
        return [str(v) for v in values]
    return [OPTION_KEYS[i] if i < len(OPTION_KEYS) else "" for i in range(len(values))]


def key_char(event: QKeyEvent) -> str | None:
    """The digit or letter of a plain key press (not with Ctrl or Alt: those are shortcuts)."""
    key = event.key()
    if event.modifiers() & _COMBINING:
        return None
    if ord("0") <= key <= ord("9") or ord("A") <= key <= ord("Z"):
        return chr(key)
    return None


def mark(widget: QWidget, verdict: str | None) -> None:
    """Colour ``widget`` as "right", "wrong" or "missed" (or plain with None)."""
    widget.setProperty("verdict", verdict or "")
    repolish(widget)


def repolish(widget: QWidget) -> None:
    widget.style().unpolish(widget)
    widget.style().polish(widget)
    widget.update()


def keep_room_when_hidden(widget: QWidget) -> None:
    """Hidden, ``widget`` keeps its room in the layout: nothing around it moves."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)


def verdict_prefix(verdict: str | None) -> str:
    """The mark in front of a marked text: shape as well as colour."""
    return {"right": "✔ ", "wrong": "✘ ", "missed": "✔ "}.get(verdict or "", "")


class AnswerControl(AnswerInput):
    """An answer control with a Check button, a problem line, and its keys.

    Subclasses build their widgets and implement :meth:`answer` (the value to emit, or None
    when there is nothing to emit yet). Keys pressed on the control, or on the widgets
    given to :meth:`take_keys_of` (its buttons, cards, rows), go to :meth:`key_pressed`
    while the control takes answers; by default Enter checks.
    """

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        styled(self, STYLE)
        self.answered = False
        self._outside_problem = ""
        self.problem = QLabel()
        self.problem.setObjectName("problem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.check_button = QPushButton()
        self.check_button.setObjectName("check")
        self.check_button.clicked.connect(self.submit)

    # Subclass hooks ------------------------------------------------------------------

    def answer(self) -> object | None:
        raise NotImplementedError

    def handles_key(self, event: QKeyEvent) -> bool:
        """Keys this control uses itself, so that no window shortcut takes them."""
        return event.key() in ENTER_KEYS

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        """Use a key pressed on ``widget`` (the control itself or one given to
        :meth:`take_keys_of`); True when it was used. Only asked before the verdict."""
        if event.key() in ENTER_KEYS:
            self.submit()
            return True
        return False

    # Shared behaviour ----------------------------------------------------------------

    def submit(self) -> None:
        """Emit the answer unless it is already answered or not ready."""
        if self.answered or not self.check_button.isEnabled():
            return
        value = self.answer()
        if value is not None:
            self.submitted.emit(value)

    def retranslate(self) -> None:
        self.check_button.setText(_("&Check"))

    def show_problem(self, text: str) -> None:
        self._outside_problem = text
        self.set_problem(text)

    def set_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def stop_taking_answers(self, widgets: Iterable[QWidget]) -> None:
        """After the verdict: no problem to fix, no Check, no hint on how to answer."""
        self.answered = True
        self.set_problem("")
        self.check_button.setEnabled(False)
        for hint in self.findChildren(QLabel, "howTo"):
            keep_room_when_hidden(hint)  # the table above does not grow into its room
            hint.hide()
        for widget in widgets:
            widget.setEnabled(False)

    # Keys ----------------------------------------------------------------------------------

    def take_keys_of(self, *widgets: QWidget) -> None:
        """Hand the keys pressed on ``widgets`` to :meth:`key_pressed` before the widgets
        see them (a button's Space still clicks it unless the control uses Space)."""
        for widget in widgets:
            widget.installEventFilter(self)

    def _route_key(self, widget: QWidget, event: QKeyEvent) -> bool:
        return not self.answered and self.key_pressed(widget, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if not self._route_key(self, event):
            super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and isinstance(watched, QWidget)):
            return self._route_key(watched, event)
        return super().eventFilter(watched, event)

    def event(self, event: QEvent) -> bool:
        return self.claims_shortcut(event) or super().event(event)

    def claims_shortcut(self, event: QEvent) -> bool:
        """Take a key that this control answers with from the window's shortcuts (Qt asks
        with ``ShortcutOverride`` first), for this control and any part of it that stands
        elsewhere (the walk's side): the key is the answer's while it is not yet given."""
        if (event.type() == QEvent.Type.ShortcutOverride and not self.answered
                and isinstance(event, QKeyEvent) and self.handles_key(event)):
            event.accept()
            return True
        return False
