"""An exam's dates on the desk's exam form and in the trainee's exam list."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from PySide6.QtCore import Qt

from trainer.progress.exams.sittings import ExamPart, create_exam, exams
from trainer.progress.storage.values import stamp
from ui.modes.exam.exam_texts import exam_dates_text

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton
NOW = datetime.now(UTC).replace(second=0, microsecond=0)


def fill(qtbot, builder, title):
    builder.title_edit.setText(title)
    builder.check_skills(["three_card.order"])


def test_the_form_sets_the_dates_only_when_ticked(qtbot, desk, store):
    qtbot.keyClick(desk, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    builder = desk.exams.builder
    assert not builder.opens.edit.isEnabled() and not builder.closes.check.isChecked()
    fill(qtbot, builder, "Always open")
    qtbot.mouseClick(builder.create_button, LEFT)
    fill(qtbot, builder, "Next week")
    builder.opens.check.setChecked(True)
    builder.closes.check.setChecked(True)
    assert builder.opens.edit.isEnabled()
    opens, closes = builder.opens.moment(), builder.closes.moment()
    assert closes - opens == timedelta(days=7) and opens > NOW
    qtbot.mouseClick(builder.create_button, LEFT)
    made = {exam.title: exam for exam in exams(store)}
    assert (made["Always open"].opens_at, made["Always open"].closes_at) == (None, None)
    assert (made["Next week"].opens_at, made["Next week"].closes_at) == (stamp(opens),
                                                                         stamp(closes))
    assert not builder.opens.check.isChecked()  # the form is ready for another exam


def test_a_refused_date_is_said_on_the_form(qtbot, desk, store):
    builder = desk.exams.builder
    fill(qtbot, builder, "Backwards")
    builder.opens.check.setChecked(True)
    builder.closes.check.setChecked(True)
    builder.closes.edit.setDateTime(builder.opens.edit.dateTime())
    qtbot.mouseClick(builder.create_button, LEFT)
    assert builder.message.text() == "The exam must close after it opens."
    assert exams(store) == []


def test_a_new_version_starts_from_the_dates_of_the_old(qtbot, desk, store, instructor):
    old = create_exam(store, instructor, "Dated", [ExamPart("three_card.order", 2, 1)], 7,
                      600, 50, opens=NOW + timedelta(days=1), closes=NOW + timedelta(days=2),
                      same_questions=True)
    builder = desk.exams.builder
    builder.start_from(old)
    assert builder.opens.check.isChecked() and builder.closes.check.isChecked()
    assert (stamp(builder.opens.moment()), stamp(builder.closes.moment())) == (
        old.opens_at, old.closes_at)


def test_the_exam_list_says_when_an_exam_may_be_started(store, instructor):
    exam = create_exam(store, instructor, "Dated", [ExamPart("three_card.order", 2, 1)], 7,
                       600, 50, same_questions=True)
    opens, closes = NOW + timedelta(days=1), NOW + timedelta(days=2)
    dated = replace(exam, opens_at=stamp(opens), closes_at=stamp(closes))
    assert exam_dates_text(exam, NOW) == ""
    assert exam_dates_text(dated, opens - timedelta(seconds=1)).startswith("opens ")
    assert exam_dates_text(dated, opens).startswith("open until ")
    assert exam_dates_text(dated, closes - timedelta(seconds=1)).startswith("open until ")
    assert exam_dates_text(dated, closes).startswith("closed ")
    assert str(closes.astimezone().year) in exam_dates_text(dated, closes)


def test_the_desk_says_an_exams_dates_above_its_results(qtbot, desk, store, instructor):
    create_exam(store, instructor, "Dated", [ExamPart("three_card.order", 2, 1)], 7, 600, 50,
                closes=NOW + timedelta(days=2), same_questions=True)
    page = desk.exams
    page.reload()
    assert "; open until " in page.results_label.text()
    assert page.results_label.text().endswith(". Its results:")
