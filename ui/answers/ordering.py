"""Every option in order, highest first: hands of a tier, three-card hands.

Mouse: drag a row onto the row whose position it should take. Keyboard: ↑/↓ select a
row, Ctrl+↑/↓ (or Alt+↑/↓) move it up or down, Home/End select the first or last;
Enter checks the order as it stands.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from i18n import _
from questions import Option, Question, Verdict
from ui.answers.common import ENTER_KEYS, AnswerControl, mark, verdict_prefix
from ui.answers.dragging import Carrier

_MOVE_MODIFIERS = (Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier,
                   Qt.KeyboardModifier.MetaModifier)


class RankRow(QFrame):
    """One option in the list: its position now, its label, and a grip to drag it by."""

    def __init__(self, option: Option, parent: QWidget | None = None):
        super().__init__(parent)
        self.option = option
        self.setObjectName("rankRow")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.position = QLabel()
        self.position.setMinimumWidth(self.fontMetrics().horizontalAdvance("00."))
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.note = QLabel()
        self.grip = QLabel("⠿")
        self.grip.setObjectName("answerHint")
        for child in (self.position, self.label, self.note, self.grip):
            child.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.position)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.grip)

    def retranslate(self) -> None:
        self.label.setText(str(self.option.label))
        self.setAccessibleName(self.label.text())


class OrderingInput(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.rows = [RankRow(option) for option in question.form.options]
        self.carrier = Carrier(self)
        self.carrier.dropped.connect(self._dropped)
        for row in self.rows:
            self.carrier.add_item(row, row.option.value)
            self.carrier.add_target(row, row.option.value)
        self.take_keys_of(*self.rows)
        self.heading = QLabel()
        self.heading.setObjectName("tierTitle")
        self.list = QVBoxLayout()
        self.list.setSpacing(4)
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(self.hint, 1)
        bottom.addStretch(0)
        bottom.addWidget(self.check_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addLayout(self.list)
        layout.addLayout(bottom)
        layout.addWidget(self.problem)
        self._verdict: Verdict | None = None
        self._place_rows()
        self.retranslate()

    def retranslate(self) -> None:
        self.check_button.setText(_("&Check this order"))
        self.heading.setText(_("Highest first:"))
        self.hint.setText(_("Drag the rows into order, or select one with ↑ ↓ and move it "
                            "with Ctrl+↑ ↓ (or Alt+↑ ↓). Enter checks."))
        for row in self.rows:
            row.retranslate()
        if self._verdict is not None:
            self._mark(self._verdict)

    # Order -------------------------------------------------------------------------------

    def order(self) -> tuple[Any, ...]:
        return tuple(row.option.value for row in self.rows)

    def answer(self) -> tuple[Any, ...]:
        return self.order()

    # The trainee's move, shadowing QWidget.move(QPoint): a layout places this control.
    def move(self, value: Any, position: int) -> None:  # type: ignore[override]
        """Put the option ``value`` at ``position`` (0 = highest), the others shifting."""
        if self.answered:
            return
        row = next(r for r in self.rows if r.option.value == value)
        self.rows.remove(row)
        self.rows.insert(max(0, min(position, len(self.rows))), row)
        self._place_rows()
        row.setFocus(Qt.FocusReason.OtherFocusReason)

    def _dropped(self, value: Any, onto: Any) -> None:
        self.move(value, self.order().index(onto))

    def _place_rows(self) -> None:
        for row in self.rows:
            self.list.removeWidget(row)
        for index, row in enumerate(self.rows):
            self.list.addWidget(row)
            row.position.setText(f"{index + 1}.")
        for first, second in zip(self.rows, self.rows[1:], strict=False):
            QWidget.setTabOrder(first, second)
        if self.rows:
            QWidget.setTabOrder(self.rows[-1], self.check_button)

    # Keyboard ----------------------------------------------------------------------------

    def focus_first(self) -> None:
        if self.rows:
            self.rows[0].setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        return event.key() in (*ENTER_KEYS, Qt.Key.Key_Up, Qt.Key.Key_Down)

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        key = event.key()
        if key in ENTER_KEYS or not isinstance(widget, RankRow):
            return super().key_pressed(widget, event)  # Enter checks
        index = self.rows.index(widget)
        if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
            step = -1 if key == Qt.Key.Key_Up else 1
            if any(event.modifiers() & modifier for modifier in _MOVE_MODIFIERS):
                self.move(widget.option.value, index + step)
            elif 0 <= index + step < len(self.rows):
                self.rows[index + step].setFocus(Qt.FocusReason.TabFocusReason)
            return True
        if key in (Qt.Key.Key_Home, Qt.Key.Key_End):
            self.rows[0 if key == Qt.Key.Key_Home else -1].setFocus(
                Qt.FocusReason.TabFocusReason)
            return True
        return False

    # Verdict -----------------------------------------------------------------------------

    def show_given(self, given: Any) -> None:
        by_value = {row.option.value: row for row in self.rows}
        order = list(given) if isinstance(given, list | tuple) else []
        if len(order) == len(self.rows) and set(order) == set(by_value):
            self.rows = [by_value[value] for value in order]
            self._place_rows()

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """Each row green where it belongs, red with its right position where it does not."""
        self._verdict = verdict
        self.stop_taking_answers([])
        self.carrier.enabled = False
        for row in self.rows:
            row.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            row.setCursor(Qt.CursorShape.ArrowCursor)
        self._mark(verdict)

    def _mark(self, verdict: Verdict) -> None:
        expected = list(verdict.expected)
        for index, row in enumerate(self.rows):
            right = expected.index(row.option.value) if row.option.value in expected else None
            state = "right" if right == index else "wrong"
            mark(row, state)
            row.grip.hide()
            row.note.setText(verdict_prefix(state) if state == "right" else
                             verdict_prefix(state) + _("belongs at {position}").format(
                                 position=(right or 0) + 1))
