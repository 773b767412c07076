"""Any set of the options, none included ("no foul", "no pattern" are answers too).

Keyboard: digits 1–9 tick or untick the n-th option; Tab or the arrow keys move between
them and Space ticks the one with the focus; Enter checks. The Check button says when
nothing is ticked, so "none of these" is a deliberate answer.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from questions import Question, Verdict
from ui.answers.common import (
    ENTER_KEYS,
    AnswerControl,
    key_char,
    mark,
    option_keys,
    verdict_prefix,
)
from ui.answers.option_button import BADGE_STYLE
from ui.palette import styled

#: The row the options are laid out in at least, in widths of M (the control's own width
#: when wider): narrow enough for the question's column at 1280 px in every language.
ROW_WIDTH_EMS = 60
MAX_COLUMNS = 6


class ChoicesInput(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.options = list(question.form.options)
        self.boxes: list[QCheckBox] = []
        self.badges: list[QLabel] = []
        self.cells: list[QWidget] = []
        self.keys = option_keys([option.value for option in self.options])
        for key in self.keys:
            box = QCheckBox()
            box.toggled.connect(self._update_check)
            badge = QLabel(key)
            badge.setObjectName("keyBadge")
            styled(badge, BADGE_STYLE)
            badge.setVisible(bool(key))
            cell = QWidget()
            cell.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
            row = QHBoxLayout(cell)
            row.setContentsMargins(4, 2, 4, 2)
            row.addWidget(badge)
            row.addWidget(box)
            row.addStretch(1)
            self.boxes.append(box)
            self.badges.append(badge)
            self.cells.append(cell)
        self.take_keys_of(*self.boxes)
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(16)
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(self.hint, 1)
        bottom.addStretch(0)
        bottom.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.grid)
        layout.addLayout(bottom)
        layout.addWidget(self.problem)
        self.columns = 1
        self.retranslate()

    def retranslate(self) -> None:
        for box, option in zip(self.boxes, self.options, strict=True):
            box.setText(str(option.label))
        self.hint.setText(_("Tick every option that applies (click, Space, or its key). "
                            "Ticking none is an answer too."))
        self._update_check()
        self._lay_out()

    def _update_check(self) -> None:
        ticked = sum(box.isChecked() for box in self.boxes)
        self.check_button.setText(_("&Check: none of these") if ticked == 0
                                  else _("&Check ({count} ticked)").format(count=ticked))

    def _room(self) -> int:
        """The width the options are laid out in: the control's own once shown, and at
        least :data:`ROW_WIDTH_EMS` widths of M."""
        return max(ROW_WIDTH_EMS * self.fontMetrics().horizontalAdvance("M"),
                   self.width() if self.isVisible() else 0)

    def _lay_out(self) -> None:
        columns = self._columns_for(self._room())
        count = len(self.cells)
        self.columns = columns
        for cell in self.cells:
            self.grid.removeWidget(cell)
        rows = -(-count // columns) if count else 0
        for index, cell in enumerate(self.cells):  # down the columns, like a list
            self.grid.addWidget(cell, index % rows, index // rows)
        for column in range(MAX_COLUMNS):
            self.grid.setColumnStretch(column, 1 if column < columns else 0)
        self._set_tab_order()

    def _columns_for(self, room: int) -> int:
        """How many columns of options fit ``room`` pixels (rows filled evenly)."""
        metrics = self.fontMetrics()
        widest = max((metrics.horizontalAdvance(b.text()) for b in self.boxes),
                     default=0) + 5 * metrics.height()
        count = len(self.cells)
        columns = max(1, min(count, MAX_COLUMNS, room // max(1, widest)))
        if count > columns:
            columns = -(-count // -(-count // columns))
        return columns

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._columns_for(self._room()) != self.columns:
            self._lay_out()  # a wider window: more options side by side

    def _set_tab_order(self) -> None:
        for first, second in zip(self.boxes, self.boxes[1:], strict=False):
            QWidget.setTabOrder(first, second)
        if self.boxes:
            QWidget.setTabOrder(self.boxes[-1], self.check_button)

    # Answering -------------------------------------------------------------------------

    def answer(self) -> list[Any]:
        """The ticked options' values, in the options' order (a list: JSON-ready)."""
        return [option.value for box, option in zip(self.boxes, self.options, strict=True)
                if box.isChecked()]

    def toggle(self, index: int) -> None:
        if not self.answered and 0 <= index < len(self.boxes):
            self.boxes[index].toggle()
            self.boxes[index].setFocus(Qt.FocusReason.OtherFocusReason)

    def focus_first(self) -> None:
        if self.boxes:
            self.boxes[0].setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.check_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        return event.key() in ENTER_KEYS or key_char(event) in self.keys

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        key = event.key()
        char = key_char(event)
        if char is not None and char in self.keys:
            self.toggle(self.keys.index(char))
            return True
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right):
            return self._move_focus(key)
        return super().key_pressed(widget, event)  # Enter checks

    def _move_focus(self, key: int) -> bool:
        focused = self.focusWidget()
        current = next((i for i, box in enumerate(self.boxes) if box is focused), None)
        if current is None:
            return False
        rows = -(-len(self.boxes) // self.columns)
        step = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1, Qt.Key.Key_Left: -rows,
                Qt.Key.Key_Right: rows}[Qt.Key(key)]
        target = current + step
        if 0 <= target < len(self.boxes):
            self.boxes[target].setFocus(Qt.FocusReason.TabFocusReason)
        return True

    # Verdict ---------------------------------------------------------------------------

    def show_given(self, given: Any) -> None:
        chosen = set(given) if isinstance(given, list | tuple | set | frozenset) else set()
        for box, option in zip(self.boxes, self.options, strict=True):
            box.setChecked(option.value in chosen)

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """Ticked and right green ✔, ticked and wrong red ✘, missed: green, dashed."""
        expected = set(verdict.expected)
        chosen = set(given or ())
        self.stop_taking_answers([])
        for box, badge, cell, option in zip(self.boxes, self.badges, self.cells,
                                            self.options, strict=True):
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            box.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            state = None
            if option.value in chosen:
                state = "right" if option.value in expected else "wrong"
            elif option.value in expected:
                state = "missed"
            mark(cell, state)
            badge.setText(verdict_prefix(state).strip() or badge.text())
            if state is None:
                box.setEnabled(False)
