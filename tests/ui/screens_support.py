"""A walk through every screen of the app, as a trainee and then an instructor would go:
the start, home, the set-up pages, a question of every answer form (asked and answered),
self-study, a drill, an exam and its result, the progress charts, and every page of the
instructor desk. ``visit(name)`` is called on each screen, laid out as the event loop would."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from modes_support import FORMS, answer_with_mouse, click, open_home, seed_for, use_seeds
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from questions import AnswerKind
from trainer.progress.exams.sittings import ExamPart, create_exam
from trainer.progress.people.accounts import add_instructor, sign_in

PASSWORD = "correct horse"
#: Every screen the walk visits, in order.
SCREENS = ["start", "home", "practice-setup",
           *(name for kind in AnswerKind for name in (
               ["quiz-amount-asked"] if kind is AnswerKind.AMOUNT else []) + [
               f"quiz-{kind.value}"]), "self-study", "drill-setup",
           "drill-house-way", "exam-list", "exam-question", "exam-result", "progress",
           "rulebook", "rulebook-search", "desk"]
DESK_PAGES = ["trainees", "cohort", "attempts", "exams", "exports", "house_rules", "class_grid",
              "progress"]


def an_exam(store):
    teacher = add_instructor(store, "Mestre Lei", PASSWORD)
    actor = sign_in(store, teacher.id, PASSWORD)
    return create_exam(store, actor, "Dealing checks", [
        ExamPart("thirteen.first_seat", 1, 1), ExamPart("thirteen.payout", 1, 1),
        ExamPart("mahjong.claim", 1, 2)], seed=7, time_limit_s=1800,
        pass_percent=Decimal(80), same_questions=True)


def settle() -> None:
    QApplication.processEvents()  # as the event loop would: lay out, delete what went
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


def walk_every_screen(qtbot, window, store, monkeypatch, visit: Callable[[str], None],
                      desk_pages: bool = False) -> None:
    """Visit every screen (``an_exam`` must have made the exam and its instructor); with
    ``desk_pages``, also every page of the desk as ``desk-<page>``."""

    def shot(name: str) -> None:
        settle()
        visit(name)

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
    click(qtbot, home.buttons["rulebook"])
    shot("rulebook")
    window.rulebook.search_box.setText("banqueiro")
    shot("rulebook-search")
    window.rulebook.search_box.clear()
    click(qtbot, window.rulebook.back_button)
    click(qtbot, home.back_button)

    from ui.desk.desk import InstructorDesk

    [teacher] = [p for p in store.people() if p.role == "instructor"]
    desk = InstructorDesk(store, sign_in(store, teacher.id, PASSWORD))
    window.show_desk(desk)
    shot("desk")
    if desk_pages:
        for name in DESK_PAGES:
            if name == "progress":
                desk.open_progress(next(p for p in store.people() if p.role == "trainee"))
            else:
                desk.open_page(getattr(desk, name))
            shot(f"desk-{name}")
