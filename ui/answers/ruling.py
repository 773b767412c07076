"""A ruling and its reasons: pick one ruling, tick every reason (article) that applies.

Keyboard: digits 1–9 pick the n-th ruling; letters A, B, … (no N, which goes on to the next
question) tick or untick the reasons; Tab and the arrow keys move, Space picks or ticks the
control with the focus; Enter checks once a ruling is picked (before that it says so).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from questions import Question, Verdict
from ui.answers.common import ENTER_KEYS, AnswerControl, key_char, mark, verdict_prefix
from ui.answers.option_button import BADGE_STYLE, OptionRadio
from ui.palette import styled

RULING_KEYS = "123456789"
REASON_KEYS = "ABCDEFGHIJKLMOPQRSTUVWXYZ"
_ARROWS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Right)


class ReasonBox(QWidget):
    """A check box whose sentence wraps over lines; clicking the sentence ticks it too."""

    def __init__(self, key: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.badge = QLabel(key)
        self.badge.setObjectName("keyBadge")
        styled(self.badge, BADGE_STYLE)
        self.badge.setVisible(bool(key))
        self.key = key
        self.box = QCheckBox()
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        row.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.box, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.label, 1)

    def set_text(self, text: str) -> None:
        self.label.setText(text)
        self.box.setAccessibleName(text)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        event.accept()  # the release that follows ticks the box

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self.box.isEnabled() and self.box.focusPolicy() != Qt.FocusPolicy.NoFocus:
            self.box.toggle()
            self.box.setFocus(Qt.FocusReason.MouseFocusReason)
        super().mouseReleaseEvent(event)


class RulingInput(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.rulings = list(question.form.options)
        self.reasons = list(question.form.reasons)
        self.ruling_keys = [RULING_KEYS[i] if i < len(RULING_KEYS) else ""
                            for i in range(len(self.rulings))]
        self.reason_keys = [REASON_KEYS[i] if i < len(REASON_KEYS) else ""
                            for i in range(len(self.reasons))]
        self.group = QButtonGroup(self)
        self.radios: list[OptionRadio] = []
        self.ruling_badges: list[QLabel] = []
        self.ruling_title = QLabel()
        self.ruling_title.setObjectName("placeTitle")
        self.reason_title = QLabel()
        self.reason_title.setObjectName("placeTitle")
        self.reason_title.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.ruling_title)
        for index, key in enumerate(self.ruling_keys):
            radio = OptionRadio()
            self.group.addButton(radio, index)
            badge = QLabel(key)
            badge.setObjectName("keyBadge")
            styled(badge, BADGE_STYLE)
            badge.setVisible(bool(key))
            row = QHBoxLayout()
            row.addWidget(badge, 0, Qt.AlignmentFlag.AlignTop)
            row.addWidget(radio, 1)
            layout.addLayout(row)
            self.radios.append(radio)
            self.ruling_badges.append(badge)
        self.group.idToggled.connect(self._update_check)
        self.boxes = [ReasonBox(key) for key in self.reason_keys]
        if self.boxes:
            layout.addWidget(self.reason_title)
        for box in self.boxes:
            layout.addWidget(box)
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(self.hint, 1)
        bottom.addStretch(0)  # the Check button keeps its size once the hint is hidden
        bottom.addWidget(self.check_button)
        layout.addLayout(bottom)
        layout.addWidget(self.problem)
        self.take_keys_of(*self.radios, *(box.box for box in self.boxes))
        self._set_tab_order()
        self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        self.ruling_title.setText(_("The ruling"))
        self.reason_title.setText(_("Why: tick every reason that applies"))
        for radio, option in zip(self.radios, self.rulings, strict=True):
            radio.setText(str(option.label))
        for box, option in zip(self.boxes, self.reasons, strict=True):
            box.set_text(str(option.label))
        self.hint.setText(_("Pick the ruling (its number) and tick the reasons (their "
                            "letters), then Check."))

    def _set_tab_order(self) -> None:
        chain: list[QWidget] = [*self.radios, *(box.box for box in self.boxes),
                                self.check_button]
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)

    def _update_check(self, *_args: Any) -> None:
        if self.group.checkedId() >= 0:
            self.set_problem("")

    # Answering -------------------------------------------------------------------------

    def answer(self) -> dict[str, Any] | None:
        """``{"ruling": value, "reasons": [values]}``, or None (said inline) with no ruling."""
        picked = self.group.checkedId()
        if picked < 0:
            self.set_problem(_("Pick a ruling first; the reasons alone are not an answer."))
            return None
        return {"ruling": self.rulings[picked].value,
                "reasons": [option.value for box, option in zip(self.boxes, self.reasons,
                                                                strict=True)
                            if box.box.isChecked()]}

    def pick(self, index: int) -> None:
        if not self.answered and 0 <= index < len(self.radios):
            self.radios[index].setChecked(True)
            self.radios[index].setFocus(Qt.FocusReason.OtherFocusReason)

    def tick(self, index: int) -> None:
        if not self.answered and 0 <= index < len(self.boxes):
            self.boxes[index].box.toggle()
            self.boxes[index].box.setFocus(Qt.FocusReason.OtherFocusReason)

    def focus_first(self) -> None:
        target = self.radios[0] if self.radios else self.check_button
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def handles_key(self, event: QKeyEvent) -> bool:
        char = key_char(event)
        return (event.key() in ENTER_KEYS or event.key() in _ARROWS
                or (char is not None and (char in self.ruling_keys or char in self.reason_keys)))

    def key_pressed(self, widget: QWidget, event: QKeyEvent) -> bool:
        char = key_char(event)
        if char is not None and char in self.ruling_keys:
            self.pick(self.ruling_keys.index(char))
            return True
        if char is not None and char in self.reason_keys:
            self.tick(self.reason_keys.index(char))
            return True
        if event.key() in _ARROWS:
            return self._move_focus(event.key())
        return super().key_pressed(widget, event)  # Enter checks

    def _move_focus(self, key: int) -> bool:
        chain: list[QWidget] = [*self.radios, *(box.box for box in self.boxes)]
        focused = self.focusWidget()
        if focused not in chain:
            return False
        step = -1 if key in (Qt.Key.Key_Up, Qt.Key.Key_Left) else 1
        target = chain.index(focused) + step
        if 0 <= target < len(chain):
            chain[target].setFocus(Qt.FocusReason.TabFocusReason)
        return True

    # Verdict ---------------------------------------------------------------------------

    def show_given(self, given: Any) -> None:
        if not isinstance(given, dict):
            return
        for radio, option in zip(self.radios, self.rulings, strict=True):
            radio.setChecked(option.value == given.get("ruling"))
        ticked = set(given.get("reasons") or ())
        for box, option in zip(self.boxes, self.reasons, strict=True):
            box.box.setChecked(option.value in ticked)

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """The right ruling green, a wrong one red; reasons as in a set of options: ticked
        and right ✔ green, ticked and wrong ✘ red, missed green and dashed."""
        given = given if isinstance(given, dict) else {}
        expected = verdict.expected if isinstance(verdict.expected, dict) else {}
        self.stop_taking_answers([])
        for radio, badge, option in zip(self.radios, self.ruling_badges, self.rulings,
                                        strict=True):
            state = None
            if option.value == expected.get("ruling"):
                state = "right" if option.value == given.get("ruling") else "missed"
            elif option.value == given.get("ruling"):
                state = "wrong"
            self._freeze(radio, badge, state)
        right = set(expected.get("reasons") or ())
        ticked = set(given.get("reasons") or ())
        for box, option in zip(self.boxes, self.reasons, strict=True):
            state = None
            if option.value in ticked:
                state = "right" if option.value in right else "wrong"
            elif option.value in right:
                state = "missed"
            self._freeze(box.box, box.badge, state)
            mark(box, state)

    def _freeze(self, control: QWidget, badge: QLabel, state: str | None) -> None:
        control.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        control.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        badge.setText(verdict_prefix(state).strip() or badge.text())
        if control is not None and not isinstance(control, QCheckBox):
            mark(control, state)
        if state is None:
            control.setEnabled(False)
