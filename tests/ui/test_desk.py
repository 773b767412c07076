"""Drive the instructor desk like an instructor: sign in, trainees, answers replayed, exams."""

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from PySide6.QtCore import QDate, QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMessageBox, QSpinBox

import i18n
import questions
from tests.ui.desk_data import PASSWORD, as_stored, record
from trainer.progress import Role
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    exam_items,
    exams,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import sign_in
from trainer.progress.reports.at_risk import RiskThresholds, thresholds
from trainer.progress.reports.words import in_language as i18n_language
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import record_attempt, stored_attempts
from ui.desk.sign_in import SignInDialog
from ui.desk.trainees.trainees import SORT_ROLE

pytest_plugins = ["tests.ui.desk_support"]
LEFT = Qt.MouseButton.LeftButton


# Signing in -------------------------------------------------------------------------------

def test_a_wrong_password_is_said_inline_and_the_right_one_signs_in(qtbot, store, instructor):
    dialog = SignInDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.first_run and dialog.instructor.currentText() == "Maria Lei"
    qtbot.keyClicks(dialog.password, "not my password")
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert dialog.error.text() == "The password for Maria Lei is not right."
    assert dialog.isVisible() and dialog.actor is None
    dialog.password.clear()
    qtbot.keyClicks(dialog.password, PASSWORD)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)  # at once: sign-in is paused
    assert dialog.error.text() == ("Too many wrong attempts for Maria Lei. Try again in 1 "
                                   "second.")
    assert dialog.actor is None
    connection(store).execute(
            "UPDATE sign_in_log SET at = '2025-01-01T00:00:00.000Z'")  # a while on
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.actor.is_instructor and dialog.actor.person.name == "Maria Lei"


def test_the_first_instructor_is_created_with_a_password_typed_twice(qtbot, store):
    dialog = SignInDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.first_run
    qtbot.keyClicks(dialog.new_name, "Rita Lopes")
    qtbot.keyClicks(dialog.password, "short")
    qtbot.keyClicks(dialog.confirm, "short")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.error.text() == "A password has at least 8 characters."
    for field in (dialog.password, dialog.confirm):
        field.clear()
    qtbot.keyClicks(dialog.password, "long enough 1")
    qtbot.keyClicks(dialog.confirm, "long enough 2")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert dialog.error.text() == "The two passwords are not the same."
    assert store.people(Role.INSTRUCTOR) == []
    dialog.confirm.clear()
    qtbot.keyClicks(dialog.confirm, "long enough 1")
    qtbot.keyClick(dialog.confirm, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert [p.name for p in store.people(Role.INSTRUCTOR)] == ["Rita Lopes"]
    assert dialog.actor.is_instructor


def test_the_sign_in_dialog_retranslates(qtbot, switcher, store, instructor):
    dialog = SignInDialog(store)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.password, "wrong password")
    dialog.submit()
    english = dialog.error.text()
    switcher.switch("zh_Hant_MO")
    assert dialog.password_label.text() == i18n._("&Password")
    assert dialog.error.text() == i18n._("The password for {name} is not right.").format(
        name="Maria Lei")
    assert english == "The password for Maria Lei is not right."


# Trainees -------------------------------------------------------------------------------

def row_of(table, name):
    return next(r for r in range(table.rowCount()) if table.item(r, 0).text() == name)


def test_the_trainee_list_shows_headline_figures(desk):
    table = desk.trainees.table
    assert sorted(table.item(r, 0).text() for r in range(table.rowCount())) == sorted(
        ["Chan Tai Man", "Ana Sousa", "陳美玲"])
    chan = row_of(table, "Chan Tai Man")
    assert table.item(chan, 1).text() == "15"
    assert table.item(chan, 2).text().endswith("%")
    assert table.item(chan, 4).text()  # the day of the last answer


def test_the_trainees_sort_by_every_column_by_value(qtbot, desk):
    table = desk.trainees.table
    names = [table.item(r, 0).data(SORT_ROLE) for r in range(table.rowCount())]
    assert names == sorted(names)  # by name, A to Z, at first
    header = table.horizontalHeader()
    for column in range(table.columnCount()):
        qtbot.mouseClick(header.viewport(), LEFT, pos=header.viewport().rect().topLeft()
                         + QPoint(header.sectionViewportPosition(column)
                                  + header.sectionSize(column) // 2, 5))
        keys = [table.item(r, column).data(SORT_ROLE) for r in range(table.rowCount())]
        present = [k for k in keys if k is not None]
        assert present in (sorted(present), sorted(present, reverse=True)), column
    qtbot.mouseClick(header.viewport(), LEFT, pos=QPoint(header.sectionViewportPosition(1) + 5, 5))
    first = [int(table.item(r, 1).data(SORT_ROLE)) for r in range(table.rowCount())]
    qtbot.mouseClick(header.viewport(), LEFT, pos=QPoint(header.sectionViewportPosition(1) + 5, 5))
    assert [int(table.item(r, 1).data(SORT_ROLE)) for r in range(table.rowCount())] == first[::-1]
    assert table.columnWidth(0) < table.viewport().width() // 2  # the names take their room


def test_trainees_at_risk_are_flagged_by_the_desk_s_thresholds(qtbot, desk, store):
    page = desk.trainees
    chan = row_of(page.table, "Chan Tai Man")
    page.risk_days.setValue(365)
    page.risk_accuracy.setValue(100)  # everyone with enough answers is under it
    page.risk_answers.setValue(15)
    chan = row_of(page.table, "Chan Tai Man")
    assert page.table.item(chan, 5).text() == "low accuracy"
    page.risk_answers.setValue(16)  # Chan has 15 answers: too few to tell
    chan = row_of(page.table, "Chan Tai Man")
    assert page.table.item(chan, 5).text() == ""
    page.risk_days.setValue(1)
    chan = row_of(page.table, "Chan Tai Man")
    assert page.table.item(chan, 5).text() == ""  # answered today
    assert thresholds(store) == RiskThresholds(Decimal(1), 16, 1)


def test_add_a_trainee_by_keyboard_then_delete_them(qtbot, desk, store):
    page = desk.trainees
    qtbot.keyClicks(page.new_name, "Ho Ka Man")
    qtbot.keyClick(page.new_name, Qt.Key.Key_Return)
    assert "Ho Ka Man" in [p.name for p in store.people(Role.TRAINEE)]
    assert page.selected().name == "Ho Ka Man"
    assert desk.attempts.trainee.findText("Ho Ka Man") >= 0  # other pages know them too

    answered = click_in_message_box(QMessageBox.ButtonRole.RejectRole)
    qtbot.mouseClick(page.delete_button, LEFT)
    assert answered == ["Cancel"]
    assert "Ho Ka Man" in [p.name for p in store.people(Role.TRAINEE)]

    answered = click_in_message_box(QMessageBox.ButtonRole.DestructiveRole)
    qtbot.mouseClick(page.delete_button, LEFT)
    assert answered == ["Delete"]
    assert "Ho Ka Man" not in [p.name for p in store.people(Role.TRAINEE)]
    assert "Ho Ka Man" not in [page.table.item(r, 0).text() for r in range(page.table.rowCount())]


def click_in_message_box(role):
    """Click the button of ``role`` in the next message box; the list gets its text."""
    clicked = []

    def click():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        button = next(b for b in box.buttons() if box.buttonRole(b) == role)
        clicked.append(button.text().replace("&", ""))
        button.click()

    QTimer.singleShot(20, click)
    return clicked


def test_a_trainee_progress_opens_from_the_list(qtbot, desk):
    page = desk.trainees
    page.table.selectRow(row_of(page.table, "Chan Tai Man"))
    qtbot.mouseClick(page.progress_button, LEFT)
    assert desk.stack.currentWidget() is desk.progress
    assert "Chan Tai Man" in desk.progress.view.heading.text()
    desk.progress.view.backRequested.emit()
    assert desk.stack.currentWidget() is desk.trainees


def test_the_cohort_charts_open_from_the_menu(qtbot, desk):
    qtbot.keyClick(desk, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert desk.stack.currentWidget() is desk.cohort
    assert type(desk.cohort.view).__name__ == "CohortCharts"


# Drill-down -------------------------------------------------------------------------------

def open_answers_of(qtbot, desk, name):
    page = desk.trainees
    page.table.selectRow(row_of(page.table, name))
    qtbot.mouseClick(page.answers_button, LEFT)
    assert desk.stack.currentWidget() is desk.attempts
    return desk.attempts


def test_drill_down_replays_the_exact_question_with_its_verdict(qtbot, desk, store, classroom):
    attempts = open_answers_of(qtbot, desk, "Chan Tai Man")
    model = attempts.model
    assert model.rowCount() == 15
    row = next(r for r, a in enumerate(model.attempts)
               if a.skill == "thirteen.misdeal" and not a.correct)
    stored = model.attempts[row]
    attempts.table.setCurrentIndex(model.index(row, 0))
    attempts.table.setFocus()
    qtbot.keyClick(attempts.table, Qt.Key.Key_Return)
    assert attempts.stack.currentWidget() is attempts.replay_page
    replay = attempts.replay
    question = questions.Question.from_json(stored.question)
    assert replay.question == question
    assert replay.prompt.text() == str(question.shown)  # beside the table drawn
    assert replay.situation.accessibleDescription() == str(question.prompt)
    assert replay.title.text() == "13-card game: cards dealt face up or to the wrong place"
    assert replay.given.text().startswith("Answer given: Continue the deal")
    assert replay.result.text().startswith("✘ Not quite. The right answer: ")
    assert "Article 4" in replay.explanation.text()
    assert replay.situation.question == question
    qtbot.keyClick(replay.situation, Qt.Key.Key_Escape)
    assert attempts.stack.currentWidget() is attempts.list_page


def test_the_answers_page_opens_on_the_trainee_chosen_and_filters(qtbot, desk, monkeypatch):
    from ui.desk.reports.attempts import AttemptsModel

    monkeypatch.setattr(AttemptsModel, "PAGE", 4)  # pages of four, as of 500 at a school
    trainees = desk.trainees
    trainees.table.selectRow(row_of(trainees.table, "Chan Tai Man"))
    desk.open_page(desk.attempts)  # from the list of pages, not the Answers button
    page = desk.attempts
    assert page.trainee.currentText() == "Chan Tai Man"
    model = page.model
    assert model.total == 15 and model.rowCount() == 4  # the rest as the table scrolls
    while model.canFetchMore():
        model.fetchMore()
    assert model.rowCount() == 15 and len({a.id for a in model.attempts}) == 15
    assert page.table.isColumnHidden(1)  # one trainee: no name column
    assert {model.data(model.index(r, 2)) for r in range(15)} == {"Practice"}
    page.wrong_only.setChecked(True)
    assert model.total == sum(not a.correct for a in desk_answers(desk, "Chan Tai Man"))
    assert all(not a.correct for a in model.attempts)
    assert page.count.text() == f"{model.total} answers"
    page.wrong_only.setChecked(False)
    page.skill.setCurrentIndex(page.skill.findData("thirteen.misdeal"))
    assert model.total >= 1 and {a.skill for a in model.attempts} == {"thirteen.misdeal"}
    page.skill.setCurrentIndex(0)
    page.mode.setCurrentIndex(page.mode.findData("exam"))
    assert model.total == 0
    page.mode.setCurrentIndex(0)
    page.first_day.setDate(QDate.currentDate().addDays(1))
    assert model.total == 0
    page.first_day.setDate(QDate.currentDate())
    page.last_day.setDate(QDate.currentDate())
    assert model.total == 15  # all answered today
    page.trainee.setCurrentIndex(0)  # every trainee
    assert page.trainee.currentText() == "Every trainee" and not page.table.isColumnHidden(1)
    assert model.total > 15
    while model.canFetchMore():
        model.fetchMore()
    answered = {p.name for p in desk._store.people() if stored_attempts(desk._store, p.id)}
    assert {model.data(model.index(r, 1)) for r in range(model.rowCount())} == answered
    assert len(answered) >= 2


def test_an_answer_too_fast_to_count_is_marked_in_the_log(qtbot, desk, store, classroom):
    record(store, classroom[0].id, "thirteen.first_seat", 99, True, ms=299)  # under 0.3 s
    record(store, classroom[0].id, "thirteen.first_seat", 98, True, ms=300)
    model = open_answers_of(qtbot, desk, "Chan Tai Man").model
    times = {model.attempts[row].response_ms: model.data(model.index(row, 6))
             for row in range(model.rowCount())}
    assert times[299].endswith(" · too fast") and times[299].startswith("0")
    assert [ms for ms, text in times.items() if "too fast" in text] == [299]


def desk_answers(desk, name):
    [person] = [p for p in desk._store.people() if p.name == name]
    return stored_attempts(desk._store, person.id)


def test_a_typed_amount_is_read_again_and_explained(qtbot, desk):
    attempts = open_answers_of(qtbot, desk, "Chan Tai Man")
    row = next(r for r, a in enumerate(attempts.model.attempts)
               if a.skill == "mahjong_baccarat.payout" and a.correct)
    attempts.table.selectRow(row)
    qtbot.mouseClick(attempts.open_button, LEFT)
    replay = attempts.replay
    assert replay.result.text() == "✔ Correct."
    assert "Article" in replay.explanation.text()


def test_a_demo_answer_is_generated_again_from_its_seed(qtbot, desk, store, classroom):
    ana = classroom[1]
    record_attempt(store, ana.id, None, {"version": 1, "skill": "three_card.order",
                                        "seed": 42, "difficulty": 3}, None, True, 1.0, 5000,
                         answered_at="2099-01-01T10:00:00.000Z")
    attempts = open_answers_of(qtbot, desk, "Ana Sousa")
    assert attempts.model.attempts[0].answered_at.startswith("2099")
    attempts.table.selectRow(0)
    attempts.open_selected()
    replay = attempts.replay
    assert replay.question == questions.generate("three_card.order", 42, 3)
    assert "generated again from its seed" in replay.details.text()
    assert replay.given.text() == "The answer given was not recorded."
    assert replay.result.text().startswith("✔ It was marked right. The right answer: ")
    assert replay.explanation.text()


# Exams ------------------------------------------------------------------------------------

def test_build_an_exam_and_see_it_listed(qtbot, desk, store):
    qtbot.keyClick(desk, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    builder = desk.exams.builder
    qtbot.mouseClick(builder.create_button, LEFT)
    assert builder.message.text() == "Give the exam a title."
    qtbot.keyClicks(builder.title_edit, "Payouts check")
    qtbot.mouseClick(builder.create_button, LEFT)
    assert builder.message.text().startswith("An exam needs at least one skill")
    for skill in ("thirteen.payout", "three_card.payout"):
        row = questions.skills().index(skill)
        builder.skills.setCurrentRow(row)
        builder.skills.setFocus()
        qtbot.keyClick(builder.skills, Qt.Key.Key_Space)
    assert builder.checked_skills() == ["thirteen.payout", "three_card.payout"]
    builder.per_skill.setValue(3)
    builder.difficulty.setCurrentIndex(builder.difficulty.findData(3))
    builder.seed = 12345  # drawn at random, never shown: set here to know it
    builder.time_limit.setValue(20)
    builder.pass_mark.setValue(80)
    qtbot.mouseClick(builder.create_button, LEFT)
    assert builder.message.text() == "The exam “Payouts check” is ready: 6 questions."
    [exam] = exams(store)
    assert (exam.title, exam.seed, exam.time_limit_s, exam.pass_percent) == (
        "Payouts check", 12345, 1200, 80)
    assert [(p.skill, p.questions, p.difficulty) for p in exam.parts] == [
        ("thirteen.payout", 3, 3), ("three_card.payout", 3, 3)]
    table = desk.exams.exams_table
    assert table.item(0, 0).text() == "Payouts check" and table.item(0, 2).text() == "6"
    assert builder.title_edit.text() == "" and builder.checked_skills() == []
    # The seed is never shown: a trainee who saw it could make the questions beforehand.
    shown = [w.text() for w in desk.exams.findChildren(QLabel)] + [desk.exams.results_label.text()]
    assert not any("seed" in text.casefold() or "12345" in text for text in shown)
    assert not builder.findChildren(QSpinBox, "seed") and builder.seed != 12345  # drawn anew


def test_a_new_version_of_an_exam_is_a_new_exam_and_the_old_one_stays(qtbot, desk, store,
                                                                      instructor):
    old = create_exam(store, instructor, "Mid-course check",
                      [ExamPart("thirteen.payout", 4, 3), ExamPart("three_card.payout", 4, 3)],
                      777, 1200, 80, pin_required=True, same_questions=True)
    qtbot.keyClick(desk, Qt.Key.Key_4, Qt.KeyboardModifier.ControlModifier)
    page = desk.exams
    page.reload(select=old.id)
    assert page.new_version_button.isEnabled()
    qtbot.mouseClick(page.new_version_button, LEFT)
    builder = page.builder
    assert builder.title_edit.text() == "Mid-course check (new version)"
    assert builder.checked_skills() == ["thirteen.payout", "three_card.payout"]
    assert (builder.per_skill.value(), builder.difficulty.currentData(), builder.seed,
            builder.time_limit.value(), builder.pass_mark.value(),
            builder.pin_required.isChecked()) == (4, 3, 777, 20, 80, True)
    builder.pass_mark.setValue(70)
    qtbot.mouseClick(builder.create_button, LEFT)
    made = {exam.title: exam for exam in exams(store)}
    assert made["Mid-course check"] == old
    assert made["Mid-course check (new version)"].pass_percent == 70
    assert made["Mid-course check (new version)"].id != old.id


def sit_exam(store, instructor, trainee):
    exam = create_exam(store, instructor, "Mid-course check",
                       [ExamPart("thirteen.first_seat", 2, 1), ExamPart("three_card.order", 1, 2)],
                       99, 600, 50, same_questions=True)
    actor = sign_in(store, trainee.id)
    start = datetime.now(UTC) - timedelta(minutes=5)
    sitting = start_sitting(store, actor, exam.id, at=start)
    for item in exam_items(exam)[:2]:
        question = questions.generate(item.skill, item.seed, item.difficulty)
        answer = as_stored(question.reference_answer())
        answer_exam_item(store, actor, sitting.id, item.index, question.to_json(), answer,
                         True, 1.0, 3000, at=start + timedelta(minutes=1))
    submit_sitting(store, actor, sitting.id, at=start + timedelta(minutes=2))
    return exam


def test_review_a_sitting_question_by_question(qtbot, desk, store, instructor, classroom):
    sit_exam(store, instructor, classroom[0])
    desk.nav.setCurrentRow(desk.pages.index(desk.exams))
    page = desk.exams
    assert page.exams_table.item(0, 0).text() == "Mid-course check"
    assert page.exams_table.item(0, 4).text() == "1 of 1"
    assert page.results_label.text() == ("“Mid-course check”: 3 questions in 10 minutes, "
                                         "pass mark 50.0%. Its results:")
    assert page.results_table.item(0, 0).text() == "Chan Tai Man"
    assert page.results_table.item(0, 2).text() == "2 / 3"
    qtbot.mouseClick(page.review_button, LEFT)
    assert page.stack.currentWidget() is page.review_page
    marks = [page.items.item(r).text()[0] for r in range(page.items.count())]
    assert marks == ["✔", "✔", "—"]
    assert page.replay.result.text() == "✔ Correct."
    qtbot.keyClick(page.items, Qt.Key.Key_Down)
    qtbot.keyClick(page.items, Qt.Key.Key_Down)
    assert page.replay.given.text() == "Not answered."
    assert page.replay.result.text().startswith("The right answer: ")


# The language ------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["zh_Hant_MO", "pt_MO"])
def test_switching_language_retranslates_every_page(qtbot, switcher, desk, language):
    english_skill = desk.exams.builder.skills.item(0).text()
    english_header = desk.trainees.table.horizontalHeaderItem(2).text()
    open_answers_of(qtbot, desk, "Chan Tai Man")
    desk.attempts.open_selected()
    english_prompt = desk.attempts.replay.prompt.text()
    switcher.switch(language)
    title = str(questions.skill(questions.skills()[0]).title)
    assert desk.exams.builder.skills.item(0).text() == title != english_skill
    header = desk.trainees.table.horizontalHeaderItem(2).text()
    assert header == i18n._("Accuracy") != english_header
    assert desk.nav.item(0).text() == i18n._("Trainees")
    assert desk.attempts.replay.prompt.text() == str(desk.attempts.replay.question.shown)
    assert desk.attempts.replay.prompt.text() != english_prompt
    assert desk.attempts.model.headerData(0, Qt.Orientation.Horizontal) == i18n._("Date")
    thirteen = next(g for g in desk.house_rules.groups if g.spec.title == "13-card game")
    assert thirteen.title() == i18n._("13-card game")


def test_signing_out_ends_the_instructors_session(qtbot, desk, store):
    with qtbot.waitSignal(desk.signOutRequested):
        qtbot.mouseClick(desk.sign_out_button, LEFT)
    builder = desk.exams.builder
    builder.title_edit.setText("After hours")
    builder.check_skills(["thirteen.payout"])
    builder.create()
    assert builder.message.text() == "Sign in first."
    assert exams(store) == []


def test_an_amount_typed_in_portuguese_is_read_in_portuguese(qtbot, desk, store, classroom):
    ana = classroom[1]
    store.set_language(ana.id, "pt_MO")
    question = questions.generate("mahjong_baccarat.payout", 21, 2)
    typed = f"{question.reference_answer():.2f}".replace(".", ",")
    assert "," in typed
    with i18n_language("pt_MO"):
        verdict = question.grade(typed)
    record_attempt(store, ana.id, None, question.to_json(), typed, verdict.correct, verdict.score,
                         7000, answered_at="2099-01-02T10:00:00.000Z")
    attempts = open_answers_of(qtbot, desk, "Ana Sousa")
    attempts.table.selectRow(0)
    attempts.open_selected()
    assert attempts.replay.given.text() == f"Answer given: {typed}"
    assert attempts.replay.result.text() == "✔ Correct."
    assert i18n.current_language() == "en"


def test_every_form_of_answer_is_written_out_in_words():
    from questions.given import answer_label as answer_text

    house_way = questions.generate("thirteen.house_way", 5, 3)
    assert answer_text(house_way, as_stored(house_way.reference_answer())).splitlines()[0] \
        == "Front tier (1st): JC JH 10H"
    assert answer_text(house_way, {"front": [], "middle": [], "back": [], "natural": True}) \
        == "Declare a natural"
    order = questions.generate("three_card.order", 5, 3)
    assert answer_text(order, [2, 3, 1, 4]) == "Hand 2, Hand 3, Hand 1, Hand 4"
    misdeal = questions.generate("thirteen.misdeal", 5, 3)
    assert answer_text(misdeal, {"action": "rectify", "moves": [["KH", 1], ["7D", 2]]}) == (
        "Rectify: give each misdealt card to its place: KH to Place 1 (banker), 7D to Place 2")
    seat = questions.generate("thirteen.first_seat", 5, 1)
    assert answer_text(seat, 3) == "Place 3"
    assert answer_text(questions.generate("thirteen.payout", 5, 1), "837.90") == "837.90"
