"""A table that lists rows to read and pick, as the desk's lists are: read only, a whole row
selected at a time, one at a time, rows in alternate shades, no row numbers, and Tab leaving
it while the arrows move in it."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QTableWidget


def listing_table(columns: int) -> QTableWidget:
    table = QTableWidget(0, columns)
    table.setTabKeyNavigation(False)  # Tab leaves the table; arrows move in it
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setAlternatingRowColors(True)
    table.verticalHeader().hide()
    return table
