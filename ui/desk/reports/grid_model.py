"""The class grid as a table: a row per trainee, a column per skill grouped by game.

Each cell says the trainee's state in the skill three ways: a shape (an empty circle not
started, a quarter learning, a half practised, a full circle mastered) in the level's
colour, the share of the last answers right as text, and a sentence for the tooltip and
screen readers ("Ana Lei, 13-card payout: learning, 42 answers, 71 % of the last 20
right"). A ↻ after the share says the skill's FSRS review is due.
"""

from __future__ import annotations

import textwrap
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QRectF, Qt
from PySide6.QtGui import QPainter, QPen, QPixmap

from i18n import _, ngettext
from trainer.progress.learning.mastery import MasteryLevel
from trainer.progress.reports.figures import game_name
from trainer.progress.reports.grid import Grid, GridCell
from trainer.progress.reports.words import state_word, without_game
from ui.desk.texts import share_text, skill_title
from ui.palette import generation, swatch

Index = QModelIndex | QPersistentModelIndex
#: The role the proxy sorts by.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
#: The levels in their order, weakest first: how a column sorts, and the shape's fill.
LEVELS = (MasteryLevel.NEW, MasteryLevel.LEARNING, MasteryLevel.PRACTISED,
          MasteryLevel.MASTERED)
COLOURS = {MasteryLevel.NEW: "grid_new", MasteryLevel.LEARNING: "grid_learning",
           MasteryLevel.PRACTISED: "grid_practised", MasteryLevel.MASTERED: "grid_mastered"}
DUE = "↻"
SHAPE_PIXELS = 16
#: The most lines a column's header gives its skill's title (the whole title on hover).
HEADER_LINES = 3


def cell_sentence(name: str, skill: str, cell: GridCell) -> str:
    """What the cell says, in words (its tooltip and its text for screen readers)."""
    if not cell.started:
        return _("{name}, {skill}: not started").format(name=name, skill=skill_title(skill))
    said = ngettext("{name}, {skill}: {state}, {count} answer, {share} of the last {window} "
                    "right", "{name}, {skill}: {state}, {count} answers, {share} of the last "
                    "{window} right", cell.attempts).format(
        name=name, skill=skill_title(skill), state=state_word(cell.level), count=cell.attempts,
        share=share_text(cell.recent_accuracy) or "—", window=cell.recent_count)
    return _("{said}; a review is due").format(said=said) if cell.due else said


def short_title(skill: str) -> str:
    """The skill's title without its game's name before it (the column's group says it)."""
    return without_game(skill_title(skill))


def header_lines(text: str, lines: int = HEADER_LINES) -> list[str]:
    """``text`` in at most ``lines`` short lines (a column is narrow), "…" if it is cut."""
    wide = any(character >= "\u3000" for character in text)  # CJK: twice as wide
    cut = textwrap.wrap(text, 9 if wide else 18, break_long_words=True)
    if len(cut) > lines:
        cut = [*cut[:lines - 1], cut[lines - 1] + "…"]
    return cut


def cell_text(cell: GridCell) -> str:
    if not cell.started:
        return "—"
    shown = share_text(cell.recent_accuracy) or "—"
    return f"{shown} {DUE}" if cell.due else shown


def sort_key(cell: GridCell) -> int:
    """Weakest first: by level, then the share of the last answers right, then answers."""
    accuracy = cell.recent_accuracy
    thousandths = round(accuracy * 1000) if accuracy is not None else 0
    # kept under 2³¹: Qt's sorting compares larger Python ints wrongly
    return (LEVELS.index(cell.level) * 1_001 + thousandths) * 10_000 + min(cell.attempts, 9_999)


_shapes: dict[tuple[MasteryLevel, int], QPixmap] = {}


def shape(level: MasteryLevel) -> QPixmap:
    """The level's shape in its colour, drawn again when the palette changes."""
    key = (level, generation())
    if key not in _shapes:
        pixmap = QPixmap(SHAPE_PIXELS, SHAPE_PIXELS)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = swatch(COLOURS[level])
        painter.setPen(QPen(colour, 1.6))
        ring = QRectF(1.5, 1.5, SHAPE_PIXELS - 3, SHAPE_PIXELS - 3)
        painter.drawEllipse(ring)
        filled = LEVELS.index(level)  # quarters
        if filled:
            painter.setBrush(colour)
            painter.drawPie(ring, 90 * 16, -filled * 90 * 16 if filled < 3 else -360 * 16)
        painter.end()
        _shapes[key] = pixmap
    return _shapes[key]


class GridModel(QAbstractTableModel):
    """Column 0 the trainee's name; then one column per skill, game by game."""

    def __init__(self) -> None:
        super().__init__()
        self.grid: Grid | None = None
        self.skills: tuple[str, ...] = ()
        self._firsts: set[int] = set()  # the columns that start a game

    def set_grid(self, grid: Grid) -> None:
        self.beginResetModel()
        self.grid = grid
        self.skills = grid.skills
        self._firsts, column = set(), 1
        for _game, skills in grid.games:
            self._firsts.add(column)
            column += len(skills)
        self.endResetModel()

    def retranslate(self) -> None:
        if self.columnCount():
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1,
                                                              self.columnCount() - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return len(self.grid.trainees) if self.grid and not parent.isValid() else 0

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 1 + len(self.skills) if self.grid and not parent.isValid() else 0

    def skill_at(self, column: int) -> str | None:
        return self.skills[column - 1] if column >= 1 else None

    def person_at(self, row: int) -> str:
        assert self.grid is not None
        return self.grid.trainees[row].id

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal or self.grid is None:
            return None
        skill = self.skill_at(section)
        if role == Qt.ItemDataRole.DisplayRole:
            if skill is None:
                return _("Trainee")
            game = str(game_name(skill.partition(".")[0])) if section in self._firsts else ""
            return "\n".join([game, *header_lines(short_title(skill))])
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            if skill is None:
                return _("Trainee")
            return _("{game}: {skill}").format(game=game_name(skill.partition(".")[0]),
                                               skill=skill_title(skill))
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self.grid is None:
            return None
        person = self.grid.trainees[index.row()]
        skill = self.skill_at(index.column())
        if skill is None:
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
                return person.name
            if role == SORT_ROLE:
                return person.name.casefold()
            return None
        cell = self.grid.cell(person.id, skill)
        if role == Qt.ItemDataRole.DisplayRole:
            return cell_text(cell)
        if role == Qt.ItemDataRole.DecorationRole:
            return shape(cell.level)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            return cell_sentence(person.name, skill, cell)
        if role == SORT_ROLE:
            return sort_key(cell)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
