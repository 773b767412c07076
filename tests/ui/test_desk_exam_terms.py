"""The desk's exam terms, driven as an instructor would: set an exam for classes and trainees
with retakes, close it now, edit it while nobody has sat it; the table says each exam's
state and whom it is set for, the results mark each trainee's best."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QMessageBox

import i18n
import questions
from tests.ui.desk_data import PASSWORD, as_stored
from trainer.progress import Role, StoreError
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    delete_exam,
    exam_items,
    exams,
    start_sitting,
    submit_sitting,
)
from trainer.progress.exams.terms import ExamTerms, set_terms, terms_of
from trainer.progress.people.accounts import sign_in
from trainer.progress.people.classes import create_class
from trainer.progress.storage.database import connection
from ui.desk.exams.exam_terms import set_for_text, set_for_tip
from ui.desk.texts import local_date

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton
PARTS = [ExamPart("thirteen.first_seat", 2, 1), ExamPart("three_card.order", 2, 1)]


@pytest.fixture
def exam(store, instructor):
    return create_exam(store, instructor, "Week 4 check", PARTS, 99, 600, Decimal(50),
                       same_questions=True)


@pytest.fixture
def march(store, instructor, classroom):
    return create_class(store, instructor, "Class of March", (classroom[0].id,))


def exams_page(qtbot, desk, exam=None):
    qtbot.keyClick(desk, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    page = desk.exams
    page.reload(select=exam.id if exam else None)
    return page


def terms_tab(qtbot, page):
    bar = page.tabs.tabBar()
    qtbot.mouseClick(bar, LEFT, pos=bar.tabRect(1).center())
    assert page.tabs.currentWidget() is page.terms
    return page.terms


def row_of(table, title):
    return next(r for r in range(table.rowCount()) if table.item(r, 0).text() == title)


def choice(box, text):
    return next(box.choices.item(r) for r in range(box.choices.count())
                if box.choices.item(r).text() == text)


def tick_by_keyboard(qtbot, box, text):
    box.choices.setCurrentItem(choice(box, text))
    box.choices.setFocus()
    qtbot.keyClick(box.choices, Qt.Key.Key_Space)


def sit(store, exam, trainee, right, start):
    """``trainee`` sits ``exam`` from ``start``, answering the first ``right`` questions
    right and no other; the result."""
    actor = sign_in(store, trainee.id)
    sitting = start_sitting(store, actor, exam.id, at=start)
    for item in exam_items(exam)[:right]:
        question = questions.generate(item.skill, item.seed, item.difficulty)
        answer_exam_item(store, actor, sitting.id, item.index, question.to_json(),
                         as_stored(question.reference_answer()), True, 1.0, 3000,
                         at=start + timedelta(minutes=1))
    return submit_sitting(store, actor, sitting.id, at=start + timedelta(minutes=2))


def test_an_exam_is_set_for_a_class_and_a_trainee_with_retakes(qtbot, desk, store, exam,
                                                               march, classroom):
    page = exams_page(qtbot, desk, exam)
    table = page.exams_table
    assert table.horizontalHeaderItem(6).text() == "Set for"
    assert table.item(row_of(table, "Week 4 check"), 6).text() == "Every trainee"
    box = terms_tab(qtbot, page)
    assert box.everyone.isChecked() and not box.choices.isEnabled()
    assert [box.choices.item(r).text() for r in range(box.choices.count())] == [
        "Class: Class of March (1 trainee)", "Ana Sousa", "Chan Tai Man", "陳美玲"]
    qtbot.mouseClick(box.chosen, LEFT)
    assert box.choices.isEnabled() and box.filter.isEnabled()
    qtbot.mouseClick(box.save_button, LEFT)  # nothing ticked yet
    assert box.message.text().startswith("Tick the classes and trainees")
    assert terms_of(connection(store), exam.id) == ExamTerms()
    qtbot.keyClicks(box.filter, "ana")
    shown = [box.choices.item(r).text() for r in range(box.choices.count())
             if not box.choices.item(r).isHidden()]
    assert shown == ["Ana Sousa"]
    tick_by_keyboard(qtbot, box, "Ana Sousa")
    box.filter.clear()
    tick_by_keyboard(qtbot, box, "Class: Class of March (1 trainee)")
    assert "best result counts" in box.sittings.toolTip()
    box.sittings.setValue(3)
    qtbot.mouseClick(box.save_button, LEFT)
    assert terms_of(connection(store), exam.id) == ExamTerms((march.id, classroom[1].id), 3)
    assert box.message.text() == "Saved: who sits “Week 4 check”, and how many times."
    row = row_of(table, "Week 4 check")
    assert table.item(row, 6).text() == ("Class: Class of March; Trainee: Ana Sousa · "
                                         "3 sittings")
    assert table.item(row, 6).toolTip() == ("<p>Class: Class of March<br>Trainee: Ana Sousa"
                                            "<br>3 sittings</p>")
    assert page.tabs.currentWidget() is box and box.chosen.isChecked()  # still on its terms
    qtbot.mouseClick(box.everyone, LEFT)
    qtbot.mouseClick(box.save_button, LEFT)
    assert terms_of(connection(store), exam.id) == ExamTerms((), 3)
    assert table.item(row_of(table, "Week 4 check"), 6).text() == "Every trainee · 3 sittings"


def test_a_refusal_of_the_store_is_said_in_the_terms(qtbot, desk, store, exam, instructor):
    box = terms_tab(qtbot, exams_page(qtbot, desk, exam))
    delete_exam(store, instructor, exam.id)  # on another page, or another desktop
    box.sittings.setValue(2)
    qtbot.mouseClick(box.save_button, LEFT)
    assert box.message.text() == "This exam is not in the database."
    assert box.message.objectName() == "error"


def reply_to_box(role, seen):
    """Click the button of ``role`` in the next message box; ``seen`` gets its words."""

    def reply():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, reply)
            return
        button = next(b for b in box.buttons() if box.buttonRole(b) == role)
        seen.append((box.windowTitle(), box.text(), button.text().replace("&", ""),
                     box.defaultButton().text().replace("&", "")))
        button.click()

    QTimer.singleShot(20, reply)


def test_closing_an_exam_now_asks_first(qtbot, desk, store, exam, classroom):
    page = exams_page(qtbot, desk, exam)
    table = page.exams_table
    assert table.item(row_of(table, "Week 4 check"), 5).text() == "open"
    box = terms_tab(qtbot, page)
    assert box.close_button.isEnabled()
    seen = []
    reply_to_box(QMessageBox.ButtonRole.RejectRole, seen)
    qtbot.mouseClick(box.close_button, LEFT)
    assert seen[0][0] == "Close the exam"
    assert seen[0][1].startswith("Close “Week 4 check” now? No trainee can start it")
    assert seen[0][2:] == ("Cancel", "Cancel")  # the safe choice is Enter's
    assert terms_of(connection(store), exam.id).closed_at is None
    reply_to_box(QMessageBox.ButtonRole.DestructiveRole, seen)
    qtbot.mouseClick(box.close_button, LEFT)
    assert seen[1][2] == "Close it now"
    closed_at = terms_of(connection(store), exam.id).closed_at
    assert closed_at is not None
    assert table.item(row_of(table, "Week 4 check"), 5).text() == (
        f"closed on {local_date(closed_at)}")
    assert not box.close_button.isEnabled()
    assert box.state.text() == f"“Week 4 check”: closed on {local_date(closed_at)}."
    assert box.message.text() == "“Week 4 check” is closed: no trainee can start it any more."
    with pytest.raises(StoreError, match="This exam closed on"):
        start_sitting(store, sign_in(store, classroom[0].id), exam.id)


def test_an_exam_closing_later_says_until_when(qtbot, desk, store, instructor):
    closes = datetime.now(UTC).replace(microsecond=0) + timedelta(days=3)
    later = create_exam(store, instructor, "Later", PARTS, 5, 600, Decimal(50), closes=closes,
                        same_questions=True)
    page = exams_page(qtbot, desk, later)
    assert page.exams_table.item(0, 5).text() == f"open until {local_date(later.closes_at)}"
    assert page.exams_table.item(0, 5).toolTip().startswith("Closes at ")


def test_an_exam_nobody_sat_is_edited_and_its_new_version_takes_its_place(
        qtbot, desk, store, exam, instructor, march):
    set_terms(store, instructor, exam.id, (march.id,), 2)
    page = exams_page(qtbot, desk, exam)
    assert page.edit_button.isEnabled()
    qtbot.mouseClick(page.edit_button, LEFT)
    builder = page.builder
    assert builder.title() == "Editing an exam"
    assert builder.create_button.text() == "Save the &changes"
    assert builder.cancel_button.isVisible()
    assert (builder.title_edit.text(), builder.checked_skills(), builder.seed,
            builder.time_limit.value(), builder.pass_mark.value()) == (
        "Week 4 check", ["thirteen.first_seat", "three_card.order"], 99, 10, 50)
    assert builder.message.text().startswith("Nobody has sat “Week 4 check” yet")
    builder.title_edit.setText("Week 4 check (fixed)")
    builder.pass_mark.setValue(60)
    qtbot.mouseClick(builder.create_button, LEFT)
    [edited] = exams(store)
    assert (edited.title, edited.pass_percent, edited.seed) == ("Week 4 check (fixed)", 60, 99)
    assert terms_of(connection(store), edited.id) == ExamTerms((march.id,), 2)
    table = page.exams_table
    assert [table.item(r, 0).text() for r in range(table.rowCount())] == [
        "Week 4 check (fixed)"]
    assert page._selected_exam() == edited
    assert table.item(0, 6).text() == "Class: Class of March · 2 sittings"
    assert builder.message.text().startswith("The exam “Week 4 check (fixed)” is saved: 4 "
                                             "questions.")
    assert builder.title() == "New exam" and not builder.cancel_button.isVisible()
    assert builder.create_button.text() == "&Create the exam" and builder.title_edit.text() == ""


def test_the_form_says_when_it_cannot_hold_an_exams_parts(qtbot, desk, store, instructor):
    uneven = create_exam(store, instructor, "Uneven", [
        ExamPart("thirteen.first_seat", 2, 1), ExamPart("three_card.order", 1, 2)], 5, 600,
        Decimal(50), same_questions=True)
    page = exams_page(qtbot, desk, uneven)
    qtbot.mouseClick(page.edit_button, LEFT)
    assert page.builder.message.text().endswith(
        "Check the questions per skill and the level: the form sets the same for every skill, "
        "and “Uneven” has different ones.")
    qtbot.mouseClick(page.new_version_button, LEFT)  # a new version instead: no longer editing
    assert page.builder.editing is None and page.builder.message.text().startswith(
        "The form holds the settings of “Uneven”")
    assert "different ones" in page.builder.message.text()


def test_an_edit_is_cancelled_back_to_a_new_exam(qtbot, desk, store, exam):
    page = exams_page(qtbot, desk, exam)
    qtbot.mouseClick(page.edit_button, LEFT)
    builder = page.builder
    qtbot.mouseClick(builder.cancel_button, LEFT)
    assert builder.editing is None and builder.title() == "New exam"
    assert builder.title_edit.text() == "" and builder.checked_skills() == []
    builder.title_edit.setText("Another")
    builder.check_skills(["thirteen.payout"])
    qtbot.mouseClick(builder.create_button, LEFT)
    assert sorted(e.title for e in exams(store)) == ["Another", "Week 4 check"]


def test_an_exam_once_sat_is_not_edited(qtbot, desk, store, exam, classroom):
    page = exams_page(qtbot, desk, exam)
    qtbot.mouseClick(page.edit_button, LEFT)  # editing, when a trainee sits it meanwhile
    sit(store, exam, classroom[0], 2, datetime.now(UTC) - timedelta(minutes=5))
    page.builder.pass_mark.setValue(80)
    qtbot.mouseClick(page.builder.create_button, LEFT)
    assert page.builder.message.text() == (
        "This exam has been sat, so it can no longer be edited; make a new version instead.")
    assert exams(store) == [exam]
    page.reload(select=exam.id)
    assert not page.edit_button.isEnabled() and page.new_version_button.isEnabled()


def test_the_results_mark_each_trainees_best(qtbot, desk, store, exam, instructor, classroom):
    set_terms(store, instructor, exam.id, (), 2)
    start = datetime.now(UTC) - timedelta(hours=3)
    sit(store, exam, classroom[0], 1, start)  # 25 %: not passed
    sit(store, exam, classroom[0], 4, start + timedelta(hours=1))  # 100 %: the best
    sit(store, exam, classroom[1], 1, start + timedelta(hours=2))  # one sitting: nothing to mark
    page = exams_page(qtbot, desk, exam)
    results = page.results_table
    rows = [(results.item(r, 0).text(), results.item(r, 4).text(),
             results.item(r, 4).font().weight() == QFont.Weight.Bold)
            for r in range(results.rowCount())]
    assert rows == [("Chan Tai Man", "✘ Failed", False),
                    ("Chan Tai Man", "✔ Passed · best", True),
                    ("Ana Sousa", "✘ Failed", False)]
    assert "best" in results.item(1, 4).toolTip()
    assert page.exams_table.item(0, 4).text() == "1 of 2"  # trainees whose best passed


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_the_terms_fit_a_small_desk_and_are_named(qtbot, window, store, instructor, exam,
                                                  screenshot_dir, language):
    from screens_support import settle

    from tests.ui.mnemonics import clashes
    from tests.ui.test_accessible_names import unnamed
    from tests.ui.test_scaled_screens import cut_controls
    from ui.desk.desk import InstructorDesk

    [chan] = store.people(Role.TRAINEE)
    march = create_class(store, instructor, "Class of March", (chan.id,))
    set_terms(store, instructor, exam.id, (march.id,), 2)
    desk = InstructorDesk(store, sign_in(store, instructor.person.id, PASSWORD))
    window.show_desk(desk)
    window.switch_language(language)
    window.resize(1280, 800)
    page = exams_page(qtbot, desk, exam)
    box = terms_tab(qtbot, page)
    QApplication.processEvents()
    assert box.choices.accessibleName() == i18n._(
        "Classes and t&rainees (Space ticks the one selected)").replace("&", "")
    assert page.exams_table.item(0, 6).text() != ""
    window.grab().save(str(screenshot_dir / f"desk-exam-terms-{language}-1280x800.png"))
    qtbot.mouseClick(page.edit_button, LEFT)  # editing: the form's back button shows too
    settle()
    problems = {"unnamed": unnamed(window), "clashes": clashes(window)}
    window.resize(640, 400)
    settle()
    window.grab().save(str(screenshot_dir / f"desk-exam-terms-{language}-640x400.png"))
    problems["cut"] = cut_controls(window)
    window.switch_language("en")
    assert problems == {"unnamed": [], "clashes": {}, "cut": []}


#: Five trainees and two classes of a desk, id → name, in the order the terms tick them.
PEOPLE = {f"t{n}": name for n, name in enumerate(
    ["Ana Sousa", "Chan Tai Man", "陳美玲", "Lei Ka Man", "<b>Rui</b> & Co"])}
GROUPS = {"c1": "Class of March", "c2": "Class of April"}


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Trainees: Ana Sousa, Chan Tai Man, 陳美玲 and 2 more"),
    ("pt_MO", "Formandos: Ana Sousa, Chan Tai Man, 陳美玲 e mais 2"),
    ("zh_Hant_MO", "學員：Ana Sousa、Chan Tai Man、陳美玲及另外 2 個"),
])
def test_the_set_for_cell_names_a_few_and_counts_the_rest(language, expected):
    terms = ExamTerms(tuple(PEOPLE), 1)
    with i18n.speaking(language):
        assert set_for_text(terms, GROUPS, PEOPLE) == expected
        tip = set_for_tip(terms, GROUPS, PEOPLE)
    assert all(name in tip for name in list(PEOPLE.values())[:4])
    assert "&lt;b&gt;Rui&lt;/b&gt; &amp; Co" in tip and "<b>" not in tip  # a name, not markup


@pytest.mark.parametrize(("named", "expected"), [
    (3, "Trainees: Ana Sousa, Chan Tai Man and 陳美玲"),  # as many as are named: all of them
    (4, "Trainees: Ana Sousa, Chan Tai Man, 陳美玲 and 1 more"),
])
def test_names_are_elided_only_past_the_few_named(named, expected):
    terms = ExamTerms(tuple(PEOPLE)[:named], 1)
    assert set_for_text(terms, GROUPS, PEOPLE) == expected
    assert set_for_tip(terms, GROUPS, PEOPLE).count(",") == named - 2


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Classes: Class of March and Class of April; Trainee: Chan Tai Man · 2 sittings"),
    ("pt_MO", "Turmas: Class of March e Class of April; Formando: Chan Tai Man · 2 realizações"),
    ("zh_Hant_MO", "班級：Class of March及Class of April；學員：Chan Tai Man · 可應考 2 次"),
])
def test_classes_come_before_trainees_each_named_in_its_language(language, expected):
    terms = ExamTerms(("c1", "t1", "gone", "c2"), 2)
    with i18n.speaking(language):
        assert set_for_text(terms, GROUPS, PEOPLE) == expected


def test_an_exam_whose_classes_and_trainees_are_gone_says_so():
    terms = ExamTerms(("gone",), 1)
    assert set_for_text(terms, GROUPS, PEOPLE) == "nobody (its classes and trainees are gone)"
    assert set_for_text(ExamTerms(), GROUPS, PEOPLE) == "Every trainee"
    assert set_for_tip(ExamTerms((), 3), GROUPS, PEOPLE) == "<p>Every trainee<br>3 sittings</p>"
