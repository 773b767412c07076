"""Words painted in a box they must fit: wrapped first, then smaller, "…" only at the end.

Every text drawn on a situation (a caption, a place's name, a tag on a seat) goes through
:func:`fit_text`. It tries the text at the size asked for; when it is too wide it first
breaks it onto more lines at word boundaries (Qt breaks Chinese between characters), if
the box is tall enough; only then it shrinks the font in steps of 5 % down to a floor
(9 px: smaller is not read at a table), and only at the floor, when even that does not
fit, it ends the text with "…". It never paints outside its box and returns the bounds
of what it painted, so that the next thing can be placed after it.

:func:`fit` lays a text out without painting it and :func:`text_height` says how high a
box its words need, so that layouts make room for the words rather than the other way
round. :func:`paint_lines` sets short lines in rows or columns, :func:`paint_paragraphs`
stacks paragraphs in one size. :func:`paint_badge` is the rounded pill with a short text
(a place number, "Banker", a claim); :func:`badge_size` says how large it will be and
:func:`flow` lays pills out in rows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPen,
    QTextLayout,
    QTextOption,
)

from ui.palette import swatch

INK = swatch("ink")
#: The smallest font size a text is shrunk to before it is shortened with "…".
FLOOR = 9.0
#: Each step down multiplies the size by this.
STEP = 0.95
ELLIPSIS = "…"
_SLACK = 0.5  # rounding of the metrics: a text this much larger than its box still fits
CENTRE = Qt.AlignmentFlag.AlignCenter
_SAMPLE = "Ág麻"


@dataclass(frozen=True)
class TextFit:
    """How a text is laid out in its box: the words shown, the font and the bounds."""

    box: QRectF
    wanted: str  # the text asked for
    shown: str  # what is painted: ``wanted``, or shortened with "…"
    font: QFont
    flags: int
    bounds: QRectF

    @property
    def shortened(self) -> bool:
        return self.shown != self.wanted


def text_font(pixels: float, *, bold: bool = False, min_pixels: float = FLOOR) -> QFont:
    """The application's font at ``pixels`` (never below ``min_pixels``)."""
    font = QFont()
    font.setPixelSize(max(1, round(max(pixels, min_pixels))))
    font.setBold(bold)
    return font


def line_height(pixels: float, *, bold: bool = False, lines: int = 1) -> float:
    """The height ``lines`` lines of text at ``pixels`` (at least the floor) take.

    Measured on Latin and Chinese letters alike (the Chinese font is taller), so that a
    box made this high holds the text in every language.
    """
    metrics = QFontMetricsF(text_font(pixels, bold=bold))
    return metrics.boundingRect(QRectF(0, 0, 1e6, 1e6), 0, "\n".join([_SAMPLE] * lines)).height()


def text_width(text: str, pixels: float, *, bold: bool = False) -> float:
    """How wide ``text`` is on one line at ``pixels`` (at least the floor)."""
    return QFontMetricsF(text_font(pixels, bold=bold)).horizontalAdvance(text)


def _fits(bounds: QRectF, box: QRectF) -> bool:
    return bounds.width() <= box.width() + _SLACK and bounds.height() <= box.height() + _SLACK


def fit(box: QRectF, text: str, *, pixels: float, bold: bool = False,
        align: Qt.AlignmentFlag = CENTRE, wrap: bool = True,
        min_pixels: float = FLOOR) -> TextFit:
    """Lay ``text`` out in ``box`` without painting it (see the module's docstring).

    ``wrap=False`` keeps the text on one line (a number under a tile, a name in a row).
    """
    one_line = int(align)
    wrapped = one_line | int(Qt.TextFlag.TextWordWrap)
    size = max(pixels, min_pixels)
    while True:
        font = text_font(size, bold=bold, min_pixels=min_pixels)
        metrics = QFontMetricsF(font)
        for flags in ((one_line, wrapped) if wrap else (one_line,)):
            bounds = metrics.boundingRect(box, flags, text)
            if _fits(bounds, box):
                return TextFit(box, text, text, font, flags, bounds)
        if size <= min_pixels:
            return _shortened(box, text, font, one_line, wrap)
        size = max(min_pixels, size * STEP)


def _shortened(box: QRectF, text: str, font: QFont, flags: int, wrap: bool) -> TextFit:
    """``text`` at the floor size, as many lines of it as the box holds, ended with "…"."""
    metrics = QFontMetricsF(font)
    lines = _broken(text, font, box.width()) if wrap else [" ".join(text.split())]
    room = min(len(lines), max(0, math.floor((box.height() + _SLACK - metrics.height())
                                             / metrics.lineSpacing()) + 1))
    while room > 0:  # fewer lines where a fallback font (Chinese) makes them taller
        kept = lines[:room - 1] + [" ".join(lines[room - 1:])]
        shown_lines = [metrics.elidedText(line, Qt.TextElideMode.ElideRight, box.width())
                       for line in kept]
        shown_lines[-1] = _with_ellipsis(shown_lines[-1], metrics, box.width())
        shown = "\n".join(line for line in shown_lines if line)
        bounds = metrics.boundingRect(box, flags, shown)
        if shown and _fits(bounds, box):
            return TextFit(box, text, shown, font, flags, bounds)
        room -= 1
    return TextFit(box, text, "", font, flags, QRectF(box.center(), QSizeF(0, 0)))


def _with_ellipsis(line: str, metrics: QFontMetricsF, width: float) -> str:
    """The last line shown ends with "…" (it always stands for words left out)."""
    if line.endswith(ELLIPSIS):
        return line
    while line and metrics.horizontalAdvance(line + ELLIPSIS) > width:
        line = line[:-1]
    line = line.rstrip()
    return line + ELLIPSIS if metrics.horizontalAdvance(line + ELLIPSIS) <= width else ""


def _broken(text: str, font: QFont, width: float) -> list[str]:
    """``text`` broken into lines of ``width`` at word boundaries, as Qt would break it."""
    lines = []
    for paragraph in text.split("\n"):
        layout = QTextLayout(paragraph, font)
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        layout.setTextOption(option)
        layout.beginLayout()
        while (line := layout.createLine()).isValid():
            line.setLineWidth(width)
            lines.append(paragraph[line.textStart():line.textStart() + line.textLength()])
        layout.endLayout()
    return [line.strip() for line in lines if line.strip()]


def text_height(text: str, width: float, *, pixels: float, bold: bool = False) -> float:
    """How tall ``text`` is when fitted into ``width`` (wrapped, smaller if a word is wider):
    for making a box as high as its words need."""
    return fit(QRectF(0, 0, width, 1e6), text, pixels=pixels, bold=bold).bounds.height()


def paint_fit(painter: QPainter, laid: TextFit, colour: QColor) -> None:
    """Paint a laid-out text."""
    if not laid.shown:
        return
    painter.save()
    painter.setFont(laid.font)
    painter.setPen(colour)
    painter.drawText(laid.box, laid.flags, laid.shown)
    painter.restore()


def fit_text(painter: QPainter, box: QRectF, text: str, *, pixels: float,
             bold: bool = False, colour: QColor = INK,
             align: Qt.AlignmentFlag = CENTRE, wrap: bool = True,
             min_pixels: float = FLOOR) -> QRectF:
    """Paint ``text`` so that it fits ``box``; returns the bounds actually painted."""
    laid = fit(box, text, pixels=pixels, bold=bold, align=align, wrap=wrap,
               min_pixels=min_pixels)
    paint_fit(painter, laid, colour)
    return laid.bounds


def paint_lines(painter: QPainter, box: QRectF, lines: list[str], *, pixels: float,
                bold: bool = False, colour: QColor = INK,
                align: Qt.AlignmentFlag = CENTRE) -> list[QRectF]:
    """Short lines (facts, a legend) in ``box``, one under another, or in columns where
    the box is too low for them all; returns the bounds painted of each."""
    if not lines:
        return []
    best: list[TextFit] = []
    best_score = (False, 0)
    for columns in range(1, len(lines) + 1):
        rows = math.ceil(len(lines) / columns)
        width, height = box.width() / columns, box.height() / rows
        laid = [fit(QRectF(box.left() + (index // rows) * width,
                           box.top() + (index % rows) * height, width, height), line,
                    pixels=pixels, bold=bold, align=align)
                for index, line in enumerate(lines)]
        score = (not any(line.shortened for line in laid),
                 min(line.font.pixelSize() for line in laid))
        if score > best_score or not best:
            best, best_score = laid, score
    for line in best:
        paint_fit(painter, line, colour)
    return [line.bounds for line in best]


def _paragraphs_at(texts: list[str], width: float, size: float, bold: bool,
                   align: int) -> tuple[list[QRectF], float]:
    """Each paragraph's bounds wrapped into ``width`` at ``size``, and the gap between."""
    metrics = QFontMetricsF(text_font(size, bold=bold))
    flags = align | int(Qt.TextFlag.TextWordWrap)
    return ([metrics.boundingRect(QRectF(0, 0, width, 1e6), flags, text) for text in texts],
            metrics.height() * 0.3)


def paragraphs_height(texts: list[str], width: float, *, pixels: float,
                      bold: bool = False) -> float:
    """How tall :func:`paint_paragraphs` makes ``texts`` in ``width`` at ``pixels``."""
    bounds, gap = _paragraphs_at(texts, width, max(pixels, FLOOR), bold, int(CENTRE))
    return sum(bound.height() for bound in bounds) + gap * max(0, len(texts) - 1)


def paint_paragraphs(painter: QPainter, box: QRectF, texts: list[str], *, pixels: float,
                     bold: bool = False, colour: QColor = INK,
                     align: Qt.AlignmentFlag = CENTRE) -> QRectF:
    """Short paragraphs one under another in ``box``, each wrapped, all in one size: the
    largest that lets them all fit (the box's middle holds them); returns their bounds."""
    size = max(pixels, FLOOR)
    horizontal = int(align) & int(Qt.AlignmentFlag.AlignHorizontal_Mask)
    while True:
        bounds, gap = _paragraphs_at(texts, box.width(), size, bold, horizontal)
        total = sum(bound.height() for bound in bounds) + gap * max(0, len(texts) - 1)
        if all(bound.width() <= box.width() + _SLACK for bound in bounds) \
                and total <= box.height() + _SLACK:
            break
        if size <= FLOOR:  # even the floor is too large: one text, shortened at its end
            return fit_text(painter, box, "\n".join(texts), pixels=size, bold=bold,
                            colour=colour, align=align)
        size = max(FLOOR, size * STEP)
    top = box.top() + (box.height() - total) / 2
    if int(align) & int(Qt.AlignmentFlag.AlignTop):
        top = box.top()
    painted = QRectF()
    for text, bound in zip(texts, bounds, strict=True):
        row = QRectF(box.left(), top, box.width(), bound.height())
        painted = painted.united(fit_text(painter, row, text, pixels=size, bold=bold,
                                          colour=colour, align=align, min_pixels=size))
        top += bound.height() + gap
    return painted


# Badges ----------------------------------------------------------------------------------


def badge_size(text: str, pixels: float, *, bold: bool = True,
               max_width: float | None = None) -> QSizeF:
    """The size of the pill :func:`paint_badge` paints for ``text``: one line, or as
    many as it takes to keep within ``max_width``."""
    line = line_height(pixels, bold=bold)
    height = line * 1.15
    pad = height * 0.35
    width = max(height, text_width(text, pixels, bold=bold) + 2 * pad)
    if max_width is None or width <= max_width:
        return QSizeF(width, height)
    words = text_height(text, max_width - 2 * pad, pixels=pixels, bold=bold)
    return QSizeF(max(height, max_width), words + height - line)


def paint_badge(painter: QPainter, centre: QPointF, text: str, *, pixels: float,
                fill: QColor, ink: QColor = INK, bold: bool = True,
                max_width: float | None = None) -> QRectF:
    """A rounded pill with ``text`` centred on ``centre``; returns its rectangle.

    A text longer than ``max_width`` goes on more lines in a taller pill.
    """
    size = badge_size(text, pixels, bold=bold, max_width=max_width)
    rect = QRectF(centre.x() - size.width() / 2, centre.y() - size.height() / 2,
                  size.width(), size.height())
    radius = min(rect.height(), line_height(pixels, bold=bold) * 1.15) / 2
    painter.save()
    painter.setPen(QPen(fill.darker(140), 1))
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, radius, radius)
    painter.restore()
    inset = radius * 0.6
    fit_text(painter, rect.adjusted(inset, 0, -inset, 0), text, pixels=pixels, bold=bold,
             colour=ink)
    return rect


def flow(widths: list[float], left: float, right: float, start: float, gap: float, *,
         right_from: int | None = None) -> list[tuple[int, float]]:
    """Where things ``widths`` wide go, in rows from ``left`` to ``right``: (row, x) of each.

    The first row begins at ``start``; a thing that does not fit goes to the next row.
    Those from index ``right_from`` on keep to the right end of their rows (buttons after
    tags).
    """
    places: list[tuple[int, float]] = []
    row, x = 0, start
    for width in widths:
        if x + width > right + _SLACK and x > left + _SLACK:  # not first in its row
            row, x = row + 1, left
        places.append((row, x))
        x += width + gap
    if right_from is None:
        return places
    for current in {row for row, _x in places[right_from:]}:
        mine = [index for index in range(right_from, len(places)) if places[index][0] == current]
        shift = right - (places[mine[-1]][1] + widths[mine[-1]])
        for index in mine:
            places[index] = (current, places[index][1] + shift)
    return places
