"""The desk's class grid: cells in words, sorting, the keyboard, a cell opening its answers."""

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt

import i18n
import questions
from tests.ui.desk_data import SKILLS, record
from trainer.progress.learning.mastery import share
from trainer.progress.people.classes import create_class
from ui.desk.desk import PAGES
from ui.desk.reports.grid_model import SORT_ROLE
from ui.desk.texts import share_text

pytest_plugins = ["tests.ui.desk_support"]
SHOTS = Path(__file__).parent.parent / "screenshots"


def open_grid(desk):
    desk.nav.setCurrentRow(PAGES.index("class_grid"))
    page = desk.class_grid
    assert desk.stack.currentWidget() is page
    assert page.model.grid is not None
    return page


def column_of(page, skill):
    return 1 + page.model.skills.index(skill)


def test_every_trainee_and_skill_with_its_cell_in_words(desk, classroom):
    page = open_grid(desk)
    assert page.model.rowCount() == 3
    assert set(page.model.skills) == set(questions.titled())
    chan = next(r for r in range(3) if page.model.grid.trainees[r].name == "Chan Tai Man")
    cell = page.model.index(chan, column_of(page, SKILLS[0]))
    said = cell.data(Qt.ItemDataRole.AccessibleTextRole)
    # 3 answers, seeds 0..2 with n = 0: right when seed % 3 != 0, so 2 of 3 right
    assert said == ("Chan Tai Man, " + str(questions.title(SKILLS[0]))
                    + f": learning, 3 answers, {share_text(share(2, 3))} of the last 3 right")
    assert cell.data(Qt.ItemDataRole.ToolTipRole) == said
    assert cell.data(Qt.ItemDataRole.DecorationRole) is not None
    chen = next(r for r in range(3) if page.model.grid.trainees[r].name == "陳美玲")
    assert page.model.index(chen, 1).data(Qt.ItemDataRole.AccessibleTextRole).endswith(
        ": not started")
    assert page.model.index(chen, 1).data() == "—"


def test_a_column_sorts_weakest_first_and_again_strongest_first(desk, qtbot, classroom):
    page = open_grid(desk)
    column = column_of(page, SKILLS[0])
    page.table.setFocus()
    page.table.setCurrentIndex(page.sorted.index(0, column))
    key_of = [page.sorted.index(r, column).data(SORT_ROLE) for r in range(3)]
    qtbot.keyClick(page.table, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    shown = [page.sorted.index(r, column).data(SORT_ROLE) for r in range(3)]
    assert shown == sorted(key_of)
    assert page.sorted.index(0, 0).data() == "陳美玲"  # not started: the weakest
    qtbot.keyClick(page.table, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert [page.sorted.index(r, column).data(SORT_ROLE) for r in range(3)] == sorted(
        key_of, reverse=True)
    page.table.horizontalHeader().sectionClicked.emit(0)  # a click on the names' header
    names = [page.sorted.index(r, 0).data() for r in range(3)]
    assert names in (sorted(names, key=str.casefold), sorted(names, key=str.casefold)[::-1])


def test_the_arrows_move_and_enter_opens_the_trainees_answers_in_that_skill(
        desk, qtbot, classroom):
    page = open_grid(desk)
    page.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    row = next(r for r in range(3) if page.sorted.index(r, 0).data() == "Chan Tai Man")
    page.table.setFocus()
    page.table.setCurrentIndex(page.sorted.index(row, column_of(page, SKILLS[2]) - 1))
    qtbot.keyClick(page.table, Qt.Key.Key_Right)
    assert page.table.currentIndex().column() == column_of(page, SKILLS[2])
    qtbot.keyClick(page.table, Qt.Key.Key_Return)
    attempts = desk.attempts
    assert desk.stack.currentWidget() is attempts
    qtbot.waitUntil(lambda: attempts.model.total == 3)
    assert attempts.skill.currentData() == SKILLS[2]
    assert attempts.trainee.currentData() == classroom[0].id
    assert {a.skill for a in attempts.model.attempts} == {SKILLS[2]}


def test_a_class_shows_its_trainees_only(desk, store, instructor, classroom):
    create_class(store, instructor, "Turma da manhã", (classroom[1].id,))
    page = open_grid(desk)
    page.reload()
    page.chosen_class.setCurrentIndex(page.chosen_class.findText("Turma da manhã"))
    assert [p.name for p in page.model.grid.trainees] == ["Ana Sousa"]
    assert page.count.text().startswith("1 trainee × ")


def test_who_struggles_lists_the_three_branches(desk, qtbot, store, classroom):
    for seed in range(24):  # Ana: 6 of 24 right, under the at-risk rule
        record(store, classroom[1].id, SKILLS[2], 200 + seed, right=seed % 4 == 0)
    page = open_grid(desk)
    page.reload()
    tree = page.struggles
    assert tree.topLevelItemCount() == 3
    below = tree.topLevelItem(0)
    assert [below.child(n).text(0) for n in range(below.childCount())] == [
        str(questions.title(SKILLS[2]))]
    ana = below.child(0).child(0)
    assert (ana.text(0), ana.text(1)) == ("Ana Sousa", "25")
    weakest = tree.topLevelItem(1)
    assert weakest.child(0).text(0) == str(questions.title(SKILLS[2]))
    mistakes = tree.topLevelItem(2)
    assert mistakes.childCount() >= 1
    assert all(mistakes.child(n).text(2).startswith(("Ana Sousa", "Chan Tai Man"))
               for n in range(mistakes.childCount()))
    page.tabs.setCurrentIndex(1)
    tree.setCurrentItem(ana)
    tree.itemActivated.emit(ana, 0)
    assert desk.stack.currentWidget() is desk.attempts
    qtbot.waitUntil(lambda: desk.attempts.model.total == 25)


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_screenshot(desk, switcher, language):
    switcher.switch(language)
    page = open_grid(desk)
    QCoreApplication.processEvents()
    SHOTS.mkdir(exist_ok=True)
    assert desk.grab().save(str(SHOTS / f"class-grid-{language}.png"))
    page.tabs.setCurrentIndex(1)
    QCoreApplication.processEvents()
    assert desk.grab().save(str(SHOTS / f"class-grid-struggles-{language}.png"))
    assert page.heading.text() == i18n._("Class grid")


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_rows_are_as_high_as_qt_measures_them_cell_by_cell(desk, classroom, language):
    """Each different cell measured once gives every row the height Qt's own measure of
    every cell gives it (a Chinese name, cells not started, started and due)."""
    i18n.set_language(language)
    try:
        page = open_grid(desk)
        page.reload()
        QCoreApplication.processEvents()
        fitted = [page.table.rowHeight(row) for row in range(page.sorted.rowCount())]
        page.table.resizeRowsToContents()
        assert fitted == [page.table.rowHeight(row) for row in range(page.sorted.rowCount())]
        assert len(fitted) == 3
    finally:
        i18n.set_language("en")
