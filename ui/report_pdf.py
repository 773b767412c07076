"""The instructor's report as a PDF, drawn with QPainter on a QPdfWriter (works headless).

    python -m ui report --format pdf --db PATH --out FILE [--trainee NAME] [--lang L]

The content comes from :func:`trainer.progress.reports.figures.build_report`; this module only
lays it out: a summary, a bar chart of accuracy per skill, a line of accuracy over the
weeks, then the tables, and for a class or everyone the class grid's pages
(:mod:`ui.grid_pdf`). ``--format csv`` writes the same report as CSV: a zip of its
tables, or with ``--table NAME`` that one table.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
)

import i18n
import questions
from i18n import _
from trainer.progress import command_line
from trainer.progress.people.accounts import Actor, find_person, require_instructor
from trainer.progress.people.classes import SchoolClass
from trainer.progress.people.leave import leave_to_see
from trainer.progress.progress_steps import Progress, Stages, Steps, whole_file
from trainer.progress.reports.figures import Report, build_report
from trainer.progress.reports.period import Period
from trainer.progress.reports.spreadsheets import write_report_csv
from trainer.progress.reports.words import (
    PARTIAL_CREDIT,
    SkillTitles,
    day,
    game_label,
    in_language,
    level_label,
    local_day,
    passed_label,
    percent,
    period_text,
    seconds,
    short_day,
    skill_label,
    time_spent,
)
from trainer.progress.storage.store import Store
from ui.drawn_names import drawn_name, wrapping
from ui.grid_pdf import draw_grid, grid_rows
from ui.palette import swatch

RESOLUTION = 144
INK = swatch("print_ink")
GRID = swatch("print_grid")
SHADE = swatch("print_shade")
BAR = swatch("print_bar")
LINE = swatch("print_line")
#: Room on each side of a table cell's text, so that a right-aligned figure never runs
#: into the words of the next column.
PAD = 10.0


class PdfReport:
    """A cursor down the pages: headings, paragraphs, charts and tables that break pages."""

    def __init__(self, writer: QPdfWriter, lang: str, titles: SkillTitles | None,
                 steps: Steps | None = None):
        self.writer, self.lang, self.titles = writer, lang, titles
        #: Told every bar and table row drawn.
        self.steps = steps or Steps(None, 0)
        self.painter = QPainter(writer)
        self.width = float(writer.width())
        self.height = float(writer.height())
        self.y = 0.0

    def font(self, points: float, bold: bool = False) -> QFont:
        font = QFont()
        font.setPointSizeF(points)
        font.setBold(bold)
        self.painter.setFont(font)
        return font

    def line_height(self) -> float:
        return QFontMetricsF(self.painter.font(), self.writer).height() * 1.25

    def room(self, needed: float) -> None:
        if self.y + needed > self.height:
            self.writer.newPage()
            self.y = 0.0

    def text(self, text: str, points: float = 10, bold: bool = False, gap: float = 0) -> None:
        self.font(points, bold)
        option = wrapping(Qt.AlignmentFlag.AlignLeft)  # a long name in a title wraps
        height = max(self.line_height(), self.painter.boundingRect(
            QRectF(0, 0, self.width, 1e6), text, option).height())
        self.room(height + gap)
        self.y += gap
        self.painter.setPen(INK)
        self.painter.drawText(QRectF(0, self.y, self.width, height), text, option)
        self.y += height

    def cell(self, rect: QRectF, text: str, right: bool = False) -> None:
        """``text`` in ``rect``, on as many lines as it needs (never cut short: a word
        longer than the column, a 300-letter name, wraps inside the word)."""
        align = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
        self.painter.drawText(rect.adjusted(PAD, 0, -PAD, 0), text, wrapping(align))

    def row_height(self, values: Sequence[str], widths: Sequence[float]) -> float:
        """A table row tall enough for its longest cell, wrapped in its column."""
        option = wrapping(Qt.AlignmentFlag.AlignLeft)
        tallest = max((self.painter.boundingRect(
            QRectF(0, 0, width * self.width - 2 * PAD, 1e6), value, option).height()
                       for value, width in zip(values, widths, strict=True)), default=0.0)
        return max(self.line_height(), tallest + self.line_height() * 0.25)

    def table(self, title: str, header: Sequence[str], rows: Sequence[Sequence[str]],
              widths: Sequence[float]) -> None:
        """Columns sized by ``widths`` (shares of the page); numbers are right-aligned; a
        long header or name wraps. The title stays with the header and the first row, and
        the header is repeated at the top of every page the table runs onto."""
        if not rows:
            return
        self.font(12, bold=True)
        title_height = self.line_height() * 2
        self.font(9, bold=True)
        header_height = self.row_height(header, widths)
        self.font(9)
        self.room(title_height + header_height + self.row_height(rows[0], widths))
        self.text(title, 12, bold=True, gap=self.line_height())
        lefts = [sum(widths[:i]) * self.width for i in range(len(widths))]
        numeric = [all(_numeric(row[i]) for row in rows) for i in range(len(header))]
        self._header(header, lefts, widths, numeric)
        for row in rows:
            height = self.row_height(row, widths)
            if self.y + height > self.height:
                self.writer.newPage()
                self.y = 0.0
                self._header(header, lefts, widths, numeric)
            for left, width, value, right in zip(lefts, widths, row, numeric, strict=True):
                self.cell(QRectF(left, self.y, width * self.width, height), value, right)
            self.painter.setPen(QPen(GRID, 1))
            self.painter.drawLine(QPointF(0, self.y + height), QPointF(self.width, self.y + height))
            self.painter.setPen(INK)
            self.y += height
            self.steps.advance()

    def _header(self, header: Sequence[str], lefts: Sequence[float], widths: Sequence[float],
                numeric: Sequence[bool]) -> None:
        self.font(9, bold=True)
        height = self.row_height(header, widths)
        self.painter.fillRect(QRectF(0, self.y, self.width, height), SHADE)
        self.painter.setPen(INK)
        for left, width, label, right in zip(lefts, widths, header, numeric, strict=True):
            self.cell(QRectF(left, self.y, width * self.width, height), label, right)
        self.y += height
        self.font(9)

    def bar_chart(self, title: str, bars: Sequence[tuple[str, float, str]]) -> None:
        """One horizontal bar per label, its length the share (0–1), its value written."""
        if not bars:
            return
        self.font(12, bold=True)
        self.room(self.line_height() * 2 + self.line_height() * 1.1 * min(3, len(bars)))
        self.text(title, 12, bold=True, gap=self.line_height())
        self.font(9)
        bar = self.line_height() * 0.77
        label_width, value_width = self.width * 0.38, self.width * 0.1
        plot = self.width - label_width - value_width
        for label, share, value in bars:
            row = max(self.line_height() * 1.1,  # a long skill name wraps, never cut
                      self.row_height([label], [label_width / self.width]))
            self.room(row)
            self.painter.setPen(INK)
            self.cell(QRectF(0, self.y, label_width, row), label)
            top = self.y + (row - bar) / 2
            self.painter.fillRect(QRectF(label_width, top, plot, bar), SHADE)
            self.painter.fillRect(QRectF(label_width, top, plot * share, bar), BAR)
            self.cell(QRectF(label_width + plot, self.y, value_width, row), value, right=True)
            self.y += row
            self.steps.advance()

    def line_chart(self, title: str, points: Sequence[tuple[str, float]],
                   note: str = "") -> None:
        """Shares (0–1) over time: a grid every 25 %, a dot per point, its label centred
        below it (a label between two points was read as the earlier one's), ``note`` under
        the chart."""
        if not points:
            return
        self.font(12, bold=True)
        self.room(self.line_height() * 2 + self.height * 0.25 + self.line_height() * 2)
        self.text(title, 12, bold=True, gap=self.line_height())
        self.font(8)
        label = self.line_height()
        box_height = self.height * 0.25
        self.room(box_height + label * 2)
        left, top = self.width * 0.08, self.y + label / 2
        plot = QRectF(left, top, self.width - left - 10, box_height)
        for quarter in range(5):
            y = plot.bottom() - plot.height() * quarter / 4
            self.painter.setPen(QPen(GRID, 1))
            self.painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            self.painter.setPen(INK)
            self.cell(QRectF(0, y - label / 2, left, label), percent_of(quarter / 4, self.lang),
                      right=True)
        step = plot.width() / max(1, len(points) - 1)
        spots = [QPointF(plot.left() + step * i if len(points) > 1 else plot.center().x(),
                         plot.bottom() - plot.height() * share)
                 for i, (_label, share) in enumerate(points)]
        path = QPainterPath(spots[0])
        for spot in spots[1:]:
            path.lineTo(spot)
        self.painter.setPen(QPen(LINE, 3))
        self.painter.drawPath(path)
        self.painter.setBrush(LINE)
        for spot in spots:
            self.painter.drawEllipse(spot, 4, 4)
        self.painter.setBrush(Qt.BrushStyle.NoBrush)
        self.painter.setPen(INK)
        every = max(1, len(points) // 8)
        room = min(step * every, plot.width())  # a label's width, centred under its point
        for i, (text, _share) in enumerate(points):
            if i % every == 0:
                self.painter.drawText(QRectF(spots[i].x() - room / 2, plot.bottom() + 2, room,
                                             label), text,
                                      wrapping(Qt.AlignmentFlag.AlignHCenter))
        self.y = plot.bottom() + label * 1.5
        if note:
            self.text(note, 8)
        self.steps.advance()

    def finish(self) -> None:
        if self.painter.isActive():
            self.painter.end()


def _numeric(value: str) -> bool:
    """A figure (right-aligned): digits with separators, a percent sign or a slash."""
    return bool(value) and all(c.isdigit() or c in ".,%/  \u00a0\u202f" for c in value)


def percent_of(share: float, lang: str) -> str:
    return percent(Decimal(str(share)), lang)


#: A table of the PDF: its title, header, rows and column widths (shares of the page).
Table = tuple[str, list[str], list[list[str]], list[float]]


def a4_writer(path: Path, margin_mm: float, title: str) -> QPdfWriter:
    """A PDF of A4 pages at :data:`RESOLUTION`, with the margin all round, titled."""
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(margin_mm, margin_mm, margin_mm, margin_mm),
                          QPageLayout.Unit.Millimeter)
    writer.setResolution(RESOLUTION)
    writer.setTitle(title)
    writer.setCreator("Croupier Trainer")
    return writer


def draw_report(report: Report, out: Path, lang: str, titles: SkillTitles | None = None, *,
                progress: Progress | None = None) -> None:
    """Draw ``report`` into the PDF file ``out``, in the current language ``lang``.

    ``progress`` is told the bars, charts and table rows drawn (see
    :mod:`trainer.progress.progress_steps`); a cancelled PDF leaves no file.
    """
    bars = [(skill_label(s.skill, titles), float(s.figures.accuracy or 0),
             percent(s.figures.accuracy, lang)) for s in report.skills]
    points = [(short_day(w.week, lang), float(w.figures.accuracy or 0)) for w in report.weeks]
    tables = _tables(report, lang, titles)
    with whole_file(out) as partial:
        partial.open("wb").close()  # a folder that cannot be written fails here, in words
        writer = a4_writer(partial, 15, str(report.title))
        steps = Steps(progress, len(bars) + bool(points) + sum(len(t[2]) for t in tables)
                      + grid_rows(report.grid, writer.width(), writer.resolution()))
        page = PdfReport(writer, lang, titles, steps)
        try:
            if not page.painter.isActive():
                raise OSError(errno.EIO, "the PDF could not be started", str(partial))
            _draw(page, report, lang, bars, points, tables)
        finally:
            page.finish()
        steps.finish()


def _draw(page: PdfReport, report: Report, lang: str, bars: list[tuple[str, float, str]],
          points: list[tuple[str, float]], tables: list[Table]) -> None:
    page.text(str(report.titled(_name)), 18, bold=True)
    page.text(_("Generated on {date}").format(date=day(report.generated_at.date(), lang)), 9)
    page.text(period_text(report.period, lang), 9)
    totals = report.totals
    page.text(_("{answers} answers, {accuracy} right, {time} of answering").format(
        answers=totals.attempts, accuracy=percent(totals.accuracy, lang),
        time=time_spent(totals.total_ms, lang)), 10, gap=page.line_height() / 2)
    page.bar_chart(_("Accuracy per skill"), bars)
    page.line_chart(_("Accuracy per week"), points, _(
        "A point per week, labelled with the day the week starts (a Monday)."))
    for title, header, rows, widths in tables:
        page.table(title, header, rows, widths)
    if report.exams:
        page.text(_(PARTIAL_CREDIT), 8, gap=page.line_height() / 2)
    draw_grid(page, report.grid, lang, page.titles, _name)


def _tables(report: Report, lang: str, titles: SkillTitles | None) -> list[Table]:
    tables: list[Table] = [
        (_("Accuracy and speed per game"),
         [_("Game"), _("Answers"), _("Accuracy"), _("Median time (s)")],
         [[game_label(g.game), str(g.figures.attempts), percent(g.figures.accuracy, lang),
           seconds(g.median_ms, lang)] for g in report.games], [0.4, 0.2, 0.2, 0.2])]
    single = report.scope is not None
    tables.append(
        (_("Accuracy and speed per skill"),
         [_("Skill"), _("Answers"), _("Accuracy"), _("Median time (s)"),
          _("Level") if single else _("Trainees mastered")],
         [[skill_label(s.skill, titles), str(s.figures.attempts),
           percent(s.figures.accuracy, lang), seconds(s.median_ms, lang),
           level_label(s.level) if single else f"{s.mastered} / {s.trainees}"]
          for s in report.skills], [0.4, 0.14, 0.14, 0.16, 0.16]))
    tables.append(
        (_("Weakest skills"), [_("Skill"), _("Answers"), _("Accuracy")],
         [[skill_label(s.skill, titles), str(s.figures.attempts),
           percent(s.figures.accuracy, lang)] for s in report.weakest], [0.6, 0.2, 0.2]))
    if not single:
        tables.append(
            (_("Trainees"),
             [_("Trainee"), _("Answers"), _("Accuracy"), _("Time spent"),
              _("Skills mastered"), _("Last answer")],
             [[_name(t.person.name), str(t.figures.attempts), percent(t.figures.accuracy, lang),
               time_spent(t.figures.total_ms, lang), str(t.mastered),
               local_day(t.last_answered_at, lang)] for t in report.trainees],
             [0.3, 0.12, 0.12, 0.16, 0.14, 0.16]))
    tables.append(
        (_("Exam results"),
         [_("Exam"), _("Trainee"), _("Date"), _("Correct"), _("Score"), _("Result")],
         [[_name(e.exam_title), _name(e.person.name), local_day(e.submitted_at, lang),
           f"{e.correct} / {e.questions}", percent(e.score_percent / 100, lang),
           passed_label(e.passed)]
          for e in report.exams], [0.26, 0.26, 0.14, 0.1, 0.12, 0.12]))
    return tables


def _name(name: str) -> str:
    """A name typed by someone, as the PDF draws it (see :mod:`ui.drawn_names`)."""
    return drawn_name(name, QFont())


def skill_titles() -> SkillTitles:
    """Every skill's title from the questions package (ui may import it; trainer may not)."""
    return {skill: questions.title(skill) for skill in questions.titled()}


#: How the work of a report export is shared between building the report (reading the
#: summaries) and writing it, in thousandths (measured with 500 trainees).
REPORT_SHARES = {"pdf": (750, 250), "csv": (950, 50)}


def export_report(store: Store, actor: Actor, out: Path, fmt: str, person_id: str | None,
                  language: str | None, *, progress: Progress | None = None,
                  period: Period | None = None, school_class: SchoolClass | None = None,
                  table: str | None = None) -> None:
    """Build the report over ``period`` and write it as PDF or CSV in ``language``;
    instructors only. ``table``: one of the CSV report's tables alone, as CSV (see
    :func:`write_report_csv`).

    ``progress`` is told thousandths of the work (see ``REPORT_SHARES`` and
    :mod:`trainer.progress.progress_steps`); a cancelled report leaves no file.
    """
    require_instructor(store, actor)
    stages = Stages(progress, REPORT_SHARES[fmt])
    report = build_report(leave_to_see(store, actor, person_id), progress=stages.stage(0),
                          period=period, school_class=school_class,
                          grid_skills=questions.titled())
    titles = skill_titles()
    if fmt == "csv":
        write_report_csv(store, actor, report, out, language, titles, table=table,
                         progress=stages.stage(1))
        return
    with in_language(language) as lang:
        draw_report(report, out, lang, titles, progress=stages.stage(1))


def parser() -> argparse.ArgumentParser:
    arguments = argparse.ArgumentParser(prog="python -m ui report")
    command_line.add_common_options(arguments)
    arguments.add_argument("--format", choices=["pdf", "csv"], required=True)
    arguments.add_argument("--out", type=Path, required=True)
    arguments.add_argument("--trainee", default=None)
    arguments.add_argument("--lang", choices=i18n.LANGUAGES, default=None)
    command_line.add_table_option(arguments)
    command_line.add_period_options(arguments)
    command_line.add_class_option(arguments)
    return arguments


def _run(args: argparse.Namespace, store: Store) -> str:
    actor = command_line.instructor_actor(store, args.instructor)
    person_id = find_person(store, args.trainee).id if args.trainee else None
    export_report(store, actor, args.out, args.format, person_id, args.lang,
                  period=command_line.period_of(args),
                  school_class=command_line.class_of(store, args.class_name),
                  table=args.table)
    return str(args.out)


def main(argv: list[str] | None = None) -> int:
    """``python -m ui report …``: no window, so it runs on the offscreen platform."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    return command_line.main(sys.argv[1:] if argv is None else argv, _run, parser())
