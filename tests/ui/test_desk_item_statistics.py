"""The Exams page's "Item statistics" tab: each question's figures as the store computes
them, sortable by any column, moved through with the keyboard, named for screen readers,
and in three languages (screenshots saved to look at)."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, Qt

import i18n
import questions
from i18n import format_money
from questions import AnswerKind
from questions.model import jsonable
from tests.questions.mutations import mutate
from tests.ui.test_desk_screens import clipped
from trainer.progress import Role
from trainer.progress.exams.item_statistics import Concern, exam_item_statistics
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    sitting_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import sign_in
from trainer.progress.reports.item_words import concern_text
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person
from trainer.rules.mistake_kinds import mistake_kind
from ui.app import STYLE
from ui.desk.exams.item_statistics import SHOWN
from ui.desk.trainees.trainees import SORT_ROLE
from ui.palette import styled

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton
PARTS = [ExamPart("thirteen.first_seat", 3, 1), ExamPart("thirteen.payout", 2, 1),
         ExamPart("three_card.order", 1, 2)]
#: Which questions (by number) each trainee gets right: the strong get the hard ones too.
RIGHT = [{0, 1, 2, 3, 4, 5}, {0, 1, 2, 3, 5}, {0, 1, 2, 5}, {0, 2, 5}, {0, 5}, {5}]


@pytest.fixture
def exam(store, instructor):
    """Six trainees sat an exam of six questions, from the strongest to the weakest."""
    sat = create_exam(store, instructor, "Payout check", PARTS, seed=31, time_limit_s=900,
                      pass_percent=Decimal(50), same_questions=True)
    start = datetime.now(UTC) - timedelta(hours=1)
    for n, right in enumerate(RIGHT):
        trainee = sign_in(store, add_person(store, f"Trainee {n + 1}", Role.TRAINEE).id)
        sitting = start_sitting(store, trainee, sat.id, at=start)
        at = start
        for item in sitting_items(sat, sitting):
            question = questions.generate(item.skill, item.seed, item.difficulty)
            answer = question.reference_answer()
            if item.index not in right:
                answer = mutate(question, answer)
            if question.form.kind is AnswerKind.AMOUNT:  # typed as a trainee types it
                answer = format_money(Decimal(answer)).replace("MOP$", "")
            answer = jsonable(answer)
            verdict = question.grade(answer)
            assert verdict.correct == (item.index in right)
            at += timedelta(seconds=30)
            answer_exam_item(store, trainee, sitting.id, item.index, question.to_json(),
                             answer, verdict.correct, verdict.score,
                             (4 + n + item.index) * 1000, at,
                             mistake_kinds=verdict.mistake_ids)  # as the exam screen does
        submit_sitting(store, trainee, sitting.id, at)
    return sat


def _statistics_tab(qtbot, desk, exam):
    qtbot.keyClick(desk, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    page = desk.exams
    page.reload(select=exam.id)
    qtbot.mouseClick(page.statistics_button, LEFT)
    assert page.stack.currentWidget() is page.statistics_page
    assert page.item_statistics.table.hasFocus()
    return page.item_statistics


def _column(view, column):
    return [view.table.item(row, column).text() for row in range(view.table.rowCount())]


def test_the_figures_are_the_store_s(qtbot, desk, store, instructor, exam):
    view = _statistics_tab(qtbot, desk, exam)
    found = exam_item_statistics(store, instructor, exam.id)
    assert view.label.text() == "“Payout check”: each question over 6 sittings:"
    assert view.table.accessibleName() == view.label.text()
    assert [view.table.horizontalHeaderItem(c).text() for c in range(len(SHOWN))] == [
        "Question no.", "Skill", "Answered", "Facility", "Discrimination", "Mean time (s)",
        "Worth a look", "Frequent mistakes"]
    assert view.table.rowCount() == 6
    by_place = {int(view.table.item(r, 0).text()): r for r in range(6)}
    for item in found.items:
        row = by_place[item.place]
        assert view.table.item(row, 3).text() == f"{item.facility:.1%}"
        assert view.table.item(row, 4).text() == (
            "—" if item.discrimination is None else f"{item.discrimination:.2f}")
        assert view.table.item(row, 5).text() == f"{item.mean_ms / 1000:.1f}"
        worth = concern_text(item.concerns, "en")
        assert view.table.item(row, 6).text() == (f"⚠ {worth}" if worth else "")
    # question 6: right for everyone; question 1 and 3 by the strong, and more
    assert view.table.item(by_place[6], 6).text() == (
        "⚠ almost everyone gets it right (facility above 95.0%)")
    assert view.table.item(by_place[6], 4).toolTip().startswith("Not defined")
    assert {Concern.TOO_EASY} <= {c for i in found.items for c in i.concerns}
    assert view.flagged_rows() == sorted(by_place[i.place] for i in found.items if i.concerns)


def _recorded_kinds(store, exam):
    """Each question's recorded mistake kinds and their counts, straight from the rows."""
    counts = {}
    for index, kind, count in connection(store).execute(
            "SELECT a.item_index, m.kind, count(*) FROM attempt_mistakes m JOIN attempts a "
            "ON a.id = m.attempt_id JOIN exam_sittings s ON s.id = a.sitting_id "
            "WHERE s.exam_id = ? GROUP BY a.item_index, m.kind", [exam.id]):
        counts.setdefault(index + 1, []).append((-count, kind))
    return {place: sorted(found)[:3] for place, found in counts.items()}


def test_the_mistakes_column_counts_the_recorded_kinds(qtbot, desk, store, exam):
    view = _statistics_tab(qtbot, desk, exam)
    recorded = _recorded_kinds(store, exam)
    assert recorded  # the payouts' wrong answers recorded their kinds
    column = SHOWN.index(9)
    by_place = {int(view.table.item(r, 0).text()): r for r in range(6)}
    for place, row in by_place.items():
        cell = view.table.item(row, column)
        expected = "; ".join(f"{mistake_kind(kind).name} ×{-count}"
                             for count, kind in recorded.get(place, []))
        assert cell.text() == expected  # empty for a question nobody got wrong, or unnamed
        assert cell.data(SORT_ROLE) == -sum(count for count, _kind in recorded.get(place, []))
        if expected:
            assert cell.toolTip().startswith(str(mistake_kind(recorded[place][0][1]).name))
    right_by_all = [place for place, row in by_place.items()
                    if view.table.item(row, 3).text() == "100.0%"]
    assert right_by_all and all(place not in recorded for place in right_by_all)


def test_sorted_by_any_column_and_moved_through_with_the_keys(qtbot, desk, exam):
    view = _statistics_tab(qtbot, desk, exam)
    header = view.table.horizontalHeader()
    qtbot.mouseClick(header.viewport(), LEFT, pos=_section_centre(header, 3))
    facilities = [float(t.rstrip("%")) for t in _column(view, 3)]
    assert facilities == sorted(facilities) and facilities[0] < facilities[-1]
    qtbot.mouseClick(header.viewport(), LEFT, pos=_section_centre(header, 3))
    assert [float(t.rstrip("%")) for t in _column(view, 3)] == sorted(facilities, reverse=True)
    qtbot.mouseClick(header.viewport(), LEFT, pos=_section_centre(header, 0))
    assert _column(view, 0) == ["1", "2", "3", "4", "5", "6"]  # numbers, not words
    view.table.setFocus()
    view.table.setCurrentCell(0, 0)
    qtbot.keyClick(view.table, Qt.Key.Key_Down)
    assert view.table.currentRow() == 1
    qtbot.keyClick(view.table, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert view.table.currentRow() == 5
    qtbot.keyClick(view.table, Qt.Key.Key_Tab)
    assert not view.table.hasFocus()  # Tab leaves the table
    page = desk.exams
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_Escape)
    assert page.stack.currentWidget() is page.overview
    assert page.statistics_button.hasFocus()  # back where the instructor left


def _section_centre(header, column):
    return QPoint(header.sectionViewportPosition(column) + header.sectionSize(column) // 2,
                  header.height() // 2)


def test_an_exam_nobody_sat_says_so(qtbot, desk, store, instructor):
    unsat = create_exam(store, instructor, "Not yet", PARTS, seed=3, time_limit_s=900,
                        pass_percent=Decimal(50), same_questions=False)
    view = _statistics_tab(qtbot, desk, unsat)
    assert view.label.text() == "“Not yet”: nobody has sat it yet."
    assert _column(view, 0) == ["1 (in the parts)", "2 (in the parts)", "3 (in the parts)",
                                "4 (in the parts)", "5 (in the parts)", "6 (in the parts)"]
    assert set(_column(view, 3)) == {""} and set(_column(view, 4)) == {"—"}


@pytest.mark.parametrize(("language", "tab", "heading"), [
    ("en", "Item statistics", "Facility"),
    ("pt_MO", "Estatísticas das perguntas", "Facilidade"),
    ("zh_Hant_MO", "題目統計", "得分率"),
])
def test_in_three_languages(qtbot, qapp, desk, switcher, exam, screenshot_dir, language, tab,
                            heading):
    styled(qapp, STYLE)
    view = _statistics_tab(qtbot, desk, exam)
    switcher.switch(language)
    for _ in range(3):
        QCoreApplication.processEvents()
    page = desk.exams
    assert page.statistics_button.text() == tab
    assert view.table.horizontalHeaderItem(3).text() == heading
    assert i18n.current_language() == language
    flagged = view.flagged_rows()
    assert flagged and all(view.table.item(r, 6).text().startswith("⚠ ") for r in flagged)
    assert not clipped(view)
    assert desk.grab().save(str(screenshot_dir / f"desk-item-statistics-{language}.png"))
