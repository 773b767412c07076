"""One of the options: a place, a seat, a ruling, a class.

Keyboard: every option's key (shown in its badge) answers with it at once — a place by
its own number, other options 1–9, 0, A, B, … (see :func:`ui.answers.common.option_keys`);
the arrow keys (and Home/End) move between the buttons as they are laid out (← → in
reading order, on to the next row); Enter or Space answers with the lit one.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from i18n import _
from questions import Question, Verdict
from ui.answers.common import ENTER_KEYS, AnswerControl, key_char, option_keys
from ui.answers.option_button import OptionButton

#: The widest the options may spread, in widths of "M", before they take more rows.
ROW_WIDTH_EMS = 90
MAX_COLUMNS = 6
#: The arrows (Qt gives a key event's key as an int): rows and steps each moves by.
_MOVES: dict[int, tuple[int, int]] = {
    Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0)}


class ChoiceInput(AnswerControl):
    """A button per option; answering is one click, one digit, or arrows and Enter."""

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.options = list(question.form.options)
        self.buttons: list[OptionButton] = []
        self.keys = option_keys([option.value for option in self.options])
        for key, option in zip(self.keys, self.options, strict=True):
            button = OptionButton(key)
            button.clicked.connect(lambda _checked=False, v=option.value: self.choose(v))
            self.buttons.append(button)
        self.take_keys_of(*self.buttons)
        self.grid = QGridLayout()
        self.grid.setSpacing(8)
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        layout.addWidget(self.hint)
        layout.addWidget(self.problem)
        self.columns = 1
        self.retranslate()

    # Texts and layout ------------------------------------------------------------------

    def retranslate(self) -> None:
        super().retranslate()
        for button, option in zip(self.buttons, self.options, strict=True):
            button.set_label(str(option.label))
        self.hint.setText(_("Click an option or press its key; the arrow keys and Enter "
                            "work too."))
        self._lay_out()

    def _lay_out(self) -> None:
        """As many columns as the longest label allows, so short options share a row."""
        metrics = self.fontMetrics()
        widest = max((metrics.horizontalAdvance(b.text_shown()) for b in self.buttons),
                     default=0) + 4 * metrics.height()
        room = ROW_WIDTH_EMS * metrics.horizontalAdvance("M")
        count = len(self.buttons)
        columns = max(1, min(count, MAX_COLUMNS, room // max(1, widest)))
        if count > columns:  # even rows: 4 + 4 rather than 6 + 2
            rows = -(-count // columns)
            columns = -(-count // rows)
        self.columns = columns
        for button in self.buttons:
            self.grid.removeWidget(button)
        for index, button in enumerate(self.buttons):
            self.grid.addWidget(button, index // columns, index % columns)
        for column in range(MAX_COLUMNS):
            self.grid.setColumnStretch(column, 1 if column < columns else 0)

    # Answering -------------------------------------------------------------------------

    def choose(self, value: Any) -> None:
        if not self.answered:
            self.submitted.emit(value)

    def answer(self) -> Any:
        focused = self._focused_index()
        return None if focused is None else self.options[focused].value

    def focus_first(self) -> None:
        if self.buttons:
            self.buttons[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        return (event.key() in ENTER_KEYS or event.key() in _MOVES
                or key_char(event) in self.keys)

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        key = event.key()
        char = key_char(event)
        if char is not None and char in self.keys:
            self.choose(self.options[self.keys.index(char)].value)
            return True
        if key in ENTER_KEYS or key == Qt.Key.Key_Space:
            focused = self._focused_index()
            if focused is not None:
                self.choose(self.options[focused].value)
                return True
            return False
        return self._move_focus(key)

    def _move_focus(self, key: int) -> bool:
        count = len(self.buttons)
        current = self._focused_index()
        if key == Qt.Key.Key_Home:
            target = 0
        elif key == Qt.Key.Key_End:
            target = count - 1
        elif key in _MOVES:
            if current is None:
                target = 0
            else:  # ← → go on to the next or previous row; ↑ ↓ keep the column
                rows, step = _MOVES[key]
                target = current + rows * self.columns + step
                if not 0 <= target < count:
                    target = current
        else:
            return False
        self.buttons[target].setFocus(Qt.FocusReason.TabFocusReason)
        return True

    def _focused_index(self) -> int | None:
        focused = self.focusWidget()
        for index, button in enumerate(self.buttons):
            if button is focused:
                return index
        return None

    # Verdict ---------------------------------------------------------------------------

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """The right option green, the chosen one red if it was wrong; no more answers."""
        self.stop_taking_answers([])
        for button, option in zip(self.buttons, self.options, strict=True):
            if option.value == verdict.expected:
                button.show_mark("right")
            elif option.value == given:
                button.show_mark("wrong")
            else:
                button.setEnabled(False)
                continue
            # Marked buttons stay readable (not greyed) but take no clicks or focus.
            button.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
