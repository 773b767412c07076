"""A chart's text alternative: its figures as a table, one row a spot (a week, a skill, a
day), each said as the chart says it under the cursor — opened from the chart with Ctrl+T
(or its context menu's words), for a screen reader or anyone who prefers the figures."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from i18n import _


class FiguresTable(QDialog):
    """``rows`` (each spot's description) under the chart's name ``title``."""

    def __init__(self, title: str, rows: Sequence[str], parent: QWidget | None = None):
        super().__init__(parent)
        heading = _("{chart}: the figures").format(chart=title) if title else _("The figures")
        self.setWindowTitle(heading)
        self.table = QTableWidget(len(rows), 1)
        self.table.setHorizontalHeaderLabels([_("Figure")])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAccessibleName(heading)
        for row, said in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(said))
        self.table.resizeRowsToContents()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(_("Close"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 420)
        self.table.setFocus()
