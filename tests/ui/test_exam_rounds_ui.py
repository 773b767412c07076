"""A table round in an exam on screen: the builder adds a round part in its way; a trainee
sits an exam of one question and one round by keyboard (the round's verdicts kept until it
ends, nothing recorded step by step); the result and the desk's replay show the round's
review, every step graded again; the preview lets the round be played or passed over."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from exam_support import open_exams
from modes_support import answer_with_keyboard, click, key
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from rounds_support import do_by_keys

import questions
from questions.regrade import GRADER
from trainer.progress.exams.sittings import (
    ExamPart,
    answer_exam_item,
    create_exam,
    review_sitting,
    sitting_items,
    start_sitting,
    submit_sitting,
)
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import add_person
from trainer.rounds.exam_items import round_item_skills
from trainer.rounds.play import solve
from ui.desk.exams.exam_builder import ExamBuilder
from ui.desk.reports.attempts import level_text
from ui.desk.reports.replay import AnsweredQuestion, ReplayView
from ui.modes.exam.exam_preview import ExamPreview
from ui.modes.exam.exam_round import ExamRound
from ui.report_pdf import export_report
from ui.rounds.kits import KITS

ROUND = "mahjong_baccarat.round"
ROLE = Qt.ItemDataRole.UserRole


@pytest.fixture
def teacher(store):
    person = add_instructor(store, "Mestre Lei", "correct horse")
    return sign_in(store, person.id, "correct horse")


def test_the_builder_offers_each_games_round_after_the_skills_in_its_way(qtbot, store,
                                                                         teacher):
    builder = ExamBuilder(store, teacher)
    qtbot.addWidget(builder)
    rows = [(builder.skills.item(r).data(ROLE), builder.skills.item(r).text())
            for r in range(builder.skills.count())]
    # Each game's round that has a table on screen: every game's, Mah-Jong's scenes too.
    offered = [skill for skill in round_item_skills() if skill.partition(".")[0] in KITS]
    assert [skill for skill, _t in rows] == [*questions.skills(), *offered]
    assert "mahjong.round" in round_item_skills() and "mahjong.round" in dict(rows)
    assert dict(rows)[ROUND] == "Mahjong Baccarat: a table round"
    assert [builder.round_way.itemText(i) for i in range(builder.round_way.count())] == [
        "Practice", "Table-ready"]
    builder.title_edit.setText("Ready for the table")
    builder.check_skills(["thirteen.first_seat", ROUND])
    builder.per_skill.setValue(3)
    builder.difficulty.setCurrentIndex(builder.difficulty.findData(1))
    builder.rounds.setValue(2)
    builder.round_way.setCurrentIndex(builder.round_way.findData(3))
    exam = builder.create()
    assert exam is not None, builder.message.text()
    assert exam.parts == (ExamPart("thirteen.first_seat", 3, 1), ExamPart(ROUND, 2, 3))
    builder.start_editing(exam)  # the form shows the round part as it is
    assert (builder.rounds.value(), builder.round_way.currentData()) == (2, 3)
    assert (builder.per_skill.value(), builder.difficulty.currentData()) == (3, 1)


def _exam_of_a_question_and_a_round(store, teacher):
    return create_exam(store, teacher, "Table check",
                       [ExamPart("thirteen.first_seat", 1, 1), ExamPart(ROUND, 1, 2)],
                       seed=4, time_limit_s=1800, pass_percent=Decimal(50),
                       same_questions=True)


def _play_round_by_keys(qtbot, quiz, shots=None):
    """The round on the exam's page played by keys, one deal given as an opening: the
    verdict is kept till the round ends, then the round is reviewed; Enter goes on."""
    page = quiz.pages.currentWidget()
    assert isinstance(page, ExamRound) and page.table_round.back_button.isHidden()
    screen = page.table_round
    assert not screen.hint_button.isVisible() and screen.played.round.mode.value == "practice"
    assert QApplication.focusWidget() is screen  # the round has the keyboard at once
    actions = solve(screen.played.round)
    wrong_at = next(i for i, a in enumerate(actions) if a.verb == "deal")
    for index, action in enumerate(actions):
        if index == wrong_at:
            qtbot.keyClick(screen, Qt.Key.Key_O)  # open instead of deal
            qtbot.keyClick(screen, Qt.Key.Key_2)
            qtbot.keyClick(screen, Qt.Key.Key_Return)
            assert "Wrong" not in screen.verdict.text() and "noted" in screen.verdict.text()
            if shots is not None:
                QApplication.processEvents()  # the header laid out, as the event loop would
                quiz.window().grab().save(str(shots / "exam-round-playing-en.png"))
        else:
            do_by_keys(qtbot, screen, action)
    if shots is not None:
        QApplication.processEvents()
        quiz.window().grab().save(str(shots / "exam-round-over-en.png"))
    assert f"{len(actions) - 1} of {len(actions)} steps right" in screen.verdict.text()
    assert page.next_button.hasFocus()
    key(qtbot, None, Qt.Key.Key_Return)  # on to the next question
    return len(actions)


def test_a_trainee_sits_a_question_and_a_round_by_keyboard(qtbot, window, store, teacher,
                                                           screenshot_dir):
    _exam_of_a_question_and_a_round(store, teacher)
    click(qtbot, open_exams(qtbot, window).go_button)
    quiz = window.quiz
    steps = None
    for _item in range(2):
        if quiz.question() is not None:
            answer_with_keyboard(qtbot, quiz)
            key(qtbot, None, Qt.Key.Key_N)
        else:
            steps = _play_round_by_keys(qtbot, quiz, screenshot_dir)
    assert steps is not None and quiz.question() is None
    assert "2 answered" in quiz.status.text()
    sitting_id = quiz.mode.sitting.id
    assert connection(store).execute(  # one answer for the whole round
        "SELECT count(*) FROM attempts WHERE sitting_id = ? AND skill = ?",
        [sitting_id, ROUND]).fetchone()[0] == 1
    click(qtbot, quiz.mode.submit_button)
    page = window.exam_result
    assert window.pages.currentWidget() is page
    score = (Decimal(100) * (1 + Decimal(steps - 1) / steps) / 2).quantize(Decimal("0.1"))
    assert page.figures.text().startswith(f"Score {score} % (pass mark 50 %) · 1 of 2 right")
    row = next(r for r in range(page.review.count())
               if "Mahjong Baccarat: a table round" in page.review.item(r).text())
    assert page.review.item(row).text().startswith("✘")
    page.review.setCurrentRow(row)
    QApplication.processEvents()
    window.grab().save(str(screenshot_dir / "exam-round-result-en.png"))
    assert page.shown.currentWidget() is page.round_scroll
    review = page.round_review.text()
    assert f"Score for this round: {steps - 1} of {steps} steps right." in review
    assert "✘ Wrong: Open place 2" in review and "(open 2)" in review
    assert review.count("<li") == steps
    page.review.setCurrentRow(1 - row)  # the question, replayed as ever
    assert page.shown.currentWidget() is page.panel and page.panel.question is not None

    # The desk's replay of the answer shows the round too.
    trainee = sign_in(store, quiz_person(store, sitting_id))
    reviewed = next(r for r in review_sitting(store, trainee, sitting_id)
                    if r.item.skill == ROUND)
    replay = ReplayView()
    qtbot.addWidget(replay)
    replay.show_answer(AnsweredQuestion.of_attempt(reviewed.attempt, "Chan Tai Man"),
                       reviewed.rules)
    assert replay.title.text() == "Mahjong Baccarat: a table round"
    assert level_text(reviewed.attempt) == "Practice"  # the answer log's level column
    assert f"{steps - 1} of {steps} steps right" in replay.situation.text()


def quiz_person(store, sitting_id):
    return connection(store).execute("SELECT person_id FROM exam_sittings WHERE id = ?",
                                     [sitting_id]).fetchone()[0]


def test_a_round_left_for_another_question_keeps_the_steps_given(qtbot, window, store,
                                                                 teacher):
    _exam_of_a_question_and_a_round(store, teacher)
    click(qtbot, open_exams(qtbot, window).go_button)
    quiz = window.quiz
    if quiz.question() is not None:
        click(qtbot, quiz.mode.skip_button)
    page = quiz.pages.currentWidget()
    assert isinstance(page, ExamRound)
    for action in solve(page.table_round.played.round)[:3]:
        do_by_keys(qtbot, page.table_round, action)
    click(qtbot, quiz.mode.skip_button)  # moved on: the three steps are the round's answer
    assert quiz.question() is not None and "1 answered" in quiz.status.text()
    [(answer,)] = connection(store).execute(
        "SELECT answer_json FROM attempts WHERE skill = ?", [ROUND]).fetchall()
    assert answer.count('"action"') == 3


def test_the_preview_plays_a_round_or_passes_it_over(qtbot, window, store, teacher):
    exam = _exam_of_a_question_and_a_round(store, teacher)
    preview = ExamPreview(store, teacher, exam)
    window._run(preview)
    quiz = window.quiz
    for _item in range(2):
        page = quiz.pages.currentWidget()
        if isinstance(page, ExamRound):
            assert page.next_button.isVisible()  # passed over without playing
            assert page.table_round.heading.text() == (
                "Table round: Mahjong Baccarat · Practice")
            click(qtbot, page.next_button)
        else:
            answer_with_keyboard(qtbot, quiz)
            key(qtbot, None, Qt.Key.Key_N)
    assert quiz.question() is None and quiz.pages.currentWidget() is quiz.panel
    assert connection(store).execute("SELECT count(*) FROM attempts").fetchone()[0] == 0


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils draws the PDF")
def test_the_report_pdfs_name_a_round_item_by_its_title(qapp, store, teacher, tmp_path):
    exam = _exam_of_a_question_and_a_round(store, teacher)
    trainee = sign_in(store, add_person(store, "Carla Ho").id)
    sitting = start_sitting(store, trainee, exam.id)
    for item in sitting_items(exam, sitting):
        given = GRADER.answer(item.skill, item.seed, item.difficulty, exam.rules, False)
        stored, correct, score = GRADER.regrade(item.skill, item.seed, item.difficulty,
                                                exam.rules, given)
        answer_exam_item(store, trainee, sitting.id, item.index, stored, given, correct,
                         score, 30_000)
    submit_sitting(store, trainee, sitting.id)
    for person, language, title in ((trainee.person.id, "en", "Mahjong Baccarat: a table"),
                                    (None, "zh_Hant_MO", "麻雀百家樂：整局實習")):
        out = tmp_path / f"{language}.pdf"
        export_report(store, teacher, out, "pdf", person, language)
        text = unicodedata.normalize("NFKC", subprocess.run(  # 麻 drawn as the radical ⿇
            ["pdftotext", str(out), "-"], check=True, timeout=60, capture_output=True,
            text=True).stdout)
        assert unicodedata.normalize("NFKC", title) in text and ROUND not in text, text


def test_when_the_time_runs_out_in_a_round_its_steps_given_count(qtbot, window, store,
                                                                 teacher):
    _exam_of_a_question_and_a_round(store, teacher)
    click(qtbot, open_exams(qtbot, window).go_button)
    quiz = window.quiz
    if quiz.question() is not None:
        click(qtbot, quiz.mode.skip_button)
    screen = quiz.pages.currentWidget().table_round
    steps = len(screen.played.round.steps)
    for action in solve(screen.played.round)[:4]:
        do_by_keys(qtbot, screen, action)
    quiz.mode.deadline = datetime.now(UTC) - timedelta(seconds=1)
    qtbot.waitUntil(lambda: window.pages.currentWidget() is window.exam_result, timeout=3000)
    result = window.exam_result.result
    assert (result.answered, result.correct) == (1, 0)
    assert result.score_percent == (Decimal(400) / steps / 2).quantize(Decimal("0.1"))
    page = window.exam_result
    row = next(r for r in range(page.review.count())
               if "table round" in page.review.item(r).text())
    page.review.setCurrentRow(row)
    assert f"{steps - 4} steps of the round were not played" in page.round_review.text()
    window.switch_language("pt_MO")  # the review follows the language
    assert "Resultado desta jogada: 4 de" in page.round_review.text()
    window.switch_language("en")
