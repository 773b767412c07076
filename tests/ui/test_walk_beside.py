"""The walk (a Mahjong Baccarat table settled in chips) at a school's screens: the place,
its tiles and the chips that pay it are seen together, without scrolling (issue: real
screens). The ways, the tray, the payment and the buttons that settle stand beside the table,
in the column the verdict takes once the table is settled; the keys work there as under it.

Sizes in logical pixels: 1280×800 and 1366×768 at 100 %, 1280×720 (1920×1080 at 150 %,
2560×1440 at 200 %)."""

from __future__ import annotations

import pytest
from answers_support import walk_with_keys
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication

import i18n
from questions.model import jsonable
from tests.ui.modes_support import seed_for, start_practice, use_seeds
from ui.answers.walk import SettlementWalk

WALK = "mahjong_baccarat.settlement_in_chips"
ROOMS = {"1280x800": (1280, 800), "1366x768": (1366, 768), "1280x720": (1280, 720)}
LEVEL = 3


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def seen_part(widget, window) -> QRect:
    """The part of ``widget`` a person sees: inside every scroll area that holds it."""
    shown = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    holder = widget.parentWidget()
    while holder is not None and holder is not window:
        shown &= QRect(holder.mapTo(window, QPoint(0, 0)), holder.size())
        holder = holder.parentWidget()
    return shown


def out_of_sight(widgets, window) -> list[str]:
    return [f"{type(w).__name__} {w.objectName() or getattr(w, 'key', '')!r}"
            for w in widgets if seen_part(w, window).size() != w.size()]


@pytest.fixture
def a_walk(qtbot, window, monkeypatch):
    def start(room: str):
        use_seeds(monkeypatch, seed_for(WALK, difficulty=LEVEL))
        window.resize(*ROOMS[room])
        quiz = start_practice(qtbot, window, [WALK], LEVEL)
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
        settle()
        walk = quiz.panel.answer_input
        assert isinstance(walk, SettlementWalk)
        return quiz, walk
    return start


@pytest.mark.parametrize("room", ROOMS)
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_places_the_table_and_the_chips_are_seen_together(window, a_walk, language, room):
    window.switch_language(language)
    quiz, walk = a_walk(room)
    panel = quiz.panel
    assert panel.beside.isVisible() and panel.beside.widget() is walk.side
    assert panel.body.horizontalScrollBar().maximum() == 0
    assert panel.beside.verticalScrollBar().maximum() == 0, "the side scrolls"
    working = [panel.situation, *walk.place_buttons.values(), *walk.way_buttons.values(),
               walk.tray.tray, walk.tray.payment, walk.tray.change, walk.settle_button,
               walk.undo_button, walk.check_button]
    assert out_of_sight(working, window) == []


def test_the_side_keeps_the_walks_keys_and_gives_way_to_the_verdict(qtbot, window, a_walk):
    quiz, walk = a_walk("1280x800")
    panel = quiz.panel
    table = QRect(panel.situation.mapTo(window, QPoint(0, 0)), panel.situation.size())
    walk_with_keys(qtbot, walk, jsonable(panel.question.reference_answer()))
    settle()
    assert quiz.result.text().startswith("✔")
    assert panel.beside.isHidden() and not panel.feedback.isHidden()
    assert QRect(panel.situation.mapTo(window, QPoint(0, 0)), panel.situation.size()) == table
    assert panel.beside.widget() is walk.side  # taken back only with the next question


def test_a_problem_is_said_beside_the_table_where_enter_was_pressed(qtbot, window, a_walk):
    quiz, walk = a_walk("1280x800")
    walk.settle_button.setFocus()
    walk.settle()
    settle()
    assert walk.problem.isVisible() and "Pick the place" in walk.problem.text()
    assert quiz.panel.beside.isAncestorOf(walk.problem)
    assert out_of_sight([walk.problem], window) == []


def test_the_next_question_clears_the_side_away(qtbot, window, a_walk):
    quiz, walk = a_walk("1280x800")
    side = walk.side
    quiz.panel.clear()
    settle()
    assert quiz.panel.beside.widget() is None and quiz.panel.beside.isHidden()
    assert not side.isVisible()
