"""Keyboard on every page: Escape goes back, Tab leaves tables, the desk starts on its list
of pages (not on Sign out), and the focus is always seen (a 2 px ring in the accent)."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QPushButton

from tests.ui.desk_data import PASSWORD
from tests.ui.modes_support import click, key, open_home, start_practice
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.ledger import add_person
from ui.app import STYLE
from ui.desk.desk import PAGES
from ui.palette import hex_of, style

ACCENT = QColor(hex_of("accent"))  # the normal palette's focus ring


def test_escape_goes_back_on_the_trainees_pages(qtbot, window):
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["practice"])
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is window.home
    start_practice(qtbot, window, ["thirteen.first_seat"])
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is window.home
    key(qtbot, None, Qt.Key.Key_Escape)
    assert window.pages.currentWidget() is window.start_screen


def desk_in(window, store):
    from ui.desk.desk import InstructorDesk

    teacher = add_instructor(store, "Maria Lei", PASSWORD)
    desk = InstructorDesk(store, sign_in(store, teacher.id, PASSWORD))
    window.show_desk(desk)
    return desk


def test_the_desk_starts_on_its_pages_and_enter_does_not_sign_out(qtbot, window, store):
    desk = desk_in(window, store)
    assert window.focusWidget() is desk.nav
    key(qtbot, None, Qt.Key.Key_Return)
    assert window.desk is desk  # still signed in
    desk.nav.setCurrentRow(PAGES.index("exams"))
    key(qtbot, None, Qt.Key.Key_Escape)
    assert desk.stack.currentWidget() is desk.trainees and window.desk is desk


def test_tab_leaves_a_table(qtbot, window, store):
    desk = desk_in(window, store)
    add_person(store, "Ana Lei")
    desk.trainees.reload()
    table = desk.trainees.table
    assert not table.tabKeyNavigation()
    table.setFocus()
    key(qtbot, None, Qt.Key.Key_Tab)
    assert window.focusWidget() is not table


def test_the_focus_ring_is_two_pixels_of_the_accent(qtbot, qapp):
    sheet = style(STYLE)  # the style sheet as the normal palette fills it in
    assert "QPushButton:focus" in sheet and "2px solid" in sheet
    qapp.setStyleSheet(sheet)
    button = QPushButton("Check")
    qtbot.addWidget(button)
    button.resize(120, 40)
    button.show()
    qtbot.waitExposed(button)
    button.setFocus()
    QApplication.processEvents()
    image = button.grab().toImage()
    ring = [image.pixelColor(x, 1) for x in range(10, 110)]  # the top edge, 2 px deep
    assert sum(c == ACCENT for c in ring) > 80
    qapp.setStyleSheet("")


def test_controls_are_named_by_their_labels_in_the_language_shown(qtbot, window):
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["practice"])
    level = window.practice_setup.picker.level
    assert level.accessibleName() == "Level"  # not the level chosen, "1 · Basic"
    window.switch_language("pt_MO")
    assert level.accessibleName() == "Nível"
    quiz = start_practice(qtbot, window, ["thirteen.first_seat"])
    assert quiz.mode.level.accessibleName() == "Nível"
    window.switch_language("en")


def test_enter_on_the_practice_picker_starts_practice(qtbot, window):
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["practice"])
    setup = window.practice_setup
    assert setup.start_button.isDefault()  # drawn as the button Enter presses
    setup.picker.skills.setFocus()
    for row in range(setup.picker.skills.count()):
        setup.picker.skills.item(row).setCheckState(Qt.CheckState.Unchecked)
    key(qtbot, setup.picker.skills, Qt.Key.Key_Return)
    assert window.pages.currentWidget() is setup  # nothing ticked: Enter starts nothing
    setup.picker.choose_skills(["thirteen.first_seat"])
    setup.picker.skills.setFocus()
    key(qtbot, setup.picker.skills, Qt.Key.Key_Return)
    assert window.pages.currentWidget() is window.quiz
    assert window.quiz.question().skill == "thirteen.first_seat"


def test_enter_on_the_drill_picker_starts_the_drill(qtbot, window):
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["drill"])
    setup = window.drill_setup
    setup.picker.choose_skills(["thirteen.house_way"])
    setup.picker.skills.setFocus()
    key(qtbot, setup.picker.skills, Qt.Key.Key_Enter)
    assert window.pages.currentWidget() is window.quiz
    assert window.quiz.question().skill == "thirteen.house_way"
