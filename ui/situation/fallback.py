"""Any situation as a readable, translated table of what is at the table.

Used for a skill that has no drawing of its own: each key of ``question.situation`` is
a row, named in words where the name is known, its value written out (cards, dice,
amounts and lists as text, never raw JSON where it can be helped).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from i18n import _
from questions import Question
from questions.situation import Situation
from ui.situation.base import SituationView


def key_names() -> dict[str, str]:
    """Situation keys in words, in the current language."""
    return {
        "places": _("Places at the table"),
        "banker": _("Banker"),
        "place": _("Place"),
        "dice": _("Dice"),
        "card": _("Card number"),
        "hands": _("Hands"),
        "hand": _("Hand"),
        "tier": _("Tier"),
        "bets": _("Bets"),
        "drawn": _("Number drawn"),
        "log": _("The deal so far"),
        "arrangements": _("Hands set in tiers"),
        "player": _("Player"),
    }


def value_text(value: Any) -> str:
    """A situation value written out plainly."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return "—"
    if isinstance(value, list) and all(isinstance(v, int | str) for v in value):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict) and all(isinstance(v, int | str) for v in value.values()):
        return "; ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, int | str):
        return str(value)
    return json.dumps(value, ensure_ascii=False)


class SituationTable(SituationView):
    """The situation as rows of name and value; re-translated on a language switch."""

    def __init__(self, question: Question, parent: QWidget | None = None):
        super().__init__(question, parent)
        self.heading = QLabel()
        self.heading.setObjectName("situationHeading")
        self.table = QTableWidget(len(self.facts()), 2)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        self.retranslate()

    def facts(self) -> dict[str, Any]:
        """The situation's keys and values, as stored."""
        situation = self.question.situation
        return situation.to_json() if isinstance(situation, Situation) else dict(situation)

    def retranslate(self) -> None:
        self.heading.setText(_("At the table:"))
        self.table.setHorizontalHeaderLabels([_("What"), _("Shown")])
        names = key_names()
        for row, (key, value) in enumerate(self.facts().items()):
            self.table.setItem(row, 0, QTableWidgetItem(names.get(key, key.replace("_", " "))))
            self.table.setItem(row, 1, QTableWidgetItem(value_text(value)))
        self.table.resizeRowsToContents()
