"""The Exams page's "Item statistics": how each question of the selected exam did over
its sittings — facility, discrimination, mean time, its wrong answers' most frequent mistake
kinds (as the answers recorded them) — and which are worth a look, and why.

The figures come from :func:`trainer.progress.exams.item_statistics.exam_item_statistics`
(one query); the words from :mod:`trainer.progress.reports.item_words`, as the report's
``exam_items.csv`` says them. The table sorts by any column (click its title); the arrows
move in it and Tab leaves it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QVBoxLayout,
    QWidget,
)

import i18n
from i18n import _, ngettext
from trainer.progress.exams.item_statistics import (
    LOW_DISCRIMINATION,
    TOO_EASY,
    TOO_HARD,
    ExamItemStatistics,
    ItemStatistics,
)
from trainer.progress.reports.item_words import (
    ITEM_COLUMNS,
    concern_text,
    discrimination_text,
    facility_text,
    kind_name,
    mean_time_text,
    mistake_names,
    place_text,
)
from trainer.progress.reports.words import number
from ui.desk.texts import skill_title
from ui.desk.trainees.trainees import SORT_ROLE, SortItem
from ui.palette import swatch
from ui.widgets.listing import listing_table

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
#: The columns shown, by their place in ITEM_COLUMNS (the difficulty and the sittings are
#: in the tooltips; the CSV has them as columns).
SHOWN = (0, 1, 4, 5, 6, 7, 8, 9)
#: The column of the item's most frequent mistake kinds (among those shown).
MISTAKES = SHOWN.index(9)
#: Columns whose figures align right.
NUMERIC = {0, 2, 3, 4, 5}


class ItemStatisticsView(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._statistics: ExamItemStatistics | None = None
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.table = listing_table(len(SHOWN))
        self.table.setObjectName("itemStatistics")
        # a long skill title or reason wraps, and its row grows to show it whole
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for words in (1, SHOWN.index(8), MISTAKES):  # the skill, the reasons, the mistakes:
            header.setSectionResizeMode(words, QHeaderView.ResizeMode.Stretch)  # wrapped
        header.setStretchLastSection(True)
        header.setSortIndicator(0, Qt.SortOrder.AscendingOrder)  # in the exam's order first
        self.label.setBuddy(self.table)  # names the table for screen readers
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        self.retranslate()

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels([_(ITEM_COLUMNS[c]) for c in SHOWN])
        lang = i18n.current_language()
        self.note.setText(_(
            "Facility: the share of the item's marks the sittings earned. Discrimination: how "
            "the item's score goes with the rest of the exam's (from −1 to 1; below {low} it "
            "hardly tells who knows). An item is worth a look when its discrimination is below "
            "{low} or its facility below {hard} or above {easy}.").format(
            low=discrimination_text(LOW_DISCRIMINATION, lang),
            hard=facility_text(TOO_HARD, lang), easy=facility_text(TOO_EASY, lang)))
        self.show_statistics(self._statistics)

    def show_statistics(self, statistics: ExamItemStatistics | None) -> None:
        """Show an exam's item statistics (``None``: no exam chosen)."""
        self._statistics = statistics
        lang = i18n.current_language()
        if statistics is None:
            self.label.setText(_("Choose an exam to see how each of its questions did."))
        elif statistics.sittings == 0:
            self.label.setText(_("“{title}”: nobody has sat it yet.").format(
                title=statistics.exam.title))
        else:
            self.label.setText(ngettext(
                "“{title}”: each question over {count} sitting:",
                "“{title}”: each question over {count} sittings:",
                statistics.sittings).format(title=statistics.exam.title,
                                            count=number(statistics.sittings, lang)))
        self.table.setAccessibleName(self.label.text())
        self.table.setSortingEnabled(False)  # rows keep still while they are filled
        items = statistics.items if statistics else ()
        self.table.setRowCount(len(items))
        for row, item in enumerate(items):
            self._fill_row(row, item, lang)
        self.table.setSortingEnabled(True)
        if items and not self.table.selectedItems():
            self.table.selectRow(0)

    def _fill_row(self, row: int, item: ItemStatistics, lang: str) -> None:
        worth = concern_text(item.concerns, lang)
        cells = [(place_text(item, lang), item.place or item.slot + 1),
                 (skill_title(item.skill), skill_title(item.skill).casefold()),
                 (number(item.answered, lang), item.answered),
                 (facility_text(item.facility, lang), item.facility),
                 (discrimination_text(item.discrimination, lang), item.discrimination),
                 (mean_time_text(item.mean_ms, lang), item.mean_ms),
                 (("⚠ " + worth) if worth else "", len(item.concerns)),
                 (mistake_names(item, lang), sum(found.count for found in item.mistakes))]
        tips = {1: _("Difficulty {level}").format(level=item.difficulty),
                2: ngettext("{answered} answered in {count} sitting",
                            "{answered} answered in {count} sittings", item.sittings).format(
                    answered=number(item.answered, lang), count=number(item.sittings, lang)),
                4: _("Not defined: fewer than two sittings, or every sitting scored the same "
                     "on this item or on the rest of the exam.")
                if item.discrimination is None else "",
                6: worth or _("Nothing to look at.")}
        if item.mistakes:
            tips[MISTAKES] = "\n".join(_("{kind}: {count}").format(
                kind=kind_name(found.kind), count=number(found.count, lang))
                for found in item.mistakes)
        for column, (text, key) in enumerate(cells):
            cell = SortItem(text)
            cell.setData(SORT_ROLE, key)
            if column in NUMERIC:
                cell.setTextAlignment(RIGHT)
            if tips.get(column):
                cell.setToolTip(tips[column])
            if item.concerns:
                cell.setForeground(swatch("trainee_flag"))
            self.table.setItem(row, column, cell)

    def flagged_rows(self) -> list[int]:
        """The rows (as sorted now) of items worth a look."""
        return [row for row in range(self.table.rowCount())
                if (cell := self.table.item(row, 6)) is not None and cell.data(SORT_ROLE)]
