"""Drive the quiz like a trainee: pick a profile, answer by mouse and keyboard, move on,
switch language, and keep answers the store refused."""

from modes_support import (
    attempts,
    click,
    click_on_table,
    key,
    seed_for,
    start_practice,
    use_seeds,
)
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase

import i18n
from questions import Question
from trainer.progress import StoreError
from trainer.progress.storage.ledger import add_person, stored_attempts, stored_setting

FIRST_SEAT = "thirteen.first_seat"


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


def test_answer_by_clicking_the_table_is_graded_explained_and_stored(qtbot, window, store):
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    question = quiz.question()
    right = question.reference_answer()
    click_on_table(qtbot, quiz, right)
    assert quiz.result.text().startswith("✔")
    assert "Article 2" in quiz.explanation.text()
    [attempt] = attempts(store)
    assert attempt.correct and attempt.answer == right and attempt.session_id
    assert Question.from_json(attempt.question) == question


def test_a_wrong_answer_shows_the_right_one_and_why(qtbot, window, store):
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    wrong = quiz.question().reference_answer() % 4 + 1
    click_on_table(qtbot, quiz, wrong)
    assert quiz.result.text() == "✘ Not quite."  # one line: the mark and the word
    assert quiz.right_answer.text().startswith("The right answer: Place ")
    assert quiz.right_answer.isVisible() and quiz.explanation.text()
    [attempt] = attempts(store)
    assert not attempt.correct and attempt.answer == wrong


def test_answer_by_keyboard_enter_checks_and_then_enter_or_n_moves_on(qtbot, window, store,
                                                                     monkeypatch):
    seeds = [seed_for(FIRST_SEAT, accept=lambda q, n=n: q.reference_answer() == n)
             for n in (1, 2, 3)]
    use_seeds(monkeypatch, *seeds)
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    first = quiz.question()
    key(qtbot, None, Qt.Key.Key_1)  # the first option: place 1
    assert quiz.result.text().startswith("✔")
    assert quiz.next_keys_hint.isVisible() and "Enter" in quiz.next_keys_hint.text()
    key(qtbot, None, Qt.Key.Key_Return)  # after the verdict, Enter goes on
    second = quiz.question()
    assert second is not first and quiz.feedback.isHidden()
    key(qtbot, None, Qt.Key.Key_Right)  # the arrow keys walk the options; Enter answers
    key(qtbot, None, Qt.Key.Key_Return)
    assert quiz.result.text().startswith("✔") and quiz.question() is second
    key(qtbot, None, Qt.Key.Key_N)  # N goes on as well
    assert quiz.question().reference_answer() == 3 and quiz.feedback.isHidden()
    assert [a.correct for a in attempts(store)] == [True, True]


def test_a_second_answer_is_not_graded_again(qtbot, window, store):
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    click_on_table(qtbot, quiz, 1)
    click_on_table(qtbot, quiz, 2)
    quiz.panel.answer_input.submitted.emit(3)
    assert len(attempts(store)) == 1


def test_an_unreadable_answer_is_said_inline_and_not_recorded(qtbot, window, store):
    quiz = start_practice(qtbot, window, ["thirteen.payout"])
    quiz.panel.answer_input.submitted.emit("twelve patacas")
    control = quiz.panel.answer_input
    assert control.problem.isVisible() and control.problem.text()
    assert quiz.feedback.isHidden() and attempts(store) == []


def test_an_answer_the_store_refuses_is_kept_and_saved_with_the_next(qtbot, window, store,
                                                                     monkeypatch):
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    import ui.modes.base

    real = ui.modes.base.record_answer
    calls = []

    def busy_once(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise StoreError(i18n.Message.of("The progress database is busy."))
        return real(*args, **kwargs)

    monkeypatch.setattr(ui.modes.base, "record_answer", busy_once)
    click_on_table(qtbot, quiz, 1)
    assert "kept and will be saved with the next one" in quiz.warning.text()
    assert attempts(store) == []
    click(qtbot, quiz.next_button)
    click_on_table(qtbot, quiz, 2)
    assert len(attempts(store)) == 2 and quiz.warning.isHidden()


def test_attempts_are_found_after_reopening(qtbot, qapp, tmp_path):
    from trainer.progress import Store
    from ui.app import build_window

    path = tmp_path / "reopen.sqlite3"
    with Store(path) as store:
        add_person(store, "Ana")
        window = build_window(store, qapp, "en")
        qtbot.addWidget(window)
        window.show()
        quiz = start_practice(qtbot, window, [FIRST_SEAT])
        click_on_table(qtbot, quiz, 3)
        window.close()
    with Store(path) as store:
        [person] = store.people()
        assert len(stored_attempts(store, person.id)) == 1


def test_switching_language_retranslates_the_question_on_screen(qtbot, window, store):
    quiz = start_practice(qtbot, window, ["thirteen.payout"])
    assert quiz.next_button.text() == "&Next question ▶"
    prompt_en, title_en = quiz.prompt.text(), quiz.panel.skill_title.text()
    control = quiz.panel.answer_input
    window.switch_language("pt_MO")
    assert quiz.next_button.text() == "&Pergunta seguinte ▶"
    assert quiz.prompt.text() != prompt_en and quiz.panel.skill_title.text() != title_en
    assert "MOP$" in quiz.prompt.text() and "," in quiz.prompt.text()
    assert "234,50" in control.edit.placeholderText()  # the control, in the locale too
    assert window.language_menu.title() == "&Língua"
    window.switch_language("zh_Hant_MO")
    assert stored_setting(store, "language") == "zh_Hant_MO"
    assert quiz.prompt.text() != prompt_en


def test_switching_language_after_answering_retranslates_the_explanation(qtbot, window):
    quiz = start_practice(qtbot, window, [FIRST_SEAT])
    click_on_table(qtbot, quiz, quiz.question().reference_answer())
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
