"""Grades from the export page: the checks said before a file is asked for, and a Moodle
grade file and xAPI statements written by a background job."""

import csv
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tests.ui.test_desk_exports import wait_done
from trainer.progress import Role
from trainer.progress.xapi_home_page import home_page, save_home_page
from ui.desk.reports.exports import ExportsPage
from ui.desk.reports.gradebooks import MOODLE, XAPI

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def numbers():
    return {}


@pytest.fixture
def page(qtbot, store, instructor, classroom, numbers, monkeypatch):
    import ui.desk.reports.exports as exports
    asked: list[Path] = []
    monkeypatch.setattr(exports, "choose_file",
                        lambda _parent, _caption, suggested, _filters, save: asked.pop(0))
    widget = ExportsPage(store, instructor, read_id_numbers=lambda _store: numbers)
    widget.asked = asked
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    qtbot.waitUntil(lambda: not widget.busy)


def test_no_id_numbers_are_said_and_nothing_asked(qtbot, page):
    page.gradebook.format.setCurrentIndex(page.gradebook.format.findData(MOODLE))
    qtbot.mouseClick(page.gradebook.button, LEFT)
    assert page.message.text().startswith("No trainee has an ID number yet")
    assert page.message.objectName() == "error" and not page.busy


def test_xapi_asks_for_the_address_first(qtbot, page, store, instructor, numbers, tmp_path):
    numbers.update({p.id: f"S{n}" for n, p in enumerate(store.people(Role.TRAINEE))})
    page.gradebook.format.setCurrentIndex(page.gradebook.format.findData(XAPI))
    qtbot.mouseClick(page.gradebook.button, LEFT)
    assert "type its address first" in page.message.text() and not page.busy
    assert page.gradebook.address.hasFocus()
    qtbot.keyClicks(page.gradebook.address, "lms.school.edu.mo")  # not a whole address
    qtbot.mouseClick(page.gradebook.button, LEFT)
    assert page.gradebook.address_problem.text().startswith("Type the whole address")
    assert page.gradebook.address_problem.isVisible() and not page.busy
    assert "cannot be saved: see it marked above" in page.message.text()
    assert home_page(store) == ""
    page.gradebook.address.setText("https://lms.school.edu.mo")
    page.asked.append(tmp_path / "s.json")
    qtbot.mouseClick(page.gradebook.button, LEFT)
    assert not page.gradebook.address_problem.isVisible()
    assert home_page(store) == "https://lms.school.edu.mo"
    wait_done(qtbot, page)
    statements = json.loads((tmp_path / "s.json").read_text())
    assert statements and statements[0]["actor"]["account"]["homePage"] == \
        "https://lms.school.edu.mo"
    assert page.message.text() == f"The grades were saved as {tmp_path / 's.json'}."


def test_the_saved_address_is_shown_and_hidden_for_moodle(qtbot, store, instructor, page):
    save_home_page(store, instructor, "https://lms.example.org")
    page.gradebook.reload()
    page.gradebook.format.setCurrentIndex(page.gradebook.format.findData(XAPI))
    assert page.gradebook.address.text() == "https://lms.example.org"
    assert page.gradebook.address.isVisible()
    page.gradebook.format.setCurrentIndex(page.gradebook.format.findData(MOODLE))
    assert not page.gradebook.address.isVisible()


def test_a_moodle_file_and_who_was_left_out(qtbot, page, store, numbers, tmp_path):
    chan = next(p for p in store.people(Role.TRAINEE) if p.name == "Chan Tai Man")
    numbers[chan.id] = "S1001"
    page.asked.append(tmp_path / "grades.csv")
    qtbot.mouseClick(page.gradebook.button, LEFT)
    wait_done(qtbot, page)
    rows = list(csv.reader((tmp_path / "grades.csv").open(encoding="utf-8")))
    assert rows[0][0] == "ID number" and [row[0] for row in rows[1:]] == ["S1001"]
    assert page.message.text() == (f"The grades were saved as {tmp_path / 'grades.csv'}; 2 "
                                  f"trainees have no ID number and were left out.")


@pytest.mark.parametrize("language", ["en", "zh_Hant_MO"])
def test_the_skills_names_are_in_the_desk_s_language_until_another_is_picked(
        qtbot, page, switcher, language):
    switcher.switch(language)
    box = page.gradebook
    assert box.language.currentData() == language
    box.language.setCurrentIndex(box.language.findData("pt_MO"))
    box.language.activated.emit(box.language.currentIndex())  # the instructor picks
    switcher.switch("en")
    assert box.language.currentData() == "pt_MO"


def test_the_moodle_grade_of_a_skill_is_said_to_be_its_mastery(qtbot, page):
    box = page.gradebook
    box.format.setCurrentIndex(box.format.findData(MOODLE))
    assert box.grade_note.isVisible()
    assert box.grade_note.text().startswith("Each skill's grade is its mastery, from 0 to 100")
    assert "slower than the target counts as not mastered yet" in box.grade_note.text()
    box.format.setCurrentIndex(box.format.findData(XAPI))
    assert not box.grade_note.isVisible()  # xAPI scores each answer
