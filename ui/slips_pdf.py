"""First PINs on slips to cut out and hand to the trainees: a PDF drawn with QPainter on a
QPdfWriter (as the report is, headless too), eight slips to an A4 page, each with the
trainee's name, the first PIN and one line on what to do, dashed lines to cut along.

The PINs are written into this file only: the desk keeps none of them (the server keeps
their hashes). A name comes from whoever added the trainee, on any desk of the school: it
is drawn as the report draws names (:mod:`ui.drawn_names`: in the order it was typed,
whatever bidi controls it holds, isolated), wrapped and made smaller until it fits its slip.
"""

from __future__ import annotations

import errno
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPdfWriter, QPen

from i18n import _
from trainer.progress.progress_steps import whole_file
from ui.drawn_names import drawn_name
from ui.report_pdf import GRID, INK, a4_writer

#: Slips on a page: two across, four down.
ACROSS, DOWN = 2, 4


def write_slips(out: Path, slips: list[tuple[str, str]]) -> None:
    """The slips of ``(name, first PIN)``, in that order, into the PDF ``out`` (whole, or
    not at all: a full disk leaves no half file)."""
    with whole_file(out) as partial:
        partial.open("wb").close()  # a folder that cannot be written fails here, in words
        writer = a4_writer(partial, 10, _("First PINs"))
        painter = QPainter(writer)
        try:
            if not painter.isActive():
                raise OSError(errno.EIO, "the PDF could not be started", str(partial))
            width, height = writer.width() / ACROSS, writer.height() / DOWN
            for index, (name, pin) in enumerate(slips):
                if index and index % (ACROSS * DOWN) == 0:
                    writer.newPage()
                place = index % (ACROSS * DOWN)
                slip = QRectF((place % ACROSS) * width, (place // ACROSS) * height,
                              width, height)
                _draw_slip(painter, writer, slip, name, pin)
        finally:
            if painter.isActive():
                painter.end()


def _draw_slip(painter: QPainter, writer: QPdfWriter, slip: QRectF, name: str,
               pin: str) -> None:
    pen = QPen(GRID)
    pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.drawRect(slip)  # where to cut
    inside = slip.adjusted(slip.width() * 0.06, slip.height() * 0.08,
                           -slip.width() * 0.06, -slip.height() * 0.08)
    painter.setPen(INK)
    parts = (inside.height() * 0.36, inside.height() * 0.30, inside.height() * 0.34)
    top = inside.top()
    name_box = QRectF(inside.left(), top, inside.width(), parts[0])
    _fitted(painter, writer, name_box, drawn_name(name, _font(13, bold=True)), 13,
            bold=True)
    top += parts[0]
    painter.setFont(_font(11))
    painter.drawText(QRectF(inside.left(), top, inside.width() * 0.4, parts[1]),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                     _("First PIN:"))
    painter.setFont(_font(20, bold=True, fixed=True))
    painter.drawText(QRectF(inside.left() + inside.width() * 0.4, top, inside.width() * 0.6,
                            parts[1]),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, pin)
    top += parts[1]
    _fitted(painter, writer, QRectF(inside.left(), top, inside.width(), parts[2]),
            _("Sign in at a school desktop with this PIN; you will choose your own."), 9)


def _font(points: float, *, bold: bool = False, fixed: bool = False) -> QFont:
    font = QFont("monospace") if fixed else QFont()
    font.setStyleHint(QFont.StyleHint.TypeWriter if fixed else QFont.StyleHint.AnyStyle)
    font.setPointSizeF(points)
    font.setBold(bold)
    return font


def _fitted(painter: QPainter, writer: QPdfWriter, box: QRectF, text: str, points: float,
            *, bold: bool = False) -> None:
    """``text`` wrapped in ``box``, in a smaller font until all of it fits (never cut)."""
    flags = int(Qt.TextFlag.TextWordWrap)
    font = _font(points, bold=bold)
    while points > 5:
        needed = QFontMetricsF(font, writer).boundingRect(box, flags, text)
        if needed.height() <= box.height() and needed.width() <= box.width():
            break
        points -= 0.5
        font = _font(points, bold=bold)
    painter.setFont(font)
    painter.drawText(box, flags | int(Qt.AlignmentFlag.AlignLeft
                                      | Qt.AlignmentFlag.AlignVCenter), text)
