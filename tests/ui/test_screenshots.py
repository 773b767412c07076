"""Every screen in the three languages at 1280×800 and 1920×1080, saved for a person to look
at: tests/screenshots/app-<size>-<language>-<screen>.png (no clipped text, no boxes for
Chinese, nothing overlapping)."""

from decimal import Decimal

import pytest
from modes_support import FORMS, answer_with_mouse, click, open_home, seed_for, use_seeds
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

import i18n
from questions import AnswerKind
from trainer.progress.exams import ExamPart, create_exam
from trainer.progress.people import add_instructor, sign_in

SIZES = {"1280x800": (1280, 800), "1920x1080": (1920, 1080)}
PASSWORD = "correct horse"


@pytest.fixture
def exam(store):
    teacher = add_instructor(store, "Mestre Lei", PASSWORD)
    actor = sign_in(store, teacher.id, PASSWORD)
    return create_exam(store, actor, "Dealing checks", [
        ExamPart("thirteen.first_seat", 1, 1), ExamPart("thirteen.payout", 1, 1),
        ExamPart("mahjong.claim", 1, 2)], seed=7, time_limit_s=1800,
        pass_percent=Decimal(80))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_screen(qtbot, window, store, exam, screenshot_dir, monkeypatch, language, size):
    window.resize(*SIZES[size])
    window.switch_language(language)
    saved = []

    def shot(name):
        QApplication.processEvents()  # as the event loop would: lay out, delete what went
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
        path = screenshot_dir / f"app-{size}-{language}-{name}.png"
        picture = window.grab()
        assert picture.width() == SIZES[size][0] and picture.save(str(path))
        saved.append(name)

    shot("start")
    home = open_home(qtbot, window)
    shot("home")
    click(qtbot, home.buttons["practice"])
    shot("practice-setup")
    for kind in AnswerKind:
        skill, level, accept = FORMS[kind]
        use_seeds(monkeypatch, seed_for(skill, kind, accept, level))
        window.practice_setup.picker.choose_skills([skill])
        window.practice_setup.picker.level.setCurrentIndex(level - 1)
        click(qtbot, window.practice_setup.start_button)
        if kind is AnswerKind.AMOUNT:
            shot("quiz-amount-asked")
        answer_with_mouse(qtbot, window.quiz)
        shot(f"quiz-{kind.value}")
        click(qtbot, window.quiz.back_button)
        click(qtbot, home.buttons["practice"])
    click(qtbot, window.practice_setup.back_button)

    click(qtbot, home.buttons["self_study"])
    shot("self-study")
    click(qtbot, window.quiz.back_button)

    click(qtbot, home.buttons["drill"])
    window.drill_setup.picker.choose_skills(["thirteen.house_way"])
    shot("drill-setup")
    click(qtbot, window.drill_setup.start_button)
    qtbot.waitUntil(lambda: window.quiz.mode.clock.text() != "", timeout=2000)
    shot("drill-house-way")
    click(qtbot, window.quiz.back_button)

    click(qtbot, home.buttons["exam"])
    shot("exam-list")
    click(qtbot, window.exam_list.go_button)
    answer_with_mouse(qtbot, window.quiz)
    shot("exam-question")
    window.quiz.mode.submit(time_up=True)
    page = window.exam_result
    page.review.setCurrentRow(1)
    shot("exam-result")
    click(qtbot, page.back_button)
    click(qtbot, window.exam_list.back_button)

    click(qtbot, home.buttons["progress"])
    shot("progress")
    click(qtbot, window.progress.back_button)
    click(qtbot, home.back_button)

    from ui.desk.desk import InstructorDesk

    [teacher] = [p for p in store.people() if p.role == "instructor"]
    window.show_desk(InstructorDesk(store, sign_in(store, teacher.id, PASSWORD)))
    shot("desk")
    assert len(saved) == 18
