"""The class at a glance: the grid of trainees × skills, and who struggles with what.

A class (or every trainee) is chosen; the grid's table sorts by any column (a click on its
header, or Ctrl+Shift+S on the column of the cell chosen), the arrows move from cell to
cell, and Enter (or a double-click) on a cell opens that trainee's answers in that skill.
The second tab lists, per skill, the trainees under the at-risk rule, the class's five
weakest skills and its most frequent kinds of mistake, each with an example answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableView,
    QTabWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

import questions
from i18n import _, ngettext
from questions.regrade import MISTAKES
from trainer.progress import Store, StoreError
from trainer.progress.people.accounts import Actor
from trainer.progress.people.classes import SchoolClass, classes
from trainer.progress.people.leave import leave_to_see
from trainer.progress.progress_steps import Progress
from trainer.progress.reports.at_risk import thresholds
from trainer.progress.reports.figures import summary_count
from trainer.progress.reports.grid import Grid, build_grid
from trainer.progress.reports.struggles import Struggles, struggles
from trainer.progress.reports.words import state_word
from trainer.rules.mistake_kinds import mistake_kind
from ui.desk.loading import LoadingBar, PageLoader
from ui.desk.reports.grid_model import DUE, LEVELS, SORT_ROLE, GridModel, cell_text, shape
from ui.desk.texts import local_date, share_text, skill_title
from ui.widgets.choices import Choices
from ui.widgets.page import Page

#: A tree item's data: what Enter on it opens, (trainee id, skill).
OPENS = Qt.ItemDataRole.UserRole + 2


@dataclass(frozen=True)
class ClassGlance:
    grid: Grid
    struggles: Struggles


def glance(school_class: SchoolClass | None) -> Any:
    """The reading work of the page: the grid, then who struggles (the mistakes classified
    first, where answers are not yet)."""
    def work(store: Store, actor: Actor, _progress: Progress | None) -> ClassGlance:
        leave = leave_to_see(store, actor)
        grid = build_grid(leave, questions.titled(), school_class=school_class, kept=True)
        return ClassGlance(grid, struggles(leave, grid, thresholds(store), MISTAKES))
    return work


def answer_text(answer: Any) -> str:
    """An answer as it was given, short (a list or a mapping as its values)."""
    if isinstance(answer, dict):
        return ", ".join(f"{k}: {v}" for k, v in answer.items())
    if isinstance(answer, list | tuple):
        return ", ".join(str(a) for a in answer)
    return str(answer)


#: The keyboard's click on the header of the chosen cell's column.
SORT_KEYS = QKeySequence("Ctrl+Shift+S")


class GridTable(QTableView):
    """The grid's table: :data:`SORT_KEYS` asks to sort by the chosen cell's column."""

    sortAsked = Signal()  # noqa: N815

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if QKeySequence(event.keyCombination()) == SORT_KEYS:
            self.sortAsked.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class ClassGridPage(Page):
    """Choose a class; see its grid, and who struggles with what."""

    #: The answers of a trainee in a skill are asked for: (trainee id, skill id).
    answersRequested = Signal(str, str)  # noqa: N815

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store, self._actor = store, actor
        self._classes: list[SchoolClass] = []
        self._glance: ClassGlance | None = None
        self.class_label = QLabel()
        self.chosen_class = Choices()
        self.chosen_class.setMinimumContentsLength(20)
        self.class_label.setBuddy(self.chosen_class)
        self.chosen_class.currentIndexChanged.connect(lambda _i: self._load())
        self.count = QLabel()
        self.model = GridModel()
        self.sorted = QSortFilterProxyModel(self)
        self.sorted.setSourceModel(self.model)
        self.sorted.setSortRole(SORT_ROLE)
        self.table = GridTable()
        self.table.setModel(self.sorted)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setDefaultSectionSize(136)
        header.setTextElideMode(Qt.TextElideMode.ElideRight)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.table.activated.connect(self.open_cell)
        self.table.sortAsked.connect(self.sort_by_current_column)
        self.legend = QHBoxLayout()
        self._legend_labels: list[QLabel] = []
        for level in LEVELS:
            picture, words = QLabel(), QLabel()
            picture.setPixmap(shape(level))
            self.legend.addWidget(picture)
            self.legend.addWidget(words)
            self._legend_labels.append(words)
        self.due_legend = QLabel()
        self.legend.addWidget(self.due_legend)
        self.legend.addStretch(1)
        self.struggles = QTreeWidget()
        self.struggles.setColumnCount(3)
        self.struggles.setRootIsDecorated(True)
        self.struggles.itemActivated.connect(self._open_item)
        self.tabs = QTabWidget()
        grid_tab = QWidget()
        grid_layout = QHBoxLayout(grid_tab)
        grid_layout.setContentsMargins(0, 0, 0, 0)
        grid_layout.addWidget(self.table)
        self.tabs.addTab(grid_tab, "")
        self.tabs.addTab(self.struggles, "")
        self.heading.setBuddy(self.table)
        self.loading = LoadingBar()
        self.loader = PageLoader(store, actor, self.loading, self)
        self.loader.loaded.connect(self._loaded)
        self.loader.failed.connect(lambda problem: self.say(problem, problem=True))
        self._shown = self._stale = False
        top = QHBoxLayout()
        top.addWidget(self.class_label)
        top.addWidget(self.chosen_class)
        top.addWidget(self.count, 1)
        self.body.addLayout(top)
        self.body.addLayout(self.legend)
        self.body.addWidget(self.loading)
        self.body.addWidget(self.tabs, 1)
        self.retranslate()
        self.reload()

    def retranslate(self) -> None:
        self.heading.setText(_("Class grid"))
        self.hint.setText(_("Each cell: the trainee's state in the skill and the share of "
                            "their last answers right. Click a column's header to sort by it; "
                            "Enter or a double-click on a cell opens those answers."))
        self.class_label.setText(_("&Class"))
        if self.chosen_class.count():
            self.chosen_class.setItemText(0, _("Every trainee"))
        for level, words in zip(LEVELS, self._legend_labels, strict=True):
            words.setText(state_word(level))
        self.due_legend.setText(_("{mark} a review is due").format(mark=DUE))
        self.tabs.setTabText(0, _("&Grid"))
        self.tabs.setTabText(1, _("Who &struggles"))
        self.struggles.setHeaderLabels([_("Skill, trainee or mistake"), _("How many"),
                                        _("Example")])
        self.model.retranslate()
        self._show_count()
        if self._glance is not None:
            self._fill_struggles(self._glance)
        super().retranslate()

    def reload(self) -> None:
        """Read the classes again (keeping the choice), then the grid."""
        chosen = self.chosen_class.currentData()
        try:
            self._classes = classes(self._store)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.chosen_class.blockSignals(True)
        self.chosen_class.clear()
        self.chosen_class.addItem(_("Every trainee"), None)
        for school_class in self._classes:
            self.chosen_class.addItem(school_class.name, school_class.id)
        self.chosen_class.setCurrentIndex(max(self.chosen_class.findData(chosen), 0)
                                          if chosen else 0)
        self.chosen_class.blockSignals(False)
        self._load()

    def chosen(self) -> SchoolClass | None:
        class_id = self.chosen_class.currentData()
        return next((c for c in self._classes if c.id == class_id), None)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._shown = True
        if self._stale:
            self._load()

    def _load(self) -> None:
        """Read the grid (at once for a classroom, in the background for a school's)."""
        if not self._shown:
            self._stale = True
            return
        self._stale = False
        try:
            size = summary_count(self._store)
        except StoreError as error:
            self.say(error.message, problem=True)
            return
        self.loader.load(glance(self.chosen()), size)

    def _loaded(self, found: ClassGlance) -> None:
        self.say(None)
        self._glance = found
        self.model.set_grid(found.grid)
        self._fit_rows(found.grid)
        self.table.horizontalHeader().resizeSection(0, max(160, self.table.sizeHintForColumn(0)))
        if self.sorted.rowCount() and self.sorted.columnCount() > 1:
            self.table.setCurrentIndex(self.sorted.index(0, 1))
        self._show_count()
        self._fill_struggles(found)

    def _fit_rows(self, grid: Grid) -> None:
        """Every row as high as its highest cell, as ``resizeRowsToContents`` makes them,
        each different cell (its column, words and shape) measured once: measuring each of
        a school's 500 × 47 cells stood the window still a second."""
        kinds: dict[tuple[Any, ...], tuple[int, int]] = {}
        for row, person in enumerate(grid.trainees):
            kinds.setdefault((0, person.name), (row, 0))
            for column, skill in enumerate(grid.skills, start=1):
                cell = grid.cell(person.id, skill)
                kinds.setdefault((column, cell_text(cell), cell.level), (row, column))
        line = 1 if self.table.showGrid() else 0  # the grid's line, as Qt counts it for a row
        heights: dict[tuple[Any, ...], int] = {
            kind: self.table.sizeHintForIndex(self.sorted.mapFromSource(
                self.model.index(row, column))).height() + line
            for kind, (row, column) in kinds.items()}
        header = self.table.verticalHeader()
        for row, person in enumerate(grid.trainees):
            tallest = max([heights[0, person.name]] + [
                heights[column, cell_text(cell), cell.level]
                for column, cell in enumerate(
                    (grid.cell(person.id, skill) for skill in grid.skills), start=1)])
            shown = self.sorted.mapFromSource(self.model.index(row, 0)).row()
            header.resizeSection(shown, max(tallest, header.sectionSizeHint(shown)))

    def _show_count(self) -> None:
        grid = self._glance.grid if self._glance else None
        self.count.setText(ngettext("{count} trainee × {skills} skills",
                                    "{count} trainees × {skills} skills",
                                    len(grid.trainees)).format(
            count=len(grid.trainees), skills=len(grid.skills)) if grid else "")

    def sort_by_current_column(self) -> None:
        """Sort by the column of the cell chosen (the keyboard's header click): weakest
        first, again for the strongest first."""
        column = self.table.currentIndex().column()
        header = self.table.horizontalHeader()
        ascending = Qt.SortOrder.AscendingOrder
        order = (Qt.SortOrder.DescendingOrder if header.sortIndicatorSection() == column
                 and header.sortIndicatorOrder() == ascending else ascending)
        self.table.sortByColumn(max(column, 0), order)

    def open_cell(self, index: QModelIndex) -> None:
        """A cell's trainee's answers in its skill."""
        source = self.sorted.mapToSource(index)
        skill = self.model.skill_at(source.column())
        if skill is not None:
            self.answersRequested.emit(self.model.person_at(source.row()), skill)

    def _open_item(self, item: QTreeWidgetItem, _column: int) -> None:
        opens = item.data(0, OPENS)
        if opens:
            self.answersRequested.emit(*opens)

    def _fill_struggles(self, found: ClassGlance) -> None:
        """The three lists of who struggles, each a branch of the tree."""
        tree, grid, said = self.struggles, found.grid, found.struggles
        names = {p.id: p.name for p in grid.trainees}
        tree.clear()
        below = QTreeWidgetItem(tree, [_("Under the at-risk rule, per skill")])
        for struggle in said.by_skill:
            skill = QTreeWidgetItem(below, [skill_title(struggle.skill),
                                            str(len(struggle.trainees))])
            for person, figures in struggle.trainees:
                item = QTreeWidgetItem(skill, [person.name, str(figures.attempts),
                                               _("{share} right").format(
                                                   share=share_text(figures.accuracy))])
                item.setData(0, OPENS, (person.id, struggle.skill))
        if not said.by_skill:
            QTreeWidgetItem(below, [_("No trainee is under the at-risk rule in any skill.")])
        weakest = QTreeWidgetItem(tree, [_("The weakest skills")])
        for weak in said.weakest:
            QTreeWidgetItem(weakest, [skill_title(weak.skill), str(weak.figures.attempts),
                                      _("{share} right").format(
                                          share=share_text(weak.figures.accuracy))])
        if not said.weakest:
            QTreeWidgetItem(weakest, [_("No skill has enough answers yet.")])
        mistakes = QTreeWidgetItem(tree, [_("The most frequent mistakes")])
        for mistake in said.mistakes:
            try:
                named = mistake_kind(mistake.kind)
                what, why = str(named.name), str(named.line)
            except KeyError:  # named by a newer version of the trainer
                what, why = mistake.kind, ""
            example = mistake.example
            shown = _("{name}, {skill}, {day}: answered {answer}").format(
                name=names.get(example.person_id, ""), skill=skill_title(example.skill),
                day=local_date(example.answered_at),
                answer=answer_text(example.answer)) if example else ""
            item = QTreeWidgetItem(mistakes, [what, str(mistake.count), shown])
            item.setToolTip(0, why)
            if example is not None:
                item.setData(0, OPENS, (example.person_id, example.skill))
        if not said.mistakes:
            QTreeWidgetItem(mistakes, [_("No wrong answer of a kind the rules core names.")])
        for branch in (below, weakest, mistakes):
            branch.setExpanded(True)
        tree.resizeColumnToContents(0)
