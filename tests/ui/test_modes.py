"""The trainee's modes driven like a user: home, practice set-up, self-study, drill (the
clock, the streak, the five-minute rule), progress, the desk, and the language."""

import re

import pytest
from modes_support import (
    FORMS,
    answer_with_keyboard,
    answer_with_mouse,
    attempts,
    click,
    key,
    open_home,
    seed_for,
    start_practice,
    use_seeds,
)
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

import questions
from questions import AnswerKind
from trainer.progress import Role
from trainer.progress.house_rules import save_house_rules
from trainer.progress.people.accounts import add_instructor, sign_in
from trainer.rules.house import HouseRules, ThirteenRules


def test_the_home_page_offers_every_mode_by_click_and_by_number(qtbot, window):
    home = open_home(qtbot, window)
    assert "Chan Tai Man" in home.heading.text()
    titles = [button.title.text() for button in home.buttons.values()]
    assert titles == ["Practice", "Self-study", "Drill", "Exam", "My progress", "Rulebook",
                      "Table round"]
    key(qtbot, home, Qt.Key.Key_3)
    assert window.pages.currentWidget() is window.drill_setup
    click(qtbot, window.drill_setup.back_button)
    key(qtbot, home, Qt.Key.Key_6)
    assert window.pages.currentWidget() is window.rulebook
    click(qtbot, window.rulebook.back_button)
    assert window.pages.currentWidget() is home
    click(qtbot, home.buttons["exam"])
    assert window.pages.currentWidget() is window.exam_list
    click(qtbot, window.exam_list.back_button)
    click(qtbot, home.back_button)
    assert window.pages.currentWidget() is window.start_screen


def test_practice_set_up_picks_a_game_its_skills_and_the_level(qtbot, window, store):
    open_home(qtbot, window)
    click(qtbot, window.home.buttons["practice"])
    picker = window.practice_setup.picker
    games = picker.games
    sap = games.findItems("Sap I Chi", Qt.MatchFlag.MatchExactly)[0]
    qtbot.mouseClick(games.viewport(), Qt.MouseButton.LeftButton,
                     pos=games.visualItemRect(sap).center())
    titles = [picker.skills.item(row).text() for row in range(picker.skills.count())]
    assert titles == [str(questions.skill(s).title) for s in questions.skills("sap_i_chi")]
    assert picker.chosen() == questions.skills("sap_i_chi")  # all ticked to begin with
    picker.skills.setFocus()
    for row in range(1, picker.skills.count()):
        picker.skills.setCurrentRow(row)
        key(qtbot, picker.skills, Qt.Key.Key_Space)  # untick every skill but the first
    assert picker.chosen() == ["sap_i_chi.payout"]
    picker.skills.setCurrentRow(0)
    key(qtbot, picker.skills, Qt.Key.Key_Space)
    assert not window.practice_setup.start_button.isEnabled()
    assert window.practice_setup.message.text() == "Tick at least one skill."
    key(qtbot, picker.skills, Qt.Key.Key_Space)
    picker.level.setCurrentIndex(2)
    click(qtbot, window.practice_setup.start_button)
    quiz = window.quiz
    assert quiz.question().skill == "sap_i_chi.payout" and quiz.question().difficulty == 3
    assert quiz.heading.text() == "Practice" and quiz.mode.level.currentData() == 3
    quiz.mode.level.setCurrentIndex(0)  # another level: a new question at once
    assert quiz.question().difficulty == 1
    click(qtbot, quiz.back_button)
    assert window.pages.currentWidget() is window.home


def test_self_study_says_why_it_chose_the_skill(qtbot, window, store):
    open_home(qtbot, window)
    click(qtbot, window.home.buttons["self_study"])
    quiz = window.quiz
    assert quiz.heading.text() == "Self-study"
    first = quiz.question()
    assert first.skill == questions.skills()[0]
    assert "New skill: you have not practised it yet." in quiz.note.text()
    assert quiz.note.isVisible()
    reason_en = quiz.note.text()
    window.switch_language("pt_MO")
    assert quiz.note.text() != reason_en  # the reason follows the language at once
    window.switch_language("en")
    answer_with_keyboard(qtbot, quiz)
    assert quiz.result.text().startswith("✔") and quiz.explanation.text()
    key(qtbot, None, Qt.Key.Key_N)
    assert quiz.question().skill == questions.skills()[1]  # the next new skill
    [attempt] = attempts(store)
    assert attempt.correct and attempt.skill == first.skill


def start_drill(qtbot, window, skill, level=1):
    open_home(qtbot, window)
    click(qtbot, window.home.buttons["drill"])
    setup = window.drill_setup
    setup.picker.choose_skills([skill])
    setup.picker.level.setCurrentIndex(level - 1)
    click(qtbot, setup.start_button)
    return window.quiz


def test_a_drill_shows_the_target_the_streak_and_the_pace(qtbot, window, store, monkeypatch):
    skill, level, accept = FORMS[AnswerKind.CHOICE]
    seed = seed_for(skill, AnswerKind.CHOICE, accept, level)
    use_seeds(monkeypatch, seed, seed, seed)
    quiz = start_drill(qtbot, window, skill, level)
    assert quiz.heading.text() == "Drill"
    assert quiz.panel.skill_title.text() == str(questions.skill(skill).title)
    assert quiz.status.text() == "Streak: 0 · Target: 10 s"
    qtbot.waitUntil(lambda: quiz.mode.clock.text().endswith("of 10 s"), timeout=2000)
    answer_with_mouse(qtbot, quiz)
    assert "Streak: 1" in quiz.status.text() and "1 of 1 right in time" in quiz.status.text()
    key(qtbot, None, Qt.Key.Key_N)
    answer_with_keyboard(qtbot, quiz)
    assert "Streak: 2" in quiz.status.text()
    key(qtbot, None, Qt.Key.Key_N)
    wrong = next(o.value for o in quiz.question().form.options
                 if o.value != quiz.question().reference_answer())
    answer_with_mouse(qtbot, quiz, wrong)
    assert "Streak: 0" in quiz.status.text() and "2 of 3 right in time" in quiz.status.text()
    assert [a.correct for a in attempts(store)] == [True, True, False]
    window.switch_language("pt_MO")
    assert re.search(r"\d,\d s", quiz.status.text())  # the pace in the locale: 1,5 s


def test_setting_the_hand_runs_under_the_five_minute_rule(qtbot, window, store, monkeypatch):
    skill, level, accept = FORMS[AnswerKind.ARRANGEMENT]
    use_seeds(monkeypatch, seed_for(skill, AnswerKind.ARRANGEMENT, accept, level))
    open_home(qtbot, window)
    click(qtbot, window.home.buttons["drill"])
    window.drill_setup.picker.choose_skills([skill])
    assert "five-minute rule" in window.drill_setup.target.text()
    click(qtbot, window.drill_setup.start_button)
    quiz = window.quiz
    qtbot.waitUntil(lambda: quiz.mode.clock.text().startswith("4:5"), timeout=2000)
    assert quiz.mode.clock.text().endswith("left")
    quiz._shown_at -= 5 * 60  # five minutes pass without the hand set
    qtbot.waitUntil(lambda: not quiz.feedback.isHidden(), timeout=2000)
    assert quiz.result.text().startswith("✘ Time is up")
    assert "house way" in quiz.explanation.text()
    [attempt] = attempts(store)
    assert not attempt.correct and attempt.answer is None and attempt.response_ms >= 300_000
    assert not quiz.panel.answer_input.check_button.isEnabled()


@pytest.mark.parametrize(("signal_plays", "last_ms_in_time"), [(False, 299_999),
                                                               (True, 300_999)])
def test_the_drill_rules_a_hand_set_at_the_signal_itself_by_the_house_rules(
        qtbot, window, store, signal_plays, last_ms_in_time):
    # HI-13-SIGNAL: the table clock counts whole seconds; at 5:00 the hand loses unless the
    # house lets a place that finishes at the signal itself play.
    teacher = sign_in(store, add_instructor(store, "Mestre Lei", "a long password").id,
                      "a long password")
    save_house_rules(store, teacher, HouseRules(
        thirteen=ThirteenRules(finished_at_the_signal_plays=signal_plays)))
    open_home(qtbot, window)
    click(qtbot, window.home.buttons["drill"])
    window.drill_setup.picker.choose_skills(["thirteen.house_way"])
    click(qtbot, window.drill_setup.start_button)
    quiz = window.quiz
    quiz.timer.stop()  # the test moves the clock itself
    with qtbot.assertNotEmitted(quiz.mode.timedOut):
        quiz.mode.tick(last_ms_in_time)
    with qtbot.waitSignal(quiz.mode.timedOut, timeout=1000):
        quiz.mode.tick(last_ms_in_time + 1)
    assert quiz.result.text().startswith("✘ Time is up")


def test_my_progress_opens_the_charts_and_goes_back(qtbot, window, store):
    start_practice(qtbot, window, ["thirteen.first_seat"])
    answer_with_mouse(qtbot, window.quiz)
    click(qtbot, window.quiz.back_button)
    click(qtbot, window.home.buttons["progress"])
    view = window.progress
    assert view is not None and window.pages.currentWidget() is view
    assert view.report is not None and view.report.totals.attempts == 1
    click(qtbot, view.back_button)
    assert window.pages.currentWidget() is window.home


def test_the_instructor_desk_asks_for_the_password_first(qtbot, window, store):
    add_instructor(store, "Mestre Lei", "correct horse")
    seen = []

    def sign_in():
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, sign_in)
            return
        seen.append(dialog.windowTitle())
        qtbot.keyClicks(dialog.password, "correct horse")
        click(qtbot, dialog.ok_button)

    QTimer.singleShot(20, sign_in)
    click(qtbot, window.start_screen.desk_button)
    assert seen == ["Instructor desk"]
    desk = window.desk
    assert desk is not None and window.pages.currentWidget() is desk
    assert desk.actor.person.role is Role.INSTRUCTOR
    click(qtbot, desk.sign_out_button)
    assert window.desk is None and window.pages.currentWidget() is window.start_screen
    assert desk.actor.token not in store.signed_in


def test_the_modes_are_one_table_and_a_name_that_is_none_fails_loudly(qtbot, window):
    from ui.modes.home import MODES, Mode

    home = open_home(qtbot, window)
    assert list(home.buttons) == list(MODES) == list(Mode)  # a button per mode, in order
    with pytest.raises(ValueError, match="'lessons' is not a valid Mode"):
        window.open_mode("lessons")
    window.open_mode("rulebook")  # a mode's name still opens it
    assert window.pages.currentWidget() is window.rulebook
