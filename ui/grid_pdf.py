"""The class grid's pages of the report's PDF: trainees down, skills across grouped by game.

Each cell is shaded by the trainee's state in the skill (a legend names the shades, lighter
to darker, told apart in grey too) and says the share of the last answers right; a skill
not started is a white cell with nothing in it. The skills are split into as many page-wide
groups as they need (whole games together where they fit), and each group's trainees run
onto as many pages as they need, the games' and skills' heads repeated on each. Skill titles
are drawn up the column; a title in Chinese runs across in the column, wrapped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from babel.numbers import format_percent
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPen

import i18n
from i18n import _
from trainer.progress.learning.mastery import MasteryLevel, share
from trainer.progress.reports.grid import Grid, game_of
from trainer.progress.reports.words import (
    SkillTitles,
    game_label,
    skill_label,
    state_word,
    without_game,
)
from ui.drawn_names import wrapping
from ui.palette import swatch

if TYPE_CHECKING:
    from ui.report_pdf import PdfReport

#: The levels, lighter shade to darker.
LEVELS = (MasteryLevel.NEW, MasteryLevel.LEARNING, MasteryLevel.PRACTISED,
          MasteryLevel.MASTERED)
SHADES = {level: f"print_{level.value}" for level in LEVELS}
#: The trainees' column, as a share of the page's width; each skill's column, in points.
NAMES_SHARE = 0.2
COLUMN_POINTS = 30.0
#: The skills' heads, as a share of the page's height.
HEAD_SHARE = 0.16


#: A cell's share: right-aligned, centred in the row.
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


@lru_cache(maxsize=4096)
def whole_percent(right: int, count: int, language: str) -> str:
    """The share of the last answers right (``right`` of ``count``), whole: a cell is
    narrow (a few hundred distinct shares for a school's thousands of cells)."""
    return format_percent(share(right, count) or 0, format="#,##0%",
                          locale=i18n.locale_of(language))


def skill_groups(grid: Grid, room: int) -> list[tuple[str, ...]]:
    """The grid's skills in groups of at most ``room``: whole games together when they
    fit, a game wider than a page split across pages."""
    groups: list[list[str]] = [[]]
    for _game, skills in grid.games:
        if groups[-1] and len(groups[-1]) + len(skills) > room:
            groups.append([])
        for skill in skills:
            if len(groups[-1]) == room:
                groups.append([])
            groups[-1].append(skill)
    return [tuple(group) for group in groups if group]


def column_width(resolution: int) -> float:
    """A skill's column, in the writer's pixels."""
    return COLUMN_POINTS * resolution / 72


def grid_rows(grid: Grid | None, width: float, resolution: int) -> int:
    """How many rows the grid's pages draw on pages ``width`` wide (the report's
    progress)."""
    if grid is None or not grid.skills:
        return 0
    return len(grid.trainees) * len(skill_groups(grid, _room(width, resolution)))


def _room(width: float, resolution: int) -> int:
    """How many skills' columns a page has room for beside the trainees' names."""
    return max(1, int(width * (1 - NAMES_SHARE) // column_width(resolution)))


def draw_grid(page: PdfReport, grid: Grid | None, lang: str, titles: SkillTitles | None,
              name: Callable[[str], str]) -> None:
    """The grid's pages, from a new page, on ``page`` (a :class:`ui.report_pdf.PdfReport`);
    ``name``: how a typed name is drawn. Nothing for a report on one trainee."""
    if grid is None or not grid.skills:
        return
    GridPages(page, grid, lang, titles, name).draw()


class GridPages:
    """A cursor through the grid's pages, drawing on the report's."""

    def __init__(self, page: PdfReport, grid: Grid, lang: str, titles: SkillTitles | None,
                 name: Callable[[str], str]):
        self.page, self.grid, self.lang, self.titles = page, grid, lang, titles
        self.name = name
        self.resolution = page.writer.resolution()
        self._names: dict[str, tuple[str, float]] = {}
        self._shades = {level: swatch(SHADES[level]) for level in LEVELS}
        self._ink = swatch("print_ink")
        self._grid_line = QPen(swatch("print_grid"), 1)
        self._game_line = QPen(self._ink, 2)
        self.column = column_width(self.resolution)
        self.names = page.width * NAMES_SHARE
        self.head = page.height * HEAD_SHARE

    def draw(self) -> None:
        page = self.page
        page.writer.newPage()
        page.y = 0.0
        page.text(_("Class grid"), 14, bold=True)
        page.text(_("Each trainee's state in each skill when the report was made (whatever "
                    "days it covers), and the share of their last answers right."), 9)
        self._legend()
        for group in skill_groups(self.grid, _room(page.width, self.resolution)):
            self._group(group)

    def _legend(self) -> None:
        page, painter = self.page, self.page.painter
        page.font(9)
        height = page.line_height()
        page.room(height * 1.5)
        x, box = 0.0, height * 0.7
        for level in LEVELS:
            word = state_word(level)
            width = (QFontMetricsF(painter.font(), page.writer).horizontalAdvance(word)
                     + box * 2.5)
            if x + width > page.width:
                x, page.y = 0.0, page.y + height
            top = page.y + (height - box) / 2
            painter.fillRect(QRectF(x, top, box, box), swatch(SHADES[level]))
            painter.setPen(QPen(swatch("print_ink"), 1))
            painter.drawRect(QRectF(x, top, box, box))
            painter.drawText(QRectF(x + box + 8, page.y, width - box, height), word,
                             wrapping(Qt.AlignmentFlag.AlignLeft))
            x += width
        page.y += height * 1.5

    def _group(self, skills: Sequence[str]) -> None:
        """The trainees against ``skills``, onto as many pages as they need."""
        page = self.page
        page.font(8)
        row = page.line_height() * 1.1
        page.room(self._heads_height() + row)
        self._heads(skills)
        block = page.y  # the top of this page's rows
        for person in self.grid.trainees:
            name = self._names.get(person.id)
            if name is None:  # each trainee's name and its height, once for every group
                shown = self.name(person.name)
                name = self._names[person.id] = (
                    shown, max(row, page.row_height([shown], [NAMES_SHARE])))
            if page.y + name[1] > page.height:
                self._lines(skills, block)
                page.writer.newPage()
                page.y = 0.0
                self._heads(skills)
                block = page.y
            self._row(person.id, name, skills)
            page.steps.advance()
        self._lines(skills, block)
        page.y += row

    def _heads_height(self) -> float:
        self.page.font(8, bold=True)
        return self.page.line_height() * 2 + self.head

    def _heads(self, skills: Sequence[str]) -> None:
        """The games over their skills, and each skill's title up its column."""
        page, painter = self.page, self.page.painter
        games_height = self._heads_height() - self.head
        top = page.y
        painter.fillRect(QRectF(0, top, self.names + self.column * len(skills),
                                games_height), swatch("print_shade"))
        painter.setPen(swatch("print_ink"))
        painter.drawText(QRectF(4, top, self.names - 8, games_height + self.head),
                         _("Trainee"), wrapping(Qt.AlignmentFlag.AlignLeft))
        start = 0
        for n, skill in enumerate(skills):
            last = n + 1 == len(skills) or game_of(skills[n + 1]) != game_of(skill)
            if last:
                left = self.names + self.column * start
                span = QRectF(left, top, self.column * (n + 1 - start), games_height)
                painter.setPen(swatch("print_ink"))
                painter.drawText(span.adjusted(4, 0, -4, 0), game_label(game_of(skill)),
                                 wrapping(Qt.AlignmentFlag.AlignHCenter))
                painter.setPen(QPen(swatch("print_ink"), 2))
                painter.drawLine(QPointF(span.right(), top),
                                 QPointF(span.right(), top + games_height + self.head))
                start = n + 1
        page.font(7)
        for n, skill in enumerate(skills):
            self._skill_head(without_game(skill_label(skill, self.titles)),
                             QRectF(self.names + self.column * n, top + games_height,
                                    self.column, self.head))
        page.y = top + games_height + self.head
        painter.setPen(QPen(swatch("print_ink"), 1))
        painter.drawLine(QPointF(0, page.y),
                         QPointF(self.names + self.column * len(skills), page.y))
        page.font(8)

    def _skill_head(self, title: str, rect: QRectF) -> None:
        """A skill's title in its column's head: up the column, or across it, wrapped, for
        a title in Chinese (its characters stay upright)."""
        painter = self.page.painter
        painter.setPen(swatch("print_ink"))
        option = wrapping(Qt.AlignmentFlag.AlignLeft)
        if any(character >= "\u3000" for character in title):
            painter.drawText(rect.adjusted(2, 2, -2, -2), title, option)
            return
        painter.save()
        painter.translate(rect.left(), rect.bottom())
        painter.rotate(-90)
        painter.drawText(QRectF(4, 0, rect.height() - 8, rect.width()), title, option)
        painter.restore()

    def _row(self, person_id: str, name: tuple[str, float], skills: Sequence[str]) -> None:
        """A trainee's row: the name, then each cell's shade and share (a white cell, not
        started, is left as the paper); the lines come with the page's block of rows."""
        page, painter = self.page, self.page.painter
        shown, height = name
        top = page.y
        painter.setPen(self._ink)
        page.cell(QRectF(0, top, self.names, height), shown)
        for n, skill in enumerate(skills):
            cell = self.grid.cell(person_id, skill)
            if cell.level is MasteryLevel.NEW:
                continue
            rect = QRectF(self.names + self.column * n, top, self.column, height)
            painter.fillRect(rect, self._shades[cell.level])
            if cell.recent_count:
                painter.drawText(rect.adjusted(2, 0, -4, 0), RIGHT,
                                 whole_percent(cell.recent_right, cell.recent_count,
                                               self.lang))
        page.y = top + height
        painter.setPen(self._grid_line)
        painter.drawLine(QPointF(0, page.y),
                         QPointF(self.names + self.column * len(skills), page.y))

    def _lines(self, skills: Sequence[str], top: float) -> None:
        """The columns' lines down a page's block of rows: thin between skills, thick after
        a game's last skill."""
        painter, bottom = self.page.painter, self.page.y
        for n, skill in enumerate(skills):
            right = self.names + self.column * (n + 1)
            last = n + 1 == len(skills) or game_of(skills[n + 1]) != game_of(skill)
            painter.setPen(self._game_line if last else self._grid_line)
            painter.drawLine(QPointF(right, top), QPointF(right, bottom))
        painter.setPen(self._grid_line)
        painter.drawLine(QPointF(self.names, top), QPointF(self.names, bottom))
