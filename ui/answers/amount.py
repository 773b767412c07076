"""An amount of money, typed the way the trainee writes it in the current language.

The text is checked as it is typed (``i18n.parse_money``, the same reading the grading
uses) and what is wrong is said in red under the box; only text that reads as an amount
is sent, and it is sent as typed, so grading reads it in the trainee's language.

Keyboard: type, Enter checks (nothing is sent while the text is not an amount).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from i18n import MoneyError, _, format_money, parse_money
from questions import Question, Verdict
from ui.answers.common import AnswerControl, mark, verdict_prefix

EXAMPLE = Decimal("1234.50")


class AmountInput(AnswerControl):
    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.caption = QLabel()
        self.edit = QLineEdit()
        self.edit.setObjectName("amount")
        self.edit.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.caption.setBuddy(self.edit)
        self.edit.textChanged.connect(self._check_text)
        self.expected = QLabel()
        self.expected.setObjectName("answerHint")
        self.expected.hide()
        self.hint = QLabel()
        self.hint.setObjectName("howTo")
        self.hint.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.caption)
        row.addWidget(self.edit)
        row.addWidget(self.check_button)
        row.addWidget(self.expected)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        layout.addWidget(self.hint)
        self._error: MoneyError | None = None
        self._verdict: Verdict | None = None
        self.retranslate()
        self._check_text(self.edit.text())

    def retranslate(self) -> None:
        super().retranslate()
        self.caption.setText(_("&Amount:"))
        example = format_money(EXAMPLE)
        self.edit.setPlaceholderText(_("e.g. {example}").format(example=example))
        metrics = self.edit.fontMetrics()
        room = metrics.horizontalAdvance(self.edit.placeholderText()) + 5 * metrics.height()
        self.edit.setMinimumWidth(max(metrics.horizontalAdvance("M") * 14, room))
        self.hint.setText(_("Type the amount as you write it, e.g. {example} or {negative} "
                            "for an amount the player loses; press Enter to check.").format(
            example=example, negative=format_money(-Decimal(100))))
        if self._verdict is not None:
            self._show_expected(self._verdict)
        else:
            self._check_text(self.edit.text())  # the separators differ by language

    def _check_text(self, text: str) -> None:
        """Read the text as typed; say inline what is wrong with it."""
        if self.answered:
            return
        self._error = None
        if text.strip():
            try:
                parse_money(text)
            except MoneyError as error:
                self._error = error
        self.set_problem(str(self._error) if self._error else "")
        self.check_button.setEnabled(bool(text.strip()))

    def answer(self) -> str | None:
        text = self.edit.text()
        self._check_text(text)
        return None if self._error is not None or not text.strip() else text

    def focus_first(self) -> None:
        self.edit.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_given(self, given: Any) -> None:
        self.edit.setText("" if given is None else str(given))

    def show_verdict(self, given: Any, verdict: Verdict) -> None:
        """The box green or red, and the right amount beside it when it was wrong."""
        self._verdict = verdict
        self.stop_taking_answers([])
        self.edit.setReadOnly(True)
        mark(self.edit, "right" if verdict.correct else "wrong")
        self._show_expected(verdict)

    def _show_expected(self, verdict: Verdict) -> None:
        if verdict.correct:
            self.expected.setText(verdict_prefix("right").strip())
        else:
            self.expected.setText(_("✘ The amount is {amount}.").format(
                amount=_amount_text(verdict.expected)))
        self.expected.show()


def _amount_text(expected: Any) -> str:
    if isinstance(expected, Decimal):
        return format_money(expected)
    if isinstance(expected, int):
        return format_money(Decimal(expected))
    return str(expected)
