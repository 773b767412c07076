"""The Exams page lists a sitting from a trainee desktop as unconfirmed, beside the results
that count, and confirms it: then it counts."""

from PySide6.QtCore import Qt

from tests.ui.test_desk import sit_exam
from trainer.progress.exams.confirmations import note_unconfirmed
from trainer.progress.storage.database import writing

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


def test_an_unconfirmed_sitting_is_listed_as_such_and_counts_once_confirmed(
        qtbot, desk, store, instructor, classroom):
    sit_exam(store, instructor, classroom[0])
    with writing(store) as db:  # as an import from the trainee's bundle notes it
        [sitting] = [row[0] for row in db.execute("SELECT id FROM exam_sittings")]
        note_unconfirmed(db, [sitting], instructor.person.id)
    desk.nav.setCurrentRow(desk.pages.index(desk.exams))
    page = desk.exams
    page.reload()
    assert page.exams_table.item(0, 4).text() == "0 of 0"  # it does not count
    assert page.results_table.rowCount() == 1
    assert page.results_table.item(0, 4).text() == (
        "unconfirmed: sat on a trainee desktop — identity not proven (✔ Passed)")
    page.results_table.selectRow(0)
    assert page.confirm_button.isEnabled()
    qtbot.mouseClick(page.confirm_button, LEFT)
    assert page.exams_table.item(0, 4).text() == "1 of 1"
    assert page.results_table.item(0, 4).text() == "✔ Passed"
    page.results_table.selectRow(0)
    assert not page.confirm_button.isEnabled()
