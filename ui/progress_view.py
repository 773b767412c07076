"""The progress screens: a trainee's charts, and the cohort's for the instructor desk.

:class:`ProgressView` shows one person's accuracy and median response time per week,
accuracy and mastery level per skill, and a calendar of answers per day over the last
12 weeks. :class:`CohortCharts` shows every trainee together: accuracy, mean response
time and answers per week, and accuracy per skill with how many trainees mastered it.

Every figure comes from ``trainer.progress`` (:func:`build_report`, :func:`mastery`,
:mod:`trainer.progress.learning.calendar`), which also decides who may see what: a trainee only
themselves, an instructor anyone. A refusal is shown in words, never as a traceback.

pyqtgraph is imported only when one of these screens is built (``ui.charts``), so that
importing this module at the app's start costs nothing.
"""

from __future__ import annotations

from datetime import date
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGraphicsView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from i18n import N_, Message, _, ngettext
from trainer.progress import Store, StoreError
from trainer.progress.learning.calendar import answers_per_day, median_ms_per_week
from trainer.progress.learning.mastery import MasteryLevel, SkillMastery, mastery
from trainer.progress.people.accounts import Actor
from trainer.progress.people.classes import SchoolClass, classes
from trainer.progress.people.leave import leave_to_see
from trainer.progress.progress_steps import Progress
from trainer.progress.reports.figures import Report, build_report, summary_count
from ui.charts import captions, text
from ui.charts.data import Measure, calendar_range
from ui.desk.loading import LoadingBar, PageLoader
from ui.desk.texts import local_offset
from ui.palette import styled
from ui.translated import Retranslating

if TYPE_CHECKING:
    from ui.charts.base import Chart

STYLE = """
QLabel#heading { font-size: 20pt; font-weight: 600; }
QLabel#chartTitle { font-size: 12pt; font-weight: 600; }
QLabel#readout { color: $quiet; }
QLabel#readout[said="true"] { color: $said; font-weight: 600; }
QLabel#error { color: $wrong_text; font-size: 12pt; }
"""


class _Screen(Retranslating, QWidget):
    """What both screens share: a heading, a summary, a line that reads values, the charts
    in panels, and a refusal or a database problem shown in words instead of them."""

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(parent)
        self._store, self._actor = store, actor
        self._problem: Message | None = None
        self._panels: list[tuple[QLabel, str, QWidget]] = []
        styled(self, STYLE)
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        #: The value under the mouse or the keyboard's cursor, else how to read one.
        self.readout = QLabel()
        self.readout.setObjectName("readout")
        self.readout.setWordWrap(True)
        self._charts: list[Chart] = []
        self.problem = QLabel()
        self.problem.setObjectName("error")
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.charts = QWidget()
        self.grid = QGridLayout(self.charts)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(14)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(24, 16, 24, 16)
        self.top = QHBoxLayout()
        self.top.addWidget(self.heading, 1)
        self.layout_.addLayout(self.top)
        self.layout_.addWidget(self.summary)
        self.layout_.addWidget(self.readout)
        self.layout_.addWidget(self.problem)
        self.layout_.addWidget(self.charts, 1)

    def panel(self, title: str, body: QWidget, extra: QWidget | None = None) -> QFrame:
        """A chart under its title (``title``: a message id marked with ``N_``)."""
        frame = QFrame()
        label = QLabel()
        label.setObjectName("chartTitle")
        label.setWordWrap(True)
        column = QVBoxLayout(frame)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(4)
        column.addWidget(label)
        column.addWidget(body, 1)
        if extra is not None:
            column.addWidget(extra)
        self._panels.append((label, title, body))
        return frame

    def listen(self, *charts: Chart) -> None:
        """Say what ``charts`` point at in the readout, one marked spot at a time."""
        for chart in charts:
            self._charts.append(chart)
            chart.spotShown.connect(lambda said, chart=chart: self._say(chart, said))

    def _say(self, chart: Chart, said: str) -> None:
        for other in self._charts:
            if other is not chart:
                other.forget_spot()
        self._show_readout(said)

    def _show_readout(self, said: str) -> None:
        self.readout.setProperty("said", bool(said))
        self.readout.setText(said or _("Point at a chart to read its values, or click it "
                                       "and use the arrow keys; Ctrl+T shows its figures as "
                                       "a table."))
        self.readout.style().unpolish(self.readout)
        self.readout.style().polish(self.readout)

    def refuse(self, problem: Message) -> None:
        """Say why there is nothing to show (not allowed, the database busy…) instead."""
        self._problem = problem
        self._show_charts(False)
        last = self.layout_.itemAt(self.layout_.count() - 1)
        if last is not None and last.widget() is not None:
            self.layout_.addStretch(1)  # the heading and the message at the top

    def _show_charts(self, shown: bool = True) -> None:
        if shown:
            self._problem = None
        for widget in (self.charts, self.summary, self.readout):
            widget.setVisible(shown)
        self.problem.setVisible(not shown)

    def retranslate(self) -> None:
        """The texts of the screen; a chart with a spot shown says it again after this."""
        for label, title, body in self._panels:
            label.setText(_(title))
            for chart in [body, *body.findChildren(QGraphicsView)]:  # a screen reader says which
                chart.setAccessibleName(_(title))
        said = next((chart.readout for chart in self._charts if chart.current is not None), "")
        self._show_readout(said)
        if self._problem is not None:
            self.problem.setText(str(self._problem))


class ProgressView(_Screen):
    """One person's progress; a trainee may open only their own."""

    backRequested = Signal()  # noqa: N815

    #: The trainee asks for their table rounds (the button shown ``with_rounds``).
    roundsRequested = Signal()  # noqa: N815

    def __init__(self, store: Store, actor: Actor, person_id: str,
                 parent: QWidget | None = None, *, today: date | None = None,
                 with_rounds: bool = False):
        super().__init__(store, actor, parent)
        from ui.charts.calendar import CalendarLegend, PracticeCalendar
        from ui.charts.skills import SkillBars
        from ui.charts.weekly import WeeklyChart

        self.person_id = person_id
        self._today = today
        self._shown_before = False
        self.report: Report | None = None
        self.levels: list[SkillMastery] = []
        self.back_button = QPushButton()
        self.back_button.clicked.connect(self.backRequested)
        self.top.insertWidget(0, self.back_button)
        self.rounds_button = QPushButton()
        self.rounds_button.clicked.connect(self.roundsRequested)
        self.rounds_button.setVisible(with_rounds)
        self.top.addWidget(self.rounds_button)
        shortcut = QShortcut(QKeySequence(Qt.Key.Key_Escape), self,
                             context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.backRequested)
        self.accuracy_chart = WeeklyChart(Measure.ACCURACY)
        self.speed_chart = WeeklyChart(Measure.SECONDS)
        self.skill_chart = SkillBars()
        self.calendar = PracticeCalendar()
        self.legend = CalendarLegend(self.calendar)
        self.listen(self.accuracy_chart, self.speed_chart, self.skill_chart, self.calendar)
        self.grid.addWidget(self.panel(N_("Accuracy per week"), self.accuracy_chart), 0, 0)
        self.grid.addWidget(self.panel(N_("Median response time per week"), self.speed_chart),
                            0, 1)
        self.grid.addWidget(self.panel(N_("Accuracy and mastery per skill"),
                                       _scrolling(self.skill_chart)), 1, 0)
        self.grid.addWidget(self.panel(N_("Practice in the last 12 weeks"), self.calendar,
                                       self.legend), 1, 1)
        for n in range(2):
            self.grid.setRowStretch(n, 1)
            self.grid.setColumnStretch(n, 1)
        _in_tab_order(self.back_button, self.accuracy_chart, self.speed_chart,
                      self.skill_chart, self.calendar)
        self.reload()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        """Shown again (after more answers): read the figures again."""
        if self._shown_before:
            self.reload()
        self._shown_before = True
        super().showEvent(event)

    @property
    def today(self) -> date:
        return self._today or date.today()

    def reload(self) -> None:
        """Read the figures again (after more answers) and redraw."""
        store, actor, person = self._store, self._actor, self.person_id
        try:
            leave = leave_to_see(store, actor, person)  # the one check, for every figure
            self.report = build_report(leave)
            self.levels = mastery(leave)
            medians = median_ms_per_week(leave)
            first, last = calendar_range(self.today)
            days = answers_per_day(leave, first, last, local_offset())
        except StoreError as error:
            self.report = None
            self.refuse(error.message)
            self.retranslate()
            return
        self._show_charts()
        answers = {row.week: row.figures for row in self.report.weeks}
        self.accuracy_chart.set_weeks([captions.accuracy_week(row.week, row.figures)
                                       for row in self.report.weeks if row.figures.attempts])
        self.speed_chart.set_weeks([captions.median_week(week, ms, answers[week].attempts)
                                    for week, ms in medians.items() if week in answers])
        self.skill_chart.set_rows([captions.skill_bar(level)
                                   for level in captions.in_app_order(self.levels)])
        self.calendar.set_days(days, self.today)
        self.legend.retranslate()
        self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        self.back_button.setText(_("◀ Back"))
        self.rounds_button.setText(_("My table &rounds"))
        if self.report is None:
            self.heading.setText(_("Progress"))
            return
        self.heading.setText(str(self.report.title))
        totals = self.report.totals
        mastered = sum(m.level is MasteryLevel.MASTERED for m in self.levels)
        sentences = [captions.summary(totals.attempts, totals.accuracy, totals.total_ms)]
        if self.levels:
            sentences.append(ngettext("{mastered} of {count} skill practised is mastered.",
                                      "{mastered} of {count} skills practised are mastered.",
                                      len(self.levels)).format(mastered=mastered,
                                                               count=len(self.levels)))
        if not totals.attempts:
            sentences = [_("No answers yet: the charts fill in as questions are answered.")]
        self.summary.setText(" ".join(sentences))


class CohortCharts(_Screen):
    """Every trainee together, for the instructor desk; only an instructor may open it."""

    def __init__(self, store: Store, actor: Actor, parent: QWidget | None = None):
        super().__init__(store, actor, parent)
        from ui.charts.skills import SkillBars
        from ui.charts.weekly import WeeklyChart

        self.report: Report | None = None
        self.accuracy_chart = WeeklyChart(Measure.ACCURACY)
        self.speed_chart = WeeklyChart(Measure.SECONDS)
        self.answers_chart = WeeklyChart(Measure.ANSWERS)
        self.skill_chart = SkillBars()
        self.listen(self.accuracy_chart, self.speed_chart, self.answers_chart, self.skill_chart)
        self.grid.addWidget(self.panel(N_("Accuracy per week"), self.accuracy_chart), 0, 0)
        self.grid.addWidget(self.panel(N_("Answers per week"), self.answers_chart), 0, 1)
        self.grid.addWidget(self.panel(N_("Mean response time per week"), self.speed_chart), 1, 0)
        self.grid.addWidget(self.panel(N_("Accuracy per skill across trainees"),
                                       _scrolling(self.skill_chart)), 1, 1)
        for n in range(2):
            self.grid.setRowStretch(n, 1)
            self.grid.setColumnStretch(n, 1)
        _in_tab_order(self.accuracy_chart, self.answers_chart, self.speed_chart,
                      self.skill_chart)
        self.loading = LoadingBar()
        self.layout_.insertWidget(self.layout_.indexOf(self.summary), self.loading)
        self.loader = PageLoader(store, actor, self.loading, self)
        self.loader.loaded.connect(self._show_report)
        self.loader.failed.connect(self._refused)
        #: Whose charts: every trainee, or a class's.
        self.class_label = QLabel()
        self.class_box = QComboBox()
        self.class_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.class_label.setBuddy(self.class_box)
        self.class_box.currentIndexChanged.connect(lambda _i: self._load())
        self.top.addWidget(self.class_label)
        self.top.addWidget(self.class_box)
        self.reload()

    def _fill_classes(self) -> None:
        chosen = self.class_box.currentData()
        try:
            found = classes(self._store)
        except StoreError:
            found = []
        self.class_box.blockSignals(True)
        self.class_box.clear()
        self.class_box.addItem("", None)  # "Every trainee", in the language shown
        for school_class in found:
            self.class_box.addItem(school_class.name, school_class)
            if chosen is not None and school_class.id == chosen.id:
                self.class_box.setCurrentIndex(self.class_box.count() - 1)
        self.class_box.blockSignals(False)
        self.class_label.setVisible(bool(found))
        self.class_box.setVisible(bool(found))

    def reload(self) -> None:
        """Read the cohort's report (or the class's) again: at once in a classroom, in the
        background at a school's size (the charts keep the figures they show until the new
        ones come)."""
        self._fill_classes()
        self._load()

    def _load(self) -> None:
        chosen = self.class_box.currentData()
        try:
            size = summary_count(self._store)
        except StoreError as error:
            self._refused(error.message)
            return
        self.loader.load(partial(cohort_report, school_class=chosen), size)

    def _refused(self, problem: Message) -> None:
        self.report = None
        self.refuse(problem)
        self.retranslate()

    def _show_report(self, report: Report) -> None:
        self.report = report
        self._show_charts()
        weeks = [(row.week, row.figures) for row in self.report.weeks if row.figures.attempts]
        self.accuracy_chart.set_weeks([captions.accuracy_week(*week) for week in weeks])
        self.speed_chart.set_weeks([captions.mean_week(*week) for week in weeks])
        self.answers_chart.set_weeks([captions.answers_week(*week) for week in weeks])
        self.skill_chart.set_rows([captions.cohort_bar(row) for row in sorted(
            self.report.skills, key=lambda row: text.skill_order(row.skill))])
        self.retranslate()

    def retranslate(self) -> None:
        super().retranslate()
        self.class_label.setText(_("C&lass"))
        self.class_box.setItemText(0, _("Every trainee"))
        self.heading.setText(str(self.report.title) if self.report is not None
                             else _("Progress report: all trainees"))
        if self.report is None:
            return
        totals = self.report.totals
        people = len(self.report.trainees)
        self.summary.setText(" ".join([
            ngettext("{count} trainee.", "{count} trainees.", people).format(
                count=text.count(people)),
            captions.summary(totals.attempts, totals.accuracy, totals.total_ms)]))


def cohort_report(store: Store, actor: Actor, progress: Progress | None, *,
                  school_class: SchoolClass | None = None) -> Report:
    """Every trainee's report, or a class's, for the cohort's charts (an instructor's only)."""
    return build_report(leave_to_see(store, actor), progress=progress,
                        school_class=school_class, exams=False, kept=True)


def _scrolling(chart: Chart) -> QScrollArea:
    """The skill bars keep a readable height per skill and scroll when there are many."""
    from ui.charts.skills import ROW_PIXELS

    inside = QWidget()
    column = QVBoxLayout(inside)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(chart)
    column.addStretch(1)
    area = QScrollArea()
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(inside)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def follow() -> None:
        """Scroll to the row the arrow keys moved to (not under the mouse: it would jump)."""
        if chart.current is None or chart.underMouse():
            return
        spot = chart.spots[chart.current]
        where = chart.mapFromScene(chart.plotItem.vb.mapViewToScene(QPointF(spot.x, spot.y)))
        inside_point = chart.mapTo(inside, where)
        area.ensureVisible(inside_point.x(), inside_point.y(), 0, ROW_PIXELS)

    chart.spotShown.connect(lambda _said: follow())
    return area


def _in_tab_order(*widgets: QWidget) -> None:
    for before, after in zip(widgets, widgets[1:], strict=False):
        QWidget.setTabOrder(before, after)


