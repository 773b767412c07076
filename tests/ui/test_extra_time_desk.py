"""Extra time in the app: an instructor grants it on the trainees page, the trainee's drill
set-up says so and the drill's target is longer."""

from PySide6.QtWidgets import QInputDialog

from tests.ui.modes_support import click, open_home
from trainer.progress.learning.targets import extra_time
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.people.extra_time import set_extra_time
from trainer.progress.storage.database import connection

pytest_plugins = ["tests.ui.desk_support"]


def test_an_instructor_grants_extra_time(qtbot, desk, store, classroom, monkeypatch):
    page = desk.trainees
    person = page.selected()
    offered = []

    def answer(parent, title, label, value, low, high, step):
        offered.append((value, low, high, step))
        return 25, True
    monkeypatch.setattr(QInputDialog, "getInt", answer)
    click(qtbot, page.extra_time_button)
    assert offered == [(0, 0, 200, 5)]
    assert extra_time(connection(store), person.id) == 25
    row = page.table.currentRow()
    assert page.table.item(row, 7).text() == "25 % more"
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a: (50, False))  # cancelled
    click(qtbot, page.extra_time_button)
    assert extra_time(connection(store), person.id) == 25


def test_the_drill_target_includes_the_trainees_extra_time(qtbot, window, store):
    teacher = add_instructor(store, "Mestre Lei", "correct horse")
    [trainee] = [p for p in store.people() if p.role == "trainee"]
    set_extra_time(store, sign_in(store, teacher.id, "correct horse"), trainee.id, 50)
    home = open_home(qtbot, window)
    click(qtbot, home.buttons["drill"])
    window.drill_setup.picker.choose_skills(["thirteen.payout"])
    assert window.drill_setup.target.text().startswith(
        "Target: right within 15 s. This includes your extra time: 50 % more.")
    click(qtbot, window.drill_setup.start_button)
    assert window.quiz.mode.target_ms == 15_000
