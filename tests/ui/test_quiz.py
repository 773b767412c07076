"""Drive the app like a trainee: pick a profile, answer by mouse and keyboard, switch language."""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontDatabase

import i18n
from questions import Question


def start_quiz(qtbot, window):
    screen = window.start_screen
    qtbot.mouseClick(screen.start_button, Qt.MouseButton.LeftButton)
    assert window.pages.currentWidget() is window.quiz
    return window.quiz


def click_place(qtbot, quiz, place):
    centre = quiz.table.place_rect(place).center()
    qtbot.mouseClick(quiz.table, Qt.MouseButton.LeftButton,
                     pos=QPoint(int(centre.x()), int(centre.y())))


def test_create_a_trainee_from_the_start_screen(qtbot, window, store):
    screen = window.start_screen
    qtbot.keyClicks(screen.new_name, "Ho Ka Man")
    qtbot.mouseClick(screen.add_button, Qt.MouseButton.LeftButton)
    assert "Ho Ka Man" in [p.name for p in store.people()]
    assert screen.people.currentItem().text() == "Ho Ka Man"


def test_an_empty_name_shows_a_message_and_adds_nobody(qtbot, window, store):
    screen = window.start_screen
    qtbot.mouseClick(screen.add_button, Qt.MouseButton.LeftButton)
    assert screen.error.text() == "Type a name."
    assert len(store.people()) == 1


def test_answer_by_clicking_is_graded_and_stored(qtbot, window, store):
    quiz = start_quiz(qtbot, window)
    question = quiz.question()
    right = question.reference_answer()
    click_place(qtbot, quiz, right)
    assert quiz.result.text().startswith("✔")
    assert "Article 2" in quiz.explanation.text()
    [person] = store.people()
    [attempt] = store.attempts(person.id)
    assert attempt.correct and attempt.answer == right
    assert Question.from_json(attempt.question) == question


def test_a_wrong_click_shows_the_right_place_and_why(qtbot, window, store):
    quiz = start_quiz(qtbot, window)
    wrong = quiz.question().reference_answer() % 4 + 1
    click_place(qtbot, quiz, wrong)
    assert quiz.result.text().startswith("✘")
    assert f"Place {quiz.question().reference_answer()}" in quiz.result.text() or \
        "Banker" in quiz.result.text() or "banker" in quiz.result.text()
    [attempt] = store.attempts(store.people()[0].id)
    assert not attempt.correct and attempt.answer == wrong


def test_answer_by_keyboard_then_move_on(qtbot, window, store):
    quiz = start_quiz(qtbot, window)
    first = quiz.question()
    qtbot.keyClick(quiz.table, Qt.Key.Key_1 + first.reference_answer() - 1)
    assert quiz.result.text().startswith("✔")
    qtbot.keyClick(quiz.next_button, Qt.Key.Key_Return)
    second = quiz.question()
    assert second is not first and quiz.feedback.isHidden()
    # Arrow keys walk the places counterclockwise; Enter answers with the highlighted one.
    target = second.reference_answer()
    for _ in range(target - 1):
        qtbot.keyClick(quiz.table, Qt.Key.Key_Right)
    qtbot.keyClick(quiz.table, Qt.Key.Key_Return)
    assert quiz.result.text().startswith("✔")
    assert [a.correct for a in store.attempts(store.people()[0].id)] == [True, True]


def test_a_second_click_does_not_grade_again(qtbot, window, store):
    quiz = start_quiz(qtbot, window)
    click_place(qtbot, quiz, 1)
    click_place(qtbot, quiz, 2)
    assert len(store.attempts(store.people()[0].id)) == 1


def test_attempts_are_found_after_reopening(qtbot, qapp, tmp_path):
    from trainer.progress import Store
    from ui.app import build_window

    path = tmp_path / "reopen.sqlite3"
    with Store(path) as store:
        store.add_person("Ana")
        window = build_window(store, qapp, "en")
        qtbot.addWidget(window)
        quiz = start_quiz(qtbot, window)
        click_place(qtbot, quiz, 3)
        window.close()
    with Store(path) as store:
        [person] = store.people()
        assert len(store.attempts(person.id)) == 1


def test_switching_language_retranslates_the_visible_quiz(qtbot, window, store):
    quiz = start_quiz(qtbot, window)
    assert quiz.next_button.text() == "&Next question ▶"
    prompt_en = quiz.prompt.text()
    window.switch_language("pt_MO")
    assert quiz.next_button.text() == "&Pergunta seguinte ▶"
    assert quiz.prompt.text() != prompt_en and "lugar" in quiz.prompt.text()
    assert window.language_menu.title() == "&Língua"
    window.switch_language("zh_Hant_MO")
    assert quiz.hint.text() == "點選一門，或按 1 至 4。"
    assert store.setting("language") == "zh_Hant_MO"


def test_switching_language_after_answering_retranslates_the_explanation(qtbot, window):
    quiz = start_quiz(qtbot, window)
    click_place(qtbot, quiz, quiz.question().reference_answer())
    window.switch_language("pt_MO")
    assert quiz.result.text() == "✔ Certo."
    assert "artigo 2.º" in quiz.explanation.text()


def test_language_menu_switches(qtbot, window):
    window.language_actions["zh_Hant_MO"].trigger()
    assert i18n.current_language() == "zh_Hant_MO"
    assert window.windowTitle() == "庄荷培訓"


def test_a_chinese_font_is_available():
    families = QFontDatabase.families(QFontDatabase.WritingSystem.TraditionalChinese)
    assert families, "no font can draw Traditional Chinese: install fonts-noto-cjk"


def test_screenshots_in_three_languages(qtbot, window, screenshot_dir):
    """Saved for a person to look at: tests/screenshots/quiz-<language>.png."""
    quiz = start_quiz(qtbot, window)
    for language in i18n.LANGUAGES:
        window.switch_language(language)
        window.open_start()
        assert window.start_screen.grab().save(str(screenshot_dir / f"start-{language}.png"))
        window.open_quiz(window.start_screen.people.currentItem().data(Qt.ItemDataRole.UserRole))
        assert window.grab().save(str(screenshot_dir / f"quiz-{language}.png"))
        click_place(qtbot, quiz, 1)
        assert window.grab().save(str(screenshot_dir / f"quiz-answered-{language}.png"))
