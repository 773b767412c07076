"""The progress screens: a trainee's charts and the cohort's, driven like a user.

A demo classroom (4 trainees, 600 answers over 6 weeks on 4 skills) is opened by a
trainee and by the instructor; what the charts draw is read back from the plot items and
compared with the report and with the attempts themselves.
"""

import statistics
import subprocess
import sys
from collections import Counter, defaultdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QToolTip

import i18n
import questions
from i18n import _
from trainer.progress import Role
from trainer.progress.demo import DEMO_PASSWORD, DEMO_SKILLS, build_demo
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.leave import leave_to_see
from trainer.progress.reports.figures import build_report
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person, record_attempt, stored_attempts
from ui.charts import text
from ui.charts.figures import FiguresTable
from ui.language import LanguageSwitcher
from ui.progress_view import CohortCharts, ProgressView

ROOT = Path(__file__).resolve().parents[2]
END = datetime(2025, 6, 1, 18, 0, tzinfo=UTC)
TODAY = date(2025, 6, 1)
SKILLS = DEMO_SKILLS[:4]


@pytest.fixture
def classroom(store):
    """The demo classroom; returns its instructor, signed in."""
    build_demo(store, trainees=4, attempts=600, seed=7, weeks=6, end=END, skills=SKILLS)
    [teacher] = store.people(Role.INSTRUCTOR)
    return sign_in(store, teacher.id, DEMO_PASSWORD)


def busiest(store):
    """The trainee with the most answers (the richest charts)."""
    return max(store.people(Role.TRAINEE), key=lambda p: len(stored_attempts(store, p.id)))


def shown(qtbot, widget, size=(1280, 800)):
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def hover(chart, x, y, above=0):
    """Move the mouse over the data point (x, y) of ``chart`` (``above``: pixels higher)."""
    scene = chart.plotItem.vb.mapViewToScene(QPointF(x, y))
    # Qt drops a move to where the mouse already is, and pyqtgraph a move too soon after
    # the one before (its mouseRateLimit): come from elsewhere, at a human pace.
    QTest.mouseMove(chart.viewport(), QPoint(1, 1))
    QTest.qWait(30)
    QTest.mouseMove(chart.viewport(), chart.mapFromScene(scene) - QPoint(0, above))


def clipped_labels(widget):
    """Labels whose text does not fit the room they were given."""
    clipped = []
    for label in widget.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        if label.wordWrap():
            if label.heightForWidth(label.width()) > label.height() + 1:
                clipped.append(label.text())
        elif label.sizeHint().width() > label.width() + 1:
            clipped.append(label.text())
    return clipped


def app_order(skill):
    return questions.skills().index(skill)


# A trainee's progress ---------------------------------------------------------------------

def test_the_charts_draw_the_reports_numbers(qtbot, store, classroom):
    trainee = busiest(store)
    me = sign_in(store, trainee.id)
    view = shown(qtbot, ProgressView(store, me, trainee.id, today=TODAY))
    report = build_report(leave_to_see(store, me, trainee.id))
    assert view.heading.text() == f"Progress report: {trainee.name}"

    weeks = [w for w in report.weeks if w.figures.attempts]
    assert len(weeks) >= 3
    assert view.accuracy_chart.plotted() == [(w.week, float(w.figures.accuracy)) for w in weeks]

    times = defaultdict(list)
    for attempt in stored_attempts(store, trainee.id):
        day = datetime.fromisoformat(attempt.answered_at).date()
        times[day - timedelta(days=day.weekday())].append(attempt.response_ms)
    assert view.speed_chart.plotted() == [
        (week, statistics.median_low(times[week]) / 1000) for week in sorted(times)]
    assert sorted(times) == [w.week for w in weeks]

    skills = sorted(report.skills, key=lambda row: app_order(row.skill))
    assert view.skill_chart.plotted() == [(row.skill, float(row.figures.accuracy))
                                          for row in skills]
    assert [bar.level for bar in view.skill_chart.rows] == [row.level for row in skills]
    for index, row in enumerate(skills):
        assert view.skill_chart.title_text(index) == str(questions.skill(row.skill).title)
        assert str(row.level.label) in view.skill_chart.note_text(index)

    per_day = Counter(datetime.fromisoformat(a.answered_at).astimezone().date()
                      for a in stored_attempts(store, trainee.id))
    first = TODAY - timedelta(days=TODAY.weekday(), weeks=11)
    assert min(view.calendar.counts) == first and max(view.calendar.counts) == TODAY
    assert view.calendar.counts == {day: per_day.get(day, 0) for day in view.calendar.counts}
    assert sum(view.calendar.counts.values()) == report.totals.attempts  # all within 12 weeks
    top = max(view.calendar.counts, key=view.calendar.counts.get)
    assert view.calendar.shade_at(top) == 4
    quiet = next(day for day, n in view.calendar.counts.items() if n == 0)
    assert view.calendar.shade_at(quiet) == 0
    assert f"{report.totals.attempts} answers" in view.summary.text()


def test_the_instructor_opens_every_trainee(qtbot, store, classroom):
    for trainee in store.people(Role.TRAINEE):
        view = shown(qtbot, ProgressView(store, classroom, trainee.id, today=TODAY))
        report = build_report(leave_to_see(store, classroom, trainee.id))
        assert not view.problem.isVisible() and view.charts.isVisible()
        assert trainee.name in view.heading.text()
        assert sum(v for _w, v in view.skill_chart.plotted()) == pytest.approx(
            sum(float(row.figures.accuracy) for row in report.skills))
        view.close()


def test_hovering_and_the_arrow_keys_say_the_values(qtbot, store, classroom):
    trainee = busiest(store)
    view = shown(qtbot, ProgressView(store, sign_in(store, trainee.id), trainee.id,
                                     today=TODAY))
    chart = view.accuracy_chart
    spot = chart.spots[1]
    week = chart.values[1]
    hover(chart, spot.x, spot.y, above=40)  # anywhere above the week will do
    assert chart.readout == week.describe()
    assert view.readout.text() == chart.readout
    assert QToolTip.text() == chart.readout
    assert "% right" in chart.readout and week.week.strftime("%Y") in chart.readout
    assert chart.marker.getData()[0].tolist() == [spot.x]

    bars = view.skill_chart
    hover(bars, 0.05, bars.spots[0].y)
    assert bars.readout.startswith(str(questions.skill(bars.rows[0].skill).title))
    assert bars.highlight.isVisible()

    calendar = view.calendar
    day = max(calendar.counts, key=calendar.counts.get)
    hover(calendar, *calendar.place(day))
    assert calendar.readout.endswith(f"{calendar.counts[day]} answers.")
    assert view.readout.text() == calendar.readout

    speed = view.speed_chart
    qtbot.mouseClick(speed.viewport(), Qt.MouseButton.LeftButton)
    speed.setFocus()
    qtbot.keyClick(speed, Qt.Key.Key_End)
    assert speed.readout == speed.values[-1].describe() and "median" in speed.readout
    qtbot.keyClick(speed, Qt.Key.Key_Left)
    assert speed.readout == speed.values[-2].describe()
    qtbot.keyClick(calendar, Qt.Key.Key_Home)
    assert calendar.readout.startswith("Mon")
    qtbot.keyClick(calendar, Qt.Key.Key_Right)  # a week later
    assert calendar.current == 7
    assert speed.current is None  # one value marked at a time
    with qtbot.waitSignal(view.backRequested, timeout=1000):
        qtbot.keyClick(calendar, Qt.Key.Key_Escape)


def test_the_keyboard_reaches_every_chart_and_every_skill(qtbot, store):
    person = add_person(store, "Ana Sousa")
    skills = questions.skills()[:20]
    for n, skill in enumerate(skills):
        record_attempt(store, person.id, None, {"version": 1, "skill": skill, "seed": n,
                                               "difficulty": 1}, 1, n % 2 == 0, n % 2, 3000)
    view = shown(qtbot, ProgressView(store, sign_in(store, person.id), person.id))
    with qtbot.waitActive(view):
        view.activateWindow()
    view.back_button.setFocus()
    qtbot.keyClick(view.back_button, Qt.Key.Key_Tab)
    assert view.accuracy_chart.hasFocus()
    assert view.readout.text() == view.accuracy_chart.values[-1].describe()
    qtbot.keyClick(view.accuracy_chart, Qt.Key.Key_Tab)
    qtbot.keyClick(view.speed_chart, Qt.Key.Key_Tab)
    bars = view.skill_chart
    assert bars.hasFocus() and bars.readout.startswith(text.skill_title(skills[0]))
    assert [row.skill for row in bars.rows] == skills  # in the app's order
    area = bars.parentWidget().parentWidget().parentWidget()
    assert area.verticalScrollBar().maximum() > 0  # 20 skills do not fit: they scroll
    qtbot.keyClick(bars, Qt.Key.Key_End)
    assert bars.readout.startswith(text.skill_title(skills[-1]))
    assert area.verticalScrollBar().value() > 0
    qtbot.keyClick(bars, Qt.Key.Key_Home)
    assert area.verticalScrollBar().value() == 0
    qtbot.keyClick(bars, Qt.Key.Key_Tab)
    assert view.calendar.hasFocus()
    assert view.calendar.readout.endswith("20 answers.")  # today, the last day


def test_shown_again_it_reads_the_new_answers(qtbot, store, classroom):
    trainee = busiest(store)
    view = shown(qtbot, ProgressView(store, sign_in(store, trainee.id), trainee.id))
    before = view.report.totals.attempts
    today_before = view.calendar.counts[date.today()]
    view.hide()
    record_attempt(store, trainee.id, None, {"version": 1, "skill": SKILLS[0], "seed": 1,
                                            "difficulty": 1}, 1, True, 1.0, 2500)
    view.show()
    assert view.report.totals.attempts == before + 1
    assert view.calendar.counts[date.today()] == today_before + 1
    assert f"{before + 1} answers" in view.summary.text()


@pytest.mark.parametrize(("measure", "values"), [("SECONDS", [0.004, 0.006]),
                                                  ("ANSWERS", [1, 2])])
def test_small_values_keep_distinct_ticks(qtbot, measure, values):
    """Answers all under a second (or a week of one answer) still get readable ticks:
    distinct labels, no "0, 0, 0", and no half answers."""
    from ui.charts.data import WeekValue
    from ui.charts.weekly import Measure, WeeklyChart

    chart = WeeklyChart(Measure[measure])
    qtbot.addWidget(chart)
    chart.resize(600, 300)
    chart.show()
    chart.set_weeks([WeekValue(TODAY - timedelta(weeks=n), value, lambda: "")
                     for n, value in enumerate(values)])
    qtbot.waitExposed(chart)
    low, high = chart.plotItem.vb.viewRange()[1]
    [(_step, ticks)] = chart.left.tickValues(low, high, chart.left.height())
    labels = chart.left.tickStrings(ticks, 1, 1)
    assert len(ticks) >= 3 and len(set(labels)) == len(labels)
    if measure == "ANSWERS":
        assert all(tick == int(tick) for tick in ticks)


def test_levels_and_shades_differ_in_greyscale_too():
    from ui.charts.calendar import SHADES
    from ui.charts.skills import LEVEL_COLOURS

    def grey(colour):
        return 0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue()

    shades = [grey(c) for c in SHADES]
    assert all(a - b >= 25 for a, b in zip(shades, shades[1:], strict=False))
    levels = sorted(grey(c) for c in LEVEL_COLOURS.values())
    assert all(b - a >= 25 for a, b in zip(levels, levels[1:], strict=False))


def test_a_language_switch_retranslates_everything(qtbot, qapp, store, classroom):
    trainee = busiest(store)
    view = shown(qtbot, ProgressView(store, sign_in(store, trainee.id), trainee.id,
                                     today=TODAY))
    calendar = view.calendar
    day = max(calendar.counts, key=calendar.counts.get)
    hover(calendar, *calendar.place(day))
    english = calendar.readout
    titles = [label.text() for label, _id, _body in view._panels]
    LanguageSwitcher(qapp).switch("zh_Hant_MO")
    assert view.heading.text() == f"進度報告：{trainee.name}"
    assert [label.text() for label, _id, _body in view._panels] == [
        _(msgid) for _l, msgid, _body in view._panels]
    assert titles[0] == "Accuracy per week" and view._panels[0][0].text() == "每週準確率"
    assert view.accuracy_chart.accessibleName() == "每週準確率"  # a screen reader says it too
    assert view.accuracy_chart.getAxis("left").labelText == _("Accuracy") == "準確率"
    assert view.skill_chart.title_text(0) == str(
        questions.skill(view.skill_chart.rows[0].skill).title)
    assert "十三張" in view.skill_chart.title_text(0)
    assert view.calendar.left.tickStrings([0.0], 1, 1) == ["週一"]
    assert "月" in view.accuracy_chart.bottom.tickStrings([view.accuracy_chart.spots[0].x],
                                                          1, 1)[0]
    assert calendar.readout != english and "年" in calendar.readout
    assert view.readout.text() == calendar.readout
    LanguageSwitcher(qapp).switch("pt_MO")
    assert view.heading.text().startswith("Relatório de progresso")
    assert "," in view.skill_chart.note_text(0)  # 75,0% in Portuguese
    assert view.calendar.left.tickStrings([0.0], 1, 1) == ["segunda"]


# Who may see what -------------------------------------------------------------------------

def test_a_trainee_may_not_open_another_trainees_progress(qtbot, qapp, store, classroom):
    first, second = store.people(Role.TRAINEE)[:2]
    view = shown(qtbot, ProgressView(store, sign_in(store, first.id), second.id, today=TODAY))
    assert view.problem.isVisible() and not view.charts.isVisible()
    assert view.problem.text() == ("A trainee can see only their own progress. "
                                   "Ask an instructor.")
    assert second.name not in view.heading.text()
    LanguageSwitcher(qapp).switch("zh_Hant_MO")
    assert view.problem.text() == _("A trainee can see only their own progress. "
                                    "Ask an instructor.") != ""
    assert view.problem.text().isascii() is False
    cohort = shown(qtbot, CohortCharts(store, sign_in(store, first.id)))
    assert cohort.problem.isVisible() and cohort.report is None
    assert cohort.problem.text() == _("Only an instructor may do this.")


def test_a_trainee_without_answers_sees_empty_charts(qtbot, store):
    person = add_person(store, "Rita Lopes")
    view = shown(qtbot, ProgressView(store, sign_in(store, person.id), person.id,
                                     today=TODAY))
    assert view.summary.text().startswith("No answers yet")
    assert view.accuracy_chart.plotted() == [] and view.skill_chart.rows == []
    assert set(view.calendar.counts.values()) == {0}
    qtbot.keyClick(view.calendar, Qt.Key.Key_End)  # nothing to say, nothing breaks
    hover(view.accuracy_chart, 0, 0.5)
    assert view.accuracy_chart.readout == ""


# The cohort -------------------------------------------------------------------------------

def test_the_cohort_charts_draw_the_cohort_report(qtbot, store, classroom):
    view = shown(qtbot, CohortCharts(store, classroom))
    report = build_report(leave_to_see(store, classroom))
    weeks = [w for w in report.weeks if w.figures.attempts]
    assert view.accuracy_chart.plotted() == [(w.week, float(w.figures.accuracy)) for w in weeks]
    assert view.speed_chart.plotted() == [(w.week, w.figures.mean_ms / 1000) for w in weeks]
    assert view.answers_chart.plotted() == [(w.week, w.figures.attempts) for w in weeks]
    assert sum(v for _w, v in view.answers_chart.plotted()) == 600
    rows = sorted(report.skills, key=lambda row: app_order(row.skill))
    assert view.skill_chart.plotted() == [(r.skill, float(r.figures.accuracy)) for r in rows]
    for index, row in enumerate(rows):
        assert f"{row.mastered} of {row.trainees} mastered" in view.skill_chart.note_text(index)
    assert view.summary.text().startswith("4 trainees. 600 answers")
    bars = view.answers_chart
    hover(bars, bars.spots[0].x, bars.spots[0].y / 2)
    assert bars.readout == (f"Week of {text.medium_day(weeks[0].week)}: "
                            f"{weeks[0].figures.attempts} answers.")


def test_the_cohort_charts_show_a_class_when_one_is_chosen(qtbot, store, classroom):
    from trainer.progress.people.classes import create_class
    view = shown(qtbot, CohortCharts(store, classroom))
    assert not view.class_box.isVisible()  # no class yet: nothing to choose
    two = [p.id for p in store.people(Role.TRAINEE)][:2]
    create_class(store, classroom, "March", tuple(two))
    view.reload()
    assert view.class_box.isVisible() and view.class_box.itemText(0) == "Every trainee"
    view.class_box.setCurrentIndex(1)
    qtbot.waitUntil(lambda: view.report is not None and view.report.class_name == "March")
    assert view.heading.text() == "Progress report: the class March"
    assert view.summary.text().startswith("2 trainees.")
    marks = ", ".join("?" for _ in two)
    answered = connection(store).execute(
            f"SELECT count(*) FROM attempts WHERE person_id IN ({marks})",
                                two).fetchone()[0]
    assert sum(v for _w, v in view.answers_chart.plotted()) == answered < 600
    view.class_box.setCurrentIndex(0)
    qtbot.waitUntil(lambda: view.report is not None and view.report.class_name is None)
    assert sum(v for _w, v in view.answers_chart.plotted()) == 600


# Screenshots, and the cost of importing ---------------------------------------------------

@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_screenshots(qtbot, qapp, store, classroom, screenshot_dir, language):
    trainee = busiest(store)
    someone_else = next(p for p in store.people(Role.TRAINEE) if p != trainee)
    LanguageSwitcher(qapp).switch(language)
    screens = {"progress": ProgressView(store, sign_in(store, trainee.id), trainee.id,
                                        today=TODAY),
               "progress-refused": ProgressView(store, sign_in(store, trainee.id),
                                                someone_else.id, today=TODAY),
               "cohort-charts": CohortCharts(store, classroom)}
    for name, screen in screens.items():
        for width, height in ((1280, 800), (1920, 1080)):
            shown(qtbot, screen, (width, height))
            if name != "progress-refused":
                chart = screen.accuracy_chart
                hover(chart, chart.spots[-1].x, chart.spots[-1].y)
            qapp.processEvents()
            assert clipped_labels(screen) == []
            screen.grab().save(str(screenshot_dir / f"{name}-{language}-{width}x{height}.png"))


def test_importing_the_progress_view_does_not_import_pyqtgraph():
    code = ("import sys, ui.progress_view, ui.charts.data, ui.charts.text; "
            "print('pyqtgraph' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"


@pytest.mark.parametrize("language", ["en", "zh_Hant_MO"])
def test_ctrl_t_shows_each_chart_s_figures_as_a_table(qtbot, qapp, store, classroom,
                                                       language):
    """The text alternative of every chart: each spot a row, said as the cursor says it,
    under the chart's name, in the language shown."""
    i18n.set_language(language)
    try:
        trainee = busiest(store)
        view = shown(qtbot, ProgressView(store, sign_in(store, trainee.id), trainee.id,
                                         today=TODAY))
        for chart in (view.accuracy_chart, view.speed_chart, view.skill_chart, view.calendar):
            assert "Ctrl+T" in chart.accessibleDescription()
            chart.setFocus()
            qtbot.keyClick(chart, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
            table = chart.findChild(FiguresTable)
            assert table is not None and table.isVisible()
            rows = [table.table.item(row, 0).text() for row in range(table.table.rowCount())]
            assert rows == [spot.describe() for spot in chart.spots] and rows
            chart.show_spot(len(chart.spots) - 1)
            assert chart.readout == rows[-1]  # the same words as under the cursor
            assert table.table.accessibleName().startswith(chart.accessibleName())
            table.close()
            table.deleteLater()
        qtbot.keyClick(view.accuracy_chart, Qt.Key.Key_T)  # T alone opens nothing
        assert not [table for table in view.accuracy_chart.findChildren(FiguresTable)
                    if table.isVisible()]
    finally:
        i18n.set_language("en")
