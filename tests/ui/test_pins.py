"""PINs in the app: an instructor sets them, a trainee types theirs before their progress
and before an exam that asks for it; the desk shows failed sign-ins."""

import pytest
from PySide6.QtCore import Qt

import ui.pin_dialog as pin_dialog
from tests.ui.exam_support import make_exam, open_exams
from tests.ui.modes_support import click, open_home
from trainer.progress.exams.sittings import ExamPart, create_exam
from trainer.progress.people.accounts import has_pin, set_pin, sign_in
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person

pytest_plugins = ["tests.ui.desk_support"]


@pytest.fixture
def typed(monkeypatch):
    """The PINs the dialog will be answered with, in order (``None``: cancelled)."""
    answers: list[str | None] = []
    asked: list[tuple[str, bool]] = []

    def answer(parent, name, setting=False):
        asked.append((name, setting))
        return answers.pop(0)
    monkeypatch.setattr(pin_dialog, "ask_pin", answer)
    return answers, asked


def test_an_instructor_sets_and_removes_a_pin(qtbot, desk, store, classroom, typed):
    answers, asked = typed
    page = desk.trainees
    person = page.selected()
    assert page.pin_button.isEnabled() and not page.remove_pin_button.isEnabled()
    answers.append("12")  # too short: said inline, nothing set
    click(qtbot, page.pin_button)
    assert page.message.text() == "A PIN has 4 to 8 digits."
    assert not has_pin(store, person.id)
    answers.append("2468")
    click(qtbot, page.pin_button)
    assert asked[-1] == (person.name, True)
    assert has_pin(store, person.id) and page.message.text() == ""
    row = next(r for r in range(page.table.rowCount())
               if page.table.item(r, 0).text() == person.name)
    assert page.table.item(row, 6).text() == "✔"
    assert page.remove_pin_button.isEnabled()
    click(qtbot, page.remove_pin_button)
    assert not has_pin(store, person.id)


def test_failed_sign_ins_show_on_the_trainees_page(qtbot, desk, store, classroom, instructor):
    set_pin(store, instructor, classroom[0].id, "2468")
    with pytest.raises(Exception, match="not right"):
        sign_in(store, classroom[0].id, "1111")
    desk.trainees.reload()
    text = desk.trainees.failures.text()
    assert text.startswith("Latest failed sign-ins:") and f"{classroom[0].name}, wrong PIN" in text


def test_a_trainee_with_a_pin_types_it_before_their_progress(qtbot, window, store, typed):
    answers, asked = typed
    trainee = store.people()[0]
    make_exam(store)  # and its instructor, who sets the PIN
    set_pin(store, _signed_in_instructor(store), trainee.id, "2468")
    home = open_home(qtbot, window)
    answers.append(None)  # cancelled: stays home
    click(qtbot, home.buttons["progress"])
    assert window.pages.currentWidget() is home
    answers.append("1111")  # wrong: said, stays home
    click(qtbot, home.buttons["progress"])
    assert "PIN for Chan Tai Man is not right" in window.statusBar().currentMessage()
    assert window.pages.currentWidget() is home
    connection(store).execute(
            "UPDATE sign_in_log SET at = '2025-01-01T00:00:00.000Z'")  # a while on
    answers.append("2468")
    click(qtbot, home.buttons["progress"])
    assert window.pages.currentWidget() is window.progress
    assert window.actor.proven and asked[-1] == ("Chan Tai Man", False)


def test_an_exam_that_asks_for_the_pin(qtbot, window, store, typed):
    answers, _asked = typed
    exam = make_exam(store)
    teacher = _signed_in_instructor(store)
    guarded = create_exam(store, teacher, "Guarded", [ExamPart("thirteen.first_seat", 1, 1)],
                          seed=3, time_limit_s=600, pass_percent=exam.pass_percent,
                          pin_required=True, same_questions=True)
    exams = open_exams(qtbot, window)
    row = next(r for r in range(exams.exams.count())
               if exams.exams.item(r).data(Qt.ItemDataRole.UserRole).id == guarded.id)
    exams.exams.setCurrentRow(row)
    click(qtbot, exams.go_button)  # no PIN yet: the exam says so
    assert "you have none yet" in exams.message.text()
    set_pin(store, teacher, store.people()[0].id, "2468")
    answers.append("2468")
    click(qtbot, exams.go_button)
    assert window.pages.currentWidget() is window.quiz


def test_the_exam_builder_sets_the_pin_requirement(qtbot, desk, store, classroom):
    builder = desk.exams.builder
    builder.title_edit.setText("With PIN")
    builder.check_skills(["thirteen.first_seat"])
    builder.pin_required.setChecked(True)
    exam = builder.create()
    assert exam is not None and exam.pin_required


def _signed_in_instructor(store):
    """The instructor of :func:`make_exam`, signed in."""
    teacher = next(p for p in store.people() if p.role == "instructor")
    return sign_in(store, teacher.id, "correct horse")


def test_look_alike_names_are_shown_to_the_instructor(qtbot, desk, store, classroom):
    connection(store)["people"].insert({"id": "00000000-0000-4000-8000-0000000000a1",
                               "name": classroom[0].name.upper(), "role": "trainee",
                               "language": None, "created_at": "2025-01-01T00:00:00.000Z"})
    desk.trainees.reload()
    text = desk.trainees.look_alikes.text()
    assert classroom[0].name in text and classroom[0].name.upper() in text
    assert "never merges" in text


def test_the_trainee_who_left_stays_selected_and_no_path_is_shown(qtbot, window, store):
    second = add_person(store, "Zoe Ho")
    window.start_screen.reload(select=second.id)
    home = open_home(qtbot, window)
    assert window.statusBar().currentMessage() == ""  # no database path for trainees
    assert home is window.home
    window.open_start()
    assert window.start_screen.people.currentItem().text() == "Zoe Ho"
